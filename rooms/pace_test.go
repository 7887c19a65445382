package rooms_test

import (
	"testing"
	"time"

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
