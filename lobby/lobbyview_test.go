package lobby

import (
	"testing"
	"time"

	"github.com/arena-classroom/arena/catalog"
	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/rooms"
)

// Enter watches the room drawn under the cursor, by identity: a room that closed after the
// list was drawn is said to have closed, never swapped for the one that moved into its line.
func TestWatchingOpensTheRoomDrawnNotTheOneNowInItsLine(t *testing.T) {
	now := time.Date(2026, 1, 1, 9, 0, 0, 0, time.UTC)
	hub := rooms.NewHub(rooms.Config{Now: func() time.Time { return now }, BotPace: -1})
	app := onHub(hub, 0, Options{})
	e, _ := catalog.Get("sevencolors")
	var made []*rooms.Room
	for i := range 3 {
		r, err := hub.Create(rooms.Spec{Game: e.Entry, Seed: uint64(i + 1), Config: games.Config{"size": 10}, Seats: []rooms.Seat{
			{Kind: rooms.HouseBot, BotName: "greedy"}, {Kind: rooms.HouseBot, BotName: "random"}}})
		if err != nil {
			t.Fatal(err)
		}
		made = append(made, r)
	}
	hub.Tick(now)
	m := &model{s: newSession(app, terminal("k1", "ann", 100, 40, games.ANSI256)), now: now}
	m.screen = &watchScreen{home: &homeScreen{}, cursor: 1}
	m.Init()
	m.View() // the person sees three rooms, the second chosen
	chosen := m.screen.(*watchScreen).drawn[1].ID
	for _, r := range made {
		if r.ID() == chosen {
			r.Close("its players left")
		}
	}
	hub.Tick(now.Add(time.Second))
	press(m, "enter")
	if g, ok := m.screen.(*gameScreen); ok {
		t.Fatalf("enter opened room %s, not the one chosen (%s), which closed", g.room.ID(), chosen)
	}
	if m.notice != "that room has just closed" {
		t.Fatalf("notice %q", m.notice)
	}
}
