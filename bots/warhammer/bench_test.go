package warhammer_test

import (
	"testing"

	"github.com/arena-classroom/arena/bots"
	wh "github.com/arena-classroom/arena/games/warhammer"
)

// Whole games on 19×19 as a headless batch plays them (Validate, then Apply with its
// events), bots made afresh each game; report games/s on one core:
//
//	go test -run x -bench . -cpu 1 ./bots/warhammer
func BenchmarkHunterVsRandom19(b *testing.B) { benchGames(b, "hunter", "random") }

func BenchmarkHunterVsSurvivor19(b *testing.B) { benchGames(b, "hunter", "survivor") }

func BenchmarkFourBots19(b *testing.B) { benchGames(b, "hunter", "survivor", "cautious", "random") }

func benchGames(b *testing.B, names ...string) {
	b.ReportAllocs()
	for i := range b.N {
		seats := names
		if i%2 == 1 && len(names) == 2 {
			seats = []string{names[1], names[0]}
		}
		playGame(wh.DefaultSize, seats, uint64(i))
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
}

// playGame plays one game of the named house bots (seat order as given) on a size board and
// returns its ranks. Bots are seeded from the game's seed and their seat.
func playGame(size int, names []string, seed uint64) []int {
	st, err := wh.NewState(size, len(names), seed)
	if err != nil {
		panic(err)
	}
	players := make([]bots.Bot, len(names))
	for k, n := range names {
		players[k] = info(n).New(seed*16 + uint64(k))
	}
	for !st.Over() {
		seat := st.Turn()
		a := players[seat].Choose(st, seat)
		if st.Validate(seat, a) != nil {
			a = st.DefaultAction(seat)
		}
		if _, err := st.Apply(seat, a); err != nil {
			panic(err)
		}
	}
	return st.Outcome().Ranks
}

// One hunter decision (96 simulated turns) at the start of a 4-player 19×19 game.
func BenchmarkHunterDecision19(b *testing.B) {
	st, _ := wh.NewState(wh.DefaultSize, 4, 1)
	bot := info("hunter").New(1)
	b.ReportAllocs()
	for range b.N {
		bot.Choose(st, st.Turn())
	}
}
