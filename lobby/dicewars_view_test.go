package lobby

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"github.com/arena-classroom/arena/catalog"
	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/games/dicewars"
	"github.com/arena-classroom/arena/lobby/roomview"
	"github.com/arena-classroom/arena/roomdir"
	"github.com/arena-classroom/arena/rooms"
)

// dicewarsScreen is a spectator's game screen of house bots' DiceWars a few moves in, in a
// width × height window: four bots, or players.
func dicewarsScreen(t *testing.T, width, height int, p games.Palette, players ...int) (*model, *rooms.Room) {
	t.Helper()
	now := time.Date(2026, 1, 1, 9, 0, 0, 0, time.UTC)
	hub := rooms.NewHub(rooms.Config{Now: func() time.Time { return now }, BotPace: -1})
	e, _ := catalog.Get("dicewars")
	var seats []rooms.Seat
	n := 4
	if len(players) > 0 {
		n = players[0]
	}
	for i := range n {
		seats = append(seats, rooms.Seat{Kind: rooms.HouseBot, BotName: []string{"seed", "classic", "odds", "random"}[i%4]})
	}
	r, err := hub.Create(rooms.Spec{Game: e.Entry, Seed: 5, Seats: seats})
	if err != nil {
		t.Fatal(err)
	}
	for range 10 {
		now = now.Add(50 * time.Millisecond)
		hub.Tick(now)
	}
	srv := terminal("k", "viewer", width, height, p)
	m := &model{s: newSession(onHub(hub, 0, Options{}), srv), now: now}
	g := newGameScreen(roomdir.LocalRoom(r))
	g.snap = r.Snapshot()
	m.screen = g
	return m, r
}

// The DiceWars screen fits the window, small or large, with four players or eight, and a large
// window draws a larger map.
func TestDiceWarsScreenFitsTheWindow(t *testing.T) {
	mapHeight := map[[2]int]int{}
	for _, size := range [][2]int{{80, 24}, {120, 40}, {160, 50}, {200, 60}} {
		for _, c := range []struct {
			p       games.Palette
			players int
		}{{games.Plain, 4}, {games.ANSI256, 4}, {games.ANSI256, 8}} {
			p := c.p
			m, r := dicewarsScreen(t, size[0], size[1], p, c.players)
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
			rw, rh := roomview.BoardRoom(size[0], size[1])
			k := games.ScaleFor(r.Snapshot().View(), r.Snapshot().State, rw, rh)
			board, _ := r.Snapshot().BoardLinesAt(p, k)
			mapHeight[size] = len(board)
		}
	}
	if mapHeight[[2]int{80, 24}] != 21 {
		t.Errorf("80×24 draws the map %d lines tall, want 21: the room beside the panel", mapHeight[[2]int{80, 24}])
	}
	if mapHeight[[2]int{160, 50}] < 2*mapHeight[[2]int{80, 24}]*9/10 {
		t.Errorf("160×50 draws the map %d lines tall: no larger than in 80×24", mapHeight[[2]int{160, 50}])
	}
}

// The panel is the map's legend: every seat's swatch (its letter without colour) and name,
// its areas, dice and largest group, and a marker on the seat to move; with eight players
// too, even in 80×24 (on one line a seat, "areas/dice/group" as the headline says).
func TestDiceWarsPanelIsTheLegend(t *testing.T) {
	for _, tc := range []struct{ w, h, players int }{{80, 24, 4}, {160, 50, 4}, {80, 24, 8}, {160, 50, 8}} {
		m, r := dicewarsScreen(t, tc.w, tc.h, games.Plain, tc.players)
		screen := m.View()
		s := r.Snapshot()
		st := s.State.(*dicewars.State)
		for seat, info := range s.Seats {
			swatch := "[" + string(rune('a'+seat)) + "] "
			at := strings.Index(screen, swatch+info.Name)
			if at < 0 {
				t.Fatalf("%d×%d, %d players: no %q\n%s", tc.w, tc.h, tc.players, swatch+info.Name, screen)
			}
			line := screen[at:]
			if tc.players <= 4 { // the status is on the next line
				line = line[strings.Index(line, "\n")+1:]
			}
			line = line[:strings.Index(line, "\n")]
			want := games.Count(st.AreasOf(seat), "area", "areas") + " · " + games.Count(st.TotalDice(seat), "die", "dice") + fmt.Sprintf(" · group %d", st.Points(seat))
			if tc.players > 4 {
				// Beside the map of 80×24, 42×21 since its labels no longer run over other
				// areas (issue 35), a panel of 36 columns leaves a seat's one line 13 columns
				// for its status: the figures alone, which the headline names.
				want = fmt.Sprintf(" %d/%d/%d", st.AreasOf(seat), st.TotalDice(seat), st.Points(seat))
				if !strings.Contains(screen, "players areas/dice/group") {
					t.Fatalf("%d×%d, %d players: the headline does not say how to read the figures\n%s", tc.w, tc.h, tc.players, screen)
				}
			}
			if !strings.Contains(line, want) {
				t.Fatalf("%d×%d, %d players: seat %d's line %q does not say %q", tc.w, tc.h, tc.players, seat, line, want)
			}
			if mover := strings.Contains(screen, "▶ "+swatch+info.Name); mover != (seat == s.ToMove) {
				t.Fatalf("%d×%d, %d players: seat %d marked as to move: %v (to move: %d)", tc.w, tc.h, tc.players, seat, mover, s.ToMove)
			}
		}
	}
}

// A DiceWars replay is drawn as large as the window allows too, with the legend, and fits.
func TestDiceWarsReplayScalesWithTheWindow(t *testing.T) {
	for _, size := range [][2]int{{80, 24}, {160, 50}} {
		m, r := dicewarsScreen(t, size[0], size[1], games.Plain)
		rs, screen := showReplay(t, m, r, size[0], size[1])
		if !strings.Contains(screen, "[d] "+r.Snapshot().Seats[3].Name) {
			t.Fatalf("%v: no swatch before seat 4's name\n%s", size, screen)
		}
		if drawn := rs.BoardWidth(); size[0] == 160 && drawn < 2*42 || size[0] == 80 && drawn != 42 {
			t.Fatalf("%v draws the replay's map %d wide", size, drawn)
		}
	}
}
