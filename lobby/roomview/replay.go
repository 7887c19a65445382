package roomview

import (
	"fmt"
	"slices"
	"strings"

	"github.com/arena-classroom/arena/archive"
	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/internal/plaintext"
	"github.com/arena-classroom/arena/internal/termtext"
	"github.com/arena-classroom/arena/replay"
)

// ReplayPanel is the side panel of stored game g replayed at cursor c, width columns wide:
// the move shown and how playback goes, each seat and its status, the recorded result at
// the end, and what the move did.
func ReplayPanel(v Viewer, g archive.Game, c *replay.Cursor, playback string, width int) string {
	st := v.St
	var b strings.Builder
	fmt.Fprintf(&b, "%s  %s\n", st.Key.Render(fmt.Sprintf("move %d/%d", c.At(), c.Len())), st.Dim.Render(playback))
	b.WriteString(termtext.ProgressBar(c.At(), c.Len(), width-2) + "\n\n")
	view := g.Entry.View
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
			for _, l := range termtext.WrapParts(status, width-3) {
				b.WriteString("   " + st.Dim.Render(termtext.Fit(l, width-3)) + "\n")
			}
		}
	}
	if c.At() == c.Len() {
		b.WriteString("\n" + st.Key.Render(recordedResult(g)) + "\n")
	}
	if mv, ok := c.Move(); ok {
		b.WriteString("\n" + st.Heading.Render("This move") + "\n")
		name := g.Rec.Seats[mv.Seat].Name
		if mv.Default {
			// The events below say what the game made of it ("lost the turn"); where there are
			// none (Perfect Aim's WAIT), the move's name does.
			line := plaintext.Clean(name) + "'s answer was late or refused"
			if !slices.ContainsFunc(c.Events(), func(e games.Event) bool { return e.Seat == mv.Seat && e.Text != "" }) {
				line += ": " + plaintext.Clean(fmt.Sprint(mv.Action))
			}
			b.WriteString(" " + termtext.Fit(line, width-1) + "\n")
		}
		for _, e := range c.Events() {
			text := e.Text
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

// recordedResult is g's recorded outcome in words: "alice wins.", "Draw.".
func recordedResult(g archive.Game) string {
	out := g.Replay.Outcome
	if out == nil {
		return "Game over."
	}
	if w := out.Winner(); w >= 0 {
		return plaintext.Clean(g.Rec.Seats[w].Name) + " wins."
	}
	return "Draw."
}
