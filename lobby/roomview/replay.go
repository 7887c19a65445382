package roomview

import (
	"fmt"
	"slices"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/arena-classroom/arena/archive"
	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/internal/plaintext"
	"github.com/arena-classroom/arena/internal/termtext"
	"github.com/arena-classroom/arena/lang"
	"github.com/arena-classroom/arena/replay"
)

// ReplayPanel is the side panel of stored game g replayed at cursor c, width columns wide
// and at most as high as the window leaves beside the board: the move shown and how
// playback goes, the command that prints the position shown, each seat and its status, the
// recorded result at the end, and what the move did.
//
// With clocks (replay format 3), each seat has its think times under its name and the move
// its think time, bank, warning and the program's note; where the window is short, the think
// times say less (the sparklines go, then lines of theirs, then all) before the panel is cut.
func ReplayPanel(v Viewer, g archive.Game, c *replay.Cursor, playback string, width int) string {
	thinking := ThinkTimes(g.Replay.Moves, len(g.Rec.Seats))
	detail := 4
	if thinking == nil {
		detail = 0
	}
	for ; ; detail-- {
		panel := replayPanel(v, g, c, playback, width, thinking, detail)
		if detail == 0 || v.Height <= 0 || strings.Count(panel, "\n")+1 <= v.Height-ChromeHeight {
			return clipPanel(v, panel)
		}
	}
}

// replayPanel is ReplayPanel with the think times at detail: 4 with the sparklines of the
// seats' recent moves, 3 whole, 2 two lines a seat, 1 one, 0 none.
func replayPanel(v Viewer, g archive.Game, c *replay.Cursor, playback string, width int, thinking []Thinking, detail int) string {
	st, l := v.St, v.Lang
	var b strings.Builder
	fmt.Fprintf(&b, "%s  %s\n", st.Key.Render(l.Sprintf("move %d/%d", c.At(), c.Len())), st.Dim.Render(playback))
	b.WriteString(termtext.ProgressBar(c.At(), c.Len(), width-2) + "\n")
	if cmd := PositionCommand(g, c); cmd != "" {
		// The board shown is the position before the next move: a student takes it home
		// with the command (replay ID --position N), to ask a bot or their own program.
		b.WriteString(st.Dim.Render(termtext.Fit(l.Sprintf("position before move %d:", c.At()+1), width)) + "\n")
		if ansi.StringWidth(cmd) <= width-1 {
			b.WriteString(" " + cmd + "\n")
		} else { // the flag on a line of its own, indented as the continuation it is
			head, flag, _ := strings.Cut(cmd, " --")
			b.WriteString(" " + termtext.Fit(head, width-1) + "\n   " + termtext.Fit("--"+flag, width-3) + "\n")
		}
	}
	b.WriteString("\n")
	view := games.ViewIn(g.Entry.View, l)
	toMove := -1
	if mv := c.State().ToMove(); len(mv) == 1 && !c.State().Over() {
		toMove = mv[0]
	}
	sw, swatched := view.(games.Swatcher)
	for i, seat := range g.Rec.Seats {
		marker := "  "
		if i == toMove {
			marker = st.Key.Render("▶ ")
		}
		nameW := width - 2
		if swatched { // the board's legend: the seat's colour before its name
			marker += sw.Swatch(i, v.Palette) + " "
			nameW -= games.SwatchWidth + 1
		}
		b.WriteString(marker + termtext.Fit(plaintext.Clean(seat.Name), nameW) + "\n")
		if status := view.Status(c.State(), i); status != "" {
			for _, row := range termtext.WrapParts(status, width-3) {
				b.WriteString("   " + st.Dim.Render(termtext.Fit(row, width-3)) + "\n")
			}
		}
		if detail > 0 && i < len(thinking) {
			for _, line := range thinkingLines(l, thinking[i], width-3, detail) {
				b.WriteString("   " + st.Dim.Render(termtext.Fit(line, width-3)) + "\n")
			}
			if detail >= 4 {
				label := l.Sprintf("recent") + " "
				if spark := Sparkline(g.Replay.Moves, i, c.At(), min(width-3-ansi.StringWidth(label), 24)); spark != "" {
					b.WriteString("   " + st.Dim.Render(label) + spark + "\n")
				}
			}
		}
	}
	if c.At() == c.Len() {
		b.WriteString("\n" + st.Key.Render(recordedResult(l, g)) + "\n")
	}
	if mv, ok := c.Move(); ok {
		b.WriteString("\n" + st.Heading.Render(l.Sprintf("This move")) + "\n")
		name := g.Rec.Seats[mv.Seat].Name
		if mv.Clock != nil {
			for _, line := range termtext.WrapParts(moveClockLine(l, name, mv.Clock), width-1) {
				b.WriteString(" " + termtext.Fit(line, width-1) + "\n")
			}
		}
		if warn := WarnWordsIn(l, mv.Clock); warn != "" {
			for _, line := range termtext.WrapWords(warn, width-1) {
				b.WriteString(" " + st.Warn.Render(termtext.Fit(line, width-1)) + "\n")
			}
		} else if mv.Default {
			// The events below say what the game made of it ("lost the turn"); where there are
			// none (Perfect Aim's WAIT), the move's name does.
			line := l.Sprintf("%s's answer was late or refused", plaintext.Clean(name))
			if !slices.ContainsFunc(c.Events(), func(e games.Event) bool { return e.Seat == mv.Seat && e.Text != "" }) {
				line = l.Sprintf("%s's answer was late or refused: %s", plaintext.Clean(name), plaintext.Clean(fmt.Sprint(mv.Action)))
			}
			b.WriteString(" " + termtext.Fit(line, width-1) + "\n")
		}
		if note := oneLine(g.Notes[c.At()-1]); note != "" { // the program's own words
			label := l.Sprintf("note:")
			b.WriteString(" " + st.Dim.Render(label) + " " + termtext.Fit(note, width-2-ansi.StringWidth(label)) + "\n")
		}
		for _, e := range c.Events() {
			text := e.In(l)
			if e.Seat >= 0 && e.Seat < len(g.Rec.Seats) {
				text = g.Rec.Seats[e.Seat].Name + " " + text
			}
			for _, line := range termtext.WrapWords(plaintext.Clean(text), width-3) {
				b.WriteString(" " + termtext.Fit(line, width-1) + "\n")
			}
		}
	}
	return strings.TrimRight(b.String(), "\n")
}

// PositionCommand is the command that prints the position c shows, "ssh HOST replay ID
// --position N", or "" where there is none: a real-time game, or the end of the game.
func PositionCommand(g archive.Game, c *replay.Cursor) string {
	if _, ok := g.Entry.Game.(games.Positions); !ok || c.At() >= c.Len() {
		return ""
	}
	return fmt.Sprintf("ssh HOST replay %s --position %d", g.Rec.ID, c.At()+1) // lang:keep a command
}

// clipPanel cuts a panel to the rows the window leaves beside the board (a move with many
// events would otherwise push the screen past the window's last row).
func clipPanel(v Viewer, panel string) string {
	room := v.Height - ChromeHeight
	lines := strings.Split(panel, "\n")
	if v.Height <= 0 || len(lines) <= room || room < 1 {
		return panel
	}
	return strings.Join(append(lines[:room-1], v.St.Dim.Render(" …")), "\n")
}

// recordedResult is g's recorded outcome in words: "alice wins.", "Draw.".
func recordedResult(l lang.Lang, g archive.Game) string {
	out := g.Replay.Outcome
	if out == nil {
		return l.Sprintf("Game over.")
	}
	if w := out.Winner(); w >= 0 {
		return l.Sprintf("%s wins.", plaintext.Clean(g.Rec.Seats[w].Name))
	}
	return l.Sprintf("Draw.")
}
