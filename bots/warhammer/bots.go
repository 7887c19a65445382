// Package warhammer holds War Hammer's house bots (docs/rules/warhammer.md §15): random,
// cautious, survivor and hunter. Each looks at the 96 codes of a turn; ties go to the lowest
// code, and the random ones draw from their own seeded generator, so the same state and seed
// give the same code. A bot object is used by one goroutine at a time (bots.Bot), so the
// search bots keep a scratch state to simulate on.
package warhammer

import (
	"math/rand/v2"

	"github.com/arena-classroom/arena/bots"
	"github.com/arena-classroom/arena/games"
	wh "github.com/arena-classroom/arena/games/warhammer"
	"github.com/arena-classroom/arena/lang"
)

// Strongest is the bot that fills empty seats: hunter won the round robin of
// docs/warhammer.md (TestRoundRobin).
const Strongest = "hunter"

// All lists the house bots, weakest first. About is a sentence of the catalog: who shows it
// says it in the reader's language (lang.Lang.Say).
var All = []bots.Info{
	{Name: "random", About: lang.N("any code 0..95 (the reference's ia(): it often kills itself)"),
		New: func(seed uint64) bots.Bot { return &Random{rng: rand.New(rand.NewPCG(seed, 0x7a4d))} }},
	{Name: "cautious", About: lang.N("a grenade or a safe step, then a hammer on a standing cell, at random"),
		New: func(seed uint64) bots.Bot { return &Cautious{rng: rand.New(rand.NewPCG(seed, 0xca07))} }},
	{Name: "survivor", About: lang.N("the turn that keeps it on the soundest ground"),
		New: func(uint64) bots.Bot { return &Survivor{} }},
	{Name: "hunter", About: lang.N("kills when it can, otherwise closes in on the nearest player"),
		New: func(uint64) bots.Bot { return &Hunter{} }},
}

// Simulate is the game after the seat to move plays code: a new state, s unchanged.
func Simulate(s *wh.State, code int) *wh.State {
	next := s.Clone().(*wh.State)
	next.Play(code)
	return next
}

// Random plays any code, uniformly.
type Random struct{ rng *rand.Rand }

func (b *Random) Choose(games.State, int) games.Action { return b.rng.IntN(wh.Codes) }

// Cautious picks its first choice among the four grenades and the steps onto a free standing
// cell, then its hammer among the standing cells around where it then stands, on the board as
// the first choice left it (the reference's ia_test, with its bug fixed: it counted the hammer
// from where it stood before stepping). With no standing cell around (or dead of its first
// choice), it hammers right: the lowest code.
type Cautious struct{ rng *rand.Rand }

func (b *Cautious) Choose(st games.State, seat int) games.Action {
	s := st.(*wh.State)
	p := s.Player(seat)
	firsts := make([]int, 0, wh.Firsts)
	firsts = append(firsts, 0, 1, 2, 3)
	for k, d := range wh.Directions {
		r, c := p.Row+d[0], p.Col+d[1]
		if s.Inside(r, c) && !s.Occupied(r, c) && s.HP(r, c) > 0 {
			firsts = append(firsts, wh.Grenades+k)
		}
	}
	first := firsts[b.rng.IntN(len(firsts))]
	next, alive := s.AfterFirst(first)
	hammers := make([]int, 0, 8)
	if alive {
		q := next.Player(seat)
		for k, d := range wh.Directions {
			if r, c := q.Row+d[0], q.Col+d[1]; next.Inside(r, c) && next.HP(r, c) > 0 {
				hammers = append(hammers, k)
			}
		}
	}
	if len(hammers) == 0 {
		return wh.Code(first, 0)
	}
	return wh.Code(first, hammers[b.rng.IntN(len(hammers))])
}

// searcher tries the 96 codes on a scratch copy of the state.
type searcher struct{ scratch wh.State }

// best returns the code of greatest score among those after which the actor is alive at the
// end of its turn (the lowest such code on ties), or 0 when every code kills it. score reads
// the state after the turn.
func (b *searcher) best(s *wh.State, seat int, score func(after *wh.State) int) int {
	choice, top, found := 0, 0, false
	for code := range wh.Codes {
		b.scratch.CopyFrom(s)
		b.scratch.Play(code)
		if !b.scratch.Alive(seat) {
			continue
		}
		if v := score(&b.scratch); !found || v > top {
			choice, top, found = code, v, true
		}
	}
	return choice
}

// Survivor keeps to sound ground: 10 × its cell's HP plus its neighbour cells on the board
// with HP and no living player.
type Survivor struct{ searcher }

func (b *Survivor) Choose(st games.State, seat int) games.Action {
	s := st.(*wh.State)
	return b.best(s, seat, func(after *wh.State) int { return SurvivorScore(after, seat) })
}

// SurvivorScore is survivor's value of a state for seat (alive).
func SurvivorScore(s *wh.State, seat int) int {
	p := s.Player(seat)
	free := 0
	for _, d := range wh.Directions {
		if r, c := p.Row+d[0], p.Col+d[1]; s.HP(r, c) > 0 && !s.Occupied(r, c) {
			free++ // HP is 0 off the board
		}
	}
	return 10*s.HP(p.Row, p.Col) + free
}

// Hunter kills first (1000 a death this turn), then closes in (−10 × the Chebyshev distance
// to the nearest living opponent, 0 when none is left), then keeps its cell sound (+ its HP).
type Hunter struct{ searcher }

func (b *Hunter) Choose(st games.State, seat int) games.Action {
	s := st.(*wh.State)
	return b.best(s, seat, func(after *wh.State) int { return HunterScore(s, after, seat) })
}

// HunterScore is hunter's value of after, the state following seat's turn from before.
func HunterScore(before, after *wh.State, seat int) int {
	me := after.Player(seat)
	kills, nearest := 0, 0
	found := false
	for k := range after.NumPlayers() {
		if k == seat {
			continue
		}
		p := after.Player(k)
		if before.Alive(k) && !p.Alive {
			kills++
		}
		if p.Alive {
			if d := max(abs(p.Row-me.Row), abs(p.Col-me.Col)); !found || d < nearest {
				nearest, found = d, true
			}
		}
	}
	return 1000*kills - 10*nearest + after.HP(me.Row, me.Col)
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
