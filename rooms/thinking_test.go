package rooms_test

import (
	"runtime"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/arena-classroom/arena/bots"
	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/games/playable"
	"github.com/arena-classroom/arena/replay/replaytest"
	"github.com/arena-classroom/arena/rooms"
)

// gateBot answers 1 once its gate lets it through; it counts the decisions it was asked and
// notes if it was ever asked twice at once.
type gateBot struct {
	gate    chan struct{}
	asked   atomic.Int32
	busy    atomic.Bool
	overlap atomic.Bool
}

func (g *gateBot) Choose(games.State, int) games.Action {
	if g.busy.Swap(true) {
		g.overlap.Store(true)
	}
	defer g.busy.Store(false)
	g.asked.Add(1)
	<-g.gate
	return 1
}

// Issue 7: a house bot that takes its time holds up nobody: another room plays to its end
// while it thinks, tick after tick.
func TestASlowHouseBotDoesNotHoldUpTheHub(t *testing.T) {
	gb := &gateBot{gate: make(chan struct{})}
	race := replaytest.Playable(false)
	slow := playable.Entry{Game: race.Game, Strongest: "slow", Bots: []bots.Info{{Name: "slow", New: func(uint64) bots.Bot { return gb }}}}
	h, c := newHub(t, nil)
	stuck, err := h.Create(rooms.Spec{Game: slow, Seed: 1, Seats: []rooms.Seat{{Kind: rooms.HouseBot, BotName: "slow"}, {Kind: rooms.HouseBot, BotName: "slow"}}})
	if err != nil {
		t.Fatal(err)
	}
	other := humanVsBot(t, h, "max")
	for other.Snapshot().Status == rooms.Playing {
		if other.Snapshot().ToMove == 0 {
			_ = other.Submit("key:alice", 0, 1)
		}
		h.Tick(c.Add(time.Millisecond)) // the slow bot's budget is not reached
		for range 100 {                 // the fast bot's answer comes in on a later tick
			if other.Snapshot().ToMove != 1 {
				break
			}
			h.Tick(c.Add(0))
		}
	}
	if s := stuck.Snapshot(); s.Status != rooms.Playing || len(stuck.Replay().Moves) != 0 {
		t.Fatalf("the slow room moved on without its bot's answer: %s, %d moves", s.Status, len(stuck.Replay().Moves))
	}
	close(gb.gate)
	h.WaitThinking()
	h.Tick(c.Add(time.Millisecond))
	if n := len(stuck.Replay().Moves); n != 1 {
		t.Fatalf("after the slow bot answered: %d moves, want 1", n)
	}
}

// A house bot past its budget plays the default; its late answer is dropped, and it is not
// asked again before it has finished.
func TestAHouseBotPastItsBudgetPlaysTheDefault(t *testing.T) {
	gate := make(chan struct{})
	var made []*gateBot
	race := replaytest.Playable(false)
	slow := playable.Entry{Game: race.Game, Strongest: "slow", Bots: []bots.Info{{Name: "slow", New: func(uint64) bots.Bot {
		gb := &gateBot{gate: gate}
		made = append(made, gb)
		return gb
	}}}}
	c := &clock{t: time.Date(2026, 1, 1, 9, 0, 0, 0, time.UTC)}
	h := rooms.NewHub(rooms.Config{Now: c.Now, BotPace: -1, BotThink: time.Second, LowThinkers: 2})
	r, err := h.Create(rooms.Spec{Game: slow, Seed: 1, Config: games.Config{"target": 100},
		Seats: []rooms.Seat{{Kind: rooms.HouseBot, BotName: "slow"}, {Kind: rooms.HouseBot, BotName: "slow"}}})
	if err != nil {
		t.Fatal(err)
	}
	asked := func(b *gateBot, n int32) {
		t.Helper()
		for i := 0; b.asked.Load() != n; i++ {
			if i > 1e7 {
				t.Fatalf("bot asked %d times, want %d", b.asked.Load(), n)
			}
			runtime.Gosched()
		}
	}
	h.Tick(c.Add(time.Millisecond)) // seat 0's bot starts thinking
	asked(made[0], 1)
	h.Tick(c.Add(2 * time.Second)) // past its budget: the default is played for seat 0
	h.Tick(c.Add(time.Millisecond))
	asked(made[1], 1)
	h.Tick(c.Add(2 * time.Second)) // and for seat 1
	h.Tick(c.Add(time.Millisecond))
	h.Tick(c.Add(2 * time.Second)) // seat 0's turn again: its bot is still busy, so the default again
	rp := r.Replay()
	if len(rp.Moves) != 3 || !rp.Moves[0].Default || !rp.Moves[1].Default || !rp.Moves[2].Default {
		t.Fatalf("moves %+v: want three defaults", rp.Moves)
	}
	if made[0].asked.Load() != 1 {
		t.Fatalf("seat 0's bot was asked %d times while still thinking", made[0].asked.Load())
	}
	// The log says what happened; the move's events say what the game made of it (issue 35,
	// item 6): never where the move came from.
	if log := strings.Join(r.Snapshot().Log, "\n"); !strings.Contains(log, "thought too long") || strings.Contains(log, "default") {
		t.Fatalf("the log of a bot past its budget:\n%s", log)
	}
	close(gate)
	h.WaitThinking()
	for range 20 {
		h.Tick(c.Add(time.Millisecond))
		h.WaitThinking()
	}
	if made[0].overlap.Load() || made[1].overlap.Load() {
		t.Fatal("a bot was asked twice at once")
	}
	if rp := r.Replay(); len(rp.Moves) < 5 || rp.Moves[3].Default || rp.Moves[4].Default {
		t.Fatalf("moves %+v: once free, the bots play again (their late answers dropped)", rp.Moves)
	}
}

// stopBot records the wall-clock stop it was given.
type stopBot struct{ stop time.Duration }

func (b *stopBot) Choose(games.State, int) games.Action { return 1 }
func (b *stopBot) SetSafetyStop(d time.Duration)        { b.stop = d }

// A search bot counted in nodes gets a wall-clock safety stop in a live room, well inside
// its think budget.
func TestALiveRoomGivesSearchBotsASafetyStop(t *testing.T) {
	var made []*stopBot
	race := replaytest.Playable(false)
	entry := playable.Entry{Game: race.Game, Strongest: "search", Bots: []bots.Info{{Name: "search", New: func(uint64) bots.Bot {
		b := &stopBot{}
		made = append(made, b)
		return b
	}}}}
	c := &clock{t: time.Date(2026, 1, 1, 9, 0, 0, 0, time.UTC)}
	h := rooms.NewHub(rooms.Config{Now: c.Now, BotThink: 3 * time.Second})
	if _, err := h.Create(rooms.Spec{Game: entry, Seed: 1, Seats: []rooms.Seat{{Kind: rooms.HouseBot, BotName: "search"}, {Kind: rooms.HouseBot, BotName: "search"}}}); err != nil {
		t.Fatal(err)
	}
	for i, b := range made {
		if b.stop != 1500*time.Millisecond {
			t.Fatalf("seat %d's bot stops after %v, want half the think budget", i, b.stop)
		}
	}
	if len(made) != 2 {
		t.Fatalf("%d bots made, want 2", len(made))
	}
}
