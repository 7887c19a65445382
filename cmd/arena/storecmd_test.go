package main

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	gossh "golang.org/x/crypto/ssh"

	"github.com/arena-classroom/arena/internal/pgtest"
	"github.com/arena-classroom/arena/internal/sshtest"
	"github.com/arena-classroom/arena/keys"
)

// An arena's data directory copied to PostgreSQL and back (a data directory again without
// a test server) serves the same history, leaderboard, replays and standings, under the
// same host key, from both copies; a copy onto a store with data is refused.
func TestStoreCopyThereAndBack(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the server as a process")
	}
	teacher := sshtest.NewKey(t)
	newData := func() string { return newDataDir(t, teacher) }
	// The original: SQLite in its data directory, whatever the tests' store.
	orig := newData()
	first := startServerProcessWith(t, "--listen", "127.0.0.1:0", "--data", orig)
	prof := sshtest.Dial(t, first.addr, "prof", teacher)
	out, errOut, status := sshtest.Exec(t, prof, "tournament create --game sevencolors --format round-robin --games-per-pairing 2 --size 8 --pace fast")
	if status != 0 {
		t.Fatalf("create: %d %q", status, errOut)
	}
	code := strings.TrimSpace(out)[strings.LastIndex(strings.TrimSpace(out), "\n")+1:]
	for _, cmd := range []string{"tournament add " + code + " --bot greedy,random,mixed,hegemonic", "tournament start " + code} {
		if _, errOut, status := sshtest.Exec(t, prof, cmd); status != 0 {
			t.Fatalf("%s: %d %q", cmd, status, errOut)
		}
	}
	waitStandings(t, prof, code, func(s tournamentStandings) bool { return s.State == "finished" })
	want := arenaViews(t, first.addr, teacher, code)
	first.kill(t)

	var there []string // --to, then the server's flags for it
	if pgtest.Available() {
		url := pgtest.Database(t)
		there = []string{url, "--data", newData(), "--store", url}
	} else {
		dir := newData()
		there = []string{dir, "--data", dir}
	}
	back := filepath.Join(t.TempDir(), "back")
	for _, step := range []struct{ from, to string }{{orig, there[0]}, {there[0], back}} {
		var stdout, stderr bytes.Buffer
		if code := storeMain([]string{"copy", "--from", step.from, "--to", step.to}, &stdout, &stderr); code != 0 {
			t.Fatalf("store copy --from %s --to %s: %d\n%s", step.from, step.to, code, stderr.String())
		}
		for _, line := range []string{`matches\s+12 rows, verified`, `tournament_games\s+12 rows, verified`, `secrets\s+[12] rows, verified`, `host key SHA256:\S+ copied`} {
			if !regexp.MustCompile(line).MatchString(stdout.String()) {
				t.Errorf("store copy printed no %q:\n%s", line, stdout.String())
			}
		}
	}
	// Onto a store with data: refused, saying how to go on.
	var stdout, stderr bytes.Buffer
	if code := storeMain([]string{"copy", "--from", orig, "--to", back}, &stdout, &stderr); code != 1 ||
		!strings.Contains(stderr.String(), "not empty") || !strings.Contains(stderr.String(), "--replace") {
		t.Fatalf("copy onto a store with data: %d %q", code, stderr.String())
	}
	if err := os.WriteFile(filepath.Join(back, "admin_keys"), gossh.MarshalAuthorizedKey(teacher.PublicKey()), 0o600); err != nil {
		t.Fatal(err)
	}
	for name, args := range map[string][]string{"the copy": there[1:], "the copy of the copy": {"--data", back}} {
		srv := startServerProcessWith(t, append([]string{"--listen", "127.0.0.1:0"}, args...)...)
		if got := arenaViews(t, srv.addr, teacher, code); got != want {
			t.Errorf("%s serves\n%s\nthe original served\n%s", name, got, want)
		}
		srv.kill(t)
	}
}

// arenaViews is what the server at addr shows of its games: the host key's fingerprint,
// history, leaderboard, standings and every replay, as JSON.
func arenaViews(t *testing.T, addr string, teacher gossh.Signer, code string) string {
	t.Helper()
	var hostKey gossh.PublicKey
	c, err := gossh.Dial("tcp", addr, sshtest.ClientConfig("prof", teacher, &hostKey))
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	var b strings.Builder
	b.WriteString("host key " + keys.Fingerprint(hostKey) + "\n")
	run := func(cmd string) string {
		out, errOut, status := sshtest.Exec(t, c, cmd)
		if status != 0 {
			t.Fatalf("%s: %d %q", cmd, status, errOut)
		}
		b.WriteString("$ " + cmd + "\n" + out)
		return out
	}
	history := run("history greedy --json")
	run("leaderboard sevencolors --json")
	run("tournament standings " + code + " --json")
	for _, id := range regexp.MustCompile(`"id":\s*"([^"]+)"`).FindAllStringSubmatch(history, -1) {
		run("replay " + id[1] + " --json")
	}
	return b.String()
}
