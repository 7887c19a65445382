package garden

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/lang"
)

// Verb is what a command does (rules §4b, and "clan" for the choice of rule 3).
type Verb int8

const (
	// Unreadable is a command that does not parse: Validate refuses it with the reason.
	Unreadable Verb = iota
	ClanChoice
	Move
	SkyAttack
	BBQPower
	PoolPower
	Pillage
	Zone
	Place
	End
)

var verbNames = [...]string{"", "clan", "move", "sky", "bbq", "pool", "pillage", "zone", "place", "end"}

// String is the command's word ("move", "bbq"), "" for an unreadable command.
func (v Verb) String() string { return verbNames[v] }

// Action is one command line: "move 2 0 2 1", "place 2 1", "clan cooks", "end". Cells a
// command does not name are NoHex; Text keeps an unreadable command as it was written.
type Action struct {
	Verb     Verb
	From, To Hex  // move, sky and a Lumberjacks' zone name both; one-cell commands name To
	Clan     Clan // ClanChoice: the clan chosen, NoClan for "clan random"
	Text     string
}

// Constructors of well-formed actions.
func MoveAction(from, to Hex) Action { return Action{Verb: Move, From: from, To: to} }
func SkyAction(from, to Hex) Action  { return Action{Verb: SkyAttack, From: from, To: to} }
func PlaceAction(to Hex) Action      { return Action{Verb: Place, From: NoHex, To: to} }
func ClanAction(c Clan) Action       { return Action{Verb: ClanChoice, From: NoHex, To: NoHex, Clan: c} }

// TargetAction is one of the one-cell commands: bbq, pool, pillage, zone.
func TargetAction(v Verb, to Hex) Action { return Action{Verb: v, From: NoHex, To: to} }

// ZoneFrom is the Lumberjacks' zone attack from a cell of theirs.
func ZoneFrom(from, to Hex) Action { return Action{Verb: Zone, From: from, To: to} }

// EndAction ends the conquest or the reinforcement.
var EndAction = Action{Verb: End, From: NoHex, To: NoHex}

// String is the command line.
func (a Action) String() string {
	switch a.Verb {
	case Unreadable:
		return a.Text
	case ClanChoice:
		if a.Clan == NoClan {
			return "clan random" // lang:keep a command, as programs send it
		}
		return "clan " + a.Clan.String()
	case End:
		return "end"
	}
	s := verbNames[a.Verb]
	for _, h := range []Hex{a.From, a.To} {
		if h.Valid() {
			s += " " + strconv.Itoa(h.R()) + " " + strconv.Itoa(h.Q())
		}
	}
	return s
}

// MarshalJSON writes the command line as a JSON string, as the protocol does.
func (a Action) MarshalJSON() ([]byte, error) { return json.Marshal(a.String()) }

// Parse reads one command line. Coordinates may be separated by spaces or commas ("move
// 2,0 2,1"). A command that does not parse comes back Unreadable, with the reason.
func Parse(text string) (Action, error) {
	fields := strings.FieldsFunc(strings.ToLower(text), func(r rune) bool { return r == ' ' || r == ',' || r == '\t' })
	a, err := parseFields(fields)
	if err != nil {
		return Action{Verb: Unreadable, From: NoHex, To: NoHex, Text: text}, err
	}
	return a, nil
}

func parseFields(f []string) (Action, error) {
	if len(f) == 0 {
		return Action{}, illegal("unknown_command", lang.T("an empty command: send move, sky, bbq, pool, pillage, zone, place or end (rules: %s)", lang.T(ruleCommands)))
	}
	verb := Unreadable
	for v, name := range verbNames {
		if name != "" && name == f[0] {
			verb = Verb(v)
		}
	}
	args := f[1:]
	switch verb {
	case Unreadable:
		return Action{}, illegal("unknown_command", lang.T("%q is not a command: send move, sky, bbq, pool, pillage, zone, place, end or clan (rules: %s)", f[0], lang.T(ruleCommands)))
	case End:
		if len(args) != 0 {
			return Action{}, fieldCount("end", "end")
		}
		return EndAction, nil
	case ClanChoice:
		if len(args) != 1 {
			return Action{}, fieldCount("clan", "clan cooks|blacksmiths|miners|lumberjacks|random") // lang:keep a command's syntax
		}
		if args[0] == "random" {
			return ClanAction(NoClan), nil
		}
		c, ok := clanByName(args[0])
		if !ok {
			return Action{}, illegal("unknown_clan", lang.T("%q is not a clan: cooks, blacksmiths, miners or lumberjacks (rules: %s)", args[0], lang.T(ruleClans)))
		}
		return ClanAction(c), nil
	}
	two := verb == Move || verb == SkyAttack
	switch {
	case two && len(args) != 4:
		return Action{}, fieldCount(verbNames[verb], verbNames[verb]+" r1 q1 r2 q2")
	case verb == Zone && len(args) != 2 && len(args) != 4:
		return Action{}, fieldCount("zone", lang.T("zone r q (zone r1 q1 r2 q2 for Lumberjacks)"))
	case !two && verb != Zone && len(args) != 2:
		return Action{}, fieldCount(verbNames[verb], verbNames[verb]+" r q")
	}
	cells := make([]Hex, 0, 2)
	for i := 0; i < len(args); i += 2 {
		h, err := parseHex(args[i], args[i+1])
		if err != nil {
			return Action{}, err
		}
		cells = append(cells, h)
	}
	if len(cells) == 2 {
		return Action{Verb: verb, From: cells[0], To: cells[1]}, nil
	}
	return Action{Verb: verb, From: NoHex, To: cells[0]}, nil
}

// fieldCount refuses a command of the wrong length; usage is how to write it (a command's
// syntax, or a lang.Text that explains it).
func fieldCount(verb string, usage any) error {
	return illegal("field_count", lang.T("wrong number of fields for %s: write %s (rules: %s)", verb, usage, lang.T(ruleCommands)))
}

// parseHex reads "r q", refusing what is off the garden or a cut corner (rule 1).
func parseHex(rs, qs string) (Hex, error) {
	r, err1 := strconv.Atoi(rs)
	q, err2 := strconv.Atoi(qs)
	switch {
	case err1 != nil || err2 != nil:
		return NoHex, illegal("off_garden", lang.T("%q %q is not a cell: give two whole numbers r q (rules: %s)", rs, qs, lang.T(ruleCommands)))
	case r < 0 || r >= Rows || q < 0 || q >= Cols:
		return NoHex, illegal("off_garden", lang.T("%s is off the garden: r is 0..4 and q 0..6 (rules: %s)", fmt.Sprintf("(%d,%d)", r, q), lang.T(ruleGarden)))
	case isCut(r, q):
		return NoHex, illegal("cut_cell", lang.T("%s is a cut corner, not a cell of the garden (rules: %s)", fmt.Sprintf("(%d,%d)", r, q), lang.T(ruleGarden)))
	}
	return HexAt(r, q), nil
}

// decodeAction reads a command line as JSON carries it: a string. A string that is not a
// command still decodes (Unreadable), so that Validate refuses it naming the rule.
func decodeAction(raw json.RawMessage) (games.Action, error) {
	var text string
	if err := json.Unmarshal(raw, &text); err != nil {
		return nil, lang.Errorf(`Garden Tensions: an action is a command string such as "move 2 0 2 1" or "end", not %s`, games.Snippet(raw))
	}
	a, _ := Parse(text)
	return a, nil
}
