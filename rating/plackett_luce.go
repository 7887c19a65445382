package rating

import (
	"cmp"
	"errors"
	"math"
	"slices"
)

// Errors returned by Rate for inputs the model cannot rate: a caller's bug (the archive
// rates whole games), for the developer; kept in English.
var (
	ErrTooFewTeams = errors.New("rating: a game needs at least 2 teams")              // lang:keep a caller's bug
	ErrEmptyTeam   = errors.New("rating: every team needs at least 1 player")         // lang:keep a caller's bug
	ErrRanks       = errors.New("rating: ranks must be nil or one per team")          // lang:keep a caller's bug
	ErrBadRating   = errors.New("rating: mu must be finite and sigma finite and > 0") // lang:keep a caller's bug
)

// team is the per-team working state of one Rate call.
type team struct {
	idx  int     // position in the caller's teams slice
	rank int     // lower is better; equal ranks tie
	mu   float64 // team strength: sum of player μ
	sq   float64 // team variance: sum of player σ² (after τ)
	e    float64 // exp((mu−shift)/c): the team's Plackett–Luce weight
	sumQ float64 // sum of e over teams placed at or below this team's rank
	ties int     // A_q: how many teams share this rank
}

// stackTeams is the team count handled without heap scratch; it covers the
// arena's 2..8 player free-for-all.
const stackTeams = 8

// Rate updates the ratings of the players in one game. teams[i] is a team
// (one player for free-for-all); ranks[i] is its placing, lower is better,
// equal values are ties, and only their order matters. nil ranks means teams
// are listed best first with no ties. The inputs are not modified; the
// result has the same shape as teams.
func (m Model) Rate(teams [][]Rating, ranks []int) ([][]Rating, error) {
	n := len(teams)
	if n < 2 {
		return nil, ErrTooFewTeams
	}
	if ranks != nil && len(ranks) != n {
		return nil, ErrRanks
	}
	players := 0
	for _, t := range teams {
		if len(t) == 0 {
			return nil, ErrEmptyTeam
		}
		for _, p := range t {
			if !finite(p.Mu) || !finite(p.Sigma) || p.Sigma <= 0 {
				return nil, ErrBadRating
			}
		}
		players += len(t)
	}

	var buf [stackTeams]team
	ts := buf[:0]
	if n > stackTeams {
		ts = make([]team, 0, n)
	}
	tau2 := m.Tau * m.Tau
	for i, t := range teams {
		r := i
		if ranks != nil {
			r = ranks[i]
		}
		s := team{idx: i, rank: r}
		for _, p := range t {
			// τ widens each σ before the game: σ ← √(σ²+τ²).
			sig := math.Sqrt(p.Sigma*p.Sigma + tau2)
			s.mu += p.Mu
			s.sq += sig * sig
		}
		ts = append(ts, s)
	}
	// Best rank first; stable so tied teams keep the caller's order, as the
	// reference does.
	slices.SortStableFunc(ts, func(a, b team) int { return cmp.Compare(a.rank, b.rank) })

	// c² = Σ (σ_i² + β²): the game's total uncertainty, the scale on which
	// strengths are compared.
	beta2 := m.Beta * m.Beta
	var c2 float64
	shift := ts[0].mu
	for i := range ts {
		c2 += ts[i].sq + beta2
		shift = max(shift, ts[i].mu)
	}
	c := math.Sqrt(c2)

	// Plackett–Luce weight of each team, e^{μ_i/c}. Dividing every weight
	// by e^{shift/c} leaves all the ratios below unchanged but keeps exp
	// from overflowing (or underflowing to 0/0) for extreme μ.
	for i := range ts {
		ts[i].e = math.Exp((ts[i].mu - shift) / c)
	}
	// sumQ_q = Σ_{s: r(s) ≥ r(q)} e_s: the weight of the teams still "in the
	// draw" when the place of q is decided. A_q = |{s: r(s) = r(q)}|.
	for q := range ts {
		for i := range ts {
			if ts[i].rank >= ts[q].rank {
				ts[q].sumQ += ts[i].e
			}
			if ts[i].rank == ts[q].rank {
				ts[q].ties++
			}
		}
	}

	out := make([][]Rating, n)
	flat := make([]Rating, 0, players)
	for i := range ts {
		ti := &ts[i]
		// For each place q at or above team i's own, p is i's chance of
		// taking that place among those left. Ω is the gradient of the log
		// likelihood (observed minus expected wins), Δ its curvature; ties
		// share each place among the A_q tied teams.
		var omega, delta float64
		for q := range ts {
			tq := &ts[q]
			if tq.rank > ti.rank {
				continue
			}
			p := ti.e / tq.sumQ
			delta += p * (1 - p) / float64(tq.ties)
			if q == i {
				omega += (1 - p) / float64(tq.ties)
			} else {
				omega -= p / float64(tq.ties)
			}
		}
		omega *= ti.sq / c
		delta *= ti.sq / (c * c)
		// γ_i = σ_i/c (the reference's default) damps the variance update
		// for teams that are already well known relative to the game.
		delta *= math.Sqrt(ti.sq) / c

		src := teams[ti.idx]
		start := len(flat)
		for _, p := range src {
			sig := math.Sqrt(p.Sigma*p.Sigma + tau2)
			// Each player takes the team's update in proportion to its
			// share of the team's variance.
			share := sig * sig / ti.sq
			mu := p.Mu + share*omega
			// σ² shrinks by the factor 1−share·Δ, floored at κ.
			sigma := sig * math.Sqrt(max(1-share*delta, m.Kappa))
			if m.LimitSigma {
				sigma = min(sigma, p.Sigma)
			}
			flat = append(flat, Rating{Mu: mu, Sigma: sigma})
		}
		out[ti.idx] = flat[start:len(flat):len(flat)]
	}
	return out, nil
}
