package main

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/arena-classroom/arena/internal/sshtest"
	"github.com/arena-classroom/arena/internal/storetest"
	"github.com/arena-classroom/arena/internal/until"
	"github.com/arena-classroom/arena/store"
	"github.com/arena-classroom/arena/version"
)

// A rolling upgrade runs two releases side by side: a cluster of two nodes on one
// PostgreSQL store and one bus, one node of this release and one of the previous
// (version/releases.tsv, built from its commit), plays a class tournament to its end. Each
// node serves programs of its own, and the tournament's games are placed on both nodes, so
// that rooms, seats, moves and results cross the bus between the two versions and the old
// one reads and writes the store this one migrated. Both ways: this release leading the
// tournaments (it starts first: it makes the store, the previous one joins), and the
// previous one leading (it makes the store; this one joins and migrates it under it, as
// the first upgraded node of a cluster does); and a third time, the previous release
// leading until, midway, its node is restarted as this release (the rolling upgrade's
// last step). The teacher's commands go to the node that does not lead, which asks the
// one that does.
//
// The invariants are the fault suite's (faults_test.go): every game played once, by its
// entrants, with a result; no forfeit, nobody absent; every program told its place; every
// game's replay plays again to its result, and is the game its seed and its players give.
func TestAMixedClusterPlaysATournament(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the previous release, runs two servers, a bus and kits as processes")
	}
	if !storetest.OnPostgres() {
		// CI runs it in its pass on PostgreSQL, once.
		t.Skip("the nodes share a PostgreSQL store: run with ARENA_TEST_STORE=postgres (see scripts/with-postgres)")
	}
	for _, tool := range []string{"python3", "ssh"} {
		if _, err := exec.LookPath(tool); err != nil {
			if os.Getenv("CI") != "" {
				t.Fatalf("%s is not installed: CI needs it (.ci/run installs it)", tool)
			}
			t.Skipf("%s is not installed", tool)
		}
	}
	old, prev := previousRelease(t)
	current := sshtest.ArenaBinary(t)
	// 7 Colors on a 10×10 board, a round robin of three programs (the fault suite's thinker:
	// kits 0 and 2 on node0, kit 1 on node1) and greedy, two games a pairing: twelve games,
	// three at a time.
	shape := tournamentShape{game: "sevencolors", bot: "greedy", settings: "--size 10", kits: 3, legs: 2}
	for _, c := range []struct {
		name    string
		bins    []string // node0 starts first and leads
		this    int      // the node of this release
		upgrade bool     // the previous release's node restarts as this one midway
	}{
		{"this release leads", []string{current, old}, 0, false},
		{prev.Version + " leads", []string{old, current}, 1, false},
		{prev.Version + " leads, then upgraded", []string{old, current}, 1, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			began := time.Now()
			r := newFaultRigOf(t, shape, c.bins, false)
			if r.leader() != 0 {
				t.Fatalf("node%d leads, want node0", r.leader())
			}
			// Each node is the release it should be: this one says its version first thing.
			says := "msg=arena version=" + version.Version() + " "
			for i, n := range r.nodes {
				if strings.Contains(n.logs.String(), says) != (i == c.this) {
					t.Fatalf("node%d is not the release it should be (%q said: %v)", i, says, i == c.this)
				}
			}
			// The teacher on the node that follows: create, add and start cross the bus to
			// the leader, of the other release, once it has heard from it (before, it
			// answers "try again").
			r.desk = 1
			heard := regexp.MustCompile(`msg="node joined" .*peer=node0\b`)
			until.True(t, time.Minute, "node1 hearing node0, the leader", func() bool {
				return heard.MatchString(r.nodes[1].logs.String())
			})
			r.begin()
			// With an upgrade, once the mixed cluster has played games on both nodes, a
			// program in a room of the other release among them (kit 1 against kits 0 and
			// 2: one of the two is away from the room; kit 1's games against greedy are on
			// node1; all within the first game of each pairing), the rolling upgrade ends:
			// the node of the previous release, which leads, stops as an operator stops it
			// (SIGTERM: it drains, and this release takes the lead) and starts again as
			// this release, and the tournament goes on.
			mixed := time.Now().Add(time.Hour) // every game, without an upgrade
			if c.upgrade {
				until.Seen(t, 3*time.Minute, "games on both nodes, one with a program of the other node", func() (string, bool) {
					hosts, across := r.gameHosts(time.Now())
					return fmt.Sprintf("%v, %d across", hosts, across), hosts[0] > 0 && hosts[1] > 0 && across > 0
				})
				s, err := r.standings()
				if err != nil {
					t.Fatal(err)
				}
				if s.GamesPlayed >= shape.games() {
					t.Fatalf("the tournament ended before the upgrade: %+v", s)
				}
				mixed = time.Now()
				r.bins[1-c.this] = current
				r.terminate(1 - c.this)
				t.Logf("the previous release's node stopped in %s", time.Since(mixed).Round(100*time.Millisecond))
				r.nextResult(s.GamesPlayed)
			}
			_, untouched := r.holds()
			// Each node served programs of its own: their sessions ended there.
			for i, k := range r.kits {
				node := i % len(r.nodes)
				session := regexp.MustCompile(`msg=session .*cmd="bot --game sevencolors --tournament ` + r.code + `".* user=student` + fmt.Sprint(i) + `\b`)
				if !session.MatchString(r.nodeLogs(node)) {
					t.Errorf("node%d did not log student%d's session (its kit said:\n%s)", node, i, k.log.String())
				}
			}
			// Games were played on both nodes while they ran two releases, and programs
			// played in rooms of the other release.
			hosts, across := r.gameHosts(mixed)
			for i := range r.nodes {
				if hosts[i] == 0 {
					t.Errorf("no game was played on node%d: %v", i, hosts)
				}
			}
			if across == 0 {
				t.Errorf("no program played in a room of the other release")
			}
			t.Logf("%d games, %d in the mixed cluster (%d on node0, %d on node1, %d with a program of the other node), %d played again move for move, in %s",
				shape.games(), hosts[0]+hosts[1], hosts[0], hosts[1], across, untouched, time.Since(began).Round(time.Second))
		})
	}
}

// gameHosts counts the tournament's games recorded before a time by the node that ran
// them (a match's id is its room's, m_ROOM_…, whose first letter is its node's), and those
// where a program connected to the other node played: its moves crossed the bus.
func (r *faultRig) gameHosts(before time.Time) (hosts map[int]int, across int) {
	t := r.t
	letters := map[string]int{}
	for _, l := range r.logs {
		if m := nodeLetter.FindStringSubmatch(l.String()); m != nil {
			n, _ := strconv.Atoi(m[1])
			letters[strings.ToLower(m[2])] = n
		}
	}
	st, err := store.Open(context.Background(), r.dbURL)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	played, err := st.TournamentGames(context.Background(), r.code)
	if err != nil {
		t.Fatal(err)
	}
	hosts = map[int]int{}
	for _, g := range played {
		if !g.At.Before(before) {
			continue
		}
		id := strings.TrimPrefix(g.MatchID, "m_")
		n, ok := letters[strings.ToLower(id[:1])]
		if !ok {
			t.Errorf("match %s: no node has its letter (%v)", g.MatchID, letters)
			continue
		}
		hosts[n]++
		rec, err := st.Match(context.Background(), g.MatchID)
		if err != nil {
			t.Fatal(err)
		}
		if slices.ContainsFunc(rec.Seats, func(s store.SeatRecord) bool {
			var kit int
			_, err := fmt.Sscanf(s.Name, "student%d", &kit)
			return err == nil && kit%len(r.nodes) != n
		}) {
			across++
		}
	}
	return hosts, across
}

// nodeLetter is a node's first line about the cluster: its name and its rooms' letter.
var nodeLetter = regexp.MustCompile(`msg=cluster .*node=node(\d+) letter=(\S)`)

// nodeLogs is what every process of node i logged, the ones stopped too.
func (r *faultRig) nodeLogs(i int) string {
	var all strings.Builder
	for _, l := range r.logs {
		if m := nodeLetter.FindStringSubmatch(l.String()); m != nil && m[1] == strconv.Itoa(i) {
			all.WriteString(l.String())
		}
	}
	return all.String()
}
