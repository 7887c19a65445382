package dicewars

import (
	"encoding/json"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/games/chance"
)

// board is a hand-made game on a bare graph: owners and dice per area (1..N), seat 0 to play.
func board(adj [][]int, owner, dice []int, players int) *State {
	s := &State{m: Map{Adj: adj}, owner: slices.Clone(owner), dice: slices.Clone(dice),
		stock: make([]int, players), round: 1, rng: chance.New("dicewars/test", 1)}
	for p := range players {
		s.order = append(s.order, p)
	}
	return s
}

// A line of four areas: 1 - 2 - 3 - 4.
var line4 = [][]int{{2}, {1, 3}, {2, 4}, {3}}

func TestGeneratorOver200Seeds(t *testing.T) {
	for seed := uint64(0); seed < 200; seed++ {
		n := 10 + int(seed%39)
		m, err := Generate(n, rand.New(rand.NewPCG(seed, 9)))
		if err != nil {
			t.Fatalf("seed %d, %d areas: %v", seed, n, err)
		}
		if m.Areas() != n {
			t.Fatalf("seed %d: %d areas, want %d", seed, m.Areas(), n)
		}
		if !connected(m.Adj) {
			t.Fatalf("seed %d: the areas are not connected", seed)
		}
		for a, nbs := range m.Adj {
			for _, b := range nbs {
				if !slices.Contains(m.Adj[b-1], a+1) {
					t.Fatalf("seed %d: %d lists %d but not the other way", seed, a+1, b)
				}
			}
		}
		// Every area is one piece of the grid, of more than minArea cells.
		for id := 1; id <= n; id++ {
			var cells []int
			for i, o := range m.Cells {
				if o == id {
					cells = append(cells, i)
				}
			}
			if len(cells) <= minArea {
				t.Fatalf("seed %d: area %d has %d cells", seed, id, len(cells))
			}
			seen := map[int]bool{cells[0]: true}
			stack := []int{cells[0]}
			for len(stack) > 0 {
				c := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				for _, nb := range cellNeighbours(c%GridCols, c/GridCols) {
					if j := nb[1]*GridCols + nb[0]; m.Cells[j] == id && !seen[j] {
						seen[j] = true
						stack = append(stack, j)
					}
				}
			}
			if len(seen) != len(cells) {
				t.Fatalf("seed %d: area %d is in pieces", seed, id)
			}
		}
		again, _ := Generate(n, rand.New(rand.NewPCG(seed, 9)))
		if !slices.Equal(again.Cells, m.Cells) {
			t.Fatalf("seed %d: two maps", seed)
		}
	}
}

func TestDealGivesEveryAreaADieAndTwoMoreAnArea(t *testing.T) {
	for players := 2; players <= 8; players++ {
		s, err := NewState(30, players, uint64(players))
		if err != nil {
			t.Fatal(err)
		}
		total, counts := 0, make([]int, players)
		for id := 1; id <= 30; id++ {
			if d := s.Dice(id); d < 1 || d > MaxDice {
				t.Fatalf("area %d has %d dice", id, d)
			}
			total += s.Dice(id)
			counts[s.Owner(id)]++
		}
		if total != 3*30 {
			t.Fatalf("%d players: %d dice, want 90", players, total)
		}
		if slices.Max(counts)-slices.Min(counts) > 1 {
			t.Fatalf("%d players: areas dealt %v", players, counts)
		}
	}
	if _, err := NewState(3, 8, 1); err == nil || !strings.Contains(err.Error(), "areas 3") {
		t.Fatalf("3 areas for 8 players: %v", err)
	}
}

func TestBattlesTiesGoToTheDefender(t *testing.T) {
	s := board(line4, []int{0, 1, 0, 1}, []int{5, 3, 1, 1}, 2)
	s.resolve(Action{1, 2}, false) // a lost battle (a tie is one): the attacker keeps one die
	if s.Owner(2) != 1 || s.Dice(2) != 3 || s.Dice(1) != 1 {
		t.Fatalf("after a lost battle: owners %v dice %v", s.owner, s.dice)
	}
	s = board(line4, []int{0, 1, 0, 1}, []int{5, 3, 1, 1}, 2)
	s.resolve(Action{1, 2}, true) // a won battle: the area changes hands with the dice but one
	if s.Owner(2) != 0 || s.Dice(2) != 4 || s.Dice(1) != 1 {
		t.Fatalf("after a capture: owners %v dice %v", s.owner, s.dice)
	}
	// Played for real, a battle is won exactly when the attacker's sum is higher.
	for seed := uint64(0); seed < 300; seed++ {
		s := board(line4, []int{0, 1, 0, 1}, []int{4, 4, 1, 1}, 2)
		s.rng = chance.New("dicewars/test", seed)
		ev, err := s.Apply(0, Action{1, 2})
		if err != nil {
			t.Fatal(err)
		}
		d := ev[0].Data.(BattleData)
		if d.Won != (sum(d.Attack) > sum(d.Defend)) || len(d.Attack) != 4 || len(d.Defend) != 4 || (s.Owner(2) == 0) != d.Won {
			t.Fatalf("seed %d: %+v, owner of 2 now %d", seed, d, s.Owner(2))
		}
	}
}

func TestEliminationOrderRanks(t *testing.T) {
	// Three players on a line; seat 0 takes seat 1's last area, then seat 2's.
	s := board(line4, []int{0, 1, 2, 2}, []int{8, 1, 1, 1}, 3)
	for seed := uint64(0); len(s.out) < 1; seed++ {
		s.rng = chance.New("dicewars/test", seed)
		c := s.Clone().(*State)
		c.Apply(0, Action{1, 2})
		if c.Owner(2) == 0 {
			s = c
		}
	}
	if !slices.Equal(s.out, []int{1}) {
		t.Fatalf("out %v", s.out)
	}
	s.owner, s.dice = []int{0, 0, 0, 2}, []int{1, 1, 8, 1}
	for seed := uint64(0); !s.Over(); seed++ {
		s.rng = chance.New("dicewars/test", seed)
		c := s.Clone().(*State)
		c.Apply(0, Action{3, 4})
		if c.Owner(4) == 0 {
			s = c
		}
	}
	if o := s.Outcome(); !slices.Equal(o.Ranks, []int{1, 3, 2}) {
		t.Fatalf("ranks %v, want seat 0 first, seat 2 second (out last), seat 1 third", o.Ranks)
	}
	// The panel says the place an elimination gives, not its order (the first out is last).
	for seat, want := range map[int]string{1: "out · 3rd place", 2: "out · 2nd place"} {
		if got := (view{}).Status(s, seat); got != want {
			t.Errorf("seat %d's status %q, want %q", seat, got, want)
		}
	}
}

func TestSupplyAddsTheLargestGroupUpToTheStockCap(t *testing.T) {
	// Seat 0 holds areas 1, 2 (connected) and 4: its largest group is 2.
	s := board(line4, []int{0, 0, 1, 0}, []int{1, 1, 1, 1}, 2)
	s.Apply(0, End)
	if got := s.Dice(1) + s.Dice(2) + s.Dice(4); got != 3+2 || s.Stock(0) != 0 {
		t.Fatalf("dice %v stock %d", s.dice, s.Stock(0))
	}
	// Full areas: everything goes to the stock, capped at 64.
	s = board(line4, []int{0, 0, 1, 0}, []int{8, 8, 1, 8}, 2)
	s.stock[0] = 63
	s.Apply(0, End)
	if s.Stock(0) != StockMax {
		t.Fatalf("stock %d, want %d", s.Stock(0), StockMax)
	}
	if s.Turn() != 1 {
		t.Fatalf("seat %d to play after seat 0's turn", s.Turn())
	}
}

func TestRoundCapRanksByAreasThenDice(t *testing.T) {
	s := board(line4, []int{0, 0, 1, 1}, []int{1, 1, 1, 2}, 2)
	for !s.Over() {
		s.Apply(s.Turn(), End)
	}
	if !s.capped || s.round != RoundCap+1 {
		t.Fatalf("capped %v at round %d", s.capped, s.round)
	}
	o := s.Outcome()
	// Both hold 2 areas; seat 1 has more dice once the supplies are in (both full at 8+8).
	if o.Ranks[0] == o.Ranks[1] && s.TotalDice(0) != s.TotalDice(1) {
		t.Fatalf("ranks %v with dice %d and %d", o.Ranks, s.TotalDice(0), s.TotalDice(1))
	}
}

func TestValidateNamesTheRule(t *testing.T) {
	s := board(line4, []int{0, 1, 0, 1}, []int{1, 3, 2, 1}, 2)
	for _, tc := range []struct {
		a    Action
		code string
	}{
		{Action{9, 2}, "unknown_area"},
		{Action{1, 2}, "one_die"},
		{Action{2, 3}, "not_yours"},
		{Action{3, 1}, "own_area"},
		{Action{3, 2}, ""},
		{Action{3, 4}, ""},
	} {
		err := s.Validate(0, tc.a)
		if got := ""; err != nil {
			got = games.IllegalCode(err)
			if got != tc.code {
				t.Errorf("%v: %v (%s), want %s", tc.a, err, got, tc.code)
			}
		} else if tc.code != "" {
			t.Errorf("%v accepted, want %s", tc.a, tc.code)
		}
	}
	s = board([][]int{{2}, {1, 3}, {2}}, []int{0, 1, 1}, []int{3, 1, 1}, 2)
	if err := s.Validate(0, Action{1, 3}); games.IllegalCode(err) != "not_adjacent" {
		t.Errorf("a non-neighbour: %v", err)
	}
	// A refused attack played anyway ends the turn.
	s.Apply(0, Action{1, 3})
	if s.Turn() != 1 {
		t.Fatal("a refused attack did not end the turn")
	}
}

func TestWinChancesAreExact(t *testing.T) {
	if got := WinChance(2, 1); math.Abs(got-181.0/216) > 1e-12 {
		t.Fatalf("2 against 1: %v, want 181/216", got)
	}
	if got := WinChance(1, 1); math.Abs(got-15.0/36) > 1e-12 {
		t.Fatalf("1 against 1: %v, want 15/36", got)
	}
	for a := 1; a <= MaxDice; a++ {
		for d := 1; d < MaxDice; d++ {
			if WinChance(a, d) < WinChance(a, d+1) {
				t.Fatalf("more defenders made it easier: %d vs %d", a, d)
			}
		}
	}
}

func TestActionsReadAndWriteAsTheProtocolSays(t *testing.T) {
	for _, raw := range []string{`"end"`, `{"attack":[3,7]}`} {
		a, err := Game.DecodeAction(json.RawMessage(raw))
		if err != nil {
			t.Fatal(err)
		}
		b, _ := json.Marshal(a)
		if string(b) != raw {
			t.Fatalf("%s came back as %s", raw, b)
		}
	}
	for _, bad := range []string{`"attack"`, `{"attack":[1]}`, `{"attack":[1,2],"x":1}`, `7`} {
		if _, err := Game.DecodeAction(json.RawMessage(bad)); err == nil {
			t.Errorf("%s accepted", bad)
		}
	}
}

func sum(dice []int) (n int) {
	for _, d := range dice {
		n += d
	}
	return n
}
