package dicewars

import (
	"fmt"
	"slices"
	"strconv"
	"unicode/utf8"

	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/lang"
)

// An attack is composed in two choices: the attacking area, then the target. Each is typed
// (its number, then enter) or picked with tab among those that make sense (your areas that
// can attack; the enemy neighbours of the chosen one, with the chance of winning). e ends
// the turn whenever; esc or backspace cancels the last choice.

// Compose starts seat's choice (games.Composer).
func (v view) Compose(st games.State, seat int) games.Draft {
	s, ok := st.(*State)
	if !ok {
		return nil
	}
	d := &draft{s: s, seat: seat, l: v.l}
	d.cands = d.sources()
	return d
}

type draft struct {
	s      *State
	seat   int
	l      lang.Lang // the reader's language
	from   int       // the attacking area, 0 while choosing it
	typed  string    // digits typed so far
	cands  []int     // what tab goes through now
	cursor int       // index in cands of the highlighted one, -1 for none
	note   string    // why the last enter did nothing
}

// sources are the seat's areas that can attack.
func (d *draft) sources() []int {
	var out []int
	for a := 1; a <= len(d.s.owner); a++ {
		if d.s.owner[a-1] == d.seat && d.s.dice[a-1] >= 2 && len(d.targets(a)) > 0 {
			out = append(out, a)
		}
	}
	return out
}

// targets are the enemy neighbours of a.
func (d *draft) targets(a int) []int {
	var out []int
	for _, t := range d.s.m.Adj[a-1] {
		if d.s.owner[t-1] != d.seat {
			out = append(out, t)
		}
	}
	return out
}

// current is the area the draft points at: the number typed, else the highlighted one.
func (d *draft) current() int {
	if d.typed != "" {
		n, _ := strconv.Atoi(d.typed)
		return n
	}
	if len(d.cands) > 0 {
		return d.cands[max(d.cursor, 0)]
	}
	return 0
}

func (d *draft) Key(key string) (games.Action, bool, bool) {
	d.note = ""
	switch {
	case key == "e":
		return End, true, true
	case len(key) == 1 && key[0] >= '0' && key[0] <= '9':
		if len(d.typed) < 2 {
			d.typed += key
		}
	case key == "backspace": // a digit, else the area chosen
		switch {
		case d.typed != "":
			d.typed = d.typed[:len(d.typed)-1]
		case d.from != 0:
			d.from, d.cands, d.cursor = 0, d.sources(), 0
		default:
			return nil, false, false
		}
	case key == "tab" || key == "right" || key == "down":
		d.typed = ""
		if len(d.cands) > 0 {
			d.cursor = (d.cursor + 1) % len(d.cands)
		}
	case key == "shift+tab" || key == "left" || key == "up":
		d.typed = ""
		if len(d.cands) > 0 {
			d.cursor = (d.cursor + len(d.cands) - 1) % len(d.cands)
		}
	case key == "esc":
		switch {
		case d.typed != "":
			d.typed = ""
		case d.from != 0:
			d.from, d.cands, d.cursor = 0, d.sources(), 0
		default:
			return nil, false, false // nothing to cancel: the screen's esc
		}
	case key == "enter" || key == " ":
		return d.choose()
	default:
		return nil, false, false
	}
	return nil, false, true
}

// choose takes the area pointed at, explaining a choice the rules refuse.
func (d *draft) choose() (games.Action, bool, bool) {
	a := d.current()
	d.typed = ""
	if d.from == 0 {
		if a < 1 || a > len(d.s.owner) {
			d.note = d.l.Sprintf("no such area")
			return nil, false, true
		}
		if d.s.owner[a-1] != d.seat || d.s.dice[a-1] < 2 {
			d.note = d.l.Sprintf("area %d cannot attack: it must be yours with 2 dice or more", a)
			return nil, false, true
		}
		if len(d.targets(a)) == 0 {
			d.note = d.l.Sprintf("area %d has no enemy neighbour", a)
			return nil, false, true
		}
		d.from, d.cands, d.cursor = a, d.targets(a), 0
		return nil, false, true
	}
	act := Action{From: d.from, To: a}
	if err := d.s.Validate(d.seat, act); err != nil {
		d.note = lang.Say(err, d.l)
		return nil, false, true
	}
	return act, true, true
}

func (d *draft) Board(p games.Palette) string { return d.ScaledBoard(p, 0) }

// ScaledBoard draws the board at scale k, with the choice so far highlighted.
func (d *draft) ScaledBoard(p games.Palette, k int) string {
	marks := map[int]mark{}
	if d.from != 0 {
		marks[d.from] = markSource
		if t := d.current(); slices.Contains(d.targets(d.from), t) {
			marks[t] = markTarget
		}
	} else if a := d.current(); a >= 1 && a <= len(d.s.owner) {
		marks[a] = markSource
	}
	return drawMap(d.s, p, marks, k)
}

// Prompt fits in 80 columns (the smallest window) whole: the choice, then as many of its
// keys as fit, as in the footers ("enter attack").
func (d *draft) Prompt() string {
	p := d.l.Printer()
	if d.note != "" {
		return fitPrompt(d.note, p.Sprintf("esc back"), p.Sprintf("e end the turn"))
	}
	a := d.current()
	if d.from == 0 {
		if len(d.cands) == 0 {
			return p.Sprintf("No area of yours can attack: e ends your turn")
		}
		return fitPrompt(p.Sprintf("Attack from area %d?", a), p.Sprintf("enter yes"), p.Sprintf("tab another"), p.Sprintf("digits its number"), p.Sprintf("e end turn"))
	}
	line := fmt.Sprintf("%d → %d", d.from, a)
	if a >= 1 && a <= len(d.s.owner) && slices.Contains(d.targets(d.from), a) {
		line += p.Sprintf(": %s vs %d, %.0f%% to win", diceCount(d.s.dice[d.from-1]).In(d.l), d.s.dice[a-1], 100*WinChance(d.s.dice[d.from-1], d.s.dice[a-1]))
	}
	return fitPrompt(line, p.Sprintf("enter attack"), p.Sprintf("tab another"), p.Sprintf("esc back"), p.Sprintf("e end"))
}

// PromptWidth is the widest a prompt is: the lobby gives it one line of the smallest window.
const PromptWidth = 80

// fitPrompt is text, then each key hint that still fits in PromptWidth, in order.
func fitPrompt(text string, keys ...string) string {
	for _, k := range keys {
		if utf8.RuneCountInString(text+" · "+k) > PromptWidth {
			break
		}
		text += " · " + k
	}
	return text
}
