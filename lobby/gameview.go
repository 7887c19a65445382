package lobby

import (
	"fmt"
	"strings"

	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/internal/termtext"
	"github.com/arena-classroom/arena/lobby/roomview"
	"github.com/arena-classroom/arena/lobby/screen"
	"github.com/arena-classroom/arena/rooms"
)

func (g *gameScreen) View(m screen.Model) string {
	st, l := m.Styles(), m.Lang()
	s := g.snap
	if s == nil {
		return m.Header("") + "\n\n" + l.Sprintf("connecting to the room…")
	}
	right := l.Sprintf("%s · room %s", l.Say(s.GameName), s.ID)
	if _, realTime := s.State.(games.RealTime); !realTime && s.Status != rooms.Waiting {
		// The decisions played so far, as the replay counts them ("move 112/240"): a
		// teacher or a student can name the moment to look at again.
		right += " · " + l.Sprintf("move %d", s.Moves)
	}
	if s.Spectators > 0 {
		right += " · " + l.Sprintf("%d watching", s.Spectators)
	}
	head := m.Header(st.Dim.Render(right))
	if s.Notice != "" {
		head = m.Header(st.Warn.Render(s.Notice) + st.Dim.Render(" · "+right))
	}
	// A board that can be drawn larger is, as large as the window leaves room for.
	rw, rh := roomview.BoardRoom(m.Width(), m.Height())
	scale := games.ScaleFor(s.View(), s.State, rw, rh)
	lines, bw := g.turn.boardLines(m.Palette(), scale)
	if lines == nil {
		lines, bw = roomview.BoardLines(g.viewer(m), s, scale)
	}
	if len(lines) == 0 || bw == 0 {
		return head + "\n\n" + roomview.Waiting(g.viewer(m), s) + "\n\n" + g.footer(m)
	}
	bh := len(lines)
	if bw+2+roomview.PanelWidth > m.Width() || bh+roomview.ChromeHeight > m.Height() {
		back, _, _ := strings.Cut(g.backKey(m).Help().Key, "/")
		return roomview.TooSmallView(g.viewer(m), head, g.footer(m), m.Width(), bw+2+roomview.PanelWidth, bh+roomview.ChromeHeight,
			back, roomview.Panel(g.viewer(m), s, min(roomview.PanelWidth, m.Width())))
	}
	// The panel takes the width the board leaves, up to a comfortable reading width.
	pw := min(max(roomview.PanelWidth, m.Width()-bw-2), roomview.MaxPanelWidth)
	draw := func() string { return termtext.BesideBoard(lines, bw, roomview.Panel(g.viewer(m), s, pw)) }
	if g.seat >= 0 {
		return head + "\n" + draw() + "\n" + g.footer(m)
	}
	// Spectators with the same palette and window see the same board and panel: drawn once.
	clock := ""
	if !s.Deadline.IsZero() {
		clock = roomview.Clock(s.Deadline.Sub(m.Now()))
	}
	key := fmt.Sprintf("%d %d %d %d %s %s", m.Palette(), scale, pw, m.Height(), clock, l)
	return head + "\n" + s.Frame(key, draw) + "\n" + g.footer(m)
}

func (g *gameScreen) footer(m screen.Model) string {
	switch {
	case g.confirmLeave:
		return m.Styles().Warn.Render(termtext.Fit(m.Lang().Sprintf("Leave this game? A house bot takes your seat. y: leave · any other key: stay"), m.Width()))
	case g.snap.Status == rooms.Playing && g.turn.draft != nil:
		return m.Styles().Key.Render(termtext.Fit(g.turn.draft.Prompt(), m.Width()))
	}
	return m.Footer(g.Keys(m))
}

// viewer is who looks at the room through this screen.
func (g *gameScreen) viewer(m screen.Model) roomview.Viewer {
	return roomview.Viewer{St: m.Styles(), Palette: m.Palette(), Seat: g.seat, Now: m.Now(), Height: m.Height(), Replays: m.Services().Archive != nil,
		Lang: m.Lang()}
}
