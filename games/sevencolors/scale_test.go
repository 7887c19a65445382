package sevencolors

import (
	"regexp"
	"strings"
	"testing"

	"github.com/arena-classroom/arena/games"
)

// painted is one column of a drawn line: its character and the SGR it is drawn in.
type painted struct {
	r   rune
	sgr string
}

var sgrAt = regexp.MustCompile("^\x1b\\[[0-9;]*m")

// paint reads a drawn line column by column, each with the last SGR before it.
func paint(line string) []painted {
	var out []painted
	sgr := ""
	for line != "" {
		if m := sgrAt.FindString(line); m != "" {
			sgr, line = m, line[len(m):]
			continue
		}
		r := []rune(line)[0]
		out = append(out, painted{r, sgr})
		line = line[len(string(r)):]
	}
	return out
}

// A scaled board is as large as Scales says, at every scale, for boards of several sizes;
// every cell is a block of its colour with its letter (its glyph) in the middle, or in Plain
// its scale-0 text repeated over the block.
func TestScaledBoardsAreTheSizeScalesSaysAndShowEveryCell(t *testing.T) {
	sc := View.(games.Scaler)
	for _, n := range []int{MinSize, 3, 10, 20, 30} {
		s, _ := NewState(n, 5)
		s.Play(greedyColour(s))
		s.Play(greedyColour(s))
		sizes := sc.Scales(s)
		if len(sizes) < 4 {
			t.Fatalf("%d×%d: %d scales", n, n, len(sizes))
		}
		for k, size := range sizes {
			w, h := blockSize(k)
			if size != [2]int{w * n, h * n} {
				t.Fatalf("%d×%d scale %d: Scales says %v, want blocks of %d×%d", n, n, k, size, w, h)
			}
			if k > 0 && (size[0] <= sizes[k-1][0] || size[1] <= sizes[k-1][1]) {
				t.Fatalf("%d×%d scale %d is no larger than scale %d", n, n, k, k-1)
			}
			for _, p := range games.Palettes {
				lines := strings.Split(sc.ScaledBoard(s, -1, p, k), "\n")
				if len(lines) != size[1] {
					t.Fatalf("%d×%d scale %d palette %d: %d lines, Scales says %d", n, n, k, p, len(lines), size[1])
				}
				for i, line := range lines {
					cols := paint(line)
					if len(cols) != size[0] {
						t.Fatalf("%d×%d scale %d palette %d line %d: %d wide, Scales says %d", n, n, k, p, i, len(cols), size[0])
					}
					if p != games.Plain && !strings.HasSuffix(line, sgrReset) {
						t.Fatalf("%d×%d scale %d palette %d line %d does not reset its colours", n, n, k, p, i)
					}
					y := i / h
					for x := range n {
						code := s.cellAt(y*n + x)
						block := cols[x*w : (x+1)*w]
						text := ""
						for _, c := range block {
							if c.sgr != styles[p][code].sgr {
								t.Fatalf("%d×%d scale %d palette %d: cell (%d,%d) drawn in %q, want %q", n, n, k, p, x, y, c.sgr, styles[p][code].sgr)
							}
							text += string(c.r)
						}
						glyph := strings.TrimSpace(styles[p][code].text)
						want := strings.Repeat(" ", w)
						switch {
						case p == games.Plain:
							want = strings.Repeat(styles[p][code].text, w/2)
						case i%h == (h-1)/2:
							at := (w - len(glyph)) / 2
							want = want[:at] + glyph + want[at+len(glyph):]
						}
						if text != want {
							t.Fatalf("%d×%d scale %d palette %d: line %d of cell (%d,%d) is %q, want %q", n, n, k, p, i%h, x, y, text, want)
						}
					}
				}
			}
		}
	}
}

// Scale 0 is Board's drawing, byte for byte, and the scaled drawing at 0 is the same.
func TestScaleZeroIsTheBoard(t *testing.T) {
	sc := View.(games.Scaler)
	for _, n := range []int{MinSize, 10, 20} {
		s, _ := NewState(n, 9)
		s.Play(greedyColour(s))
		for _, p := range games.Palettes {
			board := View.Board(s, -1, p)
			if got := sc.ScaledBoard(s, -1, p, 0); got != board {
				t.Fatalf("%d×%d palette %d: scale 0 is not Board", n, n, p)
			}
			if got := drawScaled(s, p, 0); got != board {
				t.Fatalf("%d×%d palette %d: blocks of scale 0 draw\n%q\nBoard draws\n%q", n, n, p, got, board)
			}
		}
	}
}

// The lobby draws the largest scale that fits: a 10×10 board beside the wall's panel at
// 120×40 (88×35 for the board) is drawn 6×3 a cell, at 160×50 (128×45) 8×4; 20×20 at
// 160×50 4×2.
func TestScaleForAWindow(t *testing.T) {
	for _, c := range []struct{ n, width, height, want int }{
		{10, 88, 35, 2}, {10, 128, 45, 3}, {20, 88, 35, 0}, {20, 128, 45, 1}, {30, 42, 21, 0},
	} {
		s, _ := NewState(c.n, 1)
		if got := games.ScaleFor(View, s, c.width, c.height); got != c.want {
			t.Errorf("%d×%d in %d×%d: scale %d, want %d", c.n, c.n, c.width, c.height, got, c.want)
		}
	}
}

func TestPlainScaledBoard(t *testing.T) {
	s := pos(t, Player1,
		"Bv",
		"^A",
	)
	want := "B B v v \nB B v v \n^ ^ A A \n^ ^ A A "
	if got := View.(games.Scaler).ScaledBoard(s, -1, games.Plain, 1); got != want {
		t.Fatalf("plain board at scale 1:\n%q\nwant\n%q", got, want)
	}
}
