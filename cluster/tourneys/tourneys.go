// Package tourneys is the tournaments of a cluster: the director that holds the lease leads
// (leases.Lead); it says so in its node's heartbeats, with the people it calls to their
// games and a count of its changes. The other nodes' directors follow: they send it what
// they are asked (director.Remote), and their programs' games are played on their own node
// when the leader places them there. It rides on the node's heartbeats (cluster.Part).
package tourneys

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/arena-classroom/arena/cluster"
	"github.com/arena-classroom/arena/cluster/bus"
	"github.com/arena-classroom/arena/roomdir"
	"github.com/arena-classroom/arena/rooms"
	"github.com/arena-classroom/arena/store"
	"github.com/arena-classroom/arena/tournament/director"
)

// The operations on the leading director, from a follower; opSeated is the leader's back.
// All may wait on the store or another node.
var (
	opControl  = bus.Op[control, bus.None]{Name: "t.control", Blocks: true}
	opRemove   = bus.Op[remove, store.Entrant]{Name: "t.remove", Blocks: true}
	opEnter    = bus.Op[enter, bus.None]{Name: "t.enter", Blocks: true}
	opReport   = bus.Op[codeRef, director.Report]{Name: "t.report", Blocks: true, Reads: true}
	opReady    = bus.Op[ready, readyAnswer]{Name: "t.ready", Blocks: true}
	opUnready  = bus.Op[ticketRef, unreadyAnswer]{Name: "t.unready", Blocks: true}
	opFinished = bus.Op[finished, bus.None]{Name: "t.finished", Blocks: true}
	opSeated   = bus.Op[seated, bus.None]{Name: "t.seated", Blocks: true} // a ready program's game, or the end
	// opLineUp (leader to follower): the leader does not know the node's programs (it forgot
	// the node in an outage, or never knew it): they line up again.
	opLineUp = bus.Op[lineUp, bus.None]{Name: "t.lineup", Blocks: true}
)

func checkText(texts ...string) error {
	for _, t := range texts {
		if len(t) > 1024 {
			return fmt.Errorf("a text of %d bytes", len(t))
		}
	}
	return nil
}

// control is a teacher's command on a tournament (director.Control).
type control struct {
	Code string `json:"code"`
	Op   string `json:"op"`
	Arg  string `json:"arg,omitempty"`
}

func (m control) Validate() error { return checkText(m.Code, m.Op, m.Arg) }

type remove struct {
	Code string `json:"code"`
	Name string `json:"name"`
}

func (m remove) Validate() error { return checkText(m.Code, m.Name) }

type enter struct {
	Code    string        `json:"code"`
	Entrant store.Entrant `json:"entrant"`
}

func (m enter) Validate() error { return checkText(m.Code, m.Entrant.Name) }

type codeRef struct {
	Code string `json:"code"`
}

func (m codeRef) Validate() error { return checkText(m.Code) }

// ready puts a follower's program in line; its controller stays on the follower.
type ready struct {
	Code    string `json:"code"`
	Entrant string `json:"entrant"`
	Ticket  uint64 `json:"ticket"`
	Ctl     uint64 `json:"ctl"`
}

func (m ready) Validate() error { return checkText(m.Code, m.Entrant) }

type readyAnswer struct {
	Missed []string `json:"missed,omitempty"`
}

type ticketRef struct {
	Ticket uint64 `json:"ticket"`
}

type unreadyAnswer struct {
	Out bool `json:"out"` // the ticket was in line, and is out of it now
}

// finished is a tournament game's result, from the node that played it.
type finished struct {
	Info rooms.Info            `json:"info"`
	Game store.TournamentEntry `json:"game"`
}

// seated tells a follower where its program plays, or that its tournament is over.
type seated struct {
	Ticket uint64 `json:"ticket"`
	Room   string `json:"room,omitempty"`
	Over   bool   `json:"over,omitempty"`
	State  string `json:"state,omitempty"`
	Again  bool   `json:"again,omitempty"` // line up again, with the director that leads now
}

func (m seated) Validate() error { return checkText(m.Room, m.State) }

// lineUp asks a follower to line its programs up again: it carries nothing.
type lineUp struct{}

type ticketKey struct {
	node string
	id   uint64
}

// tournaments is this node's side of the cluster's tournaments.
type tournaments struct {
	n *cluster.Node
	d *director.Director

	// term is when this node's director took the lead (Heartbeat.Term), while it leads.
	term atomic.Int64

	mu     sync.Mutex
	mine   map[uint64]*director.Ticket    // this node's programs waiting at the leader
	theirs map[ticketKey]*director.Ticket // other nodes' programs waiting here (leader)
}

// Leadership is how the holder of the tournaments' lease (leases.Lead) leads them, and
// stops: Serve gives it.
type Leadership struct{ t *tournaments }

// Take has this node's director lead from the lease taken at since (store.Lease.Since).
// This node's programs that waited at the leader before it line up here: that leader is
// gone or about to follow, and this node hears no other take the lead.
func (l Leadership) Take(ctx context.Context, since time.Time) error {
	l.t.term.Store(since.UnixMilli())
	err := l.t.d.Lead(ctx)
	l.t.resend()
	return err
}

// Lose has this node's director follow: another node took the lease. The programs in its
// line hear Again, the other nodes' through them (director.Follow).
func (l Leadership) Lose() {
	l.t.d.Follow()
	l.t.mu.Lock()
	clear(l.t.theirs) // those waiting were told Again; those seated ask the leader next
	l.t.mu.Unlock()
}

var _ cluster.Part = (*tournaments)(nil)

// Serve joins d to the cluster's tournaments: it places the games of the tournaments it
// leads on the nodes, and sends the leader what it is asked while it follows. d follows
// until the lease's holder leads through the Leadership.
func Serve(n *cluster.Node, d *director.Director) Leadership {
	t := &tournaments{n: n, d: d, mine: map[uint64]*director.Ticket{}, theirs: map[ticketKey]*director.Ticket{}}
	d.SetPlacer(n.PlaceGame)
	d.SetFinder(n.FindTagged)
	d.SetRemote(leader{t})
	c := n.Bus()
	bus.Handle(c, opControl, func(_ string, m control) (bus.None, error) {
		return t.withTimeout(func(ctx context.Context) error { return d.Control(ctx, m.Op, m.Code, m.Arg) })
	})
	bus.Handle(c, opRemove, func(_ string, m remove) (e store.Entrant, err error) {
		_, err = t.withTimeout(func(ctx context.Context) (err error) { e, err = d.Remove(ctx, m.Code, m.Name); return err })
		return e, err
	})
	bus.Handle(c, opEnter, func(_ string, m enter) (bus.None, error) {
		return t.withTimeout(func(ctx context.Context) error { return d.Enter(ctx, m.Code, m.Entrant) })
	})
	bus.Handle(c, opReport, func(_ string, m codeRef) (r director.Report, err error) {
		_, err = t.withTimeout(func(ctx context.Context) (err error) { r, err = d.Report(ctx, m.Code); return err })
		return r, err
	})
	bus.Handle(c, opReady, func(from string, m ready) (readyAnswer, error) {
		missed, err := t.ready(from, m)
		return readyAnswer{Missed: missed}, err
	})
	bus.Handle(c, opUnready, func(from string, m ticketRef) (unreadyAnswer, error) {
		t.mu.Lock()
		tk := t.theirs[ticketKey{from, m.Ticket}]
		delete(t.theirs, ticketKey{from, m.Ticket})
		t.mu.Unlock()
		return unreadyAnswer{Out: tk != nil && d.Unready(tk)}, nil
	})
	bus.Handle(c, opFinished, func(_ string, m finished) (bus.None, error) {
		d.Finished(m.Info, store.MatchRecord{Tournament: &m.Game})
		return bus.None{}, nil
	})
	bus.Handle(c, opSeated, func(_ string, m seated) (bus.None, error) {
		t.seated(m)
		return bus.None{}, nil
	})
	bus.Handle(c, opLineUp, func(from string, _ lineUp) (bus.None, error) {
		if from == t.leaderName() {
			t.resend()
		}
		return bus.None{}, nil
	})
	n.AddPart(t)
	return Leadership{t}
}

// withTimeout runs a director's call for another node within the bus's timeout.
func (t *tournaments) withTimeout(f func(ctx context.Context) error) (bus.None, error) {
	ctx, cancel := context.WithTimeout(context.Background(), t.n.Bus().Timeout())
	defer cancel()
	return bus.None{}, f(ctx)
}

// Version changes with the director's tournaments (the leader announces its calls).
func (t *tournaments) Version() uint64 { return t.d.Version() }

// Announce says that this node leads, and whom its director calls.
func (t *tournaments) Announce(h *cluster.Heartbeat) {
	if t.d.Leading() {
		h.Leads, h.Calls, h.Changes, h.Term = true, t.d.Calls(), t.d.Version(), t.term.Load()
	}
}

// Heard: a leader that changed something makes the standings here read again; a new
// leader gets the programs waiting here in its line. A leader restarted under its name
// (its process forgot every ticket) is a new one: the node hears it gone, then joined. So
// is a leader heard with a new term: it followed, and forgot its line, then took the lead
// again, perhaps between two of its heartbeats (this node never heard it follow).
func (t *tournaments) Heard(from string, before, now *cluster.Heartbeat) {
	wasLeading := before != nil && before.Leads
	newLeader := now.Leads && (!wasLeading || now.Term != before.Term)
	if newLeader || now.Leads && now.Changes != before.Changes {
		go t.d.Touch()
	}
	if newLeader {
		go t.resend()
	}
	if before == nil && t.d.Leading() {
		// A node this leader did not know: one it forgot in a bus outage that did not
		// forget it (its programs wait for games from this leader, whose line lost them),
		// or a new one (nothing waits there). Either way its programs line up again.
		go t.lineUp(from)
	}
}

// lineUp (leader) tells node that its programs are not in line here.
func (t *tournaments) lineUp(node string) {
	if _, err := bus.Ask(t.n.Bus(), node, opLineUp, lineUp{}); err != nil {
		t.n.Logger().Warn("could not tell a node to line its programs up again", "peer", node, "err", err)
	}
}

// Gone (leader): the programs of a node that died leave the line. They are taken out of
// the leader's own list at once: the node, heard again, lines up tickets that are not these.
func (t *tournaments) Gone(node string) {
	gone := t.takeTheirs(node)
	if len(gone) > 0 {
		// Who was waiting there, for the administrator: they line up again when their
		// programs reconnect (to a live node), or forfeit past the tournament's grace.
		who := make([]string, len(gone))
		for i, tk := range gone {
			code, entrant := tk.Code(), tk.Entrant()
			who[i] = code + ":" + entrant
		}
		slices.Sort(who)
		t.n.Logger().Warn("a node is gone: its programs leave the tournaments' line until they reconnect", "peer", node, "entrants", strings.Join(who, " "))
	}
	go func() {
		for _, tk := range gone {
			t.d.Unready(tk)
		}
	}()
}

// leaderName is the node whose director leads, "" if none is heard. Of two that say they
// lead (one took the lease, the other has not yet asked the store and learnt it lost it),
// the one with the later term holds it.
func (t *tournaments) leaderName() string {
	if t.d.Leading() {
		return t.n.Name()
	}
	best, term := "", int64(0)
	for name, h := range t.n.Heard() {
		if h.Leads && (best == "" || h.Term > term || h.Term == term && name < best) {
			best, term = name, h.Term
		}
	}
	return best
}

// leader is the leading director, as a follower asks it.
type leader struct{ t *tournaments }

var _ director.Remote = leader{}

// ask sends a request to the leader; no leader, or one that does not answer, is the
// director's own error.
func ask[Req, Rep any](t *tournaments, op bus.Op[Req, Rep], req Req) (Rep, error) {
	name := t.leaderName()
	if name == "" || name == t.n.Name() {
		var none Rep
		return none, director.ErrElsewhere
	}
	rep, err := bus.Ask(t.n.Bus(), name, op, req)
	if errors.Is(err, bus.ErrNoAnswer) {
		return rep, director.ErrUnreachable
	}
	return rep, err
}

func (l leader) Control(_ context.Context, op, code, arg string) error {
	_, err := ask(l.t, opControl, control{Code: code, Op: op, Arg: arg})
	return err
}

func (l leader) Remove(_ context.Context, code, name string) (store.Entrant, error) {
	return ask(l.t, opRemove, remove{Code: code, Name: name})
}

func (l leader) Enter(_ context.Context, code string, e store.Entrant) error {
	_, err := ask(l.t, opEnter, enter{Code: code, Entrant: e})
	return err
}

func (l leader) Report(_ context.Context, code string) (director.Report, error) {
	r, err := ask(l.t, opReport, codeRef{Code: code})
	if err != nil {
		return director.Report{}, err
	}
	return r, nil
}

// Ready puts a program of this node in line at the leader, its controller kept here.
func (l leader) Ready(tk *director.Ticket) ([]string, error) {
	t := l.t
	ctl := t.n.Register(tk.Controller())
	id := t.n.NewID()
	t.mu.Lock()
	for old, v := range t.mine { // its last game's ticket, which the leader now lets go
		if v.Code() == tk.Code() && v.Entrant() == tk.Entrant() {
			delete(t.mine, old)
		}
	}
	t.mine[id] = tk
	t.mu.Unlock()
	rep, err := ask(t, opReady, ready{Code: tk.Code(), Entrant: tk.Entrant(), Ticket: id, Ctl: ctl})
	if err != nil {
		t.mu.Lock()
		delete(t.mine, id)
		t.mu.Unlock()
		t.n.Unregister(ctl)
		return rep.Missed, err
	}
	return rep.Missed, nil
}

func (l leader) Unready(tk *director.Ticket) bool {
	t := l.t
	t.mu.Lock()
	var id uint64
	for k, v := range t.mine {
		if v == tk {
			id = k
		}
	}
	t.mu.Unlock()
	if id == 0 {
		return false
	}
	rep, err := ask(t, opUnready, ticketRef{Ticket: id})
	if err != nil {
		return false
	}
	t.mu.Lock()
	delete(t.mine, id)
	t.mu.Unlock()
	return rep.Out
}

func (l leader) Finished(info rooms.Info, rec store.MatchRecord) {
	if rec.Tournament == nil {
		return
	}
	if _, err := ask(l.t, opFinished, finished{Info: info, Game: *rec.Tournament}); err != nil {
		// The leader reads the store now and then (director's reconcile): it gets it then.
		l.t.n.Logger().Warn("could not tell the leader of a tournament result", "room", info.ID, "err", err)
	}
}

func (l leader) CallFor(person string) (director.Call, bool) {
	if h, ok := l.t.n.LastHeard(l.t.leaderName()); ok {
		c, ok := h.Calls[person]
		return c, ok
	}
	return director.Call{}, false
}

// ready (leader) puts a follower's program in line; its game is sent back when seated.
func (t *tournaments) ready(from string, m ready) ([]string, error) {
	// A ticket of this entrant from the same node is stale: that node sends a program's
	// ticket again only once its last is gone (the node restarted, or an answer was lost).
	var stale []*director.Ticket
	t.mu.Lock()
	for key, tk := range t.theirs {
		if key.node == from && tk.Code() == m.Code && tk.Entrant() == m.Entrant {
			stale = append(stale, tk)
			delete(t.theirs, key)
		}
	}
	t.mu.Unlock()
	for _, tk := range stale {
		t.d.Unready(tk)
	}
	tk, missed, err := t.d.ReadyFrom(from, m.Code, m.Entrant, t.n.ProgramAt(from, m.Ctl))
	if err != nil {
		return missed, err
	}
	key := ticketKey{from, m.Ticket}
	t.mu.Lock()
	t.theirs[key] = tk
	t.mu.Unlock()
	go func() {
		s := <-tk.Seated()
		// Seated, the ticket stays in theirs: the director holds it while the program plays
		// and until it asks again (its node's Unready, its next Ready, or the node's death
		// let it go).
		if s.Over || s.Again {
			t.mu.Lock()
			delete(t.theirs, key)
			t.mu.Unlock()
		}
		msg := seated{Ticket: m.Ticket, Over: s.Over, State: s.State, Again: s.Again}
		if s.Room != nil {
			msg.Room = s.Room.ID()
		}
		if _, err := bus.Ask(t.n.Bus(), from, opSeated, msg); err != nil {
			t.n.Logger().Warn("could not tell a node its program's tournament game", "peer", from, "err", err)
		}
	}()
	return missed, nil
}

// seated (follower) hands a program of this node its game.
func (t *tournaments) seated(m seated) {
	t.mu.Lock()
	tk := t.mine[m.Ticket]
	if m.Room == "" {
		delete(t.mine, m.Ticket) // kept while seated: the session lets it go (Unready)
	}
	t.mu.Unlock()
	if tk == nil {
		return
	}
	s := director.Seating{Over: m.Over, State: m.State, Again: m.Again}
	if m.Room != "" {
		r, ok := t.findRoom(m.Room)
		if !ok {
			// The room is over and gone already: the message came late (a bus outage held
			// it back) and the game was played meanwhile, its program seated by the room
			// itself; or it is lost, and the leader plays it again. Either way the program
			// lines up for its next game. Dropped, it waited for ever, and the tournament
			// with it.
			t.n.Logger().Info("a program's tournament room is gone before its seat was told: the program lines up again", "room", m.Room)
			t.mu.Lock()
			delete(t.mine, m.Ticket)
			t.mu.Unlock()
			tk.Seat(director.Seating{Again: true})
			return
		}
		s.Room = r
	}
	tk.Seat(s)
}

// findRoom finds a tournament's room, waiting a few heartbeats for one of another node that
// this node has not heard of yet.
func (t *tournaments) findRoom(id string) (roomdir.Room, bool) {
	for try := 0; ; try++ {
		if r, ok := t.n.Directory().Find(id); ok {
			return r, true
		}
		if try == 30 {
			return nil, false
		}
		time.Sleep(100 * time.Millisecond) // a heartbeat brings it, or it is gone
	}
}

// takeTheirs (leader) takes the tickets of a node's programs off the leader's list.
func (t *tournaments) takeTheirs(name string) []*director.Ticket {
	t.mu.Lock()
	defer t.mu.Unlock()
	var gone []*director.Ticket
	for key, tk := range t.theirs {
		if key.node == name {
			gone = append(gone, tk)
			delete(t.theirs, key)
		}
	}
	return gone
}

// resend (follower): the programs waiting at a leader that is gone line up again, at the
// new one, through their sessions (which wait for it as for any leader that restarts).
func (t *tournaments) resend() {
	t.mu.Lock()
	waiting := make([]*director.Ticket, 0, len(t.mine))
	for id, tk := range t.mine {
		waiting = append(waiting, tk)
		delete(t.mine, id)
	}
	t.mu.Unlock()
	for _, tk := range waiting {
		tk.Seat(director.Seating{Again: true})
	}
}
