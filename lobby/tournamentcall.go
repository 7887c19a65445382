package lobby

import (
	"fmt"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/arena-classroom/arena/tournament/director"
)

// tournamentCall brings a person to their tournament game, from any screen of the lobby: a
// bell and a countdown while the game is called, then the game itself. called reports that
// the screen changed to the game.
func (m *model) tournamentCall() (cmd tea.Cmd, called bool) {
	d := m.s.app.director
	if d == nil || m.s.who.Guest {
		return nil, false
	}
	if g, ok := m.screen.(*gameScreen); ok && g.seat >= 0 {
		return nil, false // playing already
	}
	if r, ok := m.s.app.hub.SeatOf(m.s.who.ID); ok && director.TournamentOf(r.Info()) != "" {
		m.called = false
		m.s.detach()
		g := newGameScreen(r)
		m.screen, m.notice, m.bell = g, "your tournament game: good luck!", true
		return g.init(m), true
	}
	c, ok := d.CallFor(m.s.who.ID)
	m.called = ok
	if !ok {
		return nil, false
	}
	if c != m.rung {
		m.rung, m.bell = c, true
	}
	left := max(int(c.StartsAt.Sub(m.now).Seconds()+0.999), 0)
	m.notice = fmt.Sprintf("🔔 %s, round %d: your game against %s starts in %d s", c.Name, c.Round, c.Against, left)
	return nil, false
}
