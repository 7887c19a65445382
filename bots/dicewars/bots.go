// Package dicewars holds DiceWars' house bots (rules §3c): seed (the seed project's score
// bot, with the README's real division), classic (the gamedesign.jp game's own AI), random
// and odds (exact win chances). Areas are scanned in id order and neighbours in list order;
// the random ones draw from their own seeded generators.
package dicewars

import (
	"math/rand/v2"
	"slices"

	"github.com/arena-classroom/arena/bots"
	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/games/chance"
	dw "github.com/arena-classroom/arena/games/dicewars"
	"github.com/arena-classroom/arena/lang"
)

// Strongest fills empty seats: seed came first in 37.2% of 2,000 games of the four together
// (odds 35.2%, classic 23.7%, random 4.0%; TestRoundRobin -rr=2000).
const Strongest = "seed"

// All lists the house bots.
var All = []bots.Info{
	{Name: "random", About: lang.N("ends its turn one time in five, else attacks anywhere it may"),
		New: func(seed uint64) bots.Bot { return &Random{rng: chance.NewRand("bots/dicewars/random", seed)} }},
	{Name: "classic", About: lang.N("attacks no stronger neighbour, targets the leader"),
		New: func(seed uint64) bots.Bot { return &Classic{rng: chance.NewRand("bots/dicewars/classic", seed)} }},
	{Name: "seed", About: lang.N("the attack on a weaker neighbour of best expected score, while it expects a gain"),
		New: func(uint64) bots.Bot { return Seed{} }},
	{Name: "odds", About: lang.N("the attack most likely to win, while it wins at least half the time"),
		New: func(uint64) bots.Bot { return Odds{} }},
}

func state(st games.State) *dw.State { s, _ := st.(*dw.State); return s }

// Random: with probability 0.2, or with no attack, end; else a uniform legal attack.
type Random struct{ rng *rand.Rand }

func (b *Random) Choose(st games.State, seat int) games.Action {
	legal := st.Legal(seat)
	attacks := legal[:len(legal)-1] // End comes last
	if len(attacks) == 0 || b.rng.Float64() < 0.2 {
		return dw.End
	}
	return attacks[b.rng.IntN(len(attacks))]
}

// Classic is the gamedesign.jp com_thinking: against a player holding more than 2/5 of all
// dice only attacks involving them; never a stronger neighbour; an equal one only when
// either side leads, or nine times in ten; a uniform choice among the candidates.
type Classic struct{ rng *rand.Rand }

func (b *Classic) Choose(st games.State, seat int) games.Action {
	s := state(st)
	n := s.Players()
	total, dice := 0, make([]int, n)
	for p := range n {
		dice[p] = s.TotalDice(p)
		total += dice[p]
	}
	leader, top := -1, -1
	for p := range n {
		if dice[p] > top {
			leader, top = p, dice[p]
		}
	}
	dominant := -1
	if 5*top > 2*total {
		dominant = leader
	}
	var cands []dw.Action
	for a := 1; a <= s.Areas(); a++ {
		if s.Owner(a) != seat || s.Dice(a) < 2 {
			continue
		}
		for _, t := range s.Neighbours(a) {
			enemy := s.Owner(t)
			if enemy == seat || s.Dice(t) > s.Dice(a) {
				continue
			}
			if dominant >= 0 && seat != dominant && enemy != dominant {
				continue
			}
			if s.Dice(t) == s.Dice(a) && seat != leader && enemy != leader && b.rng.Float64() >= 0.9 {
				continue
			}
			cands = append(cands, dw.Action{From: a, To: t})
		}
	}
	if len(cands) == 0 {
		return dw.End
	}
	return cands[b.rng.IntN(len(cands))]
}

// Seed is the seed project's StrategyDummy as its README states it (rules §3c): among
// attacks from an area of more than one die on a weaker neighbour, the one of highest
// expected score E = p·S_s + (1-p)·S_f, while E > 0.
type Seed struct{}

// enemyMean is the mean of the dice on x's enemy neighbours, leaving out excl (0: none);
// ok is false when there are none.
func enemyMean(s *dw.State, x, seat, excl int) (float64, bool) {
	sum, n := 0, 0
	for _, y := range s.Neighbours(x) {
		if y != excl && s.Owner(y) != seat {
			sum += s.Dice(y)
			n++
		}
	}
	if n == 0 {
		return 0, false
	}
	return float64(sum) / float64(n), true
}

// SeedScore is E for attacking t from a, and whether the pair is a candidate.
func SeedScore(s *dw.State, seat, a, t int) (float64, bool) {
	da, dt := s.Dice(a), s.Dice(t)
	if s.Owner(a) != seat || da <= 1 || s.Owner(t) == seat || da <= dt || !slices.Contains(s.Neighbours(a), t) {
		return 0, false
	}
	n := float64(da)
	meanA, _ := enemyMean(s, a, seat, 0)
	avant := meanA - n
	cellT := n - 1
	if m, ok := enemyMean(s, t, seat, a); ok {
		cellT = (n - 1) - m
	}
	apresS := 1.0
	if m, ok := enemyMean(s, a, seat, t); ok {
		apresS = m - 1
	}
	success := cellT + apresS - avant
	failure := (meanA - 1) - avant
	p := float64(da-dt+1) / float64(da)
	return p*success + (1-p)*failure, true
}

func (Seed) Choose(st games.State, seat int) games.Action {
	s := state(st)
	best, bestE := dw.End, 0.0
	for a := 1; a <= s.Areas(); a++ {
		for _, t := range s.Neighbours(a) {
			if e, ok := SeedScore(s, seat, a, t); ok && e > bestE {
				best, bestE = dw.Action{From: a, To: t}, e
			}
		}
	}
	return best
}

// Odds attacks where the exact chance of winning is highest, while it is at least one half
// and the attacker has 3 dice or more (or the target one).
type Odds struct{}

func (Odds) Choose(st games.State, seat int) games.Action {
	s := state(st)
	best, bestP := dw.End, -1.0
	for a := 1; a <= s.Areas(); a++ {
		if s.Owner(a) != seat || s.Dice(a) < 2 {
			continue
		}
		for _, t := range s.Neighbours(a) {
			if s.Owner(t) == seat || !(s.Dice(a) >= 3 || s.Dice(t) == 1) {
				continue
			}
			if p := dw.WinChance(s.Dice(a), s.Dice(t)); p >= 0.5 && p > bestP {
				best, bestP = dw.Action{From: a, To: t}, p
			}
		}
	}
	return best
}
