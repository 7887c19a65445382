package main

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	gossh "golang.org/x/crypto/ssh"

	"github.com/arena-classroom/arena/cluster"
	"github.com/arena-classroom/arena/cluster/clustertest"
	"github.com/arena-classroom/arena/cluster/leases"
	"github.com/arena-classroom/arena/commands"
	"github.com/arena-classroom/arena/internal/arenatest"
	"github.com/arena-classroom/arena/internal/netfault"
	"github.com/arena-classroom/arena/internal/sshtest"
	"github.com/arena-classroom/arena/internal/until"
	"github.com/arena-classroom/arena/rooms"
	"github.com/arena-classroom/arena/server"
	"github.com/arena-classroom/arena/store"
	"github.com/arena-classroom/arena/tournament/director"
)

// testNode is one arena serve of a cluster in a test, built by newApp as serve builds it.
type testNode struct {
	node *cluster.Node
	app  *commands.App
	hub  *rooms.Hub
	addr string
	stop func() // the hub and the director, as a process that ends
}

// testCluster runs a bus and nodes on one store, teacher's key an admin on each.
type testCluster struct {
	t       *testing.T
	bus     *clustertest.Bus
	st      *store.Store
	admin   string
	teacher gossh.Signer
	clients map[string]*gossh.Client // the teacher's connection to each node
	// lead, when set, says which nodes hold the tournaments' lease (the store does
	// otherwise), asked a third of leaseTTL apart.
	lead *steeredLead
}

// leaseTTL is the tournaments' lease's life in a cluster whose lead the test steers.
const leaseTTL = 600 * time.Millisecond

// steeredLead is the store's leases, but for the tournaments' lead, which the test gives:
// the nodes it names are told that they hold it, since the time they were given it. Two
// at once play a node that took the lease while the one that held it has not asked the
// store again yet, and still leads.
type steeredLead struct {
	*store.Store
	mu      sync.Mutex
	holders map[string]time.Time
}

func (s *steeredLead) TakeLease(ctx context.Context, name, holder string, ttl time.Duration) (store.Lease, bool, error) {
	if name != leases.Director {
		return s.Store.TakeLease(ctx, name, holder, ttl)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	since, ok := s.holders[holder]
	if !ok {
		return store.Lease{Name: name, Holder: "another", Expires: time.Now().Add(ttl)}, false, nil
	}
	return store.Lease{Name: name, Holder: holder, Since: since, Expires: time.Now().Add(ttl)}, true, nil
}

// give has nodes hold the lead: those that held it keep their since, the others take it now.
func (s *steeredLead) give(nodes ...string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	held := s.holders
	s.holders = map[string]time.Time{}
	for _, n := range nodes {
		since, ok := held[n]
		if !ok {
			since = time.Now()
		}
		s.holders[n] = since
	}
}

func newTestCluster(t *testing.T) *testCluster {
	bus := clustertest.Start(t, "a", "b", "c")
	teacher := sshtest.NewKey(t)
	return &testCluster{t: t, bus: bus, st: arenatest.Store(t), admin: arenatest.AdminKeys(t, teacher), teacher: teacher,
		clients: map[string]*gossh.Client{}}
}

func (c *testCluster) start(name string) *testNode {
	return c.startVia(name, c.bus.ClientURL())
}

// startVia starts a node that reaches the bus at url (a netfault proxy, to cut one node off).
func (c *testCluster) startVia(name, url string) *testNode {
	t := c.t
	log := arenatest.Logger(t).With("node", name)
	n, err := cluster.Join(context.Background(), cluster.Config{URL: url, Name: name, Key: c.bus.Key(t, name), Logger: log,
		Letters: leases.Letters(c.st, cluster.LetterTTL), Heartbeat: 100 * time.Millisecond, Silence: 3 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	// LivePace 100: the tournaments at the live pace here are for games under way when a
	// node dies, a move a tick of this 100 Hz hub, not for a class to follow.
	opts := appOptions{Logger: log, Store: c.st, TickHz: 100, FillAfter: time.Hour, LivePace: 100,
		HumanMove: time.Minute, BotMove: 2 * time.Second, GamesPerPlayer: 3, GamesPerAddr: 50, Cluster: n}
	if c.lead != nil {
		opts.Leases, opts.DirectorTTL = c.lead, leaseTTL
	}
	app, hub, stopApp, err := newApp(opts)
	if err != nil {
		t.Fatal(err)
	}
	addr, _ := sshtest.Start(t, app, func(cfg *server.Config) { cfg.AdminKeysFile = c.admin; cfg.Logger = slog.New(slog.DiscardHandler) })
	stopped := false
	tn := &testNode{node: n, app: app, hub: hub, addr: addr}
	tn.stop = func() {
		if !stopped {
			stopped = true
			stopApp()
			n.Close()
		}
	}
	t.Cleanup(tn.stop)
	return tn
}

// settled waits until every node hears every other.
func (c *testCluster) settled(nodes ...*testNode) {
	for _, n := range nodes {
		until.True(c.t, 30*time.Second, n.node.Name()+" hearing the others", func() bool {
			return n.node.Stats().Nodes == len(nodes)
		})
	}
}

// leading waits until n leads the tournaments.
func (c *testCluster) leading(n *testNode) {
	until.True(c.t, 30*time.Second, n.node.Name()+" leading the tournaments", func() bool {
		leases, err := c.st.Leases(context.Background(), leases.Director)
		return err == nil && len(leases) == 1 && leases[0].Holder == n.node.Name()
	})
}

func (c *testCluster) standings(addr, code string) tournamentStandings {
	c.t.Helper()
	out, errOut, status := sshtest.Exec(c.t, c.client(addr), "tournament standings "+code+" --json")
	if status != 0 {
		c.t.Fatalf("standings: %d %q", status, errOut)
	}
	var s tournamentStandings
	if err := json.Unmarshal([]byte(out), &s); err != nil {
		c.t.Fatalf("standings %q: %v", out, err)
	}
	return s
}

// client is the teacher's connection to the node at addr (one each: polling the standings
// opens sessions, not connections, which the per-address limits count).
func (c *testCluster) client(addr string) *gossh.Client {
	if cl := c.clients[addr]; cl != nil {
		// A connection left without a session for long (the tournament plays on meanwhile)
		// is closed by the server's idle timeout, as a person's would be: dial again.
		if _, _, err := cl.SendRequest("keepalive@openssh.com", true, nil); err == nil {
			return cl
		}
		cl.Close()
	}
	cl := sshtest.Dial(c.t, addr, "prof", c.teacher)
	c.clients[addr] = cl
	return cl
}

func (c *testCluster) teacherRuns(addr, cmd string) string {
	c.t.Helper()
	out, errOut, status := sshtest.Exec(c.t, c.client(addr), cmd)
	if status != 0 {
		c.t.Fatalf("%s: %d %q", cmd, status, errOut)
	}
	return out
}

func (c *testCluster) create(addr, args, bots string) string {
	c.t.Helper()
	out := c.teacherRuns(addr, "tournament create "+args)
	lines := strings.Split(strings.TrimSpace(out), "\n")
	code := lines[len(lines)-1]
	if bots != "" {
		c.teacherRuns(addr, "tournament add "+code+" --bot "+bots)
	}
	return code
}

// rows is the standings as text: rank, name, points, games played.
func rows(s tournamentStandings) string {
	var b strings.Builder
	for _, r := range s.Standings {
		fmt.Fprintf(&b, "%d %s %g %d\n", r.Rank, r.Name, r.Points, r.Played)
	}
	return b.String()
}

// A tournament of house bots led from A plays its games on all three nodes; the same
// tournament (same seed) with node B killed in the middle finishes too, every game recorded
// once, with the same standings.
func TestATournamentSurvivesTheDeathOfANode(t *testing.T) {
	c := newTestCluster(t)
	a := c.start("a")
	c.leading(a)
	b, cc := c.start("b"), c.start("c")
	c.settled(a, b, cc)
	// At a person's pace (a decision a tick), so that games are under way when B dies.
	const args = "--game sevencolors --format round-robin --size 12 --games-per-pairing 2 --seed 77 --pace live --name Six"
	const bots = "greedy,random,mixed,hegemonic,random_improving,greedy"

	// Both made before any game is played: entrants are seeded by their rating then.
	whole := c.create(cc.addr, args, bots) // made on C: the leader on A runs it all the same
	broken := c.create(a.addr, args, bots)
	c.teacherRuns(b.addr, "tournament start "+whole)
	var want tournamentStandings
	until.Seen(t, 120*time.Second, "the whole tournament finishing", func() (string, bool) {
		want = c.standings(a.addr, whole)
		return fmt.Sprintf("%s %d/%d", want.State, want.GamesPlayed, want.GamesTotal), want.State == "finished"
	})
	if want.GamesPlayed != 30 {
		t.Fatalf("%d games played, want 30 (15 pairings × 2)", want.GamesPlayed)
	}
	spread := map[string]int{}
	for _, m := range matchesOf(t, c.st, whole) {
		spread[strings.ToUpper(m[len("m_"):][:1])]++ // m_ROOM_TIME: a room's id begins with its node's letter
	}
	if len(spread) < 3 {
		t.Fatalf("the games were played on %d nodes (%v), want all three", len(spread), spread)
	}

	c.teacherRuns(a.addr, "tournament start "+broken)
	until.Seen(t, 120*time.Second, "a few games played", func() (string, bool) {
		s := c.standings(a.addr, broken)
		return fmt.Sprintf("%d played", s.GamesPlayed), s.GamesPlayed >= 6
	})
	playing := 0
	for _, r := range b.hub.List() {
		if r.Status == rooms.Playing && director.TournamentOf(r) == broken {
			playing++
		}
	}
	if playing == 0 {
		t.Fatal("B plays none of the tournament's games as it dies: the test proves nothing")
	}
	t.Logf("B dies with %d of the tournament's games under way", playing)
	b.node.Abandon() // B dies: its bus connection drops, its rooms stop
	b.stop()
	var got tournamentStandings
	until.Seen(t, 120*time.Second, "the tournament finishing without B", func() (string, bool) {
		got = c.standings(cc.addr, broken)
		return fmt.Sprintf("%s %d/%d", got.State, got.GamesPlayed, got.GamesTotal), got.State == "finished"
	})
	if rows(got) != rows(want) {
		t.Fatalf("standings after B died:\n%s\nwithout a death:\n%s", rows(got), rows(want))
	}
	if n := len(matchesOf(t, c.st, broken)); n != 30 {
		t.Fatalf("%d games recorded, want each of the 30 once", n)
	}
}

// matchesOf lists the rooms' ids of the games a tournament recorded (their first letter is
// their node's).
func matchesOf(t *testing.T, st *store.Store, code string) []string {
	t.Helper()
	games, err := st.TournamentGames(context.Background(), code)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, g := range games {
		out = append(out, g.MatchID)
	}
	return out
}

// Programs connected to B and C play a tournament that the director on A runs: they enter
// from their node, their games are played where they are, and each is told its place.
func TestProgramsOnOtherNodesPlayATournamentLedElsewhere(t *testing.T) {
	c := newTestCluster(t)
	a := c.start("a")
	c.leading(a)
	b, cc := c.start("b"), c.start("c")
	c.settled(a, b, cc)
	code := c.create(a.addr, "--game sevencolors --format round-robin --size 6 --name Progs", "greedy,random")

	var programs []*arenatest.Bot
	for i, n := range []*testNode{b, cc} {
		name := []string{"sam", "lea"}[i]
		programs = append(programs, arenatest.StartBot(t, sshtest.Dial(t, n.addr, name, sshtest.NewKey(t)), "--game sevencolors --tournament "+code))
	}
	until.Seen(t, 20*time.Second, "the programs entering from B and C", func() (string, bool) {
		s := c.standings(a.addr, code)
		return rows(s), len(s.Standings) == 4
	})
	c.teacherRuns(cc.addr, "tournament start "+code) // started from C: A runs it
	played := make([]chan []arenatest.Msg, len(programs))
	for i, p := range programs {
		played[i] = make(chan []arenatest.Msg, 1)
		go func() { played[i] <- p.PlayAll() }()
	}
	for i, p := range programs {
		all := <-played[i]
		if status := p.St.Wait(t, 60*time.Second); status != 0 {
			t.Fatalf("program exit %d; stderr:\n%s", status, p.St.Stderr())
		}
		ends := arenatest.OfType(all, "end")
		if len(ends) != 3 {
			t.Fatalf("a program played %d games, want 3; stderr:\n%s", len(ends), p.St.Stderr())
		}
		for _, e := range ends {
			if e["outcome"] == nil {
				t.Fatalf("a game ended without an outcome for the program: %v; stderr:\n%s", e, p.St.Stderr())
			}
		}
		if !strings.Contains(p.St.Stderr(), "tournament "+code+" is finished: you are ") {
			t.Fatalf("the program was not told its place: %q", p.St.Stderr())
		}
	}
	s := c.standings(b.addr, code)
	if s.State != "finished" || s.GamesPlayed != 6 {
		t.Fatalf("standings %+v", s)
	}
	// A game with a program is played where a program of it is connected.
	games, err := c.st.TournamentGames(context.Background(), code)
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range games {
		programs := 0
		for _, id := range g.Seats {
			if !strings.HasPrefix(id, "house:") {
				programs++
			}
		}
		if node := strings.ToUpper(g.MatchID[len("m_"):][:1]); programs > 0 && node == a.node.Letter() {
			t.Errorf("game %+v of a program of B or C was played on A", g)
		}
	}
}

// A rolling restart during a tournament of house bots: each node in turn drains and stops,
// and starts again under its name; the leader's lease passes to another node when it stops.
// Every game is recorded once, and the standings are those of a tournament that nothing
// stopped.
func TestARollingRestartLosesNoResult(t *testing.T) {
	c := newTestCluster(t)
	nodes := map[string]*testNode{"a": c.start("a")}
	c.leading(nodes["a"])
	nodes["b"], nodes["c"] = c.start("b"), c.start("c")
	c.settled(nodes["a"], nodes["b"], nodes["c"])
	const args = "--game sevencolors --format round-robin --size 12 --games-per-pairing 2 --seed 91 --pace live --name Rolling"
	const bots = "greedy,random,mixed,hegemonic,random_improving,greedy"
	whole := c.create(nodes["a"].addr, args, bots)
	rolled := c.create(nodes["a"].addr, args, bots)
	c.teacherRuns(nodes["a"].addr, "tournament start "+whole)
	var want tournamentStandings
	until.Seen(t, 180*time.Second, "the tournament nothing stops", func() (string, bool) {
		want = c.standings(nodes["b"].addr, whole)
		return fmt.Sprintf("%s %d/%d", want.State, want.GamesPlayed, want.GamesTotal), want.State == "finished"
	})

	c.teacherRuns(nodes["a"].addr, "tournament start "+rolled)
	interrupted := 0
	for _, name := range []string{"b", "c", "a"} {
		old := nodes[name]
		// Each node stops with a game of the tournament under way on it.
		until.Seen(t, 180*time.Second, "a game under way on "+name, func() (string, bool) {
			for _, r := range old.hub.List() {
				if r.Status == rooms.Playing && director.TournamentOf(r) == rolled {
					return r.ID, true
				}
			}
			s := c.standings(nodes[name].addr, rolled)
			if s.State == "finished" {
				t.Fatalf("the tournament finished before %s restarted: the test proves nothing", name)
			}
			return fmt.Sprintf("%d played, none on %s", s.GamesPlayed, name), false
		})
		for _, r := range old.hub.List() {
			if r.Status == rooms.Playing && director.TournamentOf(r) == rolled {
				interrupted++
			}
		}
		moved, failed := old.node.Drain()
		t.Logf("%s drains (%d moved, %d not) with %d of the games under way on it", name, moved, failed, interrupted)
		old.stop()
		delete(c.clients, old.addr)
		nodes[name] = c.start(name)
		c.settled(nodes["a"], nodes["b"], nodes["c"])
	}
	if interrupted == 0 {
		t.Fatal("no game was under way on a node as it stopped: the test proves nothing")
	}
	t.Logf("%d games were under way on the nodes as they stopped", interrupted)
	var got tournamentStandings
	until.Seen(t, 180*time.Second, "the rolled tournament finishing", func() (string, bool) {
		got = c.standings(nodes["c"].addr, rolled)
		return fmt.Sprintf("%s %d/%d", got.State, got.GamesPlayed, got.GamesTotal), got.State == "finished"
	})
	if n := len(matchesOf(t, c.st, rolled)); n != 30 {
		t.Fatalf("%d games recorded, want each of the 30 once", n)
	}
	if rows(got) != rows(want) {
		t.Fatalf("standings after a rolling restart:\n%s\nwithout one:\n%s", rows(got), rows(want))
	}
}

// A node's own link to the bus goes down for longer than the silence after which the
// others forget it, while its program waits in the tournaments' line for a game; the node
// does not forget the others (the silence was its own). The leader, which let go of the
// program's place in line, has it line up again when it hears the node back, and the
// tournament plays every game. Before, the program waited for ever, connected, and was
// scored absent.
func TestProgramsOfANodeTheLeaderForgotLineUpAgain(t *testing.T) {
	c := newTestCluster(t)
	a := c.start("a")
	c.leading(a)
	link := netfault.New(t, strings.TrimPrefix(c.bus.ClientURL(), "nats://"))
	b := c.startVia("b", "nats://"+link.Addr())
	c.settled(a, b)
	code := c.create(a.addr, "--game sevencolors --format round-robin --games-per-pairing 2 --size 10 --name Forgotten", "")
	maxKey := sshtest.NewKey(t)
	sam := arenatest.StartBot(t, sshtest.Dial(t, b.addr, "sam", sshtest.NewKey(t)), "--game sevencolors --tournament "+code)
	max := arenatest.StartBot(t, sshtest.Dial(t, a.addr, "max", maxKey), "--game sevencolors --tournament "+code)
	until.Seen(t, 20*time.Second, "the programs entering", func() (string, bool) {
		s := c.standings(a.addr, code)
		return rows(s), len(s.Standings) == 2
	})
	// max goes away: sam, alone connected, waits in line for their game.
	if err := max.St.CloseStdin(); err != nil {
		t.Fatal(err)
	}
	max.St.Wait(t, 30*time.Second)
	c.teacherRuns(a.addr, "tournament start "+code)
	played := make(chan []arenatest.Msg, 2)
	go func() { played <- sam.PlayAll() }()
	notes := func() string {
		rep, err := a.app.Director().Report(context.Background(), code)
		if err != nil {
			t.Fatal(err)
		}
		return strings.Join(rep.Notes, "\n")
	}
	until.Seen(t, 30*time.Second, "sam in line", func() (string, bool) {
		in := a.app.Director().InLine(code)
		return fmt.Sprint(in), slices.Equal(in, []string{"sam"})
	})
	link.Down()
	until.True(t, 60*time.Second, "a forgetting b", func() bool { return a.node.Stats().Nodes == 1 })
	link.Up()
	c.settled(a, b)
	max = arenatest.StartBot(t, sshtest.Dial(t, a.addr, "max", maxKey), "--game sevencolors --tournament "+code)
	go func() { played <- max.PlayAll() }()
	var s tournamentStandings
	until.Seen(t, 120*time.Second, "the tournament finishing", func() (string, bool) {
		s = c.standings(a.addr, code)
		return fmt.Sprintf("%s %d/%d\n%s\n%s", s.State, s.GamesPlayed, s.GamesTotal, rows(s), notes()), s.State == "finished"
	})
	for _, r := range s.Standings {
		if r.Played != 2 || r.Absent != 0 || r.Forfeits != 0 {
			t.Fatalf("%s: %d games, %d absent, %d forfeits, want 2 played:\n%s\n%s", r.Name, r.Played, r.Absent, r.Forfeits, rows(s), notes())
		}
	}
	<-played
	<-played
}

// The same for quick match: a program waiting on B, which the queues' keeper on A forgot in
// B's outage, is sent to the keeper again when A hears B back, and plays the next program
// that comes.
func TestProgramsInQuickMatchOfANodeTheKeeperForgotQueueAgain(t *testing.T) {
	c := newTestCluster(t)
	a := c.start("a")
	link := netfault.New(t, strings.TrimPrefix(c.bus.ClientURL(), "nats://"))
	b := c.startVia("b", "nats://"+link.Addr())
	c.settled(a, b)
	waiting := func() []string {
		var names []string
		for _, p := range a.app.Matchmaker().WaitingPrograms("sevencolors") {
			names = append(names, p.Name)
		}
		return names
	}
	sam := arenatest.StartBot(t, sshtest.Dial(t, b.addr, "sam", sshtest.NewKey(t)), "--game sevencolors --games 1 --size 8")
	until.Seen(t, 20*time.Second, "sam waiting at the keeper", func() (string, bool) {
		w := waiting()
		return fmt.Sprint(w), slices.Equal(w, []string{"sam"})
	})
	link.Down()
	until.True(t, 60*time.Second, "a forgetting b", func() bool { return a.node.Stats().Nodes == 1 })
	link.Up()
	c.settled(a, b)
	until.Seen(t, 20*time.Second, "sam waiting at the keeper again", func() (string, bool) {
		w := waiting()
		return fmt.Sprint(w), slices.Equal(w, []string{"sam"})
	})
	lea := arenatest.StartBot(t, sshtest.Dial(t, a.addr, "lea", sshtest.NewKey(t)), "--game sevencolors --games 1 --size 8")
	played := make(chan []arenatest.Msg, 2)
	go func() { played <- sam.PlayAll() }()
	go func() { played <- lea.PlayAll() }()
	var starts []arenatest.Msg
	for range 2 {
		all := <-played
		if ends := arenatest.OfType(all, "end"); len(ends) != 1 || ends[0]["outcome"] == nil {
			t.Fatalf("a program's games: %v", all)
		}
		starts = append(starts, arenatest.OfType(all, "start")...)
	}
	if len(starts) != 2 || starts[0].Str("match") != starts[1].Str("match") {
		t.Fatalf("the programs did not play each other: %v", starts)
	}
}

// The bus restarts for 2 s, then for 8 s, under a tournament of programs connected to two
// nodes (led by a third): no game is forfeited or scored unplayed, no program is
// ejected, and every game is recorded once.
func TestATournamentOfProgramsRidesOutBusRestarts(t *testing.T) {
	c := newTestCluster(t)
	a := c.start("a")
	c.leading(a)
	b, cc := c.start("b"), c.start("c")
	c.settled(a, b, cc)
	code := c.create(a.addr, "--game sevencolors --format round-robin --games-per-pairing 30 --size 14 --name Outage", "")
	var programs []*arenatest.Bot
	for i, n := range []*testNode{b, cc, b} {
		name := []string{"sam", "lea", "max"}[i]
		programs = append(programs, arenatest.StartBot(t, sshtest.Dial(t, n.addr, name, sshtest.NewKey(t)), "--game sevencolors --tournament "+code))
	}
	until.Seen(t, 20*time.Second, "the programs entering from B and C", func() (string, bool) {
		s := c.standings(a.addr, code)
		return rows(s), len(s.Standings) == 3
	})
	c.teacherRuns(a.addr, "tournament start "+code)
	played := make([]chan []arenatest.Msg, len(programs))
	for i, p := range programs {
		played[i] = make(chan []arenatest.Msg, 1)
		go func() { played[i] <- p.PlayAll() }()
	}
	for _, down := range []time.Duration{2 * time.Second, 8 * time.Second} {
		before := c.standings(a.addr, code).GamesPlayed
		if before == 90 {
			t.Fatalf("the tournament ended before the bus restarted for %v", down)
		}
		until.Seen(t, 60*time.Second, "a few games more before the bus stops", func() (string, bool) {
			s := c.standings(a.addr, code)
			return fmt.Sprintf("%d of %d played", s.GamesPlayed, s.GamesTotal), s.GamesPlayed >= before+5 || s.State == "finished"
		})
		c.bus.Stop()
		time.Sleep(down) // the outage itself, not a wait for an outcome
		c.bus.Restart(t)
	}
	for i, p := range programs {
		var all []arenatest.Msg
		select {
		case all = <-played[i]:
		case <-time.After(5 * time.Minute):
			// Said, with the nodes' logs, rather than left to the package's timeout.
			s := c.standings(a.addr, code)
			rep, _ := a.app.Director().Report(context.Background(), code)
			t.Fatalf("program %d still plays after 5 minutes: %s %d/%d; in line at the leader: %v\n%s\nnotes:\n%s\nstderr:\n%s",
				i, s.State, s.GamesPlayed, s.GamesTotal, a.app.Director().InLine(code), rows(s), strings.Join(rep.Notes, "\n"), p.St.Stderr())
		}
		if status := p.St.Wait(t, 120*time.Second); status != 0 {
			t.Fatalf("program exit %d; stderr:\n%s", status, p.St.Stderr())
		}
		if ends := arenatest.OfType(all, "end"); len(ends) != 60 {
			t.Fatalf("a program played %d games, want 60; stderr:\n%s", len(ends), p.St.Stderr())
		}
		// A turn lost on the bus, or a clock that ran while the bus was down, is a timeout.
		if warns := arenatest.OfType(all, "warn"); len(warns) > 0 {
			t.Fatalf("a program was warned %d times, first %v", len(warns), warns[0])
		}
	}
	s := c.standings(a.addr, code)
	if s.State != "finished" || s.GamesPlayed != 90 || s.GamesTotal != 90 {
		t.Fatalf("standings after the outages: %+v", s)
	}
	for _, r := range s.Standings {
		if r.Played != 60 || r.Forfeits != 0 || r.Absent != 0 {
			t.Fatalf("%s: %d games, %d forfeits, %d absent: a fault scored a game", r.Name, r.Played, r.Forfeits, r.Absent)
		}
	}
	games, err := c.st.TournamentGames(context.Background(), code)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for _, g := range games {
		if g.MatchID == "" || seen[g.MatchID] {
			t.Fatalf("game %+v recorded twice or without its match", g)
		}
		seen[g.MatchID] = true
	}
	if len(seen) != 90 {
		t.Fatalf("%d games recorded, want 90", len(seen))
	}
}

// While the node that runs the tournaments is gone and no other has taken over yet, a
// program entering on another node is told it is temporary (status 75): the kits come back
// by themselves, rather than stop for good.
func TestAnEntryWhileTheLeaderIsGoneSaysTryAgain(t *testing.T) {
	c := newTestCluster(t)
	a := c.start("a")
	c.leading(a)
	b := c.start("b")
	c.settled(a, b)
	code := c.create(a.addr, "--game sevencolors --format round-robin --size 6 --name Gone", "greedy")
	a.stop()
	until.True(t, 10*time.Second, "b hearing a leave", func() bool { return b.node.Stats().Nodes == 1 })
	p := arenatest.StartBot(t, sshtest.Dial(t, b.addr, "sam", sshtest.NewKey(t)), "--game sevencolors --tournament "+code)
	p.ReadAll()
	if status := p.St.Wait(t, 30*time.Second); status != 75 {
		t.Fatalf("an entry while the leader is gone: exit %d, want 75; stderr:\n%s", status, p.St.Stderr())
	}
}

// The tournaments' lead passes from A to B while every program waits in A's line (the
// tournament paused): sam is connected to B, lea to C, max to A. B takes the lease while A,
// which has not asked the store again yet, still says it leads; then A learns it lost the
// lease and follows. Later the lead goes back to A the same way. Each time every program
// lines up with the new leader, and the tournament plays every game, nobody counted
// absent. Before, the new leader's own programs waited for ever on tickets of the old one,
// which dropped them as it followed; so did another node's programs that lined up again
// with the old leader, still heard leading, just before it followed (as after a database
// outage longer than the lease, when another node asks the store first).
func TestProgramsLineUpWithEachNewLeader(t *testing.T) {
	c := newTestCluster(t)
	c.lead = &steeredLead{Store: c.st}
	c.lead.give("a")
	nodes := map[string]*testNode{"a": c.start("a")}
	leads := func(name string) bool { return nodes[name].app.Director().Leading() }
	until.True(t, 30*time.Second, "a leading", func() bool { return leads("a") })
	nodes["b"], nodes["c"] = c.start("b"), c.start("c")
	c.settled(nodes["a"], nodes["b"], nodes["c"])
	a := nodes["a"]
	code := c.create(a.addr, "--game sevencolors --format round-robin --games-per-pairing 6 --size 6 --grace 5s --name Handover", "")
	where := map[string]string{"sam": "b", "lea": "c", "max": "a"}
	played := make(chan []arenatest.Msg, len(where))
	var programs []*arenatest.Bot
	for name, node := range where {
		p := arenatest.StartBot(t, sshtest.Dial(t, nodes[node].addr, name, sshtest.NewKey(t)), "--game sevencolors --tournament "+code)
		programs = append(programs, p)
	}
	until.Seen(t, 20*time.Second, "the programs entering", func() (string, bool) {
		s := c.standings(a.addr, code)
		return rows(s), len(s.Standings) == 3
	})
	c.teacherRuns(a.addr, "tournament start "+code)
	for _, p := range programs {
		go func() { played <- p.PlayAll() }()
	}
	// fair fails at once on a game scored unplayed.
	fair := func(s tournamentStandings) {
		for _, r := range s.Standings {
			if r.Forfeits != 0 || r.Absent != 0 {
				rep, _ := nodes["b"].app.Director().Report(context.Background(), code)
				t.Fatalf("%s: %d forfeits, %d absent:\n%s\nnotes at b:\n%s", r.Name, r.Forfeits, r.Absent, rows(s), strings.Join(rep.Notes, "\n"))
			}
		}
	}
	everyone := []string{"lea", "max", "sam"}
	inLine := func(at string, want []string) {
		until.Seen(t, 20*time.Second, strings.Join(want, ", ")+" in "+at+"'s line", func() (string, bool) {
			in := nodes[at].app.Director().InLine(code)
			slices.Sort(in)
			return fmt.Sprint(in), slices.Equal(in, want)
		})
	}
	handOver := func(from, to string) {
		c.teacherRuns(a.addr, "tournament pause "+code)
		inLine(from, everyone)
		c.lead.give(from, to) // to took the lease; from still thinks it holds it
		until.True(t, 20*time.Second, to+" leading", func() bool { return leads(to) })
		third := "c"
		for _, n := range []string{"a", "b", "c"} {
			if n != from && n != to {
				third = n
			}
		}
		until.True(t, 20*time.Second, third+" hearing "+to+" lead", func() bool {
			h, ok := nodes[third].node.LastHeard(to)
			return ok && h.Leads
		})
		// Both say they lead: to's own programs, and the third node's, line up with to.
		var theirs []string
		for name, node := range where {
			if node != from {
				theirs = append(theirs, name)
			}
		}
		slices.Sort(theirs)
		inLine(to, theirs)
		c.lead.give(to) // from asks the store, and follows
		until.True(t, 20*time.Second, from+" following", func() bool { return !leads(from) })
		inLine(to, everyone)
		c.teacherRuns(a.addr, "tournament resume "+code)
	}
	handOver("a", "b")
	var s tournamentStandings
	until.Seen(t, 60*time.Second, "games played after the lead passed to b", func() (string, bool) {
		s = c.standings(a.addr, code)
		fair(s)
		return fmt.Sprintf("%d/%d", s.GamesPlayed, s.GamesTotal), s.GamesPlayed >= 4
	})
	if s.State == "finished" {
		t.Fatal("the tournament finished before the lead went back to a: the test proves nothing")
	}
	handOver("b", "a")
	until.Seen(t, 120*time.Second, "the tournament finishing", func() (string, bool) {
		s = c.standings(a.addr, code)
		fair(s)
		return fmt.Sprintf("%s %d/%d\n%s", s.State, s.GamesPlayed, s.GamesTotal, rows(s)), s.State == "finished"
	})
	fair(s)
	for range programs {
		all := <-played
		if ends := arenatest.OfType(all, "end"); len(ends) != 12 {
			t.Fatalf("a program played %d games, want 12", len(ends))
		}
	}
}
