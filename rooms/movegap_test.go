package rooms_test

import (
	"testing"
	"time"

	"github.com/arena-classroom/arena/catalog"
	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/rooms"
)

// A room with a move gap (a tournament's live pace) plays one move every gap, whatever
// its bots' speed: a class follows the game on the projector. Without it, the same bots
// play a move a tick or faster.
func TestAMoveGapPacesTheGameForTheProjector(t *testing.T) {
	e, ok := catalog.Get("sevencolors")
	if !ok {
		t.Fatal("no 7 Colors")
	}
	movesIn := func(gap time.Duration, span time.Duration) int {
		now := time.Date(2026, 1, 1, 9, 0, 0, 0, time.UTC)
		hub := rooms.NewHub(rooms.Config{Now: func() time.Time { return now }, BotPace: -1})
		r, err := hub.Create(rooms.Spec{Game: e.Entry, Config: games.Config{"size": 30}, Seed: 1, Unpaced: true, MoveGap: gap,
			Seats: []rooms.Seat{{Kind: rooms.HouseBot, BotName: "greedy"}, {Kind: rooms.HouseBot, BotName: "random"}}})
		if err != nil {
			t.Fatal(err)
		}
		if got := r.Info().MoveGap; got != gap {
			t.Fatalf("the room's info says a gap of %v, not %v: a node draining it would hand it over at another pace", got, gap)
		}
		end := now.Add(span)
		for now.Before(end) {
			now = now.Add(50 * time.Millisecond) // the hub's 20 Hz
			hub.Tick(now)
			hub.WaitThinking()
		}
		return len(r.Replay().Moves)
	}
	if n := movesIn(500*time.Millisecond, 10*time.Second); n < 19 || n > 21 {
		t.Errorf("a 500 ms gap played %d moves in 10 s, not 2 a second", n)
	}
	if n := movesIn(0, 10*time.Second); n < 40 {
		t.Errorf("without a gap the bots played %d moves in 10 s", n)
	}
}
