package lobby

import (
	"fmt"
	"strings"
	"time"

	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/internal/termtext"
	"github.com/arena-classroom/arena/rooms"
)

func (g *gameScreen) view(m *model) string {
	st := m.s.st
	s := g.snap
	if s == nil {
		return m.header("") + "\n\nconnecting to the room…"
	}
	right := s.GameName + " · room " + s.ID
	if s.Spectators > 0 {
		right += fmt.Sprintf(" · %d watching", s.Spectators)
	}
	head := m.header(st.Dim.Render(right))
	// A board that can be drawn larger is, as large as the window leaves room for.
	rw, rh := boardRoom(m.width(), m.height())
	scale := games.ScaleFor(s.View(), s.State, rw, rh)
	lines, bw := g.turn.boardLines(m.s.palette, scale)
	if lines == nil {
		lines, bw = s.BoardLinesAt(m.s.palette, scale)
	}
	if len(lines) == 0 || bw == 0 {
		return head + "\n\n" + g.waitingView(m) + "\n\n" + g.footer(m)
	}
	bh := len(lines)
	if bw+2+panelWidth > m.width() || bh+chromeHeight > m.height() {
		return head + "\n\n" + st.Warn.Render(fmt.Sprintf(
			"Your window is %d×%d; this board needs %d×%d. Enlarge the window (or press q).",
			m.width(), m.height(), bw+2+panelWidth, bh+chromeHeight)) + "\n\n" + g.panel(m, panelWidth)
	}
	// The panel takes the width the board leaves, up to a comfortable reading width.
	pw := min(max(panelWidth, m.width()-bw-2), maxPanelWidth)
	draw := func() string { return termtext.BesideBoard(lines, bw, g.panel(m, pw)) }
	if g.seat >= 0 {
		return head + "\n" + draw() + "\n" + g.footer(m)
	}
	// Spectators with the same palette and window see the same board and panel: drawn once.
	clock := ""
	if !s.Deadline.IsZero() {
		clock = formatClock(s.Deadline.Sub(m.now))
	}
	key := fmt.Sprintf("%d %d %d %d %s", m.s.palette, scale, pw, m.height(), clock)
	return head + "\n" + s.Frame(key, draw) + "\n" + g.footer(m)
}

func (g *gameScreen) waitingView(m *model) string {
	st := m.s.st
	s := g.snap
	var b strings.Builder
	b.WriteString(st.Heading.Render("Waiting for players") + "\n\n")
	if s.Code != "" && g.seat >= 0 {
		friend := "your friend"
		if len(s.Seats) > 2 {
			friend = "your friends"
		}
		b.WriteString("Give " + friend + " this code: " + st.Good.Render(s.Code) + "\n")
		b.WriteString(st.Dim.Render("They choose \"Join with a code\" in the lobby.") + "\n\n")
	}
	for i, seat := range s.Seats {
		name := "(open)"
		if seat.Kind != rooms.Open {
			name = clean(seat.Name)
		}
		fmt.Fprintf(&b, "  seat %d: %s\n", i+1, name)
	}
	return b.String()
}

func (g *gameScreen) footer(m *model) string {
	switch {
	case g.confirmLeave:
		return m.s.st.Warn.Render("Leave this game? A house bot takes your seat. y: leave · any other key: stay")
	case g.snap.Status == rooms.Playing && g.turn.draft != nil:
		return m.s.st.Key.Render(termtext.Fit(g.turn.draft.Prompt(), m.width()))
	}
	return m.footer(g.keys(m))
}

// A compact seat line: the marker, the name, the game's status and the clock ("0:57").
const (
	compactName   = 11
	compactStatus = panelWidth - 2 - compactName - 1 - 1 - 4
	maxPanelWidth = 64
	// maxCompactStatus is the widest a compact status is drawn: the clock stays near it.
	maxCompactStatus = 40
)

// panel is the side panel, width columns wide: players, whose turn, time left, result, the
// latest events.
func (g *gameScreen) panel(m *model, width int) string {
	st := m.s.st
	s := g.snap
	var b strings.Builder
	if h, ok := s.View().(games.Headliner); ok && s.State != nil {
		// Folded between its parts: Perfect Aim's says when the next ring turns to lava.
		for _, l := range termtext.WrapParts(h.Headline(s.State, s.Played), width) {
			b.WriteString(st.Key.Render(l) + "\n")
		}
		b.WriteString("\n")
	}
	// Up to four seats take two lines each (name and clock, then the game's status); more
	// take one line each, so that eight players and the log fit beside a 24-row board.
	compact := len(s.Seats) > 4
	sw, swatched := s.View().(games.Swatcher)
	swatchW := 0
	if swatched {
		swatchW = games.SwatchWidth + 1
	}
	for i, seat := range s.Seats {
		marker := "  "
		if i == s.ToMove {
			marker = st.Key.Render("▶ ")
		}
		if swatched { // the board's legend: the seat's colour before its name
			marker += sw.Swatch(i, m.s.palette) + " "
		}
		name := clean(seat.Name)
		if i == g.seat {
			name += " (you)"
		}
		clock := ""
		switch {
		case i == s.ToMove && s.HeldLeft > 0:
			clock = formatClock(s.HeldLeft) // stopped: the player reads the rules
		case i == s.ToMove && !s.Deadline.IsZero():
			left := s.Deadline.Sub(m.now)
			clock = formatClock(left)
			if left < 10*time.Second {
				clock = st.Warn.Render(clock)
			}
		}
		status := ""
		if s.State != nil {
			status = s.View().Status(s.State, i)
		}
		if compact {
			if seat.Note != "" {
				status = seat.Note
			}
			// As wide as the panel leaves, up to maxCompactStatus.
			statusW := min(max(compactStatus, width-panelWidth+compactStatus)-swatchW, maxCompactStatus)
			b.WriteString(marker + termtext.Fit(name, compactName) + " " + st.Dim.Render(termtext.Fit(termtext.DropParts(status, statusW), statusW)) + " " + clock + "\n")
			continue
		}
		line := marker + termtext.Fit(name, 20)
		if clock != "" {
			line += " " + clock
		}
		b.WriteString(line + "\n")
		if status != "" {
			for _, l := range termtext.WrapParts(status, width-3) {
				b.WriteString("   " + st.Dim.Render(termtext.Fit(l, width-3)) + "\n")
			}
		}
		if seat.Note != "" {
			for _, l := range termtext.WrapWords(clean(seat.Note), width-3) {
				b.WriteString("   " + st.Dim.Render(termtext.Fit(l, width-3)) + "\n")
			}
		}
	}
	b.WriteString("\n")
	switch s.Status {
	case rooms.Playing:
		switch {
		case g.seat >= 0 && s.ToMove == g.seat:
			b.WriteString(st.Good.Render("Your turn!") + "\n")
		case s.ToMove >= 0:
			b.WriteString(st.Dim.Render(clean(s.Seats[s.ToMove].Name)+" is playing…") + "\n")
		}
	case rooms.Finished:
		b.WriteString(g.result(m, width) + "\n")
	}
	// The log takes the rows left beside the board: its latest entries, each wrapped to the
	// panel's width.
	room := m.height() - chromeHeight - strings.Count(b.String(), "\n") - 2
	var rows []string
	for i := len(s.Log) - 1; i >= 0 && len(rows) < room; i-- {
		wrapped := termtext.WrapWords(clean(s.Log[i]), width-3)
		for j := len(wrapped) - 1; j >= 0 && len(rows) < room; j-- {
			indent := " "
			if j > 0 {
				indent = "   " // a continuation
			}
			rows = append(rows, indent+termtext.Fit(wrapped[j], width-len(indent)))
		}
	}
	if len(rows) > 0 {
		b.WriteString("\n" + st.Heading.Render("Last moves") + "\n")
		for i := len(rows) - 1; i >= 0; i-- {
			b.WriteString(rows[i] + "\n")
		}
	}
	return strings.TrimRight(b.String(), "\n")
}
