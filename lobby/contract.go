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

// The model is the screens' Model (lobby/screen): every screen, the lobby's own and those
// of its sub-packages, follows the one contract, and asks the session through it. The
// lobby's own screens, in this package, reach the session itself through the *model.
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

// Back leaves the screen shown for back, the screen it was opened from. With none, it goes
// to the lobby; in a session opened into a screen (ssh -t HOST wall), that screen is the
// first and the last: going back from it ends the session, after saying so (Farewell).
func (m *model) Back(back screen.Screen, notice string) (screen.Screen, tea.Cmd) {
	switch {
	case back != nil:
		m.s.detach()
		m.notice = notice
		return back, nil
	case m.command != "":
		return m.screen, m.end(notice)
	}
	return m.toLobby(notice)
}

// BackTo says where Back(back, …) goes, for a footer.
func (m *model) BackTo(back screen.Screen) string {
	switch n, named := back.(screen.Named); {
	case named:
		return n.Name()
	case back != nil:
		return "back"
	case m.command != "":
		return "quit"
	}
	return "lobby"
}

func (m *model) Watch(r roomdir.Room, back screen.Screen) (screen.Screen, tea.Cmd) {
	g := newGameScreen(r)
	g.back = back
	return g, g.Init(m)
}
