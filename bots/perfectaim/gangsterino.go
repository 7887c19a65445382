package perfectaim

import (
	"math"
	"math/rand/v2"

	"github.com/arena-classroom/arena/games"
	pa "github.com/arena-classroom/arena/games/perfectaim"
)

// Gangsterino is upstream's gangsterino.py with its RNG seeded (upstream uses Python's
// global random, so it was never reproducible). When it can attack it shoots an adjacent
// player, else one time in ten a random direction not facing a wall, else the nearest
// player seen looking down or right (its up and left scans start from the top or left wall
// and so never see anyone: an upstream bug kept here). Otherwise a breadth-first search to
// depth 10 scores paths by items, novelty and fireball danger, and it takes the best path's
// first step. Quirks kept: each explored neighbour's path also carries the directions of the
// neighbours enqueued before it, and the danger term is the same for every cell.
type Gangsterino struct {
	rng    *rand.Rand
	visits [pa.Size][pa.Size]int
}

// NewGangsterino makes one, its RNG seeded with seed.
func NewGangsterino(seed uint64) *Gangsterino {
	g := &Gangsterino{rng: newRNG(seed)}
	for y := range g.visits {
		for x := range g.visits[y] {
			g.visits[y][x] = 1
		}
	}
	return g
}

const (
	gangDepth = 10
	gangDecay = 0.9
)

var gangItemScore = map[pa.Tile]float64{
	pa.Coin: 5, pa.SuperFireball: 10, pa.Shield: 30, pa.SpeedBoost: 20, pa.SpeedPenalty: -1,
}

type gangNode struct {
	x, y   int
	first  pa.Action // the path's first step; Wait for the root
	length int       // the path's length as upstream's list counts it
	score  float64
}

func (g *Gangsterino) Choose(st games.State, seat int) games.Action {
	s, me, ok := self(st, seat)
	if !ok {
		return pa.Wait
	}
	if a, ok := g.shoot(s, me); ok {
		return a
	}
	return g.walk(s, me)
}

func (g *Gangsterino) shoot(s *pa.State, me pa.PlayerInfo) (pa.Action, bool) {
	if !s.CanAttack(me.Color) {
		return pa.Wait, false
	}
	for _, d := range moves {
		if x, y := d.Apply(me.X, me.Y); s.PlayerAt(x, y) != pa.NoColor {
			return d.Attack(), true
		}
	}
	if g.rng.IntN(10) == 0 {
		var open []pa.Action
		for _, d := range moves {
			if x, y := d.Apply(me.X, me.Y); s.TileAt(x, y) != pa.Wall {
				open = append(open, d)
			}
		}
		if len(open) > 0 {
			return open[g.rng.IntN(len(open))].Attack(), true
		}
	}
	best, bestDist := pa.Wait, 0
	consider := func(a pa.Action, dist int) {
		if best == pa.Wait || dist < bestDist {
			best, bestDist = a, dist
		}
	}
	n := s.Size()
	x := me.X
	for y := me.Y + 1; y < n; y++ {
		t := s.TileAt(x, y)
		if t == pa.Wall {
			break
		}
		if t.IsPlayer() {
			consider(pa.AttackDown, y-me.Y)
			break
		}
	}
	for y := 0; y < me.Y-1; y++ { // upstream's bug: starts at the top wall
		t := s.TileAt(x, y)
		if t == pa.Wall {
			break
		}
		if t.IsPlayer() {
			consider(pa.AttackUp, me.Y-y)
			break
		}
	}
	y := me.Y
	for x := me.X + 1; x < n; x++ {
		t := s.TileAt(x, y)
		if t == pa.Wall {
			break
		}
		if t.IsPlayer() {
			consider(pa.AttackRight, x-me.X)
			break
		}
	}
	for x := 0; x < me.X-1; x++ { // same bug, from the left wall
		t := s.TileAt(x, y)
		if t == pa.Wall {
			break
		}
		if t.IsPlayer() {
			consider(pa.AttackLeft, me.X-x)
			break
		}
	}
	return best, best != pa.Wait
}

func (g *Gangsterino) walk(s *pa.State, me pa.PlayerInfo) pa.Action {
	walkable := func(x, y int) bool { return s.Background(x, y) == pa.Floor }
	var visited grid
	visited[me.Y][me.X] = true
	g.visits[me.Y][me.X]++
	queue := []gangNode{{x: me.X, y: me.Y, first: pa.Wait}}
	for _, d := range moves {
		if x, y := d.Apply(me.X, me.Y); !visited[y][x] && walkable(x, y) {
			queue = append(queue, gangNode{x: x, y: y, first: d, length: 1})
		}
	}
	danger := g.danger(s, me)
	// Upstream tests the tile under itself, which shows its own player, never damaged floor.
	standing := 0.0
	if s.TileAt(me.X, me.Y) == pa.DamagedFloor {
		standing = 30
	}
	bestScore, best := -6e3, gangNode{}
	found := false
	finish := func(n gangNode) {
		if n.score > bestScore {
			bestScore, best, found = n.score, n, true
		}
	}
	for len(queue) > 0 {
		n := queue[0]
		queue = queue[1:]
		if t := s.TileAt(n.x, n.y); t.IsCollectible() {
			n.score += gangItemScore[t] * math.Pow(gangDecay, float64(n.length))
		}
		n.score += danger + float64(max(15-g.visits[n.y][n.x], 1))
		n.score -= standing
		if n.length == gangDepth {
			finish(n)
			continue
		}
		stuck := true
		for _, d := range moves {
			if x, y := d.Apply(me.X, me.Y); walkable(x, y) && !visited[y][x] {
				stuck = false
			}
		}
		if stuck {
			finish(n)
		}
		first, length := n.first, n.length
		for _, d := range moves {
			x, y := d.Apply(n.x, n.y)
			if walkable(x, y) && !visited[y][x] {
				if length == 0 {
					first = d
				}
				length++ // upstream's chemin grows across siblings
				queue = append(queue, gangNode{x: x, y: y, first: first, length: length, score: n.score})
				visited[y][x] = true
			}
		}
	}
	if !found || best.length == 0 || !s.Valid(me.Color, best.first) {
		return pa.Wait
	}
	return best.first
}

// danger is upstream's on_meurt: -5000 (or -22.5 with a shield) when some fireball's
// "distance" d, as its buggy dist_boule_feu computes it, has |d-1| < 1.
func (g *Gangsterino) danger(s *pa.State, me pa.PlayerInfo) float64 {
	for _, f := range s.Fireballs() {
		if d := gangDistance(me, f); d > 0 && d < 2 {
			if me.Shield {
				return -gangItemScore[pa.Shield] * 0.75
			}
			return -5e3
		}
	}
	return 0
}

func gangDistance(me pa.PlayerInfo, f pa.FireballInfo) float64 {
	const far = 50
	if me.X != f.X { // upstream compares x for every direction
		return far
	}
	switch f.Dir {
	case pa.MoveDown:
		if f.Y > me.Y {
			return far
		}
		return float64(me.Y-f.Y) / 4
	case pa.MoveUp:
		if f.Y < me.Y {
			return far
		}
		return float64(f.Y-me.Y) / 4
	case pa.MoveRight:
		if f.X > me.X {
			return far
		}
		return math.Floor(float64(me.X-f.X) / 4)
	default: // MoveLeft compares y, then floor-divides
		if f.Y < me.Y {
			return far
		}
		return math.Floor(float64(f.Y-me.Y) / 4)
	}
}
