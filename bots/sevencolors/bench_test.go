package sevencolors

import (
	"testing"

	"github.com/arena-classroom/arena/bots"
	"github.com/arena-classroom/arena/games"
	sc "github.com/arena-classroom/arena/games/sevencolors"
)

// playGame plays one whole game through the engine contract, as a room does.
func playGame(tb testing.TB, seed uint64, size int, a, b bots.Bot) games.Outcome {
	st, err := sc.Game.New(games.Config{"size": size}, 2, seed)
	if err != nil {
		tb.Fatal(err)
	}
	seats := [2]bots.Bot{a, b}
	for !st.Over() {
		seat := st.ToMove()[0]
		if _, err := st.Apply(seat, seats[seat].Choose(st, seat)); err != nil {
			tb.Fatal(err)
		}
	}
	return st.Outcome()
}

func benchGames(b *testing.B, x, y string) {
	bx, _ := bots.Find(All, x)
	by, _ := bots.Find(All, y)
	b.ReportAllocs()
	seed := uint64(0)
	for b.Loop() {
		seed++
		playGame(b, seed, 30, bx.New(seed), by.New(seed+1))
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
}

func BenchmarkRandomVsGreedy30(b *testing.B)   { benchGames(b, "random", "greedy") }
func BenchmarkGreedyVsGreedy30(b *testing.B)   { benchGames(b, "greedy", "greedy") }
func BenchmarkMixedVsHegemonic30(b *testing.B) { benchGames(b, "mixed", "hegemonic") }
