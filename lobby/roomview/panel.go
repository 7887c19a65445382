package roomview

import (
	"fmt"
	"strings"
	"time"

	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/internal/plaintext"
	"github.com/arena-classroom/arena/internal/termtext"
	"github.com/arena-classroom/arena/lang"
	"github.com/arena-classroom/arena/rooms"
)

// Waiting is the waiting room: the code to give friends (to a seated viewer), the seats.
func Waiting(v Viewer, s *rooms.Snapshot) string {
	st, l := v.St, v.Lang
	var b strings.Builder
	b.WriteString(st.Heading.Render(l.Sprintf("Waiting for players")) + "\n\n")
	if s.Code != "" && v.Seat >= 0 {
		give := l.Sprintf("Give your friend this code: %s", st.Good.Render(s.Code))
		if len(s.Seats) > 2 {
			give = l.Sprintf("Give your friends this code: %s", st.Good.Render(s.Code))
		}
		b.WriteString(give + "\n")
		b.WriteString(st.Dim.Render(l.Sprintf("They choose \"Join with a code\" in the lobby.")) + "\n\n")
	}
	for i, seat := range s.Seats {
		name := l.Sprintf("(open)")
		if seat.Kind != rooms.Open {
			name = plaintext.Clean(seat.Name)
		}
		b.WriteString("  " + l.Sprintf("seat %d: %s", i+1, name) + "\n")
	}
	return b.String()
}

// A compact seat line: the marker, the name, the game's status and the clock ("0:57").
const (
	compactName   = 11
	compactStatus = PanelWidth - 2 - compactName - 1 - 1 - 4
	MaxPanelWidth = 64 // the widest the panel grows where the window leaves room
	// maxCompactStatus is the widest a compact status is drawn: the clock stays near it.
	maxCompactStatus = 40
)

// Panel is the side panel, width columns wide: players, whose turn, time left, result, the
// latest events.
func Panel(v Viewer, s *rooms.Snapshot, width int) string {
	st, l := v.St, v.Lang
	view := games.ViewIn(s.View(), l)
	var b strings.Builder
	if h, ok := view.(games.Headliner); ok && s.State != nil {
		// Folded between its parts: Perfect Aim's says when the next ring turns to lava.
		for _, line := range termtext.WrapParts(h.Headline(s.State, s.Played), width) {
			b.WriteString(st.Key.Render(line) + "\n")
		}
		b.WriteString("\n")
	}
	// Up to four seats take two lines each (name and clock, then the game's status); more
	// take one line each, so that eight players and the log fit beside a 24-row board.
	compact := len(s.Seats) > 4
	sw, swatched := view.(games.Swatcher)
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
			marker += sw.Swatch(i, v.Palette) + " "
		}
		name := plaintext.Clean(seat.Name)
		if i == v.Seat {
			name += l.Sprintf(" (you)")
		}
		clock := ""
		switch {
		case i == s.ToMove && s.HeldLeft > 0:
			clock = Clock(s.HeldLeft) // stopped: the player reads the rules
		case i == s.ToMove && !s.Deadline.IsZero():
			left := s.Deadline.Sub(v.Now)
			clock = Clock(left)
			if left < 10*time.Second {
				clock = st.Warn.Render(clock)
			}
		}
		status := ""
		if s.State != nil {
			status = view.Status(s.State, i)
		}
		if compact {
			if seat.Note != "" {
				status = seat.NoteIn(l)
			}
			// As wide as the panel leaves, up to maxCompactStatus.
			statusW := min(max(compactStatus, width-PanelWidth+compactStatus)-swatchW, maxCompactStatus)
			b.WriteString(marker + termtext.Fit(name, compactName) + " " + st.Dim.Render(termtext.Fit(termtext.DropParts(status, statusW), statusW)) + " " + clock + "\n")
			continue
		}
		line := marker + termtext.Fit(name, 20)
		if clock != "" {
			line += " " + clock
		}
		b.WriteString(line + "\n")
		if status != "" {
			for _, row := range termtext.WrapParts(status, width-3) {
				b.WriteString("   " + st.Dim.Render(termtext.Fit(row, width-3)) + "\n")
			}
		}
		if seat.Note != "" {
			for _, row := range termtext.WrapWords(plaintext.Clean(seat.NoteIn(l)), width-3) {
				b.WriteString("   " + st.Dim.Render(termtext.Fit(row, width-3)) + "\n")
			}
		}
	}
	b.WriteString("\n")
	switch s.Status {
	case rooms.Playing:
		switch {
		case v.Seat >= 0 && s.ToMove == v.Seat:
			b.WriteString(st.Good.Render(l.Sprintf("Your turn!")) + "\n")
		case s.ToMove >= 0:
			b.WriteString(st.Dim.Render(l.Sprintf("%s is playing…", plaintext.Clean(s.Seats[s.ToMove].Name))) + "\n")
		}
	case rooms.Finished:
		b.WriteString(Result(v, s, width) + "\n")
	}
	// The log takes the rows left beside the board: its latest entries, each wrapped to the
	// panel's width.
	room := v.Height - ChromeHeight - strings.Count(b.String(), "\n") - 2
	var rows []string
	log := s.LogIn(l)
	for i := len(log) - 1; i >= 0 && len(rows) < room; i-- {
		wrapped := termtext.WrapWords(plaintext.Clean(log[i]), width-3)
		for j := len(wrapped) - 1; j >= 0 && len(rows) < room; j-- {
			indent := " "
			if j > 0 {
				indent = "   " // a continuation
			}
			rows = append(rows, indent+termtext.Fit(wrapped[j], width-len(indent)))
		}
	}
	if len(rows) > 0 {
		b.WriteString("\n" + st.Heading.Render(l.Sprintf("Last moves")) + "\n")
		for i := len(rows) - 1; i >= 0; i-- {
			b.WriteString(rows[i] + "\n")
		}
	}
	return strings.TrimRight(b.String(), "\n")
}

// PanelWidth is the width of the side panel beside a board.
const PanelWidth = 36

// ChromeHeight is the rows a game screen needs besides the board: header, footer, notice.
// (Perfect Aim's 21 rows then fit a 24-row terminal.)
const ChromeHeight = 3

// BoardRoom is the room a width × height window leaves for a board beside the side panel
// and the chrome.
func BoardRoom(width, height int) (int, int) {
	return width - 2 - PanelWidth, height - ChromeHeight
}

// TooSmall says that a board of needW × needH cells does not fit a width × height window,
// and how to leave (back: "esc", "esc/q"), in the longest wording whose lines fit the width
// and leave the window's header and footer their rows: it fits any window of 20×5 or more.
func TooSmall(width, height, needW, needH int, back string) []string {
	return TooSmallIn(lang.English, width, height, needW, needH, back)
}

// TooSmallIn is TooSmall in language l.
func TooSmallIn(l lang.Lang, width, height, needW, needH int, back string) []string {
	rows := max(height-2, 1)
	says := []string{
		l.Sprintf("Your window is %d×%d; this board needs %d×%d: enlarge the window, or press %s.", width, height, needW, needH, back),
		l.Sprintf("This board needs %d×%d: enlarge the window, or %s.", needW, needH, back),
		l.Sprintf("Needs %d×%d: enlarge.", needW, needH),
	}
	var lines []string
	for _, s := range says {
		if lines = termtext.WrapWords(s, max(width, 1)); len(lines) <= rows {
			return lines
		}
	}
	return lines[:rows]
}

// TooSmallView is a game's screen when its board does not fit the window: the header, the
// message (TooSmall), as much of the side panel as the window has rows for, and the footer
// — never taller than the window, so that the header never scrolls away.
func TooSmallView(v Viewer, head, footer string, width, needW, needH int, back, panel string) string {
	out := []string{head}
	for _, l := range TooSmallIn(v.Lang, width, v.Height, needW, needH, back) {
		out = append(out, v.St.Warn.Render(l))
	}
	if room := v.Height - len(out) - 1; room >= 3 && panel != "" {
		p := strings.Split(panel, "\n")
		out = append(out, "")
		out = append(out, p[:min(len(p), room-1)]...)
	}
	return strings.Join(append(out, footer), "\n")
}

// BoardLines is the board of s at scale k (see games.Scaler) as v reads it: the room's own
// drawing, shared by every viewer, unless the game's view speaks v's language (its legend
// is then said in it), in which case it is drawn once per snapshot for the viewers of that
// language and palette.
func BoardLines(v Viewer, s *rooms.Snapshot, k int) ([]string, int) {
	view := s.View()
	if _, speaks := view.(games.Speaker); !speaks || v.Lang == "" || v.Lang == lang.English || s.State == nil {
		return s.BoardLinesAt(v.Palette, k)
	}
	board := s.Frame(fmt.Sprintf("board %s %d %d", v.Lang, v.Palette, k), func() string {
		view := games.ViewIn(view, v.Lang)
		if sc, ok := view.(games.Scaler); ok && k > 0 {
			return sc.ScaledBoard(s.State, -1, v.Palette, k)
		}
		return view.Board(s.State, -1, v.Palette)
	})
	return termtext.SplitBoard(board)
}
