package warhammer_test

import (
	"flag"
	"fmt"
	"strings"
	"testing"

	"github.com/arena-classroom/arena/bots"
	wh "github.com/arena-classroom/arena/games/warhammer"
)

var roundRobinGames = flag.Int("rr", 0, "TestRoundRobin: games per pairing (0 skips it)")

// playGame plays one game of the named house bots (seat order as given) on a size board and
// returns its ranks. Bots are seeded from the game's seed and their seat.
func playGame(size int, names []string, seed uint64) []int {
	st, err := wh.NewState(size, len(names), seed)
	if err != nil {
		panic(err)
	}
	players := make([]bots.Bot, len(names))
	for k, n := range names {
		players[k] = info(n).New(seed*16 + uint64(k))
	}
	for !st.Over() {
		seat := st.Turn()
		a := players[seat].Choose(st, seat)
		if st.Validate(seat, a) != nil {
			a = st.DefaultAction(seat)
		}
		if _, err := st.Apply(seat, a); err != nil {
			panic(err)
		}
	}
	return st.Outcome().Ranks
}

// TestRoundRobin prints the strength tables of docs/warhammer.md:
//
//	go test -run TestRoundRobin -v ./bots/warhammer -rr=1000
//
// Survivor and hunter are deterministic and the only chance is who plays first, so two of
// them on one board play few distinct games: the tables are played on 19×19 and again over
// every size 7..35 (game g on size 7 + g mod 29). Duels: every pair of bots plays rr games,
// seats swapped every other pair of games; four-player games: all four bots, game g in the
// seating g mod 24 (every order in turn: who plays right after whom matters, and rotating
// one seating would keep it fixed). The seed of game g is g.
func TestRoundRobin(t *testing.T) {
	n := *roundRobinGames
	if n == 0 {
		t.Skip("run with -rr=GAMES")
	}
	names := []string{"random", "cautious", "survivor", "hunter"}
	var b strings.Builder
	for _, everySize := range []bool{false, true} {
		sizeOf, where := func(int) int { return wh.DefaultSize }, "19×19"
		if everySize {
			sizeOf = func(g int) int { return wh.MinSize + g%(wh.MaxSize-wh.MinSize+1) }
			where = "every size 7..35"
		}
		duels(&b, names, n, sizeOf, where)
		freeForAll(&b, names, n, sizeOf, where)
	}
	t.Log("\n" + b.String())
}

func duels(b *strings.Builder, names []string, n int, sizeOf func(int) int, where string) {
	wins := make([][]int, len(names))
	for i := range wins {
		wins[i] = make([]int, len(names))
	}
	for i := range names {
		for j := i + 1; j < len(names); j++ {
			for g := range n {
				seats, who := []string{names[i], names[j]}, []int{i, j}
				if (g/2)%2 == 1 { // g and g+1 differ in size when every size is played
					seats, who = []string{names[j], names[i]}, []int{j, i}
				}
				for k, r := range playGame(sizeOf(g), seats, uint64(g)) {
					if r == 1 {
						wins[who[k]][who[1-k]]++
					}
				}
			}
		}
	}
	fmt.Fprintf(b, "Duels on %s, %d games a pairing: the row's wins against the column\n\n", where, n)
	fmt.Fprintf(b, "| | %s | all |\n|---|%s---|\n", strings.Join(names, " | "), strings.Repeat("---|", len(names)))
	for i, name := range names {
		total := 0
		fmt.Fprintf(b, "| %s |", name)
		for j := range names {
			if i == j {
				b.WriteString(" — |")
				continue
			}
			total += wins[i][j]
			fmt.Fprintf(b, " %.1f%% |", 100*float64(wins[i][j])/float64(n))
		}
		fmt.Fprintf(b, " %.1f%% |\n", 100*float64(total)/float64(n*(len(names)-1)))
	}
	b.WriteString("\n")
}

func freeForAll(b *strings.Builder, names []string, n int, sizeOf func(int) int, where string) {
	firsts := make([]int, len(names))
	rankSum := make([]int, len(names))
	orders := permutations(len(names))
	for g := range n {
		idx := orders[g%len(orders)]
		seats := make([]string, len(names))
		for k, i := range idx {
			seats[k] = names[i]
		}
		for k, r := range playGame(sizeOf(g), seats, uint64(g)) {
			rankSum[idx[k]] += r
			if r == 1 {
				firsts[idx[k]]++
			}
		}
	}
	fmt.Fprintf(b, "Four-player games on %s, all four bots, %d games, every seating in turn\n\n", where, n)
	b.WriteString("| bot | first | mean rank |\n|---|---|---|\n")
	for i, name := range names {
		fmt.Fprintf(b, "| %s | %.1f%% | %.2f |\n", name, 100*float64(firsts[i])/float64(n), float64(rankSum[i])/float64(n))
	}
	b.WriteString("\n")
}

// permutations lists every order of 0..n-1, in lexicographic order.
func permutations(n int) [][]int {
	if n == 0 {
		return [][]int{{}}
	}
	var out [][]int
	for _, rest := range permutations(n - 1) {
		for pos := 0; pos <= len(rest); pos++ {
			p := append(append(append([]int{}, rest[:pos]...), n-1), rest[pos:]...)
			out = append(out, p)
		}
	}
	return out
}
