// Package tournaments is the lobby's screens of class tournaments: the list of those being
// played (to open one by its code), a tournament's live standings (where a person enters it
// and a teacher runs it), and the wall, every live game at once for the classroom's
// projector. They are shown through the screen contract (lobby/screen): they reach rooms and
// the lobby through the Model, tournaments through the director.
package tournaments

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/arena-classroom/arena/catalog"
	"github.com/arena-classroom/arena/internal/plaintext"
	"github.com/arena-classroom/arena/internal/termtext"
	"github.com/arena-classroom/arena/lang"
	"github.com/arena-classroom/arena/lobby/screen"
	"github.com/arena-classroom/arena/lobby/widget"
	"github.com/arena-classroom/arena/tournament/director"
)

// tournamentsScreen asks for a tournament's code (the teacher gives it) and lists the
// tournaments being played, to follow.
type tournamentsScreen struct {
	svc  *screen.Services
	code widget.CodeInput
	back screen.Screen
	// The tournaments, as last loaded (loadTournaments): View only draws them.
	list    []director.Tournament
	loaded  bool
	failed  bool
	loading bool // a load is on its way: another change waits for it
	again   bool // the lobby changed while it was
	opening bool // enter was pressed: the standings load
}

// New is the tournaments screen; esc goes back to back. Its Init loads the list.
func New(m screen.Model, svc *screen.Services, back screen.Screen) screen.Screen {
	st := m.Styles()
	return &tournamentsScreen{svc: svc, code: widget.NewCodeInput("", st.Plain, st.Key, st.Dim), back: back}
}

// tournamentsLoaded is the list read by loadTournaments.
type tournamentsLoaded struct {
	list []director.Tournament
	err  error
}

func (t *tournamentsScreen) Init(m screen.Model) tea.Cmd { return t.load(m) }

// Load is screen.Loader's.
func (t *tournamentsScreen) Load(m screen.Model) tea.Cmd { return t.load(m) }

// load reads the tournaments off the session's goroutine (a store query, or a request to
// the cluster's leader), one load at a time.
func (t *tournamentsScreen) load(m screen.Model) tea.Cmd {
	if t.svc.Director == nil {
		t.loaded = true
		return nil
	}
	if t.loading {
		t.again = true
		return nil
	}
	t.loading = true
	d, ctx := t.svc.Director, m.Context()
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
		defer cancel()
		list, err := d.Tournaments(ctx)
		return tournamentsLoaded{list, err}
	}
}

func (t *tournamentsScreen) ShowsLobby() {}

var tournamentsKeys = struct{ open key.Binding }{
	open: widget.Bind("enter", lang.N("open the tournament: its standings"), "enter"),
}

// Name is what a footer calls the list: "esc tournaments".
func (t *tournamentsScreen) Name() string { return "tournaments" }

// backKey leaves the list: esc only, since q may be typed in a code.
func (t *tournamentsScreen) backKey(m screen.Model) key.Binding {
	return widget.Back(m.BackTo(t.back), false)
}

func (t *tournamentsScreen) Keys(m screen.Model) widget.KeyMap {
	k := tournamentsKeys
	return widget.KeyMap{
		Short: []key.Binding{widget.Pair(lang.N("open"), k.open), t.backKey(m), widget.HelpKey},
		Full:  [][]key.Binding{{k.open, t.backKey(m)}, t.code.Editing()},
	}
}

func (t *tournamentsScreen) Update(m screen.Model, msg tea.Msg) (screen.Screen, tea.Cmd) {
	switch msg := msg.(type) {
	case tournamentsLoaded:
		t.loading, t.loaded = false, true
		if msg.err != nil {
			t.failed = true // the list drawn so far stays
		} else {
			t.list, t.failed = msg.list, false
		}
		if t.again {
			t.again = false
			return t, t.load(m)
		}
		return t, nil
	case standingsLoaded:
		if !t.opening {
			return t, nil
		}
		t.opening = false
		if msg.err != nil {
			m.Notify(lang.Say(msg.err, m.Lang()))
			return t, nil
		}
		return Standings(t.svc, msg.code, msg.rep, t), nil
	case screen.LobbyChanged:
		return t, t.load(m)
	case tea.KeyMsg:
		switch {
		case key.Matches(msg, t.backKey(m)):
			return m.Back(t.back, "")
		case key.Matches(msg, tournamentsKeys.open):
			if t.svc.Director == nil {
				m.Notify(m.Lang().Sprintf("this server keeps no tournaments"))
				return t, nil
			}
			t.opening = true
			return t, loadReport(m, t.svc, strings.ToUpper(t.code.Value()))
		default:
			t.code.Update(msg)
		}
	}
	return t, nil
}

func (t *tournamentsScreen) View(m screen.Model) string {
	st, l := m.Styles(), m.Lang()
	var b strings.Builder
	b.WriteString(m.Header(st.Dim.Render(l.Sprintf("tournaments"))) + "\n\n")
	b.WriteString(l.Sprintf("Tournament code (your teacher gives it): ") + t.code.View() + "\n\n")
	// Those open for entries first (a student comes here to enter one), then those being
	// played, as many as the window has rows for.
	rows := max(m.Height()-12, 2)
	for _, part := range []struct {
		title string
		in    func(state string) bool
		none  string
	}{
		{lang.N("Open for entries"), func(s string) bool { return s == director.Open }, lang.N("none right now")},
		{lang.N("Being played"), func(s string) bool { return s == director.Running || s == director.Paused }, lang.N("none right now")},
	} {
		b.WriteString(st.Heading.Render(l.Say(part.title)) + "\n")
		shown := 0
		for _, tr := range t.list {
			if !part.in(tr.State) {
				continue
			}
			if shown == max(rows/2, 1) {
				b.WriteString(st.Dim.Render("  …") + "\n")
				break
			}
			game := tr.Game
			if e, ok := catalog.Get(game); ok {
				game = l.Say(e.Game.Name())
			}
			b.WriteString(termtext.Fit(fmt.Sprintf("  %-7s %-16s %-8s %s", tr.Code, termtext.Fit(game, 16), director.StateText(tr.State, l), plaintext.Clean(tr.Name)), m.Width()-1) + "\n")
			shown++
		}
		switch {
		case !t.loaded:
			b.WriteString(st.Dim.Render("  "+l.Sprintf("loading…")) + "\n")
		case t.failed && shown == 0:
			b.WriteString(st.Dim.Render("  "+l.Sprintf("the tournaments could not be read right now")) + "\n")
		case shown == 0:
			b.WriteString(st.Dim.Render("  "+l.Say(part.none)) + "\n")
		}
		b.WriteString("\n")
	}
	b.WriteString(m.Footer(t.Keys(m)))
	return b.String()
}
func (t *tournamentsScreen) Help(m screen.Model) string {
	return m.Lang().Sprintf(`Tournaments

Type the code your teacher gave (it starts with T) and open it: you see the standings,
the games being played and the next round, live. While the tournament is open, press j
there to enter it yourself; your programs enter with
  ssh -T HOST bot --game GAME --tournament CODE
When one of your games is due, the lobby rings and counts down, then takes you to it.`)
}
