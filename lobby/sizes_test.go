package lobby

import (
	"slices"
	"testing"

	"github.com/arena-classroom/arena/games"
)

// The house-bot screen offers sizes from the game's described range.
func TestSizeChoicesFollowTheDescribedRange(t *testing.T) {
	for _, c := range []struct {
		st   games.Setting
		want []int
	}{
		{games.Setting{Min: 2, Max: 50, Default: 30}, []int{10, 15, 20, 25, 30, 35, 40, 45, 50}},
		{games.Setting{Min: 7, Max: 35, Default: 19}, []int{10, 15, 19, 20, 25, 30, 35}},
		{games.Setting{Min: 3, Max: 8, Default: 5}, []int{5, 8}},
	} {
		if got := sizeChoices(c.st); !slices.Equal(got, c.want) {
			t.Errorf("%+v: %v, want %v", c.st, got, c.want)
		}
	}
}
