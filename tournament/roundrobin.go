package tournament

// RoundRobin: everyone meets everyone once per cycle; Double plays a second cycle with the
// seats swapped. Legs is the games per pairing (seats alternating).
//
// The schedule is the circle method on the seed order: the strongest entrant stays put and
// the others turn one place a round. With an odd count an empty place stays put instead,
// and the entrant facing it sits the round out with a bye worth nothing: everyone gets
// exactly one per cycle.
type RoundRobin struct {
	Double bool
	Legs   int
}

func (f RoundRobin) Name() string {
	if f.Double {
		return "double-round-robin"
	}
	return "round-robin"
}

// cycle is the rounds of one cycle for n entrants.
func cycle(n int) int { return n - 1 + n%2 }

func (f RoundRobin) Rounds(n int) int {
	if f.Double {
		return 2 * cycle(n)
	}
	return cycle(n)
}

func (f RoundRobin) Next(entrants []Entrant, results []Result) (Round, error) {
	_, cur, err := f.play(entrants, results)
	return cur, err
}

func (f RoundRobin) Standings(entrants []Entrant, results []Result) ([]Standing, error) {
	l, _, err := f.play(entrants, results)
	if err != nil {
		return nil, err
	}
	return roundRobinStandings(l), nil
}

func (f RoundRobin) play(entrants []Entrant, results []Result) (*ledger, Round, error) {
	seeded, err := seedOrder(entrants)
	if err != nil {
		return nil, Round{}, err
	}
	b, err := newBook(results)
	if err != nil {
		return nil, Round{}, err
	}
	l := newLedger(seeded)
	// The whole schedule is known from the start: every round is settled, whatever is still
	// to play before it. The round in progress is the first with a game to play; the games
	// of the rounds after it are Later.
	var cur Round
	total := f.Rounds(len(seeded))
	if total < 1 {
		return l, Round{Finished: true}, b.leftover()
	}
	for r := 1; r <= total; r++ {
		games := f.round(seeded, r)
		pending, err := settle(b, l, games, 0)
		if err != nil {
			return nil, Round{}, err
		}
		switch {
		case cur.Number == 0 && len(pending) > 0:
			cur = Round{Number: r, Games: games, Pending: pending}
		case cur.Number != 0:
			cur.Later = append(cur.Later, pending...)
		}
	}
	if cur.Number == 0 {
		cur = Round{Number: total, Games: f.round(seeded, total), Finished: true}
	}
	return l, cur, b.leftover()
}

// round builds round r (1-based) of the schedule.
func (f RoundRobin) round(seeded []Entrant, r int) []Game {
	n := len(seeded)
	c := cycle(n)
	swap := r > c // the second cycle of a double round robin
	k := (r - 1) % c
	m := n + n%2
	// at[p] is the entrant at place p: place 0 is fixed, the others turn. With an odd
	// count the fixed one is the empty place (index n), so that the entrants all turn
	// alike and keep their seats balanced.
	fixed, first := 0, 1
	if n%2 == 1 {
		fixed, first = n, 0
	}
	at := make([]int, m)
	at[0] = fixed
	for p := 1; p < m; p++ {
		at[p] = first + (p-1+k)%(m-1)
	}
	var games []Game
	bye := -1
	pairing := 0
	for i := 0; i < m/2; i++ {
		a, b := at[i], at[m-1-i]
		if a == n || b == n {
			bye = a + b - n
			continue
		}
		if !seatFirst(i, k) {
			a, b = b, a
		}
		if swap {
			a, b = b, a
		}
		games = append(games, legs(r, pairing, max(f.Legs, 1), []string{seeded[a].ID, seeded[b].ID})...)
		pairing++
	}
	if bye >= 0 {
		games = append(games, Game{Round: r, Pairing: pairing, Seats: []string{seeded[bye].ID}, Bye: true})
	}
	return games
}

// seatFirst says whether the entrant at place i sits first against the one at place m−1−i
// in round k of a cycle. An entrant moves down one place a round and visits every place
// but 0 once a cycle; sitting first at the odd places, and at place 0 (the fixed entrant)
// every other round, gives everyone nearly as many first seats as second ones, mostly
// alternating.
func seatFirst(i, k int) bool {
	if i == 0 {
		return k%2 == 0
	}
	return i%2 == 1
}
