package roomview_test

import (
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
