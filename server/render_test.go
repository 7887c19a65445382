package server_test

import (
	"context"
	"strings"
	"testing"

	"github.com/arena-classroom/arena/internal/sshtest"
)

// Terminal modes the server's screens switch on, and back off when they end.
const (
	altScreenOn  = "\x1b[?1049h"
	altScreenOff = "\x1b[?1049l"
	cursorShown  = "\x1b[?25h"
)

// Updates that change nothing on the screen write nothing: a session that only receives
// such messages (or none) costs no output. The keys and the frame after them travel in
// order, so anything the ignored keys had written would be seen before the frame.
func TestAnUnchangedScreenWritesNothing(t *testing.T) {
	addr, _ := sshtest.Start(t, fakeApp{})
	term := sshtest.NewTerm(t, sshtest.Dial(t, addr, "alice", sshtest.NewKey(t)), sshtest.Size(90, 25))
	term.Send(t, "x")
	term.WaitFor(t, "keys=1", wait)
	term.Reset()
	term.Send(t, strings.Repeat(sshtest.Up, 10))
	term.Send(t, "y")
	term.WaitFor(t, "keys=2", wait)
	// Only the key line changed: the cursor moves to it, it is written, the rest of the row
	// erased.
	if raw, want := term.Raw(), "\x1b[5Hkey: y keys=2\x1b[K"; raw != want {
		t.Fatalf("after ten keys that change nothing and one that does, the terminal got %q, want %q", raw, want)
	}
}

func TestAResizeRepaintsTheScreen(t *testing.T) {
	addr, _ := sshtest.Start(t, fakeApp{})
	term := sshtest.NewTerm(t, sshtest.Dial(t, addr, "alice", sshtest.NewKey(t)), sshtest.Size(90, 25))
	term.WaitFor(t, "size=90x25", wait)
	term.Reset()
	term.Resize(t, 70, 20)
	out := term.WaitFor(t, "size=70x20", wait)
	if !strings.Contains(out, "hello alice") {
		t.Fatalf("after a resize the unchanged lines were not drawn again:\n%s", out)
	}
}

// However a screen ends (the user leaves, it crashes, the server shuts down) the client's
// terminal is given back: main screen, cursor shown. (The server says why after that, on
// stderr; this client reads stdout and stderr apart, so their order is not checked.)
func TestTheTerminalIsGivenBack(t *testing.T) {
	addr, srv := sshtest.Start(t, fakeApp{})
	c := sshtest.Dial(t, addr, "alice", sshtest.NewKey(t))
	given := func(t *testing.T, term *sshtest.Term, then string) {
		t.Helper()
		raw := term.Raw()
		on, off := strings.Index(raw, altScreenOn), strings.LastIndex(raw, altScreenOff)
		if on < 0 || off < on || !strings.Contains(raw[off-len(cursorShown):], cursorShown) {
			t.Fatalf("the terminal was not given back (alt screen at %d, left at %d): %q", on, off, raw)
		}
		if !strings.Contains(raw, then) {
			t.Fatalf("%q was not said: %q", then, raw)
		}
	}
	for _, tc := range []struct{ name, key, then string }{
		{"quit", "q", ""},
		{"Update panic", "p", "this screen crashed"},
		{"View panic", "v", "this screen crashed"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			term := sshtest.NewTerm(t, c)
			term.WaitFor(t, "hello alice", wait)
			term.Send(t, tc.key)
			term.Wait(t, wait)
			given(t, term, tc.then)
		})
	}
	t.Run("shutdown", func(t *testing.T) {
		term := sshtest.NewTerm(t, c)
		term.WaitFor(t, "hello alice", wait)
		ctx, cancel := context.WithTimeout(context.Background(), wait)
		defer cancel()
		if err := srv.Shutdown(ctx); err != nil {
			t.Fatalf("shutdown: %v", err)
		}
		term.Wait(t, wait)
		given(t, term, "the server is shutting down")
	})
}
