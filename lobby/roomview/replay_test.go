package roomview_test

import (
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"

	"github.com/arena-classroom/arena/archive"
	"github.com/arena-classroom/arena/catalog"
	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/lobby/roomview"
	"github.com/arena-classroom/arena/lobby/widget"
	"github.com/arena-classroom/arena/replay"
	"github.com/arena-classroom/arena/store"
)

// A move the referee played for a seat (its answer late or refused) says so in the game's
// words, never "the default move" (issue 35, item 6): the move's events say what followed,
// or, where it has none, the move's name.
func TestReplaySaysWhatALateAnswerDid(t *testing.T) {
	for _, c := range []struct {
		game, at string // at: the instant of a real-time game's first decision
		want     string
	}{
		{"sevencolors", "", "lost the turn"},
		{"dicewars", "", "ends the turn"},
		{"perfectaim", "1/1", "late or refused: WAIT"},
	} {
		e, _ := catalog.Get(c.game)
		cfg, err := e.Game.Normalize(nil)
		if err != nil {
			t.Fatal(err)
		}
		st, err := e.Game.New(cfg, 2, 1)
		if err != nil {
			t.Fatal(err)
		}
		seat := st.ToMove()[0]
		mv := replay.Move{Seat: seat, Action: st.DefaultAction(seat), Default: true, At: c.at}
		rp := replay.Replay{Game: c.game, Config: cfg, Seed: 1, Seats: []string{"ann", "bob"}, Moves: []replay.Move{mv}}
		cur, err := replay.NewCursor(e.Game, rp)
		if err != nil {
			t.Fatalf("%s: %v", c.game, err)
		}
		cur.Seek(1)
		g := archive.Game{Entry: e, Replay: rp, Rec: store.MatchRecord{Game: c.game,
			Seats: []store.SeatRecord{{Name: "ann"}, {Name: "bob"}}}}
		v := roomview.Viewer{St: widget.NewStyles(lipgloss.NewRenderer(io.Discard)), Palette: games.Plain, Seat: -1, Height: 40}
		panel := ansi.Strip(roomview.ReplayPanel(v, g, cur, "paused", 60))
		if !strings.Contains(panel, "answer was late or refused") || !strings.Contains(panel, c.want) ||
			strings.Contains(panel, "default") {
			t.Errorf("%s:\n%s", c.game, panel)
		}
	}
}

// The replay panel names the move shown and, for a turn-based game, the command that
// prints the position on the board (the one before the next move); none at the end, none
// for a real-time game. A short window cuts the panel to the rows beside the board.
func TestReplayPanelGivesTheCommandForThePositionShown(t *testing.T) {
	for _, game := range []string{"sevencolors", "warhammer", "perfectaim"} {
		e, _ := catalog.Get(game)
		cfg, err := e.Game.Normalize(nil)
		if err != nil {
			t.Fatal(err)
		}
		st, err := e.Game.New(cfg, 2, 1)
		if err != nil {
			t.Fatal(err)
		}
		rp := replay.Replay{Game: game, Config: cfg, Seed: 1, Seats: []string{"ann", "bob"}}
		if game == "perfectaim" {
			// One decision a seat at the first instant is enough to replay.
			for _, seat := range st.ToMove() {
				rp.Moves = append(rp.Moves, replay.Move{Seat: seat, Action: st.DefaultAction(seat), Default: true, At: "1/1"})
			}
		}
		for len(rp.Moves) < 6 && game != "perfectaim" && !st.Over() {
			seat := st.ToMove()[0]
			legal := st.Legal(seat)
			a := legal[len(legal)/2]
			if _, err := st.Apply(seat, a); err != nil {
				t.Fatal(err)
			}
			rp.Moves = append(rp.Moves, replay.Move{Seat: seat, Action: a})
		}
		cur, err := replay.NewCursor(e.Game, rp)
		if err != nil {
			t.Fatalf("%s: %v", game, err)
		}
		g := archive.Game{Entry: e, Replay: rp, Rec: store.MatchRecord{ID: "m_AB12CD_mwzmxkuq", Game: game,
			Seats: []store.SeatRecord{{Name: "ann"}, {Name: "bob"}}}}
		v := roomview.Viewer{St: widget.NewStyles(lipgloss.NewRenderer(io.Discard)), Palette: games.Plain, Seat: -1, Height: 40}
		if cur.Len() < 2 && game != "perfectaim" {
			t.Fatalf("%s: a game of %d moves", game, cur.Len())
		}
		cur.Seek(1)
		panel := drawnPanel(v, g, cur, roomview.PanelWidth)
		want := "position before move 2:\n ssh HOST replay m_AB12CD_mwzmxkuq\n   --position 2\n"
		if game == "perfectaim" {
			if strings.Contains(panel, "--position") || roomview.PositionCommand(g, cur) != "" {
				t.Errorf("%s has no positions, yet its replay gives a command:\n%s", game, panel)
			}
			continue
		}
		if !strings.HasPrefix(panel, fmt.Sprintf("move 1/%d ", len(rp.Moves))) || !strings.Contains(panel, want) {
			t.Errorf("%s at move 1, %d columns wide:\n%s\nwant the move and\n%s", game, roomview.PanelWidth, panel, want)
		}
		wide := drawnPanel(v, g, cur, 60)
		if !strings.Contains(wide, "\n ssh HOST replay m_AB12CD_mwzmxkuq --position 2\n") {
			t.Errorf("%s, 60 columns wide: the command on two lines:\n%s", game, wide)
		}
		cur.Seek(cur.Len())
		if end := drawnPanel(v, g, cur, 60); strings.Contains(end, "--position") {
			t.Errorf("%s at its end: a position command, but no move follows:\n%s", game, end)
		}
		cur.Seek(1)
		v.Height = 10
		short := strings.Split(drawnPanel(v, g, cur, roomview.PanelWidth), "\n")
		if len(short) != v.Height-roomview.ChromeHeight || short[len(short)-1] != " …" {
			t.Errorf("%s in a window of %d rows: %d rows\n%s", game, v.Height, len(short), strings.Join(short, "\n"))
		}
	}
}

// drawnPanel is the replay panel as text, without escapes or the spaces ending its lines.
func drawnPanel(v roomview.Viewer, g archive.Game, c *replay.Cursor, width int) string {
	lines := strings.Split(ansi.Strip(roomview.ReplayPanel(v, g, c, "paused", width)), "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, " ")
	}
	return strings.Join(lines, "\n")
}
