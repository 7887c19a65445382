package garden

import (
	"testing"
	"time"

	"github.com/arena-classroom/arena/bots"
	gt "github.com/arena-classroom/arena/games/garden"
)

// BenchmarkHeuristicVsRandom: whole games, heuristic against random, seats alternating.
// go test -run x -bench HeuristicVsRandom -cpu 1 ./bots/garden
func BenchmarkHeuristicVsRandom(b *testing.B) {
	for i := range b.N {
		bs := []bots.Bot{All[1].New(uint64(i)), All[0].New(uint64(i) + 1)}
		if i%2 == 1 {
			bs[0], bs[1] = bs[1], bs[0]
		}
		playGame(bs, uint64(i))
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
}

// midGame collects the conquest decisions of heuristic against heuristic from turn 10 on,
// where the garden is full and the search at its widest.
func midGame(seeds int) []*gt.State {
	var out []*gt.State
	for seed := range uint64(seeds) {
		s := gt.NewState(gt.DefaultRounds, seed)
		bs := []bots.Bot{All[1].New(seed), All[1].New(seed + 1)}
		for !s.Over() {
			seat := s.Turn()
			if s.Phase() == gt.Conquest && s.TurnNumber() >= 10 && s.ActionsLeft() == gt.ActionsPerTurn {
				out = append(out, s.Copy())
			}
			s.Apply(seat, bs[seat].Choose(s, seat))
		}
	}
	return out
}

// BenchmarkMinimaxDecision: one conquest decision at the default budget, on mid-game
// positions; it reports the nodes searched a second, the depth finished and the slowest
// decision.
// go test -run x -bench MinimaxDecision -cpu 1 ./bots/garden
func BenchmarkMinimaxDecision(b *testing.B) {
	positions := midGame(10)
	m := NewMinimax(DefaultBudget)
	nodes, depth := 0, 0
	var slowest time.Duration
	b.ResetTimer()
	for i := range b.N {
		s := positions[i%len(positions)]
		start := time.Now()
		m.Choose(s, s.Turn())
		slowest = max(slowest, time.Since(start))
		nodes += m.Last().Nodes
		depth += m.Last().Depth
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
	b.ReportMetric(float64(depth)/float64(b.N), "depth")
	b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
	b.ReportMetric(float64(slowest.Milliseconds()), "slowest-ms")
}
