package tournament

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// BenchmarkSwiss64 times Next for 64 entrants at rounds 1, 4 and 7 of 7. Next rebuilds
// every earlier round from the results, so round r costs about r pairings.
func BenchmarkSwiss64(b *testing.B) {
	es := people(64)
	f := Swiss{}
	rng := rand.New(rand.NewPCG(7, 8))
	decide := randomResult(rng)
	var results []Result
	byRound := map[int][]Result{}
	for {
		cur, err := f.Next(es, results)
		if err != nil {
			b.Fatal(err)
		}
		if cur.Finished {
			break
		}
		byRound[cur.Number] = results
		for _, g := range cur.Pending {
			results = append(results, decide(g))
		}
	}
	for _, r := range []int{1, 4, 7} {
		b.Run(fmt.Sprintf("round%d", r), func(b *testing.B) {
			for b.Loop() {
				if _, err := f.Next(es, byRound[r]); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkStandings64 times Swiss standings after seven rounds of 64.
func BenchmarkStandings64(b *testing.B) {
	es := people(64)
	f := Swiss{}
	rng := rand.New(rand.NewPCG(7, 8))
	_, results := playOut(b, f, es, randomResult(rng))
	for b.Loop() {
		if _, err := f.Standings(es, results); err != nil {
			b.Fatal(err)
		}
	}
}
