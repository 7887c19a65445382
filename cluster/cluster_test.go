package cluster

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/arena-classroom/arena/catalog"
	"github.com/arena-classroom/arena/cluster/clustertest"
	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/internal/codes"
	"github.com/arena-classroom/arena/internal/until"
	"github.com/arena-classroom/arena/roomdir"
	"github.com/arena-classroom/arena/rooms"
	"github.com/arena-classroom/arena/timebank"
)

// memLetters hands out letters in memory: the nodes of one test process.
type memLetters struct {
	mu     sync.Mutex
	holder map[string]string // letter → node
}

func (l *memLetters) Take(_ context.Context, node string) (string, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	for _, c := range codes.Alphabet {
		if _, taken := l.holder[string(c)]; !taken {
			l.holder[string(c)] = node
			return string(c), nil
		}
	}
	return "", errors.New("no letter left")
}

func (l *memLetters) Renew(_ context.Context, node, letter string) (bool, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.holder[letter] == node, nil
}

func (l *memLetters) Release(_ context.Context, node, letter string) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.holder[letter] == node {
		delete(l.holder, letter)
	}
	return nil
}

type testNode struct {
	*Node
	hub *rooms.Hub
	dir roomdir.Directory
}

// startCluster runs a NATS server and n nodes, each with its own hub ticking in real time.
func startCluster(t *testing.T, names ...string) (*clustertest.Bus, []*testNode) {
	return startClusterWith(t, nil, names...)
}

// startClusterWith runs the nodes named in manual on a hub nobody ticks but the test, on
// the clock given.
func startClusterWith(t *testing.T, manual map[string]func() time.Time, names ...string) (*clustertest.Bus, []*testNode) {
	t.Helper()
	bus := clustertest.Start(t, names...)
	letters := &memLetters{holder: map[string]string{}}
	var nodes []*testNode
	for _, name := range names {
		nodes = append(nodes, startNode(t, bus, letters, name, 5*time.Second, manual[name]))
	}
	heardByAll(t, nodes)
	return bus, nodes
}

// startNode starts node name on bus, its hub on the clock now (nil: the wall's, and running).
func startNode(t *testing.T, bus *clustertest.Bus, letters Letters, name string, silence time.Duration, now func() time.Time) *testNode {
	t.Helper()
	return startNodeWith(t, bus, letters, Config{Name: name, Silence: silence}, now)
}

// startNodeWith starts the node cfg names on bus (its URL, key, letters and heartbeat are
// the tests').
func startNodeWith(t *testing.T, bus *clustertest.Bus, letters Letters, cfg Config, now func() time.Time) *testNode {
	t.Helper()
	cfg.URL, cfg.Key, cfg.Letters, cfg.Heartbeat = bus.ClientURL(), bus.Key(t, cfg.Name), letters, 100*time.Millisecond
	n, err := Join(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	hub := rooms.NewHub(rooms.Config{TickHz: 100, Codes: n.Codes(), BotPace: -1, Now: now})
	ctx, cancel := context.WithCancel(context.Background())
	if now == nil {
		go hub.Run(ctx)
	}
	if err := n.Serve(hub); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { n.Close(); cancel() })
	return &testNode{Node: n, hub: hub, dir: n.Directory()}
}

// heardByAll waits until every node has heard of every other.
func heardByAll(t *testing.T, nodes []*testNode) {
	t.Helper()
	for _, n := range nodes {
		until.True(t, 10*time.Second, n.Name()+" hears of the others", func() bool {
			n.mu.Lock()
			defer n.mu.Unlock()
			return len(n.peers) == len(nodes)-1
		})
	}
}

func sevenColors(t *testing.T) catalog.Entry {
	t.Helper()
	e, ok := catalog.Get("sevencolors")
	if !ok {
		t.Fatal("no 7 Colors in the catalog")
	}
	return e
}

// latest drains mb and returns the newest snapshot seen (or last if none came).
func latest(mb *rooms.Mailbox, last *rooms.Snapshot) *rooms.Snapshot {
	for {
		select {
		case s := <-mb.C():
			last = s
		default:
			return last
		}
	}
}

// TestPeopleOnTwoNodesPlayARoomOfAThirdWithASpectator is the first scene: a person on
// node A and a person on node C play one game in a room owned by node B, watched from C.
func TestPeopleOnTwoNodesPlayARoomOfAThirdWithASpectator(t *testing.T) {
	_, nodes := startCluster(t, "a", "b", "c")
	a, b, c := nodes[0], nodes[1], nodes[2]
	owned, err := b.dir.Create(rooms.Spec{Game: sevenColors(t).Entry, Config: games.Config{"size": 6}, Seed: 11,
		Seats: []rooms.Seat{{Kind: rooms.Human, Name: "alice", UserID: "key:alice"}, {Kind: rooms.Open}}})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(strings.ToUpper(owned.ID()), b.Letter()) {
		t.Fatalf("room id %q does not begin with its node's letter %s", owned.ID(), b.Letter())
	}
	until.True(t, 10*time.Second, "the room in C's list", func() bool {
		return slices.ContainsFunc(c.dir.List(), func(i rooms.Info) bool { return i.ID == owned.ID() })
	})

	onA, ok := a.dir.Find(owned.ID())
	if !ok {
		t.Fatal("A does not find B's room")
	}
	mbAlice := rooms.NewMailbox()
	if seat, _, err := onA.Attach(t.Context(), "key:alice", mbAlice); err != nil || seat != 0 {
		t.Fatalf("alice attached on A to seat %d (%v), want 0", seat, err)
	}
	onC, ok := c.dir.Find(strings.ToUpper(owned.ID()))
	if !ok {
		t.Fatal("C does not find B's room")
	}
	if seat, err := onC.Join(t.Context(), "key:bob", "bob"); err != nil || seat != 1 {
		t.Fatalf("bob joins from C: seat %d, %v", seat, err)
	}
	mbBob, mbSpec := rooms.NewMailbox(), rooms.NewMailbox()
	if seat, _, err := onC.Attach(t.Context(), "key:bob", mbBob); err != nil || seat != 1 {
		t.Fatalf("bob attached on C to seat %d (%v), want 1", seat, err)
	}
	if seat, snap, err := onC.Attach(t.Context(), "key:carol", mbSpec); err != nil || seat != -1 || snap == nil {
		t.Fatalf("carol attached on C to seat %d (snapshot %v, %v), want a spectator", seat, snap != nil, err)
	}
	until.True(t, 10*time.Second, "the owner counts carol as a spectator", func() bool {
		return owned.Info().Spectators == 1
	})

	players := map[int]roomdir.Room{0: onA, 1: onC}
	users := map[int]string{0: "key:alice", 1: "key:bob"}
	boxes := map[int]*rooms.Mailbox{0: mbAlice, 1: mbBob}
	var seen [2]*rooms.Snapshot
	moves := 0
	until.Seen(t, 60*time.Second, "the game played to its end across the nodes", func() (string, bool) {
		snap := snapshotOf(t, owned)
		if snap.Status == rooms.Finished {
			return "finished", true
		}
		if snap.Status != rooms.Playing || snap.ToMove < 0 || snap.Moves != moves {
			return fmt.Sprintf("%s, %d moves", snap.Status, snap.Moves), false
		}
		seat := snap.ToMove
		// The mover's own node shows the position before they move.
		seen[seat] = latest(boxes[seat], seen[seat])
		if seen[seat] == nil || seen[seat].State == nil || seen[seat].Moves != snap.Moves {
			return fmt.Sprintf("seat %d's node shows move %d of %d", seat, movesOf(seen[seat]), snap.Moves), false
		}
		legal := seen[seat].State.Legal(seat)
		if err := players[seat].Submit(t.Context(), users[seat], seat, legal[moves%len(legal)]); err != nil {
			t.Fatalf("move %d by seat %d: %v", moves, seat, err)
		}
		moves++
		return fmt.Sprintf("%d moves", moves), false
	})

	final := snapshotOf(t, owned)
	var spec *rooms.Snapshot
	until.Seen(t, 10*time.Second, "the spectator on C sees the end", func() (string, bool) {
		spec = latest(mbSpec, spec)
		return fmt.Sprintf("%d moves", movesOf(spec)), spec != nil && spec.Status == rooms.Finished
	})
	if got, want := spec.Board(games.Palette(0)), final.Board(games.Palette(0)); got != want {
		t.Fatalf("C shows another board than B:\n%s\nB:\n%s", got, want)
	}
	if fmt.Sprint(spec.Outcome) != fmt.Sprint(final.Outcome) || spec.Moves != final.Moves {
		t.Fatalf("C shows %v after %d moves, B %v after %d", spec.Outcome, spec.Moves, final.Outcome, final.Moves)
	}
	if a.stats.framesIn.Load() == 0 || b.stats.framesOut.Load() == 0 {
		t.Fatalf("frames: %d in on A, %d out of B", a.stats.framesIn.Load(), b.stats.framesOut.Load())
	}

	// Leaving: the owner forgets the spectator, and C stops receiving the room.
	if err := onC.Detach(t.Context(), mbSpec); err != nil {
		t.Fatalf("carol leaves from C: %v", err)
	}
	until.True(t, 10*time.Second, "the owner no longer counts carol", func() bool { return owned.Info().Spectators == 0 })
}

func movesOf(s *rooms.Snapshot) int {
	if s == nil {
		return -1
	}
	return s.Moves
}

// TestAPrivateCodeMadeOnOneNodeIsJoinedFromAnother: codes carry their node's letter, so they
// never collide and any node finds the owner.
func TestAPrivateCodeMadeOnOneNodeIsJoinedFromAnother(t *testing.T) {
	_, nodes := startCluster(t, "a", "b", "c")
	a, c := nodes[0], nodes[2]
	r, err := a.dir.Create(rooms.Spec{Game: sevenColors(t).Entry, Private: true,
		Seats: []rooms.Seat{{Kind: rooms.Human, Name: "alice", UserID: "key:alice"}, {Kind: rooms.Open}}})
	if err != nil {
		t.Fatal(err)
	}
	if r.Code() == "" || r.Code()[:1] != a.Letter() {
		t.Fatalf("join code %q does not begin with A's letter %s", r.Code(), a.Letter())
	}
	found, ok := c.dir.Find(strings.ToLower(r.Code()))
	if !ok {
		t.Fatal("C does not find A's private room by its code")
	}
	if seat, err := found.Join(t.Context(), "key:bob", "bob"); err != nil || seat != 1 {
		t.Fatalf("bob joins from C: seat %d, %v", seat, err)
	}
	if _, err := found.Join(t.Context(), "key:dan", "dan"); !errors.Is(err, rooms.ErrRoomFull) {
		t.Fatalf("a third player is told %v, want ErrRoomFull across the bus", err)
	}
	if _, ok := c.dir.Find(a.Letter() + "ZZZZ"); ok {
		t.Fatal("C finds a code nobody made")
	}
}

// TestANodeThatFallsSilentIsForgotten: its rooms leave the others' lists and the rooms they
// showed close with a sentence.
// A node that joins hears of the others at once: each greets a node it hears of for the
// first time, rather than let it wait for its next heartbeat (here an hour away).
func TestANodeThatJoinsHearsOfTheOthersAtOnce(t *testing.T) {
	bus := clustertest.Start(t, "a", "b")
	letters := &memLetters{holder: map[string]string{}}
	join := func(name string) *Node {
		n, err := Join(context.Background(), Config{URL: bus.ClientURL(), Key: bus.Key(t, name), Letters: letters,
			Name: name, Heartbeat: time.Hour, Silence: 2 * time.Hour})
		if err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithCancel(context.Background())
		hub := rooms.NewHub(rooms.Config{TickHz: 100, Codes: n.Codes()})
		go hub.Run(ctx)
		if err := n.Serve(hub); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { n.Close(); cancel() })
		return n
	}
	a := join("a")
	b := join("b") // a's only announce so far went out before b listened
	until.True(t, 10*time.Second, "b hearing of a", func() bool { return b.Knows("a") })
	until.True(t, 10*time.Second, "a hearing of b", func() bool { return a.Knows("b") })
}

func TestANodeThatFallsSilentIsForgotten(t *testing.T) {
	_, nodes := startCluster(t, "a", "b")
	a, b := nodes[0], nodes[1]
	r, err := b.dir.Create(rooms.Spec{Game: sevenColors(t).Entry, Seed: 3,
		Seats: []rooms.Seat{{Kind: rooms.HouseBot, BotName: "greedy"}, {Kind: rooms.Open}}})
	if err != nil {
		t.Fatal(err)
	}
	until.True(t, 10*time.Second, "B's room in A's list", func() bool {
		return slices.ContainsFunc(a.dir.List(), func(i rooms.Info) bool { return i.ID == r.ID() })
	})
	onA, ok := a.dir.Find(r.ID())
	if !ok {
		t.Fatal("A does not find B's room")
	}
	mb := rooms.NewMailbox()
	if _, _, err := onA.Attach(t.Context(), "", mb); err != nil {
		t.Fatalf("attach on A: %v", err)
	}
	// B dies: its bus connection closes with no goodbye.
	b.bus.Abandon()
	var last *rooms.Snapshot
	until.Seen(t, 15*time.Second, "A closes the room of the silent node", func() (string, bool) {
		last = latest(mb, last)
		if last == nil {
			return "nothing", false
		}
		return string(last.Status) + " " + last.Error, last.Status == rooms.Closed && last.Error != ""
	})
	if slices.ContainsFunc(a.dir.List(), func(i rooms.Info) bool { return i.ID == r.ID() }) {
		t.Fatal("A still lists the room of a node that died")
	}
}

// clock is a settable time for a hub the test ticks.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *clock) Add(d time.Duration) time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
	return c.t
}

// TestARealTimeRoomLooksTheSameOnAnotherNode: a Perfect Aim game on B, watched from A, frame
// by frame: A plays the moves on at their instants and runs the clock to B's, and draws the
// same board as B at every frame.
func TestARealTimeRoomLooksTheSameOnAnotherNode(t *testing.T) {
	clk := &clock{t: time.Date(2026, 1, 1, 9, 0, 0, 0, time.UTC)}
	_, nodes := startClusterWith(t, map[string]func() time.Time{"b": clk.Now}, "a", "b")
	a, b := nodes[0], nodes[1]
	pa, ok := catalog.Get("perfectaim")
	if !ok {
		t.Fatal("no Perfect Aim in the catalog")
	}
	owned, err := b.dir.Create(rooms.Spec{Game: pa.Entry, Seed: 5, Seats: []rooms.Seat{
		{Kind: rooms.HouseBot, BotName: "zidane"}, {Kind: rooms.HouseBot, BotName: "zidane"}}})
	if err != nil {
		t.Fatal(err)
	}
	onA, ok := a.dir.Find(owned.ID())
	if !ok {
		t.Fatal("A does not find B's room")
	}
	mb := rooms.NewMailbox()
	if _, _, err := onA.Attach(t.Context(), "", mb); err != nil {
		t.Fatalf("attach on A: %v", err)
	}
	var shown *rooms.Snapshot
	compared := 0
	for tick := 0; tick < 1200; tick++ {
		b.hub.Tick(clk.Add(50 * time.Millisecond))
		b.hub.WaitThinking()
		want := snapshotOf(t, owned)
		until.Seen(t, 10*time.Second, "A shows B's latest frame", func() (string, bool) {
			shown = latest(mb, shown)
			return fmt.Sprintf("version %d of %d", shown.Version, want.Version), shown.Version >= want.Version
		})
		if shown.Version != want.Version {
			continue // B published again meanwhile
		}
		if got, w := shown.Board(games.Palette(0)), want.Board(games.Palette(0)); got != w {
			t.Fatalf("tick %d, move %d: A draws\n%s\nB draws\n%s", tick, want.Moves, got, w)
		}
		compared++
		if want.Status != rooms.Playing {
			break
		}
	}
	t.Logf("%d frames compared over %d moves, %s", compared, shown.Moves, shown.Status)
	if compared < 50 || shown.Moves == 0 {
		t.Fatalf("only %d frames compared, %d moves", compared, shown.Moves)
	}
}

// program is a rooms.Controller that plays the first legal action, as a program would: from
// a goroutine of its own, never under the room's lock.
type program struct {
	mu      sync.Mutex
	turns   int
	refused []int // turns whose answer the room refused (late: past the program's clock)
	match   string
	outcome *games.Outcome
	ended   chan struct{}
}

func (p *program) Start(r rooms.Seated, _ int, _ games.State) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.match = r.MatchID()
}

func (p *program) Turn(r rooms.Seated, seat, turn int, st games.State, _, _ time.Duration) {
	legal := st.Legal(seat)
	p.mu.Lock()
	p.turns++
	p.mu.Unlock()
	go func() {
		// Recorded, not a panic: a goroutine's panic would end every test of the package
		// after this one's end (the test checks the list).
		if !r.Answer(seat, turn, legal[0]) {
			p.mu.Lock()
			p.refused = append(p.refused, turn)
			p.mu.Unlock()
		}
	}()
}

func (p *program) Refused(rooms.Seated, int, int, error, games.Action) {}

func (p *program) End(_ rooms.Seated, _ int, o *games.Outcome) {
	p.mu.Lock()
	p.outcome = o
	p.mu.Unlock()
	close(p.ended)
}

// TestAProgramOnOneNodePlaysARoomOfAnother: its seat's turns go to its node, its answers to
// the room's; the game ends for it with the room's outcome.
func TestAProgramOnOneNodePlaysARoomOfAnother(t *testing.T) {
	_, nodes := startCluster(t, "a", "b")
	a, b := nodes[0], nodes[1]
	p := &program{ended: make(chan struct{})}
	// A clock a loaded machine cannot exhaust: the test is about the bus, not the program's
	// speed (with the hub's 500 ms a move, a round trip slowed by a busy CI machine timed out
	// a turn, and the late answer was refused).
	r, err := a.CreateOn("b", rooms.Spec{Game: sevenColors(t).Entry, Config: games.Config{"size": 8}, Seed: 9,
		Unpaced: true, Fast: true, Clock: timebank.Rules{Move: 10 * time.Second, Bank: time.Minute, MaxStrikes: 3}, Seats: []rooms.Seat{
			{Kind: rooms.Remote, Name: "prog", UserID: "key:prog", Controller: p},
			{Kind: rooms.HouseBot, BotName: "greedy"}}})
	if err != nil {
		t.Fatal(err)
	}
	owned, ok := b.hub.Find(r.ID())
	if !ok {
		t.Fatalf("room %s is not on B", r.ID())
	}
	select {
	case <-p.ended:
	case <-time.After(30 * time.Second):
		t.Fatalf("the game did not end for the program; the room: %+v", owned.Info())
	}
	final := owned.Snapshot()
	if final.Status != rooms.Finished || p.outcome == nil || fmt.Sprint(*p.outcome) != fmt.Sprint(*final.Outcome) {
		t.Fatalf("the program heard %v, the room ended %s with %v", p.outcome, final.Status, final.Outcome)
	}
	p.mu.Lock()
	refused := p.refused
	p.mu.Unlock()
	if len(refused) > 0 {
		t.Fatalf("the room refused the program's answers to turns %v", refused)
	}
	if p.match == "" || p.match != final.MatchID {
		t.Fatalf("the program was told match %q, the room plays %q", p.match, final.MatchID)
	}
	for _, m := range owned.Replay().Moves {
		if m.Default {
			t.Fatalf("move %+v was a default: an answer was lost on the bus", m)
		}
	}
	if final.Seats[0].Kind != rooms.Remote {
		t.Fatalf("the program's seat is %v at the end", final.Seats[0].Kind)
	}
}

// A program whose controller was registered without a room (a ticket: quick match, a
// tournament) and then seated in a room of another node is told its game is over when that
// node dies: it is free for its next game (it used to wait for ever, and every later game
// of it was a forfeit).
// A node killed and started again under its name before the others forget it (a
// supervisor restarting it within seconds): the programs of another node seated in its
// rooms hear at once that their game is over, for their next; the silence that would make
// the others forget it (a minute here) is never waited for.
func TestAProgramHearsOfItsRoomsNodeRestarting(t *testing.T) {
	bus := clustertest.Start(t, "a", "b")
	letters := &memLetters{holder: map[string]string{}}
	a, b := startNode(t, bus, letters, "a", time.Minute, nil), startNode(t, bus, letters, "b", time.Minute, nil)
	heardByAll(t, []*testNode{a, b})
	p := seatProgramOf(t, a, b)
	b.Abandon() // killed
	startNode(t, bus, letters, "b", time.Minute, nil)
	select {
	case <-p.ended:
	case <-time.After(30 * time.Second):
		t.Fatal("the program was never told that its room's node restarted")
	}
}

// seatProgramOf seats a program of node a in a 7 Colors room of node b, registered as a
// ticket's is (the room's node not known yet), and waits until it hears of its game.
func seatProgramOf(t *testing.T, a, b *testNode) *thinking {
	t.Helper()
	p := &thinking{started: make(chan struct{}), ended: make(chan struct{})}
	id := a.seats.Register(p, "")
	_, err := b.dir.Create(rooms.Spec{Game: sevenColors(t).Entry, Config: games.Config{"size": 8}, Seed: 9,
		Seats: []rooms.Seat{
			{Kind: rooms.Remote, Name: "prog", UserID: "key:prog", Controller: b.seats.Controller("a", id)},
			{Kind: rooms.HouseBot, BotName: "greedy"}}})
	if err != nil {
		t.Fatal(err)
	}
	select {
	case <-p.started:
	case <-time.After(10 * time.Second):
		t.Fatal("the program never heard of its game")
	}
	return p
}

func TestAProgramSeatedFromATicketHearsOfItsRoomsNodeDying(t *testing.T) {
	_, nodes := startCluster(t, "a", "b")
	a, b := nodes[0], nodes[1]
	p := seatProgramOf(t, a, b)
	b.bus.Abandon() // B dies mid-game
	select {
	case <-p.ended:
	case <-time.After(20 * time.Second):
		t.Fatal("the program was never told that its room's node died")
	}
}

// thinking is a program that never answers: its game lasts until something ends it.
type thinking struct {
	startOnce, endOnce sync.Once
	started, ended     chan struct{}
}

func (p *thinking) Start(rooms.Seated, int, games.State) { p.startOnce.Do(func() { close(p.started) }) }
func (p *thinking) Turn(rooms.Seated, int, int, games.State, time.Duration, time.Duration) {
	p.startOnce.Do(func() { close(p.started) })
}
func (p *thinking) Refused(rooms.Seated, int, int, error, games.Action) {}
func (p *thinking) End(rooms.Seated, int, *games.Outcome)               { p.endOnce.Do(func() { close(p.ended) }) }

// snapshotOf is r's snapshot now; the test fails when it cannot be had.
func snapshotOf(t testing.TB, r roomdir.Room) *rooms.Snapshot {
	t.Helper()
	s, err := r.Snapshot(t.Context())
	if err != nil {
		t.Fatalf("snapshot of room %s: %v", r.ID(), err)
	}
	return s
}
