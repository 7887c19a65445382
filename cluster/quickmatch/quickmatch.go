// Package quickmatch is quick match over a cluster: one queue per game for all the nodes,
// kept by the oldest live node (the keeper; a node that joins later never takes it over,
// and when the keeper dies the next oldest takes it, with the tickets its followers send
// again). A follower's matchmaker sends its tickets to the keeper (matchmaker.Remote); the
// keeper seats them as its own, in a room opened where most of the players are, and tells
// each follower which room its players got. It rides on the node's heartbeats
// (cluster.Part): the keeper announces who waits.
package quickmatch

import (
	"errors"
	"fmt"
	"maps"
	"slices"
	"sync"

	"github.com/arena-classroom/arena/catalog"
	"github.com/arena-classroom/arena/cluster"
	"github.com/arena-classroom/arena/cluster/bus"
	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/matchmaker"
	"github.com/arena-classroom/arena/roomdir"
	"github.com/arena-classroom/arena/rooms"
)

// The operations of quick match: a follower to the keeper, and back (opAssigned).
var (
	opEnqueue   = bus.Op[ticket, bus.None]{Name: "enqueue", Blocks: true}
	opCancel    = bus.Op[ticketRef, cancelled]{Name: "cancel"}
	opAssigned  = bus.Op[assigned, bus.None]{Name: "assigned", Blocks: true}
	opChallenge = bus.Op[challenge, rooms.Info]{Name: "challenge", Blocks: true} // a person plays a waiting program
	// opRequeue (keeper to a node): the keeper does not know the node's tickets (it forgot
	// the node in an outage, or never knew it): they are sent again.
	opRequeue = bus.Op[requeue, bus.None]{Name: "requeue", Blocks: true}
)

// requeue asks a node to send its tickets to the keeper again: it carries nothing.
type requeue struct{}

// ticket is a ticket sent to the keeper.
type ticket struct {
	ID     uint64         `json:"id"`
	User   string         `json:"user"`
	Name   string         `json:"name"`
	Kind   rooms.SeatKind `json:"kind"`
	Game   string         `json:"game"`
	Config games.Config   `json:"config,omitempty"`
	Ctl    uint64         `json:"ctl,omitempty"` // a program's controller on the sending node
	// AnySize: a program that chose no board size (matchmaker.Ticket.AnySize).
	AnySize bool `json:"any_size,omitempty"`
}

func (t ticket) Validate() error {
	if _, ok := catalog.Get(t.Game); !ok {
		return fmt.Errorf("no game %q here", t.Game)
	}
	return checkText(t.User, t.Name)
}

type ticketRef struct {
	Ticket uint64 `json:"ticket"`
}

type cancelled struct {
	OK bool `json:"ok"` // false: it was seated meanwhile
}

// assigned tells a follower the room its ticket got, or why none.
type assigned struct {
	Ticket uint64     `json:"ticket"`
	Room   string     `json:"room,omitempty"`
	Seat   int        `json:"seat"`
	Err    *bus.Error `json:"err,omitempty"`
}

func (a assigned) Validate() error {
	if len(a.Room) > 64 {
		return fmt.Errorf("room of %d bytes", len(a.Room))
	}
	return nil
}

type challenge struct {
	Program string `json:"program"` // its Ref in the keeper's queue
	User    string `json:"user"`
	Name    string `json:"name"`
	Size    int    `json:"size,omitempty"` // the board size the person asks for (see Ticket.AnySize)
}

func (c challenge) Validate() error {
	if c.Size < 0 || c.Size > 1000 {
		return fmt.Errorf("size %d", c.Size)
	}
	if len(c.Program) > 64 {
		return fmt.Errorf("program of %d bytes", len(c.Program))
	}
	return checkText(c.User, c.Name)
}

func checkText(texts ...string) error {
	for _, t := range texts {
		if len(t) > 256 {
			return fmt.Errorf("a text of %d bytes", len(t))
		}
	}
	return nil
}

// errNotKeeper refuses a ticket sent to a node that does not keep the queues (the sender's
// view of the oldest node is behind); the sender keeps it and sends it again when it knows.
var errNotKeeper = errors.New("this node does not keep the quick match queues")

func init() { bus.Code("not_keeper", errNotKeeper) }

type ticketKey struct {
	node string
	id   uint64
}

// queue is this node's side of the cluster's quick match.
type queue struct {
	n  *cluster.Node
	mm *matchmaker.Matchmaker

	mu     sync.Mutex
	keeper string                        // the node keeping the queues
	mine   map[uint64]*matchmaker.Ticket // this node's tickets, waiting at the keeper
	ids    map[*matchmaker.Ticket]uint64
	theirs map[ticketKey]*matchmaker.Ticket // other nodes' tickets waiting here (keeper)
}

var (
	_ matchmaker.Remote = (*queue)(nil)
	_ cluster.Part      = (*queue)(nil)
)

// Serve makes mm the cluster's quick match: its queues are kept by the keeper. Call it
// before n.Serve.
func Serve(n *cluster.Node, mm *matchmaker.Matchmaker) {
	q := &queue{n: n, mm: mm, keeper: n.Name(), mine: map[uint64]*matchmaker.Ticket{},
		ids: map[*matchmaker.Ticket]uint64{}, theirs: map[ticketKey]*matchmaker.Ticket{}}
	mm.SetPlacer(n.PlaceNear)
	c := n.Bus()
	bus.Handle(c, opEnqueue, q.enqueue)
	bus.Handle(c, opCancel, q.cancel)
	bus.Handle(c, opChallenge, q.challenge)
	bus.Handle(c, opAssigned, q.assigned)
	bus.Handle(c, opRequeue, func(from string, _ requeue) (bus.None, error) {
		if from == q.keeperName() {
			q.resend()
		}
		return bus.None{}, nil
	})
	n.AddPart(q)
	q.checkKeeper()
}

// Version changes when the queues' waiting does (the keeper announces it).
func (q *queue) Version() uint64 { return q.mm.Version() }

// Announce lists the players and programs waiting, from the keeper.
func (q *queue) Announce(h *cluster.Heartbeat) {
	if q.keeperName() != q.n.Name() {
		return
	}
	h.Programs = map[string][]cluster.WaitingProgram{}
	h.Waiting = q.mm.WaitingCounts() // by game and by queue: who can be paired together
	for _, e := range catalog.All() {
		id := e.Game.ID()
		for _, p := range q.mm.WaitingPrograms(id) {
			h.Programs[id] = append(h.Programs[id], cluster.WaitingProgram{Ref: p.Ref, Name: p.Name, Config: p.Config, AnySize: p.AnySize})
		}
	}
}

// Heard: a node joined, or came back under its name: the oldest may have changed.
func (q *queue) Heard(from string, before, now *cluster.Heartbeat) {
	if before == nil || !before.Since.Equal(now.Since) {
		go q.checkKeeper()
	}
	if before == nil && q.keeperName() == q.n.Name() {
		// A node this keeper did not know: one it forgot in a bus outage that did not
		// forget it (its players wait in a queue whose keeper lost them), or a new one.
		go func() {
			if _, err := bus.Ask(q.n.Bus(), from, opRequeue, requeue{}); err != nil {
				q.n.Logger().Warn("could not tell a node to send its quick match tickets again", "peer", from, "err", err)
			}
		}()
	}
}

// Gone: the keeper may be gone; a dead node's tickets leave the queues kept here. They
// are taken off the keeper's list at once: the node, heard again, sends tickets that are
// not these.
func (q *queue) Gone(node string) {
	go q.checkKeeper()
	gone := q.takeTheirs(node)
	go func() {
		for _, t := range gone {
			q.mm.Cancel(t)
		}
	}()
}

// takeMineLocked takes this node's tickets off its list of those waiting at the keeper.
// Caller holds q.mu.
// They come in the order they were queued (their ids grow), which they keep at the keeper.
func (q *queue) takeMineLocked() []*matchmaker.Ticket {
	ids := slices.Sorted(maps.Keys(q.mine))
	mine := make([]*matchmaker.Ticket, 0, len(ids))
	for _, id := range ids {
		t := q.mine[id]
		mine = append(mine, t)
		delete(q.mine, id)
		delete(q.ids, t)
	}
	return mine
}

// resend (follower) sends this node's tickets to the keeper again, as new ones.
func (q *queue) resend() {
	q.mu.Lock()
	resend := q.takeMineLocked()
	q.mu.Unlock()
	for _, t := range resend {
		if err := q.Enqueue(t); err != nil {
			t.Deliver(matchmaker.Assignment{Err: err})
		}
	}
}

// checkKeeper follows the oldest live node's queue, or keeps the queues here.
func (q *queue) checkKeeper() {
	n := q.n
	keeper, since := n.Name(), n.Since()
	for name, h := range n.Heard() {
		if h.Since.Before(since) || h.Since.Equal(since) && name < keeper {
			keeper, since = name, h.Since
		}
	}
	q.mu.Lock()
	if q.keeper == keeper {
		q.mu.Unlock()
		return
	}
	q.keeper = keeper
	resend := q.takeMineLocked()
	q.mu.Unlock()
	n.Logger().Info("quick match kept by", "leader", keeper)
	if keeper == n.Name() {
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

func (q *queue) keeperName() string {
	q.mu.Lock()
	defer q.mu.Unlock()
	return q.keeper
}

// Enqueue sends t to the keeper's queue.
func (q *queue) Enqueue(t *matchmaker.Ticket) error {
	n := q.n
	keeper := q.keeperName()
	w := ticket{User: t.UserID, Name: t.Name, Kind: t.Kind, Game: t.Game.Game.ID(), Config: t.Config, AnySize: t.AnySize}
	if t.Controller != nil {
		w.Ctl = n.Register(t.Controller)
	}
	w.ID = n.NewID()
	q.mu.Lock()
	q.mine[w.ID], q.ids[t] = t, w.ID
	q.mu.Unlock()
	_, err := bus.Ask(n.Bus(), keeper, opEnqueue, w)
	if errors.Is(err, errNotKeeper) {
		return nil // it waits here, and goes to the keeper once this node knows which it is
	}
	if err != nil {
		q.forget(w.ID, t)
		if w.Ctl != 0 {
			n.Unregister(w.Ctl)
		}
		if errors.Is(err, bus.ErrNoAnswer) {
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

// Cancel takes t out of the keeper's queue; false if it was seated meanwhile.
func (q *queue) Cancel(t *matchmaker.Ticket) bool {
	q.mu.Lock()
	id, ok := q.ids[t]
	keeper := q.keeper
	q.mu.Unlock()
	if !ok {
		return false // seated: its assignment came, or is on its way
	}
	rep, err := bus.Ask(q.n.Bus(), keeper, opCancel, ticketRef{Ticket: id})
	if err != nil || !rep.OK {
		return false
	}
	q.forget(id, t)
	return true
}

// Waiting is the keeper's count, from its last heartbeat.
func (q *queue) Waiting(key string) int {
	if h, ok := q.n.LastHeard(q.keeperName()); ok {
		return h.Waiting[key]
	}
	return 0
}

// WaitingCounts are the keeper's counts, from its last heartbeat: a new map.
func (q *queue) WaitingCounts() map[string]int {
	counts := map[string]int{}
	if h, ok := q.n.LastHeard(q.keeperName()); ok {
		maps.Copy(counts, h.Waiting)
	}
	return counts
}

// enqueue (keeper) queues another node's ticket, and tells that node its room when the
// ticket is seated.
func (q *queue) enqueue(from string, w ticket) (bus.None, error) {
	if q.keeperName() != q.n.Name() {
		return bus.None{}, errNotKeeper
	}
	e, _ := catalog.Get(w.Game) // Validate found it
	t := &matchmaker.Ticket{UserID: w.User, Name: w.Name, Kind: w.Kind, Game: e.Entry, Config: w.Config, Origin: from, AnySize: w.AnySize && w.Kind == rooms.Remote}
	if w.Ctl != 0 {
		t.Controller = q.n.ProgramAt(from, w.Ctl)
	}
	if _, err := q.mm.Enqueue(t); err != nil {
		return bus.None{}, err
	}
	key := ticketKey{from, w.ID}
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
		msg := assigned{Ticket: w.ID, Seat: a.Seat, Err: bus.WireErr(a.Err)}
		if a.Room != nil {
			msg.Room = a.Room.ID()
		}
		if _, err := bus.Ask(q.n.Bus(), from, opAssigned, msg); err != nil {
			q.n.Logger().Warn("could not tell a node its player's room", "peer", from, "room", msg.Room, "err", err)
		}
	}()
	return bus.None{}, nil
}

// cancel (keeper) takes another node's ticket out of line.
func (q *queue) cancel(from string, ref ticketRef) (cancelled, error) {
	q.mu.Lock()
	t := q.theirs[ticketKey{from, ref.Ticket}]
	q.mu.Unlock()
	return cancelled{OK: t != nil && q.mm.Cancel(t)}, nil
}

// assigned (follower) hands a ticket of this node the room the keeper seated it in.
func (q *queue) assigned(_ string, m assigned) (bus.None, error) {
	q.mu.Lock()
	t := q.mine[m.Ticket]
	q.mu.Unlock()
	if t == nil {
		return bus.None{}, errors.New("no such ticket")
	}
	q.forget(m.Ticket, t)
	a := matchmaker.Assignment{Seat: m.Seat, Err: m.Err.Err()}
	if m.Room != "" {
		r, ok := q.n.Directory().Find(m.Room)
		if !ok {
			a.Err = fmt.Errorf("room %s was opened, but cannot be found", m.Room)
		}
		a.Room = r
	}
	t.Deliver(a)
	return bus.None{}, nil
}

// takeTheirs (keeper) takes a node's tickets off the keeper's list.
func (q *queue) takeTheirs(name string) []*matchmaker.Ticket {
	q.mu.Lock()
	defer q.mu.Unlock()
	var gone []*matchmaker.Ticket
	for key, t := range q.theirs {
		if key.node == name {
			gone = append(gone, t)
			delete(q.theirs, key)
		}
	}
	return gone
}

// WaitingPrograms (follower) is the keeper's list, from its last heartbeat.
func (q *queue) WaitingPrograms(id string) []matchmaker.WaitingProgram {
	h, ok := q.n.LastHeard(q.keeperName())
	if !ok {
		return nil
	}
	var out []matchmaker.WaitingProgram
	for _, w := range h.Programs[id] {
		out = append(out, matchmaker.WaitingProgram{Name: w.Name, Config: w.Config, AnySize: w.AnySize, Ref: w.Ref})
	}
	return out
}

// Challenge (follower) asks the keeper to seat a person of this node against a program
// waiting there; the room opens near the person.
func (q *queue) Challenge(p matchmaker.WaitingProgram, userID, name string, size int) (roomdir.Room, error) {
	info, err := bus.Ask(q.n.Bus(), q.keeperName(), opChallenge, challenge{Program: p.Ref, User: userID, Name: name, Size: size})
	if err != nil {
		return nil, err
	}
	r, ok := q.n.Directory().Find(info.ID)
	if !ok {
		return nil, fmt.Errorf("room %s was opened, but cannot be found", info.ID)
	}
	return r, nil
}

// challenge (keeper) seats another node's person against a program waiting here.
func (q *queue) challenge(from string, c challenge) (rooms.Info, error) {
	p, ok := q.mm.Program(c.Program)
	if !ok {
		return rooms.Info{}, matchmaker.ErrProgramGone
	}
	r, err := q.mm.ChallengeFrom(p, c.User, c.Name, c.Size, from)
	if err != nil {
		return rooms.Info{}, err
	}
	return r.Info(), nil
}
