package termrender

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// Whatever the sequence of views, the lines written since the last frame leave the screen
// exactly as the whole frame would.
func TestDiffsLeaveTheScreenAsTheWholeFrame(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	const width, height = 30, 8
	scr := newScreen(t, width, height)
	r := New(scr, width, height)
	lines := []string{"arena · ann", "", "  Quick match"}
	for frame := range 500 {
		lines = mutate(rng, lines, width, height)
		view := strings.Join(lines, "\n")
		r.Render(view)
		if got, want := scr.String(), want(view, width, height); got != want {
			t.Fatalf("frame %d: the screen shows\n%s\nnot\n%s\n(view %q)", frame, got, want, view)
		}
	}
	if !scr.alt || !scr.cursorHidden || !scr.paste {
		t.Errorf("alt screen %v, cursor hidden %v, bracketed paste %v: want all on", scr.alt, scr.cursorHidden, scr.paste)
	}
}

// mutate changes a few lines of a view: edits, styles, lines wider than the window, lines
// added and removed, sometimes more lines than the window has rows.
func mutate(rng *rand.Rand, lines []string, width, height int) []string {
	lines = append([]string(nil), lines...)
	for range rng.IntN(3) + 1 {
		word := func() string {
			n := rng.IntN(width + 10)
			s := strings.Repeat(string(rune('a'+rng.IntN(26))), n)
			if rng.IntN(3) == 0 {
				s = "\x1b[1;38;5;213m" + s + "\x1b[0m"
			}
			return s
		}
		switch op := rng.IntN(10); {
		case op < 5 && len(lines) > 0:
			lines[rng.IntN(len(lines))] = word()
		case op < 7 && len(lines) < height+3:
			lines = append(lines, word())
		case op < 9 && len(lines) > 1:
			lines = lines[:len(lines)-1-rng.IntN(min(3, len(lines)-1))]
		default:
			if len(lines) > 0 {
				lines[0] = "\a" + lines[0] // a bell takes no room
			}
		}
	}
	return lines
}

func TestAnUnchangedViewWritesNothing(t *testing.T) {
	scr := newScreen(t, 40, 10)
	r := New(scr, 40, 10)
	view := "arena · ann\n\n  \x1b[1mQuick match\x1b[0m\n  Watch"
	r.Render(view)
	if scr.writes != 1 {
		t.Fatalf("first frame: %d writes, want 1", scr.writes)
	}
	for range 10 {
		r.Render(view)
	}
	if scr.writes != 1 {
		t.Fatalf("an unchanged view was written again (%d writes)", scr.writes)
	}
	// One changed line is all that is written.
	before := scr.bytes
	r.Render(strings.Replace(view, "Watch", "Watch!", 1))
	if n := scr.bytes - before; scr.writes != 2 || n > len("\x1b[4H  Watch!\x1b[K") {
		t.Fatalf("one changed line: %d writes, %d bytes", scr.writes, n)
	}
}

func TestResizeRepaintsEverything(t *testing.T) {
	scr := newScreen(t, 40, 10)
	r := New(scr, 40, 10)
	view := "arena · ann\n" + strings.Repeat("x", 35) + "\nbottom"
	r.Render(view)
	for _, size := range [][2]int{{20, 5}, {60, 12}, {35, 2}, {80, 24}} {
		scr.resize(size[0], size[1]) // the terminal forgets what it showed
		r.Resize(size[0], size[1])
		r.Render(view) // the same view: everything is painted again
		if got, want := scr.String(), want(view, size[0], size[1]); got != want {
			t.Fatalf("after a resize to %v the screen shows\n%s\nnot\n%s", size, got, want)
		}
	}
}

func TestEndRestoresTheTerminalOnceAndWritesNothingAfter(t *testing.T) {
	scr := newScreen(t, 40, 10)
	r := New(scr, 40, 10)
	r.Render("hello")
	r.End()
	if scr.alt || scr.cursorHidden || scr.paste {
		t.Errorf("after End: alt screen %v, cursor hidden %v, bracketed paste %v: want all off", scr.alt, scr.cursorHidden, scr.paste)
	}
	writes := scr.writes
	r.End()
	r.Render("goodbye")
	r.Resize(20, 5)
	r.Render("again")
	if scr.writes != writes {
		t.Errorf("%d writes after End", scr.writes-writes)
	}
}

func TestEndWithoutAFrameWritesNothing(t *testing.T) {
	scr := newScreen(t, 40, 10)
	r := New(scr, 40, 10)
	r.End()
	r.Render("too late")
	if scr.writes != 0 {
		t.Errorf("%d writes by a renderer that never drew", scr.writes)
	}
}

// failing is a terminal whose connection has gone.
type failing struct{ writes int }

func (f *failing) Write(p []byte) (int, error) {
	f.writes++
	return 0, errors.New("connection closed")
}

func TestAFailedWriteEndsTheRenderer(t *testing.T) {
	out := &failing{}
	r := New(out, 40, 10)
	r.Render("one")
	r.Render("two")
	r.End()
	if out.writes != 1 {
		t.Errorf("%d writes to a closed connection, want 1", out.writes)
	}
}

func BenchmarkRenderOneChangedLine(b *testing.B) {
	var lines []string
	for i := range 30 {
		lines = append(lines, fmt.Sprintf("\x1b[38;5;245m%3d\x1b[0m %s", i, strings.Repeat("─", 90)))
	}
	views := [2]string{strings.Join(lines, "\n"), ""}
	lines[12] = "changed"
	views[1] = strings.Join(lines, "\n")
	r := New(discard{}, 100, 30)
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		r.Render(views[i%2])
	}
}

type discard struct{}

func (discard) Write(p []byte) (int, error) { return len(p), nil }

func TestTheSameSizeAgainRepaintsNothing(t *testing.T) {
	scr := newScreen(t, 40, 10)
	r := New(scr, 40, 10)
	r.Render("hello")
	r.Resize(40, 10)
	r.Render("hello")
	if scr.writes != 1 {
		t.Errorf("%d writes, want 1: the window did not change", scr.writes)
	}
}
