package sevencolors

import (
	"strings"

	"github.com/arena-classroom/arena/games"
)

// A large window (a projector's wall, a game screen of 160×50) draws the board larger
// (games.Scaler): at scale k a cell is a block 2(k+1) columns wide and k+1 lines tall, about
// square as the two columns of scale 0 are (a terminal's cell is about twice as tall as
// wide). In colour the block is the cell's colour with its letter (or a territory's glyph)
// in the middle; in Plain, where only letters tell cells apart, the block repeats scale 0's
// text ("A A " / "A A "), so that each colour's area reads as a patch of its letter.

var _ games.Scaler = view{}

// maxScale is the largest scale: a cell 16 columns wide and 8 lines tall.
const maxScale = 7

// blockSize is a cell's width and height at scale k.
func blockSize(k int) (w, h int) { return 2 * (k + 1), k + 1 }

// blocks[k][palette][code] is each line of a cell's block at scale k (its SGR apart: the
// block is one colour), built once.
var blocks = func() (t [maxScale + 1][3][MaxColor + 1][]string) {
	for k := range maxScale + 1 {
		w, h := blockSize(k)
		for _, p := range games.Palettes {
			for code, cs := range styles[p] {
				lines := make([]string, h)
				if p == games.Plain {
					for y := range lines {
						lines[y] = strings.Repeat(cs.text, w/2)
					}
				} else {
					glyph := strings.TrimRight(cs.text, " ")
					blank := strings.Repeat(" ", w)
					for y := range lines {
						lines[y] = blank
					}
					at := (w - len(glyph)) / 2
					lines[(h-1)/2] = blank[:at] + glyph + blank[at+len(glyph):]
				}
				t[k][p][code] = lines
			}
		}
	}
	return t
}()

// Scales: the board's size at every scale, the same for every board of its size.
func (view) Scales(st games.State) [][2]int {
	s, ok := st.(*State)
	if !ok {
		return nil
	}
	out := make([][2]int, maxScale+1)
	for k := range out {
		w, h := blockSize(k)
		out[k] = [2]int{w * s.b.n, h * s.b.n}
	}
	return out
}

// ScaledBoard draws the board at scale k (scale 0 is Board's drawing).
func (view) ScaledBoard(st games.State, _ int, p games.Palette, k int) string {
	s, ok := st.(*State)
	if !ok || int(p) < 0 || int(p) >= len(styles) {
		return ""
	}
	return drawScaled(s, p, min(max(k, 0), maxScale))
}

// drawScaled draws s at scale k, line by line of each row of blocks.
func drawScaled(s *State, p games.Palette, k int) string {
	pal, block := &styles[p], &blocks[k][p]
	n := s.b.n
	w, h := blockSize(k)
	var sb strings.Builder
	if p == games.Plain {
		sb.Grow(n * h * (w*n + 1))
	} else {
		sb.Grow(n * h * (w*n + 64))
	}
	for y := range n {
		for line := range h {
			if y > 0 || line > 0 {
				sb.WriteByte('\n')
			}
			prev := -1
			for x := range n {
				code := s.cellAt(y*n + x)
				if code != prev {
					sb.WriteString(pal[code].sgr)
					prev = code
				}
				sb.WriteString(block[code][line])
			}
			if p != games.Plain {
				sb.WriteString(sgrReset)
			}
		}
	}
	return sb.String()
}
