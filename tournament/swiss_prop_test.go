package tournament

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

// randomResult plays a two-player game at random: either side wins, sometimes a draw,
// rarely a forfeit.
func randomResult(rng *rand.Rand) func(Game) Result {
	return func(g Game) Result {
		switch x := rng.IntN(100); {
		case x < 2:
			return Result{Game: g, Forfeit: g.Seats[rng.IntN(2)]}
		case x < 12:
			return Result{Game: g, Ranks: []int{1, 1}}
		case x < 56:
			return Result{Game: g, Ranks: []int{1, 2}}
		default:
			return Result{Game: g, Ranks: []int{2, 1}}
		}
	}
}

// gamePoints scores a two-player result the plain way, independently of score.go.
func gamePoints(r Result) map[string]float64 {
	a, b := r.Game.Seats[0], r.Game.Seats[1]
	switch {
	case r.Forfeit == a:
		return map[string]float64{a: 0, b: 1}
	case r.Forfeit == b:
		return map[string]float64{a: 1, b: 0}
	case r.Ranks[0] < r.Ranks[1]:
		return map[string]float64{a: 1, b: 0}
	case r.Ranks[0] > r.Ranks[1]:
		return map[string]float64{a: 0, b: 1}
	}
	return map[string]float64{a: 0.5, b: 0.5}
}

// oracle answers, by brute force over sets of players, whether some pairing of the
// players (one of them, among byeOK, sitting out when the count is odd) avoids every
// forbidden pair, and — with oneCross — crosses each score boundary at most once.
type oracle struct {
	n        int
	forbid   func(i, j int) bool
	score    []float64 // players sorted by score, higher first
	oneCross bool
	memo     map[uint64]bool
}

func (o *oracle) exists(byeOK []int) bool {
	if o.n%2 == 0 {
		o.memo = map[uint64]bool{}
		return o.solve(0, make([]int, o.n))
	}
	for _, b := range byeOK {
		o.memo = map[uint64]bool{}
		if o.solve(1<<b, make([]int, o.n)) {
			return true
		}
	}
	return false
}

// solve pairs the lowest free player; cross counts pairs across each boundary (between
// sorted positions k and k+1 with different scores).
func (o *oracle) solve(used uint64, cross []int) bool {
	i := 0
	for i < o.n && used&(1<<i) != 0 {
		i++
	}
	if i == o.n {
		return true
	}
	if v, ok := o.memo[used]; ok {
		return v
	}
	ok := false
	for j := i + 1; j < o.n && !ok; j++ {
		if used&(1<<j) != 0 || o.forbid(i, j) {
			continue
		}
		fits := true
		if o.oneCross {
			for k := i; k < j; k++ {
				if o.score[k] != o.score[k+1] && cross[k] > 0 {
					fits = false
				}
			}
		}
		if !fits {
			continue
		}
		for k := i; k < j; k++ {
			cross[k]++
		}
		ok = o.solve(used|1<<i|1<<j, cross)
		for k := i; k < j; k++ {
			cross[k]--
		}
	}
	o.memo[used] = ok
	return ok
}

// TestSwissProperties plays thousands of random Swiss tournaments and checks every round.
func TestSwissProperties(t *testing.T) {
	runs := 3000
	if testing.Short() {
		runs = 300
	}
	rng := rand.New(rand.NewPCG(1, 2))
	var levels [4]int
	var exhausted, worstSeats int
	onPairing = func(p pairing) {
		levels[p.level]++
		if p.exhausted {
			exhausted++
		}
	}
	defer func() { onPairing = func(pairing) {} }()
	for run := range runs {
		n := 2 + rng.IntN(39)
		f := Swiss{Legs: 1 + rng.IntN(2)*rng.IntN(2)} // mostly 1 game per pairing, some 2
		if n <= 12 && rng.IntN(2) == 0 {
			f.Planned = cycle(n) // as many rounds as a round robin: rematches may be forced
		}
		es := people(n)
		for i := range es { // shuffled ratings with ties, so seeds are not id order
			es[i].Rating = float64(rng.IntN(5))
		}
		rounds, results := playOut(t, f, es, randomResult(rng))
		name := fmt.Sprintf("run %d: n=%d rounds=%d legs=%d", run, n, f.Rounds(n), f.Legs)
		if len(rounds) != f.Rounds(n) {
			t.Fatalf("%s: played %d rounds", name, len(rounds))
		}
		points := checkSwissRounds(t, name, es, rounds, results, f.Legs)
		ss, err := f.Standings(es, results)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		for _, s := range ss {
			if s.Points != points[s.ID] {
				t.Fatalf("%s: %s has %g points, counted %g", name, s.ID, s.Points, points[s.ID])
			}
		}
		// seats: the first-seat surplus of every player stays small
		surplus := map[string]int{}
		for _, r := range rounds {
			for _, g := range r {
				if !g.Bye && g.Leg == 0 {
					surplus[g.Seats[0]]++
					surplus[g.Seats[1]]--
				}
			}
		}
		for _, d := range surplus {
			worstSeats = max(worstSeats, d, -d)
		}
		// the same inputs in another order give the same standings
		if run%10 == 0 {
			es2, res2 := slices.Clone(es), slices.Clone(results)
			rng.Shuffle(len(es2), func(i, j int) { es2[i], es2[j] = es2[j], es2[i] })
			rng.Shuffle(len(res2), func(i, j int) { res2[i], res2[j] = res2[j], res2[i] })
			ss2, err := f.Standings(es2, res2)
			if err != nil || fmt.Sprint(ss2) != fmt.Sprint(ss) {
				t.Fatalf("%s: standings change with the order of the inputs (%v)", name, err)
			}
		}
	}
	t.Logf("largest first-seat surplus of a player: %d", worstSeats)
	if exhausted > 0 {
		t.Errorf("the pairing search ran out of budget %d times", exhausted)
	}
	t.Logf("rounds paired at level 0: %d, level 1: %d, level 2: %d", levels[0], levels[1], levels[2])
}

// checkSwissRounds checks each round against the state before it, and returns the points.
func checkSwissRounds(t *testing.T, name string, es []Entrant, rounds [][]Game, results []Result, legCount int) map[string]float64 {
	t.Helper()
	n := len(es)
	idx := map[string]int{}
	for i, e := range es {
		idx[e.ID] = i
	}
	points := make([]float64, n)
	byes := make([]int, n)
	met := map[[2]int]bool{}
	meet := func(a, b int) [2]int { return [2]int{min(a, b), max(a, b)} }
	byGame := map[gameKey]Result{}
	for _, r := range results {
		byGame[keyOf(r.Game)] = r
	}
	for ri, games := range rounds {
		where := fmt.Sprintf("%s, round %d", name, ri+1)
		// every entrant exactly once; byes only for odd counts, one per player
		seen := make([]int, n)
		var pairs [][2]int
		bye := -1
		for _, g := range games {
			if g.Bye {
				bye = idx[g.Seats[0]]
				seen[bye]++
				continue
			}
			if g.Leg == 0 {
				a, b := idx[g.Seats[0]], idx[g.Seats[1]]
				seen[a]++
				seen[b]++
				pairs = append(pairs, [2]int{a, b})
			}
		}
		for i, c := range seen {
			if c != 1 {
				t.Fatalf("%s: %s appears %d times", where, es[i].ID, c)
			}
		}
		if (bye >= 0) != (n%2 == 1) {
			t.Fatalf("%s: bye %d with %d entrants", where, bye, n)
		}
		if bye >= 0 && byes[bye] > 0 {
			t.Fatalf("%s: %s gets a second bye", where, es[bye].ID)
		}
		// the independent oracles, on players sorted by score before the round
		sorted := make([]int, n)
		for i := range sorted {
			sorted[i] = i
		}
		slices.SortStableFunc(sorted, func(a, b int) int {
			switch {
			case points[a] > points[b]:
				return -1
			case points[a] < points[b]:
				return 1
			}
			return 0
		})
		at := make([]int, n)
		sc := make([]float64, n)
		for k, p := range sorted {
			at[p] = k
			sc[k] = points[p]
		}
		var byeOK []int
		for k, p := range sorted {
			if byes[p] == 0 {
				byeOK = append(byeOK, k)
			}
		}
		var distinct []float64 // the scores, each once
		for _, s := range sc {
			if !slices.Contains(distinct, s) {
				distinct = append(distinct, s)
			}
		}
		rematches := 0
		over := false              // more than one pair across some score boundary
		cross := map[float64]int{} // pairs across the boundary just below each score
		for _, pr := range pairs {
			if met[meet(pr[0], pr[1])] {
				rematches++
			}
			hi, lo := max(points[pr[0]], points[pr[1]]), min(points[pr[0]], points[pr[1]])
			for _, s := range distinct {
				if s > lo && s <= hi {
					cross[s]++
					over = over || cross[s] > 1
				}
			}
		}
		if n <= 18 {
			free := &oracle{n: n, score: sc, forbid: func(i, j int) bool { return met[meet(sorted[i], sorted[j])] }}
			if rematches > 0 && free.exists(byeOK) {
				t.Fatalf("%s: %d rematches, though a pairing without any exists", where, rematches)
			}
			shaped := &oracle{n: n, score: sc, oneCross: true, forbid: free.forbid}
			if rematches == 0 && over && shaped.exists(byeOK) {
				t.Fatalf("%s: more than one pairing across a score boundary, though a pairing without rematch with at most one exists", where)
			}
		} else if rematches > 0 {
			// Larger fields play at most 7 rounds here: every player can still meet at least
			// half of the others, so a pairing without rematch exists (Dirac's theorem gives
			// a Hamiltonian cycle of the "not met" graph, hence a perfect matching).
			t.Fatalf("%s: %d rematches among %d players", where, rematches, n)
		}
		// count the round
		for _, pr := range pairs {
			met[meet(pr[0], pr[1])] = true
		}
		if bye >= 0 {
			byes[bye]++
			points[bye] += float64(max(legCount, 1))
		}
		for _, g := range games {
			if g.Bye {
				continue
			}
			r, ok := byGame[keyOf(g)]
			if !ok {
				t.Fatalf("%s: no result for %v", where, g)
			}
			for id, p := range gamePoints(r) {
				points[idx[id]] += p
			}
		}
	}
	out := map[string]float64{}
	for i, e := range es {
		out[e.ID] = points[i]
	}
	return out
}
