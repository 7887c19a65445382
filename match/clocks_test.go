package match_test

import (
	"context"
	"reflect"
	"testing"

	"github.com/arena-classroom/arena/catalog"
	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/match"
	"github.com/arena-classroom/arena/replay"
)

// With Options.Clocks every move of a kept replay has its clock (house bots: a think time,
// no bank, a warning exactly when the referee refused their move — random tries colours
// the rules forbid); without, none has, and the replays hold nothing the wall clock wrote. The
// results are the same either way.
func TestClocksAreKeptOnlyWhenAskedAndChangeNoResult(t *testing.T) {
	e, _ := catalog.Get("sevencolors")
	p := match.Plan{Game: e.Game}
	for _, name := range []string{"random", "greedy"} {
		ent, err := match.Resolve(e.Game, e.Bots, match.SeatSpec{Bot: name}, nil)
		if err != nil {
			t.Fatal(err)
		}
		p.Entrants = append(p.Entrants, ent)
	}
	jobs, err := match.Series(e.Game, games.Config{"size": 10}, 2, 4, 7)
	if err != nil {
		t.Fatal(err)
	}
	p.Jobs = jobs
	run := func(clocks bool) []*replay.Replay {
		var out []*replay.Replay
		err := match.Run(context.Background(), p, match.Options{Parallel: 2, Replays: true, Clocks: clocks}, func(r match.Result) error {
			out = append(out, r.Replay)
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		return out
	}
	plain, timed := run(false), run(true)
	for i := range plain {
		if !reflect.DeepEqual(plain[i].Outcome, timed[i].Outcome) || len(plain[i].Moves) != len(timed[i].Moves) {
			t.Fatalf("game %d: timing it changed it: %+v against %+v", i, plain[i].Outcome, timed[i].Outcome)
		}
		for k := range plain[i].Moves {
			if c := plain[i].Moves[k].Clock; c != nil {
				t.Fatalf("game %d move %d has a clock without Options.Clocks: %+v", i, k, c)
			}
			m := timed[i].Moves[k]
			c := m.Clock
			if c == nil || c.HasBank || c.Turn != 0 || (c.Warn != "") != m.Default {
				t.Fatalf("game %d move %d of a house bot has the clock %+v", i, k, c)
			}
		}
	}
}
