// Package roomdir is how the lobby's screens, the text commands, the bot sessions, the
// matchmaker and the tournament director reach live rooms: a handle on one room and a
// directory of them, as interfaces. A room runs on this node's hub (Local, LocalRoom) or,
// in a cluster, on another node, behind the same calls; none of those packages changes.
//
// # What waits and what does not
//
// A Room's methods are of two kinds, and their signatures say which:
//
//   - Cached reads take no context and return no error: ID, Code, Game, Info, MatchID.
//     They never wait on the network nor on another node; a room of another node answers
//     them from what this node already holds (its mirror's latest picture, its owner's last
//     heartbeat, what was known when the handle was made), so they may be a heartbeat
//     behind. A screen may call them in View, many times a second.
//   - Everything else may go to the room's node: it takes a context first and returns an
//     error (the node does not answer, the bus is down, the room is gone). Snapshot and
//     Attach may load the room from its owner the first time; Submit is queued and returns
//     at once. The error is one a person can read.
//
// On this node's hub (LocalRoom) every call is immediate: the context is not consulted and
// the errors are only those of the room's rules (rooms.ErrRoomFull and the like).
//
// A caller that cleans up after a session (Detach, Drop, Leave when the connection ended)
// passes a context that is not the ended session's: context.WithoutCancel, or a fresh one
// with a timeout.
package roomdir

import (
	"context"
	"time"

	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/games/playable"
	"github.com/arena-classroom/arena/replay"
	"github.com/arena-classroom/arena/rooms"
)

// Room is a handle on one live room: what people and programs do in it, and what they see
// of it. The calls are those of rooms.Room (see there for what each does to the room); see
// the package doc for which wait and which are cached.
type Room interface {
	// ID is the room's id. Cached, never waits.
	ID() string
	// Code is the room's join code ("" for a public room). Cached, never waits.
	Code() string
	// Game is the game the room plays. Cached, never waits.
	Game() playable.Entry
	// Info describes the room as this node last knew it. Cached, never waits: a room of
	// another node is its mirror's latest picture, else its owner's last heartbeat, else
	// what was known when the handle was made; a room whose node is gone, or that left its
	// node's heartbeat, is Closed (with the result it had, if any).
	Info() rooms.Info
	// MatchID is Info().MatchID: the stored match of the room's game, "" before it started.
	// Cached, never waits.
	MatchID() string

	// Snapshot is the room as it looks now. May wait: a room of another node that nobody
	// here watches is loaded from its owner on the first call, then followed while it is
	// read (later calls are cheap).
	Snapshot(ctx context.Context) (*rooms.Snapshot, error)
	// Replay is the game so far (nil, nil before it started). Waits on a room of another
	// node: its owner sends it.
	Replay(ctx context.Context) (*replay.Replay, error)

	// Attach shows the room to mb: userID's seat if they hold one (the seat is returned), else
	// as a spectator (-1). May wait (the room is loaded from its owner, the owner is told).
	// Even with an error the snapshot is one a screen can show (the room as last seen, or
	// closed with a sentence), and the seat is -1; mb may be attached as a spectator all the
	// same, so the caller Detaches it when it goes, as always.
	Attach(ctx context.Context, userID string, mb *rooms.Mailbox) (int, *rooms.Snapshot, error)
	// Detach ends mb's view of the room (a person's last session gives up their seat). May
	// wait: the owner is told.
	Detach(ctx context.Context, mb *rooms.Mailbox) error
	// Drop is Detach for a connection that ended: a player keeps the seat for the room's
	// grace. May wait: the owner is told.
	Drop(ctx context.Context, mb *rooms.Mailbox) error
	// Join seats userID under name in an open seat and returns it. Waits on a room of
	// another node.
	Join(ctx context.Context, userID, name string) (int, error)
	// Leave gives up userID's seat. Waits on a room of another node.
	Leave(ctx context.Context, userID string) error
	// FillWithBot seats house bot name in the open seats. Waits on a room of another node.
	FillWithBot(ctx context.Context, name string) error
	// Submit plays a person's action. On a room of another node it is queued and returns
	// at once (nil unless the action cannot be encoded): the keys go to the owner in order,
	// and what the owner refuses the next picture shows.
	Submit(ctx context.Context, userID string, seat int, a games.Action) error
	// VoteRematch records userID's vote for a rematch. Waits on a room of another node.
	VoteRematch(ctx context.Context, userID string, seat int) error
	// HoldClock stops (on) or restarts a seat's clock. Waits on a room of another node.
	HoldClock(ctx context.Context, seat int, on bool) error
	// Close ends the room now, saying why. Waits on a room of another node.
	Close(ctx context.Context, why string) error
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

// LocalRoom is r, a room of this node's hub, as a Room. Every call is immediate and ignores
// its context. Two handles on the same room are equal (==).
func LocalRoom(r *rooms.Room) Room { return localRoom{r} }

// localRoom is a value, not a pointer, so that handles on the same room compare equal.
type localRoom struct{ r *rooms.Room }

var _ Room = localRoom{}

func (l localRoom) ID() string           { return l.r.ID() }
func (l localRoom) Code() string         { return l.r.Code() }
func (l localRoom) Game() playable.Entry { return l.r.Game() }
func (l localRoom) Info() rooms.Info     { return l.r.Info() }
func (l localRoom) MatchID() string      { return l.r.MatchID() }

func (l localRoom) Snapshot(context.Context) (*rooms.Snapshot, error) { return l.r.Snapshot(), nil }
func (l localRoom) Replay(context.Context) (*replay.Replay, error)    { return l.r.Replay(), nil }

func (l localRoom) Attach(_ context.Context, userID string, mb *rooms.Mailbox) (int, *rooms.Snapshot, error) {
	seat, snap := l.r.Attach(userID, mb)
	return seat, snap, nil
}

func (l localRoom) Detach(_ context.Context, mb *rooms.Mailbox) error { l.r.Detach(mb); return nil }
func (l localRoom) Drop(_ context.Context, mb *rooms.Mailbox) error   { l.r.Drop(mb); return nil }

func (l localRoom) Join(_ context.Context, userID, name string) (int, error) {
	return l.r.Join(userID, name)
}

func (l localRoom) Leave(_ context.Context, userID string) error { l.r.Leave(userID); return nil }

func (l localRoom) FillWithBot(_ context.Context, name string) error { return l.r.FillWithBot(name) }

func (l localRoom) Submit(_ context.Context, userID string, seat int, a games.Action) error {
	return l.r.Submit(userID, seat, a)
}

func (l localRoom) VoteRematch(_ context.Context, userID string, seat int) error {
	return l.r.VoteRematch(userID, seat)
}

func (l localRoom) HoldClock(_ context.Context, seat int, on bool) error {
	return l.r.HoldClock(seat, on)
}

func (l localRoom) Close(_ context.Context, why string) error { l.r.Close(why); return nil }

// Local is the directory of the rooms of one hub.
func Local(h *rooms.Hub) Directory { return local{h} }

type local struct{ *rooms.Hub }

var _ Directory = local{}

func (l local) Create(spec rooms.Spec) (Room, error) {
	r, err := l.Hub.Create(spec)
	if err != nil {
		return nil, err
	}
	return LocalRoom(r), nil
}

func (l local) Find(key string) (Room, bool) { return found(l.Hub.Find(key)) }

func (l local) SeatOf(userID string) (Room, bool) { return found(l.Hub.SeatOf(userID)) }

// found turns a missing *rooms.Room into a nil Room, not a Room holding a nil pointer.
func found(r *rooms.Room, ok bool) (Room, bool) {
	if !ok || r == nil {
		return nil, false
	}
	return LocalRoom(r), true
}
