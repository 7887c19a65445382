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
// With an odd count one player gets a bye: the lowest in pairing order who has not had one,
// or the next lowest when that one leaves no pairing at the current level. So the pairing
// has no rematch whenever some pairing without rematch exists that gives the bye to a
// player without one, and level 0's shape whenever such a pairing of that shape exists.

// maxSwiss bounds the entrants of a Swiss tournament: the search keeps sets of players as
// fixed-size bit sets.
const maxSwiss = 256

// searchBudget caps the steps of one search; past it the level counts as failed. Real
// tournaments stay far below it (the property tests check that they never reach it).
const searchBudget = 1 << 20

type bitset [maxSwiss / 64]uint64

func (b *bitset) set(i int)     { b[i/64] |= 1 << (i % 64) }
func (b *bitset) clear(i int)   { b[i/64] &^= 1 << (i % 64) }
func (b bitset) has(i int) bool { return b[i/64]&(1<<(i%64)) != 0 }

// pairing is a round's pairs, by index in pairing order.
type pairing struct {
	pairs     [][2]int // the higher player first
	bye       int      // -1 for none
	level     int
	exhausted bool // some search ran out of budget (tests want this never)
}

// pairRound pairs n players given in pairing order; group[i] is i's score group (0 the
// top, never decreasing along the order).
func pairRound(n int, group []int, met func(i, j int) bool, hadBye func(i int) bool) pairing {
	out := pairing{bye: -1}
	var byes []int // candidates for the bye, lowest first
	if n%2 == 1 {
		for i := n - 1; i >= 0; i-- {
			if !hadBye(i) {
				byes = append(byes, i)
			}
		}
		if len(byes) == 0 { // more rounds than players: cannot happen with Rounds' cap
			byes = []int{n - 1}
		}
	} else {
		byes = []int{-1}
	}
	for level := 0; level <= 2; level++ {
		for _, bye := range byes {
			s := newSearch(n, group, met, level, bye)
			ok := s.solve()
			out.exhausted = out.exhausted || s.exhausted
			if ok {
				out.level, out.bye = level, bye
				for p, q := range s.mate {
					if p != bye && p < q {
						out.pairs = append(out.pairs, [2]int{p, q})
					}
				}
				return out
			}
		}
	}
	panic("tournament: swiss level 2 always pairs") // a complete graph always has a matching
}

type search struct {
	n, level  int
	group     []int
	met       func(i, j int) bool
	pref      [][]int
	used      bitset
	mate      []int
	cross     []int // pairings across the boundary below each group
	failed    map[bitset]bool
	steps     int
	exhausted bool
}

func newSearch(n int, group []int, met func(i, j int) bool, level, bye int) *search {
	s := &search{n: n, level: level, group: group, met: met, mate: make([]int, n),
		cross: make([]int, group[n-1]+1), failed: map[bitset]bool{}}
	if bye >= 0 {
		s.used.set(bye)
		s.mate[bye] = bye
	}
	s.pref = preferences(n, group, bye)
	if level == 2 { // known opponents last
		for p, list := range s.pref {
			fresh, old := []int{}, []int{}
			for _, q := range list {
				if met(p, q) {
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
func preferences(n int, group []int, bye int) [][]int {
	// members of each group, in order, without the bye
	var members [][]int
	for i := 0; i < n; i++ {
		for len(members) <= group[i] {
			members = append(members, nil)
		}
		if i != bye {
			members[group[i]] = append(members[group[i]], i)
		}
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
		return true
	}
	if s.exhausted || s.failed[s.used] {
		return false
	}
	if s.steps++; s.steps > searchBudget {
		s.exhausted = true
		return false
	}
	before := s.used
	s.used.set(p)
	for _, q := range s.pref[p] {
		if s.used.has(q) || (s.level < 2 && s.met(p, q)) || (s.level == 0 && !s.mayCross(p, q)) {
			continue
		}
		s.used.set(q)
		s.mate[p], s.mate[q] = q, p
		s.addCross(p, q, 1)
		if s.solve() {
			return true
		}
		s.addCross(p, q, -1)
		s.used.clear(q)
	}
	s.used = before
	if !s.exhausted {
		s.failed[before] = true
	}
	return false
}

// mayCross says whether p and q can meet at level 0: no boundary between their groups has
// been crossed yet. Because each boundary is crossed at most once, the crossings follow
// from the set of paired players, which is what makes remembering failed sets sound.
func (s *search) mayCross(p, q int) bool {
	for j := s.group[p]; j < s.group[q]; j++ {
		if s.cross[j] > 0 {
			return false
		}
	}
	return true
}

func (s *search) addCross(p, q, d int) {
	for j := s.group[p]; j < s.group[q]; j++ {
		s.cross[j] += d
	}
}
