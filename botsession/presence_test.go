package botsession_test

import (
	"slices"
	"testing"
	"time"

	"github.com/arena-classroom/arena/internal/arenatest"
	"github.com/arena-classroom/arena/internal/sshtest"
	"github.com/arena-classroom/arena/internal/until"
)

// Two bots connected at once are both online, and one leaving leaves the other listed (every
// bot session used to share one presence key: a pointer to a zero-size struct).
func TestTwoBotsAreOnlineAndLeaveOneByOne(t *testing.T) {
	addr, _, app := arenatest.BotArena(t, arenatest.FastHub(), time.Hour)
	alice := sshtest.Dial(t, addr, "alice", sshtest.NewKey(t))
	bob := sshtest.Dial(t, addr, "bob", sshtest.NewKey(t))
	for _, c := range []*arenatest.Bot{
		arenatest.StartBot(t, alice, "--game sevencolors --practice --vs greedy --games 5 --size 8"),
		arenatest.StartBot(t, bob, "--game sevencolors --practice --vs greedy --games 5 --size 8"),
	} {
		c.Until("start") // practising: its presence is set
	}
	online := app.Online()
	if !slices.Contains(online, "alice") || !slices.Contains(online, "bob") {
		t.Fatalf("online %v, want alice and bob", online)
	}
	if n := app.Stats().Places["practising"]; n != 2 {
		t.Fatalf("%d practising in the metrics, want 2", n)
	}
	alice.Close()
	until.True(t, 10*time.Second, "alice leaving the online list", func() bool {
		return !slices.Contains(app.Online(), "alice")
	})
	if online := app.Online(); !slices.Contains(online, "bob") {
		t.Fatalf("alice left and bob went with her: online %v", online)
	}
	if n := app.Stats().Places["practising"]; n != 1 {
		t.Fatalf("%d practising once alice left, want 1", n)
	}
}
