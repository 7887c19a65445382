package commands_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	gossh "golang.org/x/crypto/ssh"

	"github.com/arena-classroom/arena/internal/arenatest"
	"github.com/arena-classroom/arena/internal/sshtest"
)

// `replay ID` takes what people type: the start of an id when only one stored game has it;
// when several do, they are listed; when none, the sentence for an unknown id.
func TestReplayTakesAUniquePrefixOfAnID(t *testing.T) {
	addr := archiveArena(t)
	key := sshtest.NewKey(t)
	ids := storedGames(t, addr, key, 2)
	shared := commonPrefix(ids[0], ids[1])
	c := sshtest.Dial(t, addr, "alice", key)
	for _, id := range ids {
		prefix := id[:len(shared)+1] // unique: the first byte where the two differ
		out, errOut, code := sshtest.Exec(t, c, "replay "+prefix+" --json")
		if code != 0 || !strings.Contains(out, `"id":"`+id+`"`) {
			t.Fatalf("replay %s --json: %d %q %q; want game %s", prefix, code, errOut, out, id)
		}
	}
	_, errOut, code := sshtest.Exec(t, c, "replay "+shared+" --json")
	if code != 1 || !strings.Contains(errOut, "2 stored games start with") || !strings.Contains(errOut, ids[0]) || !strings.Contains(errOut, ids[1]) {
		t.Fatalf("replay %s (shared by both): %d %q", shared, code, errOut)
	}
	_, errOut, code = sshtest.Exec(t, c, "replay "+ids[0]+"x --json")
	if code != 1 || !strings.Contains(errOut, `no stored game "`+ids[0]+`x"`) {
		t.Fatalf("replay of no game: %d %q", code, errOut)
	}
	// On a terminal too.
	prefix := ids[0][:len(shared)+1]
	term := sshtest.NewTerm(t, sshtest.Dial(t, addr, "bob", sshtest.NewKey(t)), sshtest.Command("replay "+prefix))
	term.WaitFor(t, "replay "+ids[0], 10*time.Second)
}

// storedGames has alice's program play n live games of 7 Colors and returns their ids.
func storedGames(t *testing.T, addr string, key gossh.Signer, n int) []string {
	t.Helper()
	b := arenatest.StartBot(t, sshtest.Dial(t, addr, "alice", key), fmt.Sprintf("--game sevencolors --size 5 --games %d", n))
	var ids []string
	for _, end := range arenatest.OfType(b.PlayAll(), "end") {
		ids = append(ids, end.Str("replay"))
	}
	if len(ids) != n || slices.Contains(ids, "") {
		t.Fatalf("replays %q, want %d; stderr:\n%s", ids, n, b.St.Stderr())
	}
	slices.Sort(ids)
	return ids
}

func commonPrefix(a, b string) string {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	return a[:i]
}
