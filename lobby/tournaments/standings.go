package tournaments

import (
	"context"
	"errors"
	"strings"
	"time"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/arena-classroom/arena/internal/termtext"
	"github.com/arena-classroom/arena/lang"
	"github.com/arena-classroom/arena/lobby/screen"
	"github.com/arena-classroom/arena/lobby/widget"
	"github.com/arena-classroom/arena/tournament/director"
)

// standingsScreen is a tournament's live standings, its games in progress and its next round.
type standingsScreen struct {
	svc  *screen.Services
	code string
	rep  director.Report
	back screen.Screen
	at   uint64 // the director's version when rep was read
	have bool   // rep was read (OpenStandings shows the screen before it is)
	// confirmCancel: x was pressed once; a second x cancels.
	confirmCancel bool
	loading       bool // a load is on its way (load)
	again         bool // and another is due after it
	page          *widget.Pager
}

// standingsLoaded is a tournament's report read by loadReport, and the director's version
// it was read at.
type standingsLoaded struct {
	code string
	rep  director.Report
	at   uint64
	err  error // a sentence for the person
}

// loadReport reads tournament code's report off the session's goroutine (the store, or a
// request to the cluster's leader).
func loadReport(m screen.Model, svc *screen.Services, code string) tea.Cmd {
	d, ctx := svc.Director, m.Context()
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
		defer cancel()
		v := d.Version()
		rep, err := d.Report(ctx, code)
		switch {
		case errors.Is(err, director.ErrNotFound):
			err = lang.Errorf("no tournament %q: check the code", code)
		case err != nil:
			err = lang.Errorf("the tournament could not be read right now; try again")
		}
		return standingsLoaded{code: code, rep: rep, at: v, err: err}
	}
}

// Standings shows report rep of tournament code as read already; the screen reads it again
// when the director has moved on.
func Standings(svc *screen.Services, code string, rep director.Report, back screen.Screen) screen.Screen {
	s := &standingsScreen{svc: svc, code: code, rep: rep, back: back, have: true}
	if svc.Director != nil {
		s.at = svc.Director.Version()
	}
	return s
}

// OpenStandings shows tournament code's standings, read when the screen is shown (a
// tournament game's result opens them).
func OpenStandings(svc *screen.Services, code string, back screen.Screen) screen.Screen {
	return &standingsScreen{svc: svc, code: code, back: back}
}

// Load reads the report when the screen is shown: at once if it was never read, else if
// the director moved on.
func (s *standingsScreen) Load(m screen.Model) tea.Cmd { return s.load(m, !s.have) }

func (s *standingsScreen) ShowsLobby() {}

// load reads the report again when the director has moved on since it was read (entries,
// results and calls move the screen on), one load at a time.
func (s *standingsScreen) load(m screen.Model, force bool) tea.Cmd {
	if s.svc.Director == nil || !force && s.svc.Director.Version() == s.at {
		return nil
	}
	if s.loading {
		s.again = true
		return nil
	}
	s.loading = true
	return loadReport(m, s.svc, s.code)
}

// standingsKeys are the standings' keys; j enters the tournament here, so the pager
// scrolls down with ↓ only.
var standingsKeys = struct {
	wall, games, join, start, pause, resume, cancel key.Binding
}{
	wall:   widget.Bind("w", lang.N("its games on the wall"), "w"),
	games:  widget.Bind("g", lang.N("its games, each to replay"), "g"),
	join:   widget.Bind("j", lang.N("enter it (while it is open)"), "j"),
	start:  widget.Bind("s", lang.N("teachers: start it"), "s"),
	pause:  widget.Bind("p", lang.N("teachers: pause it"), "p"),
	resume: widget.Bind("r", lang.N("teachers: resume it"), "r"),
	cancel: widget.Bind("x", lang.N("teachers: cancel it (press twice)"), "x"),
}

func standingsPagerKeys() widget.PagerKeys {
	p := widget.NewPagerKeys()
	p.Down = widget.Bind("↓", lang.N("scroll down a line"), "down")
	p.Top = widget.Bind("home", lang.N("the top"), "home") // g lists the games
	return p
}

func (s *standingsScreen) pager() *widget.Pager {
	if s.page == nil {
		s.page = widget.NewPagerWith(standingsPagerKeys())
	}
	return s.page
}

// Name is what a footer calls the standings: "esc standings".
func (s *standingsScreen) Name() string { return "standings" }

func (s *standingsScreen) Keys(m screen.Model) widget.KeyMap {
	k := standingsKeys
	back := widget.Back(m.BackTo(s.back), true)
	short := []key.Binding{widget.Pair("wall", k.wall), widget.Pair("games", k.games), back, widget.HelpKey}
	if s.rep.State == director.Open {
		short = append([]key.Binding{widget.Pair(lang.N("enter it"), k.join)}, short...)
	}
	if m.Who().Admin {
		switch s.rep.State {
		case director.Open:
			short = append([]key.Binding{widget.Pair("start", k.start)}, short...)
		case director.Running:
			short = append([]key.Binding{widget.Pair("pause", k.pause), widget.Pair("cancel", k.cancel)}, short...)
		case director.Paused:
			short = append([]key.Binding{widget.Pair("resume", k.resume), widget.Pair("cancel", k.cancel)}, short...)
		}
	}
	return widget.KeyMap{
		Short: short,
		Full:  [][]key.Binding{{k.join, k.wall, k.games, back}, {k.start, k.pause, k.resume, k.cancel}, s.pager().Keys.All()},
	}
}

func (s *standingsScreen) Update(m screen.Model, msg tea.Msg) (screen.Screen, tea.Cmd) {
	if loaded, ok := msg.(standingsLoaded); ok && loaded.code == s.code {
		s.loading = false
		if loaded.err == nil {
			s.rep, s.at, s.have = loaded.rep, loaded.at, true
		} else {
			s.at = loaded.at // not again before the director moves on
			if !s.have {
				m.Notify(lang.Say(loaded.err, m.Lang()))
			}
		}
		force := s.again
		s.again = false
		return s, s.load(m, force)
	}
	k, ok := msg.(tea.KeyMsg)
	if !ok {
		return s, s.load(m, false) // the lobby changed, a clock ticked: read again if due
	}
	switch keys := standingsKeys; {
	case key.Matches(k, widget.Back("", true)):
		return m.Back(s.back, "")
	case key.Matches(k, keys.wall):
		return NewWall(s.code, s), nil
	case key.Matches(k, keys.games):
		return NewGames(s.svc, s.code, s), nil
	case key.Matches(k, keys.join):
		m.Notify(s.join(m))
		return s, s.load(m, true)
	case key.Matches(k, keys.start):
		m.Notify(s.console(m, s.svc.Director.Start, "started", lang.N("tournament started")))
	case key.Matches(k, keys.pause):
		m.Notify(s.console(m, s.svc.Director.Pause, "paused", lang.N("tournament paused")))
	case key.Matches(k, keys.resume):
		m.Notify(s.console(m, s.svc.Director.Resume, "resumed", lang.N("tournament resumed")))
	case key.Matches(k, keys.cancel):
		if !s.confirmCancel && m.Who().Admin {
			s.confirmCancel = true
			m.Notify(m.Lang().Sprintf("press x again to cancel the tournament for good (its results so far are kept)"))
			return s, nil
		}
		m.Notify(s.console(m, s.svc.Director.Cancel, "cancelled", lang.N("tournament cancelled")))
	default:
		s.pager().Key(k)
		return s, nil
	}
	return s, s.load(m, true) // a teacher's command moved the tournament on
}

// console runs a teacher's command on the tournament (start, pause, resume, cancel: x
// twice, since cancelling cannot be undone), and says how it went: said (marked with
// lang.N) when it went well, done in the log.
func (s *standingsScreen) console(m screen.Model, run func(context.Context, string) error, done, said string) string {
	l := m.Lang()
	if !m.Who().Admin {
		return l.Sprintf("only teachers run tournaments")
	}
	s.confirmCancel = false
	ctx, cancel := context.WithTimeout(m.Context(), 10*time.Second)
	defer cancel()
	err := run(ctx, s.code)
	switch {
	case err == nil:
		s.svc.Log.Info("tournament "+done, "code", s.code, "by", m.Who().Name)
		return l.Say(said)
	case director.IsState(err):
		return lang.Say(err, l)
	}
	s.svc.Log.Error("tournament console", "code", s.code, "err", err)
	return l.Sprintf("the tournament could not be changed right now; try again")
}

// join enters the person in the open tournament, and says how it went.
func (s *standingsScreen) join(m screen.Model) string {
	who, l := m.Who(), m.Lang()
	switch {
	case who.Guest:
		return l.Sprintf("a tournament entry belongs to a key: connect with your SSH key to enter")
	case s.rep.State != director.Open:
		return l.Sprintf("entries to this tournament are closed")
	case s.rep.Game == "":
		return ""
	}
	ctx, cancel := context.WithTimeout(m.Context(), 5*time.Second)
	defer cancel()
	err := s.svc.Director.Enter(ctx, s.code, director.Entrant{ID: who.ID, Name: who.Name, Kind: director.EntrantPerson,
		Rating: s.svc.Archive.SeedRating(ctx, s.rep.Game, who.ID), Addr: m.Addr()})
	var full *director.ErrFull
	switch {
	case err == nil:
		return l.Sprintf("you are entered in %s: stay in the lobby; it rings when your game is due", s.rep.Name)
	case errors.Is(err, director.ErrEntrantExists):
		return l.Sprintf("you are entered already")
	case errors.Is(err, director.ErrEntrantName):
		return l.Sprintf("another entrant has your name")
	case errors.Is(err, director.ErrNotOpen):
		return l.Sprintf("entries to this tournament are closed")
	case errors.As(err, &full):
		return l.Sprintf("this tournament is full: ask your teacher")
	}
	if refused, _ := director.IsEntryRefused(err); refused {
		return lang.Say(err, l)
	}
	s.svc.Log.Error("tournament entry", "code", s.code, "err", err)
	return l.Sprintf("the entry could not be stored right now; try again")
}

func (s *standingsScreen) View(m screen.Model) string {
	st, l := m.Styles(), m.Lang()
	var b strings.Builder
	b.WriteString(m.Header(st.Dim.Render(l.Sprintf("tournament %s", s.code))) + "\n\n")
	if !s.have {
		b.WriteString(st.Dim.Render(l.Sprintf("loading…")) + "\n\n" + m.Footer(s.Keys(m)))
		return b.String()
	}
	// Every standing, every game: the pager scrolls what the window cannot hold.
	// The table's lines are cut to the window; a sentence under it (the FORF and ABS
	// legend) is folded, whole, to its width.
	var lines []string
	for _, line := range strings.Split(strings.TrimRight(director.StandingsTextIn(s.rep, 0, l), "\n"), "\n") {
		if !strings.HasPrefix(line, " ") && strings.HasSuffix(line, ".") {
			lines = append(lines, termtext.WrapWords(line, m.Width()-1)...)
			continue
		}
		lines = append(lines, termtext.Fit(line, m.Width()-1))
	}
	s.pager().Set(strings.Join(lines, "\n"), m.Height()-5) // header, blank; where, blank, keys
	b.WriteString(s.page.View() + "\n")
	if w := s.page.WhereIn(m.Lang()); w != "" {
		b.WriteString(st.Dim.Render(w) + "\n")
	}
	b.WriteString("\n" + m.Footer(s.Keys(m)))
	return b.String()
}

func (s *standingsScreen) Help(m screen.Model) string {
	return m.Lang().Sprintf(`Standings

Rank, name, how far they went (elimination, pools), points (a win 1, a draw ½ in two-player
games; in pools a point for each player finished ahead of), games played, won, drawn and
lost (in pools: finished 1st, 2nd, …), byes, then the tie-breaks of the format (Swiss:
Buchholz, then head-to-head among those tied). Below: the games being played (watch ROOM
to follow one) and the games of this round still to start. The screen follows the
tournament live.
Teachers (admin keys) run it from here too.`)
}
