package warhammer

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/arena-classroom/arena/games"
)

type view struct{}

// View draws War Hammer boards and maps single keys to whole turns (see Key). The two-step
// choice with previews that people will eventually play with belongs to a lobby screen.
var View games.View = view{}

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

const (
	sgrReset = "\x1b[0m"
	maxShown = 9 // the largest HP drawn as itself
)

// styles[palette]: the HP cells 0..9, then the living and the fallen of each seat, built
// once so that a frame only concatenates.
type paletteStyles struct {
	hp     [maxShown + 1]cellStyle
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
		for k := range MaxPlayers {
			ps.alive[k].sgr = "\x1b[0;" + seatColours[c][k] + "m"
			ps.turn[k].sgr = "\x1b[0;4;" + seatColours[c][k] + "m"
			ps.fallen[k].sgr = "\x1b[0;2;90m"
			if c == 1 {
				ps.fallen[k].sgr = "\x1b[0;38;5;244m"
			}
		}
	}
	return t
}()

// Board draws the octagon, rows top to bottom, two columns a cell. The drawing does not
// depend on the viewer.
func (view) Board(st games.State, _ int, p games.Palette) string {
	s, ok := st.(*State)
	if !ok || int(p) < 0 || int(p) >= len(styles) {
		return ""
	}
	ps := &styles[p]
	// Who is drawn on each cell: the living over the fallen, the lowest seat first.
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
	var b strings.Builder
	b.Grow(s.size * (2*s.size + 1) * 4)
	for r := range s.size {
		if r > 0 {
			b.WriteByte('\n')
		}
		prev := ""
		for c := range s.size {
			i := r*s.size + c
			cs, ok := marks[i]
			if !ok {
				cs = &ps.hp[min(s.hp[i], maxShown)]
			}
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

// stepKeys: the eight keys around s on a QWERTY keyboard, then the numeric keypad's digits,
// each in the seed's direction order R, UR, U, UL, L, DL, D, DR.
var stepKeys = [2][8]string{
	{"d", "e", "w", "q", "a", "z", "x", "c"},
	{"6", "9", "8", "7", "4", "1", "2", "3"},
}

var grenadeKeys = [Grenades]string{"right", "up", "left", "down"}

// Key maps one key to a whole turn, for people until the lobby offers the two-step choice:
// the arrows throw a grenade that way, the letters d e w q a z x c (or the keypad digits
// 6 9 8 7 4 1 2 3) step right, up-right, up, up-left, left, down-left, down, down-right. The
// hammer is then chosen for the player: the cell of a living opponent next to where it stands
// if there is one, else the standing neighbour cell with the fewest HP (the lowest direction
// on ties), so that the one key never hammers a hole or the void when it need not.
func (view) Key(st games.State, seat int, key string) (games.Action, bool) {
	s, ok := st.(*State)
	if !ok || seat < 0 || seat >= len(s.players) {
		return nil, false
	}
	first := -1
	for d, k := range grenadeKeys {
		if key == k {
			first = d
		}
	}
	for _, keys := range stepKeys {
		for d, k := range keys {
			if strings.EqualFold(key, k) {
				first = Grenades + d
			}
		}
	}
	if first < 0 {
		return nil, false
	}
	return Code(first, s.AutoHammer(seat, first)), true
}

// AutoHammer is the hammer Key plays after seat's first choice (see Key); 0 when seat dies of
// its first choice or no neighbour cell stands.
func (s *State) AutoHammer(seat, first int) int {
	next := s.Clone().(*State)
	if !next.first(seat, first, &log{}) {
		return 0
	}
	me := next.players[seat]
	best, bestScore := 0, -1
	for d, dir := range Directions {
		r, c := me.Row+dir[0], me.Col+dir[1]
		if !next.inside(r, c) || next.hp[r*next.size+c] == 0 {
			continue
		}
		score := 1000 - next.hp[r*next.size+c] // the weakest standing cell
		if k := next.occupant(r, c); k >= 0 {
			score = 2000 // an opponent's cell first
		}
		if score > bestScore {
			best, bestScore = d, score
		}
	}
	return best
}

// Status: "P1 · alive at (9,16) · cell HP 3", or "P2 · fell 1st, at (9,2)".
func (view) Status(st games.State, seat int) string {
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
		return fmt.Sprintf("P%d · fell %s, at (%d,%d)", seat+1, ordinal(order), p.Row, p.Col)
	}
	return fmt.Sprintf("P%d · alive at (%d,%d) · cell HP %d", seat+1, p.Row, p.Col, s.HP(p.Row, p.Col))
}

func ordinal(n int) string {
	suffix := "th"
	switch {
	case n%100 >= 11 && n%100 <= 13:
	case n%10 == 1:
		suffix = "st"
	case n%10 == 2:
		suffix = "nd"
	case n%10 == 3:
		suffix = "rd"
	}
	return strconv.Itoa(n) + suffix
}

// Keys are short: the game screen shows them on one line.
func (view) Keys() []games.KeyHelp {
	return []games.KeyHelp{
		{Keys: "arrows", Does: "grenade"},
		{Keys: "qweadzxc", Does: "step"},
		{Keys: "keypad", Does: "step"},
	}
}

func (view) Rules() string {
	return `War Hammer arena: 2 to 8 players on an octagon of cells, each with 4 HP.
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

Keys (one key plays a whole turn): the arrows throw a grenade that way; the
letters around s (q w e / a d / z x c) or the keypad digits (7 8 9 / 4 6 /
1 2 3) step that way. The hammer then falls on an opponent next to you if
there is one, else on the weakest standing cell around you.`
}

// BoardSize: two columns a cell, one row a line.
func (view) BoardSize(cfg games.Config) (width, height int) {
	n := cfg["size"]
	return 2 * n, n
}

// usualSizes are the board sizes the lobby may pick for a window: the default first.
var usualSizes = []int{DefaultSize, 15, 11, MinSize}

// FitConfig keeps the default 19×19 where it fits (an 80×24 terminal), else the largest
// usual size that does.
func (v view) FitConfig(cfg games.Config, width, height int) games.Config {
	return games.FitSize(v.BoardSize, cfg, usualSizes, width, height)
}
