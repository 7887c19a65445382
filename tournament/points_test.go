package tournament

import (
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
		if got := Points(c.r); !slices.Equal(got, c.want) {
			t.Errorf("Points(%+v) = %v, want %v", c.r, got, c.want)
		}
	}
}
