package tournament

import (
	"cmp"
	"slices"
)

// Tie-break names, as Standing.TieBreaks spells them.
const (
	Buchholz        = "Buchholz"
	HeadToHead      = "head-to-head"
	SonnebornBerger = "Sonneborn-Berger"
)

// byKey returns every position sorted by key, higher first, seed order on ties.
func byKey(n int, key func(int) []float64) []int {
	order := make([]int, n)
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int {
		return cmp.Or(-slices.Compare(rounded(key(a)), rounded(key(b))), cmp.Compare(a, b))
	})
	return order
}

// buchholz is the sum of the opponents' points, each opponent counted once per round
// however many games the pairing played. A bye adds nothing.
func (l *ledger) buchholz(i int) float64 {
	sum := 0.0
	seen := map[[2]int]bool{}
	for _, m := range l.rec[i].meetings {
		k := [2]int{m.round, m.opp}
		if !seen[k] {
			seen[k] = true
			sum += l.rec[m.opp].points
		}
	}
	return sum
}

// sonnebornBerger is the sum, game by game, of the points scored times the opponent's
// points: wins against strong opponents weigh most.
func (l *ledger) sonnebornBerger(i int) float64 {
	sum := 0.0
	for _, m := range l.rec[i].meetings {
		sum += m.points * l.rec[m.opp].points
	}
	return sum
}

// swissStandings ranks by points, Buchholz, then head-to-head among those still equal.
func swissStandings(l *ledger) []Standing {
	n := len(l.seeded)
	buch := make([]float64, n)
	for i := range buch {
		buch[i] = l.buchholz(i)
	}
	key := func(i int) []float64 { return []float64{l.rec[i].points, buch[i]} }
	h2h := l.headToHeads(byKey(n, key), key)
	lines := make([]Standing, n)
	for i := range lines {
		lines[i] = l.standing(i)
		lines[i].TieBreaks = []TieBreak{{Name: Buchholz, Value: buch[i]}, h2h[i]}
	}
	rankLines(lines, pointsKey)
	return lines
}

// roundRobinStandings ranks by points, head-to-head among the equal, then Sonneborn-Berger.
// Buchholz says little here: once everyone has met everyone it is the same for equal scores.
func roundRobinStandings(l *ledger) []Standing {
	n := len(l.seeded)
	key := func(i int) []float64 { return []float64{l.rec[i].points} }
	h2h := l.headToHeads(byKey(n, key), key)
	lines := make([]Standing, n)
	for i := range lines {
		lines[i] = l.standing(i)
		lines[i].TieBreaks = []TieBreak{h2h[i], {Name: SonnebornBerger, Value: l.sonnebornBerger(i)}}
	}
	rankLines(lines, pointsKey)
	return lines
}
