package garden

import (
	"math/rand/v2"
	"slices"

	"github.com/arena-classroom/arena/games"
	gt "github.com/arena-classroom/arena/games/garden"
)

// HeuristicActions is how many conquest actions the heuristic plays a turn (the seed's
// HeuristicAI makes 3 moves).
const HeuristicActions = 3

// Heuristic is the seed's HeuristicAI (§4c) with the powers added, at most three actions a
// turn, each the first that applies of:
//  1. its clan ability, when it has the points (see ability);
//  2. BBQ or Pool on the enemy neighbour with the most creatures;
//  3. an attack from its own cell of 2 or more touching the enemy with the most creatures
//     on that cell's weakest enemy neighbour, when it wins at least half the time (the guard);
//     else, through Sky, the likeliest win anywhere, at least even;
//  4. when no cell of its own touches the enemy, a random move into an empty neighbour;
//
// then "end". It places each creature on its weakest front cell (below 5), else its weakest
// cell.
type Heuristic struct{ rng *rand.Rand }

func (b *Heuristic) Choose(st games.State, seat int) games.Action {
	s := state(st)
	if s == nil {
		return st.DefaultAction(seat)
	}
	switch s.Phase() {
	case gt.ChoosingClans:
		return preferredClan(s, seat)
	case gt.Reinforcement:
		if h, ok := weakestFront(s, seat); ok {
			return gt.PlaceAction(h)
		}
		return gt.EndAction
	}
	legal := s.ConquestActions(seat)
	if gt.ActionsPerTurn-s.ActionsLeft() >= HeuristicActions || len(legal) == 0 {
		return gt.EndAction
	}
	for _, pick := range []func(*gt.State, int) (gt.Action, bool){ability, firePower, attack} {
		if a, ok := pick(s, seat); ok && slices.Contains(legal, a) {
			return a
		}
	}
	if front(s, seat) == nil {
		var moves []gt.Action
		for _, a := range legal {
			if a.Verb == gt.Move && s.Cell(a.To).Empty() {
				moves = append(moves, a)
			}
		}
		if len(moves) > 0 {
			return moves[b.rng.IntN(len(moves))]
		}
	}
	return gt.EndAction
}

// front lists seat's cells of 2 or more, free to move, that touch an enemy cell.
func front(s *gt.State, seat int) []gt.Hex {
	var out []gt.Hex
	for h := range gt.Hex(gt.NumCells) {
		c := s.Cell(h)
		if int(c.Owner) == seat && c.Creatures >= 2 && c.Immobile == 0 && len(enemyNeighbours(s, seat, h)) > 0 {
			out = append(out, h)
		}
	}
	return out
}

// enemyNeighbours lists h's neighbours held by the opponent of seat.
func enemyNeighbours(s *gt.State, seat int, h gt.Hex) []gt.Hex {
	var out []gt.Hex
	for _, n := range gt.Neighbours(h) {
		if int(s.Cell(n).Owner) == 1-seat {
			out = append(out, n)
		}
	}
	return out
}

// strongest is the cell of cells with the most creatures (the first on ties).
func strongest(s *gt.State, cells []gt.Hex) gt.Hex {
	best := cells[0]
	for _, h := range cells {
		if s.Cell(h).Creatures > s.Cell(best).Creatures {
			best = h
		}
	}
	return best
}

// weakest is the cell of cells with the fewest creatures (the first on ties).
func weakest(s *gt.State, cells []gt.Hex) gt.Hex {
	best := cells[0]
	for _, h := range cells {
		if s.Cell(h).Creatures < s.Cell(best).Creatures {
			best = h
		}
	}
	return best
}

// biggestThreat is the enemy cell next to seat's territory with the most creatures, leaving
// out those skip refuses.
func biggestThreat(s *gt.State, seat int, skip func(gt.Cell) bool) (gt.Hex, bool) {
	best, found := gt.NoHex, false
	for h := range gt.Hex(gt.NumCells) {
		c := s.Cell(h)
		if int(c.Owner) != 1-seat || skip(c) || !touches(s, seat, h) {
			continue
		}
		if !found || c.Creatures > s.Cell(best).Creatures {
			best, found = h, true
		}
	}
	return best, found
}

func touches(s *gt.State, seat int, h gt.Hex) bool {
	for _, n := range gt.Neighbours(h) {
		if int(s.Cell(n).Owner) == seat {
			return true
		}
	}
	return false
}

// ability is the clan's zone attack: Lumberjacks from their strongest front cell on its
// strongest enemy neighbour, Miners and Cooks on the biggest enemy threat (not pinned or
// poisoned already), Blacksmiths on their strongest front cell before it attacks.
func ability(s *gt.State, seat int) (gt.Action, bool) {
	if s.Player(seat).Points < gt.AbilityCost {
		return gt.Action{}, false
	}
	fr := front(s, seat)
	switch s.Player(seat).Clan {
	case gt.Lumberjacks:
		if len(fr) == 0 {
			return gt.Action{}, false
		}
		from := strongest(s, fr)
		return gt.ZoneFrom(from, strongest(s, enemyNeighbours(s, seat, from))), true
	case gt.Blacksmiths:
		if len(fr) == 0 || s.Cell(strongest(s, fr)).Forged > 0 {
			return gt.Action{}, false
		}
		return gt.TargetAction(gt.Zone, strongest(s, fr)), true
	case gt.Miners:
		h, ok := biggestThreat(s, seat, func(c gt.Cell) bool { return c.Immobile > 0 || c.Creatures < 2 })
		return gt.TargetAction(gt.Zone, h), ok
	case gt.Cooks:
		h, ok := biggestThreat(s, seat, func(c gt.Cell) bool { return c.Status != gt.Normal || c.Creatures < 2 })
		return gt.TargetAction(gt.Zone, h), ok
	}
	return gt.Action{}, false
}

// firePower is BBQ, else Pool, on the enemy neighbour with the most creatures.
func firePower(s *gt.State, seat int) (gt.Action, bool) {
	h, ok := biggestThreat(s, seat, func(c gt.Cell) bool { return c.Status == gt.Protected })
	if !ok {
		return gt.Action{}, false
	}
	for _, p := range []struct {
		verb gt.Verb
		kind gt.Kind
	}{{gt.BBQPower, gt.BBQ}, {gt.PoolPower, gt.Pool}} {
		cost := gt.CostOf(p.kind)
		if s.Owns(seat, p.kind) && s.Player(seat).Stock[cost.Resource] >= cost.Amount {
			return gt.TargetAction(p.verb, h), true
		}
	}
	return gt.Action{}, false
}

// attack is the seed's rule 1 with the guard, then Sky.
func attack(s *gt.State, seat int) (gt.Action, bool) {
	fr := front(s, seat)
	if len(fr) == 0 {
		return gt.Action{}, false
	}
	from := strongest(s, fr)
	to := weakest(s, enemyNeighbours(s, seat, from))
	if s.CombatChance(from, to) >= 0.5 {
		return gt.MoveAction(from, to), true
	}
	return skyAttack(s, seat)
}

// skyAttack is the likeliest win through Sky from the strongest cell, when at least even.
func skyAttack(s *gt.State, seat int) (gt.Action, bool) {
	var sources []gt.Hex
	for h := range gt.Hex(gt.NumCells) {
		if c := s.Cell(h); int(c.Owner) == seat && c.Creatures >= 2 && c.Immobile == 0 {
			sources = append(sources, h)
		}
	}
	if len(sources) == 0 || !s.Owns(seat, gt.Sky) {
		return gt.Action{}, false
	}
	from := strongest(s, sources)
	best, bestP := gt.NoHex, 0.0
	for t := range gt.Hex(gt.NumCells) {
		if int(s.Cell(t).Owner) == 1-seat {
			if p := s.CombatChance(from, t); p >= 0.5 && p > bestP {
				best, bestP = t, p
			}
		}
	}
	return gt.SkyAction(from, best), best != gt.NoHex
}

// weakestFront is where the heuristic places a creature: its weakest cell next to the enemy
// with room, else its weakest cell with room.
func weakestFront(s *gt.State, seat int) (gt.Hex, bool) {
	room := s.PlaceTargets(seat)
	if len(room) == 0 {
		return gt.NoHex, false
	}
	var fr []gt.Hex
	for _, h := range room {
		if len(enemyNeighbours(s, seat, h)) > 0 {
			fr = append(fr, h)
		}
	}
	if len(fr) > 0 {
		return weakest(s, fr), true
	}
	return weakest(s, room), true
}
