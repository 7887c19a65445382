package rooms_test

import (
	"reflect"
	"testing"

	"github.com/arena-classroom/arena/catalog"
	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/replay"
	"github.com/arena-classroom/arena/rooms"
)

// A game taken up from its moves (another node played them) goes on from there: its replay
// starts with them, its people are away until they come back, and a seat a house bot had
// taken over stays lost for its player.
func TestAGameTakenUpGoesOnFromItsMoves(t *testing.T) {
	e, _ := catalog.Get("sevencolors")
	h, c := newHub(t, nil)
	first, err := h.Create(rooms.Spec{Game: e.Entry, Config: games.Config{"size": 8}, Seed: 21, Seats: []rooms.Seat{
		{Kind: rooms.HouseBot, BotName: "greedy"}, {Kind: rooms.HouseBot, BotName: "random"}}})
	if err != nil {
		t.Fatal(err)
	}
	tickUntil(t, h, c, func() bool { return first.Snapshot().Moves >= 6 })
	played := first.Replay().Moves[:6]

	h2, c2 := newHub(t, nil)
	taken := &rooms.Takeover{FromMove: 3, By: "greedy"}
	r, err := h2.Create(rooms.Spec{Game: e.Entry, Config: games.Config{"size": 8}, Seed: 21, Resume: played,
		Takeovers: []*rooms.Takeover{nil, taken}, Seats: []rooms.Seat{
			{Kind: rooms.Human, Name: "alice", UserID: "key:alice"}, {Kind: rooms.HouseBot, BotName: "greedy", Name: "bob"}}})
	if err != nil {
		t.Fatal(err)
	}
	s := r.Snapshot()
	if s.Status != rooms.Playing || s.Moves != 6 || s.Seats[0].Connected {
		t.Fatalf("taken up: %s after %d moves, alice connected %v", s.Status, s.Moves, s.Seats[0].Connected)
	}
	if seat, _ := r.Attach("key:alice", rooms.NewMailbox()); seat != 0 {
		t.Fatalf("alice comes back to seat %d", seat)
	}
	tickUntil(t, h2, c2, func() bool {
		s := r.Snapshot()
		if s.Status == rooms.Playing && s.ToMove == 0 {
			_ = r.Submit("key:alice", 0, s.State.Legal(0)[0])
		}
		return s.Status == rooms.Finished
	})
	rp := r.Replay()
	for i, m := range played {
		if !reflect.DeepEqual(rp.Moves[i], m) {
			t.Fatalf("move %d is %+v, was %+v", i, rp.Moves[i], m)
		}
	}
	if _, err := replay.Resimulate(e.Game, *rp); err != nil {
		t.Fatalf("the whole replay does not play again: %v", err)
	}
	final := r.Snapshot()
	if final.Result == nil || final.Result.Ranks[1] <= final.Result.Ranks[0] || final.Seats[1].Takeover == nil {
		t.Fatalf("bob's seat, taken over before the move: result %v, takeover %v", final.Result, final.Seats[1].Takeover)
	}
}

// A real-time game taken up goes on from the instant of its last move: the moves played
// again land on their instants, and the game plays to its end.
func TestARealTimeGameTakenUpGoesOn(t *testing.T) {
	e, _ := catalog.Get("perfectaim")
	h, c := newHub(t, nil)
	seats := []rooms.Seat{{Kind: rooms.HouseBot, BotName: "zidane"}, {Kind: rooms.HouseBot, BotName: "zidane"}}
	first, err := h.Create(rooms.Spec{Game: e.Entry, Seed: 4, Seats: seats})
	if err != nil {
		t.Fatal(err)
	}
	tickUntil(t, h, c, func() bool { return first.Snapshot().Moves >= 10 })
	played := first.Replay().Moves

	h2, c2 := newHub(t, nil)
	r, err := h2.Create(rooms.Spec{Game: e.Entry, Seed: 4, Seats: seats, Resume: played})
	if err != nil {
		t.Fatal(err)
	}
	if s := r.Snapshot(); s.Status != rooms.Playing || s.Moves != len(played) {
		t.Fatalf("taken up: %s, %d moves (%s)", s.Status, s.Moves, s.Error)
	}
	tickUntil(t, h2, c2, func() bool { return r.Snapshot().Status == rooms.Finished })
	rp := r.Replay()
	t.Logf("%d moves taken up, %d in all, game time %s", len(played), len(rp.Moves), rp.Moves[len(rp.Moves)-1].At)
	if len(rp.Moves) <= len(played) {
		t.Fatalf("no move after the %d taken up", len(played))
	}
	for i, m := range played {
		if rp.Moves[i].At != m.At || rp.Moves[i].Seat != m.Seat {
			t.Fatalf("move %d: %+v, was %+v", i, rp.Moves[i], m)
		}
	}
	if _, err := replay.Resimulate(e.Game, *rp); err != nil {
		t.Fatalf("the whole replay does not play again: %v", err)
	}
}
