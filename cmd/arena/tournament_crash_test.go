package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	gossh "golang.org/x/crypto/ssh"

	"github.com/arena-classroom/arena/internal/sshtest"
	"github.com/arena-classroom/arena/internal/storetest"
	"github.com/arena-classroom/arena/internal/until"
	"github.com/arena-classroom/arena/store"
)

// serverProcess is `arena serve` running as its own process on data.
type serverProcess struct {
	cmd  *exec.Cmd
	addr string
	logs *sshtest.Buffer // what it logged on stderr
}

func startServerProcess(t *testing.T, data string) *serverProcess {
	t.Helper()
	return startServerProcessAt(t, data, "127.0.0.1:0")
}

// startServerProcessAt serves on addr (a server started again where its clients expect it).
func startServerProcessAt(t *testing.T, data, addr string) *serverProcess {
	t.Helper()
	// --live-pace 20: the live tournaments here are for games under way when the server
	// dies, not for a class to follow.
	return startServerProcessWith(t, append([]string{"--listen", addr, "--data", data, "--live-pace", "20"}, storetest.Flags(t, data)...)...)
}

// startServerProcessWith runs arena serve with args.
func startServerProcessWith(t *testing.T, args ...string) *serverProcess {
	t.Helper()
	return startServerBinary(t, sshtest.ArenaBinary(t), args...)
}

// startServerBinary runs bin's serve with args: this release's, or another's (a cluster of
// two versions, upgrade_cluster_test.go).
func startServerBinary(t *testing.T, bin string, args ...string) *serverProcess {
	t.Helper()
	addr := args[slices.Index(args, "--listen")+1]
	cmd := exec.Command(bin, append([]string{"serve"}, args...)...)
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	logs := &sshtest.Buffer{}
	t.Cleanup(func() {
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
		if t.Failed() {
			text := logs.String()
			if len(text) > 8000 {
				text = text[len(text)-8000:]
			}
			t.Logf("the server at %s logged (the end):\n%s", addr, text)
		}
	})
	addrs := make(chan string, 1)
	go func() {
		re := regexp.MustCompile(`msg=serving addr=(\S+)`)
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			fmt.Fprintln(logs, sc.Text())
			if m := re.FindStringSubmatch(sc.Text()); m != nil {
				addrs <- m[1]
				break
			}
		}
		_, _ = io.Copy(logs, stderr)
	}()
	select {
	case addr := <-addrs:
		return &serverProcess{cmd: cmd, addr: addr, logs: logs}
	case <-time.After(60 * time.Second):
		t.Fatal("the server did not start")
	}
	return nil
}

// kill stops the server as a power cut would: SIGKILL, no shutdown at all.
func (p *serverProcess) kill(t *testing.T) {
	t.Helper()
	if err := p.cmd.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	_ = p.cmd.Wait()
}

type tournamentStandings struct {
	State       string `json:"state"`
	GamesPlayed int    `json:"games_played"`
	GamesTotal  int    `json:"games_total"`
	Standings   []struct {
		Rank                        int
		Name                        string
		Points                      float64
		Played, Wins, Draws, Losses int
		Forfeits, Absent            int
		TieBreaks                   map[string]float64 `json:"tie_breaks"`
	} `json:"standings"`
}

func readStandings(t *testing.T, c *gossh.Client, code string) tournamentStandings {
	t.Helper()
	out, errOut, status := sshtest.Exec(t, c, "tournament standings "+code+" --json")
	if status != 0 {
		t.Fatalf("standings: %d %q", status, errOut)
	}
	var s tournamentStandings
	if err := json.Unmarshal([]byte(out), &s); err != nil {
		t.Fatalf("standings %q: %v", out, err)
	}
	return s
}

func waitStandings(t *testing.T, c *gossh.Client, code string, cond func(tournamentStandings) bool) tournamentStandings {
	t.Helper()
	var s tournamentStandings
	until.Seen(t, 3*time.Minute, "tournament "+code+"'s standings", func() (string, bool) {
		s = readStandings(t, c, code)
		return fmt.Sprintf("%+v", s), cond(s)
	})
	return s
}

// A Swiss tournament of eight house bots, the server killed with SIGKILL in the middle and
// started again on the same data directory: the tournament goes on by itself and ends with
// the standings of the same tournament run without a crash.
func TestATournamentSurvivesKillNine(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the server as a process")
	}
	teacher := sshtest.NewKey(t)
	newData := func() string { return newDataDir(t, teacher) }
	// Both arenas below start from one store of no games: the same seed secret (a
	// tournament's games are keyed with it: the same --seed on another store is another
	// tournament), no ratings yet.
	template := newData()
	startServerProcess(t, template).kill(t)
	data := copyDir(t, template)
	create := func(c *gossh.Client) string {
		t.Helper()
		out, errOut, status := sshtest.Exec(t, c, "tournament create --game sevencolors --format swiss --rounds 3 --size 10 --parallel 2 --seed 4242 --pace live")
		if status != 0 {
			t.Fatalf("create: %d %q", status, errOut)
		}
		lines := strings.Split(strings.TrimSpace(out), "\n")
		code := lines[len(lines)-1]
		if _, errOut, status := sshtest.Exec(t, c, "tournament add "+code+" --bot greedy,random,mixed,hegemonic,random_improving,greedy,random,mixed"); status != 0 {
			t.Fatalf("add: %d %q", status, errOut)
		}
		if _, errOut, status := sshtest.Exec(t, c, "tournament start "+code); status != 0 {
			t.Fatalf("start: %d %q", status, errOut)
		}
		return code
	}

	first := startServerProcess(t, data)
	code := create(sshtest.Dial(t, first.addr, "prof", teacher))
	mid := waitStandings(t, sshtest.Dial(t, first.addr, "prof", teacher), code, func(s tournamentStandings) bool { return s.GamesPlayed >= 5 })
	first.kill(t)
	if mid.GamesPlayed == mid.GamesTotal {
		t.Fatalf("the tournament was over before the kill: %+v", mid)
	}

	second := startServerProcess(t, data)
	prof := sshtest.Dial(t, second.addr, "prof", teacher)
	got := waitStandings(t, prof, code, func(s tournamentStandings) bool { return s.State == "finished" })
	if got.GamesPlayed != 12 || got.GamesTotal != 12 {
		t.Fatalf("after the restart: %d of %d games, want 12 (3 rounds × 4 games)", got.GamesPlayed, got.GamesTotal)
	}

	// The same tournament (same entrants, same seed) on a fresh server of the same secret,
	// never interrupted. (A fresh one: on the first, the bots' ratings, which seed Swiss's
	// first round, have moved.)
	third := startServerProcess(t, copyDir(t, template))
	other := sshtest.Dial(t, third.addr, "prof", teacher)
	again := create(other)
	want := waitStandings(t, other, again, func(s tournamentStandings) bool { return s.State == "finished" })
	if !reflect.DeepEqual(got.Standings, want.Standings) {
		t.Fatalf("standings after kill -9:\n%+v\nwithout:\n%+v", got.Standings, want.Standings)
	}
}

// newDataDir is a fresh data directory whose admin keys file lists teacher.
func newDataDir(t *testing.T, teacher gossh.Signer) string {
	t.Helper()
	data := filepath.Join(t.TempDir(), "data")
	if err := os.MkdirAll(data, 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(data, "admin_keys"), gossh.MarshalAuthorizedKey(teacher.PublicKey()), 0o600); err != nil {
		t.Fatal(err)
	}
	return data
}

// copyDir copies a data directory (the database with its write-ahead log, the keys) to a
// new one, and on PostgreSQL its database.
func copyDir(t *testing.T, from string) string {
	t.Helper()
	to := filepath.Join(t.TempDir(), "data")
	if err := os.CopyFS(to, os.DirFS(from)); err != nil {
		t.Fatal(err)
	}
	storetest.Copy(t, filepath.Join(from, store.FileName), filepath.Join(to, store.FileName))
	return to
}
