package roomdir_test

import (
	"context"
	"testing"

	"github.com/arena-classroom/arena/replay/replaytest"
	"github.com/arena-classroom/arena/roomdir"
	"github.com/arena-classroom/arena/rooms"
)

// A room that is not there is a nil Room, not a Room holding a nil pointer (which would pass
// a caller's nil check and crash on its first call).
func TestAMissingRoomIsNil(t *testing.T) {
	dir := roomdir.Local(rooms.NewHub(rooms.Config{BotPace: -1}))
	if r, ok := dir.Find("nope"); ok || r != nil {
		t.Fatalf("Find: %v, %v", r, ok)
	}
	if r, ok := dir.SeatOf("key:alice"); ok || r != nil {
		t.Fatalf("SeatOf: %v, %v", r, ok)
	}
	r, err := dir.Create(rooms.Spec{Game: replaytest.Playable(false), Seats: []rooms.Seat{
		{Kind: rooms.Human, Name: "alice", UserID: "key:alice"}, {Kind: rooms.HouseBot, BotName: "max"},
	}})
	if err != nil {
		t.Fatal(err)
	}
	if found, ok := dir.Find(r.ID()); !ok || found.ID() != r.ID() {
		t.Fatalf("Find(%q): %v, %v", r.ID(), found, ok)
	}
	if seated, ok := dir.SeatOf("key:alice"); !ok || seated.ID() != r.ID() {
		t.Fatalf("SeatOf: %v, %v", seated, ok)
	}
}

// Two handles on the same local room are equal, as the lobby's session compares them (the
// room it leaves, the room it enters); and a local room answers whatever its context.
func TestLocalHandlesOnOneRoomAreEqual(t *testing.T) {
	dir := roomdir.Local(rooms.NewHub(rooms.Config{BotPace: -1}))
	r, err := dir.Create(rooms.Spec{Game: replaytest.Playable(false), Seats: []rooms.Seat{
		{Kind: rooms.Human, Name: "alice", UserID: "key:alice"}, {Kind: rooms.Open},
	}})
	if err != nil {
		t.Fatal(err)
	}
	found, _ := dir.Find(r.ID())
	if found != r {
		t.Fatalf("two handles on room %s differ: %#v, %#v", r.ID(), found, r)
	}
	done, cancel := context.WithCancel(context.Background())
	cancel()
	if seat, err := r.Join(done, "key:bob", "bob"); err != nil || seat != 1 {
		t.Fatalf("bob joins with a cancelled context: seat %d, %v", seat, err)
	}
	if seat, snap, err := r.Attach(done, "key:bob", rooms.NewMailbox()); err != nil || seat != 1 || snap == nil {
		t.Fatalf("bob attaches: seat %d, snapshot %v, %v", seat, snap != nil, err)
	}
	if got := r.MatchID(); got == "" || got != r.Info().MatchID {
		t.Fatalf("MatchID %q, Info's %q", got, r.Info().MatchID)
	}
}
