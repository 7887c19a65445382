package tournaments

import (
	"io"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"

	"github.com/arena-classroom/arena/catalog"
	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/lang"
	"github.com/arena-classroom/arena/lobby/screen"
	"github.com/arena-classroom/arena/lobby/widget"
	"github.com/arena-classroom/arena/replay"
	"github.com/arena-classroom/arena/rooms"
	"github.com/arena-classroom/arena/tournament"
	"github.com/arena-classroom/arena/tournament/director"
)

// projector is what the wall asks of the session, in a window of width × height; the rest
// of screen.Model is not asked.
type projector struct {
	screen.Model
	width, height int
	st            *widget.Styles
	now           time.Time
}

func (m projector) Width() int                  { return m.width }
func (m projector) Height() int                 { return m.height }
func (m projector) Styles() *widget.Styles      { return m.st }
func (m projector) Palette() games.Palette      { return games.ANSI256 }
func (m projector) Lang() lang.Lang             { return lang.English }
func (m projector) Now() time.Time              { return m.now }
func (m projector) Header(right string) string  { return "arena · " + right }
func (m projector) Footer(widget.KeyMap) string { return "keys" }
func (m projector) BackTo(screen.Screen) string { return "quit" }

// A tournament's wall on a projector replays a finished 7 Colors game as large as the room
// beside its panel allows: a 10×10 board a cell 6×3 at 120×40 and 8×4 at 160×50, a 20×20
// one 4×2 at 160×50 (at 120×40 its 4×2 would take 40 lines: it stays 2×1).
func TestTheWallReplaysA7ColorsBoardLarge(t *testing.T) {
	e, ok := catalog.Get("sevencolors")
	if !ok {
		t.Fatal("no 7 Colors")
	}
	now := time.Date(2026, 3, 6, 10, 0, 0, 0, time.UTC)
	for _, c := range []struct {
		width, height, size, scale int
	}{{120, 40, 10, 2}, {160, 50, 10, 3}, {160, 50, 20, 1}, {120, 40, 20, 0}} {
		rp := replay.Replay{Game: "sevencolors", Config: games.Config{"size": c.size}, Seed: 3, Seats: []string{"ada", "dee"}}
		cast := replayLoaded{info: rooms.Info{ID: "r1", Tag: "tournament TW 1 0 0 house:ada house:dee"}, entry: e.Entry, rp: &rp}.start(now)
		if cast == nil {
			t.Fatal("the replay does not start")
		}
		w := &wallScreen{code: "TW", casting: cast, speed: defaultReplaySpeed, seen: map[string]bool{},
			rep: &director.Report{Code: "TW", Name: "Friday's class", Game: "sevencolors", Format: "round-robin", State: director.Running,
				Round: 1, Rounds: 3, GamesTotal: 6, Standings: []tournament.Standing{{ID: "a", Name: "ada", Rank: 1}, {ID: "d", Name: "dee", Rank: 1}}}}
		m := projector{width: c.width, height: c.height, st: widget.NewStyles(lipgloss.NewRenderer(io.Discard)), now: now}
		drawn := w.draw(m)
		lines := strings.Split(ansi.Strip(drawn), "\n")
		if len(lines) > c.height {
			t.Fatalf("%d×%d: %d lines", c.width, c.height, len(lines))
		}
		for _, l := range strings.Split(drawn, "\n") {
			if ansi.StringWidth(l) > c.width {
				t.Fatalf("%d×%d: a line %d wide", c.width, c.height, ansi.StringWidth(l))
			}
		}
		st, _ := replay.NewCursor(e.Game, rp)
		sc := e.View.(games.Scaler)
		if got := sc.Scales(st.State())[c.scale]; c.scale > 0 && (got[0] > c.width-panelWidth-2 || got[1] > c.height-5) {
			t.Fatalf("the test's scale %d (%v) does not fit the wall", c.scale, got)
		}
		board := strings.Split(ansi.Strip(sc.ScaledBoard(st.State(), -1, games.ANSI256, c.scale)), "\n")
		// The board's first line with a letter, then the wall's line that begins with it.
		first := 0
		for strings.TrimSpace(board[first]) == "" {
			first++
		}
		at := -1
		for i, l := range lines {
			if strings.HasPrefix(l, strings.TrimRight(board[first], " ")) {
				at = i - first
				break
			}
		}
		if at < 0 || at+len(board) > len(lines) {
			t.Fatalf("%d×%d, %d×%d board: the wall does not draw it at scale %d\n%s", c.width, c.height, c.size, c.size, c.scale, strings.Join(lines, "\n"))
		}
		for i, b := range board {
			if got := lines[at+i]; !strings.HasPrefix(got, b) && strings.TrimRight(got, " ") != strings.TrimRight(b, " ") {
				t.Fatalf("%d×%d, %d×%d board: line %d of the wall is %q, the board's at scale %d %q", c.width, c.height, c.size, c.size, at+i, got, c.scale, b)
			}
		}
		if next := sc.Scales(st.State()); c.scale+1 < len(next) && next[c.scale+1][0] <= c.width-panelWidth-2 && next[c.scale+1][1] <= c.height-5 {
			t.Fatalf("%d×%d, %d×%d board: scale %d fits too, larger", c.width, c.height, c.size, c.size, c.scale+1)
		}
	}
}
