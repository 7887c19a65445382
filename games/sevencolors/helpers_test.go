package sevencolors

import (
	"strings"
	"testing"
)

// parse reads a board drawn with the Plain glyphs, one string per row from the top:
// '.' empty, '^' PLAYER_1, 'v' PLAYER_2, 'A'..'G' the colours. Spaces are ignored.
func parse(t testing.TB, rows ...string) (int, []int) {
	t.Helper()
	var cells []int
	for _, row := range rows {
		row = strings.ReplaceAll(row, " ", "")
		if len(row) != len(rows) {
			t.Fatalf("row %q: want %d cells", row, len(rows))
		}
		for _, r := range row {
			switch {
			case r == '.':
				cells = append(cells, Empty)
			case r == '^':
				cells = append(cells, Player1)
			case r == 'v':
				cells = append(cells, Player2)
			case r >= 'A' && r <= 'G':
				cells = append(cells, MinColor+int(r-'A'))
			default:
				t.Fatalf("bad glyph %q", r)
			}
		}
	}
	return len(rows), cells
}

func pos(t testing.TB, toMove int, rows ...string) *State {
	t.Helper()
	n, cells := parse(t, rows...)
	s, err := FromBoard(n, cells, toMove)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// draw is the inverse of parse, for comparing whole boards.
func draw(s *State) []string {
	glyph := ".^vABCDEFG"
	n := s.Size()
	rows := make([]string, n)
	for y := range n {
		var sb strings.Builder
		for x := range n {
			sb.WriteByte(glyph[s.Cell(x, y)])
		}
		rows[y] = sb.String()
	}
	return rows
}

func drawString(s *State) string { return strings.Join(draw(s), "/") }

// ref is a naive model of the rules on a plain grid, written from the rules text and
// independent of the blob machinery: the engine must agree with it move by move.
type ref struct {
	n     int
	cells []int
}

func (r *ref) neighbours(i int) []int {
	x, y := i%r.n, i/r.n
	var out []int
	if x > 0 {
		out = append(out, i-1)
	}
	if x < r.n-1 {
		out = append(out, i+1)
	}
	if y > 0 {
		out = append(out, i-r.n)
	}
	if y < r.n-1 {
		out = append(out, i+r.n)
	}
	return out
}

// flood returns the cells colour c captures for player p: a BFS from the territory through
// c-cells only [rules 5].
func (r *ref) flood(p, c int) []int {
	seen := make([]bool, len(r.cells))
	var queue, got []int
	for i, v := range r.cells {
		if v == p {
			queue = append(queue, i)
			seen[i] = true
		}
	}
	for len(queue) > 0 {
		i := queue[0]
		queue = queue[1:]
		for _, j := range r.neighbours(i) {
			if !seen[j] && r.cells[j] == c {
				seen[j] = true
				queue = append(queue, j)
				got = append(got, j)
			}
		}
	}
	return got
}

func (r *ref) frontier(p int) int {
	k := 0
	for i, v := range r.cells {
		if v < MinColor {
			continue
		}
		for _, j := range r.neighbours(i) {
			if r.cells[j] == p {
				k++
				break
			}
		}
	}
	return k
}

func (r *ref) count(p int) int {
	k := 0
	for _, v := range r.cells {
		if v == p {
			k++
		}
	}
	return k
}

func (r *ref) clone() *ref { return &ref{n: r.n, cells: append([]int(nil), r.cells...)} }

// play applies colour c for p; out-of-range colours capture nothing.
func (r *ref) play(p, c int) int {
	if c < MinColor || c > MaxColor {
		return 0
	}
	got := r.flood(p, c)
	for _, i := range got {
		r.cells[i] = p
	}
	return len(got)
}
