package main

import (
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	gossh "golang.org/x/crypto/ssh"

	"github.com/arena-classroom/arena/internal/sshtest"
)

// A fast tournament of students' programs (the Python kit over OpenSSH) and house bots,
// the server killed with SIGKILL in the middle and started again where it was: the kits
// reconnect by themselves, every game is recorded exactly once, the tournament finishes and
// every program is told its place.
func TestAFastTournamentOfKitsSurvivesKillNine(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the server as a process")
	}
	for _, tool := range []string{"python3", "ssh"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("%s is not installed", tool)
		}
	}
	repo, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	data := filepath.Join(t.TempDir(), "data")
	if err := os.MkdirAll(data, 0o700); err != nil {
		t.Fatal(err)
	}
	teacher := sshtest.NewKey(t)
	if err := os.WriteFile(filepath.Join(data, "admin_keys"), gossh.MarshalAuthorizedKey(teacher.PublicKey()), 0o600); err != nil {
		t.Fatal(err)
	}
	first := startServerProcess(t, data)
	_, port, _ := net.SplitHostPort(first.addr)
	prof := sshtest.Dial(t, first.addr, "prof", teacher)
	out, errOut, status := sshtest.Exec(t, prof, "tournament create --game sevencolors --format round-robin --games-per-pairing 20 --size 14 --name kits")
	if status != 0 {
		t.Fatalf("create: %d %q", status, errOut)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	code := lines[len(lines)-1]
	if _, errOut, status := sshtest.Exec(t, prof, "tournament add "+code+" --bot greedy,random"); status != 0 {
		t.Fatalf("add: %d %q", status, errOut)
	}

	// Four students, each the Python kit with a key of its own, reconnecting quickly.
	var kits []kit
	for i := range 4 {
		kits = append(kits, startKit(t, repo, port, i, code))
	}
	waitStandings(t, prof, code, func(s tournamentStandings) bool { return len(s.Standings) == 6 })
	if _, errOut, status := sshtest.Exec(t, prof, "tournament start "+code); status != 0 {
		t.Fatalf("start: %d %q", status, errOut)
	}
	mid := waitStandings(t, prof, code, func(s tournamentStandings) bool { return s.GamesPlayed >= 10 })
	first.kill(t)
	if mid.GamesPlayed == mid.GamesTotal {
		t.Fatalf("the tournament was over before the kill: %+v", mid)
	}

	second := startServerProcessAt(t, data, first.addr)
	prof = sshtest.Dial(t, second.addr, "prof", teacher)
	got := waitStandings(t, prof, code, func(s tournamentStandings) bool { return s.State == "finished" })
	if got.GamesTotal != 15*20 || got.GamesPlayed != got.GamesTotal {
		t.Fatalf("after the restart: %d of %d games, want 300 (15 pairings × 20)", got.GamesPlayed, got.GamesTotal)
	}
	for _, s := range got.Standings {
		if s.Played != 5*20 {
			t.Fatalf("%s played %d games, want 100: a game was lost or counted twice", s.Name, s.Played)
		}
	}
	for i, k := range kits {
		select {
		case err := <-k.done:
			log := k.log.String()
			if err != nil || !strings.Contains(log, "reconnecting in") || !strings.Contains(log, "is finished: you are") {
				t.Fatalf("student %d's kit: %v\n%s", i, err, log)
			}
		case <-time.After(time.Minute):
			t.Fatalf("student %d's kit did not end after the tournament:\n%s", i, k.log.String())
		}
	}
}

// kit is a student's program: the Python kit's random bot in a tournament, over OpenSSH.
type kit struct {
	log  *sshtest.Buffer
	done chan error
}

// startKit runs student i's kit against the server on port, with a key of its own, quick
// to reconnect; its stderr is shown if the test fails.
func startKit(t *testing.T, repo, port string, i int, code string) kit {
	t.Helper()
	return runKit(t, i, filepath.Join(repo, "kits/python/random_bot.py"), "127.0.0.1", port, "sevencolors", code,
		"ARENA_RECONNECT_BASE=50")
}

// runKit runs student i's Python program script in tournament code of game, connected over
// OpenSSH to host:port with a key of its own, with env added to its environment; its
// stderr is shown if the test fails.
func runKit(t *testing.T, i int, script, host, port, game, code string, env ...string) kit {
	t.Helper()
	keyFile, _ := sshtest.KeyFile(t)
	cmd := exec.Command("python3", script,
		"ssh", "-T", "-p", port, "-i", keyFile, "-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null",
		"-o", "LogLevel=ERROR", "-o", "BatchMode=yes", fmt.Sprintf("student%d@%s", i, host),
		"bot", "--game", game, "--tournament", code)
	cmd.Env = append(os.Environ(), env...)
	k := kit{log: &sshtest.Buffer{}, done: make(chan error, 1)}
	cmd.Stderr = k.log
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() { k.done <- cmd.Wait() }()
	t.Cleanup(func() {
		_ = cmd.Process.Kill()
		if t.Failed() {
			t.Logf("student %d's kit said:\n%s", i, k.log.String())
		}
	})
	return k
}
