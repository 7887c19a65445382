package rooms

import (
	"reflect"
	"testing"

	"github.com/arena-classroom/arena/games"
)

func TestRankLeaversLast(t *testing.T) {
	for _, c := range []struct {
		name  string
		ranks []int
		left  []bool
		want  []int
	}{
		{"nobody left", []int{2, 1}, []bool{false, false}, []int{2, 1}},
		{"the winner had left", []int{1, 2}, []bool{true, false}, []int{2, 1}},
		{"a draw, one had left", []int{1, 1}, []bool{false, true}, []int{1, 2}},
		{"everyone left: the game's order", []int{2, 1}, []bool{true, true}, []int{2, 1}},
		{"four players, two left", []int{1, 2, 2, 4}, []bool{true, false, false, true}, []int{3, 1, 1, 4}},
		{"ties among leavers stay ties", []int{1, 1, 3}, []bool{true, true, false}, []int{2, 2, 1}},
	} {
		t.Run(c.name, func(t *testing.T) {
			o := games.Outcome{Ranks: c.ranks, Scores: make([]int, len(c.ranks))}
			got := rankLeaversLast(o, c.left)
			if !reflect.DeepEqual(got.Ranks, c.want) {
				t.Fatalf("ranks %v left %v: got %v, want %v", c.ranks, c.left, got.Ranks, c.want)
			}
			if &got.Ranks[0] == &o.Ranks[0] {
				t.Fatal("the rules' outcome was modified in place")
			}
		})
	}
}
