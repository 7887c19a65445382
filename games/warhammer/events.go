package warhammer

import (
	"fmt"
	"strconv"

	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/lang"
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
// imply (the actor's own cell wears by 1) to the data. Each event's text is kept as a
// sentence of the catalog too (texts), for a reader of another language (the drafts'
// previews); Event.Text is it in English.
type log struct {
	on     bool
	events []games.Event
	texts  []lang.Text
}

func (l *log) add(typ string, seat int, text lang.Text, data any) {
	l.events = append(l.events, games.Tell(typ, seat, text, data))
	l.texts = append(l.texts, text)
}

// SeatLabel is how texts and boards name seat: "player 1" for seat 0.
func SeatLabel(seat int) string { return seatLabel(seat).String() }

func seatLabel(seat int) lang.Text { return lang.T("player %d", seat+1) }

func cellText(r, c int) string { return fmt.Sprintf("(%d,%d)", r, c) }

// dropText says what became of a cell: "drops to 2", "is destroyed".
func dropText(hp int) lang.Text {
	if hp == 0 {
		return lang.T("is destroyed")
	}
	return lang.T("drops to %s", strconv.Itoa(hp))
}

// The texts that name a direction, one per direction in the order of Directions (the
// grenades' only at the even ones): a direction is said with its sentence, as French places
// it ("lance une grenade à droite").
var (
	grenadeTexts = [8]string{
		0: lang.N("throws a grenade right: lands at %s%s"),
		2: lang.N("throws a grenade up: lands at %s%s"),
		4: lang.N("throws a grenade left: lands at %s%s"),
		6: lang.N("throws a grenade down: lands at %s%s"),
	}
	stepTexts = [8]string{
		lang.N("steps right to %s"), lang.N("steps up-right to %s"), lang.N("steps up to %s"),
		lang.N("steps up-left to %s"), lang.N("steps left to %s"), lang.N("steps down-left to %s"),
		lang.N("steps down to %s"), lang.N("steps down-right to %s"),
	}
	stepOffTexts = [8]string{
		lang.N("steps right off the board and dies"), lang.N("steps up-right off the board and dies"),
		lang.N("steps up off the board and dies"), lang.N("steps up-left off the board and dies"),
		lang.N("steps left off the board and dies"), lang.N("steps down-left off the board and dies"),
		lang.N("steps down off the board and dies"), lang.N("steps down-right off the board and dies"),
	}
	voidTexts = [8]string{
		lang.N("swings the hammer right into the void and falls"), lang.N("swings the hammer up-right into the void and falls"),
		lang.N("swings the hammer up into the void and falls"), lang.N("swings the hammer up-left into the void and falls"),
		lang.N("swings the hammer left into the void and falls"), lang.N("swings the hammer down-left into the void and falls"),
		lang.N("swings the hammer down into the void and falls"), lang.N("swings the hammer down-right into the void and falls"),
	}
	// firstTexts name a first choice (0..11): the grenades, then the steps.
	firstTexts = [Firsts]string{
		lang.N("grenade right"), lang.N("grenade up"), lang.N("grenade left"), lang.N("grenade down"),
		lang.N("step right"), lang.N("step up-right"), lang.N("step up"), lang.N("step up-left"),
		lang.N("step left"), lang.N("step down-left"), lang.N("step down"), lang.N("step down-right"),
	}
)

func (l *log) grenade(s *State, seat, dir, lr, lc int) {
	p := s.players[seat]
	d := GrenadeData{Dir: DirectionNames[dir], Row: lr, Col: lc, Own: s.HP(p.Row, p.Col)}
	hit := [][2]int{{lr, lc}}
	for _, n := range splash {
		if r, c := lr+n[0], lc+n[1]; s.inside(r, c) {
			hit = append(hit, [2]int{r, c})
		}
	}
	for _, at := range hit {
		d.Cells = append(d.Cells, CellHP{Row: at[0], Col: at[1], HP: s.HP(at[0], at[1])})
	}
	// The players hit, each after the one before: ", player 2's cell drops to 2".
	var hits any = ""
	for i := len(hit) - 1; i >= 0; i-- {
		if k := s.occupant(hit[i][0], hit[i][1]); k >= 0 && k != seat {
			hits = lang.T(", %s's cell %s%s", seatLabel(k), dropText(s.HP(hit[i][0], hit[i][1])), hits)
		}
	}
	l.add("grenade", seat, lang.T(grenadeTexts[dir], cellText(lr, lc), hits), d)
}

func (l *log) move(s *State, seat, dir, fr, fc int) {
	p := s.players[seat]
	d := MoveData{Dir: DirectionNames[dir], FromRow: fr, FromCol: fc, Row: p.Row, Col: p.Col, FromHP: s.HP(fr, fc)}
	l.add("move", seat, lang.T(stepTexts[dir], cellText(p.Row, p.Col)), d)
}

func (l *log) hammer(s *State, seat, dir, r, c int) {
	d := HammerData{Dir: DirectionNames[dir], Row: r, Col: c, Under: s.occupant(r, c)}
	text := lang.T("hammers %s", cellText(r, c))
	if d.Under >= 0 {
		text = lang.T("hammers %s under %s", cellText(r, c), seatLabel(d.Under))
	}
	l.add("hammer", seat, text, d)
}

func (l *log) death(s *State, seat int, reason string, detail int) {
	p := s.players[seat]
	var text lang.Text
	switch reason {
	case ReasonInvalid:
		if detail == -1 {
			text = lang.T("gives no valid code and dies")
		} else {
			text = lang.T("plays code %s, outside 0..95, and dies", strconv.Itoa(detail))
		}
	case ReasonStepOff:
		text = lang.T(stepOffTexts[detail])
	case ReasonStepOnto:
		text = lang.T("steps onto %s and dies", seatLabel(detail))
	case ReasonHammerVoid:
		text = lang.T(voidTexts[detail])
	case ReasonHammerHole:
		d := Directions[detail]
		text = lang.T("hammers the hole at %s and falls in", cellText(p.Row+d[0], p.Col+d[1]))
	default:
		text = lang.T("falls through the destroyed cell %s", cellText(p.Row, p.Col))
	}
	l.add("death", seat, text, DeathData{Row: p.Row, Col: p.Col, Reason: reason})
}
