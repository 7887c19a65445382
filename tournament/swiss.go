package tournament

import (
	"github.com/arena-classroom/arena/lang"
	"math/bits"
)

// Swiss: every round pairs players with equal or close points who have not met yet (see
// swisspair.go). A bye is worth a win: one point per game of the pairing. Standings rank by
// points, then Buchholz, then head-to-head.
type Swiss struct {
	Planned int // rounds; 0 means ceil(log2 n)+1
	Legs    int // games per pairing, seats alternating; 0 means 1
}

func (Swiss) Name() string { return "swiss" }

// Rounds never exceeds a round robin's, so that a player without a bye and a partner not
// met always exist in principle.
func (f Swiss) Rounds(n int) int {
	r := f.Planned
	if r <= 0 {
		r = bits.Len(uint(n-1)) + 1 // ceil(log2 n) + 1
	}
	return min(r, cycle(n))
}

func (f Swiss) Next(entrants []Entrant, results []Result) (Round, error) {
	_, cur, err := f.play(entrants, results)
	return cur, err
}

func (f Swiss) Standings(entrants []Entrant, results []Result) ([]Standing, error) {
	l, _, err := f.play(entrants, results)
	if err != nil {
		return nil, err
	}
	return swissStandings(l), nil
}

func (f Swiss) play(entrants []Entrant, results []Result) (*ledger, Round, error) {
	seeded, err := seedOrder(entrants)
	if err != nil {
		return nil, Round{}, err
	}
	if len(seeded) > maxSwiss {
		return nil, Round{}, lang.Errorf("swiss pairs at most %d entrants, not %d", maxSwiss, len(seeded))
	}
	b, err := newBook(results)
	if err != nil {
		return nil, Round{}, err
	}
	l := newLedger(seeded)
	legCount := max(f.Legs, 1)
	cur, err := runRounds(b, l, f.Rounds(len(seeded)), float64(legCount), func(r int) ([]Game, error) {
		return swissRound(l, r, legCount), nil
	})
	return l, cur, err
}

// onPairing lets tests see how each round was paired (the level, whether the search ran
// out of budget).
var onPairing = func(pairing) {}

// swissRound pairs round r from the ledger's points, meetings and byes.
func swissRound(l *ledger, r, legCount int) []Game {
	n := len(l.seeded)
	// pairing order: points, then seed
	order := byKey(n, func(i int) []float64 { return []float64{l.rec[i].points} })
	group := make([]int, n)
	for k := 1; k < n; k++ {
		group[k] = group[k-1]
		if rounded([]float64{l.rec[order[k]].points})[0] != rounded([]float64{l.rec[order[k-1]].points})[0] {
			group[k]++
		}
	}
	met := make([][]bool, n)
	for i := range met {
		met[i] = make([]bool, n)
	}
	for i, rec := range l.rec {
		for _, m := range rec.meetings {
			met[i][m.opp] = true
		}
	}
	p := pairRound(n, group,
		func(a, b int) bool { return met[order[a]][order[b]] },
		func(a int) bool { return l.rec[order[a]].byes > 0 })
	onPairing(p)
	var games []Game
	for k, pr := range p.pairs {
		a, b := order[pr[0]], order[pr[1]]
		if !firstSeat(l.rec[a], l.rec[b], k) {
			a, b = b, a
		}
		games = append(games, legs(r, k, legCount, []string{l.seeded[a].ID, l.seeded[b].ID})...)
	}
	if p.bye >= 0 {
		games = append(games, Game{Round: r, Pairing: len(p.pairs), Seats: []string{l.seeded[order[p.bye]].ID}, Bye: true})
	}
	return games
}

// firstSeat says whether the higher player a sits first against b on pairing k: the one who
// sat first less often does; then the one who sat second last time; then the higher player
// on even pairings and the lower on odd ones, as boards alternate colours in chess.
func firstSeat(a, b record, k int) bool {
	da, db := a.firsts-a.seconds, b.firsts-b.seconds
	if da != db {
		return da < db
	}
	if a.lastSeat != b.lastSeat && a.lastSeat != 0 && b.lastSeat != 0 {
		return a.lastSeat == 2
	}
	return k%2 == 0
}
