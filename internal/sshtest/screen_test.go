package sshtest

import (
	"strings"
	"testing"

	"github.com/arena-classroom/arena/internal/termrender"
)

type screenWriter struct{ s *screen }

func (w screenWriter) Write(p []byte) (int, error) {
	// One byte at a time: sequences and characters cut anywhere must come out whole.
	for i := range p {
		w.s.write(p[i : i+1])
	}
	return len(p), nil
}

// The screen shows the renderer's last view, not the lines it replaced: what a person
// sees, whatever was drawn before.
func TestTheScreenShowsTheLastFrame(t *testing.T) {
	s := newScreen(30, 6)
	r := termrender.New(screenWriter{s}, 30, 6)
	views := []string{
		"arena\n\nYour turn!\n▶ alice (you)\n  bob",
		"arena\n\nbob is playing…\n  alice (you)\n▶ bob",
		"arena · 7 Colors\n\n\x1b[1mYour turn!\x1b[0m\n▶ alice (you)",
	}
	for _, v := range views {
		r.Render(v)
		if got, want := s.String(), stripView(v); got != want {
			t.Fatalf("after %q the screen shows\n%s\nwant\n%s", v, got, want)
		}
	}
	r.End()
	if strings.Contains(s.String(), "Your turn") {
		t.Fatalf("the program ended, yet the normal screen shows its frame:\n%s", s.String())
	}
}

// Plain output (a command's message, no full-screen program) is lines that scroll.
func TestTheScreenScrollsPlainLines(t *testing.T) {
	s := newScreen(10, 3)
	s.write([]byte("one\r\ntwo\r\nthree\r\nfour and more"))
	if got, want := s.String(), "three\nfour and m\nore"; got != want {
		t.Fatalf("the screen shows %q, want %q", got, want)
	}
}

func stripView(v string) string {
	return strings.TrimRight(Strip(v), "\n")
}

// A huge window (the server's clamp test asks for 65535×65535) costs a bounded screen.
func TestAHugeWindowKeepsABoundedScreen(t *testing.T) {
	s := newScreen(65535, 65535)
	s.write([]byte("\x1b[65535;65535Hx\x1b[1;1Hhello"))
	if len(s.cells) > maxScreen || len(s.cells[0]) > maxScreen {
		t.Fatalf("a %d×%d screen kept", len(s.cells[0]), len(s.cells))
	}
	if !strings.HasPrefix(s.String(), "hello") {
		t.Fatalf("the screen shows %q", s.String()[:20])
	}
}
