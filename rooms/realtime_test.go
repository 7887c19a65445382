package rooms_test

import (
	"math/big"
	"testing"
	"time"

	"github.com/arena-classroom/arena/catalog"
	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/games/perfectaim"
	"github.com/arena-classroom/arena/replay"
	"github.com/arena-classroom/arena/rooms"
)

func atSeconds(t *testing.T, at string) *big.Rat {
	t.Helper()
	r, ok := new(big.Rat).SetString(at)
	if !ok {
		t.Fatalf("instant %q is not a fraction", at)
	}
	return r
}

func TestARealTimeRoomDecidesAtTheExactInstantsOfTheWallClock(t *testing.T) {
	h, c := newHub(t, nil)
	pa, ok := catalog.Get("perfectaim")
	if !ok {
		t.Fatal("Perfect Aim is not in the catalog")
	}
	start := c.Now()
	r, err := h.Create(rooms.Spec{Game: pa.Entry, Seed: 1, Seats: []rooms.Seat{
		{Kind: rooms.Human, Name: "alice", UserID: "key:alice"},
		{Kind: rooms.HouseBot, BotName: "zidane"},
	}})
	if err != nil {
		t.Fatal(err)
	}
	r.Attach("key:alice", rooms.NewMailbox())
	h.Tick(c.Add(900 * time.Millisecond))
	if n := len(r.Replay().Moves); n != 0 {
		t.Fatalf("%d moves before the first decision instant (1 s)", n)
	}
	// alice presses a key that is valid at her first decision, then another: the last counts.
	st := r.Snapshot().State.(*perfectaim.State)
	var want perfectaim.Action
	for _, a := range perfectaim.Actions {
		if a != perfectaim.Wait && st.Valid(st.SeatColor(0), a) {
			want = a
		}
	}
	if err := r.Submit("key:alice", 0, perfectaim.Wait); err != nil {
		t.Fatal(err)
	}
	if err := r.Submit("key:alice", 0, want); err != nil {
		t.Fatal(err)
	}
	h.Tick(c.Add(100 * time.Millisecond))
	rp := r.Replay()
	if len(rp.Moves) == 0 || rp.Moves[0].Seat != 0 || rp.Moves[0].Action != want || atSeconds(t, rp.Moves[0].At).Cmp(big.NewRat(1, 1)) != 0 {
		t.Fatalf("first move %+v, want alice's %s at 1", rp.Moves, want)
	}
	// From then on nobody presses anything: the game runs on the clock to its end, and no
	// decision is ever taken before the wall clock reaches its instant.
	for r.Snapshot().Status == rooms.Playing {
		now := c.Add(50 * time.Millisecond)
		h.Tick(now)
		elapsed := big.NewRat(now.Sub(start).Milliseconds(), 1000)
		for _, m := range r.Replay().Moves {
			if atSeconds(t, m.At).Cmp(elapsed) > 0 {
				t.Fatalf("move %+v applied at wall time %s", m, elapsed.FloatString(3))
			}
		}
		if now.Sub(start) > 3*time.Minute {
			t.Fatal("the game outlived its lava")
		}
	}
	rp = r.Replay()
	replayed, err := replay.Resimulate(pa.Game, *rp)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := replayed.Outcome(), *r.Snapshot().Outcome; !equalOutcome(got, want) {
		t.Fatalf("replayed outcome %+v, room outcome %+v", got, want)
	}
	var _ games.RealTime = replayed.(*perfectaim.State)
}

// answering is a program that answers each turn at once with a valid move of the state it
// was sent, through the room (as the protocol's reader goroutine would, after the lock).
type answering struct {
	program
	answer bool
	wrong  bool // answer moves the rules refuse
	sent   []perfectaim.Action
	queue  []func()
}

func (p *answering) Turn(r rooms.Seated, seat, turn int, st games.State, move, bank time.Duration) {
	p.program.Turn(r, seat, turn, st, move, bank)
	if !p.answer {
		return
	}
	pa := st.(*perfectaim.State)
	a := perfectaim.Wait
	for _, cand := range perfectaim.Actions {
		if cand != perfectaim.Wait && pa.Valid(pa.SeatColor(seat), cand) != p.wrong {
			a = cand
			break
		}
	}
	p.sent = append(p.sent, a)
	p.queue = append(p.queue, func() {
		if !r.Answer(seat, turn, a) {
			panic("a fresh answer was refused")
		}
	})
}

func TestProgramsInRealTimeAreAskedBeforeTheInstantAndAnsweredAtIt(t *testing.T) {
	for _, mode := range []string{"valid", "silent", "wrong"} {
		answer := mode != "silent"
		h, c := newHub(t, nil)
		pa, _ := catalog.Get("perfectaim")
		p := &answering{answer: answer, wrong: mode == "wrong"}
		r, err := h.Create(rooms.Spec{Game: pa.Entry, Seed: 4, Seats: []rooms.Seat{
			{Kind: rooms.Remote, Name: "prog", UserID: "key:student", Controller: p},
			{Kind: rooms.HouseBot, BotName: "zidane"},
		}})
		if err != nil {
			t.Fatal(err)
		}
		h.Tick(c.Add(850 * time.Millisecond))
		if len(p.turns) != 0 {
			t.Fatal("asked more than the budget before the first instant (1 s)")
		}
		h.Tick(c.Add(100 * time.Millisecond)) // 0.95 s: within the 100 ms budget
		if len(p.turns) != 1 || len(r.Replay().Moves) != 0 {
			t.Fatalf("turns %d moves %d: want the question before the instant", len(p.turns), len(r.Replay().Moves))
		}
		for i := 0; i < 400 && r.Snapshot().Status == rooms.Playing; i++ {
			for _, f := range p.queue {
				f()
			}
			p.queue = nil
			h.Tick(c.Add(50 * time.Millisecond))
		}
		var mine []games.Action
		for _, m := range r.Replay().Moves {
			if m.Seat == 0 {
				mine = append(mine, m.Action)
			}
		}
		if len(mine) == 0 {
			t.Fatal("the program never decided")
		}
		for i, a := range mine {
			want := games.Action(perfectaim.Wait)
			if mode == "valid" {
				want = p.sent[i]
			}
			if a != want {
				t.Fatalf("%s program: decision %d was %v, want %v", mode, i, a, want)
			}
		}
		switch mode {
		case "silent":
			if len(p.refused) != len(mine) || p.refused[0] != "timeout" {
				t.Fatalf("silent program: %d decisions, refusals %v", len(mine), p.refused)
			}
		case "wrong":
			if len(p.refused) == 0 || p.refused[0] == "timeout" {
				t.Fatalf("refused moves were not warned about: %v", p.refused)
			}
		case "valid":
			if len(p.refused) != 0 {
				t.Fatalf("valid answers refused: %v", p.refused)
			}
		}
	}
}
