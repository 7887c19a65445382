package cluster_test

import (
	"context"
	"encoding/json"

	gossh "golang.org/x/crypto/ssh"

	"strings"
	"testing"
	"time"

	"github.com/arena-classroom/arena/keys"

	"github.com/arena-classroom/arena/cluster"
	"github.com/arena-classroom/arena/cluster/clustertest"
	"github.com/arena-classroom/arena/cluster/leases"
	"github.com/arena-classroom/arena/cluster/quickmatch"
	"github.com/arena-classroom/arena/commands"
	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/internal/arenatest"
	"github.com/arena-classroom/arena/internal/sshtest"
	"github.com/arena-classroom/arena/internal/until"
	"github.com/arena-classroom/arena/record"
	"github.com/arena-classroom/arena/replay"
	"github.com/arena-classroom/arena/rooms"
	"github.com/arena-classroom/arena/server"
	"github.com/arena-classroom/arena/store"
)

// arenaNode is one whole arena of a cluster in a test: its node, hub and SSH address.
type arenaNode struct {
	node *cluster.Node
	hub  *rooms.Hub
	addr string
	app  *commands.App
}

// startArenas runs a NATS server and a whole arena per name, all on one store (the tests'
// PostgreSQL with ARENA_TEST_STORE=postgres, else one SQLite file), as a cluster.
func startArenas(t *testing.T, names ...string) ([]*arenaNode, *store.Store) {
	t.Helper()
	bus := clustertest.Start(t, names...)
	st := arenatest.Store(t)
	var out []*arenaNode
	for _, name := range names {
		n, err := cluster.Join(context.Background(), cluster.Config{URL: bus.ClientURL(), Name: name, Key: bus.Key(t, name),
			Letters: leases.Letters(st, cluster.LetterTTL), Heartbeat: 100 * time.Millisecond, Silence: 3 * time.Second,
			Logger: arenatest.Logger(t)})
		if err != nil {
			t.Fatal(err)
		}
		hub := rooms.NewHub(rooms.Config{TickHz: 100, Codes: n.Codes(), Logger: arenatest.Logger(t),
			OnFinish: func(info rooms.Info, rp replay.Replay) error {
				rec, err := record.Match(info, rp, time.Now())
				if err != nil {
					return err
				}
				return st.SaveMatch(context.Background(), rec)
			}})
		if err := n.Serve(hub); err != nil {
			t.Fatal(err)
		}
		addr, app, srv := arenatest.StartOn(t, hub, commands.Options{Rooms: n.Directory(), FillAfter: time.Hour, Archive: st,
			OnlineElsewhere: n.OnlineElsewhere},
			func(c *server.Config) { c.SessionsElsewhere = n.SessionsElsewhere; c.MaxSessionsPerKey = 4 })
		quickmatch.Serve(n, app.Matchmaker())
		n.CountSessions(srv.SessionsByKey)
		n.ShareOnline(app.Online)
		t.Cleanup(n.Close) // before the hub stops: cleanups run last first
		out = append(out, &arenaNode{node: n, hub: hub, addr: addr, app: app})
	}
	for _, a := range out {
		until.True(t, 10*time.Second, a.node.Name()+" hearing the others", func() bool { return a.node.Stats().Nodes == len(out) })
	}
	return out, st
}

// A person on node A and a person on node B play 7 Colors in a private room made on B, with
// its code; on node C its players find it with `rooms`, a spectator watches it with `watch`
// and its code, and sees the same end as the players.
// privateGameAcross is a private room of 7 Colors that dave opens on node owner, joined by
// alice (with her key) from node from: the room, and each one's terminal.
func privateGameAcross(t *testing.T, owner, from *arenaNode, aliceKey gossh.Signer) (*rooms.Room, *sshtest.Term, *sshtest.Term) {
	t.Helper()
	dave := sshtest.NewTerm(t, sshtest.Dial(t, owner.addr, "dave", sshtest.NewKey(t)))
	dave.WaitFor(t, "Quick match", 10*time.Second)
	dave.Type(t, "4")
	dave.WaitFor(t, "A private room of 7 Colors", 10*time.Second)
	dave.Type(t, "enter")
	var list []rooms.Info
	until.True(t, 10*time.Second, "the room opening", func() bool { list = owner.hub.List(); return len(list) == 1 })
	room, _ := owner.hub.Find(list[0].ID)
	dave.WaitFor(t, room.Code(), 10*time.Second)
	alice := sshtest.NewTerm(t, sshtest.Dial(t, from.addr, "alice", aliceKey))
	alice.WaitFor(t, "Quick match", 10*time.Second)
	alice.Type(t, "5")
	alice.WaitFor(t, "Join a private room", 10*time.Second)
	alice.Type(t, room.Code(), "enter")
	until.True(t, 10*time.Second, "alice seated in the room of another node", func() bool {
		s := room.Snapshot()
		return s.Status == rooms.Playing && s.Seats[1].Name == "alice" && s.Seats[1].Connected
	})
	return room, dave, alice
}

func TestPeopleOnDifferentNodesPlayAndWatchOverSSH(t *testing.T) {
	nodes, _ := startArenas(t, "a", "b", "c")
	a, b, c := nodes[0], nodes[1], nodes[2]

	aliceKey := sshtest.NewKey(t)
	room, dave, alice := privateGameAcross(t, b, a, aliceKey)

	// C lists the room to its players (it is private: not to others), and carol watches it
	// with its code.
	until.Seen(t, 10*time.Second, "C's rooms command listing B's room to alice", func() (string, bool) {
		out, _, _ := sshtest.Exec(t, sshtest.Dial(t, c.addr, "alice", aliceKey), "rooms")
		return out, strings.Contains(out, room.ID()) && strings.Contains(out, "dave vs alice")
	})
	carolKey := sshtest.NewKey(t)
	if out, _, _ := sshtest.Exec(t, sshtest.Dial(t, c.addr, "carol", carolKey), "rooms"); strings.Contains(out, room.ID()) {
		t.Fatalf("C lists a private room to someone not in it:\n%s", out)
	}
	carol := sshtest.NewTerm(t, sshtest.Dial(t, c.addr, "carol", carolKey), sshtest.Command("watch "+room.Code()))
	carol.WaitFor(t, "dave vs alice", 10*time.Second)
	until.True(t, 10*time.Second, "B counting carol among the spectators", func() bool { return room.Info().Spectators == 1 })
	// The wall on A shows B's room among its tiles.
	wall := sshtest.NewTerm(t, sshtest.Dial(t, a.addr, "alice", aliceKey), sshtest.Command("wall"))
	wall.WaitFor(t, "dave", 10*time.Second)
	wall.WaitFor(t, "alice", 10*time.Second)

	terms := []*sshtest.Term{dave, alice}
	snap := room.Snapshot()
	for moves := 0; snap.Status == rooms.Playing; moves++ {
		if moves > 4*30*30 {
			t.Fatal("the game did not end")
		}
		mover := snap.ToMove
		colour := snap.State.Legal(mover)[0].(int)
		terms[mover].WaitScreen(t, func(screen string) bool {
			return strings.Contains(screen, "Your turn!") && arenatest.ShowsBoard(screen, snap)
		}, 10*time.Second)
		terms[mover].Type(t, string(rune('a'+colour-3)))
		until.True(t, 10*time.Second, "the room taking the move", func() bool {
			snap = room.Snapshot()
			return snap.Status != rooms.Playing || snap.Moves > moves
		})
	}
	final := room.Snapshot()
	t.Logf("%d moves, %s", final.Moves, final.Status)
	for _, m := range room.Replay().Moves {
		if m.Default {
			t.Fatalf("move %+v was a default: a key press was lost on the way", m)
		}
	}
	result := "Draw."
	if w := final.Outcome.Winner(); w >= 0 {
		result = final.Seats[w].Name + " wins."
	}
	shown := carol.WaitFor(t, result, 10*time.Second)
	if !arenatest.SawBoard(shown, final) {
		t.Fatalf("the spectator on C never saw the final board, at any scale:\n%s", final.Board(games.Plain))
	}
	alice.WaitFor(t, "You", 10*time.Second)
}

// Quick match is one queue for the cluster: two people who ask for the same game on
// different nodes play each other.
func TestQuickMatchPairsPeopleOnDifferentNodes(t *testing.T) {
	nodes, _ := startArenas(t, "a", "b", "c")
	b, c := nodes[1], nodes[2]
	bob := sshtest.NewTerm(t, sshtest.Dial(t, b.addr, "bob", sshtest.NewKey(t)), sshtest.Command("play sevencolors --size 6"))
	bob.WaitFor(t, "Looking for an opponent", 10*time.Second)
	until.True(t, 10*time.Second, "C counting bob among those waiting", func() bool {
		return c.app.Matchmaker().Waiting("sevencolors") == 1
	})
	// dave waits on C for another game, then goes: the leader's queue lets him go.
	dave := sshtest.Dial(t, c.addr, "dave", sshtest.NewKey(t))
	daveTerm := sshtest.NewTerm(t, dave, sshtest.Command("play warhammer"))
	daveTerm.WaitFor(t, "Looking for", 10*time.Second)
	until.True(t, 10*time.Second, "B counting dave", func() bool { return b.app.Matchmaker().Waiting("warhammer") == 1 })
	dave.Close()
	until.True(t, 10*time.Second, "B no longer counting dave", func() bool { return b.app.Matchmaker().Waiting("warhammer") == 0 })
	carol := sshtest.NewTerm(t, sshtest.Dial(t, c.addr, "carol", sshtest.NewKey(t)), sshtest.Command("play sevencolors --size 6"))
	carol.WaitFor(t, "bob", 10*time.Second)
	bob.WaitFor(t, "carol", 10*time.Second)
	var info rooms.Info
	until.True(t, 10*time.Second, "one room with both", func() bool {
		for _, n := range nodes {
			for _, i := range n.hub.List() {
				if i.Players() == "bob vs carol" {
					info = i
					return true
				}
			}
		}
		return false
	})
	if !strings.HasPrefix(strings.ToUpper(info.ID), b.node.Letter()) {
		t.Fatalf("room %s is not on B, the node of the first to wait", info.ID)
	}
}

// A node drains before a restart: alice's game on B moves to another node, taken up from its
// moves; alice connects again (to A, as a balancer might send her) and finds her seat, plays
// on to the end, and the game is recorded once, whole.
func TestADrainedNodesGameGoesOnElsewhere(t *testing.T) {
	nodes, st := startArenas(t, "a", "b", "c")
	a, b := nodes[0], nodes[1]
	until.True(t, 10*time.Second, "B hearing the others", func() bool { return b.node.Stats().Nodes == 3 })
	key := sshtest.NewKey(t)
	first := sshtest.Dial(t, b.addr, "alice", key)
	play := sshtest.Command("play sevencolors --vs greedy --size 8")
	term := sshtest.NewTerm(t, first, play)
	term.WaitFor(t, "Your turn", 10*time.Second)
	var list []rooms.Info
	until.True(t, 10*time.Second, "the room on B", func() bool { list = b.hub.List(); return len(list) == 1 })
	old, _ := b.hub.Find(list[0].ID)
	// alice plays two moves on B.
	for i := 0; i < 2; i++ {
		snap := old.Snapshot()
		until.True(t, 10*time.Second, "alice's turn", func() bool { snap = old.Snapshot(); return snap.ToMove == 0 })
		term.WaitScreen(t, func(s string) bool { return strings.Contains(s, "Your turn!") && arenatest.ShowsBoard(s, snap) }, 10*time.Second)
		term.Type(t, string(rune('a'+snap.State.Legal(0)[0].(int)-3)))
		until.True(t, 10*time.Second, "the move taken", func() bool { return old.Snapshot().Moves > snap.Moves })
	}
	played := old.Replay().Moves

	if moved, failed := b.node.Drain(); moved != 1 || failed != 0 {
		t.Fatalf("drain moved %d games, %d could not", moved, failed)
	}
	if s := old.Snapshot(); s.Status != rooms.Closed || s.Result != nil {
		t.Fatalf("B's room after the drain: %s, result %v", s.Status, s.Result)
	}
	first.Close() // B stops; alice's client sees the connection end

	// alice connects again the way she first did (play GAME …), to another node: she is
	// back in the moved game, not in a new one.
	back := sshtest.NewTerm(t, sshtest.Dial(t, a.addr, "alice", key), play)
	back.WaitFor(t, "Your turn", 10*time.Second)
	var moved *rooms.Room
	var owner *arenaNode
	for _, n := range nodes {
		for _, i := range n.hub.List() {
			if i.Status == rooms.Playing && i.Players() == list[0].Players() {
				moved, _ = n.hub.Find(i.ID)
				owner = n
			}
		}
	}
	if moved == nil || owner == b {
		t.Fatal("the game is not on another node")
	}
	// Its people have at least their move's time to reconnect there, not a dropped
	// connection's 20 s.
	if cfg := owner.hub.Config(); moved.Grace() < cfg.HumanMove {
		t.Errorf("the moved game holds a seat %v for its person, less than a move's %v", moved.Grace(), cfg.HumanMove)
	}
	// The old room id leads to the new room from every node still up: watch OLD-ID, typed
	// again after the restart, finds the game.
	for _, n := range nodes {
		if n == b {
			continue
		}
		until.True(t, 10*time.Second, "the old room id leading to the moved game", func() bool {
			r, ok := n.node.Directory().Find(list[0].ID)
			return ok && r.ID() == moved.ID()
		})
	}
	spectator := sshtest.NewTerm(t, sshtest.Dial(t, nodes[2].addr, "carol", sshtest.NewKey(t)), sshtest.Command("watch "+list[0].ID))
	spectator.WaitFor(t, moved.ID(), 10*time.Second)
	rp := moved.Replay()
	// Clocks included: the moved room keeps each move's think time and warning, to the
	// millisecond a replay keeps.
	asStored := func(moves []replay.Move) string {
		data, err := json.Marshal(replay.Replay{Moves: moves})
		if err != nil {
			t.Fatal(err)
		}
		return string(data)
	}
	if len(rp.Moves) < len(played) || asStored(rp.Moves[:len(played)]) != asStored(played) {
		t.Fatalf("the moved game begins %v, B played %v", rp.Moves, played)
	}
	snap := moved.Snapshot()
	for moves := 0; snap.Status == rooms.Playing; moves++ {
		if moves > 200 {
			t.Fatal("the game did not end")
		}
		if snap.ToMove != 0 {
			until.True(t, 10*time.Second, "greedy playing", func() bool {
				s := moved.Snapshot()
				return s.Status != rooms.Playing || s.ToMove == 0
			})
			snap = moved.Snapshot()
			continue
		}
		back.WaitScreen(t, func(s string) bool { return strings.Contains(s, "Your turn!") && arenatest.ShowsBoard(s, snap) }, 10*time.Second)
		back.Type(t, string(rune('a'+snap.State.Legal(0)[0].(int)-3)))
		until.True(t, 10*time.Second, "the move taken", func() bool {
			s := moved.Snapshot()
			return s.Status != rooms.Playing || s.Moves > snap.Moves
		})
		snap = moved.Snapshot()
	}
	until.True(t, 10*time.Second, "the result recorded", func() bool { s := moved.Snapshot(); return s.Saved })
	recent, err := st.RecentMatches(context.Background(), 10)
	if err != nil {
		t.Fatal(err)
	}
	if len(recent) != 1 || recent[0].ID != moved.MatchID() {
		t.Fatalf("%d matches recorded, want the moved game's alone", len(recent))
	}
}

// A person's games, and a key's sessions, count on every node: the limits hold for the
// cluster, not for each node.
func TestLimitsHoldAcrossTheCluster(t *testing.T) {
	nodes, _ := startArenas(t, "a", "b", "c")
	key := sshtest.NewKey(t)
	// Three games against house bots, one on each node: the limit (3) is reached.
	for _, n := range nodes {
		term := sshtest.NewTerm(t, sshtest.Dial(t, n.addr, "alice", key), sshtest.Command("play sevencolors --vs greedy"))
		term.WaitFor(t, "Your turn", 10*time.Second)
	}
	a := nodes[0]
	until.True(t, 10*time.Second, "A hearing of alice's games on B and C", func() bool {
		games := 0
		for _, i := range a.node.Directory().List() {
			if i.Players() == "alice vs greedy" {
				games++
			}
		}
		return games == 3
	})
	fourth := sshtest.NewTerm(t, sshtest.Dial(t, a.addr, "alice", key), sshtest.Command("play sevencolors --vs random"))
	fourth.WaitFor(t, "you already have 3 games running", 10*time.Second)
	fourth.Wait(t, 10*time.Second)
	// alice now has three sessions (one a node) and the fourth has ended; the limit is 4.
	until.True(t, 10*time.Second, "C counting alice's sessions elsewhere", func() bool {
		return nodes[2].node.SessionsElsewhere(keyID(t, key)) == 2
	})
	extra := sshtest.NewTerm(t, sshtest.Dial(t, nodes[1].addr, "alice", key))
	extra.WaitFor(t, "alice", 10*time.Second) // back in one of her games
	until.True(t, 10*time.Second, "C counting alice's four sessions", func() bool {
		return nodes[2].node.SessionsElsewhere(keyID(t, key)) == 3
	})
	_, errOut, _ := sshtest.Exec(t, sshtest.Dial(t, nodes[2].addr, "alice", key), "rooms")
	if !strings.Contains(errOut, "too many sessions for your key (limit 4)") {
		t.Fatalf("a fifth session, on C: %q", errOut)
	}
}

func keyID(t *testing.T, k gossh.Signer) string {
	t.Helper()
	return keys.Fingerprint(k.PublicKey())
}

// Two programs queued on different nodes (`bot --game`, quick match) play each other; then
// a person on one node plays a program waiting on another, chosen from the lobby's list.
func TestProgramsMeetAcrossNodes(t *testing.T) {
	nodes, _ := startArenas(t, "a", "b", "c")
	a, b, c := nodes[0], nodes[1], nodes[2]
	sam := arenatest.StartBot(t, sshtest.Dial(t, b.addr, "sam", sshtest.NewKey(t)), "--game sevencolors --games 1 --size 8")
	lea := arenatest.StartBot(t, sshtest.Dial(t, c.addr, "lea", sshtest.NewKey(t)), "--game sevencolors --games 1 --size 8")
	played := make(chan []arenatest.Msg, 2)
	go func() { played <- sam.PlayAll() }()
	go func() { played <- lea.PlayAll() }()
	var starts []arenatest.Msg
	for range 2 {
		all := <-played
		ends := arenatest.OfType(all, "end")
		if len(ends) != 1 || ends[0]["outcome"] == nil {
			t.Fatalf("a program's games: %v", all)
		}
		starts = append(starts, arenatest.OfType(all, "start")...)
	}
	if len(starts) != 2 || starts[0].Str("match") != starts[1].Str("match") {
		t.Fatalf("the programs did not play each other: %v", starts)
	}

	// max waits on B with no board size of its own; dave, on A, sees it in the lobby's
	// list and plays it on the board that fits his 120×40 window (30×30, the largest
	// usual size), not the 20×20 max would be paired at in quick match.
	maxBot := arenatest.StartBot(t, sshtest.Dial(t, b.addr, "max", sshtest.NewKey(t)), "--game sevencolors --games 1")
	maxBot.Next() // hello
	until.True(t, 10*time.Second, "A listing max among the programs waiting", func() bool {
		return len(a.app.Matchmaker().WaitingPrograms("sevencolors")) == 1
	})
	dave := sshtest.NewTerm(t, sshtest.Dial(t, a.addr, "dave", sshtest.NewKey(t)), sshtest.Size(120, 40))
	dave.WaitFor(t, "Quick match", 10*time.Second)
	dave.Type(t, "3") // Play a student's bot
	dave.WaitFor(t, "Programs waiting for an opponent", 10*time.Second)
	dave.WaitFor(t, "any size", 10*time.Second)
	dave.Type(t, "enter")
	dave.WaitFor(t, "dave vs max", 10*time.Second)
	var room rooms.Info
	until.True(t, 10*time.Second, "the room on A, near dave", func() bool {
		for _, i := range a.hub.List() {
			if i.Players() == "dave vs max" {
				room = i
				return true
			}
		}
		return false
	})
	starts = arenatest.OfType(maxBot.Until("start"), "start")
	if len(starts) != 1 || starts[0].Str("room") != room.ID {
		t.Fatalf("max was told %v, the room is %s", starts, room.ID)
	}
	if room.Config["size"] != 30 {
		t.Fatalf("dave plays max on a %d×%d board, not the 30×30 that fits his window", room.Config["size"], room.Config["size"])
	}
}

// The lobby's "online" is the whole cluster's: a person on one node sees who is on the
// others, and sees them go.
func TestTheLobbyListsWhoIsOnlineOnEveryNode(t *testing.T) {
	nodes, _ := startArenas(t, "a", "b")
	ann := sshtest.NewTerm(t, sshtest.Dial(t, nodes[0].addr, "ann", sshtest.NewKey(t)))
	ann.WaitFor(t, "Quick match", 10*time.Second)
	bobConn := sshtest.Dial(t, nodes[1].addr, "bob", sshtest.NewKey(t))
	bob := sshtest.NewTerm(t, bobConn)
	bob.WaitFor(t, "Quick match", 10*time.Second)
	ann.WaitScreen(t, func(s string) bool { return strings.Contains(s, "2 online") && strings.Contains(s, "bob") }, 10*time.Second)
	bob.WaitScreen(t, func(s string) bool { return strings.Contains(s, "2 online") && strings.Contains(s, "ann") }, 10*time.Second)
	bobConn.Close()
	ann.WaitScreen(t, func(s string) bool { return strings.Contains(s, "1 online") && !strings.Contains(s, "bob") }, 10*time.Second)
}

// A person on another node than their game's keeps their seat when that node restarts:
// the game moves to a live node and their screen follows it there, their seat connected,
// without connecting again; a spectator on a third node follows it too.
func TestAPlayerOnAnotherNodeFollowsAMovedGame(t *testing.T) {
	nodes, _ := startArenas(t, "a", "b", "c")
	a, b, c := nodes[0], nodes[1], nodes[2]
	until.True(t, 10*time.Second, "B hearing the others", func() bool { return b.node.Stats().Nodes == 3 })
	room, _, alice := privateGameAcross(t, b, a, sshtest.NewKey(t))
	carol := sshtest.NewTerm(t, sshtest.Dial(t, c.addr, "carol", sshtest.NewKey(t)), sshtest.Command("watch "+room.Code()))
	carol.WaitFor(t, "dave vs alice", 10*time.Second)

	if moved, failed := b.node.Drain(); moved != 1 || failed != 0 {
		t.Fatalf("drain moved %d games, %d could not", moved, failed)
	}
	next := room.Snapshot().Next
	if next == "" {
		t.Fatal("the closed room does not say where its game went")
	}
	var moved *rooms.Room
	for _, n := range []*arenaNode{a, c} {
		if r, ok := n.hub.Find(next); ok {
			moved = r
		}
	}
	if moved == nil {
		t.Fatalf("room %s is on no live node", next)
	}
	until.True(t, 10*time.Second, "alice's seat connected in the moved game, without connecting again", func() bool {
		s := moved.Snapshot()
		return s.Seats[1].Name == "alice" && s.Seats[1].Connected
	})
	alice.WaitFor(t, next, 10*time.Second)
	carol.WaitFor(t, next, 10*time.Second)
}
