package lobby_test

import (
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/arena-classroom/arena/commands"
	"github.com/arena-classroom/arena/internal/arenatest"
	"github.com/arena-classroom/arena/internal/sshtest"
)

// A terminal whose locale is Latin-1 (LANG=fr_FR.ISO-8859-1, sent by OpenSSH) gets the lobby
// in Latin-1: not one byte of UTF-8 (the screens' box drawing and arrows become characters
// it has); a UTF-8 terminal gets UTF-8.
func TestALatin1TerminalGetsNoUTF8(t *testing.T) {
	addr, _, _ := arenatest.Start(t, arenatest.FastHub(), commands.Options{})
	for _, c := range []struct {
		lang string
		utf8 bool
	}{{"fr_FR.ISO-8859-1", false}, {"fr_FR.UTF-8", true}} {
		term := sshtest.NewTerm(t, sshtest.Dial(t, addr, "ada", sshtest.NewKey(t)), sshtest.TermType("xterm-256color"),
			sshtest.Size(80, 24), sshtest.Env("LANG="+c.lang))
		term.WaitFor(t, "Partie rapide", 10*time.Second) // in French: LANG says so
		raw := term.Raw()
		multi := strings.IndexFunc(raw, func(r rune) bool { return r >= 0x80 && r != utf8.RuneError }) >= 0
		if c.utf8 != multi {
			t.Fatalf("LANG=%s: the lobby sent UTF-8 characters: %v, want %v\n%q", c.lang, multi, c.utf8, raw)
		}
		term.Close()
	}
}

// A command run without a terminal (ssh HOST whoami) for a Latin-1 locale also gets
// Latin-1: clé as its one byte é, no UTF-8; output for programs (--json) stays UTF-8.
func TestALatin1CommandGetsNoUTF8(t *testing.T) {
	addr, _, _ := arenatest.Start(t, arenatest.FastHub(), commands.Options{})
	run := func(cmd, locale string) string {
		c := sshtest.Dial(t, addr, "ada", sshtest.NewKey(t))
		defer c.Close()
		out, errOut, code := sshtest.ExecEnv(t, c, cmd, "LANG="+locale)
		if code != 0 {
			t.Fatalf("%s: exit %d, %s", cmd, code, errOut)
		}
		return out
	}
	latin := run("whoami", "fr_FR.ISO-8859-1")
	if !strings.Contains(latin, "cl\xe9 :") || utf8.ValidString(latin) && strings.ContainsRune(latin, 'é') {
		t.Errorf("whoami for a Latin-1 terminal:\n%q", latin)
	}
	if out := run("whoami", "fr_FR.UTF-8"); !strings.Contains(out, "clé :") {
		t.Errorf("whoami for a UTF-8 terminal:\n%q", out)
	}
	if out := run("rules sevencolors", "fr_FR.ISO-8859-1"); strings.IndexFunc(out, func(r rune) bool { return r >= 0x80 && r != utf8.RuneError }) >= 0 {
		t.Errorf("the rules for a Latin-1 terminal hold UTF-8:\n%q", out[:min(len(out), 300)])
	}
}
