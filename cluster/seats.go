package cluster

import (
	"encoding/json"
	"errors"
	"fmt"
	"runtime/debug"
	"time"

	"github.com/nats-io/nats.go"

	"github.com/arena-classroom/arena/catalog"
	"github.com/arena-classroom/arena/cluster/busauth"
	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/replay"
	"github.com/arena-classroom/arena/roomdir"
	"github.com/arena-classroom/arena/rooms"
	"github.com/arena-classroom/arena/timebank"
)

// A program connected to one node plays a seat in a room of another: the room calls a
// busController, which sends what it is told to the program's node; there the program's own
// rooms.Controller hears it, with a remoteSeated for the room, whose Answer and Resign go
// back to the owner. The state a program decides on is computed by the owner (observation,
// legal actions, default), so the program's node needs no copy of the game.

// seatMsg is one call of a room on a program's controller.
type seatMsg struct {
	Op      string            `json:"op"` // start, turn, refused, end
	Ctl     uint64            `json:"ctl"`
	From    string            `json:"from"` // the room's node
	Room    string            `json:"room"`
	Match   string            `json:"match,omitempty"`
	Seat    int               `json:"seat"`
	Turn    int               `json:"turn,omitempty"`
	Obs     json.RawMessage   `json:"obs,omitempty"`
	Legal   []json.RawMessage `json:"legal,omitempty"`
	Default json.RawMessage   `json:"default,omitempty"`
	Move    time.Duration     `json:"move,omitempty"`
	Bank    time.Duration     `json:"bank,omitempty"`
	Code    string            `json:"code,omitempty"`
	Msg     string            `json:"msg,omitempty"`
	Outcome *games.Outcome    `json:"outcome,omitempty"`
}

// busController is a program's seat, as the room on the owner node sees it.
type busController struct {
	n    *Node
	node string // where the program is connected
	id   uint64 // its controller there
}

var _ rooms.Controller = busController{}

func (c busController) send(m seatMsg) {
	m.Ctl, m.From = c.id, c.n.cfg.Name
	c.n.outboxTo(c.node).push(m) // never blocks the room (seatbox.go)
}

func (c busController) Start(r rooms.Seated, seat int, _ games.State) {
	c.send(seatMsg{Op: "start", Room: r.ID(), Match: r.MatchID(), Seat: seat})
}

func (c busController) Turn(r rooms.Seated, seat, turn int, st games.State, move, bank time.Duration) {
	m := seatMsg{Op: "turn", Room: r.ID(), Match: r.MatchID(), Seat: seat, Turn: turn, Move: move, Bank: bank}
	var err error
	if m.Obs, err = json.Marshal(st.Observation(seat)); err == nil {
		m.Default, err = json.Marshal(st.DefaultAction(seat))
	}
	for _, a := range st.Legal(seat) {
		if err != nil {
			break
		}
		var raw json.RawMessage
		raw, err = json.Marshal(a)
		m.Legal = append(m.Legal, raw)
	}
	if err != nil {
		c.n.log.Error("a program's turn: encode", "room", r.ID(), "err", err)
		return
	}
	c.send(m)
}

func (c busController) Refused(r rooms.Seated, seat, turn int, err error, applied games.Action) {
	raw, _ := json.Marshal(applied)
	c.send(seatMsg{Op: "refused", Room: r.ID(), Seat: seat, Turn: turn, Code: games.IllegalCode(err), Msg: err.Error(), Default: raw})
}

func (c busController) End(r rooms.Seated, seat int, outcome *games.Outcome) {
	c.send(seatMsg{Op: "end", Room: r.ID(), Seat: seat, Outcome: outcome})
}

// farSeat is a program of this node seated in a room of another.
type farSeat struct {
	ctl   rooms.Controller
	owner string
	room  *remoteSeated
}

// register keeps ctl for a seat in a room of owner; the id names it on the bus.
func (n *Node) register(ctl rooms.Controller, owner string) uint64 {
	id := n.ids.Add(1)
	n.far.mu.Lock()
	defer n.far.mu.Unlock()
	n.far.seats[id] = &farSeat{ctl: ctl, owner: owner}
	return id
}

func (n *Node) unregister(id uint64) {
	n.far.mu.Lock()
	defer n.far.mu.Unlock()
	delete(n.far.seats, id)
}

// seatIn hands a batch of a room's calls to the programs' controllers (the subscription's
// goroutine: calls come in the order the rooms made them), then acknowledges it.
func (n *Node) seatIn(msg *nats.Msg) {
	from, ok := busauth.Sender(msg.Subject)
	if !ok || !n.accept(kindSeat, msg) {
		return
	}
	var b seatBatch
	if err := json.Unmarshal(msg.Data, &b); err != nil || len(b.Msgs) > maxBatch {
		n.reject(kindSeat, "malformed")
		return
	}
	for _, m := range n.fresh(from, &b) {
		m.From = from // the room's node is the one the bus let publish here
		n.seatCall(m)
	}
	if msg.Reply != "" {
		if err := msg.Respond(nil); err != nil {
			n.log.Debug("acknowledge a room's calls", "err", err)
		}
	}
}

// seatCall hands one call to its program's controller.
func (n *Node) seatCall(m seatMsg) {
	from := m.From
	defer func() {
		if p := recover(); p != nil {
			n.log.Error("a program's controller panicked", "op", m.Op, "room", m.Room, "panic", p, "stack", string(debug.Stack()))
		}
	}()
	n.far.mu.Lock()
	fs := n.far.seats[m.Ctl]
	if fs != nil && fs.owner != "" && fs.owner != from {
		n.far.mu.Unlock()
		n.reject(kindSeat, "not the seat's room's node")
		return
	}
	if fs != nil && fs.room == nil {
		fs.room = &remoteSeated{n: n, owner: m.From, id: m.Room}
	}
	if fs != nil && fs.owner == "" {
		// A ticket's program (quick match, a tournament) is registered before anyone knows
		// which node will own its room: it is the node that seats it. Without this, the
		// program was never told when that node died, and waited for ever.
		fs.owner = m.From
	}
	if fs != nil && m.Match != "" {
		fs.room.setMatch(m.Match)
	}
	if fs != nil && m.Op == "end" {
		delete(n.far.seats, m.Ctl)
	}
	n.far.mu.Unlock()
	if fs == nil {
		return // the program is gone; the room times it out
	}
	switch m.Op {
	case "start":
		fs.ctl.Start(fs.room, m.Seat, nil)
	case "turn":
		fs.ctl.Turn(fs.room, m.Seat, m.Turn, turnState{seat: m.Seat, obs: m.Obs, legal: m.Legal, def: m.Default}, m.Move, m.Bank)
	case "refused":
		fs.ctl.Refused(fs.room, m.Seat, m.Turn, games.Illegal(m.Code, "%s", m.Msg), m.Default)
	case "end":
		fs.ctl.End(fs.room, m.Seat, m.Outcome)
	}
}

// endFarSeatsLocked tells the programs seated in rooms of a node that died that their game
// is over for them. Caller holds n.far.mu.
func (n *Node) endFarSeatsLocked(owner string) {
	for id, fs := range n.far.seats {
		if fs.owner == owner {
			delete(n.far.seats, id)
			room := fs.room
			if room == nil {
				room = &remoteSeated{n: n, owner: owner}
			}
			go fs.ctl.End(room, -1, nil)
		}
	}
}

// turnState is a turn's state as a program on another node sees it: what the owner
// computed for it. Only what a program's controller reads is there.
type turnState struct {
	seat  int
	obs   json.RawMessage
	legal []json.RawMessage
	def   json.RawMessage
}

var errFarState = errors.New("a state of a room on another node only tells what its program sees")

func (s turnState) ToMove() []int { return []int{s.seat} }
func (s turnState) Legal(int) []games.Action {
	if s.legal == nil {
		return nil
	}
	out := make([]games.Action, len(s.legal))
	for i, a := range s.legal {
		out[i] = a
	}
	return out
}
func (s turnState) Validate(int, games.Action) error               { return errFarState }
func (s turnState) Apply(int, games.Action) ([]games.Event, error) { return nil, errFarState }
func (s turnState) DefaultAction(int) games.Action                 { return s.def }
func (s turnState) Observation(int) any                            { return s.obs }
func (s turnState) Over() bool                                     { return false }
func (s turnState) Outcome() games.Outcome                         { return games.Outcome{} }
func (s turnState) Clone() games.State                             { return s }

// remoteSeated is a room of another node as a program's controller here sees it.
type remoteSeated struct {
	n     *Node
	owner string
	id    string
	match string // set before the controller hears of the room (seatCall, under n.far.mu)
}

var _ rooms.Seated = (*remoteSeated)(nil)

func (r *remoteSeated) setMatch(m string) { r.match = m }
func (r *remoteSeated) ID() string        { return r.id }
func (r *remoteSeated) MatchID() string {
	r.n.far.mu.Lock()
	defer r.n.far.mu.Unlock()
	return r.match
}

func (r *remoteSeated) Info() rooms.Info {
	rep, err := r.n.ask(r.owner, request{Op: opInfo, Room: r.id})
	if err != nil || rep.Info == nil {
		return rooms.Info{ID: r.id, Status: rooms.Closed}
	}
	return *rep.Info
}

func (r *remoteSeated) Replay() *replay.Replay {
	rep, err := r.n.ask(r.owner, request{Op: opReplay, Room: r.id})
	if err != nil || len(rep.Replay) == 0 {
		return nil
	}
	rp, err := replay.Decode(rep.Replay, func(id string) (games.Game, bool) {
		e, ok := catalog.Get(id)
		return e.Game, ok
	})
	if err != nil {
		return nil
	}
	return &rp
}

func (r *remoteSeated) Answer(seat, turn int, a games.Action) bool {
	raw, err := json.Marshal(a)
	if err != nil {
		return false
	}
	rep, err := r.n.ask(r.owner, request{Op: opAnswer, Room: r.id, Seat: seat, Turn: turn, Action: raw})
	return err == nil && rep.OK
}

func (r *remoteSeated) Resign(seat int) {
	_, _ = r.n.ask(r.owner, request{Op: opResign, Room: r.id, Seat: seat})
}

// wireSeat is a seat of a room to create on another node; a program's seat names its
// controller on the asking node.
type wireSeat struct {
	Kind    rooms.SeatKind `json:"kind"`
	Name    string         `json:"name,omitempty"`
	UserID  string         `json:"user,omitempty"`
	BotName string         `json:"bot,omitempty"`
	Ctl     uint64         `json:"ctl,omitempty"`
	CtlNode string         `json:"ctl_node,omitempty"` // the controller's node, if not the asking one
}

// wireSpec is a rooms.Spec on the bus.
type wireSpec struct {
	Game         string        `json:"game"`
	Config       games.Config  `json:"config,omitempty"`
	Seed         uint64        `json:"seed,omitempty"`
	Seats        []wireSeat    `json:"seats"`
	Private      bool          `json:"private,omitempty"`
	Owner        string        `json:"owner,omitempty"`
	Addr         string        `json:"addr,omitempty"`
	Tag          string        `json:"tag,omitempty"`
	Unpaced      bool          `json:"unpaced,omitempty"`
	Fast         bool          `json:"fast,omitempty"`
	AbsentGrace  time.Duration `json:"grace,omitempty"`
	MayHoldClock bool          `json:"hold,omitempty"`
	// Replay, when set, is a game to take up (rooms.Spec.Resume): a draining node's.
	Replay    json.RawMessage   `json:"replay,omitempty"`
	Takeovers []*rooms.Takeover `json:"takeovers,omitempty"`
	Clock     *timebank.Rules   `json:"clock,omitempty"`
}

// CreateOn opens a room on node (this one or another) with spec: the programs' seats keep
// their controllers here. It is how a room goes where most of its players are, or where
// there is room for it.
func (n *Node) CreateOn(node string, spec rooms.Spec) (roomdir.Room, error) {
	if node == n.cfg.Name {
		return roomdir.Local(n.hub).Create(spec)
	}
	w := wireSpec{Game: spec.Game.Game.ID(), Config: spec.Config, Seed: spec.Seed, Private: spec.Private,
		Owner: spec.Owner, Addr: spec.Addr, Tag: spec.Tag, Unpaced: spec.Unpaced, Fast: spec.Fast,
		AbsentGrace: spec.AbsentGrace, MayHoldClock: spec.MayHoldClock}
	if spec.Clock.Move > 0 {
		w.Clock = &spec.Clock
	}
	var ids []uint64
	for _, s := range spec.Seats {
		ws := wireSeat{Kind: s.Kind, Name: s.Name, UserID: s.UserID, BotName: s.BotName}
		if bc, ok := s.Controller.(busController); ok {
			ws.Ctl, ws.CtlNode = bc.id, bc.node // a program of a third node: it stays there
		} else if s.Controller != nil {
			ws.Ctl = n.register(s.Controller, node)
			ids = append(ids, ws.Ctl)
		}
		w.Seats = append(w.Seats, ws)
	}
	forget := func() {
		for _, id := range ids {
			n.unregister(id)
		}
	}
	rep, err := n.ask(node, request{Op: opCreate, Create: &w})
	if err != nil {
		forget()
		return nil, err
	}
	if rep.Info == nil {
		forget()
		return nil, fmt.Errorf("node %s opened no room", node)
	}
	return newRemoteRoom(n, node, spec.Game, *rep.Info), nil
}

// create opens the room another node asked for, its programs' seats played through the bus.
func (n *Node) create(from string, w *wireSpec) reply {
	if w == nil {
		return reply{Err: failure("malformed room: no spec")}
	}
	e, ok := catalog.Get(w.Game)
	if !ok {
		return reply{Err: failure("no game %q here", w.Game)}
	}
	spec := rooms.Spec{Game: e.Entry, Config: w.Config, Seed: w.Seed, Private: w.Private, Owner: w.Owner, Addr: w.Addr,
		Tag: w.Tag, Unpaced: w.Unpaced, Fast: w.Fast, AbsentGrace: w.AbsentGrace, MayHoldClock: w.MayHoldClock,
		Takeovers: w.Takeovers}
	if w.Clock != nil {
		spec.Clock = *w.Clock
	}
	if len(w.Replay) > 0 {
		g := e.Game
		rp, err := replay.Decode(w.Replay, func(id string) (games.Game, bool) { return g, id == g.ID() })
		if err != nil {
			return reply{Err: failure("the game to take up: %v", err)}
		}
		spec.Resume = rp.Moves
	}
	for _, s := range w.Seats {
		seat := rooms.Seat{Kind: s.Kind, Name: s.Name, UserID: s.UserID, BotName: s.BotName}
		if s.Ctl != 0 {
			ctlNode := s.CtlNode
			if ctlNode == "" {
				ctlNode = from
			}
			seat.Controller = busController{n: n, node: ctlNode, id: s.Ctl}
			if ctlNode == n.cfg.Name { // the program is here after all: its own controller
				n.far.mu.Lock()
				if fs := n.far.seats[s.Ctl]; fs != nil {
					seat.Controller = fs.ctl
					delete(n.far.seats, s.Ctl)
				}
				n.far.mu.Unlock()
			}
		}
		spec.Seats = append(spec.Seats, seat)
	}
	r, err := n.hub.Create(spec)
	if err != nil {
		return reply{Err: wireErr(err)}
	}
	info := r.Info()
	return reply{Info: &info}
}
