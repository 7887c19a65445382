package warhammer

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/lang"
)

// view speaks l ("" is English, the default).
type view struct{ l lang.Lang }

// View draws War Hammer boards and maps single keys to whole turns (see Key). The two-step
// choice with previews that people will eventually play with belongs to a lobby screen.
var View games.View = view{}

// In is the view speaking l (games.Speaker): its status lines, keys, rules and prompts.
func (view) In(l lang.Lang) games.View {
	if l == lang.English {
		return view{}
	}
	return view{l: l}
}

// Two columns a cell, in every palette:
//
//	" 4"  a cell and its HP (9 stands for 9 or more; positions may hold any HP)
//	"  "  a hole: nothing
//	"P3"  player 3 (seat 2), alive; in colour, bold on its seat's colour, underlined when
//	      it is that player's turn
//	"x3"  where player 3 fell, greyed in colour (a living player on that cell hides it)
//
// Plain uses letters, digits and spaces only. In colour the cells are shades of grey, lighter
// for sounder cells, with the HP digit on them; 1 HP shows its digit in red.
type cellStyle struct {
	sgr  string // "" in Plain
	text string
	// blockSGR is the SGR of the rest of the cell's block at a larger scale (scale.go), when
	// not sgr: the underline of the player to move is under its name only.
	blockSGR string
}

// fill is the SGR of the cell's block around its text.
func (cs *cellStyle) fill() string {
	if cs.blockSGR != "" {
		return cs.blockSGR
	}
	return cs.sgr
}

// seatColours: the background of seats 1..8 in 16 and 256 colours, all far from the greys.
var seatColours = [2][MaxPlayers]string{
	{"1;97;41", "1;97;44", "1;30;43", "1;30;42", "1;97;45", "1;30;46", "1;30;101", "1;30;104"},
	{"1;38;5;231;48;5;160", "1;38;5;231;48;5;27", "1;38;5;16;48;5;220", "1;38;5;16;48;5;40",
		"1;38;5;231;48;5;129", "1;38;5;16;48;5;45", "1;38;5;16;48;5;208", "1;38;5;16;48;5;213"},
}

// hpShades: the cell of HP 1..4+ in 16 and 256 colours.
var hpShades = [2][4]string{
	{"91;100", "97;100", "30;47", "30;107"},
	{"1;38;5;196;48;5;238", "38;5;231;48;5;242", "38;5;16;48;5;248", "38;5;16;48;5;253"},
}

// litShade: the cells a preview changes, in 16 and 256 colours.
var litShade = [2]string{"1;30;103", "1;38;5;16;48;5;226"}

const (
	sgrReset = "\x1b[0m"
	maxShown = 9 // the largest HP drawn as itself
)

// styles[palette]: the HP cells 0..9, then the living and the fallen of each seat, built
// once so that a frame only concatenates.
type paletteStyles struct {
	hp     [maxShown + 1]cellStyle
	lit    [maxShown + 1]cellStyle // a cell a previewed choice changes: "*3", "XX" destroyed
	alive  [MaxPlayers]cellStyle
	turn   [MaxPlayers]cellStyle // alive, and to move
	fallen [MaxPlayers]cellStyle
}

var styles = func() (t [3]paletteStyles) {
	for _, p := range games.Palettes {
		ps := &t[p]
		for hp := 0; hp <= maxShown; hp++ {
			ps.hp[hp].text = " " + strconv.Itoa(hp)
		}
		ps.hp[0].text = "  "
		for hp := 1; hp <= maxShown; hp++ {
			ps.lit[hp].text = "*" + strconv.Itoa(hp)
		}
		ps.lit[0].text = "XX"
		for k := range MaxPlayers {
			mark := strconv.Itoa(k + 1)
			ps.alive[k].text, ps.turn[k].text, ps.fallen[k].text = "P"+mark, "P"+mark, "x"+mark
		}
		if p == games.Plain {
			continue
		}
		c := 0
		if p == games.ANSI256 {
			c = 1
		}
		ps.hp[0].sgr = "\x1b[0m"
		for hp := 1; hp <= maxShown; hp++ {
			ps.hp[hp].sgr = "\x1b[0;" + hpShades[c][min(hp, 4)-1] + "m"
		}
		for hp := 0; hp <= maxShown; hp++ {
			ps.lit[hp].sgr = "\x1b[0;" + litShade[c] + "m"
		}
		for k := range MaxPlayers {
			ps.alive[k].sgr = "\x1b[0;" + seatColours[c][k] + "m"
			ps.turn[k].sgr = "\x1b[0;4;" + seatColours[c][k] + "m"
			ps.turn[k].blockSGR = ps.alive[k].sgr
			ps.fallen[k].sgr = "\x1b[0;2;90m"
			if c == 1 {
				ps.fallen[k].sgr = "\x1b[0;38;5;244m"
			}
		}
	}
	return t
}()

// Board draws the octagon, rows top to bottom, two columns a cell, under the column numbers
// and after the row numbers. The drawing does not depend on the viewer.
func (view) Board(st games.State, _ int, p games.Palette) string {
	s, ok := st.(*State)
	if !ok {
		return ""
	}
	return drawBoard(s, p, nil)
}

// drawBoard draws s, marking the cells where changed is set (a preview; nil for none).
func drawBoard(s *State, p games.Palette, changed []bool) string {
	if int(p) < 0 || int(p) >= len(styles) {
		return ""
	}
	ps := &styles[p]
	marks := marksOf(s, ps)
	var b strings.Builder
	lw := rowLabelWidth(s.size)
	b.Grow((s.size + 2) * (2*s.size + lw + 1) * 4)
	writeColumnLabels(&b, s.size, p)
	for r := range s.size {
		b.WriteByte('\n')
		writeLabel(&b, fmt.Sprintf("%*d ", lw-1, r), p)
		prev := ""
		for c := range s.size {
			cs := styleAt(s, ps, marks, changed, r*s.size+c)
			if cs.sgr != prev {
				b.WriteString(cs.sgr)
				prev = cs.sgr
			}
			b.WriteString(cs.text)
		}
		if p != games.Plain {
			b.WriteString(sgrReset)
		}
	}
	return b.String()
}

// styleAt is how cell i is drawn: who stands on it (marks), else its HP, lit where changed
// is set.
func styleAt(s *State, ps *paletteStyles, marks map[int]*cellStyle, changed []bool, i int) *cellStyle {
	if cs, ok := marks[i]; ok {
		return cs
	}
	if changed != nil && changed[i] {
		return &ps.lit[min(s.hp[i], maxShown)]
	}
	return &ps.hp[min(s.hp[i], maxShown)]
}

// marksOf is who is drawn on each cell, by cell index: the living over the fallen, the
// lowest seat first.
func marksOf(s *State, ps *paletteStyles) map[int]*cellStyle {
	marks := make(map[int]*cellStyle, len(s.players))
	for k := len(s.players) - 1; k >= 0; k-- {
		pl := s.players[k]
		if i := pl.Row*s.size + pl.Col; !pl.Alive {
			if _, taken := marks[i]; !taken {
				marks[i] = &ps.fallen[k]
			}
		}
	}
	for k, pl := range s.players {
		if pl.Alive {
			if k == s.turn && !s.Over() {
				marks[pl.Row*s.size+pl.Col] = &ps.turn[k]
			} else {
				marks[pl.Row*s.size+pl.Col] = &ps.alive[k]
			}
		}
	}
	return marks
}

// The board's edges name its cells as the rules, the events and the bots' matrix do, (row,
// col) from (0,0) at the top left: each row's number at its left, right-aligned and followed
// by a space; each column's number above the column's second character (where a cell's HP
// digit is), its digits one above the other when it has more than one, the tens over the
// units ("1" over "6" is column 16), so that no two numbers touch. In colour they are grey
// on the terminal's background, apart from the cells.
var labelSGR = [3]string{"", "\x1b[0;90m", "\x1b[0;38;5;245m"}

// rowLabelWidth is the width of the row numbers of a board of size n and their space.
func rowLabelWidth(n int) int { return len(strconv.Itoa(n-1)) + 1 }

// columnLabelLines is how many lines the column numbers take: one per digit.
func columnLabelLines(n int) int { return len(strconv.Itoa(n - 1)) }

// writeLabel writes text in the labels' colour.
func writeLabel(b *strings.Builder, text string, p games.Palette) {
	if p == games.Plain {
		b.WriteString(text)
		return
	}
	b.WriteString(labelSGR[p] + text + sgrReset)
}

// writeColumnLabels writes the column numbers over a board of size n, a line a digit, the
// first digit first; a number's digits are right-aligned, leading zeros left blank.
func writeColumnLabels(b *strings.Builder, n int, p games.Palette) {
	lines := columnLabelLines(n)
	for k := range lines {
		if k > 0 {
			b.WriteByte('\n')
		}
		var line strings.Builder
		line.WriteString(strings.Repeat(" ", rowLabelWidth(n)))
		for c := range n {
			digits := fmt.Sprintf("%*d", lines, c)
			line.WriteString(" " + digits[k:k+1])
		}
		writeLabel(b, line.String(), p)
	}
}

// stepKeys: the eight keys around s on a QWERTY keyboard, then the numeric keypad's digits,
// each in the seed's direction order R, UR, U, UL, L, DL, D, DR.
var stepKeys = [2][8]string{
	{"d", "e", "w", "q", "a", "z", "x", "c"},
	{"6", "9", "8", "7", "4", "1", "2", "3"},
}

var grenadeKeys = [Grenades]string{"right", "up", "left", "down"}

// Key plays nothing: a War Hammer turn takes two choices, each previewed, and the lobby
// composes them with Compose.
func (view) Key(games.State, int, string) (games.Action, bool) { return nil, false }

// Status is short, for a panel of eight: "P1 · alive · HP 3" (the HP of the cell the player
// stands on), or "P2 · fell 1st".
func (v view) Status(st games.State, seat int) string {
	s, ok := st.(*State)
	if !ok || seat < 0 || seat >= len(s.players) {
		return ""
	}
	p := s.players[seat]
	if !p.Alive {
		order := 0
		for i, d := range s.deaths {
			if d == seat {
				order = i + 1
			}
		}
		return v.l.Sprintf("P%d · fell %s", seat+1, v.l.Ordinal(order))
	}
	return v.l.Sprintf("P%d · alive · HP %d", seat+1, s.HP(p.Row, p.Col))
}

// Keys are short: the game screen shows them on one line.
func (v view) Keys() []games.KeyHelp {
	return []games.KeyHelp{
		{Keys: "arrows", Does: v.l.Sprintf("grenade")},
		{Keys: "qweadzxc/keypad", Does: v.l.Sprintf("step, hammer"), Cluster: true},
		{Keys: "enter/space", Does: v.l.Sprintf("take")},
		{Keys: "backspace", Does: v.l.Sprintf("back")},
	}
}

func (v view) Rules() string {
	return v.l.Sprintf(`War Hammer arena: 2 to 8 players on an octagon of cells, each with 4 HP.
Pn is player n; x marks where a player fell; an empty cell is a hole.

Your turn is two actions. First, throw a grenade right, up, left or down (it
flies 5 cells, or stops before a player or the edge; it destroys the cell it
lands on, even yours, and takes 2 HP from the 4 cells around), or step to one
of the 8 cells around you. Either way the cell you started on loses 1 HP.
Then bring your hammer down on one of the 8 cells around where you stand: it
is destroyed, even under another player.

You die when you step off the board or onto a player, hammer a hole or the
void, run out of time, or stand on a destroyed cell: at once if it is yours
after your first action, otherwise at the end of the turn (in seat order; the
one who played dies first). The last one standing wins; the others rank in
the reverse order of their deaths.

Keys. A turn is two choices; the board previews each one (the cells it
changes are marked *3, a destroyed one XX) before you take it.
  1. The action: the arrows throw a grenade that way; the letters around s
     (q w e / a d / z x c) or the keypad digits (7 8 9 / 4 6 / 1 2 3) step.
  2. The hammer: the same letters or digits, or the arrows.
Press a key to see its preview; press it again, or enter, to take it.
A choice that kills you asks for one more press. backspace goes back from
the hammer to the action. esc leaves the game.`)
}

// BoardSize: two columns a cell and the row numbers, one row a line and the column numbers.
func (view) BoardSize(cfg games.Config) (width, height int) {
	n := cfg["size"]
	return 2*n + rowLabelWidth(n), n + columnLabelLines(n)
}

// usualSizes are the board sizes the lobby may pick for a window: the default first.
var usualSizes = []int{DefaultSize, 15, 11, MinSize}

// FitConfig keeps the default 19×19 where it fits (an 80×24 terminal), else the largest
// usual size that does.
func (v view) FitConfig(cfg games.Config, width, height int) games.Config {
	return games.FitSize(v.BoardSize, cfg, usualSizes, width, height)
}
