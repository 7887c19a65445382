package tournament

import (
	"cmp"
	"github.com/arena-classroom/arena/lang"
	"slices"
)

// Pools: for games of three or more. Each round seats the field at tables of at most
// TableSize, as even as possible; every table plays Legs games, the seats turning by one
// each game. The best two of each table (one from a table of two) go on, until the field
// fits at one table: that final table's ranking is the tournament's.
//
// With AllPlay (every pools tournament created since placement tables), nobody stops
// playing: from round 2 those out of the running play placement tables of their own each
// round, the best of them together, so that every entrant plays every round, the same
// number of games. Whoever cannot be seated (fewer left over than the game's minimum)
// has a bye for the round, worth nothing and shown in the standings.
//
// A game gives each seat a point for every player of its table it finished ahead of, half
// a point for each it tied with: 3, 2, 1, 0 at a table of four (see placePoints). A table
// ranks its members by the points they scored there, then by the order they came in with:
// seed order in round 1, then table winners before runners-up, each by points. The field
// is dealt to tables in a snake (1 2 3 3 2 1 1 2 …), so strong entrants are spread out.
type Pools struct {
	TableSize int  // 3 or 4
	Legs      int  // games per table; 0 means 1
	MinSeats  int  // the game's fewest seats: smaller tables are refused
	AllPlay   bool // those out play placement tables: everyone plays every round
}

// TablePoints is the pools' first tie-break: points scored at the last table played. An
// identifier, as Buchholz and HeadToHead are: director.TieBreakText says it to people.
const TablePoints = "table points" // lang:keep the tie-break's name in the JSON standings; said through director.TieBreakText

func (Pools) Name() string { return "pools" }

func (f Pools) Rounds(n int) int {
	r := 1
	for m := n; m > f.TableSize; r++ {
		next := 0
		for _, size := range deal(m, f.TableSize) {
			next += qualifiers(size)
		}
		m = next
	}
	return r
}

// deal gives the table sizes for m entrants: as few tables as fit, sizes differing by at
// most one (the snake deals these sizes, though not in this order).
func deal(m, tableSize int) []int {
	k := (m + tableSize - 1) / tableSize
	sizes := make([]int, k)
	for t := range sizes {
		sizes[t] = m / k
		if t < m%k {
			sizes[t]++
		}
	}
	return sizes
}

// qualifiers is how many of a table go on.
func qualifiers(size int) int { return min(2, size-1) }

func (f Pools) Next(entrants []Entrant, results []Result) (Round, error) {
	_, cur, err := f.play(entrants, results)
	return cur, err
}

// Standings rank by the round reached, points at the last table in the running, then all
// points; with placement tables, those out of the running rank by all their points before
// those at the table where they went out (they have all played as many games). Each line
// counts the games finished in each place (Places).
func (f Pools) Standings(entrants []Entrant, results []Result) ([]Standing, error) {
	l, _, err := f.play(entrants, results)
	if err != nil {
		return nil, err
	}
	lines := make([]Standing, len(l.seeded))
	for i := range lines {
		lines[i] = l.standing(i)
		lines[i].Stage = l.stage[i]
		lines[i].TieBreaks = []TieBreak{{Name: TablePoints, Value: l.table[i]}}
	}
	reached := 0 // the round of the tables in the running
	for _, st := range l.stage {
		reached = max(reached, st)
	}
	rankLines(lines, func(s Standing) []float64 {
		if f.AllPlay && s.Stage < reached {
			// Out of the running, everyone has played as many games: all their points
			// first, then those at the table where they went out.
			return []float64{float64(s.Stage), s.Points, s.TieBreaks[0].Value}
		}
		return []float64{float64(s.Stage), s.TieBreaks[0].Value, s.Points}
	})
	return lines, nil
}

// poolLedger adds the round reached and the points at the last table in the running.
type poolLedger struct {
	*ledger
	stage []int
	table []float64
}

func (f Pools) play(entrants []Entrant, results []Result) (*poolLedger, Round, error) {
	seeded, err := seedOrder(entrants)
	if err != nil {
		return nil, Round{}, err
	}
	b, err := newBook(results)
	if err != nil {
		return nil, Round{}, err
	}
	n := len(seeded)
	l := &poolLedger{ledger: newLedger(seeded), stage: make([]int, n), table: make([]float64, n)}
	l.places = make([][]int, n)
	for i := range l.places {
		l.places[i] = make([]int, max(f.TableSize, 2))
	}
	field := make([]int, n) // seed positions, in the order they are dealt
	for i := range field {
		field[i] = i
	}
	var out []int      // seed positions out of the running (AllPlay), in placement order
	var tables [][]int // the tables in the running of the round last built
	var last []Game    // and their games
	cur, err := runRounds(b, l.ledger, f.Rounds(n), 0, func(r int) ([]Game, error) {
		if r > 1 {
			for m, p := range tablePoints(b, l.ledger, last, true) {
				l.table[m] = p // kept by those who go out here
			}
			// Who goes on, and in which order, is decided on shares of a game (a winner is
			// a winner at a table of three or four), as before place points.
			next := advance(tablePoints(b, l.ledger, last, false), tables, field)
			if f.AllPlay {
				on := make(map[int]bool, len(next))
				for _, m := range next {
					on[m] = true
				}
				for _, m := range field {
					if !on[m] {
						out = append(out, m)
					}
				}
				l.placementOrder(out)
			}
			field = next
		}
		tables = snake(field, len(deal(len(field), f.TableSize)))
		var games []Game
		for t, members := range tables {
			if len(members) < f.MinSeats {
				return nil, lang.Errorf("round %d has a table of %d, and this game needs at least %d players", r, len(members), f.MinSeats)
			}
			ids := make([]string, len(members))
			for k, m := range members {
				ids[k] = seeded[m].ID
				l.stage[m] = r
				l.table[m] = 0
			}
			games = append(games, legs(r, t, max(f.Legs, 1), ids)...)
		}
		last = slices.Clip(games)
		seated, byes := placement(out, f.TableSize, max(f.MinSeats, 2))
		for t, members := range seated {
			ids := make([]string, len(members))
			for k, m := range members {
				ids[k] = seeded[m].ID
			}
			games = append(games, legs(r, len(tables)+t, max(f.Legs, 1), ids)...)
		}
		for k, m := range byes {
			games = append(games, Game{Round: r, Pairing: len(tables) + len(seated) + k, Seats: []string{seeded[m].ID}, Bye: true})
		}
		return games, nil
	})
	if err != nil {
		return nil, Round{}, err
	}
	// points at the table in the running of the round in progress (or the final one)
	for m, p := range tablePoints(b, l.ledger, last, true) {
		l.table[m] = p
	}
	return l, cur, nil
}

// placementOrder sorts those out of the running as they stand (see Standings): the round
// they reached, all their points, their points at the table where they went out, then seed.
func (l *poolLedger) placementOrder(out []int) {
	slices.SortStableFunc(out, func(a, b int) int {
		return cmp.Or(-cmp.Compare(l.stage[a], l.stage[b]),
			-slices.Compare(rounded([]float64{l.rec[a].points, l.table[a]}), rounded([]float64{l.rec[b].points, l.table[b]})),
			cmp.Compare(a, b))
	})
}

// placement seats those out of the running (in placement order) at tables of their own,
// the best together: as many as tables of minSeats to tableSize can hold, in as few tables
// as fit, sizes differing by at most one. The rest, the last of the order, have a bye.
func placement(out []int, tableSize, minSeats int) (tables [][]int, byes []int) {
	s := len(out)
	for ; s > 0; s-- {
		if k := (s + tableSize - 1) / tableSize; s/k >= minSeats {
			break
		}
	}
	at := 0
	if s > 0 {
		for _, size := range deal(s, tableSize) {
			tables = append(tables, out[at:at+size])
			at += size
		}
	}
	return tables, out[at:]
}

// snake deals the field to k tables: 1 2 … k k … 2 1 1 2 …
func snake(field []int, k int) [][]int {
	tables := make([][]int, k)
	for i, m := range field {
		pass, at := i/k, i%k
		if pass%2 == 1 {
			at = k - 1 - at
		}
		tables[at] = append(tables[at], m)
	}
	return tables
}

// advance ranks each table of the round just played and returns the next field: every
// table winner, then every runner-up, each by table points then previous order.
func advance(pts map[int]float64, tables [][]int, field []int) []int {
	prev := make(map[int]int, len(field))
	for i, m := range field {
		prev[m] = i
	}
	byPlace := func(a, b int) int {
		return cmp.Or(-cmp.Compare(rounded([]float64{pts[a]})[0], rounded([]float64{pts[b]})[0]), cmp.Compare(prev[a], prev[b]))
	}
	var places [2][]int
	for _, members := range tables {
		ranked := slices.Clone(members)
		slices.SortFunc(ranked, byPlace)
		for p := range qualifiers(len(ranked)) {
			places[p] = append(places[p], ranked[p])
		}
	}
	slices.SortFunc(places[0], byPlace)
	slices.SortFunc(places[1], byPlace)
	return append(places[0], places[1]...)
}

// tablePoints adds up, by seed position, the points scored in the games that have results:
// place points, or shares of a game (1 to the winner, 0 to the last, whatever the table).
func tablePoints(b *book, l *ledger, games []Game, placePts bool) map[int]float64 {
	pts := map[int]float64{}
	for _, g := range games {
		// lookup has checked these games already while settling the round
		r, ok, _ := b.lookup(g)
		if !ok {
			continue
		}
		for i, o := range score(r) {
			if placePts {
				o.points = placePoints(o.points, len(g.Seats))
			}
			pts[l.pos[g.Seats[i]]] += o.points
		}
	}
	return pts
}
