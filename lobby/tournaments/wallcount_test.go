package tournaments

import (
	"testing"

	"github.com/arena-classroom/arena/lang"
	"github.com/arena-classroom/arena/rooms"
)

// The wall's headline counts the games being played now, says which are fast, and counts
// the finished ones apart; in French too, 0 and 1 singular.
func TestTheWallCountsWhatItShows(t *testing.T) {
	for _, tc := range []struct {
		shown  []rooms.Info
		want   string
		french string
	}{
		{nil, "0 games being played", "0 partie en cours"},
		{[]rooms.Info{{Status: rooms.Playing}}, "1 game being played", "1 partie en cours"},
		{[]rooms.Info{{Status: rooms.Playing, Fast: true}, {Status: rooms.Playing}, {Status: rooms.Finished, Fast: true}},
			"2 games being played (1 fast) · 1 just finished", "2 parties en cours (1 rapide) · 1 tout juste finie"},
		{[]rooms.Info{{Status: rooms.Finished}, {Status: rooms.Finished}}, "0 games being played · 2 just finished",
			"0 partie en cours · 2 tout juste finies"},
	} {
		if got := wallCount(tc.shown, lang.English); got != tc.want {
			t.Errorf("wallCount(%d rooms) = %q, want %q", len(tc.shown), got, tc.want)
		}
		if got := wallCount(tc.shown, lang.French); got != tc.french {
			t.Errorf("wallCount(%d rooms) in French = %q, want %q", len(tc.shown), got, tc.french)
		}
	}
}

// The wall's panel writes half points and replay paces with a decimal comma in French.
func TestTheWallWritesNumbersTheFrenchWay(t *testing.T) {
	for _, c := range []struct {
		got, want string
	}{
		{points(2.5, lang.French), "2,5"}, {points(2.5, lang.English), "2.5"}, {points(3, lang.French), "3"},
		{speedText(0.5, lang.French), "0,5"}, {speedText(0.5, lang.English), "0.5"}, {speedText(2, lang.French), "2"},
	} {
		if c.got != c.want {
			t.Errorf("%q, want %q", c.got, c.want)
		}
	}
}
