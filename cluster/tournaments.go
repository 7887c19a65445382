package cluster

import (
	"context"
	"errors"
	"strings"
	"sync"

	"github.com/arena-classroom/arena/roomdir"
	"github.com/arena-classroom/arena/rooms"
	"github.com/arena-classroom/arena/store"
	"github.com/arena-classroom/arena/tournament/director"
)

// Tournaments over a cluster: the director that holds the lease leads (see Lead); it says
// so in its heartbeats, with the people it calls to their games and a count of its changes.
// The others' directors follow: they send it what they are asked (director.Remote), and
// their programs' games are played on their own node when the leader places them there.

// Operations on the leading director.
const (
	opTControl  = "t.control"
	opTRemove   = "t.remove"
	opTEnter    = "t.enter"
	opTReport   = "t.report"
	opTReady    = "t.ready"
	opTUnready  = "t.unready"
	opTFinished = "t.finished"
	opTSeated   = "t.seated" // leader → follower: a ready program's game, or the end
)

// tournamentMsg is what a follower sends the leader about tournaments, and back.
type tournamentMsg struct {
	Op      string                   `json:"op,omitempty"`
	Code    string                   `json:"code,omitempty"`
	Arg     string                   `json:"arg,omitempty"`
	Entrant *store.Entrant           `json:"entrant,omitempty"`
	Ticket  uint64                   `json:"ticket,omitempty"`
	Ctl     uint64                   `json:"ctl,omitempty"`
	Info    *rooms.Info              `json:"info,omitempty"`
	Game    *store.TournamentEntry   `json:"game,omitempty"`
	Seating *wireSeating             `json:"seating,omitempty"`
	Report  *director.Report         `json:"report,omitempty"`
	Missed  []string                 `json:"missed,omitempty"`
	Calls   map[string]director.Call `json:"calls,omitempty"`
}

type wireSeating struct {
	Room  string `json:"room,omitempty"`
	Over  bool   `json:"over,omitempty"`
	State string `json:"state,omitempty"`
}

// tournaments is this node's side of the cluster's tournaments.
type tournaments struct {
	n *Node
	d *director.Director

	mu     sync.Mutex
	mine   map[uint64]*director.Ticket   // this node's programs waiting at the leader
	theirs map[proxyKey]*director.Ticket // other nodes' programs waiting here (leader)
}

// ServeTournaments joins d to the cluster's tournaments: it places the games of the
// tournaments it leads on the nodes, and sends the leader what it is asked while it follows.
func (n *Node) ServeTournaments(d *director.Director) {
	t := &tournaments{n: n, d: d, mine: map[uint64]*director.Ticket{}, theirs: map[proxyKey]*director.Ticket{}}
	d.SetPlacer(n.placeGame)
	d.SetFinder(n.findTagged)
	d.SetRemote(leaderDirector{t})
	n.mu.Lock()
	n.tourneys = t
	n.mu.Unlock()
}

func (n *Node) tournamentsOf() *tournaments {
	n.mu.Lock()
	defer n.mu.Unlock()
	return n.tourneys
}

// placeGame opens a tournament game's room where its programs are (most of them), or, for
// a game of house bots and people, on the node with the fewest rooms.
func (n *Node) placeGame(spec rooms.Spec, near []string) (roomdir.Room, error) {
	if len(near) > 0 {
		return n.place(spec, near)
	}
	best, fewest := n.cfg.Name, len(n.hub.List())
	n.mu.Lock()
	for name, p := range n.peers {
		// A peer's count is its last heartbeat's, plus the rooms placed there since.
		if busy := len(p.rooms) + p.placed; busy < fewest || busy == fewest && name < best {
			best, fewest = name, busy
		}
	}
	n.mu.Unlock()
	r, err := n.CreateOn(best, spec)
	if err == nil && best != n.cfg.Name {
		n.mu.Lock()
		if p := n.peers[best]; p != nil {
			p.placed++
		}
		n.mu.Unlock()
	}
	return r, err
}

// findTagged is the live room with this tag anywhere in the cluster.
func (n *Node) findTagged(tag string) (roomdir.Room, bool) {
	for _, info := range n.Directory().List() {
		if info.Tag == tag && (info.Status == rooms.Playing || info.Status == rooms.Finished) {
			return n.Directory().Find(info.ID)
		}
	}
	return nil, false
}

// leaderName is the node whose director leads, "" if none is heard.
func (n *Node) leaderName() string {
	if t := n.tournamentsOf(); t != nil && t.d.Leading() {
		return n.cfg.Name
	}
	n.mu.Lock()
	defer n.mu.Unlock()
	best := ""
	for name, p := range n.peers {
		if p.leads && (best == "" || name < best) {
			best = name
		}
	}
	return best
}

// leaderDirector is the leading director, as a follower asks it.
type leaderDirector struct{ t *tournaments }

var _ director.Remote = leaderDirector{}

func (l leaderDirector) ask(m tournamentMsg) (tournamentMsg, error) {
	leader := l.t.n.leaderName()
	if leader == "" || leader == l.t.n.cfg.Name {
		return tournamentMsg{}, director.ErrElsewhere
	}
	rep, err := l.t.n.ask(leader, request{Op: m.Op, Tournament: &m})
	var out tournamentMsg
	if rep.Tournament != nil {
		out = *rep.Tournament
	}
	if errors.Is(err, errNoAnswer) {
		return out, director.ErrUnreachable
	}
	return out, err
}

func (l leaderDirector) Control(_ context.Context, op, code, arg string) error {
	_, err := l.ask(tournamentMsg{Op: opTControl, Code: code, Arg: op + " " + arg})
	return err
}

func (l leaderDirector) Remove(_ context.Context, code, name string) (store.Entrant, error) {
	rep, err := l.ask(tournamentMsg{Op: opTRemove, Code: code, Arg: name})
	if rep.Entrant == nil {
		return store.Entrant{}, err
	}
	return *rep.Entrant, err
}

func (l leaderDirector) Enter(_ context.Context, code string, e store.Entrant) error {
	_, err := l.ask(tournamentMsg{Op: opTEnter, Code: code, Entrant: &e})
	return err
}

func (l leaderDirector) Report(_ context.Context, code string) (director.Report, error) {
	rep, err := l.ask(tournamentMsg{Op: opTReport, Code: code})
	if err != nil || rep.Report == nil {
		return director.Report{}, err
	}
	return *rep.Report, nil
}

// Ready puts a program of this node in line at the leader, its controller kept here.
func (l leaderDirector) Ready(tk *director.Ticket) ([]string, error) {
	t := l.t
	ctl := t.n.register(tk.Controller(), "")
	id := t.n.ids.Add(1)
	t.mu.Lock()
	for old, v := range t.mine { // its last game's ticket, which the leader now lets go
		if v.Code() == tk.Code() && v.Entrant() == tk.Entrant() {
			delete(t.mine, old)
		}
	}
	t.mine[id] = tk
	t.mu.Unlock()
	rep, err := l.ask(tournamentMsg{Op: opTReady, Code: tk.Code(), Arg: tk.Entrant(), Ticket: id, Ctl: ctl})
	if err != nil {
		t.mu.Lock()
		delete(t.mine, id)
		t.mu.Unlock()
		t.n.unregister(ctl)
		return rep.Missed, err
	}
	return rep.Missed, nil
}

func (l leaderDirector) Unready(tk *director.Ticket) bool {
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
	rep, err := l.ask(tournamentMsg{Op: opTUnready, Ticket: id})
	if err != nil {
		return false
	}
	t.mu.Lock()
	delete(t.mine, id)
	t.mu.Unlock()
	return rep.Arg == "yes"
}

func (l leaderDirector) Finished(info rooms.Info, rec store.MatchRecord) {
	if _, err := l.ask(tournamentMsg{Op: opTFinished, Info: &info, Game: rec.Tournament}); err != nil {
		// The leader reads the store now and then (director's reconcile): it gets it then.
		l.t.n.log.Warn("could not tell the leader of a tournament result", "room", info.ID, "err", err)
	}
}

func (l leaderDirector) CallFor(person string) (director.Call, bool) {
	n := l.t.n
	leader := n.leaderName()
	n.mu.Lock()
	defer n.mu.Unlock()
	if p := n.peers[leader]; p != nil {
		c, ok := p.calls[person]
		return c, ok
	}
	return director.Call{}, false
}

// serveTournament answers a follower (on the leader), or the leader (opTSeated).
func (n *Node) serveTournament(req request) reply {
	t := n.tournamentsOf()
	if t == nil {
		return reply{Err: wireErr(director.ErrElsewhere)}
	}
	if req.Tournament == nil {
		return reply{Err: failure("malformed tournament message")}
	}
	m := *req.Tournament
	ctx, cancel := context.WithTimeout(context.Background(), n.cfg.Timeout)
	defer cancel()
	var out tournamentMsg
	var err error
	switch m.Op {
	case opTControl:
		op, arg, _ := strings.Cut(m.Arg, " ")
		err = t.d.Control(ctx, op, m.Code, arg)
	case opTRemove:
		var e store.Entrant
		e, err = t.d.Remove(ctx, m.Code, m.Arg)
		out.Entrant = &e
	case opTEnter:
		if m.Entrant == nil {
			return reply{Err: failure("no entrant")}
		}
		err = t.d.Enter(ctx, m.Code, *m.Entrant)
	case opTReport:
		var r director.Report
		r, err = t.d.Report(ctx, m.Code)
		out.Report = &r
	case opTReady:
		out.Missed, err = t.ready(req.From, m)
	case opTUnready:
		t.mu.Lock()
		tk := t.theirs[proxyKey{req.From, m.Ticket}]
		delete(t.theirs, proxyKey{req.From, m.Ticket})
		t.mu.Unlock()
		if tk != nil && t.d.Unready(tk) {
			out.Arg = "yes"
		}
	case opTFinished:
		if m.Info != nil && m.Game != nil {
			t.d.Finished(*m.Info, store.MatchRecord{Tournament: m.Game})
		}
	case opTSeated:
		t.seated(m)
	default:
		return reply{Err: failure("unknown tournament operation %q", m.Op)}
	}
	return reply{Tournament: &out, Err: wireErr(err)}
}

// ready (leader) puts a follower's program in line; its game is sent back when seated.
func (t *tournaments) ready(from string, m tournamentMsg) ([]string, error) {
	// A ticket of this entrant from the same node is stale: that node sends a program's
	// ticket again only once its last is gone (the node restarted, or an answer was lost).
	var stale []*director.Ticket
	t.mu.Lock()
	for key, tk := range t.theirs {
		if key.node == from && tk.Code() == m.Code && tk.Entrant() == m.Arg {
			stale = append(stale, tk)
			delete(t.theirs, key)
		}
	}
	t.mu.Unlock()
	for _, tk := range stale {
		t.d.Unready(tk)
	}
	ctl := busController{n: t.n, node: from, id: m.Ctl}
	tk, missed, err := t.d.ReadyFrom(from, m.Code, m.Arg, ctl)
	if err != nil {
		return missed, err
	}
	key := proxyKey{from, m.Ticket}
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
		w := &wireSeating{Over: s.Over, State: s.State}
		if s.Room != nil {
			w.Room = s.Room.ID()
		}
		seated := tournamentMsg{Op: opTSeated, Ticket: m.Ticket, Seating: w}
		if _, err := t.n.ask(from, request{Op: opTSeated, Tournament: &seated}); err != nil {
			t.n.log.Warn("could not tell a node its program's tournament game", "peer", from, "err", err)
		}
	}()
	return missed, nil
}

// seated (follower) hands a program of this node its game.
func (t *tournaments) seated(m tournamentMsg) {
	t.mu.Lock()
	tk := t.mine[m.Ticket]
	if m.Seating == nil || m.Seating.Room == "" {
		delete(t.mine, m.Ticket) // kept while seated: the session lets it go (Unready)
	}
	t.mu.Unlock()
	if tk == nil || m.Seating == nil {
		return
	}
	s := director.Seating{Over: m.Seating.Over, State: m.Seating.State}
	if m.Seating.Room != "" {
		r, ok := t.n.Directory().Find(m.Seating.Room)
		if !ok {
			t.n.log.Warn("a program's tournament room cannot be found", "room", m.Seating.Room)
			return
		}
		s.Room = r
	}
	tk.Seat(s)
}

// followerGone (leader) takes out of line the programs of a node that died.
func (t *tournaments) nodeGone(name string) {
	t.mu.Lock()
	var gone []*director.Ticket
	for key, tk := range t.theirs {
		if key.node == name {
			gone = append(gone, tk)
			delete(t.theirs, key)
		}
	}
	t.mu.Unlock()
	for _, tk := range gone {
		t.d.Unready(tk)
	}
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
