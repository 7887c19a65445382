// Package warhammer holds War Hammer's house bots (docs/rules/warhammer.md §1c): random,
// cautious, survivor and hunter. Each looks at the 96 codes of a turn; ties go to the lowest
// code, and the random ones draw from their own seeded generator, so the same state and seed
// give the same code.
package warhammer

import (
	"math/rand/v2"

	"github.com/arena-classroom/arena/bots"
	"github.com/arena-classroom/arena/games"
	wh "github.com/arena-classroom/arena/games/warhammer"
)

// Strongest is the bot that fills empty seats: hunter won the round robin of docs/warhammer.md.
const Strongest = "hunter"

// All lists the house bots, weakest first.
var All = []bots.Info{
	{Name: "random", About: "any code 0..95 (the reference's ia(): it often kills itself)",
		New: func(seed uint64) bots.Bot { return &Random{rng: rand.New(rand.NewPCG(seed, 0x7a4d))} }},
	{Name: "cautious", About: "a grenade or a safe step, then a hammer on a standing cell, at random",
		New: func(seed uint64) bots.Bot { return &Cautious{rng: rand.New(rand.NewPCG(seed, 0xca07))} }},
	{Name: "survivor", About: "the turn that keeps it on the soundest ground",
		New: func(uint64) bots.Bot { return Survivor{} }},
	{Name: "hunter", About: "kills when it can, otherwise closes in on the nearest player",
		New: func(uint64) bots.Bot { return Hunter{} }},
}

// Random plays any code, uniformly.
type Random struct{ rng *rand.Rand }

func (b *Random) Choose(games.State, int) games.Action { return b.rng.IntN(wh.Codes) }

// Cautious picks its first choice among the four grenades and the steps onto a free standing
// cell, then its hammer among the standing cells around where it then stands (the reference's
// ia_test, with its bug fixed: it counted the hammer from where it stood before stepping).
type Cautious struct{ rng *rand.Rand }

func (b *Cautious) Choose(st games.State, seat int) games.Action {
	s := st.(*wh.State)
	p := s.Players()[seat]
	firsts := []int{0, 1, 2, 3}
	for k, d := range wh.Directions {
		r, c := p.Row+d[0], p.Col+d[1]
		if s.Inside(r, c) && !s.Occupied(r, c) && s.HP(r, c) > 0 {
			firsts = append(firsts, 4+k)
		}
	}
	first := firsts[b.rng.IntN(len(firsts))]
	next, alive := s.AfterFirst(first)
	var hammers []int
	if alive {
		q := next.Players()[seat]
		for k, d := range wh.Directions {
			if r, c := q.Row+d[0], q.Col+d[1]; next.Inside(r, c) && next.HP(r, c) > 0 {
				hammers = append(hammers, k)
			}
		}
	}
	if len(hammers) == 0 {
		return 8 * first
	}
	return 8*first + hammers[b.rng.IntN(len(hammers))]
}

// outcome is what a code does to a turn, simulated.
type outcome struct {
	next  *wh.State
	alive bool // the actor is alive at the end of its turn
}

func simulate(s *wh.State, seat, code int) outcome {
	next := s.Clone().(*wh.State)
	_, _ = next.Apply(seat, code)
	return outcome{next: next, alive: next.Alive(seat)}
}

// best returns the code of greatest score among those after which the actor lives (the
// lowest such code on ties), or 0 when every code kills it.
func best(s *wh.State, seat int, score func(o outcome) int) int {
	choice, top, found := 0, 0, false
	for code := range wh.Codes {
		o := simulate(s, seat, code)
		if !o.alive {
			continue
		}
		if v := score(o); !found || v > top {
			choice, top, found = code, v, true
		}
	}
	return choice
}

// Survivor keeps to sound ground: 10 × its cell's HP plus its free standing neighbours.
type Survivor struct{}

func (Survivor) Choose(st games.State, seat int) games.Action {
	s := st.(*wh.State)
	return best(s, seat, func(o outcome) int {
		p := o.next.Players()[seat]
		free := 0
		for _, d := range wh.Directions {
			if r, c := p.Row+d[0], p.Col+d[1]; o.next.Inside(r, c) && o.next.HP(r, c) > 0 && !o.next.Occupied(r, c) {
				free++
			}
		}
		return 10*o.next.HP(p.Row, p.Col) + free
	})
}

// Hunter kills first (1000 a death this turn), then closes in (−10 × the Chebyshev distance
// to the nearest living opponent), then keeps its cell sound (+ its HP).
type Hunter struct{}

func (Hunter) Choose(st games.State, seat int) games.Action {
	s := st.(*wh.State)
	before := s.Players()
	return best(s, seat, func(o outcome) int {
		after := o.next.Players()
		me := after[seat]
		kills, nearest := 0, -1
		for k, p := range after {
			if k == seat {
				continue
			}
			if before[k].Alive && !p.Alive {
				kills++
			}
			if p.Alive {
				if d := max(abs(p.Row-me.Row), abs(p.Col-me.Col)); nearest < 0 || d < nearest {
					nearest = d
				}
			}
		}
		return 1000*kills - 10*max(nearest, 0) + o.next.HP(me.Row, me.Col)
	})
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
