package commands_test

import (
	"context"
	"errors"
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
	if !strings.Contains(out, "name:     "+generated+"\n") || !strings.Contains(out, "key:      "+keys.Fingerprint(key.PublicKey())+"\n") ||
		!strings.Contains(out, "also:     none") || !strings.Contains(out, "teacher:  no") {
		t.Fatalf("whoami as root: %q", out)
	}

	// The same key as alice holds both names; another key asking for alice is told.
	out, errOut, _ = sshtest.Exec(t, sshtest.Dial(t, addr, "alice", key), "whoami")
	if errOut != "" || !strings.Contains(out, "name:     alice\n") || !strings.Contains(out, "also:     "+generated) {
		t.Fatalf("whoami as alice: %q %q", out, errOut)
	}
	_, errOut, _ = sshtest.Exec(t, sshtest.Dial(t, addr, "alice", other), "rooms")
	if !strings.Contains(errOut, "alice belongs to another key: you are alice2") {
		t.Fatalf("rooms as a second alice: stderr %q", errOut)
	}

	// A teacher, a guest.
	if out, _, _ := sshtest.Exec(t, sshtest.Dial(t, addr, "prof", teacher), "whoami"); !strings.Contains(out, "teacher:  yes") {
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

// whoami speaks the language of the client's locale (LANG sent by ssh), says so and says
// where it came from; without one, the server's default.
func TestWhoamiSpeaksTheClientsLanguage(t *testing.T) {
	addr := namesArena(t, sshtest.NewKey(t))
	c := sshtest.Dial(t, addr, "ada", sshtest.NewKey(t))
	run := func(env ...string) string {
		out, errOut, code := sshtest.ExecEnv(t, c, "whoami", env...)
		if code != 0 {
			t.Fatalf("whoami %v: exit %d, %s", env, code, errOut)
		}
		return out
	}
	fr := run("LANG=fr_FR.UTF-8")
	for _, want := range []string{"nom :", "enseignant :", "non\n", "langue :", "français, d'après votre terminal (LANG=fr_FR.UTF-8)"} {
		if !strings.Contains(fr, want) {
			t.Fatalf("whoami with LANG=fr_FR.UTF-8 lacks %q:\n%s", want, fr)
		}
	}
	if en := run(); !strings.Contains(en, "language: English, from the server's default") || !strings.Contains(en, "teacher:  no") {
		t.Fatalf("whoami without a locale:\n%s", en)
	}
	if en := run("LC_ALL=en_GB.UTF-8", "LANG=fr_FR.UTF-8"); !strings.Contains(en, "English, from your terminal (LC_ALL=en_GB.UTF-8)") {
		t.Fatalf("whoami with LC_ALL before LANG:\n%s", en)
	}
}

// lang and keyboard keep a key's choices, which come before its terminal's locale from its
// next connection on; auto gives the locale back; a guest's are not kept.
func TestAKeyChoosesItsLanguageAndKeyboard(t *testing.T) {
	addr := namesArena(t, sshtest.NewKey(t))
	key := sshtest.NewKey(t)
	run := func(cmd string, env ...string) (string, string, int) {
		t.Helper()
		c := sshtest.Dial(t, addr, "ada", key)
		defer c.Close()
		sess, err := c.NewSession()
		if err != nil {
			t.Fatal(err)
		}
		defer sess.Close()
		for _, kv := range env {
			k, v, _ := strings.Cut(kv, "=")
			if err := sess.Setenv(k, v); err != nil {
				t.Fatal(err)
			}
		}
		var out, errOut strings.Builder
		sess.Stdout, sess.Stderr = &out, &errOut
		code := 0
		if err := sess.Run(cmd); err != nil {
			var exit *gossh.ExitError
			if !errors.As(err, &exit) {
				t.Fatalf("%s: %v", cmd, err)
			}
			code = exit.ExitStatus()
		}
		return out.String(), errOut.String(), code
	}
	if out, _, code := run("lang fr", "LANG=en_US.UTF-8"); code != 0 || !strings.Contains(out, "l'arène vous parlera français") {
		t.Fatalf("lang fr: %d %q", code, out)
	}
	out, _, _ := run("whoami", "LANG=en_US.UTF-8")
	for _, want := range []string{"langue :", "français, d'après votre choix (lang)", "clavier :", "azerty, d'après votre langue"} {
		if !strings.Contains(out, want) {
			t.Fatalf("whoami after lang fr, from an English terminal, lacks %q:\n%s", want, out)
		}
	}
	if _, _, code := run("keyboard qwerty"); code != 0 {
		t.Fatal("keyboard qwerty refused")
	}
	if out, _, _ := run("keyboard"); !strings.Contains(out, "qwerty, votre choix") {
		t.Fatalf("keyboard after keyboard qwerty:\n%s", out)
	}
	if _, _, code := run("lang auto"); code != 0 {
		t.Fatal("lang auto refused")
	}
	if out, _, _ := run("whoami", "LANG=en_US.UTF-8"); !strings.Contains(out, "English, from your terminal (LANG=en_US.UTF-8)") || !strings.Contains(out, "qwerty, your choice") {
		t.Fatalf("whoami after lang auto:\n%s", out)
	}
	if _, errOut, code := run("lang de"); code != 2 || !strings.Contains(errOut, "fr (français) and en (English)") {
		t.Fatalf("lang de: %d %q", code, errOut)
	}
	guest, err := sshtest.DialErr(addr, "visitor", nil)
	if err != nil {
		t.Fatal(err)
	}
	defer guest.Close()
	if _, errOut, code := sshtest.Exec(t, guest, "lang fr"); code != 1 || !strings.Contains(errOut, "a guest's choices are not kept") {
		t.Fatalf("a guest's lang fr: %d %q", code, errOut)
	}
}
