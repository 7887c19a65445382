package tournament

import (
	"math"
	"slices"
	"testing"
)

// Points says what each seat scores, as the standings count it.
func TestPoints(t *testing.T) {
	g := Game{Round: 1, Seats: []string{"a", "b"}}
	three := Game{Round: 1, Seats: []string{"a", "b", "c"}}
	for _, c := range []struct {
		r    Result
		want []float64
	}{
		{Result{Game: g, Ranks: []int{1, 2}}, []float64{1, 0}},
		{Result{Game: g, Ranks: []int{1, 1}}, []float64{0.5, 0.5}},
		{Result{Game: g, Forfeit: "a"}, []float64{0, 1}},
		{Result{Game: g, Forfeit: NobodyCame}, []float64{0, 0}},
		{Result{Game: g, Forfeit: Voided}, nil},
		{Result{Game: g}, nil},
		{Result{Game: three, Ranks: []int{2, 1, 3}}, []float64{0.5, 1, 0}},
	} {
		if got := Points(RoundRobin{}, c.r); !slices.Equal(got, c.want) {
			t.Errorf("Points(%+v) = %v, want %v", c.r, got, c.want)
		}
	}
}

// Every format's standings give each entrant the points its games gave it (those without a
// bye: a bye is not a game), so that a list of games adds up to the standings.
func TestPointsAddUpToTheStandings(t *testing.T) {
	for _, c := range []struct {
		f Format
		n int
	}{
		{RoundRobin{}, 6},
		{RoundRobin{Double: true, Legs: 2}, 5},
		{Swiss{Planned: 3}, 8},
		{Elimination{BestOf: 3}, 8},
		{Pools{TableSize: 3, MinSeats: 2}, 9},
		{Pools{TableSize: 4, MinSeats: 2, Legs: 2}, 10},
	} {
		es := people(c.n)
		// The better seed wins, but for a draw now and then and a forfeit or two.
		_, results := playOut(t, c.f, es, func(g Game) Result {
			r := higherWins(g)
			switch (g.Round + g.Pairing + g.Leg) % 5 {
			case 1:
				r.Ranks = make([]int, len(g.Seats))
				for i := range r.Ranks {
					r.Ranks[i] = 1
				}
			case 3:
				r = Result{Game: g, Forfeit: g.Seats[0]}
			}
			return r
		})
		standings, err := c.f.Standings(es, results)
		if err != nil {
			t.Fatal(err)
		}
		sum := map[string]float64{}
		for _, r := range results {
			for i, p := range Points(c.f, r) {
				sum[r.Game.Seats[i]] += p
			}
		}
		for _, s := range standings {
			if s.Byes == 0 && math.Abs(s.Points-sum[s.ID]) > 1e-9 {
				t.Errorf("%s of %d: %s has %v points in the standings, its games gave it %v", c.f.Name(), c.n, s.ID, s.Points, sum[s.ID])
			}
		}
	}
}
