package lobby

import (
	"context"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/keyboard"
	"github.com/arena-classroom/arena/keys"
	"github.com/arena-classroom/arena/lang"
	"github.com/arena-classroom/arena/lobby/screen"
	"github.com/arena-classroom/arena/lobby/widget"
	"github.com/arena-classroom/arena/matchmaker"
	"github.com/arena-classroom/arena/roomdir"
	"github.com/arena-classroom/arena/rooms"
)

// The model is the screens' Model (lobby/screen): every screen, the lobby's own and those
// of its sub-packages, follows the one contract, and asks the session only through it.
var _ screen.Model = (*model)(nil)

func (m *model) Styles() *widget.Styles    { return m.s.st }
func (m *model) Palette() games.Palette    { return m.s.palette }
func (m *model) Keyboard() keyboard.Layout { return m.s.keyboard }
func (m *model) Lang() lang.Lang           { return m.s.lang }

// The choices a person keeps with their key (Options.Choose): a store's preferences.
const (
	prefLang     = "lang"
	prefKeyboard = "keyboard"
)

// ChooseLang speaks l to the person from now on, and keeps it with their key.
func (m *model) ChooseLang(l lang.Lang) string {
	m.s.lang = l
	kept := m.keep(prefLang, string(l))
	if kept != "" {
		return kept
	}
	return l.Sprintf("the arena speaks %s to you (lang %s over ssh does the same)", l.Name(), string(l))
}

// ChooseKeyboard takes k as the person's keyboard from now on, and keeps it with their key.
func (m *model) ChooseKeyboard(k keyboard.Layout) string {
	m.s.keyboard = k
	if kept := m.keep(prefKeyboard, string(k)); kept != "" {
		return kept
	}
	return m.s.lang.Sprintf("keyboard %s: the games' keys follow it (keyboard %s over ssh does the same)", string(k), string(k))
}

// keep stores a choice of the person's key; it says why it cannot ("" when kept).
func (m *model) keep(p, value string) string {
	l := m.s.lang
	switch {
	case m.s.who.Guest:
		return l.Sprintf("for this session only: a guest's choices are not kept")
	case m.s.app.choose == nil:
		return l.Sprintf("for this session only: this arena keeps no choices")
	}
	ctx, cancel := context.WithTimeout(m.s.context(), 5*time.Second)
	defer cancel()
	if err := m.s.app.choose(ctx, m.s.who.ID, p, value); err != nil {
		m.s.app.log.Warn("a choice of the lobby was not kept", "pref", p, "err", err)
		return l.Sprintf("for this session only: your choice could not be kept right now")
	}
	return ""
}
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

func (m *model) Lobby() *screen.Lobby       { return &m.view().Lobby }
func (m *model) Services() *screen.Services { return m.s.app.services }
func (m *model) Quit() tea.Cmd              { return m.end("") }

func (m *model) Attach(r roomdir.Room) (int, *rooms.Snapshot, error) { return m.s.attach(r) }

func (m *model) Queue(t *matchmaker.Ticket) (screen.Queued, error) {
	t, wait, err := m.s.queue(t)
	if err != nil {
		return screen.Queued{}, err
	}
	return screen.Queued{Ticket: t, Wait: wait, FillAfter: m.s.app.mm.FillAfter()}, nil
}

func (m *model) Challenge(p matchmaker.WaitingProgram, size int) (roomdir.Room, error) {
	return m.s.app.mm.Challenge(p, m.s.who.ID, m.s.who.Name, size)
}

// TakeCall leaves the game shown for the lobby, from which the tournament's call seats the
// person at once (or as soon as their game is ready).
func (m *model) TakeCall(notice string) (screen.Screen, tea.Cmd) {
	next, cmd := m.toLobby(notice)
	m.screen = next
	if c, called := m.tournamentCall(); called { // seated there already
		return m.screen, c
	}
	return next, cmd
}
