package match_test

import (
	"context"
	"testing"

	"github.com/arena-classroom/arena/catalog"
	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/match"
)

// BenchmarkMatchRandomVsGreedy30 plays 7 Colors games (size 30) through the whole runner:
// plan, referee with its replay log, agents, ordered emission. Run it with -cpu 1 to compare
// with the bare engine (bots/sevencolors BenchmarkRandomVsGreedy30).
func BenchmarkMatchRandomVsGreedy30(b *testing.B) {
	e, ok := catalog.Get("sevencolors")
	if !ok {
		b.Fatal("sevencolors is not in the catalog")
	}
	p := match.Plan{Game: e.Game}
	for _, name := range []string{"random", "greedy"} {
		ent, err := match.Resolve(e.Game, e.Bots, match.SeatSpec{Bot: name}, nil)
		if err != nil {
			b.Fatal(err)
		}
		p.Entrants = append(p.Entrants, ent)
	}
	jobs, err := match.Series(e.Game, games.Config{"size": 30}, 2, b.N, 1)
	if err != nil {
		b.Fatal(err)
	}
	p.Jobs = jobs
	b.ReportAllocs()
	b.ResetTimer()
	err = match.Run(context.Background(), p, match.Options{}, func(match.Result) error { return nil })
	if err != nil {
		b.Fatal(err)
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
}
