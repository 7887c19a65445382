package tournament

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"
)

// ranked gives a table game fixed ranks.
func ranked(g Game, ranks ...int) Result { return Result{Game: g, Ranks: ranks} }

// TestPoolsWorked: seven entrants, tables of four, one game per table, worked by hand.
//
// Round 1 deals the seeds in a snake over two tables: e01 e04 e05 | e02 e03 e06 e07. At
// the first table e04, e05, e01 finish in that order: 2, 1, 0 points (a point for each
// player finished ahead of). At the second e06 wins (3), e02 and e03 tie for second (each
// ahead of e07 and tied with the other: 1½), e07 is last. e04 and e05 go on; e06, then
// e02 over e03 on the order they came in (seed).
//
// Round 2 is the final table, dealt winners first then runners-up, each by their share of
// the table's points then previous order (a winner is a winner at a table of three or
// four): e04 e06 e02 e05. e06 wins, then e04, e05, e02: 3, 2, 1, 0.
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
		got = append(got, fmt.Sprintf("%d %s %d %.3f %.3f %v", s.Rank, s.ID, s.Stage, s.TieBreaks[0].Value, s.Points, s.Places))
	}
	want := []string{
		"1 e06 2 3.000 6.000 [2 0 0 0]",
		"2 e04 2 2.000 4.000 [1 1 0 0]",
		"3 e05 2 1.000 2.000 [0 1 1 0]",
		"4 e02 2 0.000 1.500 [0 1 0 1]",
		"5 e03 1 1.500 1.500 [0 1 0 0]",
		"6 e01 1 0.000 0.000 [0 0 1 0]",
		"6 e07 1 0.000 0.000 [0 0 0 1]",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("standings (rank, id, stage, table points, points, places)\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
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

// TestPoolsEveryonePlaysAlike: with placement tables (AllPlay), for 3 to 20 entrants,
// tables of 3 and 4 and games for 2 to 4, every entrant is seated once in every round,
// either at a table (in the running or a placement table, of the game's minimum to the
// table size) or with a bye, so that games played plus byes (each worth a table's games)
// are the same for everyone; the tables in the running are those of pools without
// placement tables, and a bye goes to the last of those out.
func TestPoolsEveryonePlaysAlike(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	byes := 0
	for n := 3; n <= 20; n++ {
		for size := 3; size <= 4; size++ {
			for minSeats := 2; minSeats <= size; minSeats++ {
				f := Pools{TableSize: size, Legs: 1 + n%3, MinSeats: minSeats, AllPlay: true}
				name := fmt.Sprintf("n=%d tables of %d, a game for %d+, %d games", n, size, minSeats, f.Legs)
				if _, _, err := (Pools{TableSize: size, MinSeats: minSeats}).play(people(n), nil); err != nil {
					continue // the tables in the running cannot be seated: refused as before
				}
				decide := randomRanks(rng)
				rounds, results, err := playOutErr(f, people(n), decide)
				if err != nil {
					if strings.Contains(err.Error(), "needs at least") {
						continue // a later round's tables in the running are too small, as before
					}
					t.Fatalf("%s: %v", name, err)
				}
				if len(rounds) != f.Rounds(n) {
					t.Fatalf("%s: %d rounds, want %d", name, len(rounds), f.Rounds(n))
				}
				// The same tables in the running as without placement tables.
				knockout := f
				knockout.AllPlay = false
				var kept []Result
				for _, r := range results {
					if r.Game.Pairing < runningTables(f, n, r.Game.Round) {
						kept = append(kept, r)
					}
				}
				if _, err := knockout.Standings(people(n), kept); err != nil {
					t.Fatalf("%s: the results in the running do not fit pools without placement tables: %v", name, err)
				}
				for ri, r := range rounds {
					seen := map[string]int{}
					for _, g := range r {
						if g.Bye {
							seen[g.Seats[0]]++
							byes++
							continue
						}
						if len(g.Seats) < minSeats || len(g.Seats) > size {
							t.Fatalf("%s round %d: a table of %d", name, ri+1, len(g.Seats))
						}
						if g.Leg == 0 {
							for _, id := range g.Seats {
								seen[id]++
							}
						}
					}
					for _, e := range people(n) {
						if seen[e.ID] != 1 {
							t.Fatalf("%s round %d: %s seated %d times: %s", name, ri+1, e.ID, seen[e.ID], show(r))
						}
					}
				}
				ss, err := f.Standings(people(n), results)
				if err != nil {
					t.Fatal(err)
				}
				for _, s := range ss {
					if s.Played+s.Byes*f.Legs != len(rounds)*f.Legs {
						t.Fatalf("%s: %s played %d games and had %d byes in %d rounds of %d games", name, s.ID, s.Played, s.Byes, len(rounds), f.Legs)
					}
					sum := 0
					for _, c := range s.Places {
						sum += c
					}
					if sum != s.Played || len(s.Places) != size {
						t.Fatalf("%s: %s places %v for %d games", name, s.ID, s.Places, s.Played)
					}
					if s.Points != math.Round(s.Points*2)/2 {
						t.Fatalf("%s: %s has %g points: place points are whole or halves", name, s.ID, s.Points)
					}
				}
			}
		}
	}
	if byes == 0 {
		t.Error("no configuration gave a bye: the test does not see them")
	}
}

// runningTables is how many tables of round r are in the running for n entrants: the deal
// of that round's field (everyone in round 1, then the qualifiers of the round before).
// They come first in a round, before the placement tables.
func runningTables(f Pools, n, r int) int {
	field := n
	for round := 2; round <= r; round++ {
		next := 0
		for _, size := range deal(field, f.TableSize) {
			next += qualifiers(size)
		}
		field = next
	}
	return len(deal(field, f.TableSize))
}

// playOutErr is playOut, saying why Next failed rather than failing the test.
func playOutErr(f Format, es []Entrant, decide func(Game) Result) ([][]Game, []Result, error) {
	var rounds [][]Game
	var results []Result
	for step := 0; step < 10000; step++ {
		cur, err := f.Next(es, results)
		if err != nil {
			return nil, nil, err
		}
		if len(rounds) < cur.Number {
			rounds = append(rounds, nil)
		}
		rounds[cur.Number-1] = cur.Games
		if cur.Finished {
			return rounds, results, nil
		}
		if len(cur.Pending) == 0 {
			return nil, nil, fmt.Errorf("round %d is not finished and has nothing to play", cur.Number)
		}
		for _, g := range cur.Pending {
			results = append(results, decide(g))
		}
	}
	return nil, nil, fmt.Errorf("the tournament does not end")
}

// TestPoolsPlacementWorked: the seven of TestPoolsWorked with placement tables. Round 2 is
// the same final table, and the three out of the running play a table of their own, by
// points: e03 (1½), then e01 and e07 (0) by seed. Everyone plays two games; those out rank
// by all their points.
func TestPoolsPlacementWorked(t *testing.T) {
	f := Pools{TableSize: 4, AllPlay: true}
	es := people(7)
	cur, _ := f.Next(es, nil)
	results := []Result{ranked(cur.Games[0], 3, 1, 2), ranked(cur.Games[1], 2, 2, 1, 4)}
	cur, err := f.Next(es, results)
	if err != nil {
		t.Fatal(err)
	}
	if got := show(cur.Games); got != "e04-e06-e02-e05 e03-e01-e07" || cur.Number != 2 {
		t.Fatalf("round %d: %s", cur.Number, got)
	}
	// The final as before; at the placement table e07 wins, then e01, e03.
	results = append(results, ranked(cur.Games[0], 2, 1, 4, 3), ranked(cur.Games[1], 3, 2, 1))
	if cur, err = f.Next(es, results); err != nil || !cur.Finished {
		t.Fatalf("after round 2: %+v, %v", cur, err)
	}
	ss, err := f.Standings(es, results)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, s := range ss {
		got = append(got, fmt.Sprintf("%d %s %d %g %g %d", s.Rank, s.ID, s.Stage, s.TieBreaks[0].Value, s.Points, s.Played))
	}
	want := []string{
		"1 e06 2 3 6 2",
		"2 e04 2 2 4 2",
		"3 e05 2 1 2 2",
		"4 e02 2 0 1.5 2",
		"5 e07 1 0 2 2",
		"6 e03 1 1.5 1.5 2",
		"7 e01 1 0 1 2",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("standings (rank, id, stage, table points, points, played)\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
