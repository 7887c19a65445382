package sevencolors

import (
	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/lang"
)

// View draws 7 Colors in a terminal and maps the keys a–g to the colours A–G.
var View games.View = view{}

// view speaks l (English when zero).
type view struct{ l lang.Lang }

// In is the view speaking l (games.Speaker).
func (v view) In(l lang.Lang) games.View { return view{l: l} }

// cellStyle is how one cell code is drawn: an SGR prefix (empty for Plain) and two columns.
type cellStyle struct {
	sgr  string
	text string
}

// styles[palette][code], built once: rendering a frame only concatenates them.
var styles = func() (t [3][MaxColor + 1]cellStyle) {
	plain := &t[games.Plain]
	plain[Empty] = cellStyle{text: ". "}
	plain[Player1] = cellStyle{text: "^ "}
	plain[Player2] = cellStyle{text: "v "}
	// Colour order as the seed's enum: RED GREEN BLUE YELLOW MAGENTA CYAN WHITE. The letter
	// stays visible (dark on the colour) so that keys and cells match without a legend.
	ansi16 := [7]string{"30;41", "30;42", "97;44", "30;43", "30;45", "30;46", "30;47"}
	ansi256 := [7]string{
		"38;5;52;48;5;160", "38;5;22;48;5;34", "38;5;17;48;5;33", "38;5;94;48;5;220",
		"38;5;53;48;5;170", "38;5;23;48;5;44", "38;5;240;48;5;252",
	}
	for c := MinColor; c <= MaxColor; c++ {
		plain[c] = cellStyle{text: Letter(c) + " "}
		t[games.ANSI16][c] = cellStyle{sgr: "\x1b[0;" + ansi16[c-MinColor] + "m", text: Letter(c) + " "}
		t[games.ANSI256][c] = cellStyle{sgr: "\x1b[0;" + ansi256[c-MinColor] + "m", text: Letter(c) + " "}
	}
	// Territories: bold glyphs on a neutral dark grey, unlike any of the seven colours.
	t[games.ANSI16][Player1] = cellStyle{sgr: "\x1b[0;1;97;100m", text: "^^"}
	t[games.ANSI16][Player2] = cellStyle{sgr: "\x1b[0;1;97;100m", text: "vv"}
	t[games.ANSI16][Empty] = cellStyle{sgr: "\x1b[0;90m", text: ". "}
	t[games.ANSI256][Player1] = cellStyle{sgr: "\x1b[0;1;38;5;231;48;5;237m", text: "^^"}
	t[games.ANSI256][Player2] = cellStyle{sgr: "\x1b[0;1;38;5;231;48;5;237m", text: "vv"}
	t[games.ANSI256][Empty] = cellStyle{sgr: "\x1b[0;38;5;240m", text: ". "}
	return t
}()

const sgrReset = "\x1b[0m"

// Board draws two columns per cell, rows top to bottom. The drawing does not depend on seat,
// so one rendering serves every viewer.
func (view) Board(st games.State, _ int, p games.Palette) string {
	s, ok := st.(*State)
	if !ok || int(p) < 0 || int(p) >= len(styles) {
		return ""
	}
	return drawScaled(s, p, 0) // scale 0: a cell is its two columns of text
}

// Key maps a–g (either case) to the colours 3..9.
func (view) Key(_ games.State, _ int, key string) (games.Action, bool) {
	if len(key) != 1 {
		return nil, false
	}
	switch k := key[0]; {
	case k >= 'a' && k <= 'g':
		return MinColor + int(k-'a'), true
	case k >= 'A' && k <= 'G':
		return MinColor + int(k-'A'), true
	}
	return nil, false
}

// Status is "^ player 1: 123 cells (13.7%)".
func (v view) Status(st games.State, seat int) string {
	s, ok := st.(*State)
	if !ok || (seat != 0 && seat != 1) {
		return ""
	}
	p := seat + 1
	share := 100 * float64(s.Count(p)) / float64(s.b.n*s.b.n)
	return v.l.Sprintf("%s player %d: %s (%.1f%%)", Glyph(p), p, cells(s.Count(p)).In(v.l), share)
}

func (v view) Keys() []games.KeyHelp {
	return []games.KeyHelp{{Keys: "a–g", Does: v.l.Sprintf("play colour A–G")}}
}

func (v view) Rules() string {
	return v.l.Sprintf(`Two players flood a square board of seven colours, A to G.

^ (player 1) starts bottom-left and moves first; v (player 2) starts
top-right. On your turn press a letter a–g: every cell of that colour
touching your territory joins it, and so on through that colour only
(up, down, left, right; never diagonally).

A colour that touches nothing of yours is refused: the screen says why
and it is still your turn. (A program that sends one loses its turn.)
When no colour would take anything, any letter passes the turn. Running
out of time loses the turn.

The game ends when a player holds more than half of the board (exactly
half is not enough), or when neither player touches a free colour any
more: the larger territory wins, equal is a draw. A game also stops
after 4·N² moves in all.`)
}

// BoardSize: two columns a cell, one row a line.
func (view) BoardSize(cfg games.Config) (width, height int) {
	n := cfg["size"]
	return 2 * n, n
}

// usualSizes are the board sizes the lobby offers when it picks one for a window.
var usualSizes = []int{30, 25, 20, 15, 10}

// FitConfig picks the largest usual size whose board fits (20×20 in an 80×24 terminal), or
// the smallest when none does.
func (v view) FitConfig(cfg games.Config, width, height int) games.Config {
	return games.FitSize(v.BoardSize, cfg, usualSizes, width, height)
}
