package replay_test

import (
	"context"
	"encoding/json"
	"math/rand/v2"
	"testing"

	"github.com/arena-classroom/arena/catalog"
	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/match"
	"github.com/arena-classroom/arena/replay"
)

// houseGame plays one game of e between its house bots (the strongest first) and returns
// its replay.
func houseGame(t *testing.T, e catalog.Entry, seats int, seed uint64) replay.Replay {
	t.Helper()
	var entrants []match.Entrant
	for i := range seats {
		name := e.Strongest
		if i > 0 {
			name = e.Bots[i%len(e.Bots)].Name
		}
		en, err := match.Resolve(e.Game, e.Bots, match.SeatSpec{Bot: name}, nil)
		if err != nil {
			t.Fatal(err)
		}
		entrants = append(entrants, en)
	}
	jobs, err := match.Series(e.Game, games.Config{}, seats, 1, seed)
	if err != nil {
		t.Fatal(err)
	}
	var rp *replay.Replay
	plan := match.Plan{Game: e.Game, Entrants: entrants, Jobs: jobs}
	if err := match.Run(context.Background(), plan, match.Options{Parallel: 1, Replays: true}, func(r match.Result) error {
		rp = r.Replay
		return nil
	}); err != nil || rp == nil {
		t.Fatalf("%s: %v", e.Game.ID(), err)
	}
	return *rp
}

// A cursor stands at any move, reached in any order, exactly where playing the moves in order
// leads; and it refuses a replay whose outcome was tampered with.
func TestCursorSeeksAnywhereInEveryGame(t *testing.T) {
	for _, e := range catalog.All() {
		t.Run(e.Game.ID(), func(t *testing.T) {
			lo, hi := e.Game.Seats()
			rp := houseGame(t, e, min(max(lo, 3), hi), 5)
			// The truth: the spectator's observation after each move, played in order.
			truth := make([]string, 0, len(rp.Moves)+1)
			st, err := replay.Resimulate(e.Game, replay.Replay{Game: rp.Game, Config: rp.Config, Seed: rp.Seed, Seats: rp.Seats})
			if err != nil {
				t.Fatal(err)
			}
			see := func(st games.State) string {
				b, _ := json.Marshal(st.Observation(-1))
				return string(b)
			}
			truth = append(truth, see(st))
			for _, m := range rp.Moves {
				if _, err := st.Apply(m.Seat, m.Action); err != nil {
					t.Fatal(err)
				}
				truth = append(truth, see(st))
			}
			c, err := replay.NewCursor(e.Game, rp)
			if err != nil {
				t.Fatal(err)
			}
			if c.Len() != len(rp.Moves) || c.At() != 0 {
				t.Fatalf("len %d at %d", c.Len(), c.At())
			}
			rng := rand.New(rand.NewPCG(7, 7))
			for range 200 {
				i := rng.IntN(c.Len() + 1)
				c.Seek(i)
				if c.At() != i || see(c.State()) != truth[i] {
					t.Fatalf("after seeking to %d (at %d) the game differs from playing %d moves", i, c.At(), i)
				}
				if m, ok := c.Move(); ok != (i > 0) || ok && m != rp.Moves[i-1] {
					t.Fatalf("the move at %d: %+v %v", i, m, ok)
				}
			}
			c.Seek(c.Len() + 10)
			if c.At() != c.Len() || !c.State().Over() {
				t.Fatal("seeking past the end does not stand at the end")
			}
			bad := rp
			out := *rp.Outcome
			out.Ranks = append([]int(nil), out.Ranks...)
			out.Ranks[0], out.Ranks[1] = out.Ranks[1]+1, out.Ranks[0]+1
			bad.Outcome = &out
			if _, err := replay.NewCursor(e.Game, bad); err == nil {
				t.Fatal("a tampered outcome was accepted")
			}
		})
	}
}

// An export lists every move with its events and, for games with positions, the position
// after it, which reads back as the same game.
func TestExportHasThePositionAfterEveryMove(t *testing.T) {
	for _, e := range catalog.All() {
		t.Run(e.Game.ID(), func(t *testing.T) {
			lo, _ := e.Game.Seats()
			rp := houseGame(t, e, lo, 3)
			start, moves, err := replay.Export(e.Game, rp)
			if err != nil {
				t.Fatal(err)
			}
			if len(moves) != len(rp.Moves) {
				t.Fatalf("%d moves exported of %d", len(moves), len(rp.Moves))
			}
			pos, ok := e.Game.(games.Positions)
			if !ok {
				if start != nil || moves[0].Position != nil {
					t.Fatal("positions for a game without them")
				}
				return
			}
			if start == nil {
				t.Fatal("no start position")
			}
			for i, m := range moves[:len(moves)-1] { // the last position is over, which decoding refuses
				st, err := pos.DecodePosition(m.Position, 1)
				if err != nil {
					t.Fatalf("move %d's position: %v", i, err)
				}
				if want := rp.Moves[i+1].Seat; st.ToMove()[0] != want {
					t.Fatalf("move %d's position has seat %d to move, the replay %d", i, st.ToMove()[0], want)
				}
			}
		})
	}
}
