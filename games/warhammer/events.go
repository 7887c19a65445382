package warhammer

import (
	"fmt"
	"strings"

	"github.com/arena-classroom/arena/games"
)

// Why a player died: DeathData.Reason.
const (
	ReasonInvalid    = "invalid_code" // a code outside 0..95, no answer or a late one
	ReasonStepOff    = "step_off"     // a step off the board
	ReasonStepOnto   = "step_onto"    // a step onto a living player
	ReasonHole       = "hole"         // standing on a destroyed cell (rules 10 and 12)
	ReasonHammerVoid = "hammer_void"  // the hammer off the board
	ReasonHammerHole = "hammer_hole"  // the hammer on a hole
)

// CellHP is a cell and its HP after an action.
type CellHP struct {
	Row int `json:"row"`
	Col int `json:"col"`
	HP  int `json:"hp"`
}

// GrenadeData details a "grenade" event: where it landed and every cell it hit, landing cell
// first, with their HP after the explosion; Own is the thrower's cell's HP after its wear.
type GrenadeData struct {
	Dir   string   `json:"dir"`
	Row   int      `json:"row"`
	Col   int      `json:"col"`
	Cells []CellHP `json:"cells"`
	Own   int      `json:"own"`
}

// MoveData details a "move" event: the step and the HP left on the cell it left.
type MoveData struct {
	Dir     string `json:"dir"`
	FromRow int    `json:"from_row"`
	FromCol int    `json:"from_col"`
	Row     int    `json:"row"`
	Col     int    `json:"col"`
	FromHP  int    `json:"from_hp"`
}

// HammerData details a "hammer" event: the cell destroyed, and the seat of the living player
// standing on it (-1 for none), who falls at the end of the turn.
type HammerData struct {
	Dir   string `json:"dir"`
	Row   int    `json:"row"`
	Col   int    `json:"col"`
	Under int    `json:"under"`
}

// DeathData details a "death" event: where the player fell, and why (the Reason constants).
type DeathData struct {
	Row    int    `json:"row"`
	Col    int    `json:"col"`
	Reason string `json:"reason"`
}

// log gathers a turn's events; off (the bots' simulations) it costs nothing. Texts are short
// (a side panel shows them), leave the actor out (the room writes its name before them),
// name other players by seat number, 1..8, as the board marks them, and leave what the rules
// imply (the actor's own cell wears by 1) to the data.
type log struct {
	on     bool
	events []games.Event
}

func (l *log) add(typ string, seat int, text string, data any) {
	l.events = append(l.events, games.Event{Type: typ, Seat: seat, Text: text, Data: data})
}

// SeatLabel is how texts and boards name seat: "player 1" for seat 0.
func SeatLabel(seat int) string { return fmt.Sprintf("player %d", seat+1) }

func cellText(r, c int) string { return fmt.Sprintf("(%d,%d)", r, c) }

// dropText says what became of a cell: "drops to 2", "is destroyed".
func dropText(hp int) string {
	if hp == 0 {
		return "is destroyed"
	}
	return fmt.Sprintf("drops to %d", hp)
}

func (l *log) grenade(s *State, seat, dir, lr, lc int) {
	p := s.players[seat]
	d := GrenadeData{Dir: DirectionNames[dir], Row: lr, Col: lc, Own: s.HP(p.Row, p.Col)}
	var b strings.Builder
	fmt.Fprintf(&b, "throws a grenade %s: lands at %s", d.Dir, cellText(lr, lc))
	hit := [][2]int{{lr, lc}}
	for _, n := range splash {
		if r, c := lr+n[0], lc+n[1]; s.inside(r, c) {
			hit = append(hit, [2]int{r, c})
		}
	}
	for _, at := range hit {
		d.Cells = append(d.Cells, CellHP{Row: at[0], Col: at[1], HP: s.HP(at[0], at[1])})
		if k := s.occupant(at[0], at[1]); k >= 0 && k != seat {
			fmt.Fprintf(&b, ", %s's cell %s", SeatLabel(k), dropText(s.HP(at[0], at[1])))
		}
	}
	l.add("grenade", seat, b.String(), d)
}

func (l *log) move(s *State, seat, dir, fr, fc int) {
	p := s.players[seat]
	d := MoveData{Dir: DirectionNames[dir], FromRow: fr, FromCol: fc, Row: p.Row, Col: p.Col, FromHP: s.HP(fr, fc)}
	l.add("move", seat, fmt.Sprintf("steps %s to %s", d.Dir, cellText(p.Row, p.Col)), d)
}

func (l *log) hammer(s *State, seat, dir, r, c int) {
	d := HammerData{Dir: DirectionNames[dir], Row: r, Col: c, Under: s.occupant(r, c)}
	text := "hammers " + cellText(r, c)
	if d.Under >= 0 {
		text += " under " + SeatLabel(d.Under)
	}
	l.add("hammer", seat, text, d)
}

func (l *log) death(s *State, seat int, reason string, detail int) {
	p := s.players[seat]
	var text string
	switch reason {
	case ReasonInvalid:
		if detail == -1 {
			text = "gives no valid code and dies"
		} else {
			text = fmt.Sprintf("plays code %d, outside 0..95, and dies", detail)
		}
	case ReasonStepOff:
		text = fmt.Sprintf("steps %s off the board and dies", DirectionNames[detail])
	case ReasonStepOnto:
		text = fmt.Sprintf("steps onto %s and dies", SeatLabel(detail))
	case ReasonHammerVoid:
		text = fmt.Sprintf("swings the hammer %s into the void and falls", DirectionNames[detail])
	case ReasonHammerHole:
		d := Directions[detail]
		text = fmt.Sprintf("hammers the hole at %s and falls in", cellText(p.Row+d[0], p.Col+d[1]))
	default:
		text = "falls through the destroyed cell " + cellText(p.Row, p.Col)
	}
	l.add("death", seat, text, DeathData{Row: p.Row, Col: p.Col, Reason: reason})
}
