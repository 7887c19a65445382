package tournament

// settle looks up the results of a round's games and counts them in the ledger; it
// returns the games still without a result. Byes score byePoints. The first leg of each
// two-player pairing is counted for seat balancing whether played yet or not.
func settle(b *book, l *ledger, games []Game, byePoints float64) ([]Game, error) {
	var pending []Game
	for _, g := range games {
		if g.Bye {
			l.bye(g.Seats[0], byePoints)
			continue
		}
		if g.Leg == 0 && len(g.Seats) == 2 {
			l.seat(g.Seats[0], g.Seats[1])
		}
		r, ok, err := b.lookup(g)
		if err != nil {
			return nil, err
		}
		if !ok {
			pending = append(pending, g)
			continue
		}
		l.add(r)
	}
	return pending, nil
}

// runRounds builds rounds 1..total one after another, each once the one before it is
// complete, and returns the round in progress. build sees the ledger with every earlier
// round counted.
func runRounds(b *book, l *ledger, total int, byePoints float64, build func(round int) ([]Game, error)) (Round, error) {
	var cur Round
	for r := 1; r <= total; r++ {
		games, err := build(r)
		if err != nil {
			return Round{}, err
		}
		pending, err := settle(b, l, games, byePoints)
		if err != nil {
			return Round{}, err
		}
		cur = Round{Number: r, Games: games, Pending: pending}
		if len(pending) > 0 {
			return cur, b.leftover()
		}
	}
	cur.Finished = true
	return cur, b.leftover()
}

// legs expands a pairing into its games, the seats turning by one each game (for two
// players: swapped every other game).
func legs(round, pairing, count int, seats []string) []Game {
	games := make([]Game, count)
	for k := range games {
		s := make([]string, len(seats))
		for j := range s {
			s[j] = seats[(j+k)%len(seats)]
		}
		games[k] = Game{Round: round, Pairing: pairing, Leg: k, Seats: s}
	}
	return games
}
