package rooms_test

import (
	"errors"
	"testing"
	"time"

	"github.com/arena-classroom/arena/catalog"
	"github.com/arena-classroom/arena/rooms"
)

// A person alone with house bots, in a room that allows it, stops their clock while they
// read the rules: the turn waits as long as they read, keeps the time it had, and the game
// then rates nobody. Anywhere else the clock runs.
func TestHoldClockStopsAPersonsTurnOnlyAgainstHouseBots(t *testing.T) {
	e, _ := catalog.Get("sevencolors")
	h, c := newHub(t, nil)
	vsBot := []rooms.Seat{{Kind: rooms.Human, Name: "ann", UserID: "ann"}, {Kind: rooms.HouseBot, BotName: "greedy"}}
	r, err := h.Create(rooms.Spec{Game: e.Entry, Config: map[string]int{"size": 5}, Seats: vsBot, MayHoldClock: true})
	if err != nil {
		t.Fatal(err)
	}
	r.Attach("ann", rooms.NewMailbox())
	tickUntil(t, h, c, func() bool { s := r.Snapshot(); return s.ToMove == 0 && !s.Deadline.IsZero() })
	h.Tick(c.Add(3 * time.Second)) // 7 s of ann's 10 s left
	if err := r.HoldClock(0, true); err != nil {
		t.Fatal(err)
	}
	moves := r.Snapshot().Moves
	for range 10 {
		h.Tick(c.Add(5 * time.Second)) // 50 s: five times the move time
	}
	s := r.Snapshot()
	if s.Moves != moves || s.ToMove != 0 {
		t.Fatalf("the held turn ran out: moves %d → %d", moves, s.Moves)
	}
	if s.HeldLeft != 7*time.Second {
		t.Fatalf("held with %v left, want 7s", s.HeldLeft)
	}
	if !s.Unrated {
		t.Fatal("a game with a held clock is still rated")
	}
	if err := r.HoldClock(0, false); err != nil {
		t.Fatal(err)
	}
	s = r.Snapshot()
	if s.HeldLeft != 0 || s.Deadline.Sub(c.Now()) != 7*time.Second {
		t.Fatalf("restarted with %v left, want 7s", s.Deadline.Sub(c.Now()))
	}
	h.Tick(c.Add(7 * time.Second))
	if r.Snapshot().Moves == moves {
		t.Fatal("the restarted clock did not run out")
	}

	// A held clock that waits for the person's next turn gives that turn all its time.
	if err := r.HoldClock(0, true); err != nil {
		t.Fatal(err)
	}
	tickUntil(t, h, c, func() bool { return r.Snapshot().ToMove == 0 })
	h.Tick(c.Add(time.Minute))
	if s := r.Snapshot(); s.HeldLeft != 10*time.Second || s.ToMove != 0 {
		t.Fatalf("held for the next turn: %v left, to move %d", s.HeldLeft, s.ToMove)
	}

	for name, spec := range map[string]rooms.Spec{
		"without MayHoldClock (a tournament, an assignment)": {Game: e.Entry, Seats: vsBot},
		"against another person": {Game: e.Entry, MayHoldClock: true, Seats: []rooms.Seat{
			{Kind: rooms.Human, Name: "ann", UserID: "ann"}, {Kind: rooms.Human, Name: "bob", UserID: "bob"}}},
	} {
		other, err := h.Create(spec)
		if err != nil {
			t.Fatal(err)
		}
		other.Attach("ann", rooms.NewMailbox())
		if err := other.HoldClock(0, true); !errors.Is(err, rooms.ErrClockRuns) {
			t.Fatalf("%s: %v", name, err)
		}
		if other.Info().Unrated {
			t.Fatalf("%s: unrated", name)
		}
	}
	pa, _ := catalog.Get("perfectaim")
	rt, err := h.Create(rooms.Spec{Game: pa.Entry, MayHoldClock: true, Seats: []rooms.Seat{
		{Kind: rooms.Human, Name: "ann", UserID: "ann"}, {Kind: rooms.HouseBot, BotName: "zidane"}}})
	if err != nil {
		t.Fatal(err)
	}
	rt.Attach("ann", rooms.NewMailbox())
	if err := rt.HoldClock(0, true); !errors.Is(err, rooms.ErrClockRuns) {
		t.Fatalf("a real-time game: %v", err)
	}
}
