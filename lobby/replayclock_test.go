package lobby

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/arena-classroom/arena/catalog"
)

// The replay of a game whose moves have clocks, stepped through with the keys, at 80×24
// and larger, in colour and in TERM=dumb: at bob's timeout the screen says so, at his note
// it shows the note, and each seat's think times are there with its timeout counted. The
// same game without its clocks (as stored before them) shows none of it.
func TestTheReplayScreenShowsTheClocks(t *testing.T) {
	e, _ := catalog.Get("sevencolors")
	for _, size := range readableSizes {
		width, height := size[0], size[1]
		for _, p := range readablePalettes {
			fm, r := finishedGame(t, e, width, height, p)
			g, noted := clockedGame(storedGame(r))
			timeout := -1
			for i, mv := range g.Replay.Moves {
				if mv.Clock != nil && mv.Clock.Warn == "timeout" {
					timeout = i
				}
			}
			if timeout < 0 {
				t.Fatal("no timeout in the game")
			}
			m := &model{s: newSession(fm.s.app, terminal("k1", "ann", width, height, p)), now: screenClock}
			m.screen = &homeScreen{}
			showStored(t, m, g, width, height)
			// The move shown is the one the cursor has just passed: the timeout is move
			// timeout+1, the note's move noted.
			for range noted {
				press(m, "l")
			}
			view := ansi.Strip(m.View())
			fits(t, "replay at a note", m.View(), width, height)
			if !strings.Contains(view, "note: colour 4 looked free") || !strings.Contains(view, "bob thought ") {
				t.Errorf("%d×%d, palette %d, at move %d: no note\n%s", width, height, p, noted, view)
			}
			press(m, "g") // the start
			for range timeout + 1 {
				press(m, "l")
			}
			view = ansi.Strip(m.View())
			fits(t, "replay at a timeout", m.View(), width, height)
			if !strings.Contains(view, "timed out: default played") || !strings.Contains(view, "1 timeout") ||
				!strings.Contains(view, "avg think") || strings.Contains(view, "note:") {
				t.Errorf("%d×%d, palette %d, at move %d: no timeout\n%s", width, height, p, timeout+1, view)
			}

			// The same game as stored before clocks: the screen has no line of them.
			for i := range g.Replay.Moves {
				g.Replay.Moves[i].Clock = nil
			}
			g.Notes = nil
			showStored(t, m, g, width, height)
			for range timeout + 1 {
				press(m, "l")
			}
			view = ansi.Strip(m.View())
			for _, w := range []string{"think", "thought", "timed out", "bank", "recent", "—"} {
				if strings.Contains(view, w) {
					t.Errorf("%d×%d, palette %d: %q in a replay without clocks\n%s", width, height, p, w, view)
				}
			}
			if !strings.Contains(view, "answer was late or refused") {
				t.Errorf("%d×%d, palette %d: the refused move not said as before\n%s", width, height, p, view)
			}
		}
	}
}
