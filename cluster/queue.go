package cluster

import (
	"errors"
	"fmt"
	"sync"

	"github.com/arena-classroom/arena/catalog"
	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/matchmaker"
	"github.com/arena-classroom/arena/roomdir"
	"github.com/arena-classroom/arena/rooms"
)

// Quick match over a cluster: one queue per game for all the nodes, kept by the oldest live
// node (the leader; a node that joins later never takes it over, and when the leader dies
// the next oldest takes it, with the tickets its followers send again). A follower's
// matchmaker sends its tickets to the leader (matchmaker.Remote); the leader seats them as
// its own, in a room opened where most of the players are, and tells each follower which
// room its players got.

// queue is this node's side of the cluster's quick match.
type queue struct {
	n  *Node
	mm *matchmaker.Matchmaker

	mu     sync.Mutex
	leader string                        // the node keeping the queues
	mine   map[uint64]*matchmaker.Ticket // this node's tickets, waiting at the leader
	ids    map[*matchmaker.Ticket]uint64
	theirs map[proxyKey]*matchmaker.Ticket // other nodes' tickets waiting here (leader)
}

var _ matchmaker.Remote = (*queue)(nil)

// wireTicket is a ticket sent to the leader.
type wireTicket struct {
	ID     uint64         `json:"id"`
	User   string         `json:"user"`
	Name   string         `json:"name"`
	Kind   rooms.SeatKind `json:"kind"`
	Game   string         `json:"game"`
	Config games.Config   `json:"config,omitempty"`
	Ctl    uint64         `json:"ctl,omitempty"` // a program's controller on the sending node
}

// ServeQueue makes mm the cluster's quick match: its queues are kept by the leader.
func (n *Node) ServeQueue(mm *matchmaker.Matchmaker) {
	q := &queue{n: n, mm: mm, leader: n.cfg.Name, mine: map[uint64]*matchmaker.Ticket{},
		ids: map[*matchmaker.Ticket]uint64{}, theirs: map[proxyKey]*matchmaker.Ticket{}}
	mm.SetPlacer(n.place)
	n.mu.Lock()
	n.queue = q
	n.mu.Unlock()
	n.checkLeader()
}

// checkLeader follows the oldest live node's queue, or keeps the queues here.
func (n *Node) checkLeader() {
	n.mu.Lock()
	q := n.queue
	leader, since := n.cfg.Name, n.since
	for name, p := range n.peers {
		if p.since.Before(since) || p.since.Equal(since) && name < leader {
			leader, since = name, p.since
		}
	}
	n.mu.Unlock()
	if q == nil {
		return
	}
	q.mu.Lock()
	if q.leader == leader {
		q.mu.Unlock()
		return
	}
	q.leader = leader
	resend := make([]*matchmaker.Ticket, 0, len(q.mine))
	for id, t := range q.mine {
		resend = append(resend, t)
		delete(q.mine, id)
		delete(q.ids, t)
	}
	q.mu.Unlock()
	n.log.Info("quick match kept by", "leader", leader)
	if leader == n.cfg.Name {
		q.mm.SetRemote(nil)
		for _, t := range resend {
			q.mm.Requeue(t)
		}
		return
	}
	for _, t := range q.mm.SetRemote(q) {
		if t.Origin != "" {
			// Another node's ticket, sent here while this node took itself for the
			// keeper: that node sends it to the keeper itself.
			t.Deliver(matchmaker.Assignment{Err: matchmaker.ErrCancelled})
			continue
		}
		resend = append(resend, t)
	}
	for _, t := range resend {
		if err := q.Enqueue(t); err != nil {
			t.Deliver(matchmaker.Assignment{Err: err})
		}
	}
}

// errNotKeeper refuses a ticket sent to a node that does not keep the queues (the sender's
// view of the oldest node is behind); the sender keeps it and sends it again when it knows.
var errNotKeeper = errors.New("this node does not keep the quick match queues")

func (q *queue) leaderName() string {
	q.mu.Lock()
	defer q.mu.Unlock()
	return q.leader
}

// Enqueue sends t to the leader's queue.
func (q *queue) Enqueue(t *matchmaker.Ticket) error {
	n := q.n
	leader := q.leaderName()
	w := wireTicket{User: t.UserID, Name: t.Name, Kind: t.Kind, Game: t.Game.Game.ID(), Config: t.Config}
	if t.Controller != nil {
		w.Ctl = n.register(t.Controller, "")
	}
	w.ID = n.ids.Add(1)
	q.mu.Lock()
	q.mine[w.ID], q.ids[t] = t, w.ID
	q.mu.Unlock()
	_, err := n.ask(leader, request{Op: opEnqueue, Enqueue: &w})
	if errors.Is(err, errNotKeeper) {
		return nil // it waits here, and goes to the keeper once this node knows which it is
	}
	if err != nil {
		q.forget(w.ID, t)
		if w.Ctl != 0 {
			n.unregister(w.Ctl)
		}
		if errors.Is(err, errNoAnswer) {
			return errors.New("quick match is kept by another server of the arena, which does not answer: try again in a moment")
		}
		return err
	}
	return nil
}

func (q *queue) forget(id uint64, t *matchmaker.Ticket) {
	q.mu.Lock()
	defer q.mu.Unlock()
	delete(q.mine, id)
	delete(q.ids, t)
}

// Cancel takes t out of the leader's queue; false if it was seated meanwhile.
func (q *queue) Cancel(t *matchmaker.Ticket) bool {
	q.mu.Lock()
	id, ok := q.ids[t]
	leader := q.leader
	q.mu.Unlock()
	if !ok {
		return false // seated: its assignment came, or is on its way
	}
	rep, err := q.n.ask(leader, request{Op: opCancel, Ticket: id})
	if err != nil || !rep.OK {
		return false
	}
	q.forget(id, t)
	return true
}

// Waiting is the leader's count, from its last heartbeat.
func (q *queue) Waiting(id string) int {
	leader := q.leaderName()
	q.n.mu.Lock()
	defer q.n.mu.Unlock()
	if p := q.n.peers[leader]; p != nil {
		return p.waiting[id]
	}
	return 0
}

// enqueue (leader) queues another node's ticket, and tells that node its room when the
// ticket is seated.
func (q *queue) enqueue(from string, w *wireTicket) reply {
	if q.leaderName() != q.n.cfg.Name {
		return reply{Err: wireErr(errNotKeeper)}
	}
	if w == nil {
		return reply{Err: failure("malformed ticket: none")}
	}
	e, ok := catalog.Get(w.Game)
	if !ok {
		return reply{Err: failure("no game %q here", w.Game)}
	}
	t := &matchmaker.Ticket{UserID: w.User, Name: w.Name, Kind: w.Kind, Game: e.Entry, Config: w.Config, Origin: from}
	if w.Ctl != 0 {
		t.Controller = busController{n: q.n, node: from, id: w.Ctl}
	}
	if _, err := q.mm.Enqueue(t); err != nil {
		return reply{Err: wireErr(err)}
	}
	key := proxyKey{from, w.ID}
	q.mu.Lock()
	q.theirs[key] = t
	q.mu.Unlock()
	go func() {
		a := <-t.Done()
		q.mu.Lock()
		delete(q.theirs, key)
		q.mu.Unlock()
		if errors.Is(a.Err, matchmaker.ErrCancelled) {
			return
		}
		req := request{Op: opAssigned, Ticket: w.ID, Seat: a.Seat, Err: wireErr(a.Err)}
		if a.Room != nil {
			req.Room = a.Room.ID()
		}
		if _, err := q.n.ask(from, req); err != nil {
			q.n.log.Warn("could not tell a node its player's room", "peer", from, "room", req.Room, "err", err)
		}
	}()
	return reply{}
}

// cancel (leader) takes another node's ticket out of line.
func (q *queue) cancel(from string, id uint64) reply {
	q.mu.Lock()
	t := q.theirs[proxyKey{from, id}]
	q.mu.Unlock()
	return reply{OK: t != nil && q.mm.Cancel(t)}
}

// assigned (follower) hands a ticket of this node the room the leader seated it in.
func (q *queue) assigned(req request) reply {
	q.mu.Lock()
	t := q.mine[req.Ticket]
	q.mu.Unlock()
	if t == nil {
		return reply{Err: failure("no such ticket")}
	}
	q.forget(req.Ticket, t)
	a := matchmaker.Assignment{Seat: req.Seat, Err: req.Err.err()}
	if req.Room != "" {
		r, ok := q.n.Directory().Find(req.Room)
		if !ok {
			a.Err = fmt.Errorf("room %s was opened, but cannot be found", req.Room)
		}
		a.Room = r
	}
	t.Deliver(a)
	return reply{}
}

// forgetNode (leader) takes a dead node's tickets out of line.
func (q *queue) forgetNode(name string) {
	q.mu.Lock()
	var gone []*matchmaker.Ticket
	for key, t := range q.theirs {
		if key.node == name {
			gone = append(gone, t)
		}
	}
	q.mu.Unlock()
	for _, t := range gone {
		q.mm.Cancel(t)
	}
}

// place opens a quick match's room on the node with most of its players (the first
// player's on a tie), this one if that node is gone.
func (n *Node) place(spec rooms.Spec, origins []string) (roomdir.Room, error) {
	count := map[string]int{}
	best := ""
	for _, o := range origins {
		if o == "" {
			o = n.cfg.Name
		}
		count[o]++
		if best == "" || count[o] > count[best] {
			best = o
		}
	}
	n.mu.Lock()
	_, alive := n.peers[best]
	n.mu.Unlock()
	if best == "" || !alive {
		best = n.cfg.Name
	}
	return n.CreateOn(best, spec)
}

// wireProgram is a program waiting in the leader's queues, as its heartbeat lists them.
type wireProgram struct {
	Ref    string       `json:"ref"`
	Name   string       `json:"name"`
	Config games.Config `json:"config,omitempty"`
}

// programs (leader) lists the programs waiting, by game, for the heartbeat.
func (q *queue) programs() map[string][]wireProgram {
	out := map[string][]wireProgram{}
	for _, e := range catalog.All() {
		for _, p := range q.mm.WaitingPrograms(e.Game.ID()) {
			out[e.Game.ID()] = append(out[e.Game.ID()], wireProgram{Ref: p.Ref, Name: p.Name, Config: p.Config})
		}
	}
	return out
}

// WaitingPrograms (follower) is the leader's list, from its last heartbeat.
func (q *queue) WaitingPrograms(id string) []matchmaker.WaitingProgram {
	leader := q.leaderName()
	q.n.mu.Lock()
	defer q.n.mu.Unlock()
	p := q.n.peers[leader]
	if p == nil {
		return nil
	}
	var out []matchmaker.WaitingProgram
	for _, w := range p.programs[id] {
		out = append(out, matchmaker.WaitingProgram{Name: w.Name, Config: w.Config, Ref: w.Ref})
	}
	return out
}

// Challenge (follower) asks the leader to seat a person of this node against a program
// waiting there; the room opens near the person.
func (q *queue) Challenge(p matchmaker.WaitingProgram, userID, name string) (roomdir.Room, error) {
	rep, err := q.n.ask(q.leaderName(), request{Op: opChallenge, Program: p.Ref, User: userID, Name: name})
	if err != nil {
		return nil, err
	}
	if rep.Info == nil {
		return nil, matchmaker.ErrProgramGone
	}
	r, ok := q.n.Directory().Find(rep.Info.ID)
	if !ok {
		return nil, fmt.Errorf("room %s was opened, but cannot be found", rep.Info.ID)
	}
	return r, nil
}

// challenge (leader) seats another node's person against a program waiting here.
func (q *queue) challenge(from string, req request) reply {
	p, ok := q.mm.Program(req.Program)
	if !ok {
		return reply{Err: wireErr(matchmaker.ErrProgramGone)}
	}
	r, err := q.mm.ChallengeFrom(p, req.User, req.Name, from)
	if err != nil {
		return reply{Err: wireErr(err)}
	}
	info := r.Info()
	return reply{Info: &info}
}
