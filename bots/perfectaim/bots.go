// Package perfectaim holds the house bots of Perfect Aim: upstream's sample players of
// docs/rules/perfectaim.md §13, with their scan orders, tie-breaks and quirks, so that the same
// seed, permutation and bots give the same game as upstream. Importers alias it (the engine
// has the same name).
package perfectaim

import (
	"math/rand/v2"

	"github.com/arena-classroom/arena/bots"
	"github.com/arena-classroom/arena/games"
	pa "github.com/arena-classroom/arena/games/perfectaim"
	"github.com/arena-classroom/arena/lang"
)

// All lists the house bots, weakest first (as measured in 4-way games).
var All = []bots.Info{
	{Name: "random", Aliases: []string{"randomplayer", "random_player"},
		About: lang.N("a random valid action each time"),
		New:   func(seed uint64) bots.Bot { return &Random{rng: newRNG(seed)} }},
	{Name: "indianajones", Aliases: []string{"indiana_jones"},
		About: lang.N("collects the nearest bonus by safe paths, never attacks"),
		New:   func(uint64) bots.Bot { return IndianaJones{} }},
	{Name: "gangsterino",
		About: lang.N("scores paths for items and danger, shoots at neighbours and at random"),
		New:   func(seed uint64) bots.Bot { return NewGangsterino(seed) }},
	{Name: "zidane",
		About: lang.N("attacks anyone in line, else chases the nearest player"),
		New:   func(uint64) bots.Bot { return Zidane{} }},
	{Name: "anouslefouz", Aliases: []string{"anousleflouz", "a_nous_le_flouz"},
		About: lang.N("collector that shoots players in line and backs off from fireballs"),
		New:   func(uint64) bots.Bot { return ANousLeFlouz{} }},
	{Name: "bobmorane", Aliases: []string{"bob_morane"},
		About: lang.N("shoots players in line, dodges fireballs sideways, else collects"),
		New:   func(uint64) bots.Bot { return BobMorane{} }},
}

// Strongest is the bot used when none is named. Over 1,800 4-way games between every
// four of the six (120 per line-up, all permutations) BobMorane won 50% of its games,
// aNousLeFlouz 46%, Zidane 20%, Gangsterino 16%, IndianaJones and Random 6%; head to head
// BobMorane beat aNousLeFlouz 55-44 in 120 games. Upstream's 4-way runs agree.
const Strongest = "bobmorane"

const botStream = 0x9e7fa11

func newRNG(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, botStream)) }

// self finds the engine state and the colour of seat.
func self(st games.State, seat int) (*pa.State, pa.PlayerInfo, bool) {
	s, ok := st.(*pa.State)
	if !ok {
		return nil, pa.PlayerInfo{}, false
	}
	c := s.SeatColor(seat)
	if c == pa.NoColor {
		return nil, pa.PlayerInfo{}, false
	}
	return s, s.Player(c), true
}

// moves is upstream's scan order for moves: UP, DOWN, LEFT, RIGHT.
var moves = [4]pa.Action{pa.MoveUp, pa.MoveDown, pa.MoveLeft, pa.MoveRight}

// grid is a board-sized scratch matrix, on the stack.
type grid [pa.Size][pa.Size]bool

type node struct {
	x, y  int8
	first pa.Action
}

// collect is IndianaJones' search (§13): breadth-first from the valid first steps (UP,
// DOWN, LEFT, RIGHT, first in first out), through safe cells (FLOOR background, tile not
// dangerous), to the nearest FLOOR cell showing a bonus; standing on damaged floor, the
// target becomes any safe cell and any floor is passable. It returns the first step, or
// WAIT. check runs before each pop (aNousLeFlouz); validTarget re-checks the first step.
func collect(s *pa.State, me pa.PlayerInfo, check func() (pa.Action, bool), validTarget bool) pa.Action {
	safe := func(x, y int) bool { return s.Background(x, y) == pa.Floor && !s.TileAt(x, y).IsDangerous() }
	accept := func(x, y int) bool { return s.Background(x, y) == pa.Floor && s.TileAt(x, y).IsBonus() }
	if s.Background(me.X, me.Y) == pa.DamagedFloor {
		accept = safe
		safe = func(x, y int) bool { return s.Background(x, y).IsFloor() }
	}
	var explored grid
	explored[me.Y][me.X] = true
	var queue [pa.Size * pa.Size]node
	head, tail := 0, 0
	for _, d := range moves {
		x, y := d.Apply(me.X, me.Y)
		if s.Valid(me.Color, d) {
			queue[tail] = node{int8(x), int8(y), d}
			tail++
			explored[y][x] = true
		}
	}
	for head < tail {
		n := queue[head]
		head++
		if check != nil {
			if a, ok := check(); ok && s.Valid(me.Color, a) {
				return a
			}
		}
		x, y := int(n.x), int(n.y)
		if accept(x, y) && (!validTarget || s.Valid(me.Color, n.first)) {
			return n.first
		}
		for _, d := range moves {
			nx, ny := d.Apply(x, y)
			if safe(nx, ny) && !explored[ny][nx] {
				queue[tail] = node{int8(nx), int8(ny), n.first}
				tail++
				explored[ny][nx] = true
			}
		}
	}
	return pa.Wait
}

// IndianaJones collects bonuses and never attacks (upstream indianajones.py).
type IndianaJones struct{}

func (IndianaJones) Choose(st games.State, seat int) games.Action {
	s, me, ok := self(st, seat)
	if !ok {
		return pa.Wait
	}
	return collect(s, me, nil, false)
}

// Zidane attacks the first player in line (UP, DOWN, LEFT, RIGHT, each up to a wall), or
// walks toward it when it cannot attack; with nobody in line it chases the nearest player.
// An invalid result becomes WAIT (upstream zidane.py).
type Zidane struct{}

func (Zidane) Choose(st games.State, seat int) games.Action {
	s, me, ok := self(st, seat)
	if !ok {
		return pa.Wait
	}
	a := zidaneAttack(s, me)
	if a == pa.Wait {
		a = zidaneChase(s, me)
	}
	if s.Valid(me.Color, a) {
		return a
	}
	return pa.Wait
}

func zidaneAttack(s *pa.State, me pa.PlayerInfo) pa.Action {
	for _, d := range moves {
		x, y := d.Apply(me.X, me.Y)
		for s.Background(x, y) != pa.Wall {
			if s.PlayerAt(x, y) != pa.NoColor {
				if s.CanAttack(me.Color) {
					return d.Attack()
				}
				return d
			}
			x, y = d.Apply(x, y)
		}
	}
	return pa.Wait
}

// zidaneChase keeps upstream's quirk: a popped cell's neighbours are enqueued when the
// popped cell itself is floor, so walls and lava become dead-end leaves.
func zidaneChase(s *pa.State, me pa.PlayerInfo) pa.Action {
	var explored grid
	explored[me.Y][me.X] = true
	var queue [pa.Size * pa.Size]node
	head, tail := 0, 0
	for _, d := range moves {
		x, y := d.Apply(me.X, me.Y)
		if s.Valid(me.Color, d) {
			queue[tail] = node{int8(x), int8(y), d}
			tail++
			explored[y][x] = true
		}
	}
	for head < tail {
		n := queue[head]
		head++
		x, y := int(n.x), int(n.y)
		if s.PlayerAt(x, y) != pa.NoColor {
			return n.first
		}
		if !s.Background(x, y).IsFloor() {
			continue
		}
		for _, d := range moves {
			nx, ny := d.Apply(x, y)
			if nx >= 0 && ny >= 0 && nx < s.Size() && ny < s.Size() && !explored[ny][nx] {
				queue[tail] = node{int8(nx), int8(ny), n.first}
				tail++
				explored[ny][nx] = true
			}
		}
	}
	return pa.Wait
}

// BobMorane scans UP, DOWN, LEFT, RIGHT up to a wall: a player in line with a valid attack
// means it attacks; any fireball in line (its own included, whatever its direction) makes it
// flee sideways; otherwise it collects like IndianaJones (upstream bobmorane.py). Upstream
// reads a cell's entities in set order; here players come before fireballs.
type BobMorane struct{}

// bobFlee is the flight order per scanned direction.
var bobFlee = map[pa.Action][3]pa.Action{
	pa.MoveUp:    {pa.MoveRight, pa.MoveLeft, pa.MoveDown},
	pa.MoveDown:  {pa.MoveRight, pa.MoveLeft, pa.MoveUp},
	pa.MoveLeft:  {pa.MoveUp, pa.MoveDown, pa.MoveRight},
	pa.MoveRight: {pa.MoveUp, pa.MoveDown, pa.MoveLeft},
}

func (BobMorane) Choose(st games.State, seat int) games.Action {
	s, me, ok := self(st, seat)
	if !ok {
		return pa.Wait
	}
	for _, d := range moves {
		x, y := d.Apply(me.X, me.Y)
		for s.Background(x, y) != pa.Wall {
			if s.PlayerAt(x, y) != pa.NoColor && s.Valid(me.Color, d.Attack()) {
				return d.Attack()
			}
			if s.FireballsAt(x, y) > 0 {
				for _, f := range bobFlee[d] {
					if s.Valid(me.Color, f) {
						return f
					}
				}
			}
			x, y = d.Apply(x, y)
		}
	}
	return collect(s, me, nil, false)
}

// ANousLeFlouz is IndianaJones' search with a look-out before each step of it (upstream
// anousleflouz.py): along UP, RIGHT, LEFT, DOWN, a player in line means attack it, a
// fireball in line means attack it with a shield or step back from it without one; both
// only when it can attack. With no valid first step it never looks out.
type ANousLeFlouz struct{}

var lookout = [4]pa.Action{pa.MoveUp, pa.MoveRight, pa.MoveLeft, pa.MoveDown}

func (ANousLeFlouz) Choose(st games.State, seat int) games.Action {
	s, me, ok := self(st, seat)
	if !ok {
		return pa.Wait
	}
	// The look-out reads a state the search does not change: work it out once.
	var seen pa.Action
	var found, done bool
	check := func() (pa.Action, bool) {
		if !done {
			seen, found, done = flouzLookout(s, me)
		}
		return seen, found
	}
	return collect(s, me, check, true)
}

func flouzLookout(s *pa.State, me pa.PlayerInfo) (pa.Action, bool, bool) {
	can := s.CanAttack(me.Color)
	for _, d := range lookout {
		x, y := d.Apply(me.X, me.Y)
		for s.Background(x, y) != pa.Wall {
			t := s.TileAt(x, y)
			if t.IsPlayer() && can {
				return d.Attack(), true, true
			}
			if t == pa.Fireball && can {
				if me.Shield {
					return d.Attack(), true, true
				}
				return d.Swap(), true, true
			}
			x, y = d.Apply(x, y)
		}
	}
	return pa.Wait, false, true
}

// Random plays a uniformly random valid action (upstream RandomPlayer draws among the nine
// until one is valid; WAIT always is). Its RNG is seeded.
type Random struct{ rng *rand.Rand }

func (r *Random) Choose(st games.State, seat int) games.Action {
	s, me, ok := self(st, seat)
	if !ok {
		return pa.Wait
	}
	for {
		a := pa.Actions[r.rng.IntN(len(pa.Actions))]
		if s.Valid(me.Color, a) {
			return a
		}
	}
}
