package tournaments

import (
	"testing"

	"github.com/arena-classroom/arena/rooms"
)

// The wall's headline counts the games being played now, says which are fast, and counts
// the finished ones apart.
func TestTheWallCountsWhatItShows(t *testing.T) {
	for _, tc := range []struct {
		shown []rooms.Info
		want  string
	}{
		{nil, "0 games being played"},
		{[]rooms.Info{{Status: rooms.Playing}}, "1 game being played"},
		{[]rooms.Info{{Status: rooms.Playing, Fast: true}, {Status: rooms.Playing}, {Status: rooms.Finished, Fast: true}},
			"2 games being played (1 fast) · 1 just finished"},
		{[]rooms.Info{{Status: rooms.Finished}, {Status: rooms.Finished}}, "0 games being played · 2 just finished"},
	} {
		if got := wallCount(tc.shown); got != tc.want {
			t.Errorf("wallCount(%d rooms) = %q, want %q", len(tc.shown), got, tc.want)
		}
	}
}
