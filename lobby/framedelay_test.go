package lobby

import (
	"testing"
	"time"

	"github.com/arena-classroom/arena/catalog"
	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/roomdir"
	"github.com/arena-classroom/arena/rooms"
	"github.com/arena-classroom/arena/server"
)

// A room's snapshot is timed from the hub to the terminal once, when the frame showing it
// is drawn; frames that show no new snapshot are not timed.
func TestSnapshotsAreTimedToTheTerminal(t *testing.T) {
	published := time.Now().Add(-40 * time.Millisecond)
	hub := rooms.NewHub(rooms.Config{Now: func() time.Time { return published }, BotPace: -1})
	e, _ := catalog.Get("sevencolors")
	r, err := hub.Create(rooms.Spec{Game: e.Entry, Seed: 1, Seats: []rooms.Seat{{Kind: rooms.HouseBot, BotName: "greedy"}, {Kind: rooms.HouseBot, BotName: "greedy"}}})
	if err != nil {
		t.Fatal(err)
	}
	hub.Tick(published)
	var delays []time.Duration
	app := onHub(hub, 0, Options{FrameDrawn: func(d time.Duration) { delays = append(delays, d) }})
	srv := terminal("k", "viewer", 80, 24, games.Plain)
	m := &model{s: newSession(app, srv), now: published}
	g := newGameScreen(roomdir.LocalRoom(r))
	m.screen = g
	var _ server.Drawer = m

	m.Drawn() // a frame before any snapshot
	m.Update(snapMsg{r.Snapshot()})
	m.Drawn()
	m.Drawn() // the same snapshot drawn again (a key, a resize)
	if len(delays) != 1 {
		t.Fatalf("%d delays for one snapshot", len(delays))
	}
	if delays[0] < 40*time.Millisecond {
		t.Fatalf("delay %v, published 40 ms before", delays[0])
	}
}
