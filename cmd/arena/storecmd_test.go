package main

import (
	"bytes"
	"context"
	"database/sql"
	"github.com/arena-classroom/arena/lang"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	gossh "golang.org/x/crypto/ssh"

	"github.com/arena-classroom/arena/internal/pgtest"
	"github.com/arena-classroom/arena/internal/sshtest"
	"github.com/arena-classroom/arena/keys"
	"github.com/arena-classroom/arena/store"
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
		if code := storeMain(lang.English, []string{"copy", "--from", step.from, "--to", step.to}, strings.NewReader(""), &stdout, &stderr); code != 0 {
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
	if code := storeMain(lang.English, []string{"copy", "--from", orig, "--to", back}, strings.NewReader(""), &stdout, &stderr); code != 1 ||
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

// storeWithData is a data directory whose store holds one tournament.
func storeWithData(t *testing.T, code string) string {
	t.Helper()
	dir := t.TempDir()
	st, err := store.Open(context.Background(), filepath.Join(dir, store.FileName))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	err = st.CreateTournament(context.Background(), store.Tournament{Code: code, Name: "TP", Game: "sevencolors",
		Format: "round-robin", Options: []byte(`{}`), Config: []byte(`{}`), Seed: 1, Parallel: 1, Grace: time.Minute,
		CreatedBy: "SHA256:teacher", CreatedAt: time.Unix(0, 0).UTC()})
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// A mistyped source cannot wipe a store (security round three: --from an empty PostgreSQL
// database with --replace left the target with nothing, reported "verified", and made the
// arena's tables in the source). A database without an arena store is refused and left as
// it was; an arena store with nothing in it needs --allow-empty; --replace lists what it
// deletes and asks, and a "no" (or no terminal, no --yes) deletes nothing.
func TestStoreCopyCannotWipeAStoreByMistake(t *testing.T) {
	copyCmd := func(stdin string, args ...string) (int, string, string) {
		var stdout, stderr bytes.Buffer
		code := storeMain(lang.English, append([]string{"copy"}, args...), strings.NewReader(stdin), &stdout, &stderr)
		return code, stdout.String(), stderr.String()
	}
	target := storeWithData(t, "TKEEP1")
	tournaments := func() int {
		st, err := store.Open(context.Background(), filepath.Join(target, store.FileName))
		if err != nil {
			t.Fatal(err)
		}
		defer st.Close()
		list, err := st.Tournaments(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		return len(list)
	}

	// A file that is no arena store (a mistyped path to an empty database).
	notArena := t.TempDir()
	if err := os.WriteFile(filepath.Join(notArena, store.FileName), nil, 0o600); err != nil {
		t.Fatal(err)
	}
	if code, _, errOut := copyCmd("", "--from", notArena, "--to", target, "--replace", "--yes"); code != 1 || !strings.Contains(errOut, "not an arena store") {
		t.Fatalf("from a database that is no arena store: %d %q", code, errOut)
	}
	if fi, err := os.Stat(filepath.Join(notArena, store.FileName)); err != nil || fi.Size() != 0 {
		t.Fatalf("the source was written to: %v, %d bytes", err, fi.Size())
	}
	if pgtest.Available() {
		empty := pgtest.Database(t)
		if code, _, errOut := copyCmd("", "--from", empty, "--to", target, "--replace", "--yes"); code != 1 || !strings.Contains(errOut, "not an arena store") {
			t.Fatalf("from an empty PostgreSQL database: %d %q", code, errOut)
		}
		db, err := sql.Open("pgx", empty)
		if err != nil {
			t.Fatal(err)
		}
		defer db.Close()
		var made *string
		if err := db.QueryRow(`SELECT to_regclass('accounts')::text`).Scan(&made); err != nil || made != nil {
			t.Fatalf("the copy made the arena's tables in its source: %v %v", made, err)
		}
	}

	// An arena store with nothing in it.
	emptyArena := t.TempDir()
	st, err := store.Open(context.Background(), filepath.Join(emptyArena, store.FileName))
	if err != nil {
		t.Fatal(err)
	}
	st.Close()
	if code, _, errOut := copyCmd("", "--from", emptyArena, "--to", target, "--replace", "--yes"); code != 1 || !strings.Contains(errOut, "--allow-empty") {
		t.Fatalf("from an empty arena store: %d %q", code, errOut)
	}

	// --replace asks; no answer (a script without --yes) or another word keeps the target.
	source := storeWithData(t, "TNEW01")
	for _, answer := range []string{"", "no\n"} {
		code, out, errOut := copyCmd(answer, "--from", source, "--to", target, "--replace")
		if code != 1 || !strings.Contains(out, "--replace deletes everything") || !strings.Contains(out, "tournaments 1") ||
			!strings.Contains(errOut, "nothing copied, nothing deleted") {
			t.Fatalf("--replace answered %q: %d %q %q", answer, code, out, errOut)
		}
	}
	if n := tournaments(); n != 1 {
		t.Fatalf("the target holds %d tournaments after the refusals, want its 1", n)
	}
	if code, out, errOut := copyCmd("yes\n", "--from", source, "--to", target, "--replace"); code != 0 || !strings.Contains(out, "tournaments") {
		t.Fatalf("--replace answered yes: %d %q %q", code, out, errOut)
	}
}
