package frames_test

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/arena-classroom/arena/catalog"
	"github.com/arena-classroom/arena/cluster/frames"
	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/rooms"
)

// owned is a 7 Colors room between two people, played by hand on a stopped clock.
type owned struct {
	t    *testing.T
	hub  *rooms.Hub
	room *rooms.Room
	now  time.Time
}

func newOwned(t *testing.T) *owned {
	o := &owned{t: t, now: time.Unix(1_800_000_000, 0)}
	o.hub = rooms.NewHub(rooms.Config{Now: func() time.Time { return o.now }, BotPace: -1})
	e, _ := catalog.Get("sevencolors")
	r, err := o.hub.Create(rooms.Spec{Game: e.Entry, Config: games.Config{"size": 8}, Seed: 5,
		Seats: []rooms.Seat{{Kind: rooms.Human, Name: "alice", UserID: "key:alice"}, {Kind: rooms.Human, Name: "bob", UserID: "key:bob"}}})
	if err != nil {
		t.Fatal(err)
	}
	r.Attach("key:alice", rooms.NewMailbox())
	r.Attach("key:bob", rooms.NewMailbox())
	o.room = r
	o.tick()
	return o
}

func (o *owned) tick() {
	o.now = o.now.Add(10 * time.Millisecond)
	o.hub.Tick(o.now)
}

// move plays the first legal move of the seat to move.
func (o *owned) move() {
	snap := o.room.Snapshot()
	users := []string{"key:alice", "key:bob"}
	if err := o.room.Submit(users[snap.ToMove], snap.ToMove, snap.State.Legal(snap.ToMove)[0]); err != nil {
		o.t.Fatal(err)
	}
	o.tick()
	if got := o.room.Snapshot().Moves; got != snap.Moves+1 {
		o.t.Fatalf("the move was not played: %d moves", got)
	}
}

// sync is what the owner answers a node that loads the room (its replay and frame).
func (o *owned) sync() (json.RawMessage, *frames.Frame) {
	snap := o.room.Snapshot()
	rp := o.room.Replay()
	rp.Moves, rp.Outcome = rp.Moves[:snap.Moves], nil
	data, err := json.Marshal(rp)
	if err != nil {
		o.t.Fatal(err)
	}
	return data, &frames.Frame{Scene: snap.Scene, From: snap.Moves, Clock: frames.ClockOf(snap.State)}
}

// frameFrom is the frame the owner sends after its move from.
func (o *owned) frameFrom(from int) *frames.Frame {
	snap := o.room.Snapshot()
	moves, err := frames.EncodeMoves(o.room.MovesFrom(from))
	if err != nil {
		o.t.Fatal(err)
	}
	return &frames.Frame{Scene: snap.Scene, From: from, Moves: moves, Clock: frames.ClockOf(snap.State)}
}

// A load answered before a frame but taken after it (the bus came back: the node reloads
// its rooms while their frames come in again) must not take the mirror back: the frame it
// missed would never come, and a person on this node would wait for a move they see.
func TestALoadOlderThanTheFrameShownIsIgnored(t *testing.T) {
	o := newOwned(t)
	o.move()
	o.move()
	e, _ := catalog.Get("sevencolors")
	m := frames.NewMirror(e.Entry, "a")
	mb := rooms.NewMailbox()
	m.Add(mb)
	rp, f := o.sync()
	if err := m.Load(rp, f); err != nil {
		t.Fatal(err)
	}
	staleReplay, staleFrame := o.sync() // the answer to a reload, still on its way
	o.move()
	if ok, err := m.Apply(o.frameFrom(2)); !ok || err != nil {
		t.Fatalf("the frame of move 3 does not play: %v, %v", ok, err)
	}
	if err := m.Load(staleReplay, staleFrame); err != nil {
		t.Fatal(err)
	}
	if got := m.Snapshot().Moves; got != 3 {
		t.Fatalf("the mirror shows %d moves after a late load, want 3", got)
	}
	var last *rooms.Snapshot
	for len(mb.C()) > 0 {
		last = <-mb.C()
	}
	if last == nil || last.Moves != 3 {
		t.Fatalf("the viewer's last picture: %+v, want move 3", last)
	}
	// And the next frame plays on from there.
	o.move()
	if ok, err := m.Apply(o.frameFrom(3)); !ok || err != nil || m.Snapshot().Moves != 4 {
		t.Fatalf("the frame of move 4: %v, %v, %d moves shown", ok, err, m.Snapshot().Moves)
	}
	// A load of the same picture as shown, or a newer one, is taken.
	rp, f = o.sync()
	if err := m.Load(rp, f); err != nil || m.Snapshot().Moves != 4 {
		t.Fatalf("a load of the picture shown: %v, %d moves", err, m.Snapshot().Moves)
	}
}
