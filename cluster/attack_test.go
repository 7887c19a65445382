package cluster

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nkeys"

	"github.com/arena-classroom/arena/botproto"
	"github.com/arena-classroom/arena/catalog"
	"github.com/arena-classroom/arena/cluster/bus"
	"github.com/arena-classroom/arena/cluster/busauth"
	"github.com/arena-classroom/arena/cluster/seats"
	"github.com/arena-classroom/arena/internal/until"
	"github.com/arena-classroom/arena/rooms"
	"github.com/arena-classroom/arena/timebank"
	"github.com/arena-classroom/arena/tournament/director"
)

// The attacks that were tried on the bus when it obeyed anyone, each tried again: by a
// client without credentials, by one that names itself as a node with a key the bus does
// not know, and by one holding a real node's key (c's) that speaks as another node (b). The
// first two never get on the bus; the third is refused every subject but its own, and what
// it says on its own is checked before it is believed.

// attackScene is a cluster of three nodes; b runs a live DiceWars room whose first seat is
// a program connected to a, and b's heartbeat counts a teacher's session.
type attackScene struct {
	bus     string
	a, b, c *testNode
	cKey    nkeys.KeyPair
	room    *rooms.Room // on b
	program *thinking   // on a, seated in room
}

func newAttackScene(t *testing.T) *attackScene {
	t.Helper()
	bus, nodes := startCluster(t, "a", "b", "c")
	s := &attackScene{bus: bus.ClientURL(), a: nodes[0], b: nodes[1], c: nodes[2], cKey: bus.Key(t, "c")}
	e, ok := catalog.Get("dicewars")
	if !ok {
		t.Fatal("no DiceWars in the catalog")
	}
	if botproto.SeedPublic(e.Game) {
		t.Fatal("DiceWars' seed is public: the hidden-seed case needs a game of hidden chance")
	}
	s.program = &thinking{started: make(chan struct{}), ended: make(chan struct{})}
	id := s.a.seats.Register(s.program, "b")
	r, err := s.b.hub.Create(rooms.Spec{Game: e.Entry, Seed: 77, Unpaced: true,
		Clock: timebank.Rules{Move: time.Hour, Bank: time.Hour, MaxStrikes: 3},
		Seats: []rooms.Seat{
			{Kind: rooms.Remote, Name: "prog", UserID: "key:prog", Controller: s.b.seats.Controller("a", id)},
			{Kind: rooms.HouseBot, BotName: "random"}}})
	if err != nil {
		t.Fatal(err)
	}
	s.room = r
	select {
	case <-s.program.started:
	case <-time.After(10 * time.Second):
		t.Fatal("the program never heard of its game")
	}
	until.True(t, 10*time.Second, "a hearing of b's room", func() bool {
		_, ok := s.a.dir.Find(r.ID())
		return ok && len(s.a.dir.List()) == 1
	})
	return s
}

// forger connects with c's key, as whoever holds it.
func (s *attackScene) forger(t *testing.T) *nats.Conn {
	t.Helper()
	public, err := s.cKey.PublicKey()
	if err != nil {
		t.Fatal(err)
	}
	nc, err := nats.Connect(s.bus, nats.Name("arena b"), nats.Nkey(public, s.cKey.Sign),
		nats.CustomInboxPrefix(busauth.InboxPrefix("c")), nats.ErrorHandler(func(*nats.Conn, *nats.Subscription, error) {}))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(nc.Close)
	return nc
}

// refused publishes data on subject from nc and checks that the bus refused it.
func refused(t *testing.T, nc *nats.Conn, subject string, data []byte) {
	t.Helper()
	if err := nc.Publish(subject, data); err != nil {
		t.Fatal(err)
	}
	if err := nc.Flush(); err != nil {
		t.Fatal(err)
	}
	// The bus answers a refused message before the flush's pong: the error is there now.
	if err := nc.LastError(); !errors.Is(err, nats.ErrPermissionViolation) || !strings.Contains(err.Error(), subject) {
		t.Fatalf("the bus took a message on %s from c's key (last error %v)", subject, err)
	}
}

// asRequest is a request of op as a node sends it, body its operation's message.
func asRequest(t *testing.T, op string, body any) []byte {
	return encoded(t, map[string]any{"proto": busauth.Proto, "op": op, "id": 1, "body": body})
}

func asAnnounce(t *testing.T, a Heartbeat) []byte {
	a.Proto = busauth.Proto
	return encoded(t, a)
}

func encoded(t *testing.T, v any) []byte {
	t.Helper()
	data, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func TestNobodyButTheNodesGetsOnTheBus(t *testing.T) {
	bus, _ := startCluster(t, "a", "b")
	if nc, err := nats.Connect(bus.ClientURL(), nats.Name("arena b")); err == nil {
		nc.Close()
		t.Fatal("a client without credentials got on the bus")
	} else if !errors.Is(err, nats.ErrAuthorization) {
		t.Fatalf("a client without credentials: %v, want an authorization error", err)
	}
	stranger, err := nkeys.CreateUser()
	if err != nil {
		t.Fatal(err)
	}
	public, _ := stranger.PublicKey()
	if nc, err := nats.Connect(bus.ClientURL(), nats.Name("arena b"), nats.Nkey(public, stranger.Sign)); err == nil {
		nc.Close()
		t.Fatal("a key the bus does not know got on the bus, calling itself b")
	} else if !errors.Is(err, nats.ErrAuthorization) {
		t.Fatalf("an unknown key: %v, want an authorization error", err)
	}
	// The node's own start says which line the bus's nodes file lacks, and keeps no secret.
	_, err = Join(t.Context(), Config{URL: bus.ClientURL(), Name: "b", Key: stranger, Letters: &memLetters{holder: map[string]string{}}})
	if err == nil || !strings.Contains(err.Error(), "b "+public) {
		t.Fatalf("a node with a key the bus does not know: %v, want the nodes file's line", err)
	}
}

func TestANodeCannotSpeakAsAnother(t *testing.T) {
	s := newAttackScene(t)
	teacher := "SHA256:teacher"
	forgedB := func(t *testing.T) Heartbeat {
		return Heartbeat{Node: "b", Instance: "forged", Letter: s.b.Letter(), Since: time.Unix(0, 0)}
	}

	t.Run("forged result", func(t *testing.T) {
		// A room tagged with a tournament, opened on a as if b asked, then resigned.
		spec := wireSpec{Game: "sevencolors", Tag: "tournament:FAKE:1", Seats: []wireSeat{
			{Kind: rooms.Remote, Name: "x", Ctl: 1}, {Kind: rooms.HouseBot, BotName: "greedy"}}}
		before := len(s.a.hub.List())
		nc := s.forger(t)
		refused(t, nc, busauth.RequestSubject("a", "b"), asRequest(t, opCreate.Name, spec))
		if got := len(s.a.hub.List()); got != before {
			t.Fatalf("a runs %d rooms, was %d", got, before)
		}
	})

	t.Run("teacher command", func(t *testing.T) {
		msg := map[string]string{"code": "ABCDEF", "op": "cancel"}
		refused(t, s.forger(t), busauth.RequestSubject("a", "b"), asRequest(t, "t.control", msg))
	})

	t.Run("fake leader", func(t *testing.T) {
		a := forgedB(t)
		a.Leads, a.Calls = true, map[string]director.Call{}
		refused(t, s.forger(t), busauth.HeartbeatSubject("b"), asAnnounce(t, a))
		// On its own subject, an announce naming another node is not believed either.
		s.ownSubjectIgnored(t, a)
		s.a.mu.Lock()
		defer s.a.mu.Unlock()
		if s.a.peers["b"].last.Leads {
			t.Fatal("a takes b for the tournaments' leader")
		}
	})

	t.Run("hidden seed", func(t *testing.T) {
		nc := s.forger(t)
		refused(t, nc, busauth.RequestSubject("b", "a"), asRequest(t, opReplay.Name, roomRef{Room: s.room.ID()}))
		// Asked by a node of the cluster, a live game of hidden chance keeps its seed.
		rep, err := bus.Ask(s.c.bus, "b", opReplay, roomRef{Room: s.room.ID()})
		if err != nil {
			t.Fatal(err)
		}
		var rp struct {
			Seed  uint64 `json:"seed"`
			Moves []any  `json:"moves"`
		}
		if err := json.Unmarshal(rep.Replay, &rp); err != nil {
			t.Fatal(err)
		}
		if rp.Seed != 0 {
			t.Fatalf("a live DiceWars room's replay told its seed %d", rp.Seed)
		}
	})

	t.Run("resign", func(t *testing.T) {
		nc := s.forger(t)
		resign := asRequest(t, "resign", map[string]any{"room": s.room.ID(), "seat": 0})
		refused(t, nc, busauth.RequestSubject("b", "a"), resign)
		// c asking as itself for a seat whose program is on a.
		m, err := nc.Request(busauth.RequestSubject("b", "c"), resign, 5*time.Second)
		if err != nil {
			t.Fatal(err)
		}
		var rep struct {
			Err *bus.Error `json:"err"`
		}
		if err := json.Unmarshal(m.Data, &rep); err != nil || !errors.Is(rep.Err.Err(), seats.ErrNotYourSeat) {
			t.Fatalf("b let c resign a program connected to a (%s)", m.Data)
		}
		if info := s.room.Info(); info.Status != rooms.Playing || info.Seats[0].Kind != rooms.Remote {
			t.Fatalf("the program's game: %s, seat %v", info.Status, info.Seats[0].Kind)
		}
	})

	t.Run("session and owner counts", func(t *testing.T) {
		a := forgedB(t)
		a.Sessions = map[string]int{teacher: 8}
		a.Owners = map[string][2]string{"zzz1": {"key:student", "10.0.0.9"}}
		a.Rooms = []rooms.Info{{ID: "zzz1", Status: rooms.Playing, Owner: "key:student"}}
		refused(t, s.forger(t), busauth.HeartbeatSubject("b"), asAnnounce(t, a))
		s.ownSubjectIgnored(t, a)
		if n := s.a.SessionsElsewhere(teacher); n != 0 {
			t.Fatalf("a counts %d sessions of the teacher elsewhere", n)
		}
		if _, ok := s.a.dir.Find("zzz1"); ok {
			t.Fatal("a lists a room nobody runs")
		}
	})

	t.Run("leaving", func(t *testing.T) {
		a := forgedB(t)
		a.Leaving = true
		refused(t, s.forger(t), busauth.HeartbeatSubject("b"), asAnnounce(t, a))
		s.ownSubjectIgnored(t, a)
		if _, ok := s.a.dir.Find(s.room.ID()); !ok {
			t.Fatal("b's room left a's directory")
		}
	})

	t.Run("many nodes", func(t *testing.T) {
		nc := s.forger(t)
		for i := range 200 {
			name := fmt.Sprintf("fake%d", i)
			refused(t, nc, busauth.HeartbeatSubject(name), asAnnounce(t, Heartbeat{Node: name, Letter: "Z"}))
		}
		if got := s.a.Stats().Nodes; got != 3 {
			t.Fatalf("a hears %d nodes, want 3", got)
		}
	})

	t.Run("big messages", func(t *testing.T) {
		nc := s.forger(t)
		before := s.a.Stats().Rejected["heartbeat"]
		big := make([]byte, 4<<20) // within the bus's bound, over a heartbeat's
		for i := range big {
			big[i] = ' '
		}
		for range 3 {
			if err := nc.Publish(busauth.HeartbeatSubject("c"), big); err != nil {
				t.Fatal(err)
			}
		}
		if err := nc.Flush(); err != nil {
			t.Fatal(err)
		}
		until.True(t, 10*time.Second, "a dropping three heartbeats too large to read", func() bool {
			return s.a.Stats().Rejected["heartbeat"] >= before+3
		})
		if !s.a.bus.Connected() || s.a.Stats().Nodes != 3 {
			t.Fatalf("a after the big messages: connected %v, hearing %d nodes", s.a.bus.Connected(), s.a.Stats().Nodes)
		}
	})
}

// ownSubjectIgnored sends a, which names another node, on c's own heartbeat subject, and
// waits for a's node to drop it.
func (s *attackScene) ownSubjectIgnored(t *testing.T, a Heartbeat) {
	t.Helper()
	nc := s.forger(t)
	before := s.a.Stats().Rejected["heartbeat"]
	if err := nc.Publish(busauth.HeartbeatSubject("c"), asAnnounce(t, a)); err != nil {
		t.Fatal(err)
	}
	until.True(t, 10*time.Second, "a dropping c's heartbeat that names "+a.Node, func() bool {
		return s.a.Stats().Rejected["heartbeat"] > before
	})
}

// A second node under a live node's name is refused with a sentence; once the first is
// gone (crashed: its connection closed), the name is free again at once.
func TestASecondNodeUnderALiveNodesNameIsRefused(t *testing.T) {
	bus, nodes := startCluster(t, "a", "b")
	letters := &memLetters{holder: map[string]string{}}
	_, err := Join(t.Context(), Config{URL: bus.ClientURL(), Name: "b", Key: bus.Key(t, "b"), Letters: letters})
	if err == nil || !strings.Contains(err.Error(), "already running") {
		t.Fatalf("a second b: %v, want a refusal", err)
	}
	nodes[1].Abandon()
	again, err := Join(t.Context(), Config{URL: bus.ClientURL(), Name: "b", Key: bus.Key(t, "b"), Letters: letters})
	if err != nil {
		t.Fatalf("b restarted after a crash: %v", err)
	}
	again.Abandon()
	// A key the bus knows under another name cannot start a node of this one.
	_, err = Join(t.Context(), Config{URL: bus.ClientURL(), Name: "b", Key: bus.Key(t, "a"), Letters: letters, Timeout: time.Second})
	if err == nil || !strings.Contains(err.Error(), "does not let") {
		t.Fatalf("a's key as b: %v, want a refusal", err)
	}
}

// A node of another version of the bus protocol is left out, not half understood.
func TestANodeOfAnotherProtocolIsLeftOut(t *testing.T) {
	s := newAttackScene(t)
	nc := s.forger(t)
	before := s.a.Stats().Rejected["heartbeat"]
	a := Heartbeat{Proto: busauth.Proto + 1, Node: "c", Instance: "next", Letter: s.c.Letter()}
	data, _ := json.Marshal(a)
	if err := nc.Publish(busauth.HeartbeatSubject("c"), data); err != nil {
		t.Fatal(err)
	}
	until.True(t, 10*time.Second, "a leaving out a heartbeat of another protocol", func() bool {
		return s.a.Stats().Rejected["heartbeat"] > before
	})
	req, _ := json.Marshal(map[string]any{"proto": busauth.Proto + 1, "op": opInfo.Name, "body": roomRef{Room: s.room.ID()}})
	m, err := nc.Request(busauth.RequestSubject("b", "c"), req, 5*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	var rep struct {
		Err  *bus.Error      `json:"err"`
		Body json.RawMessage `json:"body"`
	}
	if err := json.Unmarshal(m.Data, &rep); err != nil || rep.Err == nil || !strings.Contains(rep.Err.Msg, "version") || rep.Body != nil {
		t.Fatalf("a request of another protocol: %+v (%v)", rep, err)
	}
}
