package dicewars

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/arena-classroom/arena/games"
)

// Each area is filled with its owner's colour, in a lighter or darker shade by the parity of
// its id so that two areas of one owner read as two, and labelled (labels.go). Plain
// (TERM=dumb) fills with a letter per owner (a..h), capital on even ids. From scale 1 (80×24)
// up a blank parts two areas on a line; in colour an area's characters over another area
// are underlined, and in Plain those over an area of the same letter are drawn '_': areas
// read apart without colour.

// seatShades: the background of seats 1..8, light and dark, in 16 and 256 colours.
var seatShades = [2][MaxPlayers][2]string{
	{{"30;101", "97;41"}, {"30;104", "97;44"}, {"30;103", "30;43"}, {"30;102", "30;42"},
		{"30;105", "97;45"}, {"30;106", "30;46"}, {"30;107", "30;47"}, {"97;100", "97;40"}},
	{{"38;5;16;48;5;210", "38;5;231;48;5;160"}, {"38;5;16;48;5;111", "38;5;231;48;5;26"},
		{"38;5;16;48;5;228", "38;5;16;48;5;178"}, {"38;5;16;48;5;120", "38;5;16;48;5;34"},
		{"38;5;16;48;5;183", "38;5;231;48;5;92"}, {"38;5;16;48;5;123", "38;5;16;48;5;37"},
		{"38;5;16;48;5;216", "38;5;16;48;5;166"}, {"38;5;16;48;5;250", "38;5;231;48;5;240"}},
}

// mark is how a draft highlights an area: the source chosen, a target offered.
type mark int

const (
	markNone mark = iota
	markSource
	markTarget
)

// drawMap draws s at scale k, highlighting the areas in marks (nil: none).
func drawMap(s *State, p games.Palette, marks map[int]mark, k int) string {
	if s.m.Cells == nil {
		return drawGraph(s, marks)
	}
	k = min(max(k, 0), len(rasters)-1)
	r := rasters[k]
	ids, edge, labels := picture(s, k)
	var b strings.Builder
	for y := range r.h {
		if y > 0 {
			b.WriteByte('\n')
		}
		prev := ""
		for x := range r.w {
			i := y*r.w + x
			id := ids[i]
			l := labels[i]
			labelled := l.ch != 0
			if labelled { // a label is drawn in its own area's colour, even past its edge (scale 0)
				id = l.id
			}
			ch, sgr := byte(' '), "\x1b[0m"
			if id > 0 {
				owner := s.owner[id-1]
				ch = fill(s, id)
				attrs := "" // SGR attributes before the shade's colours
				if edge != nil && edge[i] && ids[i] == id {
					attrs = "4;"
				}
				if p != games.Plain {
					ch = ' '
				} else if edge != nil && edge[i] && ids[i] == id && fill(s, ids[i+r.w]) == ch {
					ch = '_' // the edge between two areas of one letter
				}
				// The chosen area is starred in every palette (reverse video turned the light
				// shades black, like the sea), the target underlined in colour.
				switch marks[id] {
				case markSource:
					ch, attrs = '*', "1;"
					if x > 0 && labels[i-1].ch != 0 || x+1 < r.w && labels[i+1].ch != 0 {
						ch = ' ' // a star beside the label would read as part of it
					}
				case markTarget:
					attrs = "1;4;"
					if p == games.Plain {
						ch = '+'
					}
				}
				if p != games.Plain {
					sgr = "\x1b[0;" + attrs + seatShades[min(int(p)-1, 1)][owner][id%2] + "m"
				}
				if labelled {
					ch = l.ch
				}
			}
			if p != games.Plain && sgr != prev {
				b.WriteString(sgr)
				prev = sgr
			}
			b.WriteByte(ch)
		}
		if p != games.Plain {
			b.WriteString("\x1b[0m")
		}
	}
	return b.String()
}

// picture is s's map at scale k as drawn: the area each character shows (0: the sea, or the
// blank between two areas), the characters above another area's (underlined in colour) and
// the labels. Scale 0, two hex rows a line, draws the areas edge to edge and lets a label
// run over a neighbour's edge where its area is too narrow; every larger scale, the one of
// 80×24 first, leaves a blank between two areas on a line, and places each label on its
// own area's characters, clear of every other label (labelAreas, widen).
func picture(s *State, k int) (ids []int, edge []bool, labels []labelChar) {
	r := rasters[k]
	ids = r.areas(s)
	if k == 0 {
		return ids, nil, labelAreas(s, ids, r.w, nil)
	}
	grid := slices.Clone(ids)
	blankBorders(ids, r.w)
	labels = labelAreas(s, ids, r.w, grid)
	return ids, edges(ids, r.w), labels
}

// blankBorders parts the areas of a picture w wide on each line: a character before another
// area's is left blank (ids[i] = 0).
func blankBorders(ids []int, w int) {
	for i, id := range ids {
		if id > 0 && (i+1)%w != 0 && ids[i+1] > 0 && ids[i+1] != id {
			ids[i] = 0
		}
	}
}

// edges marks the characters above another area's, to underline them.
func edges(ids []int, w int) []bool {
	edge := make([]bool, len(ids))
	for i, id := range ids {
		if id > 0 && i+w < len(ids) && ids[i+w] > 0 && ids[i+w] != id {
			edge[i] = true
		}
	}
	return edge
}

// drawGraph draws a game without a map (a position on a bare graph): one line an area.
func drawGraph(s *State, marks map[int]mark) string {
	var lines []string
	width := 0
	for id := 1; id <= len(s.owner); id++ {
		m := " "
		switch marks[id] {
		case markSource:
			m = "*"
		case markTarget:
			m = "+"
		}
		nb := make([]string, len(s.m.Adj[id-1]))
		for i, x := range s.m.Adj[id-1] {
			nb[i] = strconv.Itoa(x)
		}
		line := fmt.Sprintf("%s%2d %c %d dice → %s", m, id, 'a'+s.owner[id-1], s.dice[id-1], strings.Join(nb, ","))
		lines = append(lines, line)
		width = max(width, len([]rune(line)))
	}
	for i, l := range lines {
		lines[i] = l + strings.Repeat(" ", width-len([]rune(l)))
	}
	return strings.Join(lines, "\n")
}

// fill is the letter that fills area id in Plain: its owner's (a..h), a capital on even ids.
func fill(s *State, id int) byte {
	if id%2 == 0 {
		return byte('A' + s.owner[id-1])
	}
	return byte('a' + s.owner[id-1])
}
