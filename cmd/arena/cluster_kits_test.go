package main

import (
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	gossh "golang.org/x/crypto/ssh"

	"github.com/arena-classroom/arena/cluster/clustertest"
	"github.com/arena-classroom/arena/internal/pgtest"
	"github.com/arena-classroom/arena/internal/sshtest"
	"github.com/arena-classroom/arena/internal/storetest"
)

// A rolling restart of a three-node cluster (arena serve processes, a NATS bus, one
// PostgreSQL) during a fast tournament of students' programs (the Python kit over OpenSSH,
// each to its own node) and house bots: each node in turn gets SIGTERM, drains, stops and
// starts again where it was. The kits reconnect by themselves, every game is recorded
// exactly once, the tournament finishes and every program is told its place.
func TestARollingRestartOfAClusterDuringATournamentOfKits(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the servers as processes")
	}
	if !storetest.OnPostgres() || !pgtest.Available() {
		t.Skip("a cluster shares a PostgreSQL store: run with ARENA_TEST_STORE=postgres (see scripts/with-postgres)")
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
	bus := clustertest.Start(t, "node0", "node1", "node2")
	keys := []string{bus.KeyFile(t, "node0"), bus.KeyFile(t, "node1"), bus.KeyFile(t, "node2")}
	db := pgtest.Database(t)
	teacher := sshtest.NewKey(t)
	admin := filepath.Join(t.TempDir(), "admin_keys")
	if err := os.WriteFile(admin, gossh.MarshalAuthorizedKey(teacher.PublicKey()), 0o600); err != nil {
		t.Fatal(err)
	}
	node := func(i int, addr string) *serverProcess {
		data := filepath.Join(t.TempDir(), fmt.Sprintf("node%d", i))
		return startServerProcessWith(t, "--listen", addr, "--data", data, "--store", db, "--admin-keys", admin,
			"--cluster", bus.ClientURL(), "--node", fmt.Sprintf("node%d", i), "--cluster-key", keys[i], "--log-level", "info")
	}
	nodes := []*serverProcess{node(0, "127.0.0.1:0"), node(1, "127.0.0.1:0"), node(2, "127.0.0.1:0")}
	prof := sshtest.Dial(t, nodes[0].addr, "prof", teacher)
	out, errOut, status := sshtest.Exec(t, prof, "tournament create --game sevencolors --format round-robin --games-per-pairing 20 --size 14 --name rolling")
	if status != 0 {
		t.Fatalf("create: %d %q", status, errOut)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	code := lines[len(lines)-1]
	if _, errOut, status := sshtest.Exec(t, prof, "tournament add "+code+" --bot greedy,random"); status != 0 {
		t.Fatalf("add: %d %q", status, errOut)
	}

	// Four students, the Python kit each with a key of its own, on nodes 0, 1, 2, 0.
	var kits []kit
	for i := range 4 {
		_, port, _ := net.SplitHostPort(nodes[i%3].addr)
		kits = append(kits, startKit(t, repo, port, i, code))
	}
	waitStandings(t, prof, code, func(s tournamentStandings) bool { return len(s.Standings) == 6 })
	if _, errOut, status := sshtest.Exec(t, prof, "tournament start "+code); status != 0 {
		t.Fatalf("start: %d %q", status, errOut)
	}

	// Node by node: SIGTERM (the drain), then the same node again where it was.
	for i := range nodes {
		watcher := sshtest.Dial(t, nodes[(i+1)%3].addr, "prof", teacher)
		mid := waitStandings(t, watcher, code, func(s tournamentStandings) bool { return s.GamesPlayed >= 40*(i+1) })
		if mid.GamesPlayed == mid.GamesTotal {
			t.Fatalf("the tournament was over before node %d restarted: %+v", i, mid)
		}
		nodes[i].terminate(t)
		nodes[i] = node(i, nodes[i].addr)
	}
	prof = sshtest.Dial(t, nodes[1].addr, "prof", teacher)
	got := waitStandings(t, prof, code, func(s tournamentStandings) bool { return s.State == "finished" })
	if got.GamesTotal != 15*20 || got.GamesPlayed != got.GamesTotal {
		t.Fatalf("after the rolling restart: %d of %d games, want 300 (15 pairings × 20)", got.GamesPlayed, got.GamesTotal)
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
			if err != nil || !strings.Contains(log, "is finished: you are") {
				t.Fatalf("student %d's kit: %v\n%s", i, err, log)
			}
		case <-time.After(time.Minute):
			t.Fatalf("student %d's kit did not end after the tournament:\n%s", i, k.log.String())
		}
	}
}

// terminate stops the server as an operator does: SIGTERM, and it drains and stops.
func (p *serverProcess) terminate(t *testing.T) {
	t.Helper()
	if err := p.cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- p.cmd.Wait() }()
	select {
	case <-done:
	case <-time.After(60 * time.Second):
		t.Fatal("the server did not stop within a minute of SIGTERM")
	}
}
