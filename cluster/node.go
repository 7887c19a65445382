// Package cluster joins arena nodes through a NATS bus, so that any node serves any person
// or program: each live room has one owner node, every node keeps a directory of all the
// cluster's rooms (each node announces its own in its heartbeats), and a session on one
// node plays or watches a room of another through the same roomdir interfaces as a local
// room. Its moves go to the owner; the owner's frames reach each node that shows the room
// once, where a mirror plays the game on from the moves and hands snapshots to the local
// viewers' mailboxes.
//
// Without --cluster none of this runs: roomdir.Local serves a node alone.
//
// The bus protocol is in parts, each a package: bus (the connection, typed operations,
// error codes, outages ridden out), this one (the directory of nodes and the rooms'
// protocol), quickmatch (the cluster's queues), tourneys (its tournaments), leases (what
// the nodes hold in their shared database). quickmatch and tourneys ride on the node's
// heartbeats as Parts. docs/architecture.md, "The bus protocol", lists the operations;
// busauth says who may publish where; check.go what a node believes of a heartbeat;
// outage.go how a bus restart is ridden out.
//
// The node's state is split by protocol, each part under a lock of its own: the directory
// of the other nodes (Node.mu), the rooms of others shown here (shownRooms), this node's
// rooms lent to others (lentRooms), its programs seated in others' rooms (farPrograms),
// the outboxes of rooms' calls on programs (outboxes).
//
// Lock order: a lock may be taken while holding those listed before it, never the reverse.
//
//  0. holdMu (syncHolds): taken with no other lock held
//  1. a Part's own lock (quickmatch's, tourneys'): a Part may read the directory under it
//  2. Node.mu (the directory: peers, the nodes whose programs wait, the parts)
//  3. shownRooms.mu, lentRooms.mu, farPrograms.mu: each taken alone, never two at once
//     and never with Node.mu (forgetNode takes them one after the other)
//  4. a room's own lock (an export observes and unobserves its room under lentRooms.mu)
//  5. leaves, which take no other lock: mirror.mu (under shownRooms.mu), outboxes.mu and
//     seatOutbox.mu (under a room's lock: a room calls its programs' controllers under
//     it, and a busController only queues), remoteRoom.mu, the bus's own
//
// Parts hear of other nodes (Part.Heard, Part.Gone) with no lock of the node held.
// Goroutines are started outside these locks, or take none before theirs is let go.
package cluster

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"regexp"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nkeys"

	"github.com/arena-classroom/arena/cluster/bus"
	"github.com/arena-classroom/arena/cluster/busauth"
	"github.com/arena-classroom/arena/cluster/frames"
	"github.com/arena-classroom/arena/cluster/seats"
	"github.com/arena-classroom/arena/internal/codes"
	"github.com/arena-classroom/arena/presence"
	"github.com/arena-classroom/arena/replay"
	"github.com/arena-classroom/arena/roomdir"
	"github.com/arena-classroom/arena/rooms"
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
	// (leases.Letters).
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

// RedactURL is a bus URL fit for a log or an error (bus.RedactURL).
func RedactURL(list string) string { return bus.RedactURL(list) }

// Part is a protocol that rides on the node's heartbeats: the cluster's quick match
// (quickmatch) and its tournaments (tourneys). The node calls it with none of its locks
// held; it must not block (a Part starts a goroutine for what may).
type Part interface {
	// Version changes whenever what the part announces does: the node announces at once.
	Version() uint64
	// Announce fills the part's fields of this node's heartbeat.
	Announce(h *Heartbeat)
	// Heard hears another node's heartbeat, and the one before it (nil: it just joined).
	Heard(node string, before, now *Heartbeat)
	// Gone hears that a node is forgotten: it left, or fell silent.
	Gone(node string)
}

// Node is this process's place in the cluster.
type Node struct {
	cfg    Config
	bus    *bus.Conn
	log    *slog.Logger
	warned warnings // warnings about one room written at most once a minute
	letter string

	hub       *rooms.Hub
	renewing  atomic.Bool // the letter's lease is being renewed
	announced uint64      // the hub's and parts' versions last announced
	stop      chan struct{}
	done      sync.WaitGroup
	// greet asks the heartbeat's goroutine to announce now: a node just heard of for the
	// first time learns of this one at once, not a heartbeat later (a teacher's command on
	// a node that just started would be told the leader of the tournaments is unknown).
	greet chan struct{}

	// The node's state, by protocol, each part under a lock of its own (see the lock order
	// above): the directory of the other nodes here under mu; the rooms of others shown
	// here; this node's rooms lent to others; its programs seated in others' rooms.
	shown shownRooms
	lent  lentRooms
	seats *seats.Seats  // its programs seated in others' rooms, its rooms' calls on others'
	ids   atomic.Uint64 // ids of this node's sessions, tickets and programs on the bus

	mu        sync.Mutex
	peers     map[string]*peer      // other nodes, by name
	heldFor   map[string]bool       // nodes whose programs' clocks wait here (outage.go)
	parts     []Part                // the protocols riding on the heartbeats
	keyCount  func() map[string]int // this node's sessions by key (CountSessions)
	onlineFn  func() []string       // who is connected here (ShareOnline)
	elsewhere onlineCache           // who is connected to the other nodes (OnlineElsewhere)
	since     time.Time             // when the node joined
	instance  string                // drawn at Join: tells this process from another under its name
	strangers map[string]bool       // nodes heard speaking another bus protocol, said once in the log

	peersVersion atomic.Uint64
	stats        roomStats
	holding      atomic.Bool // some programs' clocks wait (syncHolds)
	// holdMu makes syncHolds one at a time, each from its own reading of heldFor: a call
	// that read an older heldFor (a hold, run late on a loaded machine) can then never
	// undo a later one's release and leave a forgotten node's programs waiting for ever.
	holdMu sync.Mutex
}

type peer struct {
	last   *Heartbeat // as heard, its rooms' owners filled in; never changed (readers share it)
	seen   time.Time
	placed int // rooms placed there since its last heartbeat (PlaceGame)
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
	n := &Node{cfg: cfg, log: cfg.Logger.With("node", cfg.Name), stop: make(chan struct{}), greet: make(chan struct{}, 1),
		peers: map[string]*peer{}, instance: codes.New(12), strangers: map[string]bool{}, heldFor: map[string]bool{},
		shown: shownRooms{mirrors: map[string]*frames.Mirror{}, watching: map[string]*nats.Subscription{},
			sessions: map[*rooms.Mailbox]session{}},
		lent: lentRooms{exports: map[string]*export{}, proxies: map[proxyKey]*proxy{}}}
	c, err := bus.Dial(bus.Config{URL: cfg.URL, Name: cfg.Name, Key: cfg.Key, CAFile: cfg.CAFile, Logger: n.log,
		Timeout: cfg.Timeout, Outage: cfg.Outage, Settle: cfg.Silence, Down: n.busDown, Back: n.busBack})
	if err != nil {
		return nil, err
	}
	n.bus = c
	n.seats = seats.New(seats.Config{Bus: c, Instance: n.instance, Logger: n.log, NewID: n.NewID, Knows: n.Knows,
		Room: func(id string) (*rooms.Room, bool) {
			if hub := n.hubOrNil(); hub != nil {
				return hub.Find(id)
			}
			return nil, false
		},
		Info: n.remoteInfo,
		Replay: func(owner, room string) *replay.Replay {
			rp, err := n.remoteReplay(owner, room)
			if err != nil {
				n.warnOnce(room, "the replay of a room of another node", "room", room, "err", err)
			}
			return rp
		}})
	n.since = time.Now()
	letter, err := cfg.Letters.Take(ctx, cfg.Name)
	if err != nil {
		c.Abandon()
		return nil, fmt.Errorf("cluster: %w", err)
	}
	n.letter = letter
	return n, nil
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
		names = presence.Union(names, p.last.Online)
	}
	n.elsewhere = onlineCache{version: v, names: names}
	return names
}

// SessionsElsewhere counts key's sessions on the other nodes, as they last announced.
func (n *Node) SessionsElsewhere(key string) int {
	n.mu.Lock()
	defer n.mu.Unlock()
	total := 0
	for _, p := range n.peers {
		total += p.last.Sessions[key]
	}
	return total
}

// hubOrNil is the hub, once Serve has it (requests may come before).
func (n *Node) hubOrNil() *rooms.Hub {
	n.mu.Lock()
	defer n.mu.Unlock()
	return n.hub
}

// Register keeps ctl, a program's seat of this node, for a room of another node; the id
// it returns names it on the bus (Parts send it with a ticket: ProgramAt on the other side).
func (n *Node) Register(ctl rooms.Controller) uint64 { return n.seats.Register(ctl, "") }

// Unregister lets go of a program's seat that no room took.
func (n *Node) Unregister(id uint64) { n.seats.Unregister(id) }

// ProgramAt is the seat of program id of node, for a room of this node: what the room
// tells it goes to its node (a Part's ticket from there names it).
func (n *Node) ProgramAt(node string, id uint64) rooms.Controller {
	return n.seats.Controller(node, id)
}

// Name is the node's name.
func (n *Node) Name() string { return n.cfg.Name }

// Logger is the node's log.
func (n *Node) Logger() *slog.Logger { return n.log }

// Bus is the node's connection to the bus, where Parts serve and ask their operations.
func (n *Node) Bus() *bus.Conn { return n.bus }

// NewID is a fresh id of this node on the bus (its tickets, sessions, programs).
func (n *Node) NewID() uint64 { return n.ids.Add(1) }

// Since is when the node joined the bus.
func (n *Node) Since() time.Time { return n.since }

// Heard is the last heartbeat of every other node in the directory, by name. The
// heartbeats are shared: never change them.
func (n *Node) Heard() map[string]*Heartbeat {
	n.mu.Lock()
	defer n.mu.Unlock()
	out := make(map[string]*Heartbeat, len(n.peers))
	for name, p := range n.peers {
		out[name] = p.last
	}
	return out
}

// LastHeard is node's last heartbeat, if the directory knows it (shared: never change it).
func (n *Node) LastHeard(node string) (*Heartbeat, bool) {
	n.mu.Lock()
	defer n.mu.Unlock()
	if p := n.peers[node]; p != nil {
		return p.last, true
	}
	return nil, false
}

// AddPart makes p ride on the node's heartbeats; the nodes known now are heard at once.
func (n *Node) AddPart(p Part) {
	n.mu.Lock()
	n.parts = append(n.parts, p)
	known := make(map[string]*Heartbeat, len(n.peers))
	for name, peer := range n.peers {
		known[name] = peer.last
	}
	n.mu.Unlock()
	for name, h := range known {
		p.Heard(name, nil, h)
	}
}

func (n *Node) partsNow() []Part {
	n.mu.Lock()
	defer n.mu.Unlock()
	return slices.Clone(n.parts)
}

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
	n.mu.Lock()
	n.hub = hub
	n.mu.Unlock()
	n.serveRooms()
	err := n.bus.Serve(
		func() (*nats.Subscription, error) {
			return n.bus.Listen(busauth.Heartbeats, bus.KindHeartbeat, n.heard)
		},
		n.seats.Listen)
	if err != nil {
		return err
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
	n.seats.Close()
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
	n.bus.Close()
}

// Abandon drops the node's bus connection at once, saying nothing and giving nothing back:
// the others see it die, as when its process is killed (tests of a node's death).
func (n *Node) Abandon() {
	select {
	case <-n.stop:
		return
	default:
	}
	close(n.stop)
	n.bus.Abandon()
	n.seats.Close()
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
		case <-n.greet:
			n.announce(false)
		case now := <-quick.C:
			if changed := n.listChanged(); changed || now.Sub(last) >= n.cfg.Heartbeat {
				n.announce(false)
				last = now
				n.forgetSilent(now)
				n.dropUnused(now)
				if n.stillHolding() {
					n.syncHolds() // again each heartbeat: holds and releases made out of order converge
				}
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

// listChanged reports whether the hub's list or a part's announce changed since the last
// announce (heartbeat's goroutine only).
func (n *Node) listChanged() bool {
	v := n.hub.Version()
	for _, p := range n.partsNow() {
		v += p.Version()
	}
	changed := v != n.announced
	n.announced = v
	return changed
}

func (n *Node) announce(leaving bool) {
	h := Heartbeat{Proto: busauth.Proto, Node: n.cfg.Name, Instance: n.instance, Letter: n.letter, Leaving: leaving, Since: n.since}
	if !leaving {
		h.Rooms = n.hub.List()
		for _, info := range h.Rooms {
			if info.Owner != "" || info.Addr != "" {
				if h.Owners == nil {
					h.Owners = map[string][2]string{}
				}
				h.Owners[info.ID] = [2]string{info.Owner, info.Addr}
			}
		}
		n.mu.Lock()
		sessions, online := n.keyCount, n.onlineFn
		n.mu.Unlock()
		if sessions != nil {
			h.Sessions = sessions()
		}
		if online != nil {
			h.Online = online()
		}
		for _, p := range n.partsNow() {
			p.Announce(&h)
		}
	}
	data, err := json.Marshal(h)
	if err != nil {
		n.log.Error("announce", "err", err)
		return
	}
	n.bus.Publish(busauth.HeartbeatSubject(n.cfg.Name), data)
}

// heard takes another node's heartbeat: the node is the one its subject names, whatever
// the heartbeat says.
func (n *Node) heard(from string, m *nats.Msg) {
	var h Heartbeat
	if err := json.Unmarshal(m.Data, &h); err != nil || h.Node != from || h.validate() != nil {
		n.bus.Reject(bus.KindHeartbeat, "malformed")
		return
	}
	if h.Proto != busauth.Proto {
		n.stranger(from, h.Proto)
		return
	}
	if from == n.cfg.Name {
		if h.Instance != n.instance {
			n.log.Error("another process runs as this node on the bus: stop one of them (two nodes under one name split its rooms)", "other", h.Instance)
		}
		return
	}
	if h.Leaving {
		n.mu.Lock()
		known := n.dropPeerLocked(from)
		n.mu.Unlock()
		n.forgetNode(from, "the server running this room has stopped")
		if known {
			for _, p := range n.partsNow() {
				p.Gone(from)
			}
		}
		return
	}
	for i := range h.Rooms { // the rooms' owners and addresses travel beside them
		o := h.Owners[h.Rooms[i].ID]
		h.Rooms[i].Owner, h.Rooms[i].Addr = o[0], o[1]
	}
	n.mu.Lock()
	if p := n.peers[from]; p != nil && p.last.Instance != h.Instance {
		// The node restarted under its name before it was forgotten (killed, and started
		// again by its supervisor within seconds): what this node held of its last process
		// goes as for a node that died: its rooms shown here close, its programs seated
		// here lose their seats, and this node's programs seated in its rooms hear that
		// their game is over. Then it joins again.
		n.log.Warn("node restarted: what its last process held is dropped", "peer", from)
		n.dropPeerLocked(from)
		parts := slices.Clone(n.parts)
		n.mu.Unlock()
		n.forgetNode(from, "the server running this room restarted")
		for _, part := range parts {
			part.Gone(from)
		}
		n.mu.Lock()
	}
	if n.heldFor[from] {
		// Heard again (the bus came back, or the node's own connection did): it has its
		// subscriptions back, and its programs' clocks run again.
		delete(n.heldFor, from)
		go n.syncHolds()
	}
	p := n.peers[from]
	var before *Heartbeat
	if p == nil {
		p = &peer{}
		n.peers[from] = p
		n.log.Info("node joined", "peer", from, "letter", h.Letter)
		select {
		case n.greet <- struct{}{}:
		default: // a greeting is already due
		}
	} else {
		before = p.last
	}
	if before == nil || !sameRooms(before.Rooms, h.Rooms) || !slices.Equal(before.Online, h.Online) {
		n.peersVersion.Add(1) // the directory's list, or the lobbies' "online", changed
	}
	p.last, p.seen, p.placed = &h, time.Now(), 0
	parts := slices.Clone(n.parts)
	n.mu.Unlock()
	for _, part := range parts {
		part.Heard(from, before, &h)
	}
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
	if !n.bus.Connected() {
		return
	}
	back := n.bus.BackSince()
	var forgotten []string
	defer func() { // once n.mu is let go: each part of the node's state has its own lock
		parts := n.partsNow()
		for _, name := range forgotten {
			n.forgetNode(name, "the server running this room stopped answering")
			for _, p := range parts {
				p.Gone(name)
			}
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
// node holds of it, and the parts hear it gone), reporting whether it was known. Caller
// holds n.mu.
func (n *Node) dropPeerLocked(name string) bool {
	_, known := n.peers[name]
	if known {
		delete(n.peers, name)
		n.peersVersion.Add(1)
	}
	if n.heldFor[name] {
		delete(n.heldFor, name)
		go n.syncHolds() // its programs' turns time out as they would have
	}
	return known
}

// Knows reports whether the directory knows node now (this one included).
func (n *Node) Knows(node string) bool {
	if node == n.cfg.Name {
		return true
	}
	n.mu.Lock()
	defer n.mu.Unlock()
	return n.peers[node] != nil
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
		if p.last.Letter == letter {
			return name, true
		}
	}
	return "", false
}

// BusConnected reports whether the node is connected to the bus right now.
func (n *Node) BusConnected() bool { return n.bus.Connected() }
