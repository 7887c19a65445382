package warhammer

import (
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/arena-classroom/arena/games"
)

// scaledCellOf reads a larger board without colour as a person does: the line whose number
// at the left is r, and the two columns under column c's number, on the first line, where
// its last digit is over the second. "" when the edges name no such cell.
func scaledCellOf(board string, r, c int) string {
	lines := strings.Split(board, "\n")
	head := " " + lines[0] + " "
	label := " " + strconv.Itoa(c) + " "
	i := strings.Index(head, label)
	if i < 0 {
		return ""
	}
	x := i + len(label) - 3 // the last digit's column in the board (head has one more at the left)
	for _, l := range lines[1:] {
		if f := strings.Fields(l); len(f) > 0 && f[0] == strconv.Itoa(r) {
			if x < 1 || x >= len(l) {
				return ""
			}
			return l[x-1 : x+1]
		}
	}
	return ""
}

// wantCell is what cell (r, c) of s shows: its HP, or who stands on it.
func wantCell(s *State, r, c int) string {
	want := " " + strconv.Itoa(min(s.HP(r, c), maxShown))
	if s.HP(r, c) == 0 {
		want = "  "
	}
	for k, pl := range s.players {
		if pl.Row == r && pl.Col == c && (pl.Alive || !strings.HasPrefix(want, "P")) {
			want = "x" + strconv.Itoa(k+1)
			if pl.Alive {
				want = "P" + strconv.Itoa(k+1)
			}
		}
	}
	return want
}

// At every scale the board is as large as Scales says, and its edges name every cell: the
// cell under column c's number on the line numbered r shows (r, c)'s HP or player, in every
// palette, for the usual sizes and the extremes.
func TestScaledBoardsAreTheSizeScalesSaysAndTheEdgesNameTheCells(t *testing.T) {
	sc := View.(games.Scaler)
	for _, size := range []int{MinSize, 10, 11, DefaultSize, MaxSize} {
		s, err := NewState(size, 8, uint64(size))
		if err != nil {
			t.Fatal(err)
		}
		s.Play(Code(0, 0))
		sizes := sc.Scales(s)
		if len(sizes) < 4 {
			t.Fatalf("size %d: %d scales", size, len(sizes))
		}
		if w, h := View.(games.Fitter).BoardSize(games.Config{"size": size}); sizes[0] != [2]int{w, h} {
			t.Fatalf("size %d: scale 0 is %v, BoardSize says %d×%d", size, sizes[0], w, h)
		}
		for k, want := range sizes {
			if k > 0 && (want[0] <= sizes[k-1][0] || want[1] <= sizes[k-1][1]) {
				t.Fatalf("size %d: scale %d is no larger than scale %d", size, k, k-1)
			}
			for _, p := range games.Palettes {
				drawn := sc.ScaledBoard(s, -1, p, k)
				board := ansi.Strip(drawn)
				lines := strings.Split(board, "\n")
				for i, l := range lines {
					if len(lines) != want[1] || ansi.StringWidth(l) != want[0] {
						t.Fatalf("size %d scale %d palette %d: line %d is %d wide of %d lines; Scales says %v", size, k, p, i, ansi.StringWidth(l), len(lines), want)
					}
				}
				if k == 0 {
					if drawn != View.Board(s, -1, p) {
						t.Fatalf("size %d palette %d: scale 0 is not Board", size, p)
					}
					continue
				}
				for r := range size {
					for c := range size {
						if got, want := scaledCellOf(board, r, c), wantCell(s, r, c); got != want {
							t.Fatalf("size %d scale %d palette %d: (%d,%d) should show %q; the cell the edges name shows %q\n%s",
								size, k, p, r, c, want, got, board)
						}
					}
				}
			}
		}
	}
}

var sgrAt = regexp.MustCompile("^\x1b\\[[0-9;]*m")

// sgrs is the SGR each column of a drawn line is drawn in.
func sgrs(line string) []string {
	var out []string
	sgr := ""
	for line != "" {
		if m := sgrAt.FindString(line); m != "" {
			sgr, line = m, line[len(m):]
			continue
		}
		r := []rune(line)[0]
		out = append(out, sgr)
		line = line[len(string(r)):]
	}
	return out
}

// In colour a cell's whole block is its colour; the player to move is underlined on its
// name only.
func TestScaledCellsAreBlocksOfTheirColour(t *testing.T) {
	s := board(7, 1, at(1, 1), at(3, 3), Player{Alive: false, Row: 5, Col: 5})
	s.hp[0], s.hp[1], s.hp[2] = 0, 1, 12
	for _, p := range []games.Palette{games.ANSI16, games.ANSI256} {
		ps := &styles[p]
		marks := marksOf(s, ps)
		for k := 1; k <= 3; k++ {
			w, h := blockSize(k)
			lines := strings.Split(View.(games.Scaler).ScaledBoard(s, -1, p, k), "\n")
			lw := rowLabelWidth(7)
			for r := range 7 {
				for c := range 7 {
					cs := styleAt(s, ps, marks, nil, r*7+c)
					for line := range h {
						cols := sgrs(lines[1+r*h+line])[lw+c*w : lw+(c+1)*w]
						for x, got := range cols {
							want := cs.fill()
							if line == (h-1)/2 && (x == (w-2)/2 || x == (w-2)/2+1) {
								want = cs.sgr
							}
							if got != want {
								t.Fatalf("palette %d scale %d: (%d,%d) line %d column %d drawn in %q, want %q", p, k, r, c, line, x, got, want)
							}
						}
					}
				}
			}
		}
		if ps.turn[1].fill() != ps.alive[1].sgr || ps.turn[1].sgr == ps.alive[1].sgr {
			t.Fatalf("palette %d: the player to move is not underlined on its name alone", p)
		}
	}
}

func TestPlainScaledBoard(t *testing.T) {
	s := board(7, 1, at(1, 1), at(3, 3), Player{Alive: false, Row: 5, Col: 5})
	s.hp[0], s.hp[1], s.hp[2] = 0, 1, 12
	got := View.(games.Scaler).ScaledBoard(s, -1, games.Plain, 1)
	want := strings.Join([]string{
		"    0   1   2   3   4   5   6 ",
		"0       1   9   4   4   4   4 ",
		"                              ",
		"1   4  P1   4   4   4   4   4 ",
		"                              ",
		"2   4   4   4   4   4   4   4 ",
		"                              ",
		"3   4   4   4  P2   4   4   4 ",
		"                              ",
		"4   4   4   4   4   4   4   4 ",
		"                              ",
		"5   4   4   4   4   4  x3   4 ",
		"                              ",
		"6   4   4   4   4   4   4   4 ",
		"                              ",
	}, "\n")
	if got != want {
		t.Fatalf("plain board at scale 1:\n%s\nwant\n%s", got, want)
	}
}

// A person's draft draws its preview at the larger scale too: the cells it changes, marked.
func TestTheDraftPreviewsAtEveryScale(t *testing.T) {
	s := board(9, 0, at(4, 4), at(3, 6), at(8, 8))
	d, _, _ := keys(t, s, "up")
	sd, ok := d.(games.ScaledDraft)
	if !ok {
		t.Fatal("the draft draws no larger board")
	}
	if sd.ScaledBoard(games.Plain, 0) != d.Board(games.Plain) {
		t.Fatal("the draft's scale 0 is not its Board")
	}
	for k := 1; k <= 3; k++ {
		board := sd.ScaledBoard(games.Plain, k)
		for _, c := range []struct {
			r, c int
			want string
		}{{0, 4, "XX"}, {1, 4, "*2"}, {4, 4, "P1"}, {3, 6, "P2"}, {5, 5, " 4"}} {
			if got := scaledCellOf(board, c.r, c.c); got != c.want {
				t.Errorf("scale %d: (%d,%d) previewed as %q, want %q\n%s", k, c.r, c.c, got, c.want, board)
			}
		}
		if w, h := View.(games.Scaler).Scales(s)[k][0], View.(games.Scaler).Scales(s)[k][1]; ansi.StringWidth(strings.Split(board, "\n")[0]) != w || strings.Count(board, "\n")+1 != h {
			t.Errorf("scale %d: the draft's board is not the size Scales says", k)
		}
	}
}
