// Package seats is how a program connected to one node plays a seat in a room of another:
// the room calls a busController, which sends what it is told to the program's node; there
// the program's own rooms.Controller hears it, with a remoteSeated for the room, whose
// Answer and Resign go back to the owner (opAnswer, opResign). The state a program decides
// on is computed by the owner (observation, legal actions, default), so the program's node
// needs no copy of the game. A room's calls go through an outbox per node (outbox.go), so
// that none is lost or played twice through a bus restart.
package seats

import (
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"runtime/debug"
	"sync"
	"time"

	"github.com/nats-io/nats.go"

	"github.com/arena-classroom/arena/cluster/bus"
	"github.com/arena-classroom/arena/cluster/busauth"
	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/replay"
	"github.com/arena-classroom/arena/rooms"
)

// Config is what the seats need of their node.
type Config struct {
	Bus *bus.Conn
	// Instance is this process, drawn at its start: its outboxes' numbers start over with it.
	Instance string
	Logger   *slog.Logger
	// NewID is a fresh id of the node on the bus.
	NewID func() uint64
	// Knows reports whether the node's directory knows a node now.
	Knows func(node string) bool
	// Room is a live room of this node, by id: programs' answers and resignations go there.
	Room func(id string) (*rooms.Room, bool)
	// Info and Replay read a room of another node, for its programs' controllers here.
	Info   func(owner, room string) rooms.Info
	Replay func(owner, room string) *replay.Replay
}

// Seats are a node's programs seated in rooms of other nodes, and its rooms' calls on
// programs of other nodes.
type Seats struct {
	cfg  Config
	log  *slog.Logger
	far  farPrograms
	out  outboxes
	stop chan struct{}
	done sync.WaitGroup
}

// farPrograms are this node's programs seated in rooms of other nodes, and the rooms'
// calls already handed to them.
type farPrograms struct {
	mu    sync.Mutex
	seats map[uint64]*farSeat  // by controller id
	from  map[string]seatsFrom // the last call handed over, by the room's node
}

// The operations of a program's seat: from the program's node to the room's.
var (
	opAnswer = bus.Op[answerRequest, okAnswer]{Name: "answer"} // a program's answer to its turn
	opResign = bus.Op[resignRequest, bus.None]{Name: "resign"}
	opLost   = bus.Op[resignRequest, bus.None]{Name: "lost"} // its connection is gone (rooms.Seated.Lost)
)

const maxSeat = 64

// answerRequest is a program's answer to its turn, from the node it is connected to.
type answerRequest struct {
	Room   string          `json:"room"`
	Seat   int             `json:"seat"`
	Turn   int             `json:"turn"`
	Action json.RawMessage `json:"action"`
	// Malformed: the program's answer could not be read (the warning's code); Action is
	// what it sent, and the seat's default plays (rooms.Seated.AnswerMalformed).
	Malformed string `json:"malformed,omitempty"`
}

func (r answerRequest) Validate() error {
	if err := checkSeat(r.Room, r.Seat); err != nil {
		return err
	}
	if len(r.Action) > 16<<10 {
		return fmt.Errorf("an action of %d bytes", len(r.Action))
	}
	if len(r.Malformed) > 64 {
		return fmt.Errorf("a warning code of %d bytes", len(r.Malformed))
	}
	return nil
}

type okAnswer struct {
	OK bool `json:"ok"`
}

type resignRequest struct {
	Room string `json:"room"`
	Seat int    `json:"seat"`
}

func (r resignRequest) Validate() error { return checkSeat(r.Room, r.Seat) }

func checkSeat(room string, seat int) error {
	switch {
	case room == "" || len(room) > 64:
		return fmt.Errorf("room %q", room)
	case seat < 0 || seat >= maxSeat:
		return fmt.Errorf("seat %d", seat)
	}
	return nil
}

// ErrNotYourSeat refuses an answer or a resignation from a node other than the program's.
var ErrNotYourSeat = errors.New("this seat's program is not connected to the asking node")

func init() { bus.Code("not_your_seat", ErrNotYourSeat) }

// New serves the seats of a node's programs on its bus (Listen subscribes their calls).
func New(cfg Config) *Seats {
	s := &Seats{cfg: cfg, log: cfg.Logger, stop: make(chan struct{}),
		far: farPrograms{seats: map[uint64]*farSeat{}, from: map[string]seatsFrom{}}}
	bus.Handle(cfg.Bus, opAnswer, func(from string, req answerRequest) (okAnswer, error) {
		r, err := s.seatedFrom(req.Room, req.Seat, from)
		if err != nil {
			return okAnswer{}, err
		}
		if req.Malformed != "" {
			return okAnswer{OK: r.AnswerMalformed(req.Seat, req.Turn, req.Malformed, req.Action)}, nil
		}
		a, err := r.Game().Game.DecodeAction(req.Action)
		if err != nil {
			return okAnswer{}, err
		}
		return okAnswer{OK: r.Answer(req.Seat, req.Turn, a)}, nil
	})
	bus.Handle(cfg.Bus, opResign, func(from string, req resignRequest) (bus.None, error) {
		r, err := s.seatedFrom(req.Room, req.Seat, from)
		if err != nil {
			return bus.None{}, err
		}
		r.Resign(req.Seat)
		return bus.None{}, nil
	})
	bus.Handle(cfg.Bus, opLost, func(from string, req resignRequest) (bus.None, error) {
		r, err := s.seatedFrom(req.Room, req.Seat, from)
		if err != nil {
			return bus.None{}, err
		}
		r.Lost(req.Seat)
		return bus.None{}, nil
	})
	return s
}

// seatedFrom is the room here whose seat's program is connected to node: only that node
// speaks for it (its answers, its resignation).
func (s *Seats) seatedFrom(room string, seat int, node string) (*rooms.Room, error) {
	r, ok := s.cfg.Room(room)
	if !ok {
		return nil, rooms.ErrRoomClosed
	}
	if at, _, ok := NodeOf(r.ControllerOf(seat)); !ok || at != node {
		return nil, ErrNotYourSeat
	}
	return r, nil
}

// Listen subscribes the rooms' calls on this node's programs (bus.Conn.Serve's listens).
func (s *Seats) Listen() (*nats.Subscription, error) {
	return s.cfg.Bus.Listen(busauth.SeatsTo(s.cfg.Bus.Name()), bus.KindSeat, s.seatIn)
}

// Controller is the seat of program id of node, for a room of this node: what the room
// tells it goes to its node.
func (s *Seats) Controller(node string, id uint64) rooms.Controller {
	return busController{s: s, node: node, id: id}
}

// NodeOf is the node and id of a program seated from another node, if ctl is one.
func NodeOf(ctl rooms.Controller) (node string, id uint64, ok bool) {
	bc, ok := ctl.(busController)
	return bc.node, bc.id, ok
}

// Claim takes back the controller of a program of this node that was registered for a
// room of another, when the room opens here after all.
func (s *Seats) Claim(id uint64) (rooms.Controller, bool) {
	s.far.mu.Lock()
	defer s.far.mu.Unlock()
	fs := s.far.seats[id]
	if fs == nil {
		return nil, false
	}
	delete(s.far.seats, id)
	return fs.ctl, true
}

// NodeGone tells the programs seated in rooms of a node that is gone that their game is
// over for them. Its outbox stays a while (outbox.go): a node forgotten in a long outage
// may be back.
func (s *Seats) NodeGone(name string) {
	s.far.mu.Lock()
	defer s.far.mu.Unlock()
	s.endFarSeatsLocked(name)
	delete(s.far.from, name)
}

// Close stops the outboxes for good and waits for their goroutines.
func (s *Seats) Close() {
	s.closeOutboxes()
	select {
	case <-s.stop:
	default:
		close(s.stop)
	}
	s.done.Wait()
}

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
	s    *Seats
	node string // where the program is connected
	id   uint64 // its controller there
}

var _ rooms.Controller = busController{}

func (c busController) send(m seatMsg) {
	m.Ctl, m.From = c.id, c.s.cfg.Bus.Name()
	c.s.outboxTo(c.node).push(m) // never blocks the room (outbox.go)
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
		c.s.log.Error("a program's turn: encode", "room", r.ID(), "err", err)
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

// Register keeps ctl, a program's seat of this node, for a room of owner ("" while no one
// knows which node will own it: the first to call it does); the id it returns names it on
// the bus.
func (s *Seats) Register(ctl rooms.Controller, owner string) uint64 {
	id := s.cfg.NewID()
	s.far.mu.Lock()
	defer s.far.mu.Unlock()
	s.far.seats[id] = &farSeat{ctl: ctl, owner: owner}
	return id
}

// Unregister lets go of a program's seat that no room took.
func (s *Seats) Unregister(id uint64) {
	s.far.mu.Lock()
	defer s.far.mu.Unlock()
	delete(s.far.seats, id)
}

// seatIn hands a batch of a room's calls to the programs' controllers (the subscription's
// goroutine: calls come in the order the rooms made them), then acknowledges it.
func (s *Seats) seatIn(from string, msg *nats.Msg) {
	var b seatBatch
	if err := json.Unmarshal(msg.Data, &b); err != nil || len(b.Msgs) > maxBatch {
		s.cfg.Bus.Reject(bus.KindSeat, "malformed")
		return
	}
	for _, m := range s.fresh(from, &b) {
		m.From = from // the room's node is the one the bus let publish here
		s.seatCall(m)
	}
	if msg.Reply != "" {
		if err := msg.Respond(nil); err != nil {
			s.log.Debug("acknowledge a room's calls", "err", err)
		}
	}
}

// seatCall hands one call to its program's controller.
func (s *Seats) seatCall(m seatMsg) {
	from := m.From
	defer func() {
		if p := recover(); p != nil {
			s.log.Error("a program's controller panicked", "op", m.Op, "room", m.Room, "panic", p, "stack", string(debug.Stack()))
		}
	}()
	s.far.mu.Lock()
	fs := s.far.seats[m.Ctl]
	if fs != nil && fs.owner != "" && fs.owner != from {
		s.far.mu.Unlock()
		s.cfg.Bus.Reject(bus.KindSeat, "not the seat's room's node")
		return
	}
	if fs != nil && fs.room == nil {
		fs.room = &remoteSeated{s: s, owner: m.From, id: m.Room}
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
		delete(s.far.seats, m.Ctl)
	}
	s.far.mu.Unlock()
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
// is over for them. Caller holds s.far.mu.
func (s *Seats) endFarSeatsLocked(owner string) {
	for id, fs := range s.far.seats {
		if fs.owner == owner {
			delete(s.far.seats, id)
			room := fs.room
			if room == nil {
				room = &remoteSeated{s: s, owner: owner}
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
	s     *Seats
	owner string
	id    string
	match string // set before the controller hears of the room (seatCall, under s.far.mu)
}

var _ rooms.Seated = (*remoteSeated)(nil)

func (r *remoteSeated) setMatch(m string) { r.match = m }
func (r *remoteSeated) ID() string        { return r.id }
func (r *remoteSeated) MatchID() string {
	r.s.far.mu.Lock()
	defer r.s.far.mu.Unlock()
	return r.match
}

func (r *remoteSeated) Info() rooms.Info { return r.s.cfg.Info(r.owner, r.id) }

func (r *remoteSeated) Replay() *replay.Replay { return r.s.cfg.Replay(r.owner, r.id) }

func (r *remoteSeated) Answer(seat, turn int, a games.Action) bool {
	raw, err := json.Marshal(a)
	if err != nil {
		return false
	}
	return r.answer(answerRequest{Room: r.id, Seat: seat, Turn: turn, Action: raw})
}

func (r *remoteSeated) AnswerMalformed(seat, turn int, code string, sent json.RawMessage) bool {
	return r.answer(answerRequest{Room: r.id, Seat: seat, Turn: turn, Action: sent, Malformed: code})
}

func (r *remoteSeated) answer(req answerRequest) bool {
	// Sent until the owner has it (played once), for as long as the owner lives: an answer
	// lost in a bus outage would be a turn defaulted.
	call, err := bus.NewCall(r.s.cfg.Bus, r.owner, opAnswer, req)
	if err != nil {
		return false
	}
	rep, err := call.Persist(func() bool { return r.s.cfg.Knows(r.owner) })
	return err == nil && rep.OK
}

func (r *remoteSeated) Resign(seat int) {
	_, _ = bus.Ask(r.s.cfg.Bus, r.owner, opResign, resignRequest{Room: r.id, Seat: seat})
}

func (r *remoteSeated) Lost(seat int) {
	_, _ = bus.Ask(r.s.cfg.Bus, r.owner, opLost, resignRequest{Room: r.id, Seat: seat})
}
