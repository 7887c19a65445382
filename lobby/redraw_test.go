package lobby_test

import (
	"testing"
	"time"

	"github.com/arena-classroom/arena/internal/sshtest"
	"github.com/arena-classroom/arena/lobby"
	"github.com/arena-classroom/arena/rooms"
)

// The lobby draws its screens again only when what they show changes: people idle in the
// lobby cost nothing, and a newcomer is seen by everyone.
func TestTheLobbyDoesNotRedrawWhileNothingChanges(t *testing.T) {
	addr, _, app := arena(t, rooms.Config{TickHz: 50}, lobby.Options{FillAfter: time.Hour})
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
