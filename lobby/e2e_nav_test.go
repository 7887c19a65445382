package lobby_test

import (
	"testing"
	"time"

	"github.com/arena-classroom/arena/commands"
	"github.com/arena-classroom/arena/internal/sshtest"
	"github.com/arena-classroom/arena/rooms"
)

// Over real SSH: `ssh -t HOST wall`, then esc, ends the session and says so on the shell's
// screen.
func TestTheWallSessionEndsWithAFarewell(t *testing.T) {
	addr, _, _ := arena(t, rooms.Config{TickHz: 100}, commands.Options{})
	term := sshtest.NewTerm(t, sshtest.Dial(t, addr, "tina", sshtest.NewKey(t)), sshtest.Command("wall"))
	term.WaitFor(t, "the wall", 10*time.Second)
	term.Send(t, "\x1b")
	term.WaitFor(t, "The wall is closed.", 10*time.Second)
	if code := term.Wait(t, 10*time.Second); code != 0 {
		t.Fatalf("the session ended with %d", code)
	}
}
