// Package cluster joins arena nodes through a NATS bus, so that any node serves any person
// or program: each live room has one owner node, every node keeps a directory of all the
// cluster's rooms (each node announces its own), and a session on one node plays or watches
// a room of another through the same roomdir interfaces as a local room. Its moves go to
// the owner; the owner's frames reach each node that shows the room once, where a mirror
// plays the game on from the moves and hands snapshots to the local viewers' mailboxes.
//
// Without --cluster none of this runs: roomdir.Local serves a node alone.
//
// The bus protocol (subjects, messages, the table of operations) is written down in
// docs/architecture.md, "The bus protocol"; busauth says who may publish where, check.go
// what a node believes of what it hears, errcodes.go how errors cross, outage.go how a bus
// restart is ridden out.
//
// The node's state is split by protocol, each part under a lock of its own: the directory
// of the other nodes (Node.mu), the rooms of others shown here (shownRooms), this node's
// rooms lent to others (lentRooms), its programs seated in others' rooms (farPrograms),
// the outboxes of rooms' calls on programs (outboxes), the answers remembered (answers).
//
// Lock order: a lock may be taken while holding those listed before it, never the reverse.
//
//  1. queue.mu, tournaments.mu (the quick match queues', the tournaments')
//  2. Node.mu (the directory: peers, the nodes whose programs wait, the hooks)
//  3. shownRooms.mu, lentRooms.mu, farPrograms.mu: each taken alone, never two at once
//     and never with Node.mu (forgetNode takes them one after the other)
//  4. a room's own lock (an export observes and unobserves its room under lentRooms.mu)
//  5. leaves, which take no other lock: mirror.mu (under shownRooms.mu), outboxes.mu and
//     seatOutbox.mu (under a room's lock: a room calls its programs' controllers under
//     it, and a busController only queues), answers.mu, remoteRoom.mu
//
// Goroutines are started outside these locks, or take none before theirs is let go.
package cluster

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nkeys"

	"github.com/arena-classroom/arena/catalog"
	"github.com/arena-classroom/arena/cluster/busauth"
	"github.com/arena-classroom/arena/internal/codes"
	"github.com/arena-classroom/arena/presence"
	"github.com/arena-classroom/arena/roomdir"
	"github.com/arena-classroom/arena/rooms"
	"github.com/arena-classroom/arena/tournament/director"
)

// Config says how a node joins its cluster.
type Config struct {
	// URL is the NATS server ("nats://HOST:4222", or "tls://HOST:4222" off the host;
	// several, comma-separated, for a NATS cluster).
	URL string
	// Name is the node's name, unique in the cluster: letters, digits, - and _.
	Name string
	// Key is the node's NKey: the bus knows its public half under Name, and lets the node
	// publish only on its own subjects (busauth.Permissions).
	Key nkeys.KeyPair
	// CAFile, when set, is the certificate authority the bus's TLS certificate is checked
	// against (arena nats init --tls-host makes one).
	CAFile string
	// Letters hands the node the letter its room codes begin with, unique among live nodes
	// (see LetterLeases).
	Letters Letters
	Logger  *slog.Logger
	// Heartbeat is how often the node tells the others it is alive and what rooms it runs
	// (default 1 s). A node not heard of for Silence (default 5 heartbeats) is gone.
	Heartbeat, Silence time.Duration
	// Timeout bounds one request to another node (default 2 s).
	Timeout time.Duration
	// Outage is the longest bus outage that requests ride out, sent again until the bus is
	// back (default 12 s; outage.go).
	Outage time.Duration
	// FrameRouted, when set, hears how long each frame of another node's room took from
	// its snapshot there to here (the nodes' clocks agreeing).
	FrameRouted func(time.Duration)
}

// Letters hands out the first letters of room codes, one per live node: codes drawn on one
// node never collide with another's, with no question asked of the others.
type Letters interface {
	// Take reserves a letter for node until Release (or until node stops renewing it).
	Take(ctx context.Context, node string) (letter string, err error)
	// Renew keeps it; a false answer means another node has it now.
	Renew(ctx context.Context, node, letter string) (bool, error)
	Release(ctx context.Context, node, letter string) error
}

var validName = regexp.MustCompile(`^[A-Za-z0-9_-]{1,64}$`)

// ValidName reports whether name may name a node: one token of the bus's subjects.
func ValidName(name string) bool { return validName.MatchString(name) }

// LetterTTL is how long a node's letter outlives its last renewal (each heartbeat renews it).
const LetterTTL = 15 * time.Second

// Node is this process's place in the cluster.
type Node struct {
	cfg    Config
	nc     *nats.Conn
	log    *slog.Logger
	letter string

	hub       *rooms.Hub
	subs      []*nats.Subscription
	renewing  atomic.Bool // the letter's lease is being renewed
	announced uint64      // the hub's Version last announced
	stop      chan struct{}
	done      sync.WaitGroup

	// The node's state, by protocol, each part under a lock of its own (see the lock order
	// above): the directory of the other nodes here under mu; the rooms of others shown
	// here; this node's rooms lent to others; its programs seated in others' rooms.
	shown shownRooms
	lent  lentRooms
	far   farPrograms
	ids   atomic.Uint64 // ids of this node's sessions, tickets and programs on the bus

	mu        sync.Mutex
	peers     map[string]*peer      // other nodes, by name
	heldFor   map[string]bool       // nodes whose programs' clocks wait here (outage.go)
	queue     *queue                // the cluster's quick match (ServeQueue)
	keyCount  func() map[string]int // this node's sessions by key (CountSessions)
	onlineFn  func() []string       // who is connected here (ShareOnline)
	elsewhere onlineCache           // who is connected to the other nodes (OnlineElsewhere)
	tourneys  *tournaments          // the cluster's tournaments (ServeTournaments)
	since     time.Time             // when the node joined
	instance  string                // drawn at Join: tells this process from another under its name
	strangers map[string]bool       // nodes heard speaking another bus protocol, said once in the log

	peersVersion atomic.Uint64
	stats        busStats
	reqSeq       atomic.Uint64 // the ids of this node's requests
	backAt       atomic.Int64  // when the bus connection last came back (unix ns), 0 if never lost
	refusedAt    atomic.Int64  // when the bus's refusal of the key was last logged (unix ns)
	holding      atomic.Bool   // some programs' clocks wait (syncHolds)
	reconnects   atomic.Uint64 // the connection's reconnections, as forgetSilent last saw them
	answered     answers       // answers to other nodes' requests, for those sent again
	out          outboxes      // rooms' calls on programs of other nodes, by node (seatbox.go)
}

type peer struct {
	letter   string
	rooms    []rooms.Info
	seen     time.Time
	since    time.Time
	waiting  map[string]int
	leads    bool
	calls    map[string]director.Call
	changes  uint64
	placed   int            // rooms placed there since its last heartbeat (placeGame)
	sessions map[string]int // its sessions by key
	online   []string       // who is connected to it, sorted
	programs map[string][]wireProgram
}

// session is one mailbox of this node attached to a room of another.
type session struct {
	room, owner string
	id          uint64
}

type proxyKey struct {
	node    string
	session uint64
}

// proxy is another node's session in a room of this node: attached under the person's own
// name with a silent mailbox, so that the room knows they are there.
type proxy struct {
	room *rooms.Room
	mb   *rooms.Mailbox
}

// Join connects to the bus with the node's key, makes sure no live node already runs under
// its name, and takes a letter for the node's room codes. Serve starts it.
func Join(ctx context.Context, cfg Config) (*Node, error) {
	if !validName.MatchString(cfg.Name) {
		return nil, fmt.Errorf("cluster: node name %q: use letters, digits, - and _ (at most 64)", cfg.Name)
	}
	if cfg.Letters == nil {
		return nil, errors.New("cluster: no one hands out the letters of room codes")
	}
	if cfg.Key == nil {
		return nil, errors.New("cluster: the node has no key for the bus (--cluster-key)")
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.DiscardHandler)
	}
	if cfg.Heartbeat <= 0 {
		cfg.Heartbeat = time.Second
	}
	if cfg.Silence <= 0 {
		cfg.Silence = 5 * cfg.Heartbeat
	}
	if cfg.Timeout <= 0 {
		cfg.Timeout = 2 * time.Second
	}
	if cfg.Outage <= 0 {
		cfg.Outage = 12 * time.Second
	}
	n := &Node{cfg: cfg, log: cfg.Logger.With("node", cfg.Name), stop: make(chan struct{}),
		peers: map[string]*peer{}, instance: codes.New(12), strangers: map[string]bool{}, heldFor: map[string]bool{},
		shown: shownRooms{mirrors: map[string]*mirror{}, watching: map[string]*nats.Subscription{},
			sessions: map[*rooms.Mailbox]session{}},
		lent: lentRooms{exports: map[string]*export{}, proxies: map[proxyKey]*proxy{}},
		far:  farPrograms{seats: map[uint64]*farSeat{}, from: map[string]seatsFrom{}}}
	// Request ids start at random: a node restarted under its name must not reuse the ids
	// whose answers the others still remember for it (outage.go).
	n.reqSeq.Store(rand.Uint64() >> 1)
	nc, err := n.connect()
	if err != nil {
		return nil, err
	}
	n.nc = nc
	if err := n.aloneUnderName(); err != nil {
		nc.Close()
		return nil, err
	}
	n.since = time.Now()
	letter, err := cfg.Letters.Take(ctx, cfg.Name)
	if err != nil {
		nc.Close()
		return nil, fmt.Errorf("cluster: %w", err)
	}
	n.letter = letter
	return n, nil
}

// connect opens the node's connection to the bus, signed with its key; a bus that refuses
// the key is told in a sentence that says which line its nodes file lacks.
func (n *Node) connect() (*nats.Conn, error) {
	cfg := n.cfg
	public, err := cfg.Key.PublicKey()
	if err != nil {
		return nil, fmt.Errorf("cluster: the node's key: %w", err)
	}
	opts := []nats.Option{nats.Name("arena " + cfg.Name), nats.MaxReconnects(-1),
		nats.ReconnectWait(250 * time.Millisecond),
		nats.Nkey(public, cfg.Key.Sign),
		nats.CustomInboxPrefix(busauth.InboxPrefix(cfg.Name)),
		// A bus restarted with its nodes file being edited may refuse the key twice; the
		// node keeps trying rather than leave the cluster for good.
		nats.IgnoreAuthErrorAbort(),
		nats.DisconnectErrHandler(func(_ *nats.Conn, err error) { n.log.Warn("bus disconnected", "err", err); n.busDown() }),
		nats.ReconnectHandler(func(*nats.Conn) { n.log.Info("bus reconnected"); n.busBack() }),
		nats.ErrorHandler(func(_ *nats.Conn, _ *nats.Subscription, err error) { n.busError(err) })}
	if cfg.CAFile != "" {
		opts = append(opts, nats.RootCAs(cfg.CAFile))
	}
	nc, err := nats.Connect(cfg.URL, opts...)
	switch {
	case errors.Is(err, nats.ErrAuthorization):
		return nil, fmt.Errorf("cluster: the bus at %s does not know this node's key: add this line to its nodes file (arena nats --nodes FILE reads it again by itself):\n    %s %s",
			RedactURL(cfg.URL), cfg.Name, public)
	case err != nil:
		return nil, fmt.Errorf("cluster: connect to %s: %w", RedactURL(cfg.URL), err)
	}
	return nc, nil
}

// busError says what the bus refused. A key taken off the nodes file is refused at every
// attempt to connect again (a few a second): that is said once a minute.
func (n *Node) busError(err error) {
	if !errors.Is(err, nats.ErrAuthorization) {
		n.log.Error("the bus refused a message of this node", "err", err)
		return
	}
	now := time.Now().UnixNano()
	if last := n.refusedAt.Load(); last != 0 && now-last < int64(time.Minute) || !n.refusedAt.CompareAndSwap(last, now) {
		return
	}
	public, _ := n.cfg.Key.PublicKey()
	n.log.Error("the bus refuses this node's key: its line is no longer in the bus's nodes file (the node keeps trying)",
		"line", n.cfg.Name+" "+public, "err", err)
}

// aloneUnderName asks the bus for a live node of this node's name (a node answers its own
// name's pings once it serves): two nodes under one name would split its rooms and its
// letter. A node that crashed does not answer, so it comes back under its name at once.
// The same question also proves that the bus lets the key speak as this name.
func (n *Node) aloneUnderName() error {
	data, err := json.Marshal(request{Proto: busauth.Proto, Op: opPing, From: n.cfg.Name})
	if err != nil {
		return err
	}
	_, err = n.nc.Request(busauth.RequestSubject(n.cfg.Name, n.cfg.Name), data, n.cfg.Timeout)
	switch {
	case errors.Is(err, nats.ErrNoResponders):
		return nil
	case err == nil:
		return fmt.Errorf("cluster: a node named %s is already running on this bus: give this one another --node, or stop that one first", n.cfg.Name)
	case errors.Is(err, nats.ErrTimeout) && errors.Is(n.nc.LastError(), nats.ErrPermissionViolation):
		public, _ := n.cfg.Key.PublicKey()
		return fmt.Errorf("cluster: the bus does not let this node's key (%s) speak as %s: its nodes file lists the key under another name", public, n.cfg.Name)
	default:
		return fmt.Errorf("cluster: ask the bus whether another node is named %s: %w", n.cfg.Name, err)
	}
}

// CountSessions gives the node its server's sessions by key, announced to the others so
// that a key's sessions count on every node (SessionsElsewhere).
func (n *Node) CountSessions(f func() map[string]int) {
	n.mu.Lock()
	defer n.mu.Unlock()
	n.keyCount = f
}

// ShareOnline gives the node who is connected to it (sorted), announced to the others so
// that every lobby lists the whole cluster's (OnlineElsewhere).
func (n *Node) ShareOnline(f func() []string) {
	n.mu.Lock()
	defer n.mu.Unlock()
	n.onlineFn = f
}

// onlineCache is the union of the other nodes' online lists, made again when they change.
type onlineCache struct {
	version uint64
	names   []string
}

// OnlineElsewhere is who is connected to the other nodes, as they last announced (sorted,
// each once). The slice is shared: never change it.
func (n *Node) OnlineElsewhere() []string {
	n.mu.Lock()
	defer n.mu.Unlock()
	v := n.peersVersion.Load()
	if n.elsewhere.names != nil && n.elsewhere.version == v {
		return n.elsewhere.names
	}
	names := []string{}
	for _, p := range n.peers {
		names = presence.Union(names, p.online)
	}
	n.elsewhere = onlineCache{version: v, names: names}
	return names
}

func (n *Node) sessionsFn() func() map[string]int {
	n.mu.Lock()
	defer n.mu.Unlock()
	return n.keyCount
}

// SessionsElsewhere counts key's sessions on the other nodes, as they last announced.
func (n *Node) SessionsElsewhere(key string) int {
	n.mu.Lock()
	defer n.mu.Unlock()
	total := 0
	for _, p := range n.peers {
		total += p.sessions[key]
	}
	return total
}

func (n *Node) queueOf() *queue {
	n.mu.Lock()
	defer n.mu.Unlock()
	return n.queue
}

// Name is the node's name.
func (n *Node) Name() string { return n.cfg.Name }

// Letter is the letter the node's room ids and join codes begin with.
func (n *Node) Letter() string { return n.letter }

// Codes draws this node's room codes: its letter, then random characters, so that no other
// node draws the same.
func (n *Node) Codes() codes.Drawer { return letterDrawer(n.letter) }

type letterDrawer string

func (l letterDrawer) RoomID(taken func(string) bool) string {
	return codes.Fresh(func() string { return strings.ToLower(string(l)) + codes.Lower(3) }, taken)
}

func (l letterDrawer) JoinCode(taken func(string) bool) string {
	return codes.Fresh(func() string { return string(l) + codes.New(4) }, taken)
}

// Serve makes hub's rooms the cluster's and the cluster's rooms hub's sessions': it answers
// the other nodes, and announces the hub's rooms until Close.
func (n *Node) Serve(hub *rooms.Hub) error {
	n.hub = hub
	for subject, handle := range map[string]nats.MsgHandler{busauth.Heartbeats: n.heard,
		busauth.RequestsTo(n.cfg.Name): n.request, busauth.SeatsTo(n.cfg.Name): n.seatIn} {
		sub, err := n.nc.Subscribe(subject, handle)
		if err != nil {
			return fmt.Errorf("cluster: subscribe %s: %w", subject, err)
		}
		n.subs = append(n.subs, sub)
	}
	if err := n.nc.Flush(); err != nil {
		return fmt.Errorf("cluster: %w", err)
	}
	n.announce(false)
	n.done.Add(1)
	go n.heartbeat()
	return nil
}

// Directory is the cluster's rooms, as the lobby, the commands and the bot sessions see
// them: the hub's own, and every other node's.
func (n *Node) Directory() roomdir.Directory { return directory{n} }

// Close leaves the cluster: the others forget this node's rooms at once, and its letter is
// free for another.
func (n *Node) Close() {
	select {
	case <-n.stop:
		return
	default:
	}
	n.closeOutboxes()
	close(n.stop)
	n.done.Wait()
	if n.hub != nil {
		n.announce(true)
	}
	n.lent.mu.Lock()
	for _, e := range n.lent.exports {
		e.endLocked()
	}
	n.lent.mu.Unlock()
	ctx, cancel := context.WithTimeout(context.Background(), n.cfg.Timeout)
	defer cancel()
	if err := n.cfg.Letters.Release(ctx, n.cfg.Name, n.letter); err != nil {
		n.log.Warn("release the letter of room codes", "err", err)
	}
	_ = n.nc.Drain()
}

// Abandon drops the node's bus connection at once, saying nothing and giving nothing back:
// the others see it die, as when its process is killed (tests of a node's death).
func (n *Node) Abandon() {
	select {
	case <-n.stop:
		return
	default:
	}
	n.closeOutboxes()
	close(n.stop)
	n.nc.Close()
	n.done.Wait()
}

// heartbeat announces the hub's rooms every Heartbeat, and sooner when they change; it
// forgets the nodes that fell silent and keeps the node's letter.
func (n *Node) heartbeat() {
	defer n.done.Done()
	quick := time.NewTicker(n.cfg.Heartbeat / 10)
	defer quick.Stop()
	last := time.Now()
	for {
		select {
		case <-n.stop:
			return
		case now := <-quick.C:
			if changed := n.listChanged(); changed || now.Sub(last) >= n.cfg.Heartbeat {
				n.announce(false)
				last = now
				n.forgetSilent(now)
				n.dropUnused(now)
				if n.stillHolding() {
					n.syncHolds() // again each heartbeat: holds and releases made out of order converge
				}
				n.checkLeader()
				if n.renewing.CompareAndSwap(false, true) {
					// Off the heartbeat: a busy store must not delay it (the others would
					// take this node for dead).
					n.done.Add(1) // Close waits for it before it gives the letter back
					go func() { defer n.done.Done(); defer n.renewing.Store(false); n.renewLetter() }()
				}
			}
		}
	}
}

func (n *Node) renewLetter() {
	ctx, cancel := context.WithTimeout(context.Background(), LetterTTL/3)
	defer cancel()
	ok, err := n.cfg.Letters.Renew(ctx, n.cfg.Name, n.letter)
	switch {
	case err != nil:
		n.log.Warn("renew the letter of room codes", "letter", n.letter, "err", err)
	case !ok:
		n.log.Error("another node took this node's letter of room codes: codes may collide", "letter", n.letter)
	}
}

// listChanged reports whether the hub's list changed since the last announce (heartbeat's
// goroutine only).
func (n *Node) listChanged() bool {
	v := n.hub.Version()
	if q := n.queueOf(); q != nil {
		v += q.mm.Version()
	}
	if t := n.tournamentsOf(); t != nil {
		v += t.d.Version()
	}
	changed := v != n.announced
	n.announced = v
	return changed
}

func (n *Node) announce(leaving bool) {
	a := announce{Proto: busauth.Proto, Node: n.cfg.Name, Instance: n.instance, Letter: n.letter, Leaving: leaving, Since: n.since}
	if !leaving {
		a.Rooms = n.hub.List()
		for _, info := range a.Rooms {
			if info.Owner != "" || info.Addr != "" {
				if a.Owners == nil {
					a.Owners = map[string][2]string{}
				}
				a.Owners[info.ID] = [2]string{info.Owner, info.Addr}
			}
		}
		if f := n.sessionsFn(); f != nil {
			a.Sessions = f()
		}
		n.mu.Lock()
		online := n.onlineFn
		n.mu.Unlock()
		if online != nil {
			a.Online = online()
		}
	}
	if t := n.tournamentsOf(); t != nil && t.d.Leading() && !leaving {
		a.Leads, a.Calls, a.Changes = true, t.d.Calls(), t.d.Version()
	}
	if q := n.queueOf(); q != nil && q.leaderName() == n.cfg.Name && !leaving {
		a.Programs = q.programs()
		a.Waiting = map[string]int{}
		for _, e := range catalog.All() {
			if w := q.mm.Waiting(e.Game.ID()); w > 0 {
				a.Waiting[e.Game.ID()] = w
			}
		}
	}
	data, err := json.Marshal(a)
	if err != nil {
		n.log.Error("announce", "err", err)
		return
	}
	n.publish(busauth.HeartbeatSubject(n.cfg.Name), data)
}

func (n *Node) publish(subject string, data []byte) {
	if err := n.nc.Publish(subject, data); err != nil {
		n.log.Debug("publish", "subject", subject, "err", err)
	}
}

// heard takes another node's announce: the node is the one its subject names, whatever
// the announce says.
func (n *Node) heard(m *nats.Msg) {
	from, ok := busauth.Sender(m.Subject)
	if !ok || !n.accept(kindHeartbeat, m) {
		return
	}
	var a announce
	if err := json.Unmarshal(m.Data, &a); err != nil || a.Node != from || a.validate() != nil {
		n.reject(kindHeartbeat, "malformed")
		return
	}
	if a.Proto != busauth.Proto {
		n.stranger(from, a.Proto)
		return
	}
	if from == n.cfg.Name {
		if a.Instance != n.instance {
			n.log.Error("another process runs as this node on the bus: stop one of them (two nodes under one name split its rooms)", "other", a.Instance)
		}
		return
	}
	if a.Leaving {
		n.mu.Lock()
		n.dropPeerLocked(a.Node)
		n.mu.Unlock()
		n.forgetNode(a.Node, "the server running this room has stopped")
		return
	}
	n.mu.Lock()
	defer n.mu.Unlock()
	if n.heldFor[from] {
		// Heard again (the bus came back, or the node's own connection did): it has its
		// subscriptions back, and its programs' clocks run again.
		delete(n.heldFor, from)
		go n.syncHolds()
	}
	p := n.peers[a.Node]
	if p == nil {
		p = &peer{}
		n.peers[a.Node] = p
		n.log.Info("node joined", "peer", a.Node, "letter", a.Letter)
		defer func() { go n.checkLeader() }()
	}
	p.letter, p.seen, p.since, p.waiting, p.programs = a.Letter, time.Now(), a.Since, a.Waiting, a.Programs
	if a.Leads && (!p.leads || a.Changes != p.changes) && n.tourneys != nil {
		go n.tourneys.d.Touch() // the standings screens here read the leader's again
	}
	if a.Leads && !p.leads && n.tourneys != nil {
		go n.tourneys.resend() // a new leader: the programs waiting here line up there
	}
	p.leads, p.calls, p.changes = a.Leads, a.Calls, a.Changes
	for i := range a.Rooms { // a fresh slice: readers hold copies of the old one's rooms
		o := a.Owners[a.Rooms[i].ID]
		a.Rooms[i].Owner, a.Rooms[i].Addr = o[0], o[1]
	}
	if !sameRooms(p.rooms, a.Rooms) {
		n.peersVersion.Add(1)
	}
	if !slices.Equal(p.online, a.Online) {
		n.peersVersion.Add(1) // the lobbies' "online" changed
	}
	p.rooms = a.Rooms
	p.sessions = a.Sessions
	p.online = a.Online
	p.placed = 0
}

func sameRooms(a, b []rooms.Info) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].ID != b[i].ID || a[i].Status != b[i].Status || a[i].Spectators != b[i].Spectators || a[i].Players() != b[i].Players() {
			return false
		}
	}
	return true
}

// forgetSilent forgets the nodes not heard of for Silence: they died.
// A node off the bus itself forgets nobody: the silence is its own (outage.go).
func (n *Node) forgetSilent(now time.Time) {
	if !n.nc.IsConnected() {
		return
	}
	if r := n.nc.Stats().Reconnects; r != n.reconnects.Load() {
		// Back on the bus, and the reconnect handler (busBack) may not have run yet.
		n.reconnects.Store(r)
		n.backAt.Store(now.UnixNano())
	}
	back := n.backSince()
	var forgotten []string
	defer func() { // once n.mu is let go: each part of the node's state has its own lock
		for _, name := range forgotten {
			n.forgetNode(name, "the server running this room stopped answering")
		}
	}()
	n.mu.Lock()
	defer n.mu.Unlock()
	for name, p := range n.peers {
		heard := p.seen
		if !back.IsZero() && back.Add(n.cfg.Silence).After(heard) {
			// This node was off the bus: the others get one more Silence from its return
			// to be heard (they come back from the same outage, maybe later, maybe slowly).
			heard = back.Add(n.cfg.Silence)
		}
		if silent := now.Sub(heard); silent > holdAfter*n.cfg.Heartbeat && silent <= n.cfg.Silence && !n.heldFor[name] {
			// Its connection may be down (a network blip on its side): its programs'
			// clocks wait, until it is heard again or forgotten.
			n.heldFor[name] = true
			go n.syncHolds()
		}
		if now.Sub(heard) > n.cfg.Silence {
			n.log.Warn("node silent: forgotten", "peer", name, "silent", now.Sub(heard).Round(time.Millisecond))
			n.dropPeerLocked(name)
			forgotten = append(forgotten, name)
		}
	}
}

// dropPeerLocked takes a node out of the directory (forgetNode drops the rest of what this
// node holds of it). Caller holds n.mu.
func (n *Node) dropPeerLocked(name string) {
	if _, ok := n.peers[name]; ok {
		delete(n.peers, name)
		n.peersVersion.Add(1)
		go n.checkLeader()
		if n.queue != nil {
			go n.queue.forgetNode(name)
		}
		if n.tourneys != nil {
			go n.tourneys.nodeGone(name)
		}
	}
	if n.heldFor[name] {
		delete(n.heldFor, name)
		go n.syncHolds() // its programs' turns time out as they would have
	}
}

// ownerOfLocked is the node whose letter room codes and ids begin with.
func (n *Node) ownerOfLocked(key string) (string, bool) {
	if key == "" {
		return "", false
	}
	letter := strings.ToUpper(key[:1])
	if letter == n.letter {
		return n.cfg.Name, true
	}
	for name, p := range n.peers {
		if p.letter == letter {
			return name, true
		}
	}
	return "", false
}

// RedactURL is a bus URL fit for a log or an error: its user and password (a NATS token
// is given as the user) replaced by "***". A list of URLs, comma-separated, is redacted
// one by one.
func RedactURL(list string) string {
	parts := strings.Split(list, ",")
	for i, p := range parts {
		u, err := url.Parse(strings.TrimSpace(p))
		switch {
		case err != nil:
			parts[i] = "(a URL that does not parse)"
		case u.User != nil:
			u.User = nil
			text := u.String()
			if at := strings.Index(text, "://"); at >= 0 {
				text = text[:at+3] + "***@" + text[at+3:]
			}
			parts[i] = text
		}
	}
	return strings.Join(parts, ",")
}
