package lobby

import (
	"io"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"
	"github.com/muesli/termenv"

	"github.com/arena-classroom/arena/catalog"
	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/keys"
	"github.com/arena-classroom/arena/rooms"
	"github.com/arena-classroom/arena/server"
)

// dicewarsScreen is a spectator's game screen of four house bots' DiceWars a few moves in, in
// a width × height window.
func dicewarsScreen(t *testing.T, width, height int, p games.Palette) (*model, *rooms.Room) {
	t.Helper()
	now := time.Date(2026, 1, 1, 9, 0, 0, 0, time.UTC)
	hub := rooms.NewHub(rooms.Config{Now: func() time.Time { return now }, BotPace: -1})
	e, _ := catalog.Get("dicewars")
	var seats []rooms.Seat
	for _, name := range []string{"seed", "classic", "odds", "random"} {
		seats = append(seats, rooms.Seat{Kind: rooms.HouseBot, BotName: name})
	}
	r, err := hub.Create(rooms.Spec{Game: e, Seed: 5, Seats: seats})
	if err != nil {
		t.Fatal(err)
	}
	for range 10 {
		now = now.Add(50 * time.Millisecond)
		hub.Tick(now)
	}
	profile := termenv.Ascii
	if p != games.Plain {
		profile = termenv.ANSI256
	}
	srv := &server.Session{Who: keys.Identity{ID: "k", Name: "viewer"}, Width: width, Height: height, Palette: p,
		Renderer: lipgloss.NewRenderer(io.Discard, termenv.WithProfile(profile))}
	m := &model{s: newSession(New(Options{Hub: hub}), srv), now: now}
	g := newGameScreen(r)
	g.snap = r.Snapshot()
	m.screen = g
	return m, r
}

// The DiceWars screen fits the window, small or large, and a large window draws a larger map.
func TestDiceWarsScreenFitsTheWindow(t *testing.T) {
	mapHeight := map[[2]int]int{}
	for _, size := range [][2]int{{80, 24}, {120, 40}, {160, 50}, {200, 60}} {
		for _, p := range []games.Palette{games.Plain, games.ANSI256} {
			m, r := dicewarsScreen(t, size[0], size[1], p)
			screen := m.View()
			lines := strings.Split(screen, "\n")
			if len(lines) > size[1] {
				t.Fatalf("%v: %d lines\n%s", size, len(lines), screen)
			}
			for _, l := range lines {
				if w := ansi.StringWidth(l); w > size[0] {
					t.Fatalf("%v: a line of %d cells: %q", size, w, ansi.Strip(l))
				}
			}
			if strings.Contains(screen, "Enlarge the window") {
				t.Fatalf("%v: the board does not fit\n%s", size, screen)
			}
			rw, rh := boardRoom(size[0], size[1])
			k := games.ScaleFor(r.Snapshot().View(), r.Snapshot().State, rw, rh)
			board, _ := r.Snapshot().BoardLinesAt(p, k)
			mapHeight[size] = len(board)
		}
	}
	if mapHeight[[2]int{80, 24}] != 16 {
		t.Errorf("80×24 draws the map %d lines tall, want 16 as before", mapHeight[[2]int{80, 24}])
	}
	if mapHeight[[2]int{160, 50}] < 2*mapHeight[[2]int{80, 24}] {
		t.Errorf("160×50 draws the map %d lines tall: no larger than in 80×24", mapHeight[[2]int{160, 50}])
	}
}
