package tournament

import (
	"cmp"
	"fmt"
	"slices"
)

// Pools: for games of three or more. Each round seats the field at tables of at most
// TableSize, as even as possible; every table plays Legs games, the seats turning by one
// each game. The best two of each table (one from a table of two) go on, until the field
// fits at one table: that final table's ranking is the tournament's.
//
// A table ranks by the points its members scored there (see score.go), then by the order
// they came in with: seed order in round 1, then table winners before runners-up, each by
// points. The field is dealt to tables in a snake (1 2 3 3 2 1 1 2 …), so strong entrants
// are spread out.
type Pools struct {
	TableSize int // 3 or 4
	Legs      int // games per table; 0 means 1
	MinSeats  int // the game's fewest seats: smaller tables are refused
}

// TablePoints is the pools' first tie-break: points scored at the last table played.
const TablePoints = "table points"

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

// Standings rank by the round reached, points at the last table, then all points.
func (f Pools) Standings(entrants []Entrant, results []Result) ([]Standing, error) {
	l, _, err := f.play(entrants, results)
	if err != nil {
		return nil, err
	}
	lines := make([]Standing, len(l.seeded))
	for i := range lines {
		lines[i] = l.standing(i)
		lines[i].Stage = l.stage[i]
		lines[i].TieBreaks = []TieBreak{{TablePoints, l.table[i]}}
	}
	rankLines(lines, func(s Standing) []float64 {
		return []float64{float64(s.Stage), s.TieBreaks[0].Value, s.Points}
	})
	return lines, nil
}

// poolLedger adds the round reached and the points at the last table.
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
	field := make([]int, n) // seed positions, in the order they are dealt
	for i := range field {
		field[i] = i
	}
	var tables [][]int
	var last []Game
	cur, err := runRounds(b, l.ledger, f.Rounds(n), 0, func(r int) ([]Game, error) {
		if r > 1 {
			pts := tablePoints(b, l.ledger, last)
			for m, p := range pts {
				l.table[m] = p // kept by those who go out here
			}
			field = advance(pts, tables, field)
		}
		tables = snake(field, len(deal(len(field), f.TableSize)))
		var games []Game
		for t, members := range tables {
			if len(members) < f.MinSeats {
				return nil, fmt.Errorf("round %d has a table of %d, and this game needs at least %d players", r, len(members), f.MinSeats)
			}
			ids := make([]string, len(members))
			for k, m := range members {
				ids[k] = seeded[m].ID
				l.stage[m] = r
				l.table[m] = 0
			}
			games = append(games, legs(r, t, max(f.Legs, 1), ids)...)
		}
		last = games
		return games, nil
	})
	if err != nil {
		return nil, Round{}, err
	}
	// points at the table of the round in progress (or the final one)
	pts := tablePoints(b, l.ledger, cur.Games)
	for m, p := range pts {
		l.table[m] = p
	}
	return l, cur, nil
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

// tablePoints adds up, by seed position, the points scored in the games that have results.
func tablePoints(b *book, l *ledger, games []Game) map[int]float64 {
	pts := map[int]float64{}
	for _, g := range games {
		// lookup has checked these games already while settling the round
		r, ok, _ := b.lookup(g)
		if !ok {
			continue
		}
		for i, o := range score(r) {
			pts[l.pos[g.Seats[i]]] += o.points
		}
	}
	return pts
}
