// Package roomdir is how the lobby's screens, the text commands, the bot sessions and the
// matchmaker reach live rooms: a handle on one room and a directory of them, as interfaces.
// Today every room runs on this node's hub (Local); a cluster can put a room on another
// node behind the same calls, and none of those packages changes.
package roomdir

import (
	"time"

	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/games/playable"
	"github.com/arena-classroom/arena/replay"
	"github.com/arena-classroom/arena/rooms"
)

// Room is a handle on one live room: what people and programs do in it, and what they see
// of it. Its methods are those of rooms.Room (see there).
type Room interface {
	ID() string
	Code() string
	Game() playable.Entry
	MatchID() string
	RealTime() bool
	Info() rooms.Info
	Snapshot() *rooms.Snapshot
	Replay() *replay.Replay

	Attach(userID string, mb *rooms.Mailbox) (int, *rooms.Snapshot)
	Detach(mb *rooms.Mailbox)
	Drop(mb *rooms.Mailbox)
	Join(userID, name string) (int, error)
	Leave(userID string)
	FillWithBot(name string) error
	Submit(userID string, seat int, a games.Action) error
	VoteRematch(userID string, seat int) error
	HoldClock(seat int, on bool) error
	Close(why string)
}

// Directory finds, lists and opens live rooms.
type Directory interface {
	// Create opens a room (its codes drawn by the hub's codes.Drawer).
	Create(spec rooms.Spec) (Room, error)
	// Find is the room with this id or join code.
	Find(key string) (Room, bool)
	// SeatOf is the room where this person holds a seat, if any.
	SeatOf(userID string) (Room, bool)
	// List describes every live room.
	List() []rooms.Info
	// Version changes whenever List would.
	Version() uint64
	// OnTick runs f on every tick of the loop that drives the rooms.
	OnTick(f func(now time.Time))
	// Config is the rooms' configuration: clocks, limits, the seeds' secret.
	Config() rooms.Config
	// Think runs a house bot's decision among the server's thinkers (first: a room with
	// people in it, served before the others).
	Think(first bool, f func())
}

var _ Room = (*rooms.Room)(nil)

// Local is the directory of the rooms of one hub.
func Local(h *rooms.Hub) Directory { return local{h} }

type local struct{ *rooms.Hub }

func (l local) Create(spec rooms.Spec) (Room, error) {
	r, err := l.Hub.Create(spec)
	if err != nil {
		return nil, err
	}
	return r, nil
}

func (l local) Find(key string) (Room, bool) { return found(l.Hub.Find(key)) }

func (l local) SeatOf(userID string) (Room, bool) { return found(l.Hub.SeatOf(userID)) }

// found turns a missing *rooms.Room into a nil Room, not a Room holding a nil pointer.
func found(r *rooms.Room, ok bool) (Room, bool) {
	if !ok {
		return nil, false
	}
	return r, true
}
