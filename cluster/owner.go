package cluster

import (
	"encoding/json"
	"runtime/debug"

	"github.com/arena-classroom/arena/botproto"
	"github.com/arena-classroom/arena/cluster/bus"
	"github.com/arena-classroom/arena/cluster/busauth"
	"github.com/arena-classroom/arena/cluster/frames"

	"github.com/arena-classroom/arena/rooms"
)

// serveRooms answers the other nodes about this node's rooms. The operations that only
// touch this node's memory are served in order, and none blocks for long (bus.Op).
func (n *Node) serveRooms() {
	c := n.bus
	bus.Handle(c, opSeatOf, func(_ string, req userRef) (rooms.Info, error) {
		r, ok := n.hub.SeatOf(req.User)
		if !ok {
			return rooms.Info{}, rooms.ErrNotSeated
		}
		return r.Info(), nil
	})
	bus.Handle(c, opDetach, n.unproxy(func(r *rooms.Room, mb *rooms.Mailbox) { r.Detach(mb) }))
	bus.Handle(c, opDrop, n.unproxy(func(r *rooms.Room, mb *rooms.Mailbox) { r.Drop(mb) }))
	bus.Handle(c, opCreate, n.create)
	bus.Handle(c, opUnwatch, func(from string, req roomRef) (bus.None, error) {
		n.lent.mu.Lock()
		defer n.lent.mu.Unlock()
		if e := n.lent.exports[req.Room]; e != nil {
			e.unwatchLocked(from)
		}
		return bus.None{}, nil
	})
	// A room of this node, by its id.
	roomInfo := func(_ string, r *rooms.Room, _ roomRef) (rooms.Info, error) { return r.Info(), nil }
	bus.Handle(c, opFind, inRoom(n, func(req roomRef) string { return req.Room }, roomInfo))
	bus.Handle(c, opInfo, inRoom(n, func(req roomRef) string { return req.Room }, roomInfo))
	bus.Handle(c, opSync, inRoom(n, func(req roomRef) string { return req.Room },
		func(from string, r *rooms.Room, _ roomRef) (syncAnswer, error) { return n.sync(r, from) }))
	bus.Handle(c, opReplay, inRoom(n, func(req roomRef) string { return req.Room }, replayOf))
	bus.Handle(c, opAttach, inRoom(n, func(req attachRequest) string { return req.Room }, n.attach))
	bus.Handle(c, opJoin, inRoom(n, func(req joinRequest) string { return req.Room },
		func(_ string, r *rooms.Room, req joinRequest) (seatAnswer, error) {
			seat, err := r.Join(req.User, req.Name)
			return seatAnswer{Seat: seat}, err
		}))
	bus.Handle(c, opLeave, inRoom(n, func(req leaveRequest) string { return req.Room },
		func(_ string, r *rooms.Room, req leaveRequest) (bus.None, error) {
			r.Leave(req.User)
			return bus.None{}, nil
		}))
	bus.Handle(c, opFill, inRoom(n, func(req fillRequest) string { return req.Room },
		func(_ string, r *rooms.Room, req fillRequest) (bus.None, error) {
			return bus.None{}, r.FillWithBot(req.Name)
		}))
	bus.Handle(c, opSubmit, inRoom(n, func(req submitRequest) string { return req.Room }, submit))
	bus.Handle(c, opVote, inRoom(n, func(req voteRequest) string { return req.Room },
		func(_ string, r *rooms.Room, req voteRequest) (bus.None, error) {
			return bus.None{}, r.VoteRematch(req.User, req.Seat)
		}))
	bus.Handle(c, opHold, inRoom(n, func(req holdRequest) string { return req.Room },
		func(_ string, r *rooms.Room, req holdRequest) (bus.None, error) {
			return bus.None{}, r.HoldClock(req.Seat, req.On)
		}))
	bus.Handle(c, opClose, inRoom(n, func(req closeRequest) string { return req.Room },
		func(_ string, r *rooms.Room, req closeRequest) (bus.None, error) {
			r.Close(req.Why)
			return bus.None{}, nil
		}))
}

// inRoom serves an operation on the room of this node that its request names.
func inRoom[Req, Rep any](n *Node, room func(Req) string, serve func(from string, r *rooms.Room, req Req) (Rep, error)) func(string, Req) (Rep, error) {
	return func(from string, req Req) (Rep, error) {
		r, ok := n.hub.Find(room(req))
		if !ok {
			var none Rep
			return none, rooms.ErrRoomClosed
		}
		return serve(from, r, req)
	}
}

// unproxy ends another node's session in a room here: it left (opDetach) or its
// connection dropped (opDrop).
func (n *Node) unproxy(end func(*rooms.Room, *rooms.Mailbox)) func(string, sessionRef) (bus.None, error) {
	return func(from string, req sessionRef) (bus.None, error) {
		n.lent.mu.Lock()
		p := n.lent.proxies[proxyKey{from, req.Session}]
		delete(n.lent.proxies, proxyKey{from, req.Session})
		n.lent.mu.Unlock()
		if p != nil {
			end(p.room, p.mb)
		}
		return bus.None{}, nil
	}
}

// attach: a session of the asking node watches or plays r; the room knows them by a
// silent mailbox here.
func (n *Node) attach(from string, r *rooms.Room, req attachRequest) (seatAnswer, error) {
	mb := rooms.NewSilentMailbox()
	n.lent.mu.Lock()
	n.lent.proxies[proxyKey{from, req.Session}] = &proxy{room: r, mb: mb}
	n.lent.mu.Unlock()
	seat, _ := r.Attach(req.User, mb)
	return seatAnswer{Seat: seat}, nil
}

func submit(_ string, r *rooms.Room, req submitRequest) (bus.None, error) {
	a, err := r.Game().Game.DecodeAction(req.Action)
	if err != nil {
		return bus.None{}, err
	}
	return bus.None{}, r.Submit(req.User, req.Seat, a)
}

// replayOf is r's game so far. A game of hidden chance in play keeps its seed: it would
// tell its dice to come. Only a mirror of the room gets it (opSync), to play the room on
// as its owner does.
func replayOf(_ string, r *rooms.Room, _ roomRef) (replayAnswer, error) {
	rp := r.Replay()
	if rp == nil {
		return replayAnswer{}, nil
	}
	if rp.Outcome == nil && !botproto.SeedPublic(r.Game().Game) {
		rp.Seed = 0
	}
	data, err := json.Marshal(rp)
	return replayAnswer{Replay: data}, err
}

// sync is what a node needs to start showing room r: the replay so far and the frame it
// leads to; from now on the room's frames go to the bus for it.
func (n *Node) sync(r *rooms.Room, node string) (syncAnswer, error) {
	n.lent.mu.Lock()
	e := n.lent.exports[r.ID()]
	if e == nil {
		e = n.newExport(r)
		n.lent.exports[r.ID()] = e
	}
	e.watchers[node] = true
	n.lent.mu.Unlock()

	snap := r.Snapshot()
	f := &frames.Frame{Scene: snap.Scene, From: snap.Moves, Clock: frames.ClockOf(snap.State)}
	var data json.RawMessage
	if rp := r.Replay(); rp != nil {
		rp.Moves = rp.Moves[:min(len(rp.Moves), snap.Moves)] // the replay may have gone further
		rp.Outcome = nil
		var err error
		if data, err = json.Marshal(rp); err != nil {
			return syncAnswer{}, err
		}
	}
	return syncAnswer{Frame: f, Replay: data}, nil
}

// export sends a room's frames to the bus while other nodes show it.
type export struct {
	n        *Node
	room     *rooms.Room
	mb       *rooms.Mailbox
	watchers map[string]bool // nodes showing the room (n.lent.mu)
	quit     chan struct{}
	ended    bool
}

// newExport starts sending r's frames. Caller holds n.lent.mu.
func (n *Node) newExport(r *rooms.Room) *export {
	e := &export{n: n, room: r, mb: rooms.NewMailbox(), watchers: map[string]bool{}, quit: make(chan struct{})}
	first := r.Observe(e.mb)
	go e.run(first.Moves)
	return e
}

func (e *export) run(sent int) {
	defer func() {
		if p := recover(); p != nil {
			e.n.log.Error("export panicked", "room", e.room.ID(), "panic", p, "stack", string(debug.Stack()))
		}
	}()
	subject := busauth.FramesSubject(e.n.cfg.Name, e.room.ID())
	for {
		select {
		case <-e.quit:
			return
		case snap := <-e.mb.C():
			f := frames.Frame{Scene: snap.Scene, From: sent, Clock: frames.ClockOf(snap.State)}
			if snap.Moves > sent {
				ms := e.room.MovesFrom(sent)
				ms = ms[:min(len(ms), snap.Moves-sent)]
				moves, err := frames.EncodeMoves(ms)
				if err != nil {
					e.n.log.Error("export: encode moves", "room", e.room.ID(), "err", err)
					continue // the next frame's mirrors see the gap and load the room again
				}
				f.Moves, sent = moves, sent+len(ms)
			}
			data, err := json.Marshal(f)
			if err != nil {
				e.n.log.Error("export: encode frame", "room", e.room.ID(), "err", err)
				continue
			}
			e.n.stats.framesOut.Add(1)
			e.n.bus.Publish(subject, data)
			if snap.Status == rooms.Closed {
				e.n.lent.mu.Lock()
				e.endLocked()
				e.n.lent.mu.Unlock()
				return
			}
		}
	}
}

// unwatchLocked: node no longer shows the room. Caller holds n.lent.mu.
func (e *export) unwatchLocked(node string) {
	delete(e.watchers, node)
	if len(e.watchers) == 0 {
		e.endLocked()
	}
}

// endLocked stops the export. Caller holds n.lent.mu.
func (e *export) endLocked() {
	if e.ended {
		return
	}
	e.ended = true
	e.room.Unobserve(e.mb)
	close(e.quit)
	if e.n.lent.exports[e.room.ID()] == e {
		delete(e.n.lent.exports, e.room.ID())
	}
}
