package garden

import (
	"math/rand/v2"
	"strconv"
	"strings"

	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/lang"
)

// PoisonData details a "poison" event: the system's d6 for the cell, each creature's d6 and
// how many died (rule 14: a creature dies if its roll is lower than the system's).
type PoisonData struct {
	Cell   [2]int `json:"cell"`
	System int    `json:"system"`
	Rolls  []int  `json:"rolls"`
	Killed int    `json:"killed"`
}

// IncomeData details an "income" event: what each stock gained (rule 7).
type IncomeData struct {
	Food  int `json:"food"`
	Metal int `json:"metal"`
	Stone int `json:"stone"`
	Wood  int `json:"wood"`
}

// ReinforceData details a "reinforce" event: R = M + N·zones + Candy + deported (rule 15).
type ReinforceData struct {
	Base     int `json:"base"`
	Zones    int `json:"zones"`
	Candy    int `json:"candy"`
	Deported int `json:"deported"`
	Pending  int `json:"pending"`
}

// startTurn begins seat's turn: poison ticks, then income (rule 6).
func (s *State) startTurn(seat int) []games.Event {
	s.turn++
	s.toMove, s.phase, s.actionsLeft = seat, Conquest, ActionsPerTurn
	ev := s.poisonTicks()
	if s.Over() {
		return s.checkElimination(ev)
	}
	var gain [NumResources]int
	for i := range s.cells {
		c := &s.cells[i]
		if int(c.Owner) == seat && c.Kind == Simple {
			gain[c.Resource] += int(c.Yield)
		}
	}
	for r, g := range gain {
		s.players[seat].Stock[r] += g
	}
	return append(ev, event("income", seat, incomeText(s.turn, gain),
		IncomeData{Food: gain[Food], Metal: gain[Metal], Stone: gain[Stone], Wood: gain[Wood]}))
}

// incomeText is "turn 7: +2 food +1 wood", naming only what was gained.
func incomeText(turn int, gain [NumResources]int) lang.Text {
	var rest any = lang.T(" no income")
	gained := false
	for r := NumResources - 1; r >= 0; r-- {
		if g := gain[r]; g > 0 {
			if !gained {
				rest, gained = "", true
			}
			rest = lang.T(" +%s%s", Amount(r, g), rest)
		}
	}
	return lang.T("turn %d:%s", turn, rest)
}

// poisonTicks rolls every poisoned cell's tick, in cell order (rule 14). An empty poisoned
// cell rolls nothing, but its timer runs down all the same.
func (s *State) poisonTicks() []games.Event {
	var ev []games.Event
	rng := rand.New(&s.rng)
	for i := range s.cells {
		c := &s.cells[i]
		if c.Status != Poisoned {
			continue
		}
		if c.Timer--; c.Timer <= 0 {
			c.Status, c.Timer = Normal, 0
		}
		if c.Empty() {
			continue
		}
		owner := int(c.Owner)
		d := PoisonData{Cell: [2]int{Hex(i).R(), Hex(i).Q()}, System: 1 + rng.IntN(6)}
		for range c.Creatures {
			roll := 1 + rng.IntN(6)
			d.Rolls = append(d.Rolls, roll)
			if roll < d.System {
				d.Killed++
			}
		}
		s.kill(Hex(i), d.Killed)
		ev = append(ev, event("poison", owner, lang.T("poison on %s: %d against %s, %d creatures dead", Hex(i), d.System, joinInts(d.Rolls, ","), d.Killed), d))
	}
	return ev
}

// kill takes n creatures off h; a cell left with none is empty and loses its owner's flags.
func (s *State) kill(h Hex, n int) {
	c := &s.cells[h]
	c.Creatures -= int8(min(n, int(c.Creatures)))
	if c.Creatures == 0 {
		c.Owner, c.Immobile = -1, 0
	}
}

// beginReinforcement ends the conquest: R creatures join those deported (rules 12, 15).
func (s *State) beginReinforcement() []games.Event {
	seat := s.toMove
	p := &s.players[seat]
	d := ReinforceData{Base: BaseReinforcement, Zones: s.Zones(seat), Deported: p.Pending}
	if s.Owns(seat, Candy) && p.Stock[Food] >= CostOf(Candy).Amount {
		p.Stock[Food] -= CostOf(Candy).Amount
		d.Candy = CandyBonus
	}
	p.Pending += d.Base + ZoneBonus*d.Zones + d.Candy
	d.Pending = p.Pending
	s.phase = Reinforcement
	var candy, deported any = "", ""
	if d.Candy > 0 {
		candy = lang.T(" + %d from Candy for %s", d.Candy, Amount(Food, CostOf(Candy).Amount))
	}
	if d.Deported > 0 {
		deported = lang.T(" + %d deported", d.Deported)
	}
	text := lang.T("reinforces: %d to place (%d + %d for %d zones%s%s)", d.Pending, d.Base, ZoneBonus*d.Zones, d.Zones, candy, deported)
	ev := []games.Event{event("reinforce", seat, text, d)}
	if !s.roomFor(seat) {
		return s.finishTurn(append(ev, s.dropPending()...))
	}
	return ev
}

// roomFor reports whether one of seat's cells can take a creature.
func (s *State) roomFor(seat int) bool {
	for i := range s.cells {
		if int(s.cells[i].Owner) == seat && s.cells[i].Creatures < MaxCreatures {
			return true
		}
	}
	return false
}

// place puts one creature on h; once none is left to place, or no cell has room (the rest is
// lost), the turn ends.
func (s *State) place(seat int, h Hex) []games.Event {
	s.cells[h].Creatures++
	s.players[seat].Pending--
	ev := []games.Event{event("place", seat, lang.T("places a creature on %s", s.cellText(h)), map[string][2]int{"cell": {h.R(), h.Q()}})}
	if s.players[seat].Pending == 0 {
		return s.finishTurn(ev)
	}
	if !s.roomFor(seat) {
		return s.finishTurn(append(ev, s.dropPending()...))
	}
	return ev
}

// dropPending loses the creatures the player to move has not placed (rule 15).
func (s *State) dropPending() []games.Event {
	seat := s.toMove
	n := s.players[seat].Pending
	s.players[seat].Pending = 0
	if n == 0 {
		return nil
	}
	return []games.Event{event("lost", seat, lang.T("%d creatures not placed, lost", n), map[string]int{"lost": n})}
}

// finishTurn runs the timers down and passes to the other player, or stops the game at the
// round cap (rule 16).
func (s *State) finishTurn(ev []games.Event) []games.Event {
	seat := s.toMove
	for i := range s.cells {
		c := &s.cells[i]
		if c.Forged > 0 {
			c.Forged--
		}
		if c.Immobile > 0 && int(c.Owner) == seat {
			c.Immobile--
		}
	}
	if s.turn >= Players*s.rounds {
		s.capped = true
		return append(ev, event("cap", -1, lang.T("the game stops after %d rounds", s.rounds), nil))
	}
	return append(ev, s.startTurn(1-seat)...)
}

// joinInts writes numbers with sep between them: "6+4+1", "3,4,6".
func joinInts(xs []int, sep string) string {
	parts := make([]string, len(xs))
	for i, x := range xs {
		parts[i] = strconv.Itoa(x)
	}
	return strings.Join(parts, sep)
}
