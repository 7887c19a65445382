package cluster

import (
	"encoding/json"
	"fmt"
	"time"

	"github.com/arena-classroom/arena/catalog"
	"github.com/arena-classroom/arena/cluster/bus"
	"github.com/arena-classroom/arena/cluster/seats"
	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/games/playable"
	"github.com/arena-classroom/arena/replay"
	"github.com/arena-classroom/arena/roomdir"
	"github.com/arena-classroom/arena/rooms"
	"github.com/arena-classroom/arena/timebank"
)

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
	MoveGap      time.Duration `json:"move_gap,omitempty"` // a tournament's live pace
	AbsentGrace  time.Duration `json:"grace,omitempty"`
	MayHoldClock bool          `json:"hold,omitempty"`
	// Replay, when set, is a game to take up (rooms.Spec.Resume): a draining node's.
	Replay    json.RawMessage   `json:"replay,omitempty"`
	Takeovers []*rooms.Takeover `json:"takeovers,omitempty"`
	Clock     *timebank.Rules   `json:"clock,omitempty"`
	// VoidWhenLost: a tournament's game, void if a program's connection drops in it.
	VoidWhenLost bool `json:"void_when_lost,omitempty"`
	// Was: a moved game's id on the node it comes from (rooms.Spec.Was).
	Was string `json:"was,omitempty"`
}

// wireSpecOf is spec for the bus, but for its seats (their controllers are the asking
// node's to name) and the game it takes up (a replay: see handOver).
func wireSpecOf(spec rooms.Spec) wireSpec {
	w := wireSpec{Game: spec.Game.Game.ID(), Config: spec.Config, Seed: spec.Seed, Private: spec.Private,
		Owner: spec.Owner, Addr: spec.Addr, Tag: spec.Tag, Unpaced: spec.Unpaced, Fast: spec.Fast, MoveGap: spec.MoveGap,
		AbsentGrace: spec.AbsentGrace, MayHoldClock: spec.MayHoldClock, Takeovers: spec.Takeovers,
		VoidWhenLost: spec.VoidWhenLost, Was: spec.Was}
	if spec.Clock.Move > 0 {
		w.Clock = &spec.Clock
	}
	return w
}

// specOf is the rooms.Spec of w, a room of game e, but for its seats and the game it takes
// up. TestASpecCrossesTheBusWhole holds it to wireSpecOf.
func (w wireSpec) specOf(e playable.Entry) rooms.Spec {
	spec := rooms.Spec{Game: e, Config: w.Config, Seed: w.Seed, Private: w.Private, Owner: w.Owner, Addr: w.Addr,
		Tag: w.Tag, Unpaced: w.Unpaced, Fast: w.Fast, MoveGap: w.MoveGap, AbsentGrace: w.AbsentGrace, MayHoldClock: w.MayHoldClock,
		Takeovers: w.Takeovers, VoidWhenLost: w.VoidWhenLost, Was: w.Was}
	if w.Clock != nil {
		spec.Clock = *w.Clock
	}
	return spec
}

// CreateOn opens a room on node (this one or another) with spec: the programs' seats keep
// their controllers here. It is how a room goes where most of its players are, or where
// there is room for it.
func (n *Node) CreateOn(node string, spec rooms.Spec) (roomdir.Room, error) {
	if node == n.cfg.Name {
		return roomdir.Local(n.hub).Create(spec)
	}
	w := wireSpecOf(spec)
	var ids []uint64
	for _, s := range spec.Seats {
		ws := wireSeat{Kind: s.Kind, Name: s.Name, UserID: s.UserID, BotName: s.BotName}
		if at, id, ok := seats.NodeOf(s.Controller); ok {
			ws.Ctl, ws.CtlNode = id, at // a program of a third node: it stays there
		} else if s.Controller != nil {
			ws.Ctl = n.seats.Register(s.Controller, node)
			ids = append(ids, ws.Ctl)
		}
		w.Seats = append(w.Seats, ws)
	}
	forget := func() {
		for _, id := range ids {
			n.seats.Unregister(id)
		}
	}
	info, err := bus.Ask(n.bus, node, opCreate, w)
	if err != nil {
		forget()
		return nil, err
	}
	if info.ID == "" {
		forget()
		return nil, fmt.Errorf("node %s opened no room", node)
	}
	return newRemoteRoom(n, node, spec.Game, info), nil
}

// create opens the room another node asked for, its programs' seats played through the bus.
func (n *Node) create(from string, w wireSpec) (rooms.Info, error) {
	e, ok := catalog.Get(w.Game)
	if !ok {
		return rooms.Info{}, fmt.Errorf("no game %q here", w.Game)
	}
	spec := w.specOf(e.Entry)
	if len(w.Replay) > 0 {
		g := e.Game
		rp, err := replay.Decode(w.Replay, func(id string) (games.Game, bool) { return g, id == g.ID() })
		if err != nil {
			return rooms.Info{}, fmt.Errorf("the game to take up: %v", err)
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
			seat.Controller = n.seats.Controller(ctlNode, s.Ctl)
			if ctlNode == n.cfg.Name { // the program is here after all: its own controller
				if ctl, ok := n.seats.Claim(s.Ctl); ok {
					seat.Controller = ctl
				}
			}
		}
		spec.Seats = append(spec.Seats, seat)
	}
	r, err := n.hub.Create(spec)
	if err != nil {
		return rooms.Info{}, err
	}
	return r.Info(), nil
}
