package tournament

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// ranked gives a table game fixed ranks.
func ranked(g Game, ranks ...int) Result { return Result{Game: g, Ranks: ranks} }

// TestPoolsWorked: seven entrants, tables of four, one game per table, worked by hand.
//
// Round 1 deals the seeds in a snake over two tables: e01 e04 e05 | e02 e03 e06 e07. At
// the first table e04, e05, e01 finish in that order: 1, ½, 0 points. At the second e06
// wins, e02 and e03 tie for second (places 2 and 3: (4 − 2.5)/3 = ½ each), e07 is last.
// e04 and e05 go on; e06, then e02 over e03 on the order they came in (seed).
//
// Round 2 is the final table, dealt winners first then runners-up, each by points then
// previous order: e04 e06 e02 e05. e06 wins, then e04, e05, e02: 1, ⅔, ⅓, 0.
func TestPoolsWorked(t *testing.T) {
	f := Pools{TableSize: 4}
	es := people(7)
	var results []Result
	cur, err := f.Next(es, nil)
	if err != nil {
		t.Fatal(err)
	}
	if got := show(cur.Games); got != "e01-e04-e05 e02-e03-e06-e07" || f.Rounds(7) != 2 {
		t.Fatalf("round 1: %s, %d rounds", got, f.Rounds(7))
	}
	results = append(results, ranked(cur.Games[0], 3, 1, 2), ranked(cur.Games[1], 2, 2, 1, 4))
	cur, err = f.Next(es, results)
	if err != nil {
		t.Fatal(err)
	}
	if got := show(cur.Games); got != "e04-e06-e02-e05" || cur.Number != 2 {
		t.Fatalf("round %d: %s", cur.Number, got)
	}
	results = append(results, ranked(cur.Games[0], 2, 1, 4, 3))
	cur, err = f.Next(es, results)
	if err != nil || !cur.Finished {
		t.Fatalf("after the final: %+v, %v", cur, err)
	}
	ss, err := f.Standings(es, results)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, s := range ss {
		got = append(got, fmt.Sprintf("%d %s %d %.3f %.3f", s.Rank, s.ID, s.Stage, s.TieBreaks[0].Value, s.Points))
	}
	want := []string{
		"1 e06 2 1.000 2.000",
		"2 e04 2 0.667 1.667",
		"3 e05 2 0.333 0.833",
		"4 e02 2 0.000 0.500",
		"5 e03 1 0.500 0.500",
		"6 e01 1 0.000 0.000",
		"6 e07 1 0.000 0.000",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("standings (rank, id, stage, table points, points)\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// randomRanks ranks a table's seats from random scores: ties share a rank.
func randomRanks(rng *rand.Rand) func(Game) Result {
	return func(g Game) Result {
		scores := make([]int, len(g.Seats))
		for i := range scores {
			scores[i] = rng.IntN(4)
		}
		ranks := make([]int, len(scores))
		for i, s := range scores {
			ranks[i] = 1
			for _, o := range scores {
				if o > s {
					ranks[i]++
				}
			}
		}
		return Result{Game: g, Ranks: ranks}
	}
}

// TestPoolsUntilOneTable: for every count and both table sizes, each round seats every
// entrant still in exactly once, at tables as even as possible of at most the table size,
// each table plays its games with the seats turning, the best two of a table (one of a
// table of two) go on, and it ends at a single table.
func TestPoolsUntilOneTable(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for n := 2; n <= 40; n++ {
		for _, size := range []int{3, 4} {
			f := Pools{TableSize: size, Legs: 1 + n%3}
			name := fmt.Sprintf("n=%d tables of %d, %d games", n, size, f.Legs)
			rounds, results := playOut(t, f, people(n), randomRanks(rng))
			if len(rounds) != f.Rounds(n) {
				t.Fatalf("%s: %d rounds, want %d", name, len(rounds), f.Rounds(n))
			}
			byGame := map[gameKey]Result{}
			for _, r := range results {
				byGame[keyOf(r.Game)] = r
			}
			field := n
			for ri, r := range rounds {
				tables := map[int][]string{}
				pts := map[string]float64{}
				for _, g := range r {
					if g.Leg == 0 {
						tables[g.Pairing] = g.Seats
					} else if prev := tables[g.Pairing]; g.Seats[0] != prev[g.Leg%len(prev)] {
						t.Fatalf("%s round %d: leg %d seats %v after %v", name, ri+1, g.Leg, g.Seats, prev)
					}
					for i, o := range score(byGame[keyOf(g)]) {
						pts[g.Seats[i]] += o.points
					}
				}
				seated, smallest, largest, next := 0, n, 0, 0
				for _, seats := range tables {
					seated += len(seats)
					smallest, largest = min(smallest, len(seats)), max(largest, len(seats))
					next += min(2, len(seats)-1)
				}
				if seated != field || largest > size || largest-smallest > 1 || smallest < 2 {
					t.Fatalf("%s round %d: %d seated of %d, tables of %d to %d", name, ri+1, seated, field, smallest, largest)
				}
				if ri == len(rounds)-1 {
					if len(tables) != 1 {
						t.Fatalf("%s: the last round has %d tables", name, len(tables))
					}
					break
				}
				// who goes on is exactly the best of each table
				nextRound := map[string]bool{}
				for _, g := range rounds[ri+1] {
					for _, id := range g.Seats {
						nextRound[id] = true
					}
				}
				for _, seats := range tables {
					for _, a := range seats {
						for _, b := range seats {
							if nextRound[a] && !nextRound[b] && pts[a] < pts[b]-1e-9 {
								t.Fatalf("%s round %d: %s (%g) goes on, %s (%g) does not", name, ri+1, a, pts[a], b, pts[b])
							}
						}
					}
				}
				if len(nextRound) != next {
					t.Fatalf("%s round %d: %d go on, want %d", name, ri+1, len(nextRound), next)
				}
				field = next
			}
			ss, err := f.Standings(people(n), results)
			if err != nil || len(ss) != n {
				t.Fatalf("%s: %d standings, %v", name, len(ss), err)
			}
		}
	}
}

// TestPoolsTooFewSeats: a game for 3 to 4 cannot seat a table of two.
func TestPoolsTooFewSeats(t *testing.T) {
	f := Pools{TableSize: 3, MinSeats: 3}
	if _, err := f.Next(people(4), nil); err == nil || !strings.Contains(err.Error(), "at least 3 players") {
		t.Errorf("4 entrants in tables of 3 for a game of 3: %v", err)
	}
	if _, err := f.Next(people(6), nil); err != nil {
		t.Errorf("6 entrants: %v", err)
	}
}
