package cluster

import (
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/arena-classroom/arena/cluster/clustertest"
	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/internal/until"
	"github.com/arena-classroom/arena/roomdir"
	"github.com/arena-classroom/arena/rooms"
	"github.com/arena-classroom/arena/timebank"
)

// The bus restarts (an operator restarting `arena nats`, a network blip) under a game
// between people on two nodes, watched from a third: no move is lost, nobody is ejected,
// and every node shows the same board at the end. Moves are made while the bus is down.
func TestAGameBetweenNodesRidesOutABusRestart(t *testing.T) {
	for _, down := range []time.Duration{2 * time.Second, 8 * time.Second} {
		t.Run(down.String(), func(t *testing.T) { rideOutRestart(t, down) })
	}
}

func rideOutRestart(t *testing.T, down time.Duration) {
	bus, nodes := startCluster(t, "a", "b", "c")
	a, b, c := nodes[0], nodes[1], nodes[2]
	// The room is a's, alice plays on a, bob on c, carol watches on b.
	owned, err := a.hub.Create(rooms.Spec{Game: sevenColors(t).Entry, Config: games.Config{"size": 8}, Seed: 5,
		Seats: []rooms.Seat{{Kind: rooms.Human, Name: "alice", UserID: "key:alice"}, {Kind: rooms.Open}}})
	if err != nil {
		t.Fatal(err)
	}
	until.True(t, 10*time.Second, "the room in C's list", func() bool {
		return slices.ContainsFunc(c.dir.List(), func(i rooms.Info) bool { return i.ID == owned.ID() })
	})
	onA, _ := a.dir.Find(owned.ID())
	onC, _ := c.dir.Find(owned.ID())
	spectator, _ := b.dir.Find(owned.ID())
	if onA == nil || onC == nil || spectator == nil {
		t.Fatal("a node does not find the room")
	}
	mbAlice, mbBob, mbSpec := rooms.NewMailbox(), rooms.NewMailbox(), rooms.NewMailbox()
	if seat, _, err := onA.Attach(t.Context(), "key:alice", mbAlice); err != nil || seat != 0 {
		t.Fatalf("alice attached on A to seat %d (%v)", seat, err)
	}
	if seat, err := onC.Join(t.Context(), "key:bob", "bob"); err != nil || seat != 1 {
		t.Fatalf("bob joins from C: seat %d, %v", seat, err)
	}
	if seat, _, err := onC.Attach(t.Context(), "key:bob", mbBob); err != nil || seat != 1 {
		t.Fatalf("bob attached on C to seat %d (%v)", seat, err)
	}
	if seat, _, err := spectator.Attach(t.Context(), "key:carol", mbSpec); err != nil || seat != -1 {
		t.Fatalf("carol attached on B to seat %d (%v)", seat, err)
	}

	players := map[int]roomdir.Room{0: onA, 1: onC}
	users := map[int]string{0: "key:alice", 1: "key:bob"}
	boxes := map[int]*rooms.Mailbox{0: mbAlice, 1: mbBob}
	var seen [2]*rooms.Snapshot
	closedOn := map[*rooms.Mailbox]bool{}
	// look drains mb as latest does, remembering any picture of the room closed: a screen
	// shown one goes back to the lobby (ejected).
	look := func(mb *rooms.Mailbox, last *rooms.Snapshot) *rooms.Snapshot {
		for {
			select {
			case s := <-mb.C():
				closedOn[mb] = closedOn[mb] || s.Status == rooms.Closed
				last = s
			default:
				return last
			}
		}
	}
	moves, outages := 0, 0
	var sawReconnecting bool
	until.Seen(t, 120*time.Second, "the game played to its end through the outages", func() (string, bool) {
		snap := owned.Snapshot()
		if snap.Status == rooms.Finished {
			return "finished", true
		}
		if snap.Status != rooms.Playing || snap.ToMove < 0 || snap.Moves != moves {
			return fmt.Sprintf("%s, %d moves (%d made), %d to move, seats %+v", snap.Status, snap.Moves, moves, snap.ToMove, snap.Seats), false
		}
		seat := snap.ToMove
		seen[seat] = look(boxes[seat], seen[seat])
		look(mbSpec, nil)
		if seen[seat] == nil || seen[seat].State == nil || seen[seat].Moves != snap.Moves {
			return fmt.Sprintf("seat %d's node shows move %d of %d", seat, movesOf(seen[seat]), snap.Moves), false
		}
		legal := seen[seat].State.Legal(seat)
		move := legal[moves%len(legal)]
		if moves == 6 || moves == 13 { // alice (on A), then bob (on C), move while the bus is down
			outages++
			bus.Stop()
			until.True(t, 10*time.Second, "C's screen saying it reconnects", func() bool {
				seen[1] = look(mbBob, seen[1])
				return seen[1] != nil && strings.Contains(seen[1].Notice, "reconnecting")
			})
			sawReconnecting = true
			restarted := make(chan struct{})
			go func() {
				defer close(restarted)
				time.Sleep(down) // the outage itself, not a wait for an outcome
				bus.Restart(t)
			}()
			if err := players[seat].Submit(t.Context(), users[seat], seat, move); err != nil {
				t.Fatalf("move %d by seat %d, made while the bus was down: %v", moves, seat, err)
			}
			<-restarted
		} else if err := players[seat].Submit(t.Context(), users[seat], seat, move); err != nil {
			t.Fatalf("move %d by seat %d: %v", moves, seat, err)
		}
		moves++
		return fmt.Sprintf("%d moves", moves), false
	})
	if outages != 2 || !sawReconnecting {
		t.Fatalf("the game ended after %d outages (wanted 2)", outages)
	}
	final := owned.Snapshot()
	for _, s := range final.Seats {
		if s.Kind != rooms.Human || s.Takeover != nil {
			t.Fatalf("seat %s is %v at the end (taken over: %v): someone was ejected", s.Name, s.Kind, s.Takeover != nil)
		}
	}
	for _, m := range owned.Replay().Moves {
		if m.Default {
			t.Fatalf("move %+v was a default: a move was lost", m)
		}
	}
	for name, mb := range map[string]*rooms.Mailbox{"alice on A": mbAlice, "bob on C": mbBob, "carol on B": mbSpec} {
		var last *rooms.Snapshot
		until.Seen(t, 15*time.Second, name+" seeing the end", func() (string, bool) {
			last = look(mb, last)
			return fmt.Sprintf("%d moves", movesOf(last)), last != nil && last.Status == rooms.Finished
		})
		if closedOn[mb] {
			t.Fatalf("%s was shown the room closed: ejected", name)
		}
		if got, want := last.Board(games.Palette(0)), final.Board(games.Palette(0)); got != want || last.Notice != "" {
			t.Fatalf("%s shows another board than the owner (notice %q):\n%s\nowner:\n%s", name, last.Notice, got, want)
		}
	}
	for _, n := range nodes {
		if got := n.Stats().Nodes; got != 3 {
			t.Fatalf("%s hears %d nodes after the outages", n.Name(), got)
		}
	}
}

// relay is a program whose turns the test answers, so that it can answer one while the
// bus is down.
type relay struct {
	turns chan relayTurn
	mu    sync.Mutex
	ends  []*games.Outcome
	bad   []string // what should never happen: a refused answer, a turn twice
	last  int
}

type relayTurn struct {
	r          rooms.Seated
	seat, turn int
	legal      []games.Action
}

func (p *relay) Start(rooms.Seated, int, games.State) {}
func (p *relay) Turn(r rooms.Seated, seat, turn int, st games.State, _, _ time.Duration) {
	p.mu.Lock()
	if turn <= p.last {
		p.bad = append(p.bad, fmt.Sprintf("turn %d told again", turn))
	}
	p.last = turn
	p.mu.Unlock()
	p.turns <- relayTurn{r, seat, turn, st.Legal(seat)}
}
func (p *relay) Refused(_ rooms.Seated, _ int, turn int, err error, _ games.Action) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.bad = append(p.bad, fmt.Sprintf("turn %d refused: %v", turn, err))
}
func (p *relay) End(_ rooms.Seated, _ int, o *games.Outcome) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.ends = append(p.ends, o)
}

// Programs connected to one node play a room of another through bus restarts: their turns
// reach them, their answers reach the room, their clocks (half a second a move) wait while
// the bus is down, and the game ends for each once.
func TestProgramsOnAnotherNodeRideOutABusRestart(t *testing.T) {
	for _, down := range []time.Duration{2 * time.Second, 8 * time.Second} {
		t.Run(down.String(), func(t *testing.T) {
			bus, nodes := startCluster(t, "a", "b")
			a, b := nodes[0], nodes[1]
			turns := make(chan relayTurn, 16)
			progs := []*relay{{turns: turns}, {turns: turns}}
			var seats []rooms.Seat
			for i, p := range progs {
				id := b.seats.Register(p, "a")
				seats = append(seats, rooms.Seat{Kind: rooms.Remote, Name: fmt.Sprint("prog", i), UserID: fmt.Sprint("key:prog", i),
					Controller: a.seats.Controller("b", id)})
			}
			r, err := a.hub.Create(rooms.Spec{Game: sevenColors(t).Entry, Config: games.Config{"size": 8}, Seed: 3, Unpaced: true,
				Fast: true, Clock: timebank.Rules{Move: 500 * time.Millisecond, Bank: time.Second, MaxStrikes: 3}, Seats: seats})
			if err != nil {
				t.Fatal(err)
			}
			answered := 0
			for r.Snapshot().Status != rooms.Finished {
				var tn relayTurn
				select {
				case tn = <-turns:
				case <-time.After(30 * time.Second):
					t.Fatalf("no turn came in 30 s after %d answers; the room: %+v", answered, r.Info())
				}
				a := tn.legal[answered%len(tn.legal)]
				if answered == 5 {
					bus.Stop()
					restarted := make(chan struct{})
					go func() {
						defer close(restarted)
						time.Sleep(down) // the outage itself
						bus.Restart(t)
					}()
					if !tn.r.Answer(tn.seat, tn.turn, a) {
						t.Fatalf("the answer made while the bus was down was refused")
					}
					<-restarted
				} else if !tn.r.Answer(tn.seat, tn.turn, a) {
					t.Fatalf("answer %d refused", answered)
				}
				answered++
				if answered > 200 {
					t.Fatal("the game does not end")
				}
				// The next turn comes, or the game ends: either way the loop looks again.
				until.True(t, 30*time.Second, "the answer played", func() bool {
					return r.Snapshot().Moves >= answered || r.Snapshot().Status == rooms.Finished
				})
			}
			for _, m := range r.Replay().Moves {
				if m.Default {
					t.Fatalf("move %+v was a default: a program's turn was lost or timed out", m)
				}
			}
			for i, p := range progs {
				until.True(t, 15*time.Second, fmt.Sprintf("prog%d hearing its game's end", i), func() bool {
					p.mu.Lock()
					defer p.mu.Unlock()
					return len(p.ends) > 0
				})
				p.mu.Lock()
				if len(p.ends) != 1 || p.ends[0] == nil || len(p.bad) > 0 {
					t.Fatalf("prog%d: ends %v, %v", i, p.ends, p.bad)
				}
				p.mu.Unlock()
			}
			if s := r.Snapshot(); s.Seats[0].Kind != rooms.Remote || s.Seats[1].Kind != rooms.Remote {
				t.Fatalf("seats at the end: %v, %v", s.Seats[0].Kind, s.Seats[1].Kind)
			}
		})
	}
}

// A node that falls silent may only have lost its own connection (a network blip on its
// side): the rooms here keep its programs' turns waiting until it is heard again, or, once
// it is forgotten for good, let their clocks run on from where they stopped.
func TestAProgramOfASilentNodeKeepsItsTurnUntilTheNodeIsForgotten(t *testing.T) {
	c := &clock{t: time.Unix(1_800_000_000, 0)}
	_, nodes := startClusterWith(t, map[string]func() time.Time{"a": c.Now}, "a", "b")
	a, b := nodes[0], nodes[1]
	p := &thinking{started: make(chan struct{}), ended: make(chan struct{})}
	id := b.seats.Register(p, "a")
	r, err := a.hub.Create(rooms.Spec{Game: sevenColors(t).Entry, Config: games.Config{"size": 8}, Seed: 2,
		Clock: timebank.Rules{Move: 500 * time.Millisecond, Bank: time.Second, MaxStrikes: 3},
		Seats: []rooms.Seat{
			{Kind: rooms.Remote, Name: "prog", UserID: "key:prog", Controller: a.seats.Controller("b", id)},
			{Kind: rooms.HouseBot, BotName: "greedy"}}})
	if err != nil {
		t.Fatal(err)
	}
	a.hub.Tick(c.Add(0))
	a.hub.WaitThinking()
	select {
	case <-p.started:
	case <-time.After(10 * time.Second):
		t.Fatal("the program never heard of its turn")
	}
	b.Abandon() // silent from now on, and never back
	until.True(t, 10*time.Second, "a holding b's programs", func() bool {
		a.mu.Lock()
		defer a.mu.Unlock()
		return a.heldFor["b"] && a.peers["b"] != nil
	})
	a.syncHolds() // as its heartbeat does
	a.hub.Tick(c.Add(time.Minute))
	a.hub.WaitThinking()
	a.mu.Lock()
	stillThere := a.peers["b"] != nil
	a.mu.Unlock()
	if got := r.Snapshot().Moves; got != 0 && stillThere {
		t.Fatalf("a silent node's program lost its turn while the node could come back (%d moves)", got)
	}
	until.True(t, 15*time.Second, "a forgetting b", func() bool {
		a.mu.Lock()
		defer a.mu.Unlock()
		return a.peers["b"] == nil && !a.heldFor["b"]
	})
	a.syncHolds()
	until.True(t, 10*time.Second, "the forgotten node's program timing out", func() bool {
		a.hub.Tick(c.Add(time.Second))
		a.hub.WaitThinking()
		return r.Snapshot().Moves > 0
	})
}

// A person's key pressed while the bus is down for longer than a request's whole budget (a
// loaded machine's slow restart) still reaches the room's node, once: the same request is
// sent again, with the same id, for as long as that node lives.
func TestAKeyOutlivesAnOutageLongerThanARequestsBudget(t *testing.T) {
	bus := clustertest.Start(t, "a", "b")
	letters := &memLetters{holder: map[string]string{}}
	cfg := Config{Silence: 5 * time.Second, Outage: 500 * time.Millisecond}
	cfg.Name = "a"
	a := startNodeWith(t, bus, letters, cfg, nil)
	cfg.Name = "b"
	b := startNodeWith(t, bus, letters, cfg, nil)
	heardByAll(t, []*testNode{a, b})
	owned, err := a.hub.Create(rooms.Spec{Game: sevenColors(t).Entry, Config: games.Config{"size": 8}, Seed: 5,
		Seats: []rooms.Seat{{Kind: rooms.Open}, {Kind: rooms.Human, Name: "alice", UserID: "key:alice"}}})
	if err != nil {
		t.Fatal(err)
	}
	until.True(t, 10*time.Second, "the room in B's list", func() bool { _, ok := b.dir.Find(owned.ID()); return ok })
	onB, _ := b.dir.Find(owned.ID())
	if seat, err := onB.Join(t.Context(), "key:bob", "bob"); err != nil || seat != 0 {
		t.Fatalf("bob joins from B: seat %d, %v", seat, err)
	}
	mb := rooms.NewMailbox()
	if _, _, err := onB.Attach(t.Context(), "key:bob", mb); err != nil {
		t.Fatal(err)
	}
	owned.Attach("key:alice", rooms.NewMailbox())
	var snap *rooms.Snapshot
	until.True(t, 10*time.Second, "bob to move, on B", func() bool {
		snap = latest(mb, snap)
		return snap != nil && snap.Status == rooms.Playing && snap.ToMove == 0 && snap.State != nil
	})
	move := snap.State.Legal(0)[0]
	bus.Stop()
	if err := onB.Submit(t.Context(), "key:bob", 0, move); err != nil {
		t.Fatal(err)
	}
	// Down six times a request's budget: the key's first sendings give up meanwhile.
	time.Sleep(3 * time.Second) // the outage itself, not a wait for an outcome
	bus.Restart(t)
	until.True(t, 30*time.Second, "bob's key played on A", func() bool { return owned.Snapshot().Moves == 1 })
	rp := owned.Replay()
	if len(rp.Moves) != 1 || rp.Moves[0].Seat != 0 || rp.Moves[0].Default || rp.Moves[0].Action != move {
		t.Fatalf("the moves after the outage: %+v, want bob's %v once", rp.Moves, move)
	}
}
