package sevencolors

import (
	"strings"
	"testing"

	"github.com/arena-classroom/arena/bots"
	"github.com/arena-classroom/arena/games"
	sc "github.com/arena-classroom/arena/games/sevencolors"
)

// position reads a board drawn with the view's Plain glyphs, rows from the top.
func position(t *testing.T, toMove int, rows ...string) *sc.State {
	t.Helper()
	codes := map[rune]int{'.': 0, '^': 1, 'v': 2}
	var cells []int
	for _, row := range rows {
		for _, r := range strings.ReplaceAll(row, " ", "") {
			if r >= 'A' && r <= 'G' {
				cells = append(cells, sc.MinColor+int(r-'A'))
			} else {
				cells = append(cells, codes[r])
			}
		}
	}
	s, err := sc.FromBoard(len(rows), cells, toMove)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// swapPlayers draws the same position with ^ and v exchanged.
func swapPlayers(rows []string) []string {
	out := make([]string, len(rows))
	for i, r := range rows {
		out[i] = strings.Map(func(c rune) rune {
			switch c {
			case '^':
				return 'v'
			case 'v':
				return '^'
			}
			return c
		}, r)
	}
	return out
}

func choose(t *testing.T, name string, s *sc.State, seat int) int {
	t.Helper()
	info, ok := bots.Find(All, name)
	if !ok {
		t.Fatalf("no bot %q", name)
	}
	return info.New(1).Choose(s, seat).(int)
}

func TestDeterministicBots(t *testing.T) {
	cases := []struct {
		name                     string
		rows                     []string
		greedy, hegemonic, mixed int
	}{
		{
			// A gains 8 cells but leaves 5 frontier cells; B gains 6 and opens 10 (the A
			// row and the D row). The frontier grows from 2, so mixed follows hegemonic.
			name: "frontier grows",
			rows: []string{
				"DDDDv",
				"DDDDD",
				"BBBBB",
				"BAAAA",
				"^AAAA",
			},
			greedy: 3, hegemonic: 4, mixed: 4,
		},
		{
			// A gains 3 and leaves 1 frontier cell; B gains 2 and leaves 2 (A and C), no
			// more than now (A and B): mixed falls back to greedy.
			name: "frontier cannot grow",
			rows: []string{
				"....v",
				".....",
				"BC...",
				"B....",
				"^AAA.",
			},
			greedy: 3, hegemonic: 4, mixed: 3,
		},
		{
			// E and C both leave a frontier of 1: hegemonic takes the larger gain (E, 2
			// cells), not the lower colour.
			name: "hegemonic tie",
			rows: []string{
				"...v",
				"E...",
				"E...",
				"^C..",
			},
			greedy: 7, hegemonic: 7, mixed: 7,
		},
		{
			// C and E gain 1 each and leave a frontier of 1 each: the lowest colour.
			name: "full tie",
			rows: []string{
				"..v",
				"E..",
				"^C.",
			},
			greedy: 5, hegemonic: 5, mixed: 5,
		},
		{
			// Nothing gains: every bot names 3, a lost turn.
			name:   "blocked",
			rows:   []string{"^.", ".v"},
			greedy: 3, hegemonic: 3, mixed: 3,
		},
	}
	for _, tc := range cases {
		for seat, rows := range [][]string{tc.rows, swapPlayers(tc.rows)} {
			s := position(t, seat+1, rows...)
			for name, want := range map[string]int{"greedy": tc.greedy, "hegemonic": tc.hegemonic, "mixed": tc.mixed} {
				if got := choose(t, name, s, seat); got != want {
					t.Errorf("%s, seat %d: %s chose %d, want %d", tc.name, seat, name, got, want)
				}
			}
		}
	}
}

func TestRandomBots(t *testing.T) {
	s := position(t, 1,
		"DDDDv",
		"DDDDD",
		"BBBBB",
		"BAAAA",
		"^AAAA",
	)
	random, _ := bots.Find(All, "random_player")
	improving, _ := bots.Find(All, "random_improving")
	r1, r2, r3, imp := random.New(7), random.New(7), random.New(8), improving.New(7)
	var all, gaining [10]int
	same, differ := true, false
	for range 700 {
		a := r1.Choose(s, 0).(int)
		if a < sc.MinColor || a > sc.MaxColor {
			t.Fatalf("random chose %d", a)
		}
		all[a]++
		if r2.Choose(s, 0).(int) != a {
			same = false
		}
		if r3.Choose(s, 0).(int) != a {
			differ = true
		}
		gaining[imp.Choose(s, 0).(int)]++
	}
	if !same || !differ {
		t.Errorf("random: same seed same choices %v, other seed other choices %v", same, differ)
	}
	for c := sc.MinColor; c <= sc.MaxColor; c++ {
		if all[c] < 50 { // 100 expected
			t.Errorf("random chose %d only %d times in 700", c, all[c])
		}
	}
	// random_improving: only A and B gain here.
	if gaining[3] < 250 || gaining[4] < 250 || gaining[3]+gaining[4] != 700 {
		t.Errorf("random_improving choices %v, want A and B only, about evenly", gaining)
	}
	// With nothing to gain, random_improving is random over 3..9.
	blocked := position(t, 1, "^.", ".v")
	var spread [10]int
	for range 700 {
		spread[imp.Choose(blocked, 0).(int)]++
	}
	for c := sc.MinColor; c <= sc.MaxColor; c++ {
		if spread[c] == 0 {
			t.Errorf("blocked random_improving never chose %d", c)
		}
	}
}

func TestBotList(t *testing.T) {
	var names []string
	for _, b := range All {
		names = append(names, b.Name)
		if b.About == "" || b.New == nil {
			t.Errorf("bot %s lacks About or New", b.Name)
		}
	}
	if got := strings.Join(names, ","); got != "random,random_improving,greedy,hegemonic,mixed" {
		t.Errorf("bots %s", got)
	}
	if b, ok := bots.Find(All, "random_player"); !ok || b.Name != "random" {
		t.Error("random_player is not an alias of random")
	}
}

// Greedy beats random nearly always (eredor's report: about 100%).
func TestGreedyBeatsRandom(t *testing.T) {
	greedy, _ := bots.Find(All, "greedy")
	random, _ := bots.Find(All, "random")
	wins := 0
	for seed := range uint64(100) {
		// Both seat orders.
		o := playGame(t, seed, 10, greedy.New(seed), random.New(seed))
		if o.Winner() == 0 {
			wins++
		}
		o = playGame(t, seed, 10, random.New(seed), greedy.New(seed))
		if o.Winner() == 1 {
			wins++
		}
	}
	if wins < 190 {
		t.Errorf("greedy won %d of 200 against random", wins)
	}
}

// Bots only ever name colours, and their games end, on every size.
func TestBotsPlayWholeGames(t *testing.T) {
	for i, x := range All {
		for j, y := range All {
			for _, n := range []int{2, 3, 7, 20} {
				seed := uint64(100*i + 10*j + n)
				st, _ := sc.Game.New(games.Config{"size": n}, 2, seed)
				seats := [2]bots.Bot{x.New(seed), y.New(seed + 1)}
				for !st.Over() {
					seat := st.ToMove()[0]
					a := seats[seat].Choose(st, seat)
					if c := a.(int); c < sc.MinColor || c > sc.MaxColor {
						t.Fatalf("%s chose %d", [2]string{x.Name, y.Name}[seat], c)
					}
					if _, err := st.Apply(seat, a); err != nil {
						t.Fatal(err)
					}
				}
			}
		}
	}
}
