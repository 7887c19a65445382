package rooms_test

import (
	"strings"
	"testing"
	"time"

	"github.com/arena-classroom/arena/rooms"
)

// A player whose connection drops keeps the seat for AbsentGrace: coming back with the same
// key takes it again; the game goes on meanwhile.
func TestADroppedPlayerWhoReturnsInTimeGetsTheSeatBack(t *testing.T) {
	h, c, _ := hubRecording(t)
	r := humanVsBot(t, h, "one")
	mb := rooms.NewMailbox()
	if seat, _ := r.Attach("key:alice", mb); seat != 0 {
		t.Fatalf("alice attached to seat %d", seat)
	}
	waitSnap(t, h, c, r, func(s *rooms.Snapshot) bool { return s.Status == rooms.Playing })
	r.Drop(mb)
	s := waitSnap(t, h, c, r, func(s *rooms.Snapshot) bool { return strings.Contains(s.Seats[0].Note, "disconnected") })
	if s.Seats[0].Kind != rooms.Human || s.Seats[0].Connected {
		t.Fatalf("seat 0 after the drop: %+v", s.Seats[0])
	}
	if found, ok := h.SeatOf("key:alice"); !ok || found != r {
		t.Fatal("the hub does not find alice's game")
	}
	c.Add(5 * time.Second) // well within the grace
	h.Tick(c.Now())
	if seat, _ := r.Attach("key:alice", rooms.NewMailbox()); seat != 0 {
		t.Fatalf("alice came back to seat %d, want 0", seat)
	}
	s = waitSnap(t, h, c, r, func(s *rooms.Snapshot) bool { return s.Seats[0].Connected })
	if s.Seats[0].Kind != rooms.Human || s.Seats[0].Takeover != nil || s.Seats[0].Note != "" {
		t.Fatalf("seat 0 after coming back: %+v", s.Seats[0])
	}
}

// Past the grace, a house bot plays on, and coming back makes a spectator.
func TestADroppedPlayerWhoDoesNotReturnIsReplaced(t *testing.T) {
	h, c, _ := hubRecording(t)
	r := humanVsBot(t, h, "one")
	mb := rooms.NewMailbox()
	r.Attach("key:alice", mb)
	r.Attach("", rooms.NewMailbox()) // someone watches: the game goes on
	waitSnap(t, h, c, r, func(s *rooms.Snapshot) bool { return s.Status == rooms.Playing })
	r.Drop(mb)
	c.Add(rooms.DefaultConfig().AbsentGrace + time.Second)
	s := waitSnap(t, h, c, r, func(s *rooms.Snapshot) bool { return s.Seats[0].Takeover != nil || s.Status == rooms.Finished })
	if s.Seats[0].Takeover == nil {
		t.Fatalf("seat 0 past the grace: %+v", s.Seats[0])
	}
	if _, ok := h.SeatOf("key:alice"); ok {
		t.Fatal("a seat handed to a bot is still alice's")
	}
	if seat, _ := r.Attach("key:alice", rooms.NewMailbox()); seat != -1 {
		t.Fatalf("alice came back too late to seat %d, want a spectator", seat)
	}
}
