package lobby_test

import (
	"strings"
	"testing"
	"time"

	"github.com/arena-classroom/arena/commands"
	"github.com/arena-classroom/arena/internal/arenatest"
	"github.com/arena-classroom/arena/internal/sshtest"
	"github.com/arena-classroom/arena/rooms"
)

// The lobby draws its screens again only when what they show changes: people idle in the
// lobby cost nothing, and a newcomer is seen by everyone.
func TestTheLobbyDoesNotRedrawWhileNothingChanges(t *testing.T) {
	addr, clock, app := arenatest.Manual(t, rooms.Config{TickHz: 50}, commands.Options{FillAfter: time.Hour})
	tick := time.Second / 50
	var terms []*sshtest.Term
	for _, name := range []string{"ann", "bob", "cid"} {
		term := sshtest.NewTerm(t, sshtest.Dial(t, addr, name, sshtest.NewKey(t)))
		term.WaitFor(t, "Quick match", 10*time.Second)
		terms = append(terms, term)
	}
	clock.Tick(time.Second) // the lobby tells its screens that three people came
	terms[0].WaitFor(t, "3 online", 10*time.Second)
	// Each screen drawn at a new size takes the last message its session had for it: from
	// here on, every screen drawn is counted.
	resize := func(width, height int) {
		for _, term := range terms {
			term.Reset()
			term.Resize(t, width, height)
			term.WaitFor(t, func(s string) bool { return strings.Contains(s, "arena") && strings.Contains(s, "Live rooms") }, 10*time.Second)
		}
	}
	resize(90, 28)
	before := app.Stats()
	// Five seconds of the lobby's life, ten of the old lobby's clock ticks, with nothing
	// changing: the lobby tells its screens nothing...
	for range 5 * time.Second / tick {
		clock.Tick(tick)
	}
	if told := app.Stats().Announcements - before.Announcements; told != 0 {
		t.Fatalf("the lobby told its screens of %d changes while nothing changed", told)
	}
	// ...and draws nothing: once every screen has been drawn at its new size, the screens
	// drawn are those three exactly.
	resize(80, 24)
	if drawn := app.Stats().Renders - before.Renders; drawn != 3 {
		t.Fatalf("%d screens drawn while nothing changed but three windows' size, want 3", drawn)
	}
	// A change reaches everyone.
	sshtest.NewTerm(t, sshtest.Dial(t, addr, "dee", sshtest.NewKey(t))).WaitFor(t, "Quick match", 10*time.Second)
	clock.Tick(tick)
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
