package roomview_test

import (
	"encoding/json"
	"github.com/arena-classroom/arena/lang"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/lipgloss"

	"github.com/arena-classroom/arena/archive"
	"github.com/arena-classroom/arena/catalog"
	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/lobby/roomview"
	"github.com/arena-classroom/arena/lobby/widget"
	"github.com/arena-classroom/arena/replay"
	"github.com/arena-classroom/arena/store"
)

const ms = time.Millisecond

// clocked is a clock of think ms, warning warn, with a bank of bank ms (none if negative).
func clocked(think int, bank int, warn string) *replay.Clock {
	c := &replay.Clock{Think: time.Duration(think) * ms, Warn: warn}
	if bank >= 0 {
		c.Bank, c.HasBank = time.Duration(bank)*ms, true
	}
	return c
}

// A seat's think times are its moves' clocks added up: the moves of other seats and those
// without a clock count for nothing; the slowest is the first move that took longest.
func TestThinkTimesSumEachSeatsClocks(t *testing.T) {
	moves := []replay.Move{
		{Seat: 0, Clock: clocked(100, 5000, "")},
		{Seat: 1, Clock: clocked(1000, -1, "timeout")},
		{Seat: 0, Clock: clocked(1920, 4080, "")},
		{Seat: 1, Clock: clocked(200, -1, "illegal_action")},
		{Seat: 0}, // nothing timed it
		{Seat: 1, Clock: clocked(10, -1, "bot_failed")},
		{Seat: 0, Clock: clocked(1920, 3160, "")},
		{Seat: 0, Clock: clocked(300, 3160, "")},
		{Seat: 1, Clock: clocked(50, -1, "timeout")},
	}
	got := roomview.ThinkTimes(moves, 2)
	if len(got) != 2 {
		t.Fatalf("%d seats' think times, want 2", len(got))
	}
	ada, bob := got[0], got[1]
	if ada.Moves != 4 || ada.Total != 4240*ms || ada.Average() != 1060*ms || ada.Slowest != 1920*ms || ada.SlowestAt != 2 ||
		ada.Timeouts+ada.Refused+ada.Failed != 0 {
		t.Errorf("ada: %+v (average %v)", ada, ada.Average())
	}
	if bob.Moves != 4 || bob.Slowest != time.Second || bob.SlowestAt != 1 || bob.Timeouts != 2 || bob.Refused != 1 || bob.Failed != 1 {
		t.Errorf("bob: %+v", bob)
	}
	for i := range moves {
		moves[i].Clock = nil
	}
	if got := roomview.ThinkTimes(moves, 2); got != nil {
		t.Errorf("moves without clocks: %+v, want none", got)
	}
}

// A sparkline has a bar for each of the seat's moves before the cursor, the latest last,
// the slowest of them full.
func TestSparklineIsTheSeatsRecentThinkTimes(t *testing.T) {
	var moves []replay.Move
	for _, think := range []int{100, 200, 400, 800} {
		moves = append(moves, replay.Move{Seat: 0, Clock: clocked(think, -1, "")}, replay.Move{Seat: 1, Clock: clocked(5000, -1, "")})
	}
	for _, c := range []struct {
		at, n int
		want  string
	}{
		{len(moves), 8, "▁▂▄█"},
		{len(moves), 2, "▄█"},
		{3, 8, "▄█"}, // ada's first two moves: 100 and 200 ms
		{0, 8, ""},
	} {
		if got := roomview.Sparkline(moves, 0, c.at, c.n); got != c.want {
			t.Errorf("before move %d, %d bars: %q, want %q", c.at, c.n, got, c.want)
		}
	}
}

func TestSecondsReadsAsAStudentWould(t *testing.T) {
	for d, want := range map[time.Duration]string{0: "0 s", 4 * ms: "0.004 s", 420 * ms: "0.42 s", 1920 * ms: "1.92 s",
		12345 * ms: "12.3 s", 95 * time.Second: "95.0 s", 123 * time.Second: "123 s"} {
		if got := roomview.Seconds(d); got != want {
			t.Errorf("%v: %q, want %q", d, got, want)
		}
	}
}

// clockedSevenColors is a game of 7 Colors between ada and bob, n moves long, whose move i
// has clock(i) (nil: none), and notes.
func clockedSevenColors(t *testing.T, n int, clock func(i int) *replay.Clock, notes map[int]string) (archive.Game, *replay.Cursor) {
	t.Helper()
	e, _ := catalog.Get("sevencolors")
	cfg, err := e.Game.Normalize(nil)
	if err != nil {
		t.Fatal(err)
	}
	st, err := e.Game.New(cfg, 2, 1)
	if err != nil {
		t.Fatal(err)
	}
	rp := replay.Replay{Game: "sevencolors", Config: cfg, Seed: 1, Seats: []string{"ada", "bob"}}
	for i := range n {
		seat := st.ToMove()[0]
		a := st.DefaultAction(seat)
		c := clock(i)
		if c == nil || c.Warn == "" {
			legal := st.Legal(seat)
			a = legal[i%len(legal)]
		}
		if _, err := st.Apply(seat, a); err != nil {
			t.Fatal(err)
		}
		rp.Moves = append(rp.Moves, replay.Move{Seat: seat, Action: a, Default: c != nil && c.Warn != "", Clock: c})
	}
	cur, err := replay.NewCursor(e.Game, rp)
	if err != nil {
		t.Fatal(err)
	}
	return archive.Game{Entry: e, Replay: rp, Notes: notes, Rec: store.MatchRecord{ID: "m1", Game: "sevencolors",
		Seats: []store.SeatRecord{{Name: "ada"}, {Name: "bob"}}}}, cur
}

// The move shown says who made it, how long it took, the bank left and its warning in
// words, and the program's note; each seat has its think times, the slowest move named.
func TestReplayPanelShowsTheMovesClockAndNote(t *testing.T) {
	clock := func(i int) *replay.Clock {
		switch i {
		case 2:
			return clocked(1920, 8080, "") // ada's slowest
		case 3:
			return clocked(1000, 0, "timeout") // bob's
		case 5:
			c := clocked(420, 9000, "illegal_action")
			c.Sent = json.RawMessage("9")
			return c
		case 7:
			return clocked(3, -1, "bot_failed")
		case 1:
			c := clocked(101, 10000, "not_a_colour")
			c.Sent = json.RawMessage(`{"colour":"a long action that goes on and on"}`)
			return c
		}
		return clocked(100+i, 10000, "")
	}
	notes := map[int]string{4: "took the colour\nwith the most cells \x1b[31mfirst", 8: strings.Repeat("a long note ", 20)}
	g, cur := clockedSevenColors(t, 10, clock, notes)
	v := roomview.Viewer{St: widget.NewStyles(lipgloss.NewRenderer(io.Discard)), Palette: games.Plain, Seat: -1, Height: 40}
	for _, c := range []struct {
		at       int // the cursor: move at is shown
		want     []string
		not      []string
		maxWidth int
	}{
		{at: 3, want: []string{"ada thought 1.92 s · bank 8.08 s left"}, not: []string{"note:", "timed out", "refused"}},
		{at: 4, want: []string{"bob thought 1.00 s · bank 0 s left", "timed out: default played"}},
		{at: 5, want: []string{"note: took the colour with the most cells [31mfirst"}},
		{at: 6, want: []string{"refused 9 (illegal_action): default played", "bank 9.00 s"}},
		{at: 8, want: []string{"bob thought 0.003 s\n", "house bot failed"}, not: []string{"bank"}},
		{at: 2, want: []string{`refused {"colour":"a long actio… (not_a_colour): default`}}, // its start only
		{at: 9, want: []string{"note: a long note a long note"}},
	} {
		cur.Seek(c.at)
		for _, width := range []int{roomview.PanelWidth, 60} {
			panel := drawnPanel(v, g, cur, width)
			if strings.Contains(panel, "\x1b") {
				t.Errorf("move %d, %d wide: an escape from the note:\n%q", c.at, width, panel)
			}
			for _, l := range strings.Split(panel, "\n") {
				if w := len([]rune(l)); w > width {
					t.Errorf("move %d: a line of %d cells in a panel %d wide: %q", c.at, w, width, l)
				}
			}
			if width < 60 {
				continue // the words cut or folded; checked 60 wide
			}
			for _, w := range c.want {
				if !strings.Contains(panel, w) {
					t.Errorf("move %d, %d wide: no %q in\n%s", c.at, width, w, panel)
				}
			}
			for _, w := range c.not {
				if strings.Contains(panel[strings.Index(panel, "This move"):], w) {
					t.Errorf("move %d, %d wide: %q in\n%s", c.at, width, w, panel)
				}
			}
			// Each seat's think times, the same at every move: ada's slowest is move 3 (of
			// 100, 1920, 104, 106, 108 ms), bob's move 4 (of 101, 1000, 420, 3, 109 ms).
			if !strings.Contains(panel, "avg think 0.47 s · slowest 1.92 s at move 3\n") ||
				!strings.Contains(panel, "avg think 0.33 s · slowest 1.00 s\n   at move 4 · 1 timeout · 2 moves refused · 1 bot failure\n") {
				t.Errorf("move %d, %d wide: the seats' think times wrong in\n%s", c.at, width, panel)
			}
		}
	}
}

// A replay without clocks (stored before them, or a real-time game's) shows no think times
// and no empty lines for them: its panel is the one a replay drew before clocks.
func TestReplayWithoutClocksShowsNoThinkTimes(t *testing.T) {
	g, cur := clockedSevenColors(t, 10, func(int) *replay.Clock { return nil }, nil)
	v := roomview.Viewer{St: widget.NewStyles(lipgloss.NewRenderer(io.Discard)), Palette: games.Plain, Seat: -1, Height: 40}
	for _, at := range []int{0, 4, 10} {
		cur.Seek(at)
		panel := drawnPanel(v, g, cur, 60)
		for _, w := range []string{"think", "thought", "bank", "slowest", "recent", "note:", "—", "\n\n\n"} {
			if strings.Contains(panel, w) {
				t.Errorf("move %d: %q in a replay without clocks:\n%s", at, w, panel)
			}
		}
		// Seats, then the move: the lines of 7 Colors' panel as they were.
		want := "▶ ada\n   ^ player 1:"
		if at%2 == 1 {
			want = "  ada\n   ^ player 1:"
		}
		if !strings.Contains(panel, want) || !strings.Contains(panel, "(") || at > 0 && !strings.Contains(panel, "\n\nThis move\n") {
			t.Errorf("move %d:\n%s", at, panel)
		}
	}
}

// In a short window the think times say less (and at last nothing), so that the move shown
// keeps its lines: its warning and note are never what the window cuts.
func TestAShortWindowKeepsTheMovesWarning(t *testing.T) {
	clock := func(i int) *replay.Clock {
		if i == 6 {
			return clocked(1000, 0, "timeout")
		}
		return clocked(100*(i%5+1), 10000, []string{"", "", "", "illegal_action"}[i%4])
	}
	g, cur := clockedSevenColors(t, 12, clock, map[int]string{6: "out of time"})
	cur.Seek(7)
	v := roomview.Viewer{St: widget.NewStyles(lipgloss.NewRenderer(io.Discard)), Palette: games.Plain, Seat: -1, Height: 40}
	tall := drawnPanel(v, g, cur, roomview.PanelWidth)
	if !strings.Contains(tall, "recent ") {
		t.Errorf("40 rows: no sparkline\n%s", tall)
	}
	for _, height := range []int{24, 22, 20} {
		v.Height = height
		panel := drawnPanel(v, g, cur, roomview.PanelWidth)
		if n := strings.Count(panel, "\n") + 1; n > height-roomview.ChromeHeight {
			t.Errorf("%d rows: a panel of %d", height, n)
		}
		if !strings.Contains(panel, "timed out: default") || !strings.Contains(panel, "note: out of time") || strings.HasSuffix(panel, "…") {
			t.Errorf("%d rows: the move's warning or note cut\n%s", height, panel)
		}
		if height >= 22 && !strings.Contains(panel, "avg think") {
			t.Errorf("%d rows: no think times at all\n%s", height, panel)
		}
	}
}

// A replay keeps whole milliseconds: a house bot's moves often took 0. Its think times say
// "under 0.001 s", with no sparkline of flat bars.
func TestMovesOfNoTimeReadUnderAMillisecond(t *testing.T) {
	g, cur := clockedSevenColors(t, 6, func(int) *replay.Clock { return clocked(0, -1, "") }, nil)
	cur.Seek(5)
	v := roomview.Viewer{St: widget.NewStyles(lipgloss.NewRenderer(io.Discard)), Palette: games.Plain, Seat: -1, Height: 40}
	panel := drawnPanel(v, g, cur, 60)
	if strings.Count(panel, "think under 0.001 s a move\n") != 2 || !strings.Contains(panel, "ada thought under 0.001 s") ||
		strings.Contains(panel, "recent") || strings.Contains(panel, "slowest") {
		t.Errorf("moves of no time:\n%s", panel)
	}
}

// The result in French, as a French player reads it: places as French writes them, names
// joined with "et".
func TestTheResultInFrench(t *testing.T) {
	names := []string{"ada", "bob", "cid"}
	for _, c := range []struct {
		ranks []int
		seat  int
		want  string
	}{
		{[]int{2, 1, 3}, 0, "Vous finissez 2e sur 3. bob gagne."},
		{[]int{1, 2, 3}, 0, "Vous gagnez !"},
		{[]int{1, 1, 3}, 2, "Vous finissez 3e sur 3. ada et bob se partagent la première place."},
		{[]int{1, 1, 1}, 0, "Égalité."},
		{[]int{1, 2}, 1, "Vous perdez. ada gagne."},
	} {
		if got, _ := roomview.ResultTextIn(lang.French, c.ranks, names[:len(c.ranks)], c.seat); got != c.want {
			t.Errorf("%v, seat %d: %q, want %q", c.ranks, c.seat, got, c.want)
		}
	}
	if got, _ := roomview.ResultText([]int{2, 1, 3}, names, 0); got != "You finish 2nd of 3. bob wins." {
		t.Errorf("in English: %q", got)
	}
}

// The replay's panel in French: its words, the think times written with a decimal comma,
// the counts of warnings in French plurals, and nothing wider than the panel.
func TestTheReplayPanelInFrench(t *testing.T) {
	clock := func(i int) *replay.Clock {
		switch i {
		case 3:
			return clocked(1000, 0, "timeout")
		case 5:
			c := clocked(420, 9000, "illegal_action")
			c.Sent = json.RawMessage("9")
			return c
		}
		return clocked(100+i, 10000, "")
	}
	g, cur := clockedSevenColors(t, 10, clock, nil)
	v := roomview.Viewer{St: widget.NewStyles(lipgloss.NewRenderer(io.Discard)), Palette: games.Plain, Seat: -1, Height: 40, Lang: lang.French}
	cur.Seek(6)
	panel := drawnPanel(v, g, cur, 60)
	for _, want := range []string{"coup 6/10", "position avant le coup 7 :", "Ce coup", "bob a réfléchi 0,42 s · réserve 9,00 s",
		"refusé 9 (illegal_action) : coup par défaut joué", "réflexion moy.", "1 délai dépassé", "1 coup refusé"} {
		if !strings.Contains(panel, want) {
			t.Errorf("no %q in the French panel:\n%s", want, panel)
		}
	}
	for _, english := range []string{"This move", "thought", "avg think", "refused", "at move", "position before"} {
		if strings.Contains(panel, english) {
			t.Errorf("%q in the French panel:\n%s", english, panel)
		}
	}
	for _, width := range []int{roomview.PanelWidth, 60} {
		for _, l := range strings.Split(drawnPanel(v, g, cur, width), "\n") {
			if w := len([]rune(l)); w > width {
				t.Errorf("a line of %d cells in a panel %d wide: %q", w, width, l)
			}
		}
	}
	cur.Seek(cur.Len())
	if panel := drawnPanel(v, g, cur, 60); !strings.Contains(panel, "gagne.") && !strings.Contains(panel, "Égalité.") && !strings.Contains(panel, "Partie terminée.") {
		t.Errorf("the recorded result is not in French:\n%s", panel)
	}
}
