package dicewars

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/arena-classroom/arena/bots"
	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/games/chance"
	dw "github.com/arena-classroom/arena/games/dicewars"
)

// A star: area 1 (seat 0) touches 2, 3 and 4 (seat 1); 4 also touches 5 (seat 1).
var star = [][]int{{2, 3, 4}, {1}, {1}, {1, 5}, {4}}

func starGame(t *testing.T, dice []int) *dw.State {
	t.Helper()
	s, err := dw.FromGraph(star, 2, 1)
	if err != nil {
		t.Fatal(err)
	}
	return dw.Arrange(s, []int{0, 1, 1, 1, 1}, dice)
}

// The seed bot's expected score, worked by hand from the README's formulas.
func TestSeedScoreByHand(t *testing.T) {
	s := starGame(t, []int{4, 1, 2, 3, 2})
	// From 1 (n = 4) on 2 (1 die): enemies of 1 average (1+2+3)/3 = 2, so avant = 2-4 = -2.
	// Area 2 has no other enemy: cellT = n-1 = 3. Enemies of 1 but 2 average 2.5: apresS = 1.5.
	// S_s = 3 + 1.5 + 2 = 6.5; S_f = (2-1) - (-2) = 3; p = (4-1+1)/4 = 1: E = 6.5.
	if e, ok := SeedScore(s, 0, 1, 2); !ok || math.Abs(e-6.5) > 1e-12 {
		t.Fatalf("E(1→2) = %v, %v; want 6.5", e, ok)
	}
	// On 4 (3 dice): area 4's other enemy is 5 (2 dice): cellT = 3 - 2 = 1. Enemies of 1 but
	// 4 average 1.5: apresS = 0.5. S_s = 1 + 0.5 + 2 = 3.5; p = (4-3+1)/4 = 0.5:
	// E = 0.5·3.5 + 0.5·3 = 3.25.
	if e, ok := SeedScore(s, 0, 1, 4); !ok || math.Abs(e-3.25) > 1e-12 {
		t.Fatalf("E(1→4) = %v, %v; want 3.25", e, ok)
	}
	if _, ok := SeedScore(s, 0, 1, 5); ok {
		t.Fatal("a non-neighbour is a candidate") // (the caller only offers neighbours; 5 is not one)
	}
	if got := (Seed{}).Choose(s, 0); got != (dw.Action{From: 1, To: 2}) {
		t.Fatalf("seed plays %v, want the best E, 1→2", got)
	}
}

// Where the four differ: odds takes the likeliest win, seed the best score, classic never a
// stronger neighbour, random anything it may.
func TestBotsWhereTheyDiffer(t *testing.T) {
	s := starGame(t, []int{3, 1, 3, 4, 1})
	if got := (Odds{}).Choose(s, 0); got != (dw.Action{From: 1, To: 2}) {
		t.Fatalf("odds plays %v, want 1→2 (the surest win)", got)
	}
	classic := All[1].New(1)
	for range 50 {
		if got := classic.Choose(s, 0); got == (dw.Action{From: 1, To: 4}) {
			t.Fatalf("classic attacked a stronger neighbour: %v", got)
		}
	}
	weak := starGame(t, []int{2, 3, 3, 3, 1})
	if got := (Odds{}).Choose(weak, 0); got != dw.End {
		t.Fatalf("odds attacks against the odds: %v", got)
	}
	if got := (Seed{}).Choose(weak, 0); got != dw.End {
		t.Fatalf("seed attacks a stronger area: %v", got)
	}
}

func TestTheBotsAreDeterministic(t *testing.T) {
	for _, info := range All {
		st, _ := dw.Game.New(games.Config{}, 4, 7)
		a, b := info.New(3), info.New(3)
		for i := 0; i < 40 && !st.Over(); i++ {
			seat := st.ToMove()[0]
			x, y := a.Choose(st, seat), b.Choose(st, seat)
			if x != y {
				t.Fatalf("%s: %v then %v on the same state and seed", info.Name, x, y)
			}
			st.Apply(seat, x)
		}
	}
}

func playGame(bs []bots.Bot, seed uint64) games.Outcome {
	st, _ := dw.Game.New(games.Config{}, len(bs), seed)
	for !st.Over() {
		seat := st.ToMove()[0]
		a := bs[seat].Choose(st, seat)
		if st.Validate(seat, a) != nil {
			a = st.DefaultAction(seat)
		}
		st.Apply(seat, a)
	}
	return st.Outcome()
}

// BenchmarkFourClassic: four classic bots, 30 areas, map generation included.
// go test -run x -bench . -cpu 1 ./bots/dicewars
func BenchmarkFourClassic(b *testing.B) {
	for i := range b.N {
		bs := []bots.Bot{All[1].New(uint64(i)), All[1].New(uint64(i) + 1), All[1].New(uint64(i) + 2), All[1].New(uint64(i) + 3)}
		playGame(bs, uint64(i))
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
}

// BenchmarkMapGeneration: one 30-area map.
func BenchmarkMapGeneration(b *testing.B) {
	for i := range b.N {
		src := chance.New("dicewars/game", uint64(i)) // the games' generator
		if _, err := dw.Generate(30, rand.New(&src)); err != nil {
			b.Fatal(err)
		}
	}
}
