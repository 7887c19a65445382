package lobby_test

import (
	"strings"
	"testing"
	"time"

	"github.com/arena-classroom/arena/commands"
	"github.com/arena-classroom/arena/internal/sshtest"
	"github.com/arena-classroom/arena/rooms"
)

// The lobby draws its screens again only when what they show changes: people idle in the
// lobby cost nothing, and a newcomer is seen by everyone.
func TestTheLobbyDoesNotRedrawWhileNothingChanges(t *testing.T) {
	addr, _, app := arena(t, rooms.Config{TickHz: 50}, commands.Options{FillAfter: time.Hour})
	var terms []*sshtest.Term
	for _, name := range []string{"ann", "bob", "cid"} {
		term := sshtest.NewTerm(t, sshtest.Dial(t, addr, name, sshtest.NewKey(t)))
		term.WaitFor(t, "Quick match", 10*time.Second)
		terms = append(terms, term)
	}
	terms[0].WaitFor(t, "3 online", 10*time.Second)
	// Let the last announcements settle, then watch: three would-be clock ticks of the old
	// lobby (twice a second) go by without a single screen drawn.
	settled := app.Stats().Renders
	for deadline := time.Now().Add(5 * time.Second); ; {
		time.Sleep(600 * time.Millisecond)
		now := app.Stats().Renders
		if now == settled {
			break
		}
		settled = now
		if time.Now().After(deadline) {
			t.Fatal("the lobby never stopped drawing")
		}
	}
	time.Sleep(1500 * time.Millisecond)
	if drawn := app.Stats().Renders - settled; drawn != 0 {
		t.Fatalf("%d screens drawn while nothing changed", drawn)
	}
	// A change reaches everyone.
	sshtest.NewTerm(t, sshtest.Dial(t, addr, "dee", sshtest.NewKey(t))).WaitFor(t, "Quick match", 10*time.Second)
	for _, term := range terms {
		term.WaitFor(t, "4 online", 10*time.Second)
	}
}

// The lobby's terminal gets only the lines that change: a key that changes nothing writes
// nothing, moving in the menu rewrites the items concerned, not the screen. A resize, which
// the session's own loop forwards, draws it all again.
func TestTheLobbyWritesOnlyTheLinesThatChange(t *testing.T) {
	addr, _, _ := arena(t, rooms.Config{TickHz: 50}, commands.Options{FillAfter: time.Hour})
	term := sshtest.NewTerm(t, sshtest.Dial(t, addr, "ann", sshtest.NewKey(t)))
	term.WaitFor(t, "1 online", 10*time.Second)
	// The first item's line changes with every move (selected or not), in the same write as
	// the rest of the move.
	move := func(keys string) string {
		term.Reset()
		term.Send(t, keys)
		term.WaitFor(t, "Quick match", 10*time.Second)
		return term.Raw()
	}
	down := move(sshtest.Down)
	if strings.Contains(sshtest.Strip(down), "arena") {
		t.Fatalf("moving down the menu redrew the header: %q", down)
	}
	move(sshtest.Up)
	// Keys the home screen ignores, then the same move: the same bytes, nothing before them.
	if again := move("zzz" + sshtest.Down); again != down {
		t.Fatalf("after ignored keys, moving down wrote %q; alone it wrote %q", again, down)
	}

	term.Reset()
	term.Resize(t, 90, 28)
	term.WaitFor(t, func(s string) bool { return strings.Contains(s, "arena") && strings.Contains(s, "Live rooms") }, 10*time.Second)
}
