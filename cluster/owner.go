package cluster

import (
	"encoding/json"
	"errors"
	"fmt"
	"runtime/debug"

	"github.com/nats-io/nats.go"

	"github.com/arena-classroom/arena/botproto"
	"github.com/arena-classroom/arena/cluster/busauth"

	"github.com/arena-classroom/arena/rooms"
)

// serveRequest answers another node about one of this node's rooms. Requests from one node
// are served in order (a player's keys stay in order); none blocks for long.
func (n *Node) serveRequest(m *nats.Msg) {
	var req request
	var rep reply
	defer func() {
		if p := recover(); p != nil {
			n.log.Error("request panicked", "op", req.Op, "room", req.Room, "panic", p, "stack", string(debug.Stack()))
			rep = reply{Err: "the server running this room failed; try again"}
		}
		data, _ := json.Marshal(rep)
		if err := m.Respond(data); err != nil {
			n.log.Debug("respond", "err", err)
		}
	}()
	from, ok := busauth.Sender(m.Subject)
	if !ok || !n.accept(kindRequest, m) {
		rep.Err = "malformed request"
		return
	}
	if err := json.Unmarshal(m.Data, &req); err != nil {
		n.reject(kindRequest, "malformed")
		rep.Err = "malformed request"
		return
	}
	if req.Proto != busauth.Proto {
		n.reject(kindRequest, "another protocol")
		rep.Err = fmt.Sprintf("this node speaks version %d of the bus protocol, not %d", busauth.Proto, req.Proto)
		return
	}
	if err := req.validate(); err != nil {
		n.reject(kindRequest, err.Error())
		rep.Err = err.Error()
		return
	}
	req.From = from // who asks is who the bus let publish on this subject
	n.stats.served.Add(1)
	rep = n.handleOnce(req)
}

// slow are the requests whose answer may wait on another node: they are served on a
// goroutine of their own, so that two nodes asking each other never wait on each other.
var slow = map[string]bool{opEnqueue: true, opAssigned: true, opChallenge: true, opTControl: true, opTRemove: true, opTEnter: true,
	opTReport: true, opTReady: true, opTUnready: true, opTFinished: true, opTSeated: true}

// request takes one request off the bus.
func (n *Node) request(m *nats.Msg) {
	var peek struct {
		Op string `json:"op"`
	}
	if json.Unmarshal(m.Data, &peek) == nil && slow[peek.Op] {
		go n.serveRequest(m)
		return
	}
	n.serveRequest(m)
}

func (n *Node) handle(req request) reply {
	switch req.Op {
	case opPing:
		return reply{OK: true}
	case opSeatOf:
		r, ok := n.hub.SeatOf(req.User)
		if !ok {
			return reply{Err: rooms.ErrNotSeated.Error()}
		}
		info := r.Info()
		return reply{Info: &info}
	case opDetach, opDrop:
		n.mu.Lock()
		p := n.proxies[proxyKey{req.From, req.Session}]
		delete(n.proxies, proxyKey{req.From, req.Session})
		n.mu.Unlock()
		if p != nil {
			if req.Op == opDetach {
				p.room.Detach(p.mb)
			} else {
				p.room.Drop(p.mb)
			}
		}
		return reply{}
	case opCreate:
		return n.create(req.From, req.Spec)
	case opTControl, opTRemove, opTEnter, opTReport, opTReady, opTUnready, opTFinished, opTSeated:
		return n.serveTournament(req)
	case opEnqueue, opCancel, opAssigned, opChallenge:
		q := n.queueOf()
		switch {
		case q == nil:
			return reply{Err: "quick match is not served on this node"}
		case req.Op == opEnqueue:
			return q.enqueue(req.From, req.Spec)
		case req.Op == opCancel:
			return q.cancel(req.From, req.Session)
		case req.Op == opChallenge:
			return q.challenge(req.From, req)
		default:
			return q.assigned(req)
		}
	case opUnwatch:
		n.mu.Lock()
		if e := n.exports[req.Room]; e != nil {
			e.unwatch(req.From)
		}
		n.mu.Unlock()
		return reply{}
	}
	r, ok := n.hub.Find(req.Room)
	if !ok {
		return reply{Err: rooms.ErrRoomClosed.Error()}
	}
	switch req.Op {
	case opFind, opInfo:
		info := r.Info()
		return reply{Info: &info}
	case opSync:
		return n.sync(r, req.From)
	case opAttach:
		mb := rooms.NewSilentMailbox()
		n.mu.Lock()
		n.proxies[proxyKey{req.From, req.Session}] = &proxy{room: r, mb: mb}
		n.mu.Unlock()
		seat, _ := r.Attach(req.User, mb)
		return reply{Seat: seat}
	case opJoin:
		seat, err := r.Join(req.User, req.Name)
		return reply{Seat: seat, Err: errorText(err)}
	case opLeave:
		r.Leave(req.User)
		return reply{}
	case opFill:
		return reply{Err: errorText(r.FillWithBot(req.Name))}
	case opSubmit:
		a, err := r.Game().Game.DecodeAction(req.Action)
		if err != nil {
			return reply{Err: err.Error()}
		}
		return reply{Err: errorText(r.Submit(req.User, req.Seat, a))}
	case opAnswer:
		if !n.seatedFrom(r, req.Seat, req.From) {
			return reply{Err: errNotYourSeat.Error()}
		}
		a, err := r.Game().Game.DecodeAction(req.Action)
		if err != nil {
			return reply{Err: err.Error()}
		}
		return reply{OK: r.Answer(req.Seat, req.Turn, a)}
	case opResign:
		if !n.seatedFrom(r, req.Seat, req.From) {
			return reply{Err: errNotYourSeat.Error()}
		}
		r.Resign(req.Seat)
		return reply{}
	case opVote:
		return reply{Err: errorText(r.VoteRematch(req.User, req.Seat))}
	case opHold:
		return reply{Err: errorText(r.HoldClock(req.Seat, req.On))}
	case opClose:
		r.Close(req.Why)
		return reply{}
	case opReplay:
		rp := r.Replay()
		if rp == nil {
			return reply{}
		}
		if rp.Outcome == nil && !botproto.SeedPublic(r.Game().Game) {
			// A game of hidden chance in play: its seed would tell its dice to come. Only a
			// mirror of the room gets it (opSync), to play the room on as its owner does.
			rp.Seed = 0
		}
		data, err := json.Marshal(rp)
		return reply{Replay: data, Err: errorText(err)}
	}
	return reply{Err: fmt.Sprintf("unknown operation %q", req.Op)}
}

var errNotYourSeat = errors.New("this seat's program is not connected to the asking node")

// seatedFrom reports whether seat's program is connected to node: only that node speaks
// for it (its answers, its resignation).
func (n *Node) seatedFrom(r *rooms.Room, seat int, node string) bool {
	bc, ok := r.ControllerOf(seat).(busController)
	return ok && bc.node == node
}

// sync is what a node needs to start showing room r: the replay so far and the frame it
// leads to; from now on the room's frames go to the bus for it.
func (n *Node) sync(r *rooms.Room, node string) reply {
	n.mu.Lock()
	e := n.exports[r.ID()]
	if e == nil {
		e = n.newExport(r)
		n.exports[r.ID()] = e
	}
	e.watchers[node] = true
	n.mu.Unlock()

	snap := r.Snapshot()
	f := &frame{Scene: snap.Scene, From: snap.Moves, Clock: clockOf(snap.State)}
	var data json.RawMessage
	if rp := r.Replay(); rp != nil {
		rp.Moves = rp.Moves[:min(len(rp.Moves), snap.Moves)] // the replay may have gone further
		rp.Outcome = nil
		var err error
		if data, err = json.Marshal(rp); err != nil {
			return reply{Err: err.Error()}
		}
	}
	return reply{Frame: f, Replay: data}
}

// export sends a room's frames to the bus while other nodes show it.
type export struct {
	n        *Node
	room     *rooms.Room
	mb       *rooms.Mailbox
	watchers map[string]bool // nodes showing the room (n.mu)
	quit     chan struct{}
	ended    bool
}

// newExport starts sending r's frames. Caller holds n.mu.
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
			f := frame{Scene: snap.Scene, From: sent, Clock: clockOf(snap.State)}
			if snap.Moves > sent {
				ms := e.room.MovesFrom(sent)
				ms = ms[:min(len(ms), snap.Moves-sent)]
				moves, err := encodeMoves(ms)
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
			e.n.publish(subject, data)
			if snap.Status == rooms.Closed {
				e.n.mu.Lock()
				e.endLocked()
				e.n.mu.Unlock()
				return
			}
		}
	}
}

// unwatch: node no longer shows the room. Caller holds n.mu.
func (e *export) unwatch(node string) {
	delete(e.watchers, node)
	if len(e.watchers) == 0 {
		e.endLocked()
	}
}

func (e *export) end() { e.endLocked() }

// endLocked stops the export. Caller holds n.mu.
func (e *export) endLocked() {
	if e.ended {
		return
	}
	e.ended = true
	e.room.Unobserve(e.mb)
	close(e.quit)
	if e.n.exports[e.room.ID()] == e {
		delete(e.n.exports, e.room.ID())
	}
}
