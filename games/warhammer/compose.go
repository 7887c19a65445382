package warhammer

import (
	"strings"

	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/lang"
)

// A person's turn is composed in two choices, each previewed on the board before it is
// taken: the action (a grenade or a step), then the hammer from where the action leaves the
// player. A key selects a choice and shows what it does; the same key again, or enter, takes
// it. A choice that kills the player asks for one more press. backspace goes back.

// Compose starts seat's turn (games.Composer).
func (v view) Compose(st games.State, seat int) games.Draft {
	s, ok := st.(*State)
	if !ok || seat < 0 || seat >= len(s.players) {
		return nil
	}
	return &draft{s: s, seat: seat, first: -1, hammer: -1, l: v.l}
}

type draft struct {
	l      lang.Lang // the language of the prompt
	s      *State
	seat   int
	first  int // the action chosen (0..11), -1 for none yet
	taken  bool
	hammer int // the hammer direction chosen once the action is taken, -1 for none yet
	armed  bool
	// preview is the game after the current choice, with what it changed.
	preview *State
	changed []bool
	events  []games.Event
	texts   []lang.Text // the events' texts, to be said in l
	fatal   bool
}

// actionKeys maps a key to a first choice: the arrows throw a grenade, the eight letters
// around s (or the keypad digits) step.
func actionKey(key string) int {
	for d, k := range grenadeKeys {
		if key == k {
			return d
		}
	}
	if d := stepKey(key); d >= 0 {
		return Grenades + d
	}
	return -1
}

// hammerKey maps a key to a hammer direction: the eight step keys, and the arrows for the
// four straight ones.
func hammerKey(key string) int {
	if d := stepKey(key); d >= 0 {
		return d
	}
	for d, k := range grenadeKeys {
		if key == k {
			return 2 * d
		}
	}
	return -1
}

func stepKey(key string) int {
	for _, keys := range stepKeys {
		for d, k := range keys {
			if strings.EqualFold(key, k) {
				return d
			}
		}
	}
	return -1
}

func (d *draft) Key(key string) (games.Action, bool, bool) {
	switch key {
	case "backspace":
		switch {
		case d.taken && d.hammer >= 0:
			d.hammer = -1
			d.simulate()
		case d.taken:
			d.taken = false
			d.simulate()
		case d.first >= 0:
			d.first = -1
			d.simulate()
		default:
			return nil, false, false
		}
		return nil, false, true
	case "enter", " ":
		return d.confirm()
	}
	if !d.taken {
		c := actionKey(key)
		if c < 0 {
			return nil, false, false
		}
		if c == d.first {
			return d.confirm()
		}
		d.first = c
	} else {
		c := hammerKey(key)
		if c < 0 {
			return nil, false, false
		}
		if c == d.hammer {
			return d.confirm()
		}
		d.hammer = c
	}
	d.simulate()
	return nil, false, true
}

// confirm takes the current choice; a fatal one the second time only. An action that kills
// the player ends the turn there: no hammer is left to choose.
func (d *draft) confirm() (games.Action, bool, bool) {
	chosen := d.hammer
	if !d.taken {
		chosen = d.first
	}
	if chosen < 0 {
		return nil, false, true
	}
	if d.fatal && !d.armed {
		d.armed = true
		return nil, false, true
	}
	if !d.taken && !d.fatal {
		d.taken = true
		d.simulate()
		return nil, false, true
	}
	hammer := max(d.hammer, 0)
	return Code(d.first, hammer), true, true
}

// simulate plays the current choice on a copy: the action alone, or the whole turn with the
// hammer (the deaths at the end of the turn included).
func (d *draft) simulate() {
	d.armed, d.fatal, d.preview, d.changed, d.events, d.texts = false, false, nil, nil, nil, nil
	if d.first < 0 || (d.taken && d.hammer < 0) {
		if d.taken {
			d.preview, _ = d.s.AfterFirst(d.first)
			d.changed = diff(d.s, d.preview)
		}
		return
	}
	l := log{on: true}
	var next *State
	if !d.taken {
		next = d.s.Clone().(*State)
		d.fatal = !next.first(d.seat, d.first, &l)
	} else {
		// The action's own events were shown when it was chosen: only the hammer's now.
		next, _ = d.s.AfterFirst(d.first)
		next.hammer(d.seat, d.hammer, &l)
		next.endOfTurn(&l)
		d.fatal = !next.players[d.seat].Alive
	}
	d.preview, d.changed, d.events, d.texts = next, diff(d.s, next), l.events, l.texts
	for _, e := range l.events {
		// Where a grenade lands is marked even when nothing stood there to destroy.
		if g, ok := e.Data.(GrenadeData); ok && d.s.inside(g.Row, g.Col) {
			d.changed[g.Row*d.s.size+g.Col] = true
		}
	}
}

// diff marks the cells whose HP, or whose living occupant, differ between a and b.
func diff(a, b *State) []bool {
	changed := make([]bool, len(a.hp))
	for i := range a.hp {
		changed[i] = a.hp[i] != b.hp[i]
	}
	for k := range a.players {
		pa, pb := a.players[k], b.players[k]
		if pa != pb {
			changed[pb.Row*a.size+pb.Col] = true
		}
	}
	return changed
}

func (d *draft) Board(p games.Palette) string {
	if d.preview == nil {
		return View.Board(d.s, d.seat, p)
	}
	return drawBoard(d.preview, p, d.changed)
}

// Prompt puts what matters first, since a narrow window cuts the end: the stage, whether the
// choice kills, the key that takes it, then what it does.
func (d *draft) Prompt() string {
	p := d.l.Printer()
	switch {
	case !d.taken && d.first < 0:
		return p.Sprintf("Action: arrows throw a grenade · q w e a d z x c (or keypad) step")
	case d.taken && d.hammer < 0:
		return p.Sprintf("Hammer (%s taken): q w e a d z x c or arrows · backspace: back", p.Sprintf(firstTexts[d.first]))
	}
	texts := d.eventTexts()
	if texts == "" { // no events: the choice kills before it does anything
		texts = p.Sprintf(firstTexts[d.first])
	}
	switch {
	case !d.taken && d.fatal && d.armed:
		return p.Sprintf("Action (KILLS YOU: enter again to do it · backspace: back): %s", texts)
	case !d.taken && d.fatal:
		return p.Sprintf("Action (KILLS YOU: enter twice to do it): %s", texts)
	case !d.taken:
		return p.Sprintf("Action (enter: take it): %s", texts)
	case d.fatal && d.armed:
		return p.Sprintf("Hammer (KILLS YOU: enter again to do it · backspace: back): %s", texts)
	case d.fatal:
		return p.Sprintf("Hammer (KILLS YOU: enter twice to do it): %s", texts)
	}
	return p.Sprintf("Hammer (enter: play · backspace: back): %s", texts)
}

// eventTexts are the preview's events in words, other players named by seat.
func (d *draft) eventTexts() string {
	var texts []string
	for i, e := range d.events {
		text := d.texts[i].In(d.l)
		switch {
		case e.Type == "death" && e.Seat == d.seat:
			texts = append(texts, text) // the actor's death: its subject is left out, as ever
		case e.Type == "death":
			texts = append(texts, seatLabel(e.Seat).In(d.l)+" "+text)
		default:
			texts = append(texts, text)
		}
	}
	return strings.Join(texts, "; ")
}
