package main

import (
	"context"
	"encoding/json"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	gossh "golang.org/x/crypto/ssh"

	"github.com/arena-classroom/arena/catalog"
	"github.com/arena-classroom/arena/cluster/clustertest"
	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/internal/netfault"
	"github.com/arena-classroom/arena/internal/pgtest"
	"github.com/arena-classroom/arena/internal/sshtest"
	"github.com/arena-classroom/arena/internal/storetest"
	"github.com/arena-classroom/arena/internal/until"
	"github.com/arena-classroom/arena/replay"
	"github.com/arena-classroom/arena/store"
)

// The fault suite: a class tournament of students' programs (the Python kit over OpenSSH,
// each program thinking 0 to 0.3 s a move, its choices and its thinking drawn from what it
// sees, so that a game is the same every time its seed is) and a house bot, on one node and
// on three (arena serve processes, a NATS bus, PostgreSQL, HAProxy where there is one),
// through one fault per run. After each, the invariants a teacher relies on:
//   - every game due was played, exactly once, by its entrants: no forfeit, nobody absent,
//     each pairing's games recorded once;
//   - no entrant is stuck: the tournament finishes, and every kit is told its place;
//   - every game stands as played: its replay plays again to its result, and a game that
//     the fault did not touch (no move played by default, no seat taken over) is the game
//     its seed and the programs give when played again, move for move; at least half of
//     the games are.

// thinkerPy is the students' program: a choice and a thinking time drawn from a hash of
// what it sees (THINK_MAX seconds at most; 0 when its games are played again).
const thinkerPy = `import hashlib, json, os, time
import arena

THINK = float(os.environ.get("THINK_MAX", "0.3"))


STEPS = {"UP": (0, -1), "DOWN": (0, 1), "LEFT": (-1, 0), "RIGHT": (1, 0)}


def perfect_aim(obs):
    """The actions the rules take now: no move into a wall or a player, no attack while a
    fireball of one's own flies (a refused action is played as WAIT, a move all the same)."""
    you = obs["you"]
    taken = {(p["x"], p["y"]) for p in obs["players"] if p["color"] != you["color"]}
    flying = any(f["sender"] == you["color"] for f in obs["fireballs"])
    options = ["WAIT"]
    for name, (dx, dy) in STEPS.items():
        x, y = you["x"] + dx, you["y"] + dy
        if obs["tile_grid"][y][x] != "WALL" and (x, y) not in taken:
            options.append("MOVE_" + name)
        if not flying:
            options.append("ATTACK_" + name)
    return options


def choose(obs, legal):
    options = legal or perfect_aim(obs)
    h = hashlib.sha256(json.dumps([obs, options], sort_keys=True, separators=(",", ":")).encode()).digest()
    if THINK > 0:
        time.sleep(THINK * h[0] / 255)
    return options[h[1] % len(options)]


if __name__ == "__main__":
    arena.run({"sevencolors": choose, "perfectaim": choose}, name="thinker")
`

// The tournament of a run: 7 Colors, five programs and greedy, a round robin of two games
// a pairing on a 10×10 board: 30 games, three at a time; or Perfect Aim, two programs and
// zidane, one game a pairing. ARENA_FAULT_KITS=12 plays 7 Colors with the class of the
// issue that asked for this suite (12 kits and greedy: 156 games), by hand.
type tournamentShape struct {
	game, bot, settings string
	kits, legs          int
	person              bool // a person plays too, in a terminal (pupil)
}

var (
	sevenColorsClass = tournamentShape{game: "sevencolors", bot: "greedy", settings: "--size 10", kits: kitsFromEnv(5), legs: 2}
	perfectAimClass  = tournamentShape{game: "perfectaim", bot: "zidane", kits: 2, legs: 1}
	// A person's games are paced and called 10 s ahead (director.DefaultCallAhead): one
	// game a pairing keeps the run near two minutes.
	classWithPerson = tournamentShape{game: "sevencolors", bot: "greedy", settings: "--size 10", kits: kitsFromEnv(4), legs: 1, person: true}
)

func kitsFromEnv(def int) int {
	if n, err := strconv.Atoi(os.Getenv("ARENA_FAULT_KITS")); err == nil && n >= 2 {
		return n
	}
	return def
}

func (s tournamentShape) entrants() int {
	if s.person {
		return s.kits + 2
	}
	return s.kits + 1
}
func (s tournamentShape) games() int { return s.entrants() * (s.entrants() - 1) / 2 * s.legs }

// faultRig is one run's arena: its nodes, their database behind a proxy that can play it
// stopped, the bus, the balancer, and the kits, each through a proxy that can cut it.
type faultRig struct {
	t       *testing.T
	repo    string
	thinker string // the program's file
	dbURL   string // the database, for the test's own reads
	db      *pgtest.Proxy
	nodes   []*serverProcess
	bins    []string // node i's arena: what it starts again (an upgrade changes it)
	start   func(i int, addr string) *serverProcess
	lb      *balancer         // nil: the kits connect to the nodes directly
	entries []*netfault.Proxy // where kit i connects: entries[i%len(entries)]
	teacher gossh.Signer
	desk    int // the node the teacher creates and starts the tournament on
	shape   tournamentShape
	code    string
	kits    []kit
	person  *pupil // nil without one
	// every node process's log, the killed ones' too; the teacher's connections to them
	logs    []*sshtest.Buffer
	clients map[*serverProcess]*gossh.Client
}

func newFaultRig(t *testing.T, shape tournamentShape, nodes int, balanced bool) *faultRig {
	t.Helper()
	return newFaultRigOf(t, shape, slices.Repeat([]string{sshtest.ArenaBinary(t)}, nodes), balanced)
}

// newFaultRigOf is a rig of len(bins) nodes, node i running bins[i]'s serve (a cluster of
// two releases, upgrade_cluster_test.go); node0 starts first, on a store of nothing.
func newFaultRigOf(t *testing.T, shape tournamentShape, bins []string, balanced bool) *faultRig {
	t.Helper()
	nodes := len(bins)
	repo, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	r := &faultRig{t: t, repo: repo, teacher: sshtest.NewKey(t), shape: shape, clients: map[*serverProcess]*gossh.Client{},
		bins: slices.Clone(bins)}
	if dir := os.Getenv("ARENA_KEEP_LOGS"); dir != "" {
		// The whole logs of every node, for a failure's post-mortem (the test's own output
		// keeps only their ends).
		t.Cleanup(func() {
			if !t.Failed() {
				return
			}
			name := strings.NewReplacer("/", "_", " ", "_").Replace(t.Name())
			for i, l := range r.logs {
				path := filepath.Join(dir, fmt.Sprintf("%s-%d.log", name, i))
				if err := os.WriteFile(path, []byte(l.String()), 0o600); err == nil {
					t.Logf("a node's whole log: %s", path)
				}
			}
		})
	}
	// Not under t.TempDir: its path holds the test's name, and a comma there would split
	// arena match's --seats.
	dir, err := os.MkdirTemp("", "thinker")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	r.thinker = filepath.Join(dir, "thinker.py")
	if err := os.WriteFile(r.thinker, []byte(thinkerPy), 0o600); err != nil {
		t.Fatal(err)
	}
	r.dbURL = pgtest.Database(t)
	r.db = pgtest.NewProxy(t, r.dbURL)
	admin := filepath.Join(t.TempDir(), "admin_keys")
	if err := os.WriteFile(admin, gossh.MarshalAuthorizedKey(r.teacher.PublicKey()), 0o600); err != nil {
		t.Fatal(err)
	}
	var bus *clustertest.Bus
	var keys []string
	if nodes > 1 {
		names := make([]string, nodes)
		for i := range names {
			names[i] = fmt.Sprintf("node%d", i)
		}
		bus = clustertest.Start(t, names...)
		for _, name := range names {
			keys = append(keys, bus.KeyFile(t, name))
		}
	}
	dirs := make([]string, nodes)
	for i := range dirs {
		dirs[i] = filepath.Join(t.TempDir(), fmt.Sprintf("node%d", i))
	}
	r.start = func(i int, addr string) *serverProcess {
		args := []string{"--listen", addr, "--data", dirs[i], "--store", r.db.URL(), "--admin-keys", admin, "--log-level", "info"}
		if bus != nil {
			args = append(args, "--cluster", bus.ClientURL(), "--node", fmt.Sprintf("node%d", i), "--cluster-key", keys[i])
		}
		if balanced {
			args = append(args, "--proxy-protocol", "--proxy-from", "127.0.0.2/32")
		}
		p := startServerBinary(t, r.bins[i], args...)
		r.logs = append(r.logs, p.logs)
		return p
	}
	for i := range nodes {
		r.nodes = append(r.nodes, r.start(i, "127.0.0.1:0"))
		if i == 0 && nodes > 1 {
			// The first node takes the tournaments' lead before the others start.
			until.True(t, time.Minute, "node0 leading the tournaments", func() bool { return r.leads(0) })
		}
	}
	if balanced {
		var addrs []string
		for _, n := range r.nodes {
			addrs = append(addrs, n.addr)
		}
		r.lb = startBalancer(t, addrs)
		r.entries = []*netfault.Proxy{netfault.New(t, r.lb.addr)}
	} else {
		for _, n := range r.nodes {
			r.entries = append(r.entries, netfault.New(t, n.addr))
		}
	}
	return r
}

// leads reports whether node i says it leads the tournaments (the last it said of it).
func (r *faultRig) leads(i int) bool {
	if len(r.nodes) == 1 {
		return true
	}
	logs := r.nodes[i].logs.String()
	return strings.Contains(logs, "leading the tournaments") &&
		strings.LastIndex(logs, "leading the tournaments") > strings.LastIndex(logs, "following the tournaments' leader")
}

// leader is the node that leads the tournaments now.
func (r *faultRig) leader() int {
	for i := range r.nodes {
		if r.leads(i) {
			return i
		}
	}
	r.t.Fatal("no node leads the tournaments")
	return -1
}

// teacherOn is a teacher's connection to node i.
func (r *faultRig) teacherOn(i int) *gossh.Client {
	return sshtest.Dial(r.t, r.nodes[i].addr, "prof", r.teacher)
}

// begin creates the tournament, starts the kits, and starts it once all have entered.
func (r *faultRig) begin() {
	t := r.t
	prof := r.teacherOn(r.desk)
	out, errOut, status := sshtest.Exec(t, prof, fmt.Sprintf(
		"tournament create --game %s --format round-robin --games-per-pairing %d %s --name faults", r.shape.game, r.shape.legs, r.shape.settings))
	if status != 0 {
		t.Fatalf("create: %d %q", status, errOut)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	r.code = lines[len(lines)-1]
	if _, errOut, status := sshtest.Exec(t, prof, "tournament add "+r.code+" --bot "+r.shape.bot); status != 0 {
		t.Fatalf("add: %d %q", status, errOut)
	}
	for i := range r.shape.kits {
		r.kits = append(r.kits, r.startThinker(i))
	}
	if r.shape.person {
		entry := r.entries[r.shape.kits%len(r.entries)]
		r.person = newPupil(t, entry.Addr)
		r.person.enter(t, r.code)
		ctx, cancel := context.WithCancel(context.Background())
		t.Cleanup(func() { cancel(); <-r.person.done })
		go r.person.play(ctx)
	}
	waitStandings(t, prof, r.code, func(s tournamentStandings) bool { return len(s.Standings) == r.shape.entrants() })
	if _, errOut, status := sshtest.Exec(t, prof, "tournament start "+r.code); status != 0 {
		t.Fatalf("start: %d %q", status, errOut)
	}
}

// startThinker runs student i's program, the kit reconnecting by itself, through its entry.
func (r *faultRig) startThinker(i int) kit {
	host, port, _ := net.SplitHostPort(r.entries[i%len(r.entries)].Addr())
	return runKit(r.t, i, r.thinker, host, port, r.shape.game, r.code,
		"ARENA_RECONNECT_BASE=100", "PYTHONPATH="+filepath.Join(r.repo, "kits/python"))
}

// client is the teacher's connection to node n, made once (a class's address has a
// budget of new connections, which the kits need more than the test).
func (r *faultRig) client(n *serverProcess) (*gossh.Client, error) {
	if c := r.clients[n]; c != nil {
		return c, nil
	}
	c, err := sshtest.DialErr(n.addr, "prof", r.teacher)
	if err != nil {
		return nil, err
	}
	r.clients[n] = c
	r.t.Cleanup(func() { c.Close() })
	return c, nil
}

// standings reads the standings from any node that answers.
func (r *faultRig) standings() (tournamentStandings, error) {
	for i, n := range r.nodes {
		c, err := r.client(n)
		if err != nil {
			continue
		}
		out, errOut, status := sshtest.Exec(r.t, c, "tournament standings "+r.code+" --json")
		if status != 0 {
			r.t.Logf("standings on node%d: %d %q", i, status, errOut)
			delete(r.clients, n) // a connection to a node that died: the next read dials again
			continue
		}
		var s tournamentStandings
		if err := json.Unmarshal([]byte(out), &s); err != nil {
			return s, err
		}
		return s, nil
	}
	return tournamentStandings{}, fmt.Errorf("no node answers")
}

// midway waits until a third of the games are played, and says how many: the fault comes
// in the middle.
func (r *faultRig) midway() (played int) {
	until.Seen(r.t, 3*time.Minute, "a third of the tournament played", func() (string, bool) {
		s, err := r.standings()
		played = s.GamesPlayed
		return fmt.Sprintf("%+v (%v)", s, err), err == nil && s.GamesPlayed >= r.shape.games()/3
	})
	return played
}

// nextResult waits for a result beyond the played ones: the tournament goes on.
func (r *faultRig) nextResult(played int) {
	until.Seen(r.t, 3*time.Minute, "a result after the fault", func() (string, bool) {
		s, err := r.standings()
		return fmt.Sprintf("%+v (%v)", s, err), err == nil && (s.GamesPlayed > played || s.State == "finished")
	})
}

// restartAfter is how long a killed node stays down: a supervisor's restart delay.
const restartAfter = 2 * time.Second

// kill stops node i as a power cut would, and starts it again where it was.
func (r *faultRig) kill(i int) {
	addr := r.nodes[i].addr
	r.nodes[i].kill(r.t)
	time.Sleep(restartAfter) // the fault lasts this long: the node is down meanwhile
	r.nodes[i] = r.start(i, addr)
}

// terminate stops node i as an operator does (SIGTERM: it drains), and starts it again.
func (r *faultRig) terminate(i int) {
	addr := r.nodes[i].addr
	r.nodes[i].terminate(r.t)
	r.nodes[i] = r.start(i, addr)
}

// ownerOfMixedRoom waits for a node other than the leader that runs a room of the
// tournament where a program connected to another node plays, and says which.
func (r *faultRig) ownerOfMixedRoom() int {
	t := r.t
	letters := map[string]int{}
	for i, n := range r.nodes {
		m := regexp.MustCompile(`letter=([A-Z0-9])`).FindStringSubmatch(n.logs.String())
		if m == nil {
			t.Fatalf("node%d did not log its letter", i)
		}
		letters[strings.ToLower(m[1])] = i
	}
	leader := r.leader()
	owner := -1
	until.Seen(t, 3*time.Minute, "a room of programs of two nodes on a node that does not lead", func() (string, bool) {
		c, err := r.client(r.nodes[leader])
		if err != nil {
			return err.Error(), false
		}
		out, _, _ := sshtest.Exec(t, c, "rooms")
		for _, line := range strings.Split(out, "\n") {
			f := strings.Fields(line)
			if len(f) < 5 || f[2] != "playing" {
				continue
			}
			node, ok := letters[f[0][:1]]
			if !ok || node == leader {
				continue
			}
			for _, p := range strings.Split(strings.Join(f[4:], " "), " vs ") {
				var kit int
				if _, err := fmt.Sscanf(strings.TrimSpace(p), "student%d", &kit); err == nil && kit%len(r.nodes) != node {
					owner = node
					return line, true
				}
			}
		}
		return out, false
	})
	return owner
}

// faultCase is one run: a cluster's shape and the fault injected into it.
type faultCase struct {
	name     string
	nodes    int
	balanced bool
	fault    func(r *faultRig)
	shape    *tournamentShape // nil: sevenColorsClass
}

var faultCases = []faultCase{
	{"one node/SIGTERM", 1, false, func(r *faultRig) { r.terminate(0) }, nil},
	{"one node/kill -9", 1, false, func(r *faultRig) { r.kill(0) }, nil},
	{"one node/database stopped 20 s", 1, false, (*faultRig).stopDatabase, nil},
	{"one node/a person's and the kits' connections cut", 1, false, (*faultRig).cutKits, &classWithPerson},
	{"three nodes/SIGTERM of a node", 3, true, func(r *faultRig) { r.terminate((r.leader() + 1) % 3) }, &classWithPerson},
	{"three nodes/kill -9 of the leader", 3, true, func(r *faultRig) { r.kill(r.leader()) }, nil},
	{"three nodes/kill -9 of a node running programs of another", 3, false, func(r *faultRig) { r.kill(r.ownerOfMixedRoom()) }, nil},
	{"three nodes/database stopped 20 s", 3, true, (*faultRig).stopDatabase, nil},
	{"three nodes/kits' connections cut", 3, true, (*faultRig).cutKits, nil},
	{"three nodes/balancer restarted", 3, true, func(r *faultRig) { r.lb.restart(r.t) }, &classWithPerson},
	{"one node/Perfect Aim, kits' connections cut", 1, false, (*faultRig).cutKits, &perfectAimClass},
	{"three nodes/Perfect Aim, kill -9 of the leader", 3, true, func(r *faultRig) { r.kill(r.leader()) }, &perfectAimClass},
}

// stopDatabase plays PostgreSQL stopped for 20 s: every connection cut, new ones refused.
func (r *faultRig) stopDatabase() {
	r.db.Down()
	time.Sleep(20 * time.Second) // the fault lasts this long
	r.db.Up()
}

// cutKits cuts every program's connection at once, as a classroom's Wi-Fi does.
func (r *faultRig) cutKits() {
	for _, e := range r.entries {
		e.Cut()
	}
}

func TestTournamentsThroughFaults(t *testing.T) {
	if testing.Short() {
		t.Skip("runs servers, a bus, a balancer and kits as processes")
	}
	if !storetest.OnPostgres() || !pgtest.Available() {
		t.Skip("the nodes share a PostgreSQL store: run with ARENA_TEST_STORE=postgres (see scripts/with-postgres)")
	}
	for _, tool := range []string{"python3", "ssh"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("%s is not installed", tool)
		}
	}
	for _, c := range faultCases {
		t.Run(c.name, func(t *testing.T) {
			if c.balanced {
				lookTool(t, "haproxy", "haproxy")
			}
			t.Parallel()
			shape := sevenColorsClass
			if c.shape != nil {
				shape = *c.shape
			}
			r := newFaultRig(t, shape, c.nodes, c.balanced)
			began := time.Now()
			r.begin()
			played := r.midway()
			at := time.Now()
			c.fault(r)
			lasted := time.Since(at)
			r.nextResult(played)
			service := time.Since(at)
			again, untouched := r.holds()
			// The figures of docs/operations.md's table of faults.
			t.Logf("fault %q: lasted %s, next result %s after it began, %d games started again, %d of %d untouched, tournament %s",
				c.name, lasted.Round(100*time.Millisecond), service.Round(100*time.Millisecond), again, untouched, r.shape.games(),
				time.Since(began).Round(time.Second))
			if p := r.person; p != nil {
				p.mu.Lock()
				t.Logf("the person: %d sessions, %d colour keys pressed; %s", p.sessions, p.keys, p.place)
				p.mu.Unlock()
			}
		})
	}
}

// holds checks the invariants once the tournament has finished; it says how many games
// were played again and how many the fault did not touch.
func (r *faultRig) holds() (again, untouched int) {
	t := r.t
	var got tournamentStandings
	// A person's games are called 10 s ahead and paced: with a class of twelve, the
	// person's own games, one after the other, are what the tournament waits for last.
	wait := 4 * time.Minute
	if r.person != nil {
		wait = max(wait, time.Duration((r.shape.entrants()-1)*r.shape.legs)*time.Minute)
	}
	until.Seen(t, wait, "the tournament finished", func() (string, bool) {
		s, err := r.standings()
		got = s
		return fmt.Sprintf("%+v (%v)", s, err), err == nil && s.State == "finished"
	})
	if got.GamesTotal != r.shape.games() || got.GamesPlayed != r.shape.games() {
		t.Errorf("%d of %d games played, want %d", got.GamesPlayed, got.GamesTotal, r.shape.games())
	}
	for _, s := range got.Standings {
		if s.Played != (r.shape.entrants()-1)*r.shape.legs || s.Forfeits != 0 || s.Absent != 0 {
			t.Errorf("%s: %d games played, %d forfeits, %d absent; want %d, 0, 0", s.Name, s.Played, s.Forfeits, s.Absent,
				(r.shape.entrants()-1)*r.shape.legs)
		}
	}
	for i, k := range r.kits {
		select {
		case err := <-k.done:
			if err != nil || !strings.Contains(k.log.String(), "is finished: you are") {
				t.Errorf("student %d's kit ended with %v, not told its place", i, err)
			}
		case <-time.After(time.Minute):
			t.Errorf("student %d's kit is still waiting a minute after the tournament's end", i)
		}
	}
	if r.person != nil {
		select {
		case <-r.person.done:
		case <-time.After(time.Minute):
		}
		if r.person.finished() == "" {
			t.Errorf("the person was not told its place a minute after the tournament's end")
		}
	}
	return r.gamesStand()
}

// gamesStand checks each recorded game: recorded once, its replay playing again to its
// result, and, untouched by the fault, the game its seed and its players give again. It
// says how many games were started again, and how many the fault did not touch.
func (r *faultRig) gamesStand() (again, untouched int) {
	t := r.t
	st, err := store.Open(context.Background(), r.dbURL)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	played, err := st.TournamentGames(context.Background(), r.code)
	if err != nil {
		t.Fatal(err)
	}
	if again, err = st.TournamentRestarts(context.Background(), r.code); err != nil {
		t.Fatal(err)
	}
	seen := map[[3]int]bool{}
	withPerson := 0
	for _, g := range played {
		key := [3]int{g.Round, g.Pairing, g.Leg}
		if seen[key] {
			t.Errorf("round %d, pairing %d, game %d recorded twice", g.Round, g.Pairing, g.Leg)
		}
		seen[key] = true
		if g.MatchID == "" {
			t.Errorf("round %d, pairing %d, game %d: a forfeit of %s", g.Round, g.Pairing, g.Leg, g.Forfeit)
			continue
		}
		rec, err := st.Match(context.Background(), g.MatchID)
		if err != nil {
			t.Fatal(err)
		}
		rp, outcome := r.replayOf(rec)
		if slices.ContainsFunc(rec.Seats, func(s store.SeatRecord) bool { return s.Name == pupilName }) {
			withPerson++
			continue // a person's keys are not played again
		}
		if slices.ContainsFunc(rec.Seats, func(s store.SeatRecord) bool { return s.ReplacedBy != "" }) {
			continue // the fault touched it: a program left it, and a house bot played on
		}
		// A move played by default is a program's turn that ran out (the fault's doing),
		// or an action the rules refused (Perfect Aim: a wall in the way), which the same
		// program chooses again: a game with none must be the same when played again.
		defaulted := slices.ContainsFunc(rp.Moves, func(m replay.Move) bool { return m.Default })
		switch same := r.playsAgain(rec, rp, outcome); {
		case same:
			untouched++
		case !defaulted:
			t.Errorf("match %s (seed %d), untouched by the fault, is another game when played again", rec.ID, rec.Seed)
		}
	}
	if len(played) != r.shape.games() {
		t.Errorf("%d games recorded, want %d", len(played), r.shape.games())
	}
	if programs := r.shape.games() - withPerson; untouched < programs/2 {
		t.Errorf("only %d of %d games of programs were untouched by the fault", untouched, programs)
	}
	return again, untouched
}

// replayOf decodes a recorded game and checks that its moves play again to its result.
func (r *faultRig) replayOf(rec store.MatchRecord) (replay.Replay, games.Outcome) {
	t := r.t
	e, ok := catalog.Get(rec.Game)
	if !ok {
		t.Fatalf("game %s of match %s", rec.Game, rec.ID)
	}
	rp, err := replay.Decode(rec.Replay, func(id string) (games.Game, bool) { return e.Game, id == e.Game.ID() })
	if err != nil {
		t.Fatalf("match %s: %v", rec.ID, err)
	}
	var outcome games.Outcome
	if err := json.Unmarshal(rec.Outcome, &outcome); err != nil {
		t.Fatalf("match %s's outcome: %v", rec.ID, err)
	}
	st, err := replay.Resimulate(e.Game, rp)
	if err != nil {
		t.Fatalf("match %s does not play again: %v", rec.ID, err)
	}
	again := st.Outcome()
	if !slices.Equal(again.Scores, outcome.Scores) {
		t.Errorf("match %s played again ends %+v, recorded %+v", rec.ID, again, outcome)
	}
	left := func(seat int) bool { return rec.Seats[seat].ReplacedBy != "" }
	if !slices.ContainsFunc(rec.Seats, func(s store.SeatRecord) bool { return s.ReplacedBy != "" }) {
		if !slices.Equal(again.Ranks, outcome.Ranks) {
			t.Errorf("match %s played again ends %+v, recorded %+v", rec.ID, again, outcome)
		}
		return rp, outcome
	}
	// A program that resigned (a third start's dropped connection) ranks below everyone
	// who stayed, whatever the house bot that played on for it achieved; among the ones
	// who stayed, the rules' order holds.
	for a := range rec.Seats {
		for b := range rec.Seats {
			switch {
			case left(a) && !left(b) && outcome.Ranks[a] <= outcome.Ranks[b]:
				t.Errorf("match %s: %s left and ranks %d, %s stayed and ranks %d", rec.ID,
					rec.Seats[a].Name, outcome.Ranks[a], rec.Seats[b].Name, outcome.Ranks[b])
			case !left(a) && !left(b) && (again.Ranks[a] < again.Ranks[b]) != (outcome.Ranks[a] < outcome.Ranks[b]):
				t.Errorf("match %s played again ends %+v, recorded %+v", rec.ID, again, outcome)
			}
		}
	}
	return rp, outcome
}

// playsAgain plays a recorded game again, headless, with its seed and its players (the
// same program, thinking no time), and reports whether it is the same game.
func (r *faultRig) playsAgain(rec store.MatchRecord, rp replay.Replay, outcome games.Outcome) bool {
	t := r.t
	var seats []string
	for _, s := range rec.Seats {
		if s.Bot != "" {
			seats = append(seats, s.Bot)
		} else {
			seats = append(seats, fmt.Sprintf("exec:python3 %s", r.thinker))
		}
	}
	args := []string{"match", "--game", rec.Game, "--seats", strings.Join(seats, ","), "--games", "1",
		"--seed", strconv.FormatUint(rec.Seed, 10), "--parallel", "1", "--json"}
	var cfg map[string]json.RawMessage
	if err := json.Unmarshal(rec.Config, &cfg); err != nil {
		t.Fatalf("match %s's config: %v", rec.ID, err)
	}
	e, _ := catalog.Get(rec.Game)
	for _, set := range e.Game.Describe().Settings {
		if v, ok := cfg[set.Key]; ok && !set.ByArena { // what the arena sets, it sets again
			args = append(args, "--config", set.Key+"="+strings.Trim(string(v), `"`))
		}
	}
	cmd := exec.Command(sshtest.ArenaBinary(t), args...)
	cmd.Env = append(os.Environ(), "THINK_MAX=0", "PYTHONPATH="+filepath.Join(r.repo, "kits/python"))
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("arena %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	var again struct {
		Ranks  []int `json:"ranks"`
		Scores []int `json:"scores"`
		Moves  int   `json:"moves"`
	}
	if err := json.Unmarshal([]byte(strings.SplitN(string(out), "\n", 2)[0]), &again); err != nil {
		t.Fatalf("arena match said %q: %v", out, err)
	}
	if !slices.Equal(again.Ranks, outcome.Ranks) || !slices.Equal(again.Scores, outcome.Scores) || again.Moves != len(rp.Moves) {
		t.Logf("match %s (seed %d, %v) played again: ranks %v, scores %v in %d moves; recorded %v, %v in %d",
			rec.ID, rec.Seed, seats, again.Ranks, again.Scores, again.Moves, outcome.Ranks, outcome.Scores, len(rp.Moves))
		return false
	}
	return true
}

// balancer is HAProxy in front of the nodes, as deploy/haproxy.cfg sets it up for
// loopback (scripts/cluster-local's): PROXY protocol v2 from 127.0.0.2.
type balancer struct {
	addr, config string
	cmd          *exec.Cmd
}

func startBalancer(t *testing.T, nodes []string) *balancer {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	var servers strings.Builder
	for i, n := range nodes {
		fmt.Fprintf(&servers, "    server node%d %s\n", i, n)
	}
	b := &balancer{addr: addr, config: filepath.Join(t.TempDir(), "haproxy.cfg")}
	cfg := fmt.Sprintf(`global
    maxconn 2000
defaults
    mode tcp
    maxconn 2000
    timeout connect 5s
    timeout client 4h
    timeout server 4h
    timeout tunnel 4h
    timeout check 5s
frontend ssh
    bind %s
    default_backend arena
backend arena
    balance leastconn
    default-server send-proxy-v2 check check-send-proxy inter 2s fall 2 rise 2 source 127.0.0.2
%s`, addr, servers.String())
	if err := os.WriteFile(b.config, []byte(cfg), 0o600); err != nil {
		t.Fatal(err)
	}
	b.run(t)
	t.Cleanup(func() { b.stop() })
	return b
}

func (b *balancer) run(t *testing.T) {
	t.Helper()
	b.cmd = exec.Command("haproxy", "-db", "-f", b.config)
	out := &sshtest.Buffer{}
	b.cmd.Stdout, b.cmd.Stderr = out, out
	if err := b.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	until.True(t, 30*time.Second, "haproxy listening on "+b.addr, func() bool {
		c, err := net.Dial("tcp", b.addr)
		if err == nil {
			c.Close()
		}
		return err == nil
	})
}

func (b *balancer) stop() {
	_ = b.cmd.Process.Signal(syscall.SIGTERM)
	_ = b.cmd.Wait()
}

// restart stops the balancer (its connections cut) and starts it again.
func (b *balancer) restart(t *testing.T) {
	b.stop()
	b.run(t)
}
