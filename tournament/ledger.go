package tournament

import (
	"cmp"
	"math"
	"slices"
	"strings"
)

// record is what one entrant has done so far.
type record struct {
	points                      float64
	played, wins, draws, losses int
	byes                        int
	forfeits, absent            int // games lost by forfeit; games nobody came to
	firsts, seconds             int // first leg of each two-player pairing: seat 1 or seat 2
	lastSeat                    int // 1 or 2 for that seat in the latest pairing, 0 before any
	meetings                    []meeting
}

// meeting is one game against one opponent, seen from one side.
type meeting struct {
	round  int
	opp    int // seed position of the opponent
	points float64
}

// ledger tallies results by entrant. Entrants are held in seed order and named by their
// position in it, which is also their pairing number.
type ledger struct {
	seeded []Entrant
	pos    map[string]int
	rec    []record
	// places, when not nil (pools), counts each entrant's games by place (0: first), and
	// games score place points (placePoints) rather than a share of one.
	places [][]int
}

func newLedger(seeded []Entrant) *ledger {
	l := &ledger{seeded: seeded, pos: make(map[string]int, len(seeded)), rec: make([]record, len(seeded))}
	for i, e := range seeded {
		l.pos[e.ID] = i
	}
	return l
}

// add counts a played game.
func (l *ledger) add(r Result) {
	if r.Forfeit == Voided {
		return // out of the standings
	}
	g := r.Game
	outs := l.score(r)
	var ranks []int
	if l.places != nil && r.Forfeit != NobodyCame {
		ranks = effectiveRanks(r)
	}
	for i, id := range g.Seats {
		me := &l.rec[l.pos[id]]
		o := outs[i]
		if ranks != nil {
			if p := placeOf(ranks, i); p < len(l.places[l.pos[id]]) {
				l.places[l.pos[id]][p]++
			}
		}
		me.points += o.points
		me.played++
		switch r.Forfeit {
		case id:
			me.forfeits++
		case NobodyCame:
			me.absent++
		}
		switch o.kind {
		case win:
			me.wins++
		case draw:
			me.draws++
		default:
			me.losses++
		}
		for j, other := range g.Seats {
			if j != i {
				me.meetings = append(me.meetings, meeting{round: g.Round, opp: l.pos[other], points: o.points})
			}
		}
	}
}

// score is score(r), in place points when the ledger counts places (pools).
func (l *ledger) score(r Result) []outcome {
	outs := score(r)
	if l.places != nil {
		for i := range outs {
			outs[i].points = placePoints(outs[i].points, len(outs))
		}
	}
	return outs
}

// placeOf is seat i's place, 0 for first: how many seats ranked strictly better (seats that
// tie share the best place they cover, as in 1, 2, 2, 4).
func placeOf(ranks []int, i int) int {
	p := 0
	for _, r := range ranks {
		if r < ranks[i] {
			p++
		}
	}
	return p
}

// seat notes who sat first in a two-player pairing, for seat balancing.
func (l *ledger) seat(first, second string) {
	a, b := &l.rec[l.pos[first]], &l.rec[l.pos[second]]
	a.firsts++
	a.lastSeat = 1
	b.seconds++
	b.lastSeat = 2
}

// bye counts a round sat out, worth points.
func (l *ledger) bye(id string, points float64) {
	me := &l.rec[l.pos[id]]
	me.byes++
	me.points += points
}

// standing is an entrant's line without rank or tie-breaks.
func (l *ledger) standing(i int) Standing {
	e, r := l.seeded[i], l.rec[i]
	s := Standing{ID: e.ID, Name: e.Name, Points: r.points, Played: r.played,
		Wins: r.wins, Draws: r.draws, Losses: r.losses, Byes: r.byes, Forfeits: r.forfeits, Absent: r.absent}
	if l.places != nil {
		s.Places = slices.Clone(l.places[i])
	}
	return s
}

// headToHead is the points each of group scored in games against the others of group,
// for those of group who played one of the others (met).
func (l *ledger) headToHead(group []int) (points map[int]float64, met map[int]bool) {
	in := make(map[int]bool, len(group))
	for _, i := range group {
		in[i] = true
	}
	points = make(map[int]float64, len(group))
	met = make(map[int]bool, len(group))
	for _, i := range group {
		for _, m := range l.rec[i].meetings {
			if in[m.opp] {
				points[i] += m.points
				met[i] = true
			}
		}
	}
	return points, met
}

// headToHeads is the head-to-head tie-break of each entrant: the points it scored against
// those tied with it on key (positions sorted by key), not applicable (NA) to an entrant
// tied with nobody, or with nobody it played.
func (l *ledger) headToHeads(order []int, key func(int) []float64) map[int]TieBreak {
	out := make(map[int]TieBreak, len(order))
	for _, i := range order {
		out[i] = TieBreak{Name: HeadToHead, NA: true}
	}
	for _, g := range tieGroups(order, key) {
		if len(g) < 2 {
			continue
		}
		points, met := l.headToHead(g)
		for _, i := range g {
			if met[i] {
				out[i] = TieBreak{Name: HeadToHead, Value: points[i]}
			}
		}
	}
	return out
}

// rankLines sorts the lines by key (higher first, element by element), then name and id,
// and gives equal keys a shared rank.
func rankLines(lines []Standing, key func(Standing) []float64) {
	keys := make(map[string][]float64, len(lines))
	for _, s := range lines {
		keys[s.ID] = rounded(key(s))
	}
	slices.SortStableFunc(lines, func(a, b Standing) int {
		return cmp.Or(-slices.Compare(keys[a.ID], keys[b.ID]), strings.Compare(a.Name, b.Name), strings.Compare(a.ID, b.ID))
	})
	for i := range lines {
		if i > 0 && slices.Equal(keys[lines[i].ID], keys[lines[i-1].ID]) {
			lines[i].Rank = lines[i-1].Rank
		} else {
			lines[i].Rank = i + 1
		}
	}
}

// pointsKey ranks by stage, points, then the tie-breaks in order.
func pointsKey(s Standing) []float64 {
	k := []float64{float64(s.Stage), s.Points}
	for _, t := range s.TieBreaks {
		k = append(k, t.Value)
	}
	return k
}

// tieGroups splits positions, already sorted by a key, into runs of equal key.
func tieGroups(order []int, key func(int) []float64) [][]int {
	var groups [][]int
	for i, p := range order {
		if i > 0 && slices.Equal(rounded(key(p)), rounded(key(order[i-1]))) {
			groups[len(groups)-1] = append(groups[len(groups)-1], p)
		} else {
			groups = append(groups, []int{p})
		}
	}
	return groups
}

// rounded drops the last bits of float sums, so that points added in another order (thirds,
// in pools) still compare equal.
func rounded(k []float64) []float64 {
	out := make([]float64, len(k))
	for i, v := range k {
		out[i] = math.Round(v*1e9) / 1e9
	}
	return out
}
