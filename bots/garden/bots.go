// Package garden holds Garden Tensions' house bots (rules/garden.md §4c): random, heuristic
// (the seed's HeuristicAI, three actions a turn) and minimax (an expectiminimax over its own
// next actions and the opponent's best attack, within a budget of nodes). All three use the
// special cells and their clan's abilities. Cells are scanned in row-major order; the random
// choices come from each bot's own seeded generator.
package garden

import (
	"math/rand/v2"

	"github.com/arena-classroom/arena/bots"
	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/games/chance"
	gt "github.com/arena-classroom/arena/games/garden"
	"github.com/arena-classroom/arena/lang"
)

// Strongest fills empty seats: see TestStrengthOrder and docs/garden.md for the table.
const Strongest = "minimax"

// All lists the house bots, weakest first. About is a sentence of the catalog: who shows it
// says it in the reader's language (lang.Lang.Say).
var All = []bots.Info{
	{Name: "random", About: lang.N("ends its conquest one time in five, else plays any legal action"),
		New: func(seed uint64) bots.Bot { return &Random{rng: chance.NewRand("bots/garden/random", seed)} }},
	{Name: "heuristic", About: lang.N("three actions a turn: powers, then its strongest front cell on the weakest enemy"),
		New: func(seed uint64) bots.Bot { return &Heuristic{rng: chance.NewRand("bots/garden/heuristic", seed)} }},
	{Name: "minimax", About: lang.N("weighs its next actions, every die and the opponent's best reply"),
		New: func(uint64) bots.Bot { return NewMinimax(DefaultBudget) }},
}

// state is the engine's concrete state, or nil for another game's.
func state(st games.State) *gt.State { s, _ := st.(*gt.State); return s }

// Random (§4c): a uniform clan; in conquest "end" with probability 0.2, else a uniform legal
// action (moves, Sky, powers and abilities alike); each creature on a uniform own cell.
type Random struct{ rng *rand.Rand }

func (b *Random) Choose(st games.State, seat int) games.Action {
	s := state(st)
	if s == nil {
		return st.DefaultAction(seat)
	}
	switch s.Phase() {
	case gt.ChoosingClans:
		legal := s.Legal(seat)
		return legal[b.rng.IntN(len(legal))]
	case gt.Reinforcement:
		if cells := s.PlaceTargets(seat); len(cells) > 0 {
			return gt.PlaceAction(cells[b.rng.IntN(len(cells))])
		}
		return gt.EndAction
	}
	acts := s.ConquestActions(seat)
	if len(acts) == 0 || b.rng.Float64() < 0.2 {
		return gt.EndAction
	}
	return acts[b.rng.IntN(len(acts))]
}

// clanPreference is the order in which heuristic and minimax pick their clan. No clan
// measurably beats another (docs/garden.md), so the order is reasoned: the Lumberjacks' zone
// attack takes a cell outright, the Miners' pins an attacker, the Cooks' poison works slowly
// and the Blacksmiths' forge only tilts the dice.
var clanPreference = []gt.Clan{gt.Lumberjacks, gt.Miners, gt.Cooks, gt.Blacksmiths}

// preferredClan is the first clan of clanPreference the opponent has not taken.
func preferredClan(s *gt.State, seat int) gt.Action {
	for _, c := range clanPreference {
		if c != s.Player(1-seat).Clan {
			return gt.ClanAction(c)
		}
	}
	return gt.ClanAction(gt.NoClan)
}
