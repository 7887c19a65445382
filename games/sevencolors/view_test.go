package sevencolors

import (
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/arena-classroom/arena/games"
)

var sgr = regexp.MustCompile("\x1b\\[[0-9;]*m")

func TestPlainBoard(t *testing.T) {
	s := pos(t, Player1,
		"BAv",
		"A.C",
		"^AG",
	)
	want := "B A v \nA . C \n^ A G "
	if got := View.Board(s, 0, games.Plain); got != want {
		t.Fatalf("plain board:\n%q\nwant\n%q", got, want)
	}
	s.Apply(0, 3)
	want = "B A v \n^ . C \n^ ^ G "
	if got := View.Board(s, -1, games.Plain); got != want {
		t.Fatalf("after A:\n%q\nwant\n%q", got, want)
	}
}

func TestColourBoards(t *testing.T) {
	s, _ := NewState(8, 3)
	plain := strings.Split(View.Board(s, -1, games.Plain), "\n")
	seen := map[string]bool{}
	for _, p := range []games.Palette{games.ANSI16, games.ANSI256} {
		board := View.Board(s, 0, p)
		if seen[board] {
			t.Fatal("the two colour palettes draw the same")
		}
		seen[board] = true
		lines := strings.Split(board, "\n")
		if len(lines) != 8 {
			t.Fatalf("palette %d: %d lines", p, len(lines))
		}
		for y, line := range lines {
			if !strings.HasSuffix(line, sgrReset) {
				t.Errorf("palette %d line %d does not reset its colours", p, y)
			}
			visible := sgr.ReplaceAllString(line, "")
			// Same letters as Plain; territories are drawn doubled.
			want := strings.NewReplacer("^ ", "^^", "v ", "vv").Replace(plain[y])
			if visible != want {
				t.Errorf("palette %d line %d: %q, want %q", p, y, visible, want)
			}
		}
	}
}

func TestKeys(t *testing.T) {
	s, _ := NewState(5, 1)
	for i, k := range []string{"a", "b", "c", "d", "e", "f", "g"} {
		for _, key := range []string{k, strings.ToUpper(k)} {
			a, ok := View.Key(s, 0, key)
			if !ok || a != games.Action(MinColor+i) {
				t.Errorf("key %q = %v %v, want %d", key, a, ok, MinColor+i)
			}
		}
	}
	for _, key := range []string{"h", "z", "1", "3", "enter", " ", "", "ab", "ctrl+c"} {
		if a, ok := View.Key(s, 0, key); ok {
			t.Errorf("key %q mapped to %v", key, a)
		}
	}
	if len(View.Keys()) == 0 || !strings.Contains(View.Rules(), "a–g") {
		t.Error("help lacks the key legend")
	}
}

// The help says what the screen does with a colour that touches nothing: it refuses it and
// the turn stays the person's (the lobby's draft explains and submits nothing), while a
// program's is a lost turn.
func TestHelpSaysARefusedColourKeepsTheTurn(t *testing.T) {
	rules := View.Rules()
	if !strings.Contains(rules, "refused") || !strings.Contains(rules, "still your turn") {
		t.Errorf("the help does not say a colour touching nothing is refused and the turn kept:\n%s", rules)
	}
	for _, line := range strings.Split(rules, "\n") {
		if strings.Contains(line, "touches nothing") && strings.Contains(line, "loses the turn") {
			t.Errorf("the help still says a colour touching nothing loses the turn: %q", line)
		}
	}
	// What the help promises is what happens: the colour is refused before anything is played.
	s := pos(t, Player1,
		"BAv",
		"A.C",
		"^AG",
	)
	a, ok := View.Key(s, 0, "c")
	if !ok || s.Validate(0, a) == nil {
		t.Fatalf("c (touching nothing of ^) is not refused: %v %v", a, ok)
	}
	for _, line := range strings.Split(rules, "\n") {
		if w := utf8.RuneCountInString(line); w > 74 {
			t.Errorf("a help line of %d columns, more than the 74 an 80-column help box has: %q", w, line)
		}
	}
}

func TestStatus(t *testing.T) {
	s := pos(t, Player1,
		"BAv",
		"A.C",
		"^AG",
	)
	if got := View.Status(s, 0); got != "^ player 1: 1 cell (11.1%)" {
		t.Errorf("status %q", got)
	}
	s.Apply(0, 3)
	if got := View.Status(s, 0); got != "^ player 1: 3 cells (33.3%)" {
		t.Errorf("status %q", got)
	}
	if got := View.Status(s, 1); got != "v player 2: 1 cell (11.1%)" {
		t.Errorf("status %q", got)
	}
	if View.Status(s, -1) != "" {
		t.Error("a spectator has no status line")
	}
}
