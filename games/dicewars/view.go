package dicewars

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/arena-classroom/arena/games"
)

type view struct{}

// View draws the map and composes attacks (an area, then its target).
var View games.View = view{}

// The map is drawn at half height: a terminal row shows two hex rows (the upper one decides),
// a column one hex column; 28×16 beside the side panel in 80×24. Each area is filled with its
// owner's colour, in a lighter or darker shade by the parity of its id so that two areas of
// one owner read as two; its label "id:dice" sits on its widest row. Plain (TERM=dumb) uses
// a letter per owner (a..h), capital on even ids, and the same labels.
const (
	viewRows = GridRows / 2
	viewCols = GridCols
)

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

func (view) Board(st games.State, _ int, p games.Palette) string {
	s, ok := st.(*State)
	if !ok {
		return ""
	}
	return drawMap(s, p, nil)
}

// drawMap draws s, highlighting the areas in marks (nil: none).
func drawMap(s *State, p games.Palette, marks map[int]mark) string {
	if s.m.Cells == nil {
		return drawGraph(s, p, marks)
	}
	areaAt := func(r, c int) int { return s.m.Cells[(2*r)*GridCols+c] }
	// Labels: "id:dice" on each area's widest row; when that row is too short, the id there
	// and the dice on the next widest row.
	labels := map[[2]int]byte{}
	put := func(row, start, length int, text string) {
		at := start + max(length-len(text), 0)/2
		for k := range min(len(text), length) {
			labels[[2]int{row, at + k}] = text[k]
		}
	}
	for id := 1; id <= len(s.owner); id++ {
		type run struct{ row, start, length int }
		var best, second run
		for r := range viewRows {
			for c := 0; c < viewCols; {
				if areaAt(r, c) != id {
					c++
					continue
				}
				start := c
				for c < viewCols && areaAt(r, c) == id {
					c++
				}
				if cur := (run{r, start, c - start}); cur.length > best.length {
					best, second = cur, best
				} else if cur.length > second.length {
					second = cur
				}
			}
		}
		if best.length == 0 {
			continue
		}
		ids, dice := strconv.Itoa(id), strconv.Itoa(s.dice[id-1])
		switch {
		case len(ids)+1+len(dice) <= best.length || second.length == 0:
			put(best.row, best.start, best.length, ids+":"+dice)
		default:
			put(best.row, best.start, best.length, ids)
			put(second.row, second.start, second.length, dice)
		}
	}
	var b strings.Builder
	for r := range viewRows {
		if r > 0 {
			b.WriteByte('\n')
		}
		prev := ""
		for c := range viewCols {
			id := areaAt(r, c)
			ch, sgr := byte(' '), "\x1b[0m"
			if id > 0 {
				owner := s.owner[id-1]
				ch = byte('a' + owner)
				if id%2 == 0 {
					ch = byte('A' + owner)
				}
				if p != games.Plain {
					ch = ' '
					sgr = "\x1b[0;" + seatShades[min(int(p)-1, 1)][owner][id%2] + "m"
					switch marks[id] {
					case markSource:
						sgr = "\x1b[0;1;7;" + seatShades[min(int(p)-1, 1)][owner][id%2] + "m"
					case markTarget:
						sgr = "\x1b[0;1;4;" + seatShades[min(int(p)-1, 1)][owner][id%2] + "m"
					}
				} else if marks[id] == markSource {
					ch = '*'
				} else if marks[id] == markTarget {
					ch = '+'
				}
				if l, ok := labels[[2]int{r, c}]; ok {
					ch = l
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

// drawGraph draws a game without a map (a position on a bare graph): one line an area.
func drawGraph(s *State, p games.Palette, marks map[int]mark) string {
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
		line := fmt.Sprintf("%s%2d P%d %d dice → %s", m, id, s.owner[id-1]+1, s.dice[id-1], strings.Join(nb, ","))
		lines = append(lines, line)
		width = max(width, len([]rune(line)))
	}
	for i, l := range lines {
		lines[i] = l + strings.Repeat(" ", width-len([]rune(l)))
	}
	return strings.Join(lines, "\n")
}

// Key: e ends the turn; attacks are composed with Compose.
func (view) Key(_ games.State, _ int, key string) (games.Action, bool) {
	if key == "e" {
		return End, true
	}
	return nil, false
}

// Status: "P1 · 8 areas · 24 dice · +5 · 0 kept", or "P2 · out 1st".
func (view) Status(st games.State, seat int) string {
	s, ok := st.(*State)
	if !ok || seat < 0 || seat >= s.Players() {
		return ""
	}
	if i := slices.Index(s.out, seat); i >= 0 {
		return fmt.Sprintf("P%d · out %s", seat+1, ordinal(i+1))
	}
	return fmt.Sprintf("P%d · %d areas · %d dice · +%d · %d kept", seat+1, s.AreasOf(seat), s.TotalDice(seat), s.Points(seat), s.stock[seat])
}

func (view) Keys() []games.KeyHelp {
	return []games.KeyHelp{
		{Keys: "digits/tab", Does: "area"},
		{Keys: "enter", Does: "choose"},
		{Keys: "e", Does: "end turn"},
		{Keys: "esc", Does: "cancel"},
	}
}

func (view) Rules() string {
	return `DiceWars: 2 to 8 players share a map of areas. Each area shows "id:dice"
and is filled with its owner's colour (letters a..h without colours).

On your turn attack as often as you like: from one of your areas with 2 dice
or more, against a neighbouring enemy area. Both sides roll a die each; the
higher sum wins, ties go to the defender. A won area takes your dice but one;
the attacking area is always left with one. When you end your turn you gain
as many dice as your largest group of connected areas, placed at random.
The last one left wins; after 200 rounds the most areas win.

Keys. Choose the attacking area: type its number, or tab (and shift+tab) to go
through your areas that can attack; enter. Then the target the same way: the
chance of winning shows before you press enter. e ends your turn; esc cancels
the choice; backspace deletes a digit. Leave with q (spectators: esc).`
}

// BoardSize: the map at half height, whatever the config (the grid is fixed).
func (view) BoardSize(games.Config) (width, height int) { return viewCols, viewRows }

// FitConfig changes nothing: the map's size does not depend on the settings.
func (view) FitConfig(cfg games.Config, _, _ int) games.Config { return cfg.Clone() }
