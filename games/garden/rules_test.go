package garden

import (
	"math"
	"slices"
	"testing"
)

// Rule 1: five rows of 5, 6, 7, 6 and 5 cells, the six corners cut, neighbours both ways.
func TestTheGardenHas29CellsWithSixNeighboursAtMost(t *testing.T) {
	var rows [Rows]int
	for h := range Hex(NumCells) {
		rows[h.R()]++
		if HexAt(h.R(), h.Q()) != h {
			t.Fatalf("cell %d is (%d,%d), which maps back to %d", h, h.R(), h.Q(), HexAt(h.R(), h.Q()))
		}
		if n := len(Neighbours(h)); n < 2 || n > 6 {
			t.Fatalf("%s has %d neighbours", h, n)
		}
		for _, n := range Neighbours(h) {
			if !slices.Contains(Neighbours(n), h) || !Adjacent(h, n) {
				t.Fatalf("%s lists %s, not the other way", h, n)
			}
		}
	}
	if rows != [Rows]int{5, 6, 7, 6, 5} {
		t.Fatalf("rows of %v", rows)
	}
	for _, c := range cut {
		if HexAt(c[0], c[1]) != NoHex {
			t.Fatalf("the cut corner %v is a cell", c)
		}
	}
	// (2,3), in the middle, has all six, in the order of rule 1.
	want := []Hex{at(1, 3), at(1, 4), at(2, 4), at(3, 3), at(3, 2), at(2, 2)}
	if got := Neighbours(at(2, 3)); !slices.Equal(got, want) {
		t.Fatalf("neighbours of (2,3): %v, want %v", got, want)
	}
	// (0,2) lost (0,1) to the cut: (0,3), (1,2) and (1,1) are left.
	if got := Neighbours(at(0, 2)); !slices.Equal(got, []Hex{at(0, 3), at(1, 2), at(1, 1)}) {
		t.Fatalf("neighbours of (0,2): %v", got)
	}
	if d := distance(StartHex(0), StartHex(1)); d != 6 {
		t.Fatalf("the start cells are %d steps apart, want 6", d)
	}
}

// distance counts the steps from a to b.
func distance(a, b Hex) int {
	dist := map[Hex]int{a: 0}
	queue := []Hex{a}
	for len(queue) > 0 {
		h := queue[0]
		queue = queue[1:]
		for _, n := range Neighbours(h) {
			if _, ok := dist[n]; !ok {
				dist[n] = dist[h] + 1
				queue = append(queue, n)
			}
		}
	}
	return dist[b]
}

// Rules 2 and 4: four distinct specials off the start cells, 25 simple cells with yields
// 0..2, 3 creatures on each start, nothing else; the same seed deals the same garden.
func TestANewGardenAsRules2And4Deal(t *testing.T) {
	firsts := map[int]int{}
	for seed := uint64(0); seed < 100; seed++ {
		s := NewState(DefaultRounds, seed)
		var kinds [Pool + 1]int
		for h := range Hex(NumCells) {
			c := s.Cell(h)
			kinds[c.Kind]++
			if c.Kind != Simple && (h == StartHex(0) || h == StartHex(1)) {
				t.Fatalf("seed %d: %s on a start cell", seed, c.Kind)
			}
			if c.Yield < 0 || c.Yield > 2 {
				t.Fatalf("seed %d: yield %d", seed, c.Yield)
			}
			if h == StartHex(0) || h == StartHex(1) {
				if c.Creatures != StartCreatures || int(c.Owner) != slices.Index(startHex[:], h) {
					t.Fatalf("seed %d: start cell %s: %+v", seed, h, c)
				}
			} else if !c.Empty() || c.Owner != -1 {
				t.Fatalf("seed %d: %s is not empty", seed, h)
			}
		}
		if kinds != [Pool + 1]int{25, 1, 1, 1, 1} {
			t.Fatalf("seed %d: kinds %v", seed, kinds)
		}
		if s.Phase() != ChoosingClans || s.Turn() != s.First() || s.Player(0) != (Player{}) {
			t.Fatalf("seed %d: the game does not start with the first player's clan", seed)
		}
		firsts[s.First()]++
		if again := NewState(DefaultRounds, seed); *again != *s {
			t.Fatalf("seed %d deals two gardens", seed)
		}
	}
	if firsts[0] < 30 || firsts[1] < 30 {
		t.Fatalf("the first player over 100 seeds: %v", firsts)
	}
}

// Rule 3: the first player picks a clan, the second cannot take it; "clan random" draws a
// free one; then the first player's turn begins with its income.
func TestClansAreChosenFirstAndDiffer(t *testing.T) {
	for seed := uint64(0); seed < 20; seed++ {
		s := NewState(DefaultRounds, seed)
		first := s.First()
		refused(t, s, "move 2 0 2 1", "choose_clan")
		refused(t, s, "clan elves", "unknown_clan")
		play(t, s, "clan miners")
		if s.Turn() != 1-first || s.Player(first).Clan != Miners {
			t.Fatalf("after the first clan: seat %d to move, clans %v %v", s.Turn(), s.Player(0).Clan, s.Player(1).Clan)
		}
		refused(t, s, "clan miners", "clan_taken")
		play(t, s, "clan random")
		if c := s.Player(1 - first).Clan; c == NoClan || c == Miners {
			t.Fatalf("clan random gave %v", c)
		}
		if s.Phase() != Conquest || s.Turn() != first || s.TurnNumber() != 1 || s.ActionsLeft() != ActionsPerTurn {
			t.Fatalf("the first turn has not begun: %v, seat %d, turn %d", s.Phase(), s.Turn(), s.TurnNumber())
		}
		start := s.Cell(StartHex(first))
		if got := s.Player(first).Stock[start.Resource]; got != int(start.Yield) {
			t.Fatalf("income %d %s, want the start cell's yield %d", got, start.Resource, start.Yield)
		}
		refused(t, s, "clan cooks", "clan_chosen")
	}
}

// Rule 8: into an empty neighbour all creatures but one go, without a combat or a point;
// there is no move into an own cell, from a cell of one, or to a cell not next to it.
func TestMovingIntoAnEmptyCell(t *testing.T) {
	s := handMade().put(at(2, 2), 0, 4).put(at(2, 4), 0, 2).put(at(1, 4), 1, 1)
	ev := play(t, s, "move 2 2 2 3")
	if c := s.Cell(at(2, 3)); c.Owner != 0 || c.Creatures != 3 || s.Cell(at(2, 2)).Creatures != 1 {
		t.Fatalf("after the move: %+v, source %+v", c, s.Cell(at(2, 2)))
	}
	if _, ok := eventOf(ev, "combat"); ok || s.Player(0).Points != 0 || s.ActionsLeft() != ActionsPerTurn-1 {
		t.Fatalf("an expansion fought or scored: %v, points %d", ev, s.Player(0).Points)
	}
	refused(t, s, "move 2 3 2 4", "own_cell")
	refused(t, s, "move 2 2 2 1", "one_creature")
	refused(t, s, "move 2 4 2 6", "not_adjacent")
	refused(t, s, "move 1 4 1 5", "not_yours")
}

// Rule 9: every creature rolls a d6 on each side; the attacker wins on a strictly higher sum
// (ties go to the defender), takes the cell with all but one and scores a point; a loss
// leaves the source with one.
func TestCombatTiesGoToTheDefender(t *testing.T) {
	ties, wins, losses := 0, 0, 0
	for seed := uint64(0); seed < 400; seed++ {
		s := handMade().put(at(2, 2), 0, 3).put(at(2, 3), 1, 3).put(at(4, 3), 1, 1)
		s.rng = testChance(seed)
		ev := play(t, s, "move 2 2 2 3")
		e, ok := eventOf(ev, "combat")
		if !ok {
			t.Fatalf("no combat event: %v", ev)
		}
		d := e.Data.(CombatData)
		if len(d.Attack) != 3 || len(d.Defend) != 3 {
			t.Fatalf("dice %v against %v: every creature rolls", d.Attack, d.Defend)
		}
		att, def := sum(d.Attack), sum(d.Defend)
		if d.Won != (att > def) {
			t.Fatalf("%v against %v: won %v", d.Attack, d.Defend, d.Won)
		}
		src, dst := s.Cell(at(2, 2)), s.Cell(at(2, 3))
		switch {
		case src.Creatures != 1:
			t.Fatalf("the source keeps %d", src.Creatures)
		case d.Won && (dst.Owner != 0 || dst.Creatures != 2 || s.Player(0).Points != 1):
			t.Fatalf("a win: %+v, points %d", dst, s.Player(0).Points)
		case !d.Won && (dst.Owner != 1 || dst.Creatures != 3 || s.Player(0).Points != 0):
			t.Fatalf("a loss: %+v, points %d", dst, s.Player(0).Points)
		}
		switch {
		case att == def:
			ties++
		case d.Won:
			wins++
		default:
			losses++
		}
	}
	if ties == 0 || wins == 0 || losses == 0 {
		t.Fatalf("over 400 seeds: %d ties, %d wins, %d losses", ties, wins, losses)
	}
}

func sum(xs []int) int {
	n := 0
	for _, x := range xs {
		n += x
	}
	return n
}

// Combat chances are exact: worked by hand for single dice, by brute force for the rest.
func TestWinChancesAreExact(t *testing.T) {
	for _, tc := range []struct {
		n, a, m, d int
		want       float64
	}{
		{1, 6, 1, 6, 15.0 / 36},   // 0+1+2+3+4+5 of 36
		{2, 6, 1, 6, 181.0 / 216}, // DiceWars' figure
		{1, 9, 1, 6, 33.0 / 54},   // 0+1+…+5, then 7, 8, 9 beat all six
		{1, 6, 1, 9, 15.0 / 54},   // the d9 must roll lower than the d6
		{1, 6, 5, 6, 1.0 / 46656}, // only a 6 against five 1s
	} {
		if got := WinChance(tc.n, tc.a, tc.m, tc.d); math.Abs(got-tc.want) > 1e-12 {
			t.Fatalf("%dd%d against %dd%d: %v, want %v", tc.n, tc.a, tc.m, tc.d, got, tc.want)
		}
	}
	for n := 0; n <= MaxCreatures+1; n++ {
		for m := 0; m <= MaxCreatures+1; m++ {
			for _, a := range []int{6, 9} {
				for _, d := range []int{6, 9} {
					if got, want := WinChance(n, a, m, d), bruteForce(n, a, m, d); math.Abs(got-want) > 1e-12 {
						t.Fatalf("%dd%d against %dd%d: %v, brute force %v", n, a, m, d, got, want)
					}
				}
			}
		}
	}
}

// bruteForce counts every roll of n dice of a sides against m of d sides (0 outside 1..5).
func bruteForce(n, a, m, d int) float64 {
	if n < 1 || m < 1 || n > MaxCreatures || m > MaxCreatures {
		return 0
	}
	dist := func(k, sides int) map[int]float64 {
		out := map[int]float64{0: 1}
		for range k {
			next := map[int]float64{}
			for s, w := range out {
				for f := 1; f <= sides; f++ {
					next[s+f] += w
				}
			}
			out = next
		}
		return out
	}
	att, def := dist(n, a), dist(m, d)
	wins, all := 0.0, 0.0
	for sa, wa := range att {
		for sd, wd := range def {
			all += wa * wd
			if sa > sd {
				wins += wa * wd
			}
		}
	}
	return wins / all
}
