// Package gardenview is Garden Tensions' terminal view: the garden drawn at each scale, the
// side panel's status, the help, and the drafts that compose a command over several keys.
// It reads the rules' state through its accessors only and never changes it; the rules
// (package garden) know nothing of it.
package gardenview

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/games/garden"
	"github.com/arena-classroom/arena/lang"
)

// view speaks l ("" is English, the default).
type view struct{ l lang.Lang }

// View draws the garden and composes commands (a cell, then its target; powers from a menu).
var View games.View = view{}

// In is the view speaking l (games.Speaker): the board's words and footer, the status, the
// keys, the rules and the drafts' prompts.
func (view) In(l lang.Lang) games.View {
	if l == lang.English {
		return view{}
	}
	return view{l: l}
}

// The garden is drawn as its hexagon: cell (r, q) at column halfStep·(2q + r - 2), each row
// under a line that names its cells as the help, the prompts and the bots' commands do,
// "(2,3)" over the cell of row 2 and column 3 (rows and columns from 0, the row first; see
// coordLine), and three lines under it that give the turn and the players (or, in a
// draft, what the cursor is on and the menu). A cell's first lines are whose it is, in the
// owner's colour; its last lines what it is, in the terrain's colour. The first line always
// begins with a mark (a draft's cursor '>', its source '*', a target '+'), the owner's letter
// (a, b), the creatures, then the status ('~' poisoned, '#' protected) and the flag ('!'
// forged, '=' immobile, '&' both).
//
// Scale 0, 41×18, fits beside the side panel in 80×24 and is the bots' and tests' board: a
// cell is that line over terrain, resource and yield ("gF2") or the special's name. The
// larger scales say the same in words for larger windows (see scales).
const footLines = 3

// A scale is one size of the drawing: a cell's width, the columns from a cell to its
// neighbour in the next row (half the step along a row), and the lines of a cell.
type scale struct {
	cellWidth, halfStep int
	occupant            func(l lang.Lang, c garden.Cell, m mark, p games.Palette) []string // in the owner's colour
	site                func(l lang.Lang, c garden.Cell) []string                          // in the terrain's colour
}

// scales: 0 is the compact board; 1 (82×28) fits beside the panel in 120×40; 2 (111×38) in
// 160×50. Every cell of a scale has the same number of occupant and site lines.
var scales = []scale{
	{cellWidth: 5, halfStep: 3,
		occupant: func(_ lang.Lang, c garden.Cell, m mark, _ games.Palette) []string { return []string{markLine(c, m)} },
		site:     func(l lang.Lang, c garden.Cell) []string { return []string{centre(siteLabel(l, c), 5)} }},
	{cellWidth: 10, halfStep: 6,
		occupant: func(_ lang.Lang, c garden.Cell, m mark, p games.Palette) []string {
			return []string{markLine(c, m), " " + pips(c, p)}
		},
		site: func(l lang.Lang, c garden.Cell) []string {
			return []string{" " + siteName(l, c), " " + fitWords(siteYield(l, c, false), 9)}
		}},
	{cellWidth: 15, halfStep: 8,
		occupant: func(l lang.Lang, c garden.Cell, m mark, _ games.Palette) []string {
			return []string{markLine(c, m), " " + creatureWords(l, c), " " + statusWords(l, c), " " + fitWords(flagWords(l, c), 14)}
		},
		site: func(l lang.Lang, c garden.Cell) []string {
			return []string{" " + siteName(l, c), " " + fitWords(siteYield(l, c, true), 14)}
		}},
}

// width is the board's at this scale: 12 half steps from the leftmost cell, (2,0), to the
// rightmost, (2,6), and that cell.
func (sc scale) width() int { return 12*sc.halfStep + sc.cellWidth }

// cellLines is how many lines every cell takes at this scale.
func (sc scale) cellLines() int {
	var c garden.Cell
	return len(sc.occupant(lang.English, c, markNone, games.Plain)) + len(sc.site(lang.English, c))
}

// height is the board's at this scale, the cells' names and the footer included.
func (sc scale) height() int { return garden.Rows*(sc.cellLines()+1) + footLines }

// Letters are the seats' letters on the board and in the panel.
var Letters = [garden.Players]string{"a", "b"}

// specialLabels name the special cells on the board, in 5 columns at most.
var specialLabels = [...]string{"", lang.N("SKY"), lang.N("CANDY"), lang.N("BBQ"), lang.N("POOL")}

// sgr are the colours: [palette-1][what], what being a seat, emptyOwner or a site.
var ownerSGR = [2][garden.Players + 1]string{
	{"30;101", "30;104", "37;40"},
	{"38;5;16;48;5;210", "38;5;16;48;5;111", "38;5;250;48;5;236"},
}

var siteSGR = [2][garden.NumTerrains + 1]string{ // grass, sand, dirt, special
	{"30;102", "30;103", "97;43", "97;45"},
	{"38;5;16;48;5;114", "38;5;16;48;5;222", "38;5;231;48;5;94", "38;5;231;48;5;133"},
}

// mark is how a draft highlights a cell.
type mark byte

const (
	markNone   mark = ' '
	markCursor mark = '>'
	markSource mark = '*'
	markTarget mark = '+'
)

var _ games.Scaler = view{}

func (v view) Board(st games.State, seat int, p games.Palette) string {
	return v.ScaledBoard(st, seat, p, 0)
}

// ScaledBoard draws the garden at scale k, the largest the lobby has room for.
func (v view) ScaledBoard(st games.State, _ int, p games.Palette, k int) string {
	s, ok := st.(*garden.State)
	if !ok {
		return ""
	}
	return drawBoard(v.l, s, p, nil, footer(v.l, s), k)
}

// Scales are the board's sizes, the same for every garden.
func (view) Scales(st games.State) [][2]int {
	if _, ok := st.(*garden.State); !ok {
		return nil
	}
	out := make([][2]int, len(scales))
	for k, sc := range scales {
		out[k] = [2]int{sc.width(), sc.height()}
	}
	return out
}

// drawBoard draws the garden at scale k with marks (nil: none) and the lines under it.
func drawBoard(l lang.Lang, s *garden.State, p games.Palette, marks map[garden.Hex]mark, foot [footLines]string, k int) string {
	sc := scales[min(max(k, 0), len(scales)-1)]
	width := sc.width()
	var cells [garden.NumCells][]string
	for h := range garden.Hex(garden.NumCells) {
		cells[h] = sc.cell(l, s.Cell(h), p, marks[h])
	}
	lines := make([]string, 0, sc.height())
	for r := range garden.Rows {
		lines = append(lines, sc.coordLine(r, p))
		for line := range len(cells[0]) {
			var b strings.Builder
			col := 0
			for q := range garden.Cols {
				if h := garden.HexAt(r, q); h != garden.NoHex {
					at := sc.halfStep * (2*q + r - 2)
					b.WriteString(strings.Repeat(" ", at-col) + cells[h][line])
					col = at + sc.cellWidth
				}
			}
			b.WriteString(strings.Repeat(" ", width-col))
			lines = append(lines, b.String())
		}
	}
	for _, f := range foot {
		lines = append(lines, pad(f, width))
	}
	return strings.Join(lines, "\n")
}

// coordLine names the cells of row r as the prompts do (Hex.String), each "(r,q)" over the cell's first columns, where
// its mark and owner are. The rows of a hexagon are offset by half a cell, so that no column
// of the picture is a column of the garden: each cell carries its own name, which a person
// reads off the board as the help writes it and types as it reads, row then column. It
// takes the blank line that parts two rows (and one over the first): the name is nearer its
// cell, under it, than the row above, whose cells it falls between. In colour it is grey on
// the terminal's background.
func (sc scale) coordLine(r int, p games.Palette) string {
	var b strings.Builder
	col := 0
	for q := range garden.Cols {
		if h := garden.HexAt(r, q); h != garden.NoHex {
			at := sc.halfStep * (2*q + r - 2)
			b.WriteString(strings.Repeat(" ", at-col) + h.String())
			col = at + len(h.String())
		}
	}
	line := pad(b.String(), sc.width())
	if p == games.Plain {
		return line
	}
	return "\x1b[0;" + coordSGR[int(p)-1] + "m" + line + "\x1b[0m"
}

// coordSGR is the cells' names' grey in 16 and 256 colours.
var coordSGR = [2]string{"90", "38;5;245"}

// cell is c's lines at this scale, each cellWidth wide and coloured for p.
func (sc scale) cell(l lang.Lang, c garden.Cell, p games.Palette, m mark) []string {
	if m == 0 {
		m = markNone
	}
	var out []string
	for _, text := range sc.occupant(l, c, m, p) {
		out = append(out, paint(pad(text, sc.cellWidth), ownerColour(c, p), m, p))
	}
	for _, text := range sc.site(l, c) {
		out = append(out, paint(pad(text, sc.cellWidth), siteColour(c, p), m, p))
	}
	return out
}

// markLine is the cell's first line: ">a3~!".
func markLine(c garden.Cell, m mark) string {
	owner, count := "·", " "
	if !c.Empty() {
		owner, count = Letters[c.Owner], fmt.Sprint(c.Creatures)
	}
	return string(m) + owner + count + statusMark(c) + flagMark(c)
}

func ownerColour(c garden.Cell, p games.Palette) string {
	if p == games.Plain {
		return ""
	}
	who := garden.Players
	if !c.Empty() {
		who = int(c.Owner)
	}
	return ownerSGR[int(p)-1][who]
}

func siteColour(c garden.Cell, p games.Palette) string {
	if p == games.Plain {
		return ""
	}
	site := int(garden.NumTerrains)
	if c.Kind == garden.Simple {
		site = int(c.Terrain)
	}
	return siteSGR[int(p)-1][site]
}

// paint colours text with sgr, underlined or reversed as the mark asks; Plain has no escapes.
func paint(text, sgr string, m mark, p games.Palette) string {
	if p == games.Plain {
		return text
	}
	switch m {
	case markCursor:
		sgr = "1;7;" + sgr
	case markSource:
		sgr = "1;4;" + sgr
	case markTarget:
		sgr = "4;" + sgr
	}
	return "\x1b[0;" + sgr + "m" + text + "\x1b[0m"
}

// pips are the creatures one by one, "● ● ●" ("o o o" in Plain, for terminals without
// Unicode).
func pips(c garden.Cell, p games.Palette) string {
	pip := "●"
	if p == games.Plain {
		pip = "o"
	}
	return strings.TrimSpace(strings.Repeat(pip+" ", int(c.Creatures)))
}

// creatureWords is "3 creatures", "" on an empty cell.
func creatureWords(l lang.Lang, c garden.Cell) string {
	if c.Empty() {
		return ""
	}
	return l.Sprintf("%d creatures", int(c.Creatures))
}

// statusWords is "poison 2" (its turns left) or "protected".
func statusWords(l lang.Lang, c garden.Cell) string {
	switch c.Status {
	case garden.Poisoned:
		return l.Sprintf("poison %d", int(c.Timer))
	case garden.Protected:
		return l.Sprintf("protected")
	}
	return ""
}

// flagWords is "forged", "pinned" or both.
func flagWords(l lang.Lang, c garden.Cell) string {
	var words []string
	if c.Forged > 0 {
		words = append(words, l.Sprintf("forged"))
	}
	if c.Immobile > 0 {
		words = append(words, l.Sprintf("pinned"))
	}
	return strings.Join(words, " ")
}

// terrainWords and resourceWords name terrains and resources for people; the board's short
// labels take their first letters ("gF2": grass, food).
var (
	terrainWords  = [...]string{lang.N("grass"), lang.N("sand"), lang.N("dirt")}
	resourceWords = [...]string{lang.N("food"), lang.N("metal"), lang.N("stone"), lang.N("wood")}
)

// siteName is the terrain ("grass") or the special's name ("SKY").
func siteName(l lang.Lang, c garden.Cell) string {
	if c.Kind != garden.Simple {
		return l.Sprintf(specialLabels[c.Kind])
	}
	return l.Sprintf(terrainWords[c.Terrain])
}

// siteYield is the resource and yield ("food +2"), or what the special costs to enter or
// use, after "costs" when costs is set ("costs 5 metal").
func siteYield(l lang.Lang, c garden.Cell, costs bool) string {
	switch {
	case c.Kind == garden.Simple:
		return l.Sprintf("%s +%d", l.Sprintf(resourceWords[c.Resource]), int(c.Yield))
	case costs:
		return l.Sprintf("costs %s", costText(l, garden.CostOf(c.Kind)))
	}
	return costText(l, garden.CostOf(c.Kind))
}

// fitWords is text in at most width columns: its longest words cut short ("nourr.") until it
// fits, numbers and marks kept whole. English fits as written.
func fitWords(text string, width int) string {
	for utf8.RuneCountInString(text) > width {
		words := strings.Split(text, " ")
		longest := -1
		for i, w := range words {
			if n := utf8.RuneCountInString(w); n > 3 && strings.IndexFunc(w, unicode.IsLetter) >= 0 && (longest < 0 || n > utf8.RuneCountInString(words[longest])) {
				longest = i
			}
		}
		if longest < 0 {
			return text
		}
		r := []rune(strings.TrimSuffix(words[longest], "."))
		cut := max(len(r)-(utf8.RuneCountInString(text)-width)-1, 2)
		if cut >= len(r) {
			cut = len(r) - 1
		}
		words[longest] = string(r[:cut]) + "."
		text = strings.Join(words, " ")
	}
	return text
}

func statusMark(c garden.Cell) string {
	switch c.Status {
	case garden.Poisoned:
		return "~"
	case garden.Protected:
		return "#"
	}
	return " "
}

func flagMark(c garden.Cell) string {
	switch {
	case c.Forged > 0 && c.Immobile > 0:
		return "&"
	case c.Forged > 0:
		return "!"
	case c.Immobile > 0:
		return "="
	}
	return " "
}

// siteLabel is "gF2" for a simple cell (the first letters of its terrain and resource, its
// yield), the special's name otherwise.
func siteLabel(l lang.Lang, c garden.Cell) string {
	if c.Kind != garden.Simple {
		return l.Sprintf(specialLabels[c.Kind])
	}
	return initial(l.Sprintf(terrainWords[c.Terrain])) + strings.ToUpper(initial(l.Sprintf(resourceWords[c.Resource]))) + fmt.Sprint(c.Yield)
}

// initial is word's first letter.
func initial(word string) string {
	r, _ := utf8.DecodeRuneInString(word)
	return string(r)
}

// footer is the turn and both players' cells and creatures.
func footer(l lang.Lang, s *garden.State) [footLines]string {
	var f [footLines]string
	f[0] = turnLine(l, s)
	f[1] = l.Sprintf("a %d cells %d creatures · b %d cells %d", s.CellsOf(0), s.CreaturesOf(0), s.CellsOf(1), s.CreaturesOf(1))
	f[2] = l.Sprintf("~poisoned #protected !forged =pinned")
	return f
}

// turnLine says where the game stands, in rounds as the game was set up (a round is a turn
// each): "round 4/50 · a: 3 actions left".
func turnLine(l lang.Lang, s *garden.State) string {
	who := Letters[s.Turn()]
	switch {
	case s.Over():
		return l.Sprintf("round %d/%d · game over", s.Round(), s.Rounds())
	case s.Phase() == garden.ChoosingClans:
		return l.Sprintf("%s chooses a clan", who)
	case s.Phase() == garden.Reinforcement:
		return l.Sprintf("round %d/%d · %s places %d", s.Round(), s.Rounds(), who, s.Player(s.Turn()).Pending)
	}
	return l.Sprintf("round %d/%d · %s: %d actions left", s.Round(), s.Rounds(), who, s.ActionsLeft())
}

// Key maps no key: every command, "end" included, is composed with Compose. (The lobby keeps
// the keys typed between two decisions for the next draft; a second "e" then asks before
// ending the reinforcement the first one began.)
func (view) Key(games.State, int, string) (games.Action, bool) { return nil, false }

// Status: "a Cooks F3 M0 S2 W1 4pt", then "+3" when creatures wait to be placed, in at
// most StatusWidth columns: the clan's name is cut short ("a Lumberj. F104 M210 S98 W120
// 12pt") and the creatures waiting left out (the turn line says them) where they do not fit.
func (v view) Status(st games.State, seat int) string {
	s, ok := st.(*garden.State)
	if !ok || seat < 0 || seat >= garden.Players {
		return ""
	}
	p := s.Player(seat)
	clan := v.l.Sprintf("(no clan yet)")
	if p.Clan != garden.NoClan {
		clan = v.l.Sprintf(clanTitles[p.Clan])
	}
	n := strconv.Itoa
	rest := v.l.Sprintf(" F%s M%s S%s W%s %spt", n(p.Stock[garden.Food]), n(p.Stock[garden.Metal]), n(p.Stock[garden.Stone]), n(p.Stock[garden.Wood]), n(p.Points))
	width := utf8.RuneCountInString
	if room := StatusWidth - width(Letters[seat]+" "+rest); width(clan) > room {
		clan = string([]rune(clan)[:max(room-1, 3)]) + "."
	}
	line := Letters[seat] + " " + clan + rest
	if more := fmt.Sprintf(" +%d", p.Pending); p.Pending > 0 && width(line+more) <= StatusWidth {
		line += more
	}
	return line
}

// StatusWidth is the widest a status is: the side panel beside the garden in 80 columns
// (37 wide) gives a seat's status 34.
const StatusWidth = 34

// clanTitles name the clans for people.
var clanTitles = [...]string{"", lang.N("Cooks"), lang.N("Blacksmiths"), lang.N("Miners"), lang.N("Lumberjacks")}

// Keys are the ones a person needs most; the help's last paragraph tells them all. They
// stay short: the lobby's footer lists them on one line of 80 columns with "? help" and
// "esc leave".
func (v view) Keys() []games.KeyHelp {
	return []games.KeyHelp{
		{Keys: "arrows/tab", Does: v.l.Sprintf("cursor")},
		{Keys: "enter", Does: v.l.Sprintf("choose")},
		{Keys: "p", Does: v.l.Sprintf("powers")},
		{Keys: "e", Does: v.l.Sprintf("end phase")},
	}
}

// Rules is the help for someone who has never played: the board, a turn's phases, the
// special cells, each clan's power, the keys. The lobby folds it to the window less 6
// columns: no line is longer than 74, so that 80 columns show it as written.
func (v view) Rules() string {
	return v.l.Sprintf(`Garden Tensions: two clans, a and b, fight over a garden of 29 hexagon
cells. You lose when you hold no cell. After the last round (50 unless
set otherwise) more cells win, then more creatures.

The board. Each cell has two lines. The top one: its owner (a or b, a
dot when empty), its creatures (1 to 5) and its marks: ~ poisoned,
# protected, ! forged, = pinned, & forged and pinned. The bottom one:
terrain, resource and yield. gF2 is grass (g, s, d: grass, sand, dirt),
Food (F, M, S, W: food, metal, stone, wood), 2 a turn. Or a special
cell: SKY, CANDY, BBQ, POOL. The panel shows each clan's stock of the
four resources (F3 M0 S2 W1) and its conquest points (pt).

First each player chooses a clan: keys 1 to 4, or r for a random one.

A turn has three phases.
1. Income. Poison strikes, then each of your cells adds its yield to
   your stock of its resource.
2. Conquest: up to 5 actions, then e. Most actions are moves: choose
   one of your cells with 2 creatures or more, then a cell next to it.
   All its creatures but one go there. An empty cell becomes yours. An
   enemy cell means a fight. Your own cell is not allowed.
   A fight: each side rolls a die (1 to 6) for each of its creatures.
   The higher total wins; a tie is the defender's. If you win, the
   cell is yours and you earn 1 conquest point. Either way your cell
   keeps 1 creature. p lists the powers you can pay for now.
3. Reinforcement. You get 3 creatures, plus 2 for each terrain whose
   cells are all yours. Put them one by one on your cells (5 at most
   on a cell) with enter, then e.

Special cells. To enter one you need its cost in your stock; you pay
it when you take the cell. Once it is yours, each use costs it again.
   SKY (5 metal): attack any enemy cell, even far away, from one of
   your cells with 2 creatures or more.
   BBQ (3 stone), POOL (3 wood): kill up to 3 creatures on an enemy
   cell next to one of yours.
   CANDY (3 food): 3 more creatures at each reinforcement.

Clan powers. Each costs 8 conquest points.
   Pillage, for every clan: kill 1 creature on an enemy cell next to
   yours and steal up to 2 of your clan's resource from the enemy.
   Cooks (food), Poison: any cell next to yours, even your own. For
   3 turns, at the start of each turn, the cell rolls a die and so
   does each creature on it: a creature that rolls lower dies.
   Blacksmiths (metal), Forge: one of your cells rolls 1 to 9, not
   1 to 6, in its fights until the end of your next turn.
   Miners (stone), Pin: an enemy cell next to yours cannot move or
   attack during its owner's next 2 turns.
   Lumberjacks (wood), Deport: from your cell with 2 creatures or
   more, take an enemy cell next to it. Its creatures go back to
   their owner's next reinforcement, yours move in, and the cell is
   protected.
A protected cell (#) stops the next attack or power aimed at it (its
cost is paid all the same).

Keys. The arrows move the cursor; tab jumps to the next cell that
makes sense now (marked +). Or type a cell's row then its column:
2 then 3 is the cell (2,3). enter takes the cell under the cursor:
first your cell, then where to. Before enter, the line at the bottom
says what will happen and your chance to win. p opens the powers you
can pay for; a digit picks one. e ends the conquest, then the
reinforcement (press it twice if creatures would be lost). esc undoes
the last choice; with nothing chosen, esc leaves the game.`)
}

// centre pads s to width, centred; pad pads it on the right.
func centre(s string, width int) string {
	left := (width - len(s)) / 2
	return strings.Repeat(" ", left) + s + strings.Repeat(" ", width-len(s)-left)
}

func pad(s string, width int) string {
	r := []rune(s)
	if len(r) > width {
		return string(r[:width-1]) + "…"
	}
	return s + strings.Repeat(" ", width-len(r))
}
