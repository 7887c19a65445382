package tournament

// Swiss pairing, as a search over the players in pairing order (points, then seed).
//
// The first unpaired player takes the first acceptable partner from a preference list:
// first its own score group, aiming at the player half a group below it (top half against
// bottom half: with 8 equal players, 1–5, 2–6, 3–7, 4–8) and trying the nearest
// alternatives after; then the lower groups, nearest group and best player first. When
// the rest cannot be completed the search backs up and takes the next partner; a set of
// unpaired players known to fail is remembered, so no set is tried twice.
//
// The rules are relaxed in three levels, each tried in full before the next:
//
//	0. no rematch, and at most one pairing across each score-group boundary (a group with
//	   an odd count sends exactly one player down, who meets a player of a lower group);
//	1. no rematch, floaters as needed;
//	2. rematches allowed, the fewest the first choices give.
//
// With an odd count one player gets a bye, which comes last in every preference list: it
// goes to the player left over once those above are paired, normally the lowest in
// pairing order who has not had a bye. Each level searches every pairing and every bye to
// a player without one, so the guarantees are exact (within a budget of steps that the
// tests never come near):
//
//   - no rematch whenever some pairing without rematch exists;
//   - at most one pairing across each score-group boundary whenever some pairing without
//     rematch has that shape.
//
// Two cuts keep the search small. At level 0 a boundary is crossed only when the number
// of players above it is odd: with at most one crossing, an even number must pair among
// itself. And a branch stops as soon as some unpaired player has nobody left it may meet.

// maxSwiss bounds the entrants of a Swiss tournament: the search keeps sets of players as
// fixed-size bit sets.
const maxSwiss = 256

// searchBudget caps the steps of one search; past it the level counts as failed. Real
// tournaments stay far below it (the property tests check that they never reach it); a
// variable only so that a test can reach it.
var searchBudget = 1 << 20

type bitset [maxSwiss / 64]uint64

func (b *bitset) set(i int)     { b[i/64] |= 1 << (i % 64) }
func (b *bitset) clear(i int)   { b[i/64] &^= 1 << (i % 64) }
func (b bitset) has(i int) bool { return b[i/64]&(1<<(i%64)) != 0 }

// meets says whether some player is in both b and c, among positions [from, to).
func (b *bitset) meets(c *bitset, from, to int) bool {
	for w := from / 64; w <= (to-1)/64; w++ {
		x := b[w] & c[w]
		if w == from/64 {
			x &= ^uint64(0) << (from % 64)
		}
		if w == (to-1)/64 && to%64 != 0 {
			x &= 1<<(to%64) - 1
		}
		if x != 0 {
			return true
		}
	}
	return false
}

// pairing is a round's pairs, by index in pairing order.
type pairing struct {
	pairs     [][2]int // the higher player first
	bye       int      // -1 for none
	level     int      // the relaxation used; 3 for the fallback past the budget
	exhausted bool     // some search ran out of budget (tests want this never)
}

// pairRound pairs n players given in pairing order; group[i] is i's score group (0 the
// top, never decreasing along the order).
func pairRound(n int, group []int, met func(i, j int) bool, hadBye func(i int) bool) pairing {
	m := make([][]bool, n)
	for i := range m {
		m[i] = make([]bool, n)
		for j := range m[i] {
			m[i][j] = i != j && met(i, j)
		}
	}
	byeOK := make([]bool, n)
	if n%2 == 1 {
		some := false
		for i := range byeOK {
			byeOK[i] = !hadBye(i)
			some = some || byeOK[i]
		}
		if !some { // more rounds than players: Rounds' cap rules it out
			for i := range byeOK {
				byeOK[i] = true
			}
		}
	}
	pref := preferences(n, group)
	out := pairing{bye: -1}
	for level := 0; level <= 2; level++ {
		s := newSearch(n, level, group, m, pref, byeOK)
		ok := s.solve()
		out.exhausted = out.exhausted || s.exhausted
		if ok {
			out.level, out.bye = level, s.bye
			for p, q := range s.mate {
				if q > p {
					out.pairs = append(out.pairs, [2]int{p, q})
				}
			}
			return out
		}
	}
	// Level 2 always pairs within its budget, since anyone may meet anyone; should it ever
	// run out, pair down the order rather than fail a tournament.
	out.level = 3
	for p := n - 1; p >= 0 && n%2 == 1 && out.bye < 0; p-- {
		if byeOK[p] {
			out.bye = p
		}
	}
	var rest []int
	for p := range n {
		if p != out.bye {
			rest = append(rest, p)
		}
	}
	for k := 0; k+1 < len(rest); k += 2 {
		out.pairs = append(out.pairs, [2]int{rest[k], rest[k+1]})
	}
	return out
}

// searchKey is a state of the search: who is paired, and who has the bye (−1: nobody yet).
// With at most one pairing across each boundary, the crossings follow from it.
type searchKey struct {
	used bitset
	bye  int
}

type search struct {
	n, level  int
	odd       bool
	group     []int
	met       [][]bool
	pref      [][]int
	byeOK     []bool
	used      bitset
	free      []bitset // free[p]: the players p may meet at this level
	start     []int    // first position of each group, and n at the end
	bye       int
	mate      []int
	cross     []int // pairings across the boundary below each group
	failed    map[searchKey]bool
	steps     int
	exhausted bool
}

func newSearch(n, level int, group []int, met [][]bool, pref [][]int, byeOK []bool) *search {
	s := &search{n: n, level: level, odd: n%2 == 1, group: group, met: met, pref: pref,
		byeOK: byeOK, bye: -1, mate: make([]int, n), cross: make([]int, group[n-1]+1),
		failed: map[searchKey]bool{}}
	for i := range s.mate {
		s.mate[i] = -1
	}
	s.free = make([]bitset, n)
	for p := range s.free {
		for q := 0; q < n; q++ {
			if q != p && (level == 2 || !met[p][q]) {
				s.free[p].set(q)
			}
		}
	}
	s.start = make([]int, len(s.cross)+1)
	for i := n - 1; i >= 0; i-- {
		s.start[group[i]] = i
	}
	s.start[len(s.cross)] = n
	if level == 2 { // known opponents last
		s.pref = make([][]int, n)
		for p, list := range pref {
			var fresh, old []int
			for _, q := range list {
				if met[p][q] {
					old = append(old, q)
				} else {
					fresh = append(fresh, q)
				}
			}
			s.pref[p] = append(fresh, old...)
		}
	}
	return s
}

// preferences lists, for each player, the later players in the order it would take them.
func preferences(n int, group []int) [][]int {
	var members [][]int // of each group, in order
	for i := 0; i < n; i++ {
		for len(members) <= group[i] {
			members = append(members, nil)
		}
		members[group[i]] = append(members[group[i]], i)
	}
	pref := make([][]int, n)
	for g, ms := range members {
		half := len(ms) / 2
		for idx, p := range ms {
			target := idx + half
			var list []int
			// same group: the target, then outwards, the lower one first at equal distance
			for d := 0; d < len(ms); d++ {
				if j := target + d; j > idx && j < len(ms) {
					list = append(list, ms[j])
				}
				if j := target - d; d > 0 && j > idx && j < len(ms) {
					list = append(list, ms[j])
				}
			}
			for _, lower := range members[g+1:] {
				list = append(list, lower...)
			}
			pref[p] = list
		}
	}
	return pref
}

func (s *search) solve() bool {
	p := 0
	for p < s.n && s.used.has(p) {
		p++
	}
	if p == s.n {
		return true // with an odd count, parity has made someone take the bye
	}
	key := searchKey{s.used, s.bye}
	if s.exhausted || s.failed[key] {
		return false
	}
	if s.steps++; s.steps > searchBudget {
		s.exhausted = true
		return false
	}
	if s.stranded() {
		s.failed[key] = true
		return false
	}
	s.used.set(p)
	for _, q := range s.pref[p] {
		if s.used.has(q) || (s.level < 2 && s.met[p][q]) || (s.level == 0 && !s.mayCross(p, q)) {
			continue
		}
		s.used.set(q)
		s.mate[p], s.mate[q] = q, p
		s.addCross(p, q, 1)
		if s.solve() {
			return true
		}
		s.addCross(p, q, -1)
		s.mate[p], s.mate[q] = -1, -1
		s.used.clear(q)
	}
	// the bye comes last in everyone's preference, so it goes to the lowest player the
	// pairing above leaves over
	if s.odd && s.bye < 0 && s.byeOK[p] {
		s.bye = p
		if s.solve() {
			return true
		}
		s.bye = -1
	}
	s.used.clear(p)
	if !s.exhausted {
		s.failed[key] = true
	}
	return false
}

// stranded says whether some unpaired player has nobody left to meet (nor the bye), so
// that the search below this point cannot succeed: cheap, and it cuts most dead ends.
func (s *search) stranded() bool {
	var unpaired bitset
	for i := 0; i < s.n; i++ {
		if !s.used.has(i) {
			unpaired.set(i)
		}
	}
	groups := len(s.cross)
	for r := 0; r < s.n; r++ {
		if s.used.has(r) || (s.odd && s.bye < 0 && s.byeOK[r]) {
			continue
		}
		lo, hi := 0, groups-1 // the groups r can reach without crossing a used boundary
		if s.level == 0 {
			lo, hi = s.group[r], s.group[r]
			for lo > 0 && s.open(lo-1) {
				lo--
			}
			for hi < groups-1 && s.open(hi) {
				hi++
			}
		}
		if !s.free[r].meets(&unpaired, s.start[lo], s.start[hi+1]) {
			return true
		}
	}
	return false
}

// mayCross says whether p and q can meet at level 0: no boundary between their groups has
// been crossed yet. Because each boundary is crossed at most once, the crossings follow
// from the set of paired players, which is what makes remembering failed sets sound.
func (s *search) mayCross(p, q int) bool {
	for j := s.group[p]; j < s.group[q]; j++ {
		if !s.open(j) {
			return false
		}
	}
	return true
}

// open says whether boundary j may still be crossed at level 0: nobody has crossed it, and
// the count above it is odd (an even count pairs up among itself) or not known yet (the
// bye is still to give).
func (s *search) open(j int) bool {
	if s.cross[j] > 0 {
		return false
	}
	if s.odd && s.bye < 0 {
		return true
	}
	above := s.start[j+1]
	if s.odd && s.group[s.bye] <= j {
		above--
	}
	return above%2 == 1
}

func (s *search) addCross(p, q, d int) {
	for j := s.group[p]; j < s.group[q]; j++ {
		s.cross[j] += d
	}
}
