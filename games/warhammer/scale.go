package warhammer

import (
	"fmt"
	"strings"

	"github.com/arena-classroom/arena/games"
)

// A large window draws the board larger (games.Scaler): at scale k a cell is a block 2(k+1)
// columns wide and k+1 lines tall, about square as scale 0's two columns are. The block is
// the cell's colour (a hole is blank) with scale 0's two characters on its middle line, in
// the middle (" 4", "P3", "x3", "*3", "XX"), so that the HP digits and the players' numbers
// stand in one column in every cell. The numbers keep to the board's edges: a row's at the
// left of its middle line; a column's on one line above the board, right-aligned over the
// two middle characters of the column's cells (a block 4 columns wide or more leaves room
// for two digits side by side, and two spaces between numbers).

var (
	_ games.Scaler      = view{}
	_ games.ScaledDraft = (*draft)(nil)
)

// maxScale is the largest scale: a cell 16 columns wide and 8 lines tall.
const maxScale = 7

// blockSize is a cell's width and height at scale k.
func blockSize(k int) (w, h int) { return 2 * (k + 1), k + 1 }

// scaledSize is the board's width and height at scale k for a board of size n.
func scaledSize(n, k int) (width, height int) {
	if k == 0 {
		return 2*n + rowLabelWidth(n), n + columnLabelLines(n)
	}
	w, h := blockSize(k)
	return w*n + rowLabelWidth(n), h*n + 1
}

// Scales: the board's size at every scale, the same for every board of its size.
func (view) Scales(st games.State) [][2]int {
	s, ok := st.(*State)
	if !ok {
		return nil
	}
	out := make([][2]int, maxScale+1)
	for k := range out {
		w, h := scaledSize(s.size, k)
		out[k] = [2]int{w, h}
	}
	return out
}

// ScaledBoard draws the board at scale k (scale 0 is Board's drawing).
func (v view) ScaledBoard(st games.State, _ int, p games.Palette, k int) string {
	s, ok := st.(*State)
	if !ok {
		return ""
	}
	return drawScaled(s, p, nil, k)
}

// ScaledBoard draws the draft's board at scale k with its preview, as Board does at 0.
func (d *draft) ScaledBoard(p games.Palette, k int) string {
	if d.preview == nil {
		return drawScaled(d.s, p, nil, k)
	}
	return drawScaled(d.preview, p, d.changed, k)
}

// drawScaled draws s at scale k, marking the cells where changed is set (nil for none).
func drawScaled(s *State, p games.Palette, changed []bool, k int) string {
	if k <= 0 {
		return drawBoard(s, p, changed)
	}
	if int(p) < 0 || int(p) >= len(styles) {
		return ""
	}
	k = min(k, maxScale)
	ps := &styles[p]
	marks := marksOf(s, ps)
	n := s.size
	w, h := blockSize(k)
	lw := rowLabelWidth(n)
	at := (w - 2) / 2 // where a cell's two characters start in its block
	blank := strings.Repeat(" ", w)
	var b strings.Builder
	b.Grow((h*n + 1) * (w*n + lw + 1) * 2)
	// The columns' numbers, right-aligned over the cells' two middle characters.
	var labels strings.Builder
	labels.WriteString(strings.Repeat(" ", lw))
	for c := range n {
		labels.WriteString(fmt.Sprintf("%s%2d%s", blank[:at], c, blank[at+2:]))
	}
	writeLabel(&b, labels.String(), p)
	for r := range n {
		for line := range h {
			b.WriteByte('\n')
			middle := line == (h-1)/2
			if middle {
				writeLabel(&b, fmt.Sprintf("%*d ", lw-1, r), p)
			} else {
				b.WriteString(strings.Repeat(" ", lw))
			}
			prev := ""
			paint := func(sgr, text string) {
				if sgr != prev {
					b.WriteString(sgr)
					prev = sgr
				}
				b.WriteString(text)
			}
			for c := range n {
				cs := styleAt(s, ps, marks, changed, r*n+c)
				if !middle {
					paint(cs.fill(), blank)
					continue
				}
				paint(cs.fill(), blank[:at])
				paint(cs.sgr, cs.text)
				paint(cs.fill(), blank[at+2:])
			}
			if p != games.Plain {
				b.WriteString(sgrReset)
			}
		}
	}
	return b.String()
}
