package games

import "testing"

func TestCountSaysOneThingInTheSingular(t *testing.T) {
	for _, c := range []struct {
		n    int
		want string
	}{{0, "0 dice"}, {1, "1 die"}, {2, "2 dice"}, {-1, "-1 dice"}} {
		if got := Count(c.n, "die", "dice"); got != c.want {
			t.Errorf("Count(%d) = %q, want %q", c.n, got, c.want)
		}
	}
}

func TestOrdinal(t *testing.T) {
	for n, want := range map[int]string{1: "1st", 2: "2nd", 3: "3rd", 4: "4th", 11: "11th", 12: "12th", 13: "13th", 21: "21st", 22: "22nd", 101: "101st", 111: "111th"} {
		if got := Ordinal(n); got != want {
			t.Errorf("Ordinal(%d) = %q, want %q", n, got, want)
		}
	}
}
