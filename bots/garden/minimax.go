package garden

import (
	"time"

	"github.com/arena-classroom/arena/games"
	gt "github.com/arena-classroom/arena/games/garden"
)

// DefaultBudget is the minimax's nodes a decision: it answers within 500 ms on one core
// (BenchmarkMinimaxDecision measures it; docs/garden.md has the figures).
const DefaultBudget = 600_000

// Minimax is the seed's expectiminimax (§4c), searched deeper while its budget allows:
//   - MAX over its legal conquest actions, Sky, powers and abilities included, or stopping
//     (the "end" of its conquest);
//   - a chance node for each combat, its two outcomes weighed by their exact chances;
//   - depth d looks d actions of its own ahead (iterative deepening: 1, 2, … up to the
//     actions left), then MIN: the opponent's single best attack on it (a move or, when it
//     can pay, Sky), again over both outcomes, or no attack;
//   - Eval at the leaves.
//
// The budget is counted in nodes (states the search makes), so that the same position gives
// the same move on any machine; a depth the budget cannot finish is dropped for the last one
// finished. In reinforcement each creature goes where the opponent's best reply hurts least.
type Minimax struct {
	Budget int // nodes a decision
	// SafetyStop, when not zero, also stops a search that has run this long by the wall
	// clock: live rooms set it (SetSafetyStop) so that an overloaded machine cannot make the
	// bot miss its turn. Headless matches leave it zero and stay deterministic.
	SafetyStop time.Duration

	nodes    int
	checks   int // calls of out, to read the clock now and then
	deadline time.Time
	stopped  bool
	last     Search
}

// Search reports the last conquest decision's search.
type Search struct {
	Depth int // the deepest search finished
	Nodes int // nodes made, the unfinished depth's included
}

// NewMinimax is a minimax bot of budget nodes a decision.
func NewMinimax(budget int) *Minimax { return &Minimax{Budget: budget} }

// SetSafetyStop sets the wall-clock stop (bots.SafetyStopper).
func (m *Minimax) SetSafetyStop(d time.Duration) { m.SafetyStop = d }

// Last is the last conquest decision's search.
func (m *Minimax) Last() Search { return m.last }

func (m *Minimax) Choose(st games.State, seat int) games.Action {
	s := state(st)
	if s == nil {
		return st.DefaultAction(seat)
	}
	m.nodes, m.checks, m.stopped = 0, 0, false
	if m.SafetyStop > 0 {
		m.deadline = time.Now().Add(m.SafetyStop)
	}
	switch s.Phase() {
	case gt.ChoosingClans:
		return preferredClan(s, seat)
	case gt.Reinforcement:
		return m.place(s, seat)
	}
	return m.conquer(s, seat)
}

// conquer deepens the search while the budget allows.
func (m *Minimax) conquer(s *gt.State, seat int) gt.Action {
	best := gt.EndAction
	m.last = Search{}
	for depth := 1; depth <= s.ActionsLeft(); depth++ {
		a, finished := m.root(s, seat, depth)
		if depth == 1 || finished { // a first depth cut short still beats no search
			best = a
		}
		if !finished {
			break
		}
		m.last.Depth = depth
	}
	m.last.Nodes = m.nodes
	return best
}

// root is the best action at depth, "end" when stopping is worth as much; finished is false
// when the budget ran out first (the best action among those searched comes back).
func (m *Minimax) root(s *gt.State, seat, depth int) (gt.Action, bool) {
	best, bestV := gt.EndAction, m.reply(s, seat)
	for _, a := range s.ConquestActions(seat) {
		v := m.expect(s, seat, a, depth)
		if m.out() {
			return best, false
		}
		if v > bestV {
			best, bestV = a, v
		}
	}
	return best, !m.out()
}

// expect is a's value over its outcomes, each followed by depth-1 more actions at most.
func (m *Minimax) expect(s *gt.State, seat int, a gt.Action, depth int) float64 {
	v := 0.0
	for _, c := range s.Chances(seat, a) {
		m.nodes++
		v += c.P * m.maxValue(c.After, seat, depth-1)
	}
	return v
}

// maxValue is the best seat can expect from s with up to depth actions of its own, then the
// opponent's reply.
func (m *Minimax) maxValue(s *gt.State, seat, depth int) float64 {
	best := m.reply(s, seat)
	if depth == 0 || m.out() {
		return best
	}
	for _, a := range s.ConquestActions(seat) {
		if v := m.expect(s, seat, a, depth); v > best {
			best = v
		}
		if m.out() {
			break
		}
	}
	return best
}

// reply is MIN: the opponent's single attack that leaves seat worst off on average, or no
// attack at all.
func (m *Minimax) reply(s *gt.State, seat int) float64 {
	m.nodes++
	worst := Eval(s, seat)
	if s.Over() {
		return worst
	}
	opp := 1 - seat
	sky := s.Owns(opp, gt.Sky) && s.Player(opp).Stock[gt.CostOf(gt.Sky).Resource] >= gt.CostOf(gt.Sky).Amount
	for from := range gt.Hex(gt.NumCells) {
		c := s.Cell(from)
		if int(c.Owner) != opp || c.Creatures < 2 || c.Immobile > 0 {
			continue
		}
		for to := range gt.Hex(gt.NumCells) {
			if int(s.Cell(to).Owner) != seat || !sky && !gt.Adjacent(from, to) {
				continue
			}
			if v := m.strike(s, seat, from, to); v < worst {
				worst = v
			}
		}
	}
	return worst
}

// strike is seat's expected value after the opponent's attack from from on to.
func (m *Minimax) strike(s *gt.State, seat int, from, to gt.Hex) float64 {
	p := s.CombatChance(from, to)
	v := 0.0
	for _, won := range []bool{true, false} {
		q := p
		if !won {
			q = 1 - p
		}
		if q == 0 {
			continue
		}
		m.nodes++
		after := s.Copy()
		after.ResolveCombat(from, to, won)
		v += q * Eval(after, seat)
	}
	return v
}

// place puts the creature where the opponent's best reply hurts least (the first such cell).
func (m *Minimax) place(s *gt.State, seat int) gt.Action {
	best, bestV := gt.EndAction, 0.0
	for _, h := range s.PlaceTargets(seat) {
		a := gt.PlaceAction(h)
		after := s.Chances(seat, a)[0].After
		if v := m.reply(after, seat); best == gt.EndAction || v > bestV {
			best, bestV = a, v
		}
	}
	return best
}

// out reports whether the budget, or the safety stop, is spent.
func (m *Minimax) out() bool {
	if m.stopped || m.nodes >= m.Budget {
		return true
	}
	if m.checks++; m.SafetyStop > 0 && m.checks%256 == 0 && time.Now().After(m.deadline) {
		m.stopped = true
	}
	return m.stopped
}
