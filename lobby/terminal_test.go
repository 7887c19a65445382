package lobby

import (
	"io"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"
	"github.com/muesli/termenv"

	"github.com/arena-classroom/arena/archive"
	"github.com/arena-classroom/arena/catalog"
	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/keys"
	"github.com/arena-classroom/arena/lang"
	"github.com/arena-classroom/arena/lobby/replays"
	"github.com/arena-classroom/arena/replay"
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
		Renderer: lipgloss.NewRenderer(io.Discard, termenv.WithProfile(profile)), Lang: terminalLang}
}

// terminalLang is the language of the terminals tests open: English but while a case is
// drawn in French (inFrench), so that its screen is French from its first frame.
var terminalLang = lang.English

// showReplay puts the replay of room r's game so far on m's screen, as the archive would
// (seat names only), and returns the screen and what it draws, having checked that it fits
// width × height.
func showReplay(t *testing.T, m *model, r *rooms.Room, width, height int) (*replays.Screen, string) {
	t.Helper()
	return showStored(t, m, storedGame(r), width, height)
}

// storedGame is room r's game so far as the archive gives it (seat names only), its moves
// copied: the room's stay as they are whatever a test does to the game's.
func storedGame(r *rooms.Room) archive.Game {
	rec := store.MatchRecord{ID: "m1", Game: r.Game().Game.ID()}
	for _, seat := range r.Snapshot().Seats {
		rec.Seats = append(rec.Seats, store.SeatRecord{Name: seat.Name})
	}
	rp := *r.Replay()
	rp.Moves = slices.Clone(rp.Moves)
	return archive.Game{Rec: rec, Entry: catalog.Entry{Entry: r.Game()}, Replay: rp}
}

// pinClocks gives the moves of g that have a clock a think time of their own that is the
// same run after run (a house bot's is its search's, on the wall clock): 10 to 300 ms,
// after the move's index.
func pinClocks(g *archive.Game) {
	for i, mv := range g.Replay.Moves {
		if mv.Clock != nil {
			c := *mv.Clock
			c.Think = time.Duration(10+i*37%291) * time.Millisecond
			g.Replay.Moves[i].Clock = &c
		}
	}
}

// clockedGame is g (a game of two house bots) as two programs, ada and bob, would have
// left it: each move's think time pinned (pinClocks), a time bank of 10 s for each seat
// with 1 s a move, ada's slowest move 1.92 s at a third of the game, bob's last refused
// move a timeout (his bank then empty), and a note of bob's at his first refused move from
// the tenth on. shown is that move's number (the cursor after it).
func clockedGame(g archive.Game) (clocked archive.Game, shown int) {
	pinClocks(&g)
	g.Rec.Seats = slices.Clone(g.Rec.Seats)
	g.Rec.Seats[0].Name, g.Rec.Seats[1].Name = "ada", "bob"
	var refused []int // bob's
	for i, mv := range g.Replay.Moves {
		if mv.Seat == 1 && mv.Clock != nil && mv.Clock.Warn != "" {
			refused = append(refused, i)
		}
	}
	slow := slices.IndexFunc(g.Replay.Moves, func(mv replay.Move) bool { return mv.Seat == 0 && mv.Clock != nil && mv.Clock.Think > 0 })
	for i := len(g.Replay.Moves) / 3; i < len(g.Replay.Moves); i++ {
		if g.Replay.Moves[i].Seat == 0 {
			slow = i
			break
		}
	}
	banks := []time.Duration{10 * time.Second, 10 * time.Second}
	const perMove = time.Second
	for i, mv := range g.Replay.Moves {
		if mv.Clock == nil {
			continue
		}
		c := mv.Clock
		switch {
		case i == slow:
			c.Think = 1920 * time.Millisecond
		case len(refused) > 1 && i == refused[len(refused)-1]:
			c.Think, c.Warn, c.Sent = perMove+banks[mv.Seat], "timeout", nil
		}
		banks[mv.Seat] = max(banks[mv.Seat]-max(c.Think-perMove, 0), 0)
		c.Bank, c.HasBank = banks[mv.Seat], true
	}
	shown = refused[0] + 1
	for _, i := range refused {
		if i >= 10 {
			shown = i + 1
			break
		}
	}
	g.Notes = map[int]string{shown - 1: "colour 4 looked free: my copy of the board was one move old",
		shown + 1: "a note of a later move"}
	return g, shown
}

// showStored puts stored game g on m's screen, and returns the screen and what it draws,
// having checked that it fits width × height.
func showStored(t *testing.T, m *model, g archive.Game, width, height int) (*replays.Screen, string) {
	t.Helper()
	rs, err := replays.New(g)
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
