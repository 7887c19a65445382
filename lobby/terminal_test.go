package lobby

import (
	"io"
	"strings"
	"testing"

	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"
	"github.com/muesli/termenv"

	"github.com/arena-classroom/arena/archive"
	"github.com/arena-classroom/arena/catalog"
	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/keys"
	"github.com/arena-classroom/arena/lobby/replays"
	"github.com/arena-classroom/arena/rooms"
	"github.com/arena-classroom/arena/server"
	"github.com/arena-classroom/arena/store"
)

// terminal is a person's terminal for the tests that drive a model directly: who, the
// window, the palette (with the colour profile that goes with it), drawn nowhere.
func terminal(id, name string, width, height int, p games.Palette) *server.Session {
	profile := termenv.Ascii
	switch p {
	case games.ANSI16:
		profile = termenv.ANSI
	case games.ANSI256:
		profile = termenv.ANSI256
	}
	return &server.Session{Who: keys.Identity{ID: id, Name: name}, Width: width, Height: height, Palette: p,
		Renderer: lipgloss.NewRenderer(io.Discard, termenv.WithProfile(profile))}
}

// showReplay puts the replay of room r's game so far on m's screen, as the archive would
// (seat names only), and returns the screen and what it draws, having checked that it fits
// width × height.
func showReplay(t *testing.T, m *model, r *rooms.Room, width, height int) (*replays.Screen, string) {
	t.Helper()
	rec := store.MatchRecord{ID: "m1", Game: r.Game().Game.ID()}
	for _, seat := range r.Snapshot().Seats {
		rec.Seats = append(rec.Seats, store.SeatRecord{Name: seat.Name})
	}
	rs, err := replays.New(archive.Game{Rec: rec, Entry: catalog.Entry{Entry: r.Game()}, Replay: *r.Replay()})
	if err != nil {
		t.Fatal(err)
	}
	m.screen = rs
	screen := m.View()
	lines := strings.Split(screen, "\n")
	if len(lines) > height || strings.Contains(screen, "Enlarge") {
		t.Fatalf("%d×%d: %d lines\n%s", width, height, len(lines), screen)
	}
	for _, l := range lines {
		if ansi.StringWidth(l) > width {
			t.Fatalf("%d×%d: a line of %d cells", width, height, ansi.StringWidth(l))
		}
	}
	return rs, screen
}
