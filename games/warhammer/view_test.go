package warhammer

import (
	"strconv"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/arena-classroom/arena/games"
)

func TestPlainBoardUsesLettersDigitsAndSpaces(t *testing.T) {
	s := board(7, 1, at(1, 1), at(3, 3), Player{Alive: false, Row: 5, Col: 5})
	s.hp[0], s.hp[1], s.hp[2] = 0, 1, 12
	got := View.Board(s, -1, games.Plain)
	want := strings.Join([]string{
		"   0 1 2 3 4 5 6",
		"0    1 9 4 4 4 4",
		"1  4P1 4 4 4 4 4",
		"2  4 4 4 4 4 4 4",
		"3  4 4 4P2 4 4 4",
		"4  4 4 4 4 4 4 4",
		"5  4 4 4 4 4x3 4",
		"6  4 4 4 4 4 4 4",
	}, "\n")
	if got != want {
		t.Fatalf("plain board:\n%s\nwant\n%s", got, want)
	}
	for _, r := range got {
		if !(r == ' ' || r == '\n' || r >= '0' && r <= '9' || r >= 'A' && r <= 'Z' || r >= 'a' && r <= 'z') {
			t.Fatalf("plain board holds %q", r)
		}
	}
}

func TestColourBoardsHaveOneWidthAndShowEveryMarker(t *testing.T) {
	s, _ := NewState(19, 8, 1)
	s.Play(Code(0, 0))
	for _, p := range []games.Palette{games.ANSI16, games.ANSI256} {
		b := View.Board(s, 0, p)
		lines := strings.Split(b, "\n")
		if len(lines) != 21 { // the cells' 19 under the columns' numbers, tens over units
			t.Fatalf("palette %d: %d lines", p, len(lines))
		}
		for i, l := range lines {
			if w := ansi.StringWidth(l); w != 41 { // the rows' numbers, "18 ", and 19 cells
				t.Fatalf("palette %d: line %d is %d wide", p, i, w)
			}
		}
		plain := ansi.Strip(b)
		for k := range 8 {
			if !strings.Contains(plain, "P"+string(rune('1'+k))) {
				t.Fatalf("palette %d: no marker for player %d", p, k+1)
			}
		}
	}
	if w, h := View.(games.Fitter).BoardSize(games.Config{"size": 19}); w != 41 || h != 21 {
		t.Fatalf("19×19 takes %d×%d", w, h)
	}
	// An 80×24 terminal leaves 42×21 beside the panel: 19×19 fits; a small window gets less.
	if got := View.(games.Fitter).FitConfig(games.Config{"size": 19}, 42, 21)["size"]; got != 19 {
		t.Fatalf("fit in 42×21: %d", got)
	}
	if got := View.(games.Fitter).FitConfig(games.Config{"size": 19}, 33, 17)["size"]; got != 15 {
		t.Fatalf("fit in 33×17: %d", got)
	}
}

// keys feeds keys to a new draft of seat 0's turn and returns the action once one is done.
func keys(t *testing.T, s *State, ks ...string) (games.Draft, games.Action, bool) {
	t.Helper()
	d := View.(games.Composer).Compose(s, 0)
	for i, k := range ks {
		a, done, used := d.Key(k)
		if !used {
			t.Fatalf("key %q not taken", k)
		}
		if done {
			if i != len(ks)-1 {
				t.Fatalf("the move was done at key %d of %v", i, ks)
			}
			return d, a, true
		}
	}
	return d, nil, false
}

func TestDraftTakesTwoChoicesEachPreviewed(t *testing.T) {
	s := board(9, 0, at(4, 4), at(3, 6), at(8, 8))
	before := View.Board(s, 0, games.Plain)
	// A key previews the grenade up: it lands 5 cells up at (0,4), which the preview shows
	// destroyed, with its neighbours at 2; nothing is played yet.
	d, _, done := keys(t, s, "up")
	if done {
		t.Fatal("one key played a turn")
	}
	preview := d.Board(games.Plain)
	if got := cellOf(preview, 0, 4); got != "XX" {
		t.Errorf("landing cell previewed as %q, want XX\n%s", got, preview)
	}
	if got := cellOf(preview, 1, 4); got != "*2" {
		t.Errorf("splashed cell previewed as %q, want *2", got)
	}
	if got := cellOf(preview, 4, 4); got != "P1" {
		t.Errorf("the thrower's cell previewed as %q", got)
	}
	if !strings.Contains(d.Prompt(), "grenade up") || !strings.Contains(d.Prompt(), "(0,4)") {
		t.Errorf("prompt %q", d.Prompt())
	}
	if View.Board(s, 0, games.Plain) != before {
		t.Fatal("the preview changed the game")
	}
	// Another key changes the choice; the same key again takes it; the hammer follows.
	for _, tc := range []struct {
		keys []string
		code int
	}{
		{[]string{"up", "up", "x", "x"}, Code(gUp, hDown)},
		{[]string{"up", "enter", "right", "enter"}, Code(gUp, hRight)},
		{[]string{"left", "d", "d", "e", "enter"}, Code(mRight, 1)},                   // step right, hammer up-right (the opponent)
		{[]string{"6", "6", "9", "9"}, Code(mRight, 1)},                               // the keypad
		{[]string{"d", "enter", "backspace", "a", "enter", "w", " "}, Code(mLeft, 2)}, // back to the action
		{[]string{"d", "enter", "q", "backspace", "w", "w"}, Code(mRight, 2)},         // backspace drops the hammer choice first
	} {
		_, a, done := keys(t, s, tc.keys...)
		if !done || a != tc.code {
			t.Errorf("%v: %v (done %v), want %d", tc.keys, a, done, tc.code)
		}
	}
	if _, _, used := View.(games.Composer).Compose(s, 0).Key("m"); used {
		t.Error("m is not a key of the game")
	}
}

func TestDraftPreviewsTheHammerFromWhereTheActionLeavesThePlayer(t *testing.T) {
	s := board(9, 0, at(4, 4), at(3, 6), at(8, 8))
	// Step right to (4,5), then hammer up-right on (3,6): player 2 stands there and falls.
	d, _, _ := keys(t, s, "d", "d", "e")
	preview := d.Board(games.Plain)
	if got := cellOf(preview, 4, 5); got != "P1" {
		t.Errorf("the player previewed at (4,5) as %q\n%s", got, preview)
	}
	if got := cellOf(preview, 4, 4); got != "*3" {
		t.Errorf("the cell left previewed as %q, want *3", got)
	}
	if got := cellOf(preview, 3, 6); got != "x2" {
		t.Errorf("player 2's cell previewed as %q, want x2 (fallen)", got)
	}
	if p := d.Prompt(); !strings.Contains(p, "): hammers (3,6)") || !strings.Contains(p, "player 2 falls") {
		t.Errorf("prompt %q", p)
	}
}

func TestFatalChoicesNeedOneMorePress(t *testing.T) {
	// Player 1 stands on the left edge: a step left leaves the board.
	s := board(9, 0, at(4, 0), at(3, 6))
	d, _, done := keys(t, s, "a", "a")
	if done || !strings.Contains(d.Prompt(), "KILLS YOU") {
		t.Fatalf("a fatal step was taken at the first confirmation: %q", d.Prompt())
	}
	if a, done, _ := d.Key("enter"); !done || a != Code(mLeft, 0) {
		t.Fatalf("confirmed fatal step: %v %v", a, done)
	}
	// A hammer into the void is fatal too; backspace disarms it.
	d, _, _ = keys(t, s, "right", "right", "a", "enter", "backspace", "d")
	if strings.Contains(d.Prompt(), "KILLS") {
		t.Fatalf("hammer right is not fatal: %q", d.Prompt())
	}
	if a, done, _ := d.Key("d"); !done || a != Code(gRight, hRight) {
		t.Fatalf("hammer right: %v %v", a, done)
	}
}

// cellOf is the two columns of cell (r, c) of a board without colour, found by its edges'
// numbers ("" when they name no such cell).
func cellOf(board string, r, c int) string {
	x, y, ok := cellAt(board, r, c)
	if !ok {
		return ""
	}
	return strings.Split(board, "\n")[y][x : x+2]
}

// cellAt reads a board without colour as a person does: the line whose number at the left
// is r, and the two columns whose second has c's digits above it, one a line. That is where
// cell (r, c) is drawn if the edges name the cells right.
func cellAt(board string, r, c int) (x, y int, ok bool) {
	lines := strings.Split(board, "\n")
	// The lines of column numbers are those before row 0's, the first of two lines that
	// begin with 0 and 1 at one place (the rows' numbers are right-aligned).
	first := func(l string) (string, int) {
		f := strings.Fields(l)
		if len(f) == 0 {
			return "", -1
		}
		return f[0], strings.Index(l, f[0])
	}
	heads := 0
	for ; heads+1 < len(lines); heads++ {
		a, at := first(lines[heads])
		b, bt := first(lines[heads+1])
		if a == "0" && b == "1" && at == bt {
			break
		}
	}
	if heads == 0 || heads+1 == len(lines) {
		return 0, 0, false
	}
	y = -1
	for i := heads; i < len(lines); i++ {
		if f := strings.Fields(lines[i]); len(f) > 0 && f[0] == strconv.Itoa(r) {
			y = i
		}
	}
	for col := 1; y >= 0 && col < len(lines[heads-1]); col++ {
		var digits string
		for _, h := range lines[:heads] {
			if col < len(h) && h[col] != ' ' {
				digits += h[col : col+1]
			}
		}
		if digits == strconv.Itoa(c) {
			return col - 1, y, true
		}
	}
	return 0, 0, false
}

func TestStatusLines(t *testing.T) {
	s := board(9, 0, at(4, 4), Player{Alive: false, Row: 0, Col: 1}, at(8, 8))
	s.deaths = []int{1}
	s.hp[4*9+4] = 3
	if got := View.Status(s, 0); got != "P1 · alive · HP 3" {
		t.Errorf("%q", got)
	}
	if got := View.Status(s, 1); got != "P2 · fell 1st" {
		t.Errorf("%q", got)
	}
	if View.Status(s, 5) != "" || View.Status(nil, 0) != "" {
		t.Error("a seat out of range has a status")
	}
}

func TestDraftMarksWhereAGrenadeLandsEvenOnAHole(t *testing.T) {
	s := board(9, 0, at(4, 4), at(8, 8))
	s.hp[0*9+4] = 0 // the grenade up lands on a hole: nothing is destroyed there
	d, _, _ := keys(t, s, "up")
	if got := cellOf(d.Board(games.Plain), 0, 4); got != "XX" {
		t.Fatalf("the landing cell previewed as %q, want XX", got)
	}
}

// The board's edges name every cell as the rules and the events do, (row, col) from (0,0) at
// the top left: a player at (r, c) is drawn on the line numbered r, under the column numbered
// c, and so is every cell's HP, at the usual sizes and the extremes, in every palette (read
// without its colours); the board is as large as BoardSize says.
func TestTheEdgesNameTheCells(t *testing.T) {
	for _, size := range []int{MinSize, 9, 10, 11, 15, DefaultSize, MaxSize} {
		for _, n := range []int{2, 8} {
			s, err := NewState(size, n, uint64(size*n))
			if err != nil {
				t.Fatal(err)
			}
			s.Play(Code(0, 0)) // a grenade, a hammer: holes, fallen players perhaps
			for _, p := range games.Palettes {
				board := ansi.Strip(View.Board(s, -1, p))
				w, h := View.(games.Fitter).BoardSize(games.Config{"size": size})
				lines := strings.Split(board, "\n")
				for _, l := range lines {
					if len(lines) != h || ansi.StringWidth(l) != w {
						t.Fatalf("size %d: a line %d wide of %d lines; BoardSize says %d×%d\n%s", size, ansi.StringWidth(l), len(lines), w, h, board)
					}
				}
				for r := range size {
					for c := range size {
						got := cellOf(board, r, c)
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
						if got != want {
							t.Fatalf("size %d palette %d: (%d,%d) should show %q; the cell the edges name shows %q\n%s",
								size, p, r, c, want, got, board)
						}
					}
				}
			}
		}
	}
}
