// Golden screens: what every screen of the lobby draws today (screenCases, the same cases
// as TestEveryKeyIsInTheHelp), at 80×24 and at 120×40, kept as text in
// testdata/golden/NAME.WIDTHxHEIGHT.txt, one file per screen and size. Each screen is made
// for a window of that size, told its size as Bubble Tea tells it (a tea.WindowSizeMsg),
// and drawn on the cases' fake clock (screenClock); the file is its View with the ANSI
// escape sequences stripped and each line's trailing spaces trimmed.
//
// A change to what a screen draws fails TestGoldenScreens with the screen's old and new
// text. When the change is meant, rewrite the files and review them as a diff:
//
//	go test ./lobby/ -run TestGoldenScreens -update
//	git diff --stat lobby/testdata/golden/   # which screens changed
//	git diff lobby/testdata/golden/          # how; commit the files with the change
//
// A refactor that should draw nothing differently (the screen contract's) leaves the
// directory as it was: `git status lobby/testdata/golden/` shows nothing. -update also
// removes the files of screens no case draws any longer; without it, such a file fails the
// test.
package lobby

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/arena-classroom/arena/keyboard"
	"github.com/arena-classroom/arena/lang"
)

var update = flag.Bool("update", false, "rewrite the golden screens (testdata/golden) with what the screens draw")

// goldenDir holds the golden screens.
const goldenDir = "testdata/golden"

// goldenSizes are the windows every screen is drawn at: the smallest the lobby supports,
// and a large one.
var goldenSizes = [][2]int{{80, 24}, {120, 40}}

// withHelp are the game screens of cases (the "playing GAME" ones) with the ? overlay open:
// the game's rules summary and keys, as a player reads them mid-game.
func withHelp(cases []screenCase) []screenCase {
	var out []screenCase
	for _, c := range cases {
		if !strings.HasPrefix(c.name, "playing ") || strings.HasPrefix(c.name, "playing dumb ") {
			continue
		}
		make := c.make
		c.name = "help " + c.name
		c.make = func(t *testing.T) *model {
			m := make(t)
			m.setHelp(true)
			return m
		}
		out = append(out, c)
	}
	return out
}

// inFrench are the cases drawn once more for a French reader with an AZERTY keyboard, at
// the smallest window (where a longer French sentence is likeliest to be cut): "home"'s is
// home-fr.80x24.txt. Each must fit the window.
func inFrench(cases []screenCase) []screenCase {
	out := make([]screenCase, 0, len(cases))
	for _, c := range cases {
		make := c.make
		c.name += " fr"
		c.make = func(t *testing.T) *model {
			terminalLang = lang.French // the person's language from the start, as a session has it
			defer func() { terminalLang = lang.English }()
			m := make(t)
			if m.s.lang != lang.French || m.s.keyboard != keyboard.AZERTY {
				t.Fatalf("a French case's session: %s, %s", m.s.lang, m.s.keyboard)
			}
			return m
		}
		out = append(out, c)
	}
	return out
}

// goldenFile is the name of the golden screen of case name at width × height: the words
// of the case's name (letters, digits, - and _) joined with - ("standings open (teacher)":
// standings-open-teacher.80x24.txt).
func goldenFile(name string, width, height int) string {
	words := strings.FieldsFunc(name, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_')
	})
	return fmt.Sprintf("%s.%dx%d.txt", strings.Join(words, "-"), width, height)
}

// drawn is what view shows, as text: no escape sequences, no trailing spaces, a final
// newline.
func drawn(view string) string {
	lines := strings.Split(ansi.Strip(view), "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, " ")
	}
	return strings.Join(lines, "\n") + "\n"
}

// Every screen draws what its golden file holds (see the top of this file).
func TestGoldenScreens(t *testing.T) {
	want := map[string]bool{} // the files of every case at every size, whatever -run runs
	for _, size := range goldenSizes {
		width, height := size[0], size[1]
		cases := screenCases(width, height)
		cases = append(cases, withHelp(cases)...)
		if width == 80 && height == 24 {
			cases = append(cases, inFrench(cases)...)
		}
		for _, c := range cases {
			file := goldenFile(c.name, width, height)
			if want[file] {
				t.Fatalf("two screen cases are drawn to %s", file)
			}
			want[file] = true
		}
		t.Run(fmt.Sprintf("%dx%d", width, height), func(t *testing.T) {
			for _, c := range cases {
				file := goldenFile(c.name, width, height)
				t.Run(c.name, func(t *testing.T) {
					m := c.make(t)
					m.Update(tea.WindowSizeMsg{Width: width, Height: height})
					// The model takes the wall clock's time with Init and each message; the
					// queue its start's (queueScreen.init): both go back to the fake clock.
					m.now = screenClock
					if q, ok := m.screen.(*queueScreen); ok {
						q.since = screenClock
					}
					view := m.View()
					fits(t, c.name, view, width, height)
					got := drawn(view)
					path := filepath.Join(goldenDir, file)
					if *update {
						if err := os.MkdirAll(goldenDir, 0o755); err != nil {
							t.Fatal(err)
						}
						if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
							t.Fatal(err)
						}
						return
					}
					old, err := os.ReadFile(path)
					if err != nil {
						t.Fatalf("%v (go test ./lobby/ -run TestGoldenScreens -update writes it)", err)
					}
					if string(old) != got {
						t.Errorf("%s draws otherwise than %s (if meant: -update, then review git diff %s)\n%s",
							c.name, path, goldenDir, lineDiff(string(old), got))
					}
				})
			}
		})
	}
	// The files of screens no case draws any longer.
	entries, err := os.ReadDir(goldenDir)
	if err != nil && !*update {
		t.Fatal(err)
	}
	for _, e := range entries {
		if want[e.Name()] {
			continue
		}
		path := filepath.Join(goldenDir, e.Name())
		if !*update {
			t.Errorf("%s is no screen case's (-update removes it)", path)
		} else if err := os.Remove(path); err != nil {
			t.Error(err)
		}
	}
}

// lineDiff shows the lines of was and is side by side where they differ, with both texts
// whole after.
func lineDiff(was, is string) string {
	a, b := strings.Split(was, "\n"), strings.Split(is, "\n")
	var out strings.Builder
	line := func(l []string, i int) string {
		if i < len(l) {
			return fmt.Sprintf("%q", l[i])
		}
		return "(no line)"
	}
	for i := range max(len(a), len(b)) {
		if x, y := line(a, i), line(b, i); x != y {
			fmt.Fprintf(&out, "line %d:\n  was %s\n  is  %s\n", i+1, x, y)
		}
	}
	fmt.Fprintf(&out, "--- was\n%s--- is\n%s", was, is)
	return out.String()
}
