package perfectaim

import (
	"testing"

	"github.com/arena-classroom/arena/bots"
	pa "github.com/arena-classroom/arena/games/perfectaim"
)

// playHeadless plays one game the way a headless match does, without the referee's log.
func playHeadless(tb testing.TB, seed uint64, perm int, names []string) *pa.State {
	s, err := pa.New(seed, perm, 0, len(names))
	if err != nil {
		tb.Fatal(err)
	}
	seats := make([]bots.Bot, len(names))
	for i, n := range names {
		info, _ := bots.Find(All, n)
		seats[i] = info.New(seed)
	}
	for !s.Over() {
		seat := s.ToMove()[0]
		if _, err := s.Apply(seat, seats[seat].Choose(s, seat)); err != nil {
			tb.Fatal(err)
		}
	}
	return s
}

// benchGames reports simulated game seconds per wall-clock second ("sim-s/s"): how many
// times faster than real time headless play runs.
func benchGames(b *testing.B, names []string) {
	b.ReportAllocs()
	var simulated float64
	seed := uint64(0)
	for b.Loop() {
		seed++
		s := playHeadless(b, seed, int(seed%12), names)
		simulated += s.Time().Float64()
	}
	b.ReportMetric(simulated/b.Elapsed().Seconds(), "sim-s/s")
	b.ReportMetric(simulated/float64(b.N), "sim-s/game")
}

func BenchmarkFourDeterministicBots(b *testing.B) {
	benchGames(b, []string{"indianajones", "zidane", "bobmorane", "anouslefouz"})
}

func BenchmarkIndianaJonesMirror(b *testing.B) {
	benchGames(b, []string{"indianajones", "indianajones", "indianajones", "indianajones"})
}

func BenchmarkGangsterinoVsRandom(b *testing.B) {
	benchGames(b, []string{"gangsterino", "random"})
}
