package lobby

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/arena-classroom/arena/internal/termtext"
	"github.com/arena-classroom/arena/lobby/widget"
	"github.com/arena-classroom/arena/tournament/director"
)

// tournamentsScreen asks for a tournament's code (the teacher gives it) and lists the
// tournaments being played, to follow.
type tournamentsScreen struct {
	code widget.CodeInput
	home *homeScreen
}

func newTournamentsScreen(m *model, home *homeScreen) *tournamentsScreen {
	return &tournamentsScreen{code: widget.NewCodeInput("", m.s.st.Plain, m.s.st.Key, m.s.st.Dim), home: home}
}

func (t *tournamentsScreen) showsLobby() {}

var tournamentsKeys = struct{ open, back key.Binding }{
	open: widget.Bind("enter", "open the tournament: its standings", "enter"),
	back: widget.Bind("esc", "back", "esc"),
}

func (t *tournamentsScreen) keys(m *model) widget.KeyMap {
	k := tournamentsKeys
	return widget.KeyMap{
		Short: []key.Binding{widget.Pair("open", k.open), k.back, helpKey},
		Full:  [][]key.Binding{{k.open, k.back}, t.code.Editing()},
	}
}

func (t *tournamentsScreen) update(m *model, msg tea.Msg) (screen, tea.Cmd) {
	k, ok := msg.(tea.KeyMsg)
	if !ok {
		return t, nil
	}
	switch {
	case key.Matches(k, tournamentsKeys.back):
		return t.home, nil
	case key.Matches(k, tournamentsKeys.open):
		s, err := newStandingsScreen(m, t.code.Value(), t)
		if err != nil {
			m.notice = err.Error()
			return t, nil
		}
		return s, nil
	default:
		t.code.Update(k)
	}
	return t, nil
}

func (t *tournamentsScreen) view(m *model) string {
	st := m.s.st
	var b strings.Builder
	b.WriteString(m.header(st.Dim.Render("tournaments")) + "\n\n")
	b.WriteString("Tournament code (your teacher gives it): " + t.code.View() + "\n\n")
	b.WriteString(st.Heading.Render("Being played") + "\n")
	shown := 0
	if m.s.app.director != nil {
		ctx, cancel := context.WithTimeout(m.s.context(), 5*time.Second)
		list, _ := m.s.app.director.Tournaments(ctx)
		cancel()
		for _, tr := range list {
			if tr.State != director.Running && tr.State != director.Paused {
				continue
			}
			if shown == max(m.height()-9, 1) {
				b.WriteString(st.Dim.Render("  …") + "\n")
				break
			}
			b.WriteString(termtext.Fit(fmt.Sprintf("  %-7s %-12s %-8s %s", tr.Code, tr.Game, tr.State, clean(tr.Name)), m.width()-1) + "\n")
			shown++
		}
	}
	if shown == 0 {
		b.WriteString(st.Dim.Render("  none right now") + "\n")
	}
	b.WriteString("\n" + m.footer(t.keys(m)))
	return b.String()
}

func (t *tournamentsScreen) help(m *model) string {
	return `Tournaments

Type the code your teacher gave (it starts with T) and open it: you see the standings,
the games being played and the next round, live. While the tournament is open, press j
there to enter it yourself; your programs enter with
  ssh -T HOST bot --game GAME --tournament CODE
When one of your games is due, the lobby rings and counts down, then takes you to it.`
}

// standingsScreen is a tournament's live standings, its games in progress and its next round.
type standingsScreen struct {
	code string
	rep  director.Report
	back screen
	at   uint64 // the director's version when rep was read
	// confirmCancel: x was pressed once; a second x cancels.
	confirmCancel bool
	page          *widget.Pager
}

func newStandingsScreen(m *model, code string, back screen) (*standingsScreen, error) {
	if m.s.app.director == nil {
		return nil, errors.New("this server keeps no tournaments")
	}
	s := &standingsScreen{code: strings.ToUpper(code), back: back}
	if err := s.load(m); err != nil {
		return nil, err
	}
	return s, nil
}

func (s *standingsScreen) showsLobby() {}

func (s *standingsScreen) load(m *model) error {
	ctx, cancel := context.WithTimeout(m.s.context(), 5*time.Second)
	defer cancel()
	v := m.s.app.director.Version()
	rep, err := m.s.app.director.Report(ctx, s.code)
	if errors.Is(err, director.ErrNotFound) {
		return fmt.Errorf("no tournament %q: check the code", s.code)
	}
	if err != nil {
		return errors.New("the tournament could not be read right now; try again")
	}
	s.rep, s.at = rep, v
	return nil
}

// standingsKeys are the standings' keys; j enters the tournament here, so the pager
// scrolls down with ↓ only.
var standingsKeys = struct {
	back, wall, join, start, pause, resume, cancel key.Binding
}{
	back:   widget.Bind("esc/q", "back", "esc", "q"),
	wall:   widget.Bind("w", "its games on the wall", "w"),
	join:   widget.Bind("j", "enter it (while it is open)", "j"),
	start:  widget.Bind("s", "teachers: start it", "s"),
	pause:  widget.Bind("p", "teachers: pause it", "p"),
	resume: widget.Bind("r", "teachers: resume it", "r"),
	cancel: widget.Bind("x", "teachers: cancel it (press twice)", "x"),
}

func standingsPagerKeys() widget.PagerKeys {
	p := widget.NewPagerKeys()
	p.Down = widget.Bind("↓", "scroll down a line", "down")
	return p
}

func (s *standingsScreen) pager() *widget.Pager {
	if s.page == nil {
		s.page = widget.NewPagerWith(standingsPagerKeys())
	}
	return s.page
}

func (s *standingsScreen) keys(m *model) widget.KeyMap {
	k := standingsKeys
	short := []key.Binding{widget.Pair("wall", k.wall), widget.Pair("back", k.back), helpKey}
	if s.rep.State == director.Open {
		short = append([]key.Binding{widget.Pair("enter it", k.join)}, short...)
	}
	if m.s.who.Admin {
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
		Full:  [][]key.Binding{{k.join, k.wall, k.back}, {k.start, k.pause, k.resume, k.cancel}, s.pager().Keys.All()},
	}
}

func (s *standingsScreen) update(m *model, msg tea.Msg) (screen, tea.Cmd) {
	if v := m.s.app.director.Version(); v != s.at {
		_ = s.load(m)
	}
	k, ok := msg.(tea.KeyMsg)
	if !ok {
		return s, nil
	}
	switch keys := standingsKeys; {
	case key.Matches(k, keys.back):
		return s.back, nil
	case key.Matches(k, keys.wall):
		w := newWallScreen()
		w.code = s.code
		return w, nil
	case key.Matches(k, keys.join):
		m.notice = s.join(m)
		_ = s.load(m)
	case key.Matches(k, keys.start):
		m.notice = s.console(m, m.s.app.director.Start, "started")
	case key.Matches(k, keys.pause):
		m.notice = s.console(m, m.s.app.director.Pause, "paused")
	case key.Matches(k, keys.resume):
		m.notice = s.console(m, m.s.app.director.Resume, "resumed")
	case key.Matches(k, keys.cancel):
		if !s.confirmCancel && m.s.who.Admin {
			s.confirmCancel = true
			m.notice = "press x again to cancel the tournament for good (its results so far are kept)"
			return s, nil
		}
		m.notice = s.console(m, m.s.app.director.Cancel, "cancelled")
	default:
		s.pager().Key(k)
	}
	return s, nil
}

// console runs a teacher's command on the tournament (start, pause, resume, cancel: x
// twice, since cancelling cannot be undone), and says how it went.
func (s *standingsScreen) console(m *model, run func(context.Context, string) error, done string) string {
	defer func() { _ = s.load(m) }()
	if !m.s.who.Admin {
		return "only teachers run tournaments"
	}
	s.confirmCancel = false
	ctx, cancel := context.WithTimeout(m.s.context(), 10*time.Second)
	defer cancel()
	err := run(ctx, s.code)
	switch {
	case err == nil:
		m.s.app.log.Info("tournament "+done, "code", s.code, "by", m.s.who.Name)
		return "tournament " + done
	case director.IsState(err):
		return err.Error()
	}
	m.s.app.log.Error("tournament console", "code", s.code, "err", err)
	return "the tournament could not be changed right now; try again"
}

// join enters the person in the open tournament, and says how it went.
func (s *standingsScreen) join(m *model) string {
	who := m.s.who
	switch {
	case who.Guest:
		return "a tournament entry belongs to a key: connect with your SSH key to enter"
	case s.rep.State != director.Open:
		return "entries to this tournament are closed"
	case s.rep.Game == "":
		return ""
	}
	ctx, cancel := context.WithTimeout(m.s.context(), 5*time.Second)
	defer cancel()
	err := m.s.app.director.Enter(ctx, s.code, director.Entrant{ID: who.ID, Name: who.Name, Kind: director.EntrantPerson,
		Rating: m.s.app.archive.SeedRating(ctx, s.rep.Game, who.ID), Addr: m.s.addr()})
	var full *director.ErrFull
	switch {
	case err == nil:
		return fmt.Sprintf("you are entered in %s: stay in the lobby; it rings when your game is due", s.rep.Name)
	case errors.Is(err, director.ErrEntrantExists):
		return "you are entered already"
	case errors.Is(err, director.ErrEntrantName):
		return "another entrant has your name"
	case errors.Is(err, director.ErrNotOpen):
		return "entries to this tournament are closed"
	case errors.As(err, &full):
		return "this tournament is full: ask your teacher"
	}
	m.s.app.log.Error("tournament entry", "code", s.code, "err", err)
	return "the entry could not be stored right now; try again"
}

func (s *standingsScreen) view(m *model) string {
	if v := m.s.app.director.Version(); v != s.at {
		_ = s.load(m) // entries, results and calls move the screen on
	}
	st := m.s.st
	var b strings.Builder
	b.WriteString(m.header(st.Dim.Render("tournament "+s.code)) + "\n\n")
	// Every standing, every game: the pager scrolls what the window cannot hold.
	lines := strings.Split(strings.TrimRight(director.StandingsText(s.rep, 0), "\n"), "\n")
	for i, line := range lines {
		lines[i] = termtext.Fit(line, m.width()-1)
	}
	s.pager().Set(strings.Join(lines, "\n"), m.height()-5) // header, blank; where, blank, keys
	b.WriteString(s.page.View() + "\n")
	if w := s.page.Where(); w != "" {
		b.WriteString(st.Dim.Render(w) + "\n")
	}
	b.WriteString("\n" + m.footer(s.keys(m)))
	return b.String()
}

func (s *standingsScreen) help(m *model) string {
	return `Standings

Rank, name, points (a win 1, a draw ½ in two-player games; in pools, a table's places share
1 point), games played, won, drawn and lost, then the tie-breaks of the format (Swiss:
Buchholz, then head-to-head). Below: the games being played (watch ROOM to follow one) and
the games of this round still to start. The screen follows the tournament live.
Teachers (admin keys) run it from here too.`
}
