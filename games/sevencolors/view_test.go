package sevencolors

import (
	"regexp"
	"strings"
	"testing"

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
	if len(View.Keys()) == 0 || !strings.Contains(View.Rules(), "a–g") || !strings.Contains(View.Rules(), "loses the turn") {
		t.Error("help lacks the key legend or the lost-turn rule")
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
