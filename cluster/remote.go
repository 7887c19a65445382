package cluster

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/nats-io/nats.go"

	"github.com/arena-classroom/arena/catalog"
	"github.com/arena-classroom/arena/cluster/bus"
	"github.com/arena-classroom/arena/cluster/busauth"
	"github.com/arena-classroom/arena/cluster/frames"
	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/games/playable"
	"github.com/arena-classroom/arena/lang"
	"github.com/arena-classroom/arena/replay"
	"github.com/arena-classroom/arena/roomdir"
	"github.com/arena-classroom/arena/rooms"
)

// roomStats counts the frames and loads of the rooms' protocol.
type roomStats struct {
	framesOut, framesIn, reloads atomic.Uint64
}

// Stats are a node's figures on the bus, for an operator's metrics.
type Stats struct {
	bus.Stats
	FramesIn, FramesOut uint64 // frames of rooms played here for others, and sent of this node's rooms
	RoomLoads           uint64 // rooms of other nodes loaded from their replay
	Nodes               int    // nodes heard, this one included
}

// Stats reads the node's figures now.
func (n *Node) Stats() Stats {
	n.mu.Lock()
	nodes := len(n.peers) + 1
	n.mu.Unlock()
	return Stats{Stats: n.bus.Stats(), FramesIn: n.stats.framesIn.Load(), FramesOut: n.stats.framesOut.Load(),
		RoomLoads: n.stats.reloads.Load(), Nodes: nodes}
}

// directory is the cluster's rooms: the hub's own first, then the others'.
type directory struct{ n *Node }

var _ roomdir.Directory = directory{}

// Create opens a room here, within the person's and the address's share of the whole
// cluster's games; when this node is full, on the least busy node that is not.
func (d directory) Create(spec rooms.Spec) (roomdir.Room, error) {
	if err := d.n.checkShare(spec); err != nil {
		return nil, err
	}
	r, err := roomdir.Local(d.n.hub).Create(spec)
	if errors.Is(err, rooms.ErrTooManyRooms) && spec.Resume == nil {
		if other := d.n.leastBusyPeer(); other != "" {
			return d.n.CreateOn(other, spec)
		}
	}
	return r, err
}

// checkShare refuses a room to a person or an address that runs its share of games on the
// other nodes together with this one (each hub counts its own; this adds the others').
func (n *Node) checkShare(spec rooms.Spec) error {
	if spec.Owner == "" && spec.Addr == "" {
		return nil
	}
	owned, fromAddr := 0, 0
	count := func(info rooms.Info) {
		if info.Status != rooms.Waiting && info.Status != rooms.Playing {
			return
		}
		if spec.Owner != "" && info.Owner == spec.Owner {
			owned++
		}
		if spec.Addr != "" && info.Addr == spec.Addr {
			fromAddr++
		}
	}
	for _, info := range n.hub.List() {
		count(info)
	}
	n.mu.Lock()
	for _, p := range n.peers {
		for _, info := range p.last.Rooms {
			count(info)
		}
	}
	n.mu.Unlock()
	cfg := n.hub.Config()
	switch {
	case spec.Owner != "" && owned >= cfg.MaxRoomsPerOwner:
		t := lang.T("you already have %d games running (the limit); finish or leave one before starting another", owned)
		return &rooms.TooManyRoomsError{Msg: t.String(), Text: t}
	case spec.Addr != "" && fromAddr >= cfg.MaxRoomsPerAddr:
		t := lang.T("%d games are already running from your network address (the limit); finish some before starting another", fromAddr)
		return &rooms.TooManyRoomsError{Msg: t.String(), Text: t}
	}
	return nil
}

// Find serves a room of another node from its owner's last heartbeat: the owner is asked
// only about a room too new to be in one (walls and lists find rooms many times a second).
func (d directory) Find(key string) (roomdir.Room, bool) {
	if r, ok := roomdir.Local(d.n.hub).Find(key); ok {
		return r, true
	}
	d.n.mu.Lock()
	owner, ok := d.n.ownerOfLocked(key)
	var announced *rooms.Info
	if p := d.n.peers[owner]; ok && p != nil {
		for i, info := range p.last.Rooms {
			if strings.EqualFold(info.ID, key) || info.Code != "" && strings.EqualFold(info.Code, key) {
				info := p.last.Rooms[i] // a copy
				announced = &info
				break
			}
		}
	}
	if announced == nil {
		// A game a drain moved: its old id (its node restarting, or gone) leads to it.
		for _, name := range slices.Sorted(maps.Keys(d.n.peers)) {
			for _, info := range d.n.peers[name].last.Rooms {
				if info.Was != "" && strings.EqualFold(info.Was, key) && info.Status != rooms.Closed {
					owner, ok, announced = name, true, &info
					break
				}
			}
			if announced != nil {
				break
			}
		}
	}
	d.n.mu.Unlock()
	if !ok || owner == d.n.cfg.Name {
		return nil, false
	}
	if announced != nil {
		if e, found := catalog.Get(announced.Game); found {
			r := newRemoteRoom(d.n, owner, e.Entry, *announced)
			r.heard = true
			return r, true
		}
	}
	return d.n.remote(owner, func() (rooms.Info, error) { return bus.Ask(d.n.bus, owner, opFind, roomRef{Room: key}) })
}

func (d directory) SeatOf(userID string) (roomdir.Room, bool) {
	if r, ok := roomdir.Local(d.n.hub).SeatOf(userID); ok {
		return r, true
	}
	if userID == "" {
		return nil, false
	}
	var owners []string
	d.n.mu.Lock()
	for name, p := range d.n.peers {
		for _, info := range p.last.Rooms {
			if info.Status == rooms.Playing && slices.ContainsFunc(info.Seats, func(s rooms.SeatInfo) bool {
				return s.UserID == userID && s.Kind == rooms.Human && s.Takeover == nil
			}) {
				owners = append(owners, name)
			}
		}
	}
	d.n.mu.Unlock()
	slices.Sort(owners)
	for _, owner := range slices.Compact(owners) {
		if r, ok := d.n.remote(owner, func() (rooms.Info, error) { return bus.Ask(d.n.bus, owner, opSeatOf, userRef{User: userID}) }); ok {
			return r, true
		}
	}
	return nil, false
}

func (d directory) List() []rooms.Info {
	out := d.n.hub.List()
	d.n.mu.Lock()
	for _, p := range d.n.peers {
		out = append(out, p.last.Rooms...)
	}
	d.n.mu.Unlock()
	slices.SortStableFunc(out, func(a, b rooms.Info) int {
		if c := a.Created.Compare(b.Created); c != 0 {
			return c
		}
		return strings.Compare(a.ID, b.ID)
	})
	return out
}

func (d directory) Version() uint64 { return d.n.hub.Version() + d.n.peersVersion.Load() }

func (d directory) OnTick(f func(now time.Time)) { d.n.hub.OnTick(f) }
func (d directory) Config() rooms.Config         { return d.n.hub.Config() }
func (d directory) Think(first bool, f func())   { d.n.hub.Think(first, f) }

// remote asks owner for a room (opFind, opSeatOf) and makes its handle.
func (n *Node) remote(owner string, find func() (rooms.Info, error)) (roomdir.Room, bool) {
	info, err := find()
	if err != nil {
		return nil, false
	}
	e, ok := catalog.Get(info.Game)
	if !ok {
		return nil, false
	}
	return newRemoteRoom(n, owner, e.Entry, info), true
}

func newRemoteRoom(n *Node, owner string, e playable.Entry, info rooms.Info) *remoteRoom {
	return &remoteRoom{n: n, owner: owner, id: info.ID, code: info.Code, entry: e, last: info, made: time.Now()}
}

// remoteRoom is a room of another node, reached through the bus. The context its calls
// take is not passed on yet: a request is bounded by the node's Timeout, and through a bus
// outage by its Outage budget (ask).
type remoteRoom struct {
	n        *Node
	owner    string
	id, code string
	entry    playable.Entry
	made     time.Time // when the handle was made: the room was live then

	mu    sync.Mutex
	last  rooms.Info // the latest Info seen
	heard bool       // the room was in its owner's heartbeat: once it is no longer, it closed
	// keys waits to go to the owner, in order, sent by one goroutine at a time (sending):
	// a person's key never holds their screen, even while the bus restarts.
	keys    []submitRequest
	sending bool
}

var _ roomdir.Room = (*remoteRoom)(nil)

func (r *remoteRoom) ID() string           { return r.id }
func (r *remoteRoom) Code() string         { return r.code }
func (r *remoteRoom) Game() playable.Entry { return r.entry }

func (r *remoteRoom) Leave(_ context.Context, userID string) error {
	_, err := bus.Ask(r.n.bus, r.owner, opLeave, leaveRequest{Room: r.id, User: userID})
	return err
}

func (r *remoteRoom) Close(_ context.Context, why string) error {
	_, err := bus.Ask(r.n.bus, r.owner, opClose, closeRequest{Room: r.id, Why: why})
	return err
}

func (r *remoteRoom) FillWithBot(_ context.Context, name string) error {
	_, err := bus.Ask(r.n.bus, r.owner, opFill, fillRequest{Room: r.id, Name: name})
	return err
}

// MatchID is Info's: cached, never waits.
func (r *remoteRoom) MatchID() string { return r.Info().MatchID }

// Info is the room now, as well as this node knows without waiting: its mirror's latest
// picture, else its owner's last heartbeat, else what was known when the handle was made
// (a room too new to be in a heartbeat). The owner is never asked. A room whose node is
// gone, or that is missing from its owner's heartbeat after having been in one (a heartbeat
// lists the rooms not closed) or long after the handle was made, is closed, with the result
// it had, if any.
func (r *remoteRoom) Info() rooms.Info {
	r.n.shown.mu.Lock()
	m := r.n.shown.mirrors[r.id]
	r.n.shown.mu.Unlock()
	r.n.mu.Lock()
	p := r.n.peers[r.owner]
	var cached *rooms.Info
	var heardSince time.Duration // since the handle was made, to the owner's last heartbeat
	if p != nil {
		heardSince = p.seen.Sub(r.made)
		for _, info := range p.last.Rooms {
			if info.ID == r.id {
				cached = &info // a copy, read under n.mu
			}
		}
	}
	r.n.mu.Unlock()
	if s := m.SnapshotOrNil(); s != nil {
		return r.remember(s.Info)
	}
	if cached != nil {
		r.mu.Lock()
		r.heard = true
		r.mu.Unlock()
		return r.remember(*cached)
	}
	r.mu.Lock()
	heard, last := r.heard, r.last
	r.mu.Unlock()
	// Not in the owner's heartbeat: closed if it was in one before, or if this heartbeat was
	// heard more than Silence after the handle was made (so it was sent after the room
	// opened: a node heard that late is taken for dead). Else too new to be in one.
	if p == nil || heard || heardSince > r.n.cfg.Silence {
		return r.closed()
	}
	return last
}

func (r *remoteRoom) remember(info rooms.Info) rooms.Info {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.last = info
	return info
}

// closed is the room as last seen, closed.
func (r *remoteRoom) closed() rooms.Info {
	r.mu.Lock()
	defer r.mu.Unlock()
	info := r.last
	info.Status = rooms.Closed
	return info
}

// Snapshot is the room as this node shows it: its mirror's latest picture. A room nobody
// here watches is followed from its first read on (one load, then its frames, as for a
// spectator) until it has not been read for frames.ReaderLease: a wall or a list that reads
// it twice a second costs its owner what one spectator on this node does. Only the first
// read waits (the load).
func (r *remoteRoom) Snapshot(context.Context) (*rooms.Snapshot, error) {
	r.n.shown.mu.Lock()
	m := r.n.shown.mirrors[r.id]
	r.n.shown.mu.Unlock()
	if m != nil {
		m.Read()
		if s := m.Snapshot(); s != nil {
			return s, nil
		}
	}
	m, err := r.n.watch(r)
	if err != nil {
		r.n.warnOnce(r.id, "a room of another node does not play again here", "room", r.id, "err", err)
		return nil, fmt.Errorf("room %s cannot be shown here: %w", r.id, err)
	}
	m.Read()
	return m.Snapshot(), nil
}

// Replay asks the owner for the game so far.
func (r *remoteRoom) Replay(context.Context) (*replay.Replay, error) {
	return r.n.remoteReplay(r.owner, r.id)
}

// remoteInfo is a room of owner now, asked of it; closed if it does not answer.
func (n *Node) remoteInfo(owner, id string) rooms.Info {
	info, err := bus.Ask(n.bus, owner, opInfo, roomRef{Room: id})
	if err != nil {
		return rooms.Info{ID: id, Status: rooms.Closed}
	}
	return info
}

// remoteReplay is the game so far of a room of owner, asked of it: nil before the game
// starts.
func (n *Node) remoteReplay(owner, id string) (*replay.Replay, error) {
	rep, err := bus.Ask(n.bus, owner, opReplay, roomRef{Room: id})
	if err != nil {
		return nil, err
	}
	if len(rep.Replay) == 0 {
		return nil, nil // not started
	}
	rp, err := replay.Decode(rep.Replay, func(id string) (games.Game, bool) {
		e, ok := catalog.Get(id)
		return e.Game, ok
	})
	if err != nil {
		return nil, fmt.Errorf("the replay of room %s from its server does not read: %w", id, err)
	}
	return &rp, nil
}

// Attach shows the room to mb through this node's mirror of it, and tells the owner who is
// there (a seated person is connected again). A room that cannot be loaded is shown closed
// with a sentence, mb not attached; an owner that does not hear of mb leaves it a
// spectator here (-1), attached to the mirror.
func (r *remoteRoom) Attach(_ context.Context, userID string, mb *rooms.Mailbox) (int, *rooms.Snapshot, error) {
	m, err := r.n.watch(r)
	if err != nil {
		r.n.warnOnce(r.id, "cannot show a room of another node", "room", r.id, "err", err)
		return -1, r.unreachable(), err
	}
	id := r.n.ids.Add(1)
	r.n.shown.mu.Lock()
	r.n.shown.sessions[mb] = session{room: r.id, owner: r.owner, id: id}
	r.n.shown.mu.Unlock()
	snap := m.Add(mb)
	rep, err := bus.Ask(r.n.bus, r.owner, opAttach, attachRequest{Room: r.id, Session: id, User: userID})
	if err != nil {
		return -1, snap, err
	}
	return rep.Seat, snap, nil
}

// unreachable is the room as a screen shows it when its node cannot be reached: closed,
// with a sentence (a screen always gets a snapshot from Attach).
func (r *remoteRoom) unreachable() *rooms.Snapshot {
	sc := rooms.Scene{Info: r.closed(), ToMove: -1, Played: -1,
		Error: "the server running this room cannot be reached: try again in a moment"}
	return sc.Snapshot(r.entry.View, nil)
}

func (r *remoteRoom) Detach(_ context.Context, mb *rooms.Mailbox) error {
	return r.n.leave(mb, opDetach)
}
func (r *remoteRoom) Drop(_ context.Context, mb *rooms.Mailbox) error {
	return r.n.leave(mb, opDrop)
}

func (r *remoteRoom) Join(_ context.Context, userID, name string) (int, error) {
	rep, err := bus.Ask(r.n.bus, r.owner, opJoin, joinRequest{Room: r.id, User: userID, Name: name})
	if err != nil {
		return -1, err
	}
	return rep.Seat, nil
}

// Submit sends a person's action to the owner without waiting for it: the screen checked
// it against the mirror's state already, and what the owner refuses (the turn moved on
// meanwhile) the next picture shows. Through a bus outage it waits in line and goes once
// the bus is back (outage.go); the screen says "reconnecting…" meanwhile. The error is only
// an action that cannot be encoded; ctx is not kept (the key outlives the call).
func (r *remoteRoom) Submit(_ context.Context, userID string, seat int, a games.Action) error {
	raw, err := json.Marshal(a)
	if err != nil {
		return err
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	r.keys = append(r.keys, submitRequest{Room: r.id, User: userID, Seat: seat, Action: raw})
	if !r.sending {
		r.sending = true
		go r.sendKeys()
	}
	return nil
}

// sendKeys sends the keys in line, one after the other, until none is left.
func (r *remoteRoom) sendKeys() {
	for {
		r.mu.Lock()
		if len(r.keys) == 0 {
			r.sending = false
			r.mu.Unlock()
			return
		}
		req := r.keys[0]
		r.keys = r.keys[1:]
		r.mu.Unlock()
		r.sendKey(req)
	}
}

// sendKey sends one key until the owner has it: through an outage longer than a request's
// budget (a loaded machine's bus restart), the same request again, which the owner plays
// once, for as long as the owner lives. A key the owner refuses (the turn moved on
// meanwhile) the next picture shows.
func (r *remoteRoom) sendKey(req submitRequest) {
	call, err := bus.NewCall(r.n.bus, r.owner, opSubmit, req)
	if err == nil {
		_, err = call.Persist(func() bool { return r.n.Knows(r.owner) })
	}
	if err != nil {
		r.n.log.Debug("a key refused by the room's node, or lost with it", "room", r.id, "err", err)
	}
}

func (r *remoteRoom) VoteRematch(_ context.Context, userID string, seat int) error {
	_, err := bus.Ask(r.n.bus, r.owner, opVote, voteRequest{Room: r.id, User: userID, Seat: seat})
	return err
}

func (r *remoteRoom) HoldClock(_ context.Context, seat int, on bool) error {
	_, err := bus.Ask(r.n.bus, r.owner, opHold, holdRequest{Room: r.id, Seat: seat, On: on})
	return err
}

// watch is this node's mirror of r, made on first need: subscribed to the room's frames
// first, then loaded from the owner, so that no frame falls between. The bus is never asked
// under a lock (the owner may be asking this node something at the same moment).
func (n *Node) watch(r *remoteRoom) (*frames.Mirror, error) {
	n.shown.mu.Lock()
	m := n.shown.mirrors[r.id]
	mine := m == nil
	if mine {
		m = frames.NewMirror(r.entry, r.owner)
		n.shown.mirrors[r.id] = m
	}
	n.shown.mu.Unlock()
	if !mine {
		select {
		case <-m.Loaded():
			if m.Snapshot() == nil {
				return nil, errors.New("the room did not load")
			}
			return m, nil
		case <-time.After(n.cfg.Timeout):
			return nil, errors.New("the room did not load in time")
		}
	}
	sub, err := n.bus.Listen(busauth.FramesSubject(r.owner, r.id), bus.KindFrame, func(_ string, msg *nats.Msg) { n.frameIn(r, m, msg) })
	if err == nil {
		err = n.bus.Flush()
	}
	if err == nil {
		err = n.reload(r.owner, r.id, m)
	}
	n.shown.mu.Lock()
	if err != nil {
		delete(n.shown.mirrors, r.id)
	} else {
		n.shown.watching[r.id] = sub
	}
	n.shown.mu.Unlock()
	if err != nil && sub != nil {
		_ = sub.Unsubscribe()
	}
	m.MarkLoaded()
	return m, err
}

// reload loads m, the mirror of room id, from its owner's replay.
func (n *Node) reload(owner, id string, m *frames.Mirror) error {
	rep, err := bus.Ask(n.bus, owner, opSync, roomRef{Room: id})
	if err != nil {
		return err
	}
	if rep.Frame == nil {
		return errors.New("no frame in the answer")
	}
	n.stats.reloads.Add(1)
	return m.Load(rep.Replay, rep.Frame)
}

// frameIn plays a frame of r on in its mirror (the subscription's goroutine: frames of one
// room come in order).
func (n *Node) frameIn(r *remoteRoom, m *frames.Mirror, msg *nats.Msg) {
	var f frames.Frame
	if err := json.Unmarshal(msg.Data, &f); err != nil {
		n.bus.Reject(bus.KindFrame, "malformed")
		return
	}
	n.stats.framesIn.Add(1)
	if n.cfg.FrameRouted != nil {
		n.cfg.FrameRouted(time.Since(f.Scene.Published))
	}
	ok, err := m.Apply(&f)
	if err != nil {
		n.warnOnce(r.id, "a frame does not play here: loading the room again", "room", r.id, "err", err)
	}
	if !ok || err != nil {
		if err := n.reload(r.owner, r.id, m); err != nil {
			n.warnOnce(r.id, "cannot load a room of another node again", "room", r.id, "err", err)
		}
	}
}

// leave ends one session's view of a room of another node; the mirror goes once nobody
// here watches or reads the room (dropUnused). The error is the owner's, told of it: the
// view here has ended all the same.
func (n *Node) leave(mb *rooms.Mailbox, op bus.Op[sessionRef, bus.None]) error {
	n.shown.mu.Lock()
	s, ok := n.shown.sessions[mb]
	delete(n.shown.sessions, mb)
	if ok {
		if m := n.shown.mirrors[s.room]; m != nil {
			m.Remove(mb)
		}
	}
	n.shown.mu.Unlock()
	if !ok {
		return nil
	}
	_, err := bus.Ask(n.bus, s.owner, op, sessionRef{Room: s.room, Session: s.id})
	n.dropUnused(time.Now())
	return err
}

// dropUnused stops following the rooms of other nodes that nobody here watches or has read
// for frames.ReaderLease (the heartbeat calls it too).
func (n *Node) dropUnused(now time.Time) {
	type followed struct {
		id, owner string
		sub       *nats.Subscription
	}
	var gone []followed
	n.shown.mu.Lock()
	for id, m := range n.shown.mirrors {
		if m.Unused(now) {
			gone = append(gone, followed{id, m.Owner, n.shown.watching[id]})
			delete(n.shown.mirrors, id)
			delete(n.shown.watching, id)
		}
	}
	n.shown.mu.Unlock()
	for _, f := range gone {
		if f.sub != nil {
			_ = f.sub.Unsubscribe()
		}
		go func() { _, _ = bus.Ask(n.bus, f.owner, opUnwatch, roomRef{Room: f.id}) }() // off the heartbeat
	}
}
