// Package rating implements the Weng–Lin Plackett–Luce rating model
// (Weng & Lin 2011, "A Bayesian Approximation Method for Online Ranking",
// Algorithm 4), with the defaults of the openskill reference package so that
// our numbers match its numbers. See docs/ratings.md.
package rating

import "math"

// Rating is a player's skill belief: a normal distribution with mean Mu and
// standard deviation Sigma.
type Rating struct {
	Mu, Sigma float64
}

// Ordinal is the display rating μ−3σ: a conservative skill that the player's
// true skill exceeds with about 99.7% confidence, so newcomers (large σ)
// start low and climb as the model learns them.
func (r Rating) Ordinal() float64 { return r.Mu - 3*r.Sigma }

// ProvisionalGames is how many rated games a player needs before their
// rating is shown as settled.
const ProvisionalGames = 10

// Provisional reports whether a player with the given number of rated games
// is still provisional (fewer than ProvisionalGames).
func Provisional(games int) bool { return games < ProvisionalGames }

// Model holds the model's parameters. The zero value is not useful; start
// from DefaultModel.
type Model struct {
	Mu    float64 // prior mean of a new player
	Sigma float64 // prior standard deviation of a new player
	Beta  float64 // performance noise: how far one game strays from skill
	Kappa float64 // floor on the factor that shrinks σ², so σ stays positive
	// Tau is added in quadrature to every σ before each game, so that σ
	// never collapses and ratings can still move after many games. The
	// reference applies it on every rate call by default; 0 turns it off.
	Tau float64
	// LimitSigma, when set, keeps a player's σ from rising above its
	// pre-game value (Tau can otherwise raise it). Off by default.
	LimitSigma bool
}

// DefaultModel returns the reference defaults: μ=25, σ=25/3, β=25/6,
// κ=0.0001, τ=25/300, limit_sigma off. (The reference's "balance" option,
// also off by default, is not implemented.)
func DefaultModel() Model {
	return Model{
		Mu:    25,
		Sigma: 25.0 / 3.0,
		Beta:  25.0 / 6.0,
		Kappa: 0.0001,
		Tau:   25.0 / 300.0,
	}
}

// NewRating returns the prior rating of a player who has never played.
func (m Model) NewRating() Rating { return Rating{Mu: m.Mu, Sigma: m.Sigma} }

// Rate rates one game with DefaultModel. See Model.Rate.
func Rate(teams [][]Rating, ranks []int) ([][]Rating, error) {
	return DefaultModel().Rate(teams, ranks)
}

func finite(x float64) bool { return !math.IsNaN(x) && !math.IsInf(x, 0) }
