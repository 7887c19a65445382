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
	r, err := h.Create(rooms.Spec{Game: pa, Seed: 1, Seats: []rooms.Seat{
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
