package rooms_test

import (
	"os/exec"
	"strings"
	"testing"
)

// Rooms play any game they are handed (games/playable) and depend on none: no game, no house
// bot, no catalog, no batch runner. A room can then live beside any set of games.
func TestRoomsDependOnNoGame(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", ".").Output()
	if err != nil {
		t.Skipf("go list: %v", err)
	}
	const mod = "github.com/arena-classroom/arena/"
	for _, dep := range strings.Fields(string(out)) {
		rest, ours := strings.CutPrefix(dep, mod)
		if !ours {
			continue
		}
		switch {
		case rest == "catalog", rest == "match", strings.HasPrefix(rest, "bots/"),
			strings.HasPrefix(rest, "games/") && rest != "games/playable":
			t.Errorf("rooms depends on %s", rest)
		}
	}
}
