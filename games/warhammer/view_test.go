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

// keys feeds keys to a new draft of seat 0's turn and returns the action once one is done.
func keys(t *testing.T, s *State, ks ...string) (games.Draft, games.Action, bool) {
	t.Helper()
	d := View.(games.Composer).Compose(s, 0)
	for i, k := range ks {
		a, done, used := d.Key(k)
		if !used {
			t.Fatalf("key %q not taken", k)
		}
		if done {
			if i != len(ks)-1 {
				t.Fatalf("the move was done at key %d of %v", i, ks)
			}
			return d, a, true
		}
	}
	return d, nil, false
}

func TestDraftTakesTwoChoicesEachPreviewed(t *testing.T) {
	s := board(9, 0, at(4, 4), at(3, 6), at(8, 8))
	before := View.Board(s, 0, games.Plain)
	// A key previews the grenade up: it lands 5 cells up at (0,4), which the preview shows
	// destroyed, with its neighbours at 2; nothing is played yet.
	d, _, done := keys(t, s, "up")
	if done {
		t.Fatal("one key played a turn")
	}
	preview := d.Board(games.Plain)
	if got := cellOf(preview, 0, 4); got != "XX" {
		t.Errorf("landing cell previewed as %q, want XX\n%s", got, preview)
	}
	if got := cellOf(preview, 1, 4); got != "*2" {
		t.Errorf("splashed cell previewed as %q, want *2", got)
	}
	if got := cellOf(preview, 4, 4); got != "P1" {
		t.Errorf("the thrower's cell previewed as %q", got)
	}
	if !strings.Contains(d.Prompt(), "grenade up") || !strings.Contains(d.Prompt(), "(0,4)") {
		t.Errorf("prompt %q", d.Prompt())
	}
	if View.Board(s, 0, games.Plain) != before {
		t.Fatal("the preview changed the game")
	}
	// Another key changes the choice; the same key again takes it; the hammer follows.
	for _, tc := range []struct {
		keys []string
		code int
	}{
		{[]string{"up", "up", "x", "x"}, Code(gUp, hDown)},
		{[]string{"up", "enter", "right", "enter"}, Code(gUp, hRight)},
		{[]string{"left", "d", "d", "e", "enter"}, Code(mRight, 1)},                   // step right, hammer up-right (the opponent)
		{[]string{"6", "6", "9", "9"}, Code(mRight, 1)},                               // the keypad
		{[]string{"d", "enter", "backspace", "a", "enter", "w", " "}, Code(mLeft, 2)}, // back to the action
		{[]string{"d", "enter", "q", "backspace", "w", "w"}, Code(mRight, 2)},         // backspace drops the hammer choice first
	} {
		_, a, done := keys(t, s, tc.keys...)
		if !done || a != tc.code {
			t.Errorf("%v: %v (done %v), want %d", tc.keys, a, done, tc.code)
		}
	}
	if _, _, used := View.(games.Composer).Compose(s, 0).Key("m"); used {
		t.Error("m is not a key of the game")
	}
}

func TestDraftPreviewsTheHammerFromWhereTheActionLeavesThePlayer(t *testing.T) {
	s := board(9, 0, at(4, 4), at(3, 6), at(8, 8))
	// Step right to (4,5), then hammer up-right on (3,6): player 2 stands there and falls.
	d, _, _ := keys(t, s, "d", "d", "e")
	preview := d.Board(games.Plain)
	if got := cellOf(preview, 4, 5); got != "P1" {
		t.Errorf("the player previewed at (4,5) as %q\n%s", got, preview)
	}
	if got := cellOf(preview, 4, 4); got != "*3" {
		t.Errorf("the cell left previewed as %q, want *3", got)
	}
	if got := cellOf(preview, 3, 6); got != "x2" {
		t.Errorf("player 2's cell previewed as %q, want x2 (fallen)", got)
	}
	if p := d.Prompt(); !strings.Contains(p, "): hammers (3,6)") || !strings.Contains(p, "player 2 falls") {
		t.Errorf("prompt %q", p)
	}
}

func TestFatalChoicesNeedOneMorePress(t *testing.T) {
	// Player 1 stands on the left edge: a step left leaves the board.
	s := board(9, 0, at(4, 0), at(3, 6))
	d, _, done := keys(t, s, "a", "a")
	if done || !strings.Contains(d.Prompt(), "KILLS YOU") {
		t.Fatalf("a fatal step was taken at the first confirmation: %q", d.Prompt())
	}
	if a, done, _ := d.Key("enter"); !done || a != Code(mLeft, 0) {
		t.Fatalf("confirmed fatal step: %v %v", a, done)
	}
	// A hammer into the void is fatal too; backspace disarms it.
	d, _, _ = keys(t, s, "right", "right", "a", "enter", "backspace", "d")
	if strings.Contains(d.Prompt(), "KILLS") {
		t.Fatalf("hammer right is not fatal: %q", d.Prompt())
	}
	if a, done, _ := d.Key("d"); !done || a != Code(gRight, hRight) {
		t.Fatalf("hammer right: %v %v", a, done)
	}
}

// cellOf is the two columns of cell (r, c) of a Plain board.
func cellOf(board string, r, c int) string {
	line := strings.Split(board, "\n")[r]
	return line[2*c : 2*c+2]
}

func TestStatusLines(t *testing.T) {
	s := board(9, 0, at(4, 4), Player{Alive: false, Row: 0, Col: 1}, at(8, 8))
	s.deaths = []int{1}
	s.hp[4*9+4] = 3
	if got := View.Status(s, 0); got != "P1 · alive · HP 3" {
		t.Errorf("%q", got)
	}
	if got := View.Status(s, 1); got != "P2 · fell 1st" {
		t.Errorf("%q", got)
	}
	if View.Status(s, 5) != "" || View.Status(nil, 0) != "" {
		t.Error("a seat out of range has a status")
	}
}

func TestDraftMarksWhereAGrenadeLandsEvenOnAHole(t *testing.T) {
	s := board(9, 0, at(4, 4), at(8, 8))
	s.hp[0*9+4] = 0 // the grenade up lands on a hole: nothing is destroyed there
	d, _, _ := keys(t, s, "up")
	if got := cellOf(d.Board(games.Plain), 0, 4); got != "XX" {
		t.Fatalf("the landing cell previewed as %q, want XX", got)
	}
}
