package rating

import (
	"math/rand/v2"
	"testing"
)

func ffa(rs ...Rating) [][]Rating {
	teams := make([][]Rating, len(rs))
	for i, r := range rs {
		teams[i] = []Rating{r}
	}
	return teams
}

func mustRate(t *testing.T, m Model, teams [][]Rating, ranks []int) [][]Rating {
	t.Helper()
	out, err := m.Rate(teams, ranks)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func randomRating(r *rand.Rand) Rating {
	return Rating{Mu: 5 + 40*r.Float64(), Sigma: 0.8 + 7.5*r.Float64()}
}

func TestOrdinalAndProvisional(t *testing.T) {
	if got := (Rating{Mu: 25, Sigma: 25.0 / 3}).Ordinal(); got != 0 {
		t.Errorf("new player's ordinal = %v, want 0", got)
	}
	if !Provisional(0) || !Provisional(9) || Provisional(10) || Provisional(50) {
		t.Error("provisional must hold for 0..9 rated games and end at 10")
	}
}

// In a two-player game the winner's μ rises and the loser's falls, whatever
// their priors.
func TestWinnerUpLoserDown(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for range 500 {
		a, b := randomRating(r), randomRating(r)
		out := mustRate(t, DefaultModel(), ffa(a, b), []int{1, 2})
		if out[0][0].Mu <= a.Mu || out[1][0].Mu >= b.Mu {
			t.Fatalf("winner %+v→%+v, loser %+v→%+v", a, out[0][0], b, out[1][0])
		}
	}
}

// Without τ a game only adds information, so no σ may grow.
func TestSigmaNeverIncreasesWithoutTau(t *testing.T) {
	m := DefaultModel()
	m.Tau = 0
	r := rand.New(rand.NewPCG(3, 4))
	for range 500 {
		n := 2 + r.IntN(7)
		rs := make([]Rating, n)
		ranks := make([]int, n)
		for i := range rs {
			rs[i] = randomRating(r)
			ranks[i] = r.IntN(n)
		}
		out := mustRate(t, m, ffa(rs...), ranks)
		for i := range rs {
			if out[i][0].Sigma > rs[i].Sigma {
				t.Fatalf("σ rose %v→%v (ranks %v)", rs[i].Sigma, out[i][0].Sigma, ranks)
			}
		}
	}
}

// LimitSigma caps σ at its pre-game value even with τ.
func TestLimitSigma(t *testing.T) {
	m := DefaultModel()
	m.LimitSigma = true
	a := Rating{Mu: 25, Sigma: 0.5} // small σ: τ would otherwise lift it
	out := mustRate(t, m, ffa(a, a), []int{1, 2})
	for _, team := range out {
		if team[0].Sigma > a.Sigma {
			t.Fatalf("σ %v exceeds prior %v", team[0].Sigma, a.Sigma)
		}
	}
}

// Players tied with equal priors end equal, in 2..8 player games and with
// other players around them.
func TestTiesOfEqualPriorsStayEqual(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for n := 2; n <= 8; n++ {
		same := randomRating(r)
		rs := make([]Rating, n)
		ranks := make([]int, n)
		for i := range rs {
			rs[i], ranks[i] = randomRating(r), i+10
		}
		rs[0], rs[n-1] = same, same
		ranks[0], ranks[n-1] = 5, 5
		out := mustRate(t, DefaultModel(), ffa(rs...), ranks)
		if out[0][0] != out[n-1][0] {
			t.Errorf("n=%d: tied equal priors diverged: %+v vs %+v", n, out[0][0], out[n-1][0])
		}
	}
	d := DefaultModel().NewRating()
	out := mustRate(t, DefaultModel(), ffa(d, d), []int{1, 1})
	if out[0][0] != out[1][0] || out[0][0].Mu != d.Mu {
		t.Errorf("draw of two new players: %+v %+v, want equal and μ unchanged", out[0][0], out[1][0])
	}
}

// Permuting the teams together with their ranks permutes the result; only
// the summation order changes, so agreement is to rounding.
func TestPermutationInvariance(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	for range 300 {
		n := 2 + r.IntN(7)
		teams := make([][]Rating, n)
		ranks := make([]int, n)
		for i := range teams {
			for range 1 + r.IntN(2) {
				teams[i] = append(teams[i], randomRating(r))
			}
			ranks[i] = r.IntN(n)
		}
		want := mustRate(t, DefaultModel(), teams, ranks)
		perm := r.Perm(n)
		pt, pr := make([][]Rating, n), make([]int, n)
		for i, j := range perm {
			pt[i], pr[i] = teams[j], ranks[j]
		}
		got := mustRate(t, DefaultModel(), pt, pr)
		for i, j := range perm {
			for k := range got[i] {
				g, w := got[i][k], want[j][k]
				if relErr(g.Mu, w.Mu) > 1e-13 || relErr(g.Sigma, w.Sigma) > 1e-13 {
					t.Fatalf("perm %v: team %d player %d got %+v want %+v", perm, j, k, g, w)
				}
			}
		}
	}
}

// nil ranks means the teams are listed best first.
func TestNilRanksIsListOrder(t *testing.T) {
	a, b, c := Rating{20, 6}, Rating{30, 3}, Rating{25, 8}
	x := mustRate(t, DefaultModel(), ffa(a, b, c), nil)
	y := mustRate(t, DefaultModel(), ffa(a, b, c), []int{0, 1, 2})
	for i := range x {
		if x[i][0] != y[i][0] {
			t.Fatalf("team %d: nil ranks %+v, explicit %+v", i, x[i][0], y[i][0])
		}
	}
}

func TestInputsUntouched(t *testing.T) {
	teams := [][]Rating{{{20, 6}, {22, 5}}, {{30, 3}}}
	ranks := []int{2, 1}
	out := mustRate(t, DefaultModel(), teams, ranks)
	if teams[0][0] != (Rating{20, 6}) || teams[0][1] != (Rating{22, 5}) || teams[1][0] != (Rating{30, 3}) || ranks[0] != 2 {
		t.Fatal("Rate modified its inputs")
	}
	// Result teams must not alias each other: appending to one leaves the next intact.
	next := out[1][0]
	_ = append(out[0], Rating{})
	if out[1][0] != next {
		t.Fatal("result teams share capacity")
	}
}

// Extreme strengths would overflow a naive e^{μ/c}; the shifted form stays finite.
func TestExtremeMuStaysFinite(t *testing.T) {
	out := mustRate(t, DefaultModel(), ffa(Rating{1e6, 1}, Rating{-1e6, 1}, Rating{0, 1}), []int{3, 1, 2})
	for _, team := range out {
		if !finite(team[0].Mu) || !finite(team[0].Sigma) || team[0].Sigma <= 0 {
			t.Fatalf("non-finite result %+v", out)
		}
	}
}

func TestRejectsBadInput(t *testing.T) {
	d := DefaultModel().NewRating()
	cases := []struct {
		name  string
		teams [][]Rating
		ranks []int
		want  error
	}{
		{"one team", ffa(d), nil, ErrTooFewTeams},
		{"empty team", [][]Rating{{d}, {}}, nil, ErrEmptyTeam},
		{"short ranks", ffa(d, d), []int{1}, ErrRanks},
		{"zero sigma", ffa(d, Rating{25, 0}), nil, ErrBadRating},
	}
	for _, c := range cases {
		if _, err := Rate(c.teams, c.ranks); err != c.want {
			t.Errorf("%s: err %v, want %v", c.name, err, c.want)
		}
	}
}

func benchRate(b *testing.B, n int) {
	r := rand.New(rand.NewPCG(9, 10))
	rs := make([]Rating, n)
	ranks := make([]int, n)
	for i := range rs {
		rs[i], ranks[i] = randomRating(r), r.IntN(n)
	}
	teams := ffa(rs...)
	m := DefaultModel()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := m.Rate(teams, ranks); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkRate2(b *testing.B) { benchRate(b, 2) }
func BenchmarkRate8(b *testing.B) { benchRate(b, 8) }
