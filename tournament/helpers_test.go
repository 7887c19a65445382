package tournament

import (
	"fmt"
	"strings"
	"testing"
)

// people makes n entrants e01, e02, … with ratings falling, so seed order is id order.
func people(n int) []Entrant {
	es := make([]Entrant, n)
	for i := range es {
		id := fmt.Sprintf("e%02d", i+1)
		es[i] = Entrant{ID: id, Name: id, Rating: float64(1000 - i)}
	}
	return es
}

// playOut runs a tournament to the end, deciding every pending game with decide, and
// returns the rounds as played (each with all its games) and the results.
func playOut(t testing.TB, f Format, es []Entrant, decide func(Game) Result) ([][]Game, []Result) {
	t.Helper()
	var rounds [][]Game
	var results []Result
	for step := 0; ; step++ {
		if step > 10000 {
			t.Fatal("the tournament does not end")
		}
		cur, err := f.Next(es, results)
		if err != nil {
			t.Fatalf("Next after %d results: %v", len(results), err)
		}
		if cur.Finished {
			if len(rounds) > 0 {
				rounds[len(rounds)-1] = cur.Games
			}
			return rounds, results
		}
		if len(rounds) < cur.Number {
			rounds = append(rounds, nil)
		}
		rounds[cur.Number-1] = cur.Games
		if len(cur.Pending) == 0 {
			t.Fatalf("round %d is not finished and has nothing to play", cur.Number)
		}
		for _, g := range cur.Pending {
			results = append(results, decide(g))
		}
	}
}

// higherWins: the first id in alphabetical order (the better seed) wins.
func higherWins(g Game) Result {
	ranks := make([]int, len(g.Seats))
	for i, id := range g.Seats {
		ranks[i] = 1
		for _, other := range g.Seats {
			if other < id {
				ranks[i]++
			}
		}
	}
	return Result{Game: g, Ranks: ranks}
}

// show writes a round as "e01-e04 e02-e03 bye:e05".
func show(games []Game) string {
	var parts []string
	for _, g := range games {
		if g.Bye {
			parts = append(parts, "bye:"+g.Seats[0])
		} else if g.Leg == 0 {
			parts = append(parts, strings.Join(g.Seats, "-"))
		}
	}
	return strings.Join(parts, " ")
}

// table writes standings as "1 e01 3; 2 e02 2; …".
func table(ss []Standing) string {
	var parts []string
	for _, s := range ss {
		parts = append(parts, fmt.Sprintf("%d %s %g", s.Rank, s.ID, s.Points))
	}
	return strings.Join(parts, "; ")
}

// byTable decides two-player games from a table keyed "a-b" (ids in order, a < b): the
// winner's id, or "=" for a draw.
func byTable(t testing.TB, outcomes map[string]string) func(Game) Result {
	return func(g Game) Result {
		a, b := min(g.Seats[0], g.Seats[1]), max(g.Seats[0], g.Seats[1])
		w, ok := outcomes[a+"-"+b]
		if !ok {
			t.Fatalf("no outcome for %s-%s", a, b)
		}
		switch w {
		case "=":
			return Result{Game: g, Ranks: []int{1, 1}}
		case g.Seats[0]:
			return Result{Game: g, Ranks: []int{1, 2}}
		case g.Seats[1]:
			return Result{Game: g, Ranks: []int{2, 1}}
		}
		t.Fatalf("bad outcome %q for %s-%s", w, a, b)
		return Result{}
	}
}

// tieBreaks writes a standing's tie-breaks as "Buchholz=5 head-to-head=0".
func tieBreaks(s Standing) string {
	var parts []string
	for _, tb := range s.TieBreaks {
		parts = append(parts, fmt.Sprintf("%s=%g", tb.Name, tb.Value))
	}
	return strings.Join(parts, " ")
}
