package commands_test

import (
	"context"
	"log/slog"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	gossh "golang.org/x/crypto/ssh"

	"github.com/arena-classroom/arena/commands"
	"github.com/arena-classroom/arena/internal/arenatest"
	"github.com/arena-classroom/arena/internal/sshtest"
	"github.com/arena-classroom/arena/internal/storetest"
	"github.com/arena-classroom/arena/keys"
	"github.com/arena-classroom/arena/rooms"
	"github.com/arena-classroom/arena/server"
	"github.com/arena-classroom/arena/store"
)

// namesArena is an arena whose lobby reads the accounts the server claims names in.
func namesArena(t *testing.T, teacher gossh.Signer) string {
	t.Helper()
	dir := t.TempDir()
	adminFile := filepath.Join(dir, "admin_keys")
	if err := os.WriteFile(adminFile, gossh.MarshalAuthorizedKey(teacher.PublicKey()), 0o600); err != nil {
		t.Fatal(err)
	}
	st, err := store.Open(context.Background(), storetest.Where(t, filepath.Join(dir, store.FileName)))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	app := commands.New(commands.Options{Hub: rooms.NewHub(arenatest.FastHub()), Accounts: st, Logger: slog.New(slog.DiscardHandler)})
	addr, _ := sshtest.Start(t, app, func(c *server.Config) {
		c.DataDir, c.AdminKeysFile = dir, adminFile
		c.Logger = slog.New(slog.DiscardHandler)
	})
	return addr
}

// A key connecting as root (README's ssh -p 2222 localhost, from a root shell) is told at
// once why the arena calls it player-xxxxxx, on stderr for a command and on the lobby's
// first screen; whoami says who it is.
func TestAReservedNameIsExplainedAndWhoamiTells(t *testing.T) {
	teacher, key, other := sshtest.NewKey(t), sshtest.NewKey(t), sshtest.NewKey(t)
	addr := namesArena(t, teacher)
	generated := keys.GeneratedName(keys.Fingerprint(key.PublicKey()))

	out, errOut, code := sshtest.Exec(t, sshtest.Dial(t, addr, "root", key), "whoami")
	want := "root is reserved: you are " + generated + "; connect as ssh NAME@host to choose a name"
	if code != 0 || !strings.Contains(errOut, want) {
		t.Fatalf("whoami as root: %d, stderr %q; want %q", code, errOut, want)
	}
	if !strings.Contains(out, "name:    "+generated+"\n") || !strings.Contains(out, "key:     "+keys.Fingerprint(key.PublicKey())+"\n") ||
		!strings.Contains(out, "also:    none") || !strings.Contains(out, "teacher: no") {
		t.Fatalf("whoami as root: %q", out)
	}

	// The same key as alice holds both names; another key asking for alice is told.
	out, errOut, _ = sshtest.Exec(t, sshtest.Dial(t, addr, "alice", key), "whoami")
	if errOut != "" || !strings.Contains(out, "name:    alice\n") || !strings.Contains(out, "also:    "+generated) {
		t.Fatalf("whoami as alice: %q %q", out, errOut)
	}
	_, errOut, _ = sshtest.Exec(t, sshtest.Dial(t, addr, "alice", other), "rooms")
	if !strings.Contains(errOut, "alice belongs to another key: you are alice2") {
		t.Fatalf("rooms as a second alice: stderr %q", errOut)
	}

	// A teacher, a guest.
	if out, _, _ := sshtest.Exec(t, sshtest.Dial(t, addr, "prof", teacher), "whoami"); !strings.Contains(out, "teacher: yes") {
		t.Fatalf("whoami as a teacher: %q", out)
	}
	out, _, code = sshtest.Exec(t, sshtest.Dial(t, addr, "visitor", nil), "whoami")
	if code != 0 || !regexp.MustCompile(`name: +guest-`).MatchString(out) || !strings.Contains(out, "without an SSH key") {
		t.Fatalf("whoami as a guest: %d %q", code, out)
	}

	// The lobby says it on its first screen.
	term := sshtest.NewTerm(t, sshtest.Dial(t, addr, "root", sshtest.NewKey(t)))
	term.WaitFor(t, "root is reserved: you are player-", 10*time.Second)
	term.Send(t, "q")
	term.Wait(t, 10*time.Second)
}
