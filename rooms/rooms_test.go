package rooms_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/games/playable"
	"github.com/arena-classroom/arena/internal/until"
	"github.com/arena-classroom/arena/replay"
	"github.com/arena-classroom/arena/replay/replaytest"
	"github.com/arena-classroom/arena/rooms"
)

// clock is a settable time for driving the hub tick by tick.
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

type finished struct {
	mu  sync.Mutex
	got []replay.Replay
}

func newHub(t *testing.T, fin *finished) (*rooms.Hub, *clock) {
	t.Helper()
	c := &clock{t: time.Date(2026, 1, 1, 9, 0, 0, 0, time.UTC)}
	cfg := rooms.Config{Now: c.Now, BotPace: -1, HumanMove: 10 * time.Second}
	if fin != nil {
		cfg.OnFinish = func(_ rooms.Info, rp replay.Replay) error {
			fin.mu.Lock()
			defer fin.mu.Unlock()
			fin.got = append(fin.got, rp)
			return nil
		}
	}
	return rooms.NewHub(cfg), c
}

// tickUntil ticks every 50 ms of fake time until cond holds, failing after many ticks.
func tickUntil(t *testing.T, h *rooms.Hub, c *clock, cond func() bool) {
	t.Helper()
	for i := 0; i < 100000; i++ {
		if cond() {
			return
		}
		h.Tick(c.Add(50 * time.Millisecond))
		h.WaitThinking() // house bots answer before the fake clock moves on
	}
	t.Fatal("condition never held")
}

// waitSnap waits (in real time: the result is saved on another goroutine) for a snapshot
// satisfying cond, ticking the hub meanwhile.
func waitSnap(t *testing.T, h *rooms.Hub, c *clock, r *rooms.Room, cond func(*rooms.Snapshot) bool) *rooms.Snapshot {
	t.Helper()
	var s *rooms.Snapshot
	until.Seen(t, 10*time.Second, "the snapshot condition", func() (string, bool) {
		h.Tick(c.Add(50 * time.Millisecond))
		h.WaitThinking()
		s = r.Snapshot()
		return fmt.Sprintf("status %v, %d moves, to move %d", s.Status, s.Moves, s.ToMove), cond(s)
	})
	return s
}

var race = replaytest.Playable(false)

func humanVsBot(t *testing.T, h *rooms.Hub, bot string) *rooms.Room {
	t.Helper()
	r, err := h.Create(rooms.Spec{Game: race, Seed: 7, Seats: []rooms.Seat{
		{Kind: rooms.Human, Name: "alice", UserID: "key:alice"},
		{Kind: rooms.HouseBot, BotName: bot},
	}})
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func TestHumanAgainstBotPlaysToTheEndAndIsRecorded(t *testing.T) {
	fin := &finished{}
	h, c := newHub(t, fin)
	r := humanVsBot(t, h, "max")
	mb := rooms.NewMailbox()
	seat, snap := r.Attach("key:alice", mb)
	if seat != 0 || snap.Status != rooms.Playing {
		t.Fatalf("seat %d status %s, want seat 0 playing", seat, snap.Status)
	}
	for r.Snapshot().Status == rooms.Playing {
		s := r.Snapshot()
		if s.ToMove == 0 {
			if err := r.Submit("key:alice", 0, 2); err != nil {
				t.Fatal(err)
			}
		}
		h.Tick(c.Add(50 * time.Millisecond))
		h.WaitThinking()
	}
	s := waitSnap(t, h, c, r, func(s *rooms.Snapshot) bool { return s.Saved })
	if s.Status != rooms.Finished || s.Outcome == nil {
		t.Fatalf("status %s outcome %v", s.Status, s.Outcome)
	}
	fin.mu.Lock()
	defer fin.mu.Unlock()
	if len(fin.got) != 1 {
		t.Fatalf("%d games recorded, want 1", len(fin.got))
	}
	st, err := replay.Resimulate(race.Game, fin.got[0])
	if err != nil {
		t.Fatal(err)
	}
	if got, want := st.Outcome(), *s.Outcome; !equalOutcome(got, want) {
		t.Fatalf("replay outcome %+v, room outcome %+v", got, want)
	}
	// The latest snapshot reached the mailbox.
	select {
	case last := <-mb.C():
		if last.Version == 0 {
			t.Fatal("empty snapshot")
		}
	default:
		t.Fatal("nothing in the mailbox")
	}
}

func equalOutcome(a, b games.Outcome) bool {
	ja, _ := json.Marshal(a)
	jb, _ := json.Marshal(b)
	return string(ja) == string(jb)
}

func TestHumanWhoDoesNotMoveLosesTheTurnAtTheDeadline(t *testing.T) {
	h, c := newHub(t, nil)
	r := humanVsBot(t, h, "one")
	r.Attach("key:alice", rooms.NewMailbox())
	h.Tick(c.Add(0))
	h.WaitThinking()
	start := r.Snapshot()
	if start.ToMove != 0 || start.Deadline.IsZero() {
		t.Fatalf("to move %d deadline %v", start.ToMove, start.Deadline)
	}
	h.Tick(c.Add(9 * time.Second))
	if r.Snapshot().ToMove != 0 {
		t.Fatal("turn passed before the deadline")
	}
	h.Tick(c.Add(1 * time.Second))
	s := r.Snapshot()
	if !strings.Contains(strings.Join(s.Log, "\n"), "alice ran out of time") {
		t.Fatalf("log %q lacks the timeout", s.Log)
	}
	rp := r.Replay()
	if len(rp.Moves) == 0 || !rp.Moves[0].Default || rp.Moves[0].Seat != 0 {
		t.Fatalf("first move %+v, want alice's default", rp.Moves)
	}
}

func TestMailboxKeepsOnlyTheLatestAndNeverBlocks(t *testing.T) {
	mb := rooms.NewMailbox()
	var last *rooms.Snapshot
	for i := 0; i < 1000; i++ {
		last = &rooms.Snapshot{Scene: rooms.Scene{Version: uint64(i)}}
		mb.Put(last) // nobody reads: must not block
	}
	if got := <-mb.C(); got != last {
		t.Fatalf("got version %d, want %d", got.Version, last.Version)
	}
	select {
	case s := <-mb.C():
		t.Fatalf("second snapshot %d in a capacity-one mailbox", s.Version)
	default:
	}
}

func TestASpectatorThatNeverReadsDoesNotStallTheRoom(t *testing.T) {
	h, c := newHub(t, nil)
	r, err := h.Create(rooms.Spec{Game: race, Seed: 3, Seats: []rooms.Seat{
		{Kind: rooms.HouseBot, BotName: "one"}, {Kind: rooms.HouseBot, BotName: "max"},
	}})
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 50; i++ {
		r.Attach("", rooms.NewMailbox()) // fifty spectators who never read
	}
	tickUntil(t, h, c, func() bool { return r.Snapshot().Status == rooms.Finished })
	if n := r.Snapshot().Spectators; n != 50 {
		t.Fatalf("%d spectators, want 50", n)
	}
}

func TestAPanickingBotPlaysTheDefaultAndTheGameGoesOn(t *testing.T) {
	h, c := newHub(t, nil)
	r := humanVsBot(t, h, "panic")
	r.Attach("", rooms.NewMailbox()) // someone watches, so the game plays on without alice
	r.Leave("key:alice")             // the human's seat goes to the strongest bot
	tickUntil(t, h, c, func() bool { return r.Snapshot().Status == rooms.Finished })
	rp := r.Replay()
	if !rp.Moves[5].Default || rp.Moves[5].Seat != 1 {
		t.Fatalf("the bot's third move %+v should be the default", rp.Moves[5])
	}
}

// boom is a game whose state panics on its second move: a bug in rules must close its room
// only.
type boom struct{ games.Game }

type boomState struct{ games.State }

func (boom) ID() string { return "boom" }
func (b boom) New(cfg games.Config, seats int, seed uint64) (games.State, error) {
	st, err := b.Game.New(cfg, seats, seed)
	return &boomState{st}, err
}
func (s *boomState) Apply(seat int, a games.Action) ([]games.Event, error) {
	if s.Observation(0).(map[string]int)["counter"] > 1 {
		panic(errors.New("rules bug"))
	}
	return s.State.Apply(seat, a)
}
func (s *boomState) Clone() games.State { return &boomState{s.State.Clone()} }

func TestAPanickingRoomClosesAloneAndTheHubGoesOn(t *testing.T) {
	h, c := newHub(t, nil)
	bad, err := h.Create(rooms.Spec{Game: playable.Entry{Game: boom{race.Game}, Bots: race.Bots, Strongest: "max"}, Seed: 1,
		Seats: []rooms.Seat{{Kind: rooms.HouseBot, BotName: "one"}, {Kind: rooms.HouseBot, BotName: "one"}}})
	if err != nil {
		t.Fatal(err)
	}
	good, err := h.Create(rooms.Spec{Game: race, Seed: 1,
		Seats: []rooms.Seat{{Kind: rooms.HouseBot, BotName: "one"}, {Kind: rooms.HouseBot, BotName: "max"}}})
	if err != nil {
		t.Fatal(err)
	}
	mb := rooms.NewMailbox()
	bad.Attach("", mb)
	tickUntil(t, h, c, func() bool { return good.Snapshot().Status == rooms.Finished })
	if s := bad.Snapshot(); s.Status != rooms.Closed || s.Error == "" {
		t.Fatalf("panicking room: status %s error %q", s.Status, s.Error)
	}
	if _, ok := h.Find(bad.ID()); ok {
		t.Fatal("closed room still listed")
	}
	var last *rooms.Snapshot
	for len(mb.C()) > 0 {
		last = <-mb.C()
	}
	if last == nil || last.Status != rooms.Closed {
		t.Fatal("the spectator was not told the room closed")
	}
}

func TestLeavingHandsTheSeatToABot(t *testing.T) {
	h, c := newHub(t, nil)
	r := humanVsBot(t, h, "one")
	mb := rooms.NewMailbox()
	r.Attach("key:alice", mb)
	r.Detach(mb)
	s := r.Snapshot()
	if s.Seats[0].Kind != rooms.HouseBot || !strings.Contains(s.Seats[0].Note, "left") {
		t.Fatalf("seat after leaving: %+v", s.Seats[0])
	}
	tickUntil(t, h, c, func() bool { return r.Snapshot().Status == rooms.Finished })
}

func TestASeatedHumanWhoNeverArrivesIsReplacedAfterTheGrace(t *testing.T) {
	h, c := newHub(t, nil)
	r := humanVsBot(t, h, "one")
	h.Tick(c.Add(19 * time.Second))
	if r.Snapshot().Seats[0].Kind != rooms.Human {
		t.Fatal("replaced before the grace")
	}
	h.Tick(c.Add(2 * time.Second))
	if r.Snapshot().Seats[0].Kind != rooms.HouseBot {
		t.Fatal("not replaced after the grace")
	}
}

// A person seated before they came (a tournament calls its people in) does not lose their
// turn while they are on their way: their clock starts, in full, when they arrive, within the
// room's grace.
func TestAPersonsClockStartsWhenTheyArrive(t *testing.T) {
	h, c := newHub(t, nil)
	r := humanVsBot(t, h, "one")
	h.Tick(c.Add(0))
	h.Tick(c.Add(15 * time.Second)) // more than their 10 s a move
	if s := r.Snapshot(); s.Moves != 0 || s.ToMove != 0 {
		t.Fatalf("%d moves, to move %d: the turn ran out before they came", s.Moves, s.ToMove)
	}
	_, snap := r.Attach("key:alice", rooms.NewMailbox())
	if left := snap.Deadline.Sub(c.Now()); left != 10*time.Second {
		t.Fatalf("%v left on arrival, want the whole 10 s", left)
	}
	h.Tick(c.Add(9 * time.Second))
	if r.Snapshot().Moves != 0 {
		t.Fatal("the turn passed before the deadline")
	}
	h.Tick(c.Add(1 * time.Second))
	if s := r.Snapshot(); !strings.Contains(strings.Join(s.Log, "\n"), "alice ran out of time") {
		t.Fatalf("log %q lacks the timeout", s.Log)
	}
}

func TestPrivateRoomWaitsForItsCodeThenStarts(t *testing.T) {
	h, c := newHub(t, nil)
	r, err := h.Create(rooms.Spec{Game: race, Private: true, Seats: []rooms.Seat{
		{Kind: rooms.Human, Name: "alice", UserID: "key:alice"}, {Kind: rooms.Open},
	}})
	if err != nil {
		t.Fatal(err)
	}
	r.Attach("key:alice", rooms.NewMailbox())
	h.Tick(c.Add(time.Second))
	if r.Code() == "" || r.Snapshot().Status != rooms.Waiting {
		t.Fatalf("code %q status %s", r.Code(), r.Snapshot().Status)
	}
	found, ok := h.Find(strings.ToLower(r.Code()))
	if !ok || found != r {
		t.Fatal("code lookup failed")
	}
	if _, err := r.Join("key:alice", "alice"); !errors.Is(err, rooms.ErrAlreadyHere) {
		t.Fatalf("joining twice: %v", err)
	}
	seat, err := r.Join("key:bob", "bob")
	if err != nil || seat != 1 {
		t.Fatalf("bob joined seat %d: %v", seat, err)
	}
	if r.Snapshot().Status != rooms.Playing {
		t.Fatal("full room did not start")
	}
	if _, err := r.Join("key:carol", "carol"); !errors.Is(err, rooms.ErrRoomFull) {
		t.Fatalf("third player: %v", err)
	}
}

func TestWaitingRoomClosesWhenItsOnlyHumanLeaves(t *testing.T) {
	h, c := newHub(t, nil)
	r, _ := h.Create(rooms.Spec{Game: race, Private: true, Seats: []rooms.Seat{
		{Kind: rooms.Human, Name: "alice", UserID: "key:alice"}, {Kind: rooms.Open},
	}})
	mb := rooms.NewMailbox()
	r.Attach("key:alice", mb)
	r.Detach(mb)
	h.Tick(c.Add(time.Second))
	if len(h.List()) != 0 {
		t.Fatalf("rooms left: %+v", h.List())
	}
}

func TestRematchRotatesSeatsAndEveryoneFollows(t *testing.T) {
	h, c := newHub(t, nil)
	r := humanVsBot(t, h, "max")
	r.Leave("") // no-op: nobody with an empty id
	mb := rooms.NewMailbox()
	r.Attach("key:alice", mb)
	for r.Snapshot().Status == rooms.Playing {
		if r.Snapshot().ToMove == 0 {
			_ = r.Submit("key:alice", 0, 3)
		}
		h.Tick(c.Add(50 * time.Millisecond))
		h.WaitThinking()
	}
	if err := r.VoteRematch("key:bob", 0); !errors.Is(err, rooms.ErrNotSeated) {
		t.Fatalf("a stranger voted: %v", err)
	}
	if err := r.VoteRematch("key:alice", 0); err != nil {
		t.Fatal(err)
	}
	h.Tick(c.Add(50 * time.Millisecond))
	h.WaitThinking()
	next := r.Snapshot().Next
	nr, ok := h.Find(next)
	if next == "" || !ok {
		t.Fatalf("no rematch room (next %q)", next)
	}
	seats := nr.Snapshot().Seats
	if seats[0].Name != "max" || seats[1].UserID != "key:alice" {
		t.Fatalf("rematch seats %+v, want the bot first then alice", seats)
	}
}

func TestOnlyTheSeatedPlayerMaySubmit(t *testing.T) {
	h, _ := newHub(t, nil)
	r := humanVsBot(t, h, "one")
	if err := r.Submit("key:mallory", 0, 1); !errors.Is(err, rooms.ErrNotSeated) {
		t.Fatalf("submit by another key: %v", err)
	}
	if err := r.Submit("key:alice", 1, 1); !errors.Is(err, rooms.ErrNotSeated) {
		t.Fatalf("submit for the bot's seat: %v", err)
	}
}
