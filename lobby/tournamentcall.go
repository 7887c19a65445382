package lobby

import (
	tea "github.com/charmbracelet/bubbletea"

	"github.com/arena-classroom/arena/rooms"
)

// tournamentCall brings a person to their tournament game, from any screen of the lobby (the
// lobby, a result screen, a spectator's view, a replay, the rules): a bell and a countdown
// while the game is called, then the game itself. A person playing another game is asked
// whether to leave it (y, see gameScreen.key); if they stay, their tournament game waits for
// them as long as the tournament's grace. Once the tournament is over, it says where they
// finished. called reports that the screen changed to the game.
func (m *model) tournamentCall() (cmd tea.Cmd, called bool) {
	d := m.s.app.director
	if d == nil || m.s.who.Guest {
		return nil, false
	}
	g, inGame := m.screen.(*gameScreen)
	playing := inGame && g.seat >= 0 && g.snap != nil && g.snap.Status != rooms.Finished
	if inGame {
		g.called = false
	}
	c, ok := d.CallFor(m.s.who.ID)
	m.called = ok && c.Over == ""
	if !ok {
		return nil, false
	}
	if c != m.rung {
		m.rung, m.bell = c, true
		if c.Over != "" {
			m.notice = "🏁 " + c.OverIn(m.s.lang)
		}
	}
	if c.Over != "" {
		return nil, false
	}
	if c.Room != "" { // the game has started: its room, wherever it is
		if inGame && g.room.ID() == c.Room {
			m.called = false
			return nil, false // there already
		}
		r, found := m.s.app.hub.Find(c.Room)
		if !found {
			return nil, false // on its way to another node: the next tick finds it
		}
		if !seatedIn(r.Info(), m.s.who.ID) {
			m.called = false
			return nil, false // they left it (a house bot plays on): not brought back
		}
		if playing {
			g.called = true
			m.notice = m.s.lang.Sprintf("🔔 your tournament game has started in room %s: y leaves this game for it (a house bot plays on here)", c.Room)
			return nil, false
		}
		m.called = false
		m.setHelp(false)
		m.s.detach()
		next := newGameScreen(r)
		m.screen, m.notice, m.bell = next, m.s.lang.Sprintf("your tournament game: good luck!"), true
		// A session opened into a screen (watch ROOM) that a tournament took elsewhere is a
		// lobby session from now on: leaving the tournament's game goes to the lobby.
		m.command = ""
		return next.Init(m), true
	}
	left := max(int(c.StartsAt.Sub(m.now).Seconds()+0.999), 0)
	m.notice = m.s.lang.Sprintf("🔔 %s, round %d: your game against %s starts in %d s", c.Name, c.Round, c.Against, left)
	if playing {
		g.called = true
		m.notice = m.s.lang.Sprintf("🔔 %s, round %d: your game against %s starts in %d s; y leaves this game for it (a house bot plays on here)", c.Name, c.Round, c.Against, left)
	}
	return nil, false
}

// seatedIn reports whether person holds a seat of the room still (not given to a house bot).
func seatedIn(info rooms.Info, person string) bool {
	for _, s := range info.Seats {
		if s.UserID == person && s.Kind == rooms.Human && s.Takeover == nil {
			return true
		}
	}
	return false
}
