package cluster

import (
	"slices"
	"testing"
	"time"

	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/internal/until"
	"github.com/arena-classroom/arena/rooms"
)

// A screen that reads a room of another node many times a second (the wall, a list's tile)
// costs the owner what one spectator does: the room is found from the owner's heartbeat and
// followed from the first read on, not asked about at each read.
func TestReadingARoomOfAnotherNodeAsksItsOwnerOnce(t *testing.T) {
	_, nodes := startCluster(t, "a", "b")
	a, b := nodes[0], nodes[1]
	r, err := b.hub.Create(rooms.Spec{Game: sevenColors(t).Entry, Config: games.Config{"size": 8}, Seed: 4,
		Seats: []rooms.Seat{{Kind: rooms.HouseBot, BotName: "greedy"}, {Kind: rooms.HouseBot, BotName: "random"}}})
	if err != nil {
		t.Fatal(err)
	}
	until.True(t, 10*time.Second, "b's room in a's list", func() bool {
		return slices.ContainsFunc(a.dir.List(), func(i rooms.Info) bool { return i.ID == r.ID() })
	})
	before := b.Stats().Served
	var last *rooms.Snapshot
	for range 200 {
		found, ok := a.dir.Find(r.ID())
		if !ok {
			t.Fatal("a does not find b's room")
		}
		if s, err := found.Snapshot(t.Context()); err == nil && s != nil {
			last = s
		}
	}
	if last == nil {
		t.Fatal("no picture of b's room on a")
	}
	if asked := b.Stats().Served - before; asked > 2 {
		t.Fatalf("200 reads of b's room on a asked b %d times, want at most 2 (one load)", asked)
	}
	// The pictures follow the game, as a spectator's do.
	until.True(t, 30*time.Second, "a's picture following b's game", func() bool {
		found, _ := a.dir.Find(r.ID())
		s, err := found.Snapshot(t.Context())
		return err == nil && s != nil && s.Moves > last.Moves
	})
}

// A room of another node tells its Info from what this node holds, never by asking its
// owner: the Info it was found with, then the owner's heartbeats; once it leaves them, it is
// closed, with its result.
func TestTheInfoOfARoomOfAnotherNodeIsCached(t *testing.T) {
	_, nodes := startCluster(t, "a", "b")
	a, b := nodes[0], nodes[1]
	before := b.Stats().Served
	r, err := a.CreateOn("b", rooms.Spec{Game: sevenColors(t).Entry, Config: games.Config{"size": 8}, Seed: 4,
		Seats: []rooms.Seat{{Kind: rooms.HouseBot, BotName: "greedy"}, {Kind: rooms.HouseBot, BotName: "random"}}})
	if err != nil {
		t.Fatal(err)
	}
	for range 200 {
		if info := r.Info(); info.ID != r.ID() || info.Status == rooms.Closed {
			t.Fatalf("the room on b, as a shows it: %+v", info)
		}
	}
	if r.MatchID() == "" {
		t.Fatal("a room that started on b has no match id on a")
	}
	if asked := b.Stats().Served - before; asked > 1 {
		t.Fatalf("opening a room on b and reading its Info 200 times asked b %d times, want 1 (the opening)", asked)
	}
	owned, ok := b.hub.Find(r.ID())
	if !ok {
		t.Fatal("b does not find the room it opened")
	}
	until.True(t, 10*time.Second, "the room in b's heartbeat", func() bool {
		listed := slices.ContainsFunc(a.dir.List(), func(i rooms.Info) bool { return i.ID == r.ID() })
		return listed && r.Info().Status != rooms.Closed // read from the heartbeat
	})
	owned.Close("the test is over")
	// Within a few heartbeats, not after Silence (5 s here): it left the heartbeat it was in.
	until.True(t, 3*time.Second, "a showing the room closed", func() bool { return r.Info().Status == rooms.Closed })
}
