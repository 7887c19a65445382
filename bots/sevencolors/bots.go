// Package sevencolors holds the house bots of 7 Colors, the seed's questions 6 to 11 as
// docs/rules/sevencolors.md §10 defines them. Importers alias it (the engine has the same name).
package sevencolors

import (
	"math/rand/v2"

	"github.com/arena-classroom/arena/bots"
	"github.com/arena-classroom/arena/games"
	sc "github.com/arena-classroom/arena/games/sevencolors"
	"github.com/arena-classroom/arena/lang"
)

// All lists the house bots, weakest first.
var All = []bots.Info{
	{Name: "random", Aliases: []string{"random_player"},
		About: lang.N("any colour at random, wasted turns included"),
		New:   func(seed uint64) bots.Bot { return &Random{rng: newRNG(seed)} }},
	{Name: "random_improving",
		About: lang.N("a random colour among those that gain something"),
		New:   func(seed uint64) bots.Bot { return &RandomImproving{rng: newRNG(seed)} }},
	{Name: "greedy",
		About: lang.N("the colour that gains the most cells now"),
		New:   func(uint64) bots.Bot { return Greedy{} }},
	{Name: "hegemonic",
		About: lang.N("the gaining colour that leaves the longest frontier"),
		New:   func(uint64) bots.Bot { return Hegemonic{} }},
	{Name: "mixed",
		About: lang.N("hegemonic while the frontier grows, then greedy"),
		New:   func(uint64) bots.Bot { return Mixed{} }},
}

// botStream is the second PCG word of a random bot's RNG.
const botStream = 0xb075eed

func newRNG(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, botStream)) }

// state is the engine's concrete state; another games.State gets the default action.
func state(st games.State) (*sc.State, bool) {
	s, ok := st.(*sc.State)
	return s, ok
}

// Random is Q6: uniform over 3..9; a colour that touches nothing wastes the turn.
type Random struct{ rng *rand.Rand }

func (r *Random) Choose(games.State, int) games.Action {
	return sc.MinColor + r.rng.IntN(sc.MaxColor-sc.MinColor+1)
}

// RandomImproving is Q7: uniform over the colours that gain; over 3..9 if none does.
type RandomImproving struct{ rng *rand.Rand }

func (r *RandomImproving) Choose(st games.State, seat int) games.Action {
	s, ok := state(st)
	if !ok {
		return st.DefaultAction(seat)
	}
	var gaining [sc.MaxColor - sc.MinColor + 1]int
	k := 0
	for c := sc.MinColor; c <= sc.MaxColor; c++ {
		if s.Gain(sc.Player(seat), c) > 0 {
			gaining[k] = c
			k++
		}
	}
	if k == 0 {
		return sc.MinColor + r.rng.IntN(sc.MaxColor-sc.MinColor+1)
	}
	return gaining[r.rng.IntN(k)]
}

// Greedy is Q8: argmax gain, ties to the lowest colour (3 when nothing gains).
type Greedy struct{}

func (Greedy) Choose(st games.State, seat int) games.Action {
	s, ok := state(st)
	if !ok {
		return st.DefaultAction(seat)
	}
	return greedy(s, sc.Player(seat))
}

func greedy(s *sc.State, p int) int {
	best, bestGain := sc.MinColor, s.Gain(p, sc.MinColor)
	for c := sc.MinColor + 1; c <= sc.MaxColor; c++ {
		if g := s.Gain(p, c); g > bestGain {
			best, bestGain = c, g
		}
	}
	return best
}

// Hegemonic is Q10: among the colours that gain, the one leaving the most frontier cells;
// ties to the larger gain, then the lowest colour; 3 (a lost turn) when nothing gains.
type Hegemonic struct{}

func (Hegemonic) Choose(st games.State, seat int) games.Action {
	s, ok := state(st)
	if !ok {
		return st.DefaultAction(seat)
	}
	c, _ := hegemonic(s, sc.Player(seat))
	return c
}

// hegemonic returns its colour and the frontier after it (the current one if it gains nothing).
func hegemonic(s *sc.State, p int) (colour, frontier int) {
	best, bestFront, bestGain := sc.MinColor, -1, 0
	for c := sc.MinColor; c <= sc.MaxColor; c++ {
		g := s.Gain(p, c)
		if g == 0 {
			continue
		}
		if f := s.FrontierAfter(p, c); f > bestFront || (f == bestFront && g > bestGain) {
			best, bestFront, bestGain = c, f, g
		}
	}
	if bestFront < 0 {
		return sc.MinColor, s.Frontier(p)
	}
	return best, bestFront
}

// Mixed is Q11 with the frontier reading of docs/rules/sevencolors.md §11: the hegemonic colour while it grows the
// frontier, the greedy one once no colour does.
type Mixed struct{}

func (Mixed) Choose(st games.State, seat int) games.Action {
	s, ok := state(st)
	if !ok {
		return st.DefaultAction(seat)
	}
	p := sc.Player(seat)
	if c, f := hegemonic(s, p); f > s.Frontier(p) {
		return c
	}
	return greedy(s, p)
}
