package server_test

import (
	"strings"
	"testing"

	gossh "golang.org/x/crypto/ssh"

	"github.com/arena-classroom/arena/internal/sshtest"
	"github.com/arena-classroom/arena/server"
)

// execLocale runs cmd in a session that sent env first, as ssh's SendEnv does.
func execLocale(t *testing.T, c *gossh.Client, cmd string, env ...string) (stderr string, code int) {
	t.Helper()
	_, stderr, code = sshtest.ExecEnv(t, c, cmd, env...)
	return stderr, code
}

// What the server tells a session before the arena (a refusal, a limit, a crash) is said
// in the language of the client's locale (LANG=fr_FR.UTF-8 sent by OpenSSH), English
// otherwise; the exit statuses do not change.
func TestRefusalsSpeakTheClientsLanguage(t *testing.T) {
	addr, _ := sshtest.Start(t, fakeApp{}, func(c *server.Config) { c.MaxSessionsPerKey = 1 })
	c := sshtest.Dial(t, addr, "alice", sshtest.NewKey(t))
	long := "echo " + strings.Repeat("a", 5000)
	if errOut, code := execLocale(t, c, long, "LANG=fr_FR.UTF-8"); code != 1 || errOut != "arena : cette commande fait 5005 octets ; une commande en a au plus 4096\n" {
		t.Fatalf("a long command in French: exit %d, %q", code, errOut)
	}
	if errOut, code := execLocale(t, c, long, "LANG=C.UTF-8"); code != 1 || errOut != "arena: that command is 5005 bytes long; commands have at most 4096\n" {
		t.Fatalf("a long command in English: exit %d, %q", code, errOut)
	}
	if errOut, code := execLocale(t, c, "panic", "LC_ALL=fr_FR.UTF-8"); code != 1 || !strings.Contains(errOut, "quelque chose s'est mal passé de notre côté") {
		t.Fatalf("a crash in French: exit %d, %q", code, errOut)
	}

	key := sshtest.NewKey(t)
	term := sshtest.NewTerm(t, sshtest.Dial(t, addr, "bob", key))
	term.WaitFor(t, "hello bob", wait)
	errOut, code := execLocale(t, sshtest.Dial(t, addr, "bob", key), "whoami", "LANG=fr_FR.UTF-8")
	if code != server.ExitTryAgain || !strings.Contains(errOut, "arena : trop de sessions pour votre clé (limite 1) ; fermez-en une et réessayez") {
		t.Fatalf("a second session in French: exit %d, %q", code, errOut)
	}
	term.Send(t, "q")
	term.Wait(t, wait)
}
