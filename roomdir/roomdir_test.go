package roomdir_test

import (
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
