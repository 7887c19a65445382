package cluster

import (
	"encoding/json"
	"errors"
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
			rep = reply{Err: failure("the server running this room failed; try again")}
		}
		data, _ := json.Marshal(rep)
		if err := m.Respond(data); err != nil {
			n.log.Debug("respond", "err", err)
		}
	}()
	from, ok := busauth.Sender(m.Subject)
	if !ok || !n.accept(kindRequest, m) {
		rep.Err = failure("malformed request")
		return
	}
	if err := json.Unmarshal(m.Data, &req); err != nil {
		n.reject(kindRequest, "malformed")
		rep.Err = failure("malformed request")
		return
	}
	if req.Proto != busauth.Proto {
		n.reject(kindRequest, "another protocol")
		rep.Err = failure("this node speaks version %d of the bus protocol, not %d", busauth.Proto, req.Proto)
		return
	}
	if err := req.validate(); err != nil {
		n.reject(kindRequest, err.Error())
		rep.Err = wireErr(err)
		return
	}
	req.From = from // who asks is who the bus let publish on this subject
	n.stats.served.Add(1)
	rep = n.handleOnce(req)
}

// handler serves one operation of the bus protocol.
type handler struct {
	// blocks: the answer may wait on another node (a tournament's leader, the queues'
	// keeper, the asking node itself): served on a goroutine of its own, so that two
	// nodes asking each other never wait on each other. The others answer from this
	// node's memory at once, in the order they came (a player's keys stay in order).
	blocks bool
	// reads: the operation changes nothing, so a request sent again is simply served
	// again; the others' answers are remembered for a request sent again (outage.go).
	reads bool
	serve func(n *Node, req request) reply
}

// handlers is the table of operations, each with whether it may block. It is the one
// place an operation is added (docs/architecture.md lists it).
var handlers map[string]handler

func init() {
	tournament := handler{blocks: true, serve: (*Node).serveTournament}
	handlers = map[string]handler{
		opPing:   {reads: true, serve: func(*Node, request) reply { return reply{OK: true} }},
		opSeatOf: {reads: true, serve: (*Node).seatOf},
		opDetach: {serve: (*Node).unproxy},
		opDrop:   {serve: (*Node).unproxy},
		opCreate: {serve: func(n *Node, req request) reply { return n.create(req.From, req.Create) }},
		opUnwatch: {serve: func(n *Node, req request) reply {
			n.lent.mu.Lock()
			defer n.lent.mu.Unlock()
			if e := n.lent.exports[req.Room]; e != nil {
				e.unwatchLocked(req.From)
			}
			return reply{}
		}},
		// Quick match: a follower to the queues' keeper, and back.
		opEnqueue:   {blocks: true, serve: queued(func(q *queue, req request) reply { return q.enqueue(req.From, req.Enqueue) })},
		opCancel:    {serve: queued(func(q *queue, req request) reply { return q.cancel(req.From, req.Ticket) })},
		opChallenge: {blocks: true, serve: queued(func(q *queue, req request) reply { return q.challenge(req.From, req) })},
		opAssigned:  {blocks: true, serve: queued(func(q *queue, req request) reply { return q.assigned(req) })},
		// Tournaments: a follower to the leader, and the leader back (opTSeated).
		opTControl: tournament, opTRemove: tournament, opTEnter: tournament,
		opTReport: {blocks: true, reads: true, serve: (*Node).serveTournament},
		opTReady:  tournament, opTUnready: tournament, opTFinished: tournament, opTSeated: tournament,
		// A room of this node, by its id.
		opFind:   {reads: true, serve: inRoom(roomInfo)},
		opInfo:   {reads: true, serve: inRoom(roomInfo)},
		opSync:   {reads: true, serve: inRoom(func(n *Node, r *rooms.Room, req request) reply { return n.sync(r, req.From) })},
		opAttach: {serve: inRoom((*Node).attach)},
		opJoin: {serve: inRoom(func(_ *Node, r *rooms.Room, req request) reply {
			seat, err := r.Join(req.User, req.Name)
			return reply{Seat: seat, Err: wireErr(err)}
		})},
		opLeave: {serve: inRoom(func(_ *Node, r *rooms.Room, req request) reply { r.Leave(req.User); return reply{} })},
		opFill: {serve: inRoom(func(_ *Node, r *rooms.Room, req request) reply {
			return reply{Err: wireErr(r.FillWithBot(req.Name))}
		})},
		opSubmit: {serve: inRoom(submit)},
		opAnswer: {serve: inRoom((*Node).answer)},
		opResign: {serve: inRoom((*Node).resign)},
		opVote: {serve: inRoom(func(_ *Node, r *rooms.Room, req request) reply {
			return reply{Err: wireErr(r.VoteRematch(req.User, req.Seat))}
		})},
		opHold: {serve: inRoom(func(_ *Node, r *rooms.Room, req request) reply {
			return reply{Err: wireErr(r.HoldClock(req.Seat, req.On))}
		})},
		opClose:  {serve: inRoom(func(_ *Node, r *rooms.Room, req request) reply { r.Close(req.Why); return reply{} })},
		opReplay: {reads: true, serve: inRoom(replayOf)},
	}
}

// request takes one request off the bus.
func (n *Node) request(m *nats.Msg) {
	var peek struct {
		Op string `json:"op"`
	}
	if json.Unmarshal(m.Data, &peek) == nil && handlers[peek.Op].blocks {
		go n.serveRequest(m)
		return
	}
	n.serveRequest(m)
}

func (n *Node) handle(req request) reply {
	h, ok := handlers[req.Op]
	if !ok {
		return reply{Err: failure("unknown operation %q", req.Op)}
	}
	return h.serve(n, req)
}

// inRoom serves an operation on the room of this node that req names.
func inRoom(serve func(n *Node, r *rooms.Room, req request) reply) func(*Node, request) reply {
	return func(n *Node, req request) reply {
		r, ok := n.hub.Find(req.Room)
		if !ok {
			return reply{Err: wireErr(rooms.ErrRoomClosed)}
		}
		return serve(n, r, req)
	}
}

// queued serves an operation of the cluster's quick match.
func queued(serve func(q *queue, req request) reply) func(*Node, request) reply {
	return func(n *Node, req request) reply {
		q := n.queueOf()
		if q == nil {
			return reply{Err: failure("quick match is not served on this node")}
		}
		return serve(q, req)
	}
}

func roomInfo(_ *Node, r *rooms.Room, _ request) reply {
	info := r.Info()
	return reply{Info: &info}
}

func (n *Node) seatOf(req request) reply {
	r, ok := n.hub.SeatOf(req.User)
	if !ok {
		return reply{Err: wireErr(rooms.ErrNotSeated)}
	}
	info := r.Info()
	return reply{Info: &info}
}

// unproxy ends another node's session in a room here: it left (opDetach) or its
// connection dropped (opDrop).
func (n *Node) unproxy(req request) reply {
	n.lent.mu.Lock()
	p := n.lent.proxies[proxyKey{req.From, req.Session}]
	delete(n.lent.proxies, proxyKey{req.From, req.Session})
	n.lent.mu.Unlock()
	switch {
	case p == nil:
	case req.Op == opDetach:
		p.room.Detach(p.mb)
	default:
		p.room.Drop(p.mb)
	}
	return reply{}
}

// attach: a session of the asking node watches or plays r; the room knows them by a
// silent mailbox here.
func (n *Node) attach(r *rooms.Room, req request) reply {
	mb := rooms.NewSilentMailbox()
	n.lent.mu.Lock()
	n.lent.proxies[proxyKey{req.From, req.Session}] = &proxy{room: r, mb: mb}
	n.lent.mu.Unlock()
	seat, _ := r.Attach(req.User, mb)
	return reply{Seat: seat}
}

func submit(_ *Node, r *rooms.Room, req request) reply {
	a, err := r.Game().Game.DecodeAction(req.Action)
	if err != nil {
		return reply{Err: wireErr(err)}
	}
	return reply{Err: wireErr(r.Submit(req.User, req.Seat, a))}
}

func (n *Node) answer(r *rooms.Room, req request) reply {
	if !n.seatedFrom(r, req.Seat, req.From) {
		return reply{Err: wireErr(errNotYourSeat)}
	}
	a, err := r.Game().Game.DecodeAction(req.Action)
	if err != nil {
		return reply{Err: wireErr(err)}
	}
	return reply{OK: r.Answer(req.Seat, req.Turn, a)}
}

func (n *Node) resign(r *rooms.Room, req request) reply {
	if !n.seatedFrom(r, req.Seat, req.From) {
		return reply{Err: wireErr(errNotYourSeat)}
	}
	r.Resign(req.Seat)
	return reply{}
}

// replayOf is r's game so far. A game of hidden chance in play keeps its seed: it would
// tell its dice to come. Only a mirror of the room gets it (opSync), to play the room on
// as its owner does.
func replayOf(_ *Node, r *rooms.Room, _ request) reply {
	rp := r.Replay()
	if rp == nil {
		return reply{}
	}
	if rp.Outcome == nil && !botproto.SeedPublic(r.Game().Game) {
		rp.Seed = 0
	}
	data, err := json.Marshal(rp)
	return reply{Replay: data, Err: wireErr(err)}
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
	n.lent.mu.Lock()
	e := n.lent.exports[r.ID()]
	if e == nil {
		e = n.newExport(r)
		n.lent.exports[r.ID()] = e
	}
	e.watchers[node] = true
	n.lent.mu.Unlock()

	snap := r.Snapshot()
	f := &frame{Scene: snap.Scene, From: snap.Moves, Clock: clockOf(snap.State)}
	var data json.RawMessage
	if rp := r.Replay(); rp != nil {
		rp.Moves = rp.Moves[:min(len(rp.Moves), snap.Moves)] // the replay may have gone further
		rp.Outcome = nil
		var err error
		if data, err = json.Marshal(rp); err != nil {
			return reply{Err: wireErr(err)}
		}
	}
	return reply{Frame: f, Replay: data}
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
