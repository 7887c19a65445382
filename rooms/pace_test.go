package rooms_test

import (
	"testing"
	"time"

	"github.com/arena-classroom/arena/catalog"
	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/internal/until"
	"github.com/arena-classroom/arena/rooms"
)

// In a paced room, the tick that plays a house bot's move starts the next turn too: the
// snapshot it publishes shows the person to move with their own clock. It used to show them
// with the bot's deadline for a tick, and a screen took the real one, a tick later, for a
// new turn (the keys typed meanwhile were lost).
func TestAfterABotsMoveThePersonsClockStartsAtOnce(t *testing.T) {
	c := &clock{t: time.Date(2026, 1, 1, 9, 0, 0, 0, time.UTC)}
	h := rooms.NewHub(rooms.Config{Now: c.Now, BotPace: 200 * time.Millisecond, HumanMove: 10 * time.Second, BotThink: 5 * time.Second})
	r, err := h.Create(rooms.Spec{Game: race, Seats: []rooms.Seat{
		{Kind: rooms.HouseBot, BotName: "max"}, {Kind: rooms.Human, Name: "alice", UserID: "key:alice"},
	}})
	if err != nil {
		t.Fatal(err)
	}
	r.Attach("key:alice", rooms.NewMailbox())
	var now time.Time
	until.True(t, 10*time.Second, "the bot's first move", func() bool {
		now = c.Add(50 * time.Millisecond)
		h.Tick(now)
		return r.Snapshot().Moves > 0
	})
	s := r.Snapshot()
	if s.ToMove != 1 || !s.Deadline.Equal(now.Add(10*time.Second)) {
		t.Fatalf("after the bot's move (tick at %v): seat %d to move, deadline %v; want alice's 10 s from this tick",
			now.Format("15:04:05.000"), s.ToMove, s.Deadline.Format("15:04:05.000"))
	}
}

// A person's move in a turn-based room is played and shown as soon as the hub serves its
// ready rooms, between two ticks, not at the next tick: key echo is not the tick's period.
func TestAPersonsMoveIsPlayedBetweenTicks(t *testing.T) {
	e, _ := catalog.Get("sevencolors")
	h, c := newHub(t, nil)
	r, err := h.Create(rooms.Spec{Game: e.Entry, Config: games.Config{"size": 6}, Seed: 3, Seats: []rooms.Seat{
		{Kind: rooms.Human, Name: "alice", UserID: "key:alice"}, {Kind: rooms.Human, Name: "bob", UserID: "key:bob"}}})
	if err != nil {
		t.Fatal(err)
	}
	mb := rooms.NewMailbox()
	r.Attach("key:alice", mb)
	r.Attach("key:bob", rooms.NewMailbox())
	h.Tick(c.Add(50 * time.Millisecond)) // the first turn is handed out
	before := r.Snapshot()
	if before.ToMove != 0 {
		t.Fatalf("seat %d to move", before.ToMove)
	}
	if err := r.Submit("key:alice", 0, before.State.Legal(0)[0]); err != nil {
		t.Fatal(err)
	}
	if n := h.ServeReady(10); n == 0 {
		t.Fatal("the room with alice's move was not ready to be served")
	}
	var got *rooms.Snapshot
	for len(mb.C()) > 0 {
		got = <-mb.C()
	}
	if got == nil || got.Moves != 1 || got.ToMove != 1 {
		t.Fatalf("after serving, without a tick: snapshot %+v", got)
	}
}
