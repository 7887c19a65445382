package garden

import (
	"fmt"
	"math/rand/v2"

	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/lang"
)

// CombatData details a "combat" event: every die of both sides (rule 9).
type CombatData struct {
	From   [2]int `json:"from"`
	To     [2]int `json:"to"`
	Attack []int  `json:"attack"`
	Defend []int  `json:"defend"`
	Won    bool   `json:"won"`
	Sky    bool   `json:"sky,omitempty"` // an attack through Sky (rule 10)
}

// sumWays[k][n][s]: the ways n dice of sides 6 (k 0) or 9 (k 1) sum to s.
var sumWays = func() (w [2][MaxCreatures + 1][9*MaxCreatures + 1]float64) {
	for k, sides := range []int{6, 9} {
		w[k][0][0] = 1
		for n := 1; n <= MaxCreatures; n++ {
			for s := n; s <= sides*n; s++ {
				for f := 1; f <= sides && f <= s; f++ {
					w[k][n][s] += w[k][n-1][s-f]
				}
			}
		}
	}
	return w
}()

// winChance[ka][n][kd][m]: the exact chance that n attacking dice beat m defending ones.
var winChance = func() (p [2][MaxCreatures + 1][2][MaxCreatures + 1]float64) {
	sides := [2]int{6, 9}
	for ka := range 2 {
		for kd := range 2 {
			for n := 1; n <= MaxCreatures; n++ {
				for m := 1; m <= MaxCreatures; m++ {
					wins, all := 0.0, 0.0
					for sa := n; sa <= sides[ka]*n; sa++ {
						for sd := m; sd <= sides[kd]*m; sd++ {
							ways := sumWays[ka][n][sa] * sumWays[kd][m][sd]
							all += ways
							if sa > sd {
								wins += ways
							}
						}
					}
					p[ka][n][kd][m] = wins / all
				}
			}
		}
	}
	return p
}()

// WinChance is the exact chance that n dice of attackSides (6 or 9) sum strictly higher than
// m dice of defendSides (rule 9: ties go to the defender); 0 outside 1..5 dice.
func WinChance(n, attackSides, m, defendSides int) float64 {
	if n < 1 || m < 1 || n > MaxCreatures || m > MaxCreatures {
		return 0
	}
	return winChance[sidesIndex(attackSides)][n][sidesIndex(defendSides)][m]
}

func sidesIndex(sides int) int {
	if sides == 9 {
		return 1
	}
	return 0
}

// CombatChance is the chance that an attack from from takes to as the cells stand: 0 on a
// PROTECTED cell, whose protection cancels it (rule 14).
func (s *State) CombatChance(from, to Hex) float64 {
	a, d := s.cells[from], s.cells[to]
	if d.Status == Protected {
		return 0
	}
	return WinChance(int(a.Creatures), a.DieSides(), int(d.Creatures), d.DieSides())
}

// IsCombat reports whether a, played now, is decided by the dice: an attack by move or Sky
// on an enemy cell that is not protected.
func (s *State) IsCombat(a Action) bool {
	if (a.Verb != Move && a.Verb != SkyAttack) || !a.To.Valid() || !a.From.Valid() {
		return false
	}
	d := s.cells[a.To]
	return !d.Empty() && d.Owner != s.cells[a.From].Owner && d.Status != Protected
}

// Chance is one outcome of an action and how likely it is.
type Chance struct {
	P     float64
	After *State
}

// Chances plays a legal action a for seat on copies of s, one per outcome of its combat
// (won, lost) with the exact chance of each; an action without a combat has one outcome.
// Other chance (the poison and income of a turn that an "end" begins) is drawn from the
// copy's generator. Search bots use it to weigh what the dice may do.
func (s *State) Chances(seat int, a Action) []Chance {
	if !s.IsCombat(a) {
		c := s.Copy()
		c.apply(seat, a)
		return []Chance{{P: 1, After: c}}
	}
	p := s.CombatChance(a.From, a.To)
	out := make([]Chance, 0, 2)
	for _, f := range []int8{forceWin, forceLoss} {
		q := p
		if f == forceLoss {
			q = 1 - p
		}
		if q == 0 {
			continue
		}
		c := s.Copy()
		c.force = f
		c.apply(seat, a)
		c.force = 0
		out = append(out, Chance{P: q, After: c})
	}
	return out
}

// ResolveCombat applies a combat's result whoever is to move (rule 9): a win moves all
// creatures but one from from to to, which changes hands, and scores a conquest point; a loss
// leaves from with one. Search bots use it to weigh an opponent's reply.
func (s *State) ResolveCombat(from, to Hex, won bool) {
	a := &s.cells[from]
	moved := a.Creatures - 1
	a.Creatures = 1
	if !won {
		return
	}
	d := &s.cells[to]
	d.Owner, d.Creatures, d.Immobile = a.Owner, moved, 0
	s.players[a.Owner].Points++
}

// roll throws n dice of sides faces.
func (s *State) roll(n, sides int) ([]int, int) {
	rng := rand.New(&s.rng)
	rolls := make([]int, n)
	sum := 0
	for i := range rolls {
		rolls[i] = 1 + rng.IntN(sides)
		sum += rolls[i]
	}
	return rolls, sum
}

// move plays "move S T" (rule 8): into an empty cell, or an attack on an enemy one.
func (s *State) move(seat int, from, to Hex) []games.Event {
	if s.cells[to].Empty() {
		s.payEntry(seat, to)
		a, d := &s.cells[from], &s.cells[to]
		d.Owner, d.Creatures = a.Owner, a.Creatures-1
		a.Creatures = 1
		return []games.Event{event("move", seat, lang.T("moves %d creatures from %s into %s", int(d.Creatures), from, s.cellText(to)),
			map[string][2]int{"from": {from.R(), from.Q()}, "to": {to.R(), to.Q()}})}
	}
	return s.attack(seat, from, to, false)
}

// sky plays "sky S T" (rule 10): 5 metal, then an attack anywhere.
func (s *State) sky(seat int, from, to Hex) []games.Event {
	s.players[seat].Stock[Metal] -= CostOf(Sky).Amount
	return s.attack(seat, from, to, true)
}

// attack resolves a combat from from on the enemy cell to (rules 9, 14).
func (s *State) attack(seat int, from, to Hex, viaSky bool) []games.Event {
	if ev, cancelled := s.protection(seat, to); cancelled {
		s.cells[from].Creatures = 1 // the attack counts as lost
		return ev
	}
	a, d := s.cells[from], s.cells[to]
	data := CombatData{From: [2]int{from.R(), from.Q()}, To: [2]int{to.R(), to.Q()}, Sky: viaSky}
	var sum, against int
	switch s.force {
	case forceWin, forceLoss: // a search bot's chosen outcome: no dice
		data.Won = s.force == forceWin
	default:
		data.Attack, sum = s.roll(int(a.Creatures), a.DieSides())
		data.Defend, against = s.roll(int(d.Creatures), d.DieSides())
		data.Won = sum > against
	}
	if data.Won {
		s.payEntry(seat, to)
	}
	s.ResolveCombat(from, to, data.Won)
	key := lang.N("attacks %s from %s: %s against %s, the defender holds")
	switch {
	case viaSky && data.Won:
		key = lang.N("attacks through Sky %s from %s: %s against %s, takes it (+1 point)")
	case viaSky:
		key = lang.N("attacks through Sky %s from %s: %s against %s, the defender holds")
	case data.Won:
		key = lang.N("attacks %s from %s: %s against %s, takes it (+1 point)")
	}
	text := lang.T(key, s.cellText(to), from, diceText(data.Attack, sum), diceText(data.Defend, against))
	return []games.Event{event("combat", seat, text, data)}
}

// payEntry pays the cost of a special cell being taken (rule 8: paid only if taken).
func (s *State) payEntry(seat int, to Hex) {
	c := CostOf(s.cells[to].Kind)
	s.players[seat].Stock[c.Resource] -= c.Amount
}

// protection: a PROTECTED cell cancels the hostile action against it and loses its status
// (rule 14); the caller has already paid what the action costs.
func (s *State) protection(seat int, to Hex) ([]games.Event, bool) {
	if s.cells[to].Status != Protected {
		return nil, false
	}
	s.cells[to].Status = Normal
	return []games.Event{event("protected", seat, lang.T("%s was protected: the action is cancelled", s.cellText(to)),
		map[string][2]int{"cell": {to.R(), to.Q()}})}, true
}

// diceText is "6+4+1 = 11", or "?" for a combat decided without dice.
func diceText(rolls []int, sum int) string {
	if len(rolls) == 0 {
		return "?"
	}
	return fmt.Sprintf("%s = %d", joinInts(rolls, "+"), sum)
}
