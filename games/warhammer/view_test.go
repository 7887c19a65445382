package warhammer

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/arena-classroom/arena/games"
)

func TestPlainBoardUsesLettersDigitsAndSpaces(t *testing.T) {
	s := board(7, 1, at(1, 1), at(3, 3), Player{Alive: false, Row: 5, Col: 5})
	s.hp[0], s.hp[1], s.hp[2] = 0, 1, 12
	got := View.Board(s, -1, games.Plain)
	want := strings.Join([]string{
		"   1 9 4 4 4 4",
		" 4P1 4 4 4 4 4",
		" 4 4 4 4 4 4 4",
		" 4 4 4P2 4 4 4",
		" 4 4 4 4 4 4 4",
		" 4 4 4 4 4x3 4",
		" 4 4 4 4 4 4 4",
	}, "\n")
	if got != want {
		t.Fatalf("plain board:\n%s\nwant\n%s", got, want)
	}
	for _, r := range got {
		if !(r == ' ' || r == '\n' || r >= '0' && r <= '9' || r >= 'A' && r <= 'Z' || r >= 'a' && r <= 'z') {
			t.Fatalf("plain board holds %q", r)
		}
	}
}

func TestColourBoardsHaveOneWidthAndShowEveryMarker(t *testing.T) {
	s, _ := NewState(19, 8, 1)
	s.Play(Code(0, 0))
	for _, p := range []games.Palette{games.ANSI16, games.ANSI256} {
		b := View.Board(s, 0, p)
		lines := strings.Split(b, "\n")
		if len(lines) != 19 {
			t.Fatalf("palette %d: %d lines", p, len(lines))
		}
		for i, l := range lines {
			if w := ansi.StringWidth(l); w != 38 {
				t.Fatalf("palette %d: line %d is %d wide", p, i, w)
			}
		}
		plain := ansi.Strip(b)
		for k := range 8 {
			if !strings.Contains(plain, "P"+string(rune('1'+k))) {
				t.Fatalf("palette %d: no marker for player %d", p, k+1)
			}
		}
	}
	if w, h := View.(games.Fitter).BoardSize(games.Config{"size": 19}); w != 38 || h != 19 {
		t.Fatalf("19×19 takes %d×%d", w, h)
	}
	// An 80×24 terminal leaves 42×21 beside the panel: 19×19 fits; a small window gets less.
	if got := View.(games.Fitter).FitConfig(games.Config{"size": 19}, 42, 21)["size"]; got != 19 {
		t.Fatalf("fit in 42×21: %d", got)
	}
	if got := View.(games.Fitter).FitConfig(games.Config{"size": 19}, 30, 16)["size"]; got != 15 {
		t.Fatalf("fit in 30×16: %d", got)
	}
}

func TestKeysPlayWholeTurns(t *testing.T) {
	s := board(9, 0, at(4, 4), at(3, 6), at(8, 8))
	s.hp[5*9+3] = 1
	for _, tc := range []struct {
		key  string
		code int
	}{
		{"right", Code(0, 5)}, // the grenade flies off; the weakest neighbour (5,3) is down-left
		{"up", Code(1, 5)},
		{"d", Code(4, 1)}, // step to (4,5): opponent up-right
		{"6", Code(4, 1)},
		{"Q", Code(7, 7)}, // step to (3,3): (4,4) dropped to 3, the weakest, down-right
	} {
		a, ok := View.Key(s, 0, tc.key)
		if !ok || a != tc.code {
			t.Errorf("key %q: %v %v, want %d", tc.key, a, ok, tc.code)
		}
	}
	if _, ok := View.Key(s, 0, "m"); ok {
		t.Error("m is not a key of the game")
	}
}

func TestStatusLines(t *testing.T) {
	s := board(9, 0, at(4, 4), Player{Alive: false, Row: 0, Col: 1}, at(8, 8))
	s.deaths = []int{1}
	s.hp[4*9+4] = 3
	if got := View.Status(s, 0); got != "P1 · alive at (4,4) · cell HP 3" {
		t.Errorf("%q", got)
	}
	if got := View.Status(s, 1); got != "P2 · fell 1st, at (0,1)" {
		t.Errorf("%q", got)
	}
	if View.Status(s, 5) != "" || View.Status(nil, 0) != "" {
		t.Error("a seat out of range has a status")
	}
}
