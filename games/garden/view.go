package garden

import (
	"fmt"
	"strings"

	"github.com/arena-classroom/arena/games"
)

type view struct{}

// View draws the garden and composes commands (a cell, then its target; powers from a menu).
var View games.View = view{}

// The garden is drawn as its hexagon: cell (r, q) at column 3·(2q + r - 2), two lines a
// cell and a blank line between rows, 41×14. The first line of a cell is whose it is: a mark
// (a draft's cursor '>', its source '*', a target '+'), the owner's letter (a, b), the
// creatures, then the status ('~' poisoned, '#' protected) and the flag ('!' forged, '='
// immobile, '&' both). The second is what it is: terrain (g, s, d), resource (F, M, S, W)
// and yield ("gF2"), or the special's name. In colour the first line takes the owner's
// colour and the second the terrain's. Three lines under the garden give the turn and the
// players (or, in a draft, what the cursor is on and the menu).
const (
	cellWidth  = 5
	halfStep   = 3 // columns between a cell and the next row's
	boardWidth = 12*halfStep + cellWidth
	gardenRows = 3*Rows - 1
	footLines  = 3
)

// Letters are the seats' letters on the board and in the panel.
var Letters = [Players]string{"a", "b"}

var specialLabels = [...]string{"", "SKY", "CANDY", "BBQ", "POOL"}

// sgr are the colours: [palette-1][what], what being a seat, emptyOwner or a site.
var ownerSGR = [2][Players + 1]string{
	{"30;101", "30;104", "37;40"},
	{"38;5;16;48;5;210", "38;5;16;48;5;111", "38;5;250;48;5;236"},
}

var siteSGR = [2][NumTerrains + 1]string{ // grass, sand, dirt, special
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

func (view) Board(st games.State, _ int, p games.Palette) string {
	s, ok := st.(*State)
	if !ok {
		return ""
	}
	return drawBoard(s, p, nil, footer(s))
}

// drawBoard draws the garden with marks (nil: none) and the lines under it.
func drawBoard(s *State, p games.Palette, marks map[Hex]mark, foot [footLines]string) string {
	lines := make([]string, 0, gardenRows+footLines)
	for r := range Rows {
		if r > 0 {
			lines = append(lines, strings.Repeat(" ", boardWidth))
		}
		for line := range 2 {
			var b strings.Builder
			col := 0
			for q := range Cols {
				if h := HexAt(r, q); h != NoHex {
					at := halfStep * (2*q + r - 2)
					b.WriteString(strings.Repeat(" ", at-col) + cellLine(s, h, line, p, marks[h]))
					col = at + cellWidth
				}
			}
			b.WriteString(strings.Repeat(" ", boardWidth-col))
			lines = append(lines, b.String())
		}
	}
	for _, f := range foot {
		lines = append(lines, pad(f, boardWidth))
	}
	return strings.Join(lines, "\n")
}

// cellLine is line 0 (the occupant) or 1 (the site) of cell h, coloured for p.
func cellLine(s *State, h Hex, line int, p games.Palette, m mark) string {
	c := s.cells[h]
	if m == 0 {
		m = markNone
	}
	var text, sgr string
	if line == 0 {
		owner, count := "·", " "
		if !c.Empty() {
			owner, count = Letters[c.Owner], fmt.Sprint(c.Creatures)
		}
		text = string(m) + owner + count + statusMark(c) + flagMark(c)
		if p != games.Plain {
			who := Players
			if !c.Empty() {
				who = int(c.Owner)
			}
			sgr = ownerSGR[int(p)-1][who]
		}
	} else {
		text = centre(siteLabel(c), cellWidth)
		if p != games.Plain {
			site := int(NumTerrains)
			if c.Kind == Simple {
				site = int(c.Terrain)
			}
			sgr = siteSGR[int(p)-1][site]
		}
	}
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

func statusMark(c Cell) string {
	switch c.Status {
	case Poisoned:
		return "~"
	case Protected:
		return "#"
	}
	return " "
}

func flagMark(c Cell) string {
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

// siteLabel is "gF2" for a simple cell, the special's name otherwise.
func siteLabel(c Cell) string {
	if c.Kind != Simple {
		return specialLabels[c.Kind]
	}
	return c.Terrain.String()[:1] + strings.ToUpper(c.Resource.String()[:1]) + fmt.Sprint(c.Yield)
}

// footer is the turn and both players' cells and creatures.
func footer(s *State) [footLines]string {
	var f [footLines]string
	f[0] = turnLine(s)
	f[1] = fmt.Sprintf("a %d cells %d creatures · b %d cells %d", s.CellsOf(0), s.CreaturesOf(0), s.CellsOf(1), s.CreaturesOf(1))
	f[2] = "~poison #protected !forged =immobile"
	return f
}

// turnLine says where the game stands, in rounds as the game was set up (a round is a turn
// each): "round 4/50 · a: 3 actions left".
func turnLine(s *State) string {
	who := Letters[s.toMove]
	round := fmt.Sprintf("round %d/%d", s.Round(), s.rounds)
	switch {
	case s.Over():
		return round + " · game over"
	case s.phase == ChoosingClans:
		return who + " chooses a clan"
	case s.phase == Reinforcement:
		return fmt.Sprintf("%s · %s places %d", round, who, s.players[s.toMove].Pending)
	}
	return fmt.Sprintf("%s · %s: %s left", round, who, games.Count(s.actionsLeft, "action", "actions"))
}

// Key maps no key: every command, "end" included, is composed with Compose. (The lobby keeps
// the keys typed between two decisions for the next draft; a second "e" then asks before
// ending the reinforcement the first one began.)
func (view) Key(games.State, int, string) (games.Action, bool) { return nil, false }

// Status: "a Cooks F3 M0 S2 W1 4pt", "+3 to place" when some wait.
func (view) Status(st games.State, seat int) string {
	s, ok := st.(*State)
	if !ok || seat < 0 || seat >= Players {
		return ""
	}
	p := s.players[seat]
	clan := "(no clan yet)"
	if p.Clan != NoClan {
		clan = clanTitles[p.Clan]
	}
	line := fmt.Sprintf("%s %s F%d M%d S%d W%d %dpt", Letters[seat], clan, p.Stock[Food], p.Stock[Metal], p.Stock[Stone], p.Stock[Wood], p.Points)
	if p.Pending > 0 {
		line += fmt.Sprintf(" +%d", p.Pending)
	}
	return line
}

var clanTitles = [...]string{"", "Cooks", "Blacksmiths", "Miners", "Lumberjacks"}

func (view) Keys() []games.KeyHelp {
	return []games.KeyHelp{
		{Keys: "arrows/tab/r q", Does: "cell"},
		{Keys: "enter", Does: "choose"},
		{Keys: "p", Does: "powers"},
		{Keys: "e", Does: "end"},
	}
}

func (view) Rules() string {
	return `Garden Tensions: two clans share a garden of 29 hex cells. A cell shows its
owner (a or b) and creatures (1..5) on top, its terrain (grass, sand, dirt),
resource (Food, Metal, Stone, Wood) and yield below ("gF2"), or a special:
SKY, CANDY, BBQ, POOL. ~ poisoned, # protected, ! forged (d9), = immobile.

First pick a clan (1..4). Each turn: income from your cells; then up to 5
actions: move all but one creature from a cell of 2+ into an empty or enemy
neighbour (a d6 per creature each side, the higher sum wins, ties defend;
a win takes the cell and a conquest point); Sky (5 metal) attacks anywhere,
BBQ (3 stone) and Pool (3 wood) kill 3 next to you; 8 points buy your clan's
pillage or zone attack. Entering a special needs its cost. Then place 3 + 2
a terrain you fully hold (+3 with Candy for 3 food). No cells left: you lose.

Keys. Arrows, tab, or a cell's row and column as two digits move the cursor;
enter picks your cell, then its target. p opens the powers you can afford (a
digit picks one). e ends the conquest, then the reinforcement (twice to drop
creatures). esc cancels a choice; with none, it leaves.`
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
