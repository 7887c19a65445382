package tournament

import "math/bits"

// Elimination: a seeded single-elimination bracket of best-of-N matches.
//
// Seeds follow the entrants' ratings. The bracket has the next power of two of places; in
// round 1 seed s meets seed P+1−s (1 vs P, 2 vs P−1, …), and the places of missing
// entrants are byes for the top seeds. The bracket is laid out so that seeds 1 and 2 can
// only meet in the final, 1–4 and 2–3 in the semi-finals, and so on.
//
// A match plays one game at a time, seats alternating, the higher seed first. It ends as
// soon as one side leads by more than the games left of the N; tied after N games (draws),
// it goes on game by game until one wins a game, and after N such games the higher seed
// goes through. A forfeit loses the whole match.
type Elimination struct {
	BestOf int // games per match; 0 means 1
}

func (Elimination) Name() string { return "elimination" }

// Rounds is ceil(log2 n).
func (Elimination) Rounds(n int) int {
	if n < 2 {
		return 0
	}
	return bits.Len(uint(n - 1))
}

func (f Elimination) Next(entrants []Entrant, results []Result) (Round, error) {
	_, cur, err := f.play(entrants, results)
	return cur, err
}

// Standings rank by the round reached (Stage), then points.
func (f Elimination) Standings(entrants []Entrant, results []Result) ([]Standing, error) {
	l, _, err := f.play(entrants, results)
	if err != nil {
		return nil, err
	}
	lines := make([]Standing, len(l.seeded))
	for i := range lines {
		lines[i] = l.standing(i)
		lines[i].Stage = l.stage[i]
	}
	rankLines(lines, pointsKey)
	return lines, nil
}

// bracketOrder lists the seeds (0-based) in bracket places for a bracket of size p: each
// round-1 match is two neighbours, and the winners of neighbouring matches meet next.
func bracketOrder(p int) []int {
	order := []int{0}
	for size := 1; size < p; size *= 2 {
		next := make([]int, 0, 2*size)
		for _, s := range order {
			next = append(next, s, 2*size-1-s)
		}
		order = next
	}
	return order
}

func (f Elimination) play(entrants []Entrant, results []Result) (*elimLedger, Round, error) {
	seeded, err := seedOrder(entrants)
	if err != nil {
		return nil, Round{}, err
	}
	b, err := newBook(results)
	if err != nil {
		return nil, Round{}, err
	}
	n := len(seeded)
	l := &elimLedger{ledger: newLedger(seeded), stage: make([]int, n)}
	rounds := f.Rounds(n)
	alive := bracketOrder(1 << rounds) // seed per place; seeds ≥ n are empty places
	for i, s := range alive {
		if s >= n {
			alive[i] = -1
		}
	}
	var cur Round
	for r := 1; r <= rounds; r++ {
		for _, s := range alive {
			if s >= 0 {
				l.stage[s] = r
			}
		}
		cur = Round{Number: r}
		var winners []int
		for j := 0; j < len(alive); j += 2 {
			games, pending, winner, err := f.match(b, l.ledger, r, j/2, alive[j], alive[j+1])
			if err != nil {
				return nil, Round{}, err
			}
			cur.Games = append(cur.Games, games...)
			cur.Pending = append(cur.Pending, pending...)
			winners = append(winners, winner)
		}
		if len(cur.Pending) > 0 {
			return l, cur, b.leftover()
		}
		alive = winners
	}
	l.stage[alive[0]] = rounds + 1
	cur.Finished = true
	return l, cur, b.leftover()
}

// elimLedger adds the round each entrant reached.
type elimLedger struct {
	*ledger
	stage []int
}

// match plays out one match between seeds a < b (−1: an empty place) as far as the
// results go. It returns its games, the one to play next if any, and the winner (−1 while
// undecided).
func (f Elimination) match(bk *book, l *ledger, round, pairing, a, b int) (games, pending []Game, winner int, err error) {
	if a < 0 || b < 0 {
		winner = max(a, b)
		g := Game{Round: round, Pairing: pairing, Seats: []string{l.seeded[winner].ID}, Bye: true}
		l.bye(g.Seats[0], 0) // a free pass, worth no points
		return []Game{g}, nil, winner, nil
	}
	if b < a {
		a, b = b, a
	}
	n := max(f.BestOf, 1)
	var pa, pb float64
	for leg := 0; leg < 2*n; leg++ {
		seats := []string{l.seeded[a].ID, l.seeded[b].ID}
		if leg%2 == 1 {
			seats[0], seats[1] = seats[1], seats[0]
		}
		g := Game{Round: round, Pairing: pairing, Leg: leg, Seats: seats}
		games = append(games, g)
		r, ok, err := bk.lookup(g)
		if err != nil {
			return nil, nil, -1, err
		}
		if !ok {
			return games, []Game{g}, -1, nil
		}
		l.add(r)
		switch r.Forfeit {
		case l.seeded[a].ID:
			return games, nil, b, nil
		case l.seeded[b].ID:
			return games, nil, a, nil
		}
		outs := score(r)
		if seats[0] == l.seeded[a].ID {
			pa, pb = pa+outs[0].points, pb+outs[1].points
		} else {
			pa, pb = pa+outs[1].points, pb+outs[0].points
		}
		left := float64(max(n-leg-1, 0))
		if pa-pb > left {
			return games, nil, a, nil
		}
		if pb-pa > left {
			return games, nil, b, nil
		}
	}
	return games, nil, a, nil // still level after N more games: the higher seed
}
