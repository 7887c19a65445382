// Package replays is the lobby's replay screen: a stored game played again in the game's
// own view, shown through the screen contract (lobby/screen).
package replays

import (
	"fmt"
	"time"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/arena-classroom/arena/archive"
	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/internal/termtext"
	"github.com/arena-classroom/arena/lang"
	"github.com/arena-classroom/arena/lobby/roomview"
	"github.com/arena-classroom/arena/lobby/screen"
	"github.com/arena-classroom/arena/lobby/widget"
	"github.com/arena-classroom/arena/replay"
)

// Screen plays a stored game again in the game's own view: play and pause, step
// forward and back, seek, speed.
type Screen struct {
	g       archive.Game
	cursor  *replay.Cursor
	playing bool
	speed   int // index in replaySpeeds
	gen     int // the current playback tick chain; older ticks are ignored
	// The board at the cursor, drawn once per move shown.
	drawnAt, drawnPalette int
	drawnScale            int
	lines                 []string
	width                 int
	back                  screen.Screen // where leaving goes (a tournament's games); nil: the session's end
	rv                    *reviewState  // where it turned (review.go), while open
}

// replaySpeeds are the playback speeds in moves a second.
var replaySpeeds = []int{1, 2, 4, 8, 16, 32, 64}

// replayTick advances playback; gen tells stale ticks (from before a pause) apart.
type replayTick struct{ gen int }

// New is the replay of stored game g, playing from its start.
func New(g archive.Game) (*Screen, error) {
	c, err := replay.NewCursor(g.Entry.Game, g.Replay)
	if err != nil {
		return nil, lang.Errorf("game %s does not replay with this version of the arena: %s", g.Rec.ID, err)
	}
	speed := 1 // 2 moves a second: a turn-based game reads well at that pace
	if _, realTime := c.State().(games.RealTime); realTime {
		speed = 4 // a real-time game's moves are many and small
	}
	return &Screen{g: g, cursor: c, playing: true, speed: speed, drawnAt: -1}, nil
}

// Open is the replay of g over back (a list of games), playing; or back, with a notice
// of why g does not replay.
func Open(m screen.Model, g archive.Game, back screen.Screen) (screen.Screen, tea.Cmd) {
	r, err := New(g)
	if err != nil {
		m.Notify(lang.Say(err, m.Lang()))
		return back, nil
	}
	r.From(back)
	return r, r.Init(m)
}

// From makes back the screen leaving the replay goes to (a tournament's list of games).
func (r *Screen) From(back screen.Screen) *Screen {
	r.back = back
	return r
}

// Init starts playback; the lobby then opens on the game replayed.
func (r *Screen) Init(m screen.Model) tea.Cmd {
	m.Played(r.g.Entry.Game.ID())
	return r.tick()
}

// tick schedules the next playback step at the current speed (at most 20 redraws a second;
// faster speeds play several moves a step).
func (r *Screen) tick() tea.Cmd {
	gen := r.gen
	every := max(time.Second/time.Duration(replaySpeeds[r.speed]), 50*time.Millisecond)
	return tea.Tick(every, func(time.Time) tea.Msg { return replayTick{gen} })
}

func (r *Screen) perStep() int { return max(replaySpeeds[r.speed]/20, 1) }

// replayKeys are the replay's keys; seek is the digits, each a tenth of the game.
var replayKeys = struct {
	play, forward, back, forward10, back10, start, end, faster, slower key.Binding
	seek                                                               []key.Binding
}{
	play:      widget.Bind("space/p/enter", lang.N("play / pause (at the end: play again from the start)"), " ", "p", "enter"),
	forward:   widget.Bind("→/l/.", lang.N("one move forward (pauses)"), "right", "l", "."),
	back:      widget.Bind("←/h/,", lang.N("one move back (pauses)"), "left", "h", ","),
	forward10: widget.Bind("pgdn/L", lang.N("ten moves forward"), "pgdown", "L"),
	back10:    widget.Bind("pgup/H", lang.N("ten moves back"), "pgup", "H"),
	start:     widget.Bind("home/g", lang.N("the start"), "home", "g"),
	end:       widget.Bind("end/G", lang.N("the end"), "end", "G"),
	faster:    widget.Bind("↑/+", lang.N("faster (up to 64 moves a second)"), "up", "+", "="),
	slower:    widget.Bind("↓/-", lang.N("slower (down to 1 move a second)"), "down", "-"),
	seek: func() []key.Binding {
		var out []key.Binding
		for d := range 10 {
			out = append(out, widget.Bind("0–9", lang.N("go to that tenth of the game (0: the start)"), fmt.Sprint(d)))
		}
		return out
	}(),
}

func (r *Screen) Keys(m screen.Model) widget.KeyMap {
	k := replayKeys
	seek := widget.Pair("", k.seek...) // the ten digits, in one line of help
	seek.SetHelp("0–9", k.seek[0].Help().Desc)
	short := seek
	short.SetHelp("0–9", lang.N("seek"))
	leave := widget.Back(m.BackTo(r.back), true)
	_, canReview := r.reviewSeat(m)
	open := widget.Enabled(reviewKeys.open, canReview)
	findings := r.rv != nil && !r.rv.running && len(r.rv.rep.Findings) > 0
	next, prev := widget.Enabled(reviewKeys.next, findings), widget.Enabled(reviewKeys.prev, findings)
	shortOpen := widget.Short(open, lang.N("where it turned"))
	if r.rv != nil {
		shortOpen = widget.Short(open, lang.N("close"))
	}
	footer := []key.Binding{widget.Pair(lang.N("play/pause"), k.play), widget.Pair(lang.N("step"), k.back, k.forward), widget.Pair(lang.N("speed"), k.faster, k.slower), short}
	if findings {
		footer = append(footer, widget.Pair(lang.N("moves"), next, prev))
	}
	return widget.KeyMap{
		Short: append(footer, shortOpen, leave),
		Full:  [][]key.Binding{{k.play, k.forward, k.back, k.forward10, k.back10, k.faster, k.slower, seek, k.start, k.end, open, next, prev, leave}},
	}
}

func (r *Screen) Update(m screen.Model, msg tea.Msg) (screen.Screen, tea.Cmd) {
	switch msg := msg.(type) {
	case replayTick:
		if msg.gen != r.gen || !r.playing {
			return r, nil
		}
		r.cursor.Seek(r.cursor.At() + r.perStep())
		if r.cursor.At() == r.cursor.Len() {
			r.playing = false
			return r, nil
		}
		return r, r.tick()
	case reviewDone:
		r.reviewed(msg)
		return r, nil
	case tea.KeyMsg:
		return r.key(m, msg)
	}
	return r, nil
}

func (r *Screen) key(m screen.Model, k tea.KeyMsg) (screen.Screen, tea.Cmd) {
	c := r.cursor
	switch keys := replayKeys; {
	case key.Matches(k, widget.Back("", true)):
		return m.Back(r.back, "")
	case key.Matches(k, reviewKeys.open) && r.canReview(m):
		return r, r.toggleReview(m)
	case key.Matches(k, reviewKeys.next):
		r.stepFinding(+1)
		return r, nil
	case key.Matches(k, reviewKeys.prev):
		r.stepFinding(-1)
		return r, nil
	case key.Matches(k, keys.play):
		if !r.playing && c.At() == c.Len() {
			c.Seek(0) // play again from the start
		}
		return r.setPlaying(!r.playing)
	case key.Matches(k, keys.forward):
		c.Seek(c.At() + 1)
		return r.setPlaying(false)
	case key.Matches(k, keys.back):
		c.Seek(c.At() - 1)
		return r.setPlaying(false)
	case key.Matches(k, keys.forward10):
		c.Seek(c.At() + 10)
	case key.Matches(k, keys.back10):
		c.Seek(c.At() - 10)
	case key.Matches(k, keys.start):
		c.Seek(0)
	case key.Matches(k, keys.end):
		c.Seek(c.Len())
	case key.Matches(k, keys.faster):
		r.speed = min(r.speed+1, len(replaySpeeds)-1)
		return r.setPlaying(r.playing)
	case key.Matches(k, keys.slower):
		r.speed = max(r.speed-1, 0)
		return r.setPlaying(r.playing)
	default:
		for d, b := range keys.seek {
			if key.Matches(k, b) {
				c.Seek(c.Len() * d / 10)
			}
		}
	}
	if c.At() == c.Len() && r.playing {
		return r.setPlaying(false) // nothing left to play
	}
	return r, nil
}

// setPlaying starts or stops playback; a new chain of ticks replaces any running one.
func (r *Screen) setPlaying(on bool) (screen.Screen, tea.Cmd) {
	r.playing = on
	r.gen++
	if on {
		return r, r.tick()
	}
	return r, nil
}

// At is the number of moves played on the board shown.
func (r *Screen) At() int { return r.cursor.At() }

// BoardWidth is the width of the board as last drawn, in cells.
func (r *Screen) BoardWidth() int { return r.width }

// board is the board at the cursor at scale k (see games.Scaler), drawn once per change.
func (r *Screen) board(p games.Palette, k int) ([]string, int) {
	if r.drawnAt != r.cursor.At() || r.drawnPalette != int(p) || r.drawnScale != k || r.lines == nil {
		if sc, ok := r.g.Entry.View.(games.Scaler); ok && k > 0 {
			r.lines, r.width = termtext.SplitBoard(sc.ScaledBoard(r.cursor.State(), -1, p, k))
		} else {
			r.lines, r.width = termtext.SplitBoard(r.g.Entry.View.Board(r.cursor.State(), -1, p))
		}
		r.drawnAt, r.drawnPalette, r.drawnScale = r.cursor.At(), int(p), k
	}
	return r.lines, r.width
}

func (r *Screen) View(m screen.Model) string {
	st, l := m.Styles(), m.Lang()
	head := m.Header(st.Dim.Render(l.Sprintf("%s · replay %s", l.Say(r.g.Entry.Game.Name()), r.g.Rec.ID)))
	rw, rh := roomview.BoardRoom(m.Width(), m.Height())
	lines, bw := r.board(m.Palette(), games.ScaleFor(r.g.Entry.View, r.cursor.State(), rw, rh))
	pw := min(max(roomview.PanelWidth, m.Width()-bw-2), roomview.MaxPanelWidth)
	if bw+2+roomview.PanelWidth > m.Width() || len(lines)+roomview.ChromeHeight > m.Height() {
		v := roomview.Viewer{St: st, Palette: m.Palette(), Seat: -1, Now: m.Now(), Height: m.Height(), Lang: l}
		return roomview.TooSmallView(v, head, m.Footer(r.Keys(m)), m.Width(), bw+2+roomview.PanelWidth, len(lines)+roomview.ChromeHeight,
			"esc", r.panel(m, min(roomview.PanelWidth, m.Width())))
	}
	return head + "\n" + termtext.BesideBoard(lines, bw, r.panel(m, pw)) + "\n" + m.Footer(r.Keys(m))
}

// panel is the side panel beside the board: the move shown, playback, seats, the move's events.
func (r *Screen) panel(m screen.Model, width int) string {
	if r.rv != nil {
		return r.reviewPanel(m, width)
	}
	l := m.Lang()
	playback := l.Sprintf("paused")
	if r.playing {
		playback = l.Sprintf("playing, %d moves/s", replaySpeeds[r.speed])
	}
	v := roomview.Viewer{St: m.Styles(), Palette: m.Palette(), Seat: -1, Now: m.Now(), Height: m.Height(), Lang: l}
	return roomview.ReplayPanel(v, r.g, r.cursor, playback, width)
}

func (r *Screen) Help(m screen.Model) string {
	return m.Lang().Sprintf(`Replay of a stored game, in the game's own view.

From a shell: ssh -t HOST replay ID; ssh HOST replay ID --json exports it;
ssh HOST history lists your games with their ids.`)
}
