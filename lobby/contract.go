package lobby

import (
	"context"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/keys"
	"github.com/arena-classroom/arena/lobby/screen"
	"github.com/arena-classroom/arena/lobby/widget"
	"github.com/arena-classroom/arena/roomdir"
)

// The model is the screens' Model (lobby/screen): what the screens of sub-packages may ask.
var _ screen.Model = (*model)(nil)

func (m *model) Styles() *widget.Styles   { return m.s.st }
func (m *model) Palette() games.Palette   { return m.s.palette }
func (m *model) Who() keys.Identity       { return m.s.who }
func (m *model) Addr() string             { return m.s.addr() }
func (m *model) Context() context.Context { return m.s.context() }
func (m *model) Now() time.Time           { return m.now }
func (m *model) Rooms() roomdir.Directory { return m.s.app.hub }
func (m *model) Notify(notice string)     { m.notice = notice }
func (m *model) Played(id string)         { m.lastGame = id }
func (m *model) ToLobby(notice string) (screen.Screen, tea.Cmd) {
	home, cmd := m.toLobby(notice)
	return lend(home), cmd
}

func (m *model) Watch(r roomdir.Room, back screen.Screen) (screen.Screen, tea.Cmd) {
	g := newGameScreen(r)
	g.back = own(back)
	return lend(g), g.init(m)
}

// family is a screen of a sub-package (lobby/tournaments, lobby/replays) shown as a page:
// the model is its Model, and what it answers becomes a page again.
type family struct{ s screen.Screen }

func (f family) update(m *model, msg tea.Msg) (page, tea.Cmd) {
	next, cmd := f.s.Update(m, msg)
	return own(next), cmd
}

func (f family) view(m *model) string        { return f.s.View(m) }
func (f family) help(m *model) string        { return f.s.Help(m) }
func (f family) keys(m *model) widget.KeyMap { return f.s.Keys(m) }

func (f family) init(m *model) tea.Cmd {
	if in, ok := f.s.(screen.Initer); ok {
		return in.Init(m)
	}
	return nil
}

func (f family) ticks() bool {
	t, ok := f.s.(screen.Ticker)
	return ok && t.Ticks()
}

func (f family) showsLobby() bool {
	_, ok := f.s.(screen.LobbyViewer)
	return ok
}

// lent is one of the lobby's own pages handed to a sub-package's screen, as where to go
// back to: given back, it is that page again (own).
type lent struct{ p page }

func (l lent) Update(m screen.Model, msg tea.Msg) (screen.Screen, tea.Cmd) {
	next, cmd := l.p.update(m.(*model), msg)
	return lend(next), cmd
}

func (l lent) View(m screen.Model) string        { return l.p.view(m.(*model)) }
func (l lent) Help(m screen.Model) string        { return l.p.help(m.(*model)) }
func (l lent) Keys(m screen.Model) widget.KeyMap { return l.p.keys(m.(*model)) }

// own is screen s as the model shows it.
func own(s screen.Screen) page {
	if s == nil {
		return nil
	}
	if l, ok := s.(lent); ok {
		return l.p
	}
	return family{s}
}

// lend is page p as a screen of the contract.
func lend(p page) screen.Screen {
	if f, ok := p.(family); ok {
		return f.s
	}
	return lent{p}
}
