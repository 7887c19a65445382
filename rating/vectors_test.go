package rating

import (
	"encoding/json"
	"math"
	"os"
	"testing"
)

// vectorTol is the relative tolerance against the reference. Rate performs
// the reference's operations in the same order, so outputs agree to about an
// ulp (worst seen on amd64: 2.8e-16, including 15-game sequences). What is
// left is exp rounding (Go's and C's exp may differ by an ulp), the shift we
// apply inside exp against overflow, the reference summing a team's players
// in ordinal order, and on arm64 Go's fused multiply-add. 1e-12 leaves room
// for those to compound over a sequence while still catching any formula
// error, which shows at 1e-4 or worse.
const vectorTol = 1e-12

type vectorFile struct {
	OpenSkill map[string]string `json:"openskill"`
	Models    map[string]struct {
		Mu, Sigma, Beta, Kappa, Tau float64
		LimitSigma                  bool `json:"limit_sigma"`
	} `json:"models"`
	Cases []struct {
		Name    string       `json:"name"`
		Model   string       `json:"model"`
		Players [][2]float64 `json:"players"`
		Games   []struct {
			Teams  [][]int      `json:"teams"`
			Ranks  []int        `json:"ranks"`
			Expect [][2]float64 `json:"expect"`
		} `json:"games"`
	} `json:"cases"`
}

func loadVectors(t *testing.T) vectorFile {
	t.Helper()
	b, err := os.ReadFile("testdata/vectors.json")
	if err != nil {
		t.Fatal(err)
	}
	var v vectorFile
	if err := json.Unmarshal(b, &v); err != nil {
		t.Fatal(err)
	}
	if len(v.Cases) == 0 {
		t.Fatal("no cases in vectors.json")
	}
	return v
}

func relErr(got, want float64) float64 {
	return math.Abs(got-want) / math.Max(math.Abs(want), 1e-300)
}

// TestVectors replays every reference case, feeding our own outputs into the
// next game as the arena would, and compares every μ and σ after every game.
func TestVectors(t *testing.T) {
	v := loadVectors(t)
	t.Logf("openskill %s commit %s", v.OpenSkill["version"], v.OpenSkill["commit"])
	worst := 0.0
	checked := 0
	for _, c := range v.Cases {
		mp, ok := v.Models[c.Model]
		if !ok {
			t.Fatalf("%s: unknown model %q", c.Name, c.Model)
		}
		m := Model{Mu: mp.Mu, Sigma: mp.Sigma, Beta: mp.Beta, Kappa: mp.Kappa, Tau: mp.Tau, LimitSigma: mp.LimitSigma}
		if c.Model == "default" && m != DefaultModel() {
			t.Fatalf("DefaultModel() = %+v, reference defaults %+v", DefaultModel(), m)
		}
		roster := make([]Rating, len(c.Players))
		for i, p := range c.Players {
			roster[i] = Rating{Mu: p[0], Sigma: p[1]}
		}
		for g, game := range c.Games {
			teams := make([][]Rating, len(game.Teams))
			for i, tm := range game.Teams {
				for _, p := range tm {
					teams[i] = append(teams[i], roster[p])
				}
			}
			got, err := m.Rate(teams, game.Ranks)
			if err != nil {
				t.Fatalf("%s game %d: %v", c.Name, g, err)
			}
			for i, tm := range game.Teams {
				for j, p := range tm {
					roster[p] = got[i][j]
				}
			}
			for p, want := range game.Expect {
				em, es := relErr(roster[p].Mu, want[0]), relErr(roster[p].Sigma, want[1])
				worst = max(worst, em, es)
				checked += 2
				if em > vectorTol || es > vectorTol {
					t.Errorf("%s game %d player %d: got %+v, want mu=%v sigma=%v (rel err %.3g, %.3g)",
						c.Name, g, p, roster[p], want[0], want[1], em, es)
				}
			}
		}
	}
	t.Logf("%d cases, %d values, worst relative error %.3g", len(v.Cases), checked, worst)
}
