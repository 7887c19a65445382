package tournament

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// TestEliminationBrackets: round 1 for 5, 6, 7, 8 and 13 entrants. The bracket of 8 in
// places is 1 8 4 5 2 7 3 6 (seeds); of 16, 1 16 8 9 4 13 5 12 2 15 7 10 3 14 6 11. The
// seeds above the count are byes for their opponents, the top seeds.
func TestEliminationBrackets(t *testing.T) {
	want := map[int][]string{
		5:  {"bye:e01 e04-e05 bye:e02 bye:e03", "e01-e04 e02-e03", "e01-e02"},
		6:  {"bye:e01 e04-e05 bye:e02 e03-e06", "e01-e04 e02-e03", "e01-e02"},
		7:  {"bye:e01 e04-e05 e02-e07 e03-e06", "e01-e04 e02-e03", "e01-e02"},
		8:  {"e01-e08 e04-e05 e02-e07 e03-e06", "e01-e04 e02-e03", "e01-e02"},
		13: {"bye:e01 e08-e09 e04-e13 e05-e12 bye:e02 e07-e10 bye:e03 e06-e11", "e01-e08 e04-e05 e02-e07 e03-e06", "e01-e04 e02-e03", "e01-e02"},
	}
	for _, n := range []int{5, 6, 7, 8, 13} {
		f := Elimination{}
		rounds, results := playOut(t, f, people(n), higherWins)
		var got []string
		for _, r := range rounds {
			got = append(got, show(r))
		}
		if strings.Join(got, " | ") != strings.Join(want[n], " | ") {
			t.Errorf("%d entrants\n got %q\nwant %q", n, got, want[n])
		}
		if f.Rounds(n) != len(want[n]) {
			t.Errorf("%d entrants: Rounds %d", n, f.Rounds(n))
		}
		ss, err := f.Standings(people(n), results)
		if err != nil {
			t.Fatal(err)
		}
		// the winner, the finalist, then by the round lost in
		if ss[0].ID != "e01" || ss[0].Stage != len(want[n])+1 || ss[1].ID != "e02" || ss[1].Stage != len(want[n]) {
			t.Errorf("%d entrants: standings %s", n, table(ss))
		}
	}
}

// TestEliminationStandings: the better seed wins. Stage is the round reached. With 5, e03
// and e04 both lost semi-finals, but e04 won a game in round 1 where e03 had a bye: the
// points separate them. With 6, e03 won its round-1 game too: they share third, and e05
// and e06, out in round 1 with nothing, share fifth.
func TestEliminationStandings(t *testing.T) {
	want := map[int]string{
		5: "1 e01 stage 4, 2 | 2 e02 stage 3, 1 | 3 e04 stage 2, 1 | 4 e03 stage 2, 0 | 5 e05 stage 1, 0",
		6: "1 e01 stage 4, 2 | 2 e02 stage 3, 1 | 3 e03 stage 2, 1 | 3 e04 stage 2, 1 | 5 e05 stage 1, 0 | 5 e06 stage 1, 0",
	}
	for n, w := range want {
		f := Elimination{}
		_, results := playOut(t, f, people(n), higherWins)
		ss, err := f.Standings(people(n), results)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, s := range ss {
			got = append(got, fmt.Sprintf("%d %s stage %d, %g", s.Rank, s.ID, s.Stage, s.Points))
		}
		if strings.Join(got, " | ") != w {
			t.Errorf("%d entrants\n%s\nwant\n%s", n, strings.Join(got, " | "), w)
		}
	}
}

// TestEliminationBestOf: how a match of e01 against e02 unfolds, game by game. Each
// outcome is for the higher seed e01: W, D or L; F is a forfeit by e02, f by e01.
func TestEliminationBestOf(t *testing.T) {
	cases := []struct {
		bestOf   int
		outcomes string
		games    int    // games played
		winner   string // "" when the match is still on
	}{
		{3, "WW", 2, "e01"},
		{3, "WL", 2, ""},
		{3, "WLL", 3, "e02"},
		{3, "WDD", 3, "e01"}, // 2–1
		{3, "WDL", 3, ""},    // 1½–1½: a fourth game
		{3, "WDLL", 4, "e02"},
		{3, "WDLDDD", 6, "e01"}, // still level after three extra games: the higher seed
		{1, "D", 1, ""},
		{1, "DL", 2, "e02"},
		{1, "DD", 2, "e01"},
		{5, "WWW", 3, "e01"},
		{5, "WWDD", 4, "e01"}, // 3–1 with one to play
		{5, "WWDL", 4, ""},    // 2½–1½ with one to play
		{5, "LF", 2, "e01"},
		{5, "Wf", 2, "e02"},
	}
	for _, c := range cases {
		f := Elimination{BestOf: c.bestOf}
		es := people(2)
		var results []Result
		for i, o := range c.outcomes {
			cur, err := f.Next(es, results)
			if err != nil {
				t.Fatal(err)
			}
			if cur.Finished || len(cur.Pending) != 1 {
				t.Fatalf("best of %d, %s: before game %d: %+v", c.bestOf, c.outcomes, i+1, cur)
			}
			g := cur.Pending[0]
			if want := []string{"e01", "e02"}; i%2 == 1 {
				want[0], want[1] = want[1], want[0]
				if g.Seats[0] != want[0] {
					t.Fatalf("game %d seats %v: seats should alternate", i+1, g.Seats)
				}
			}
			r := Result{Game: g}
			first := g.Seats[0] == "e01"
			switch o {
			case 'W', 'L':
				if (o == 'W') == first {
					r.Ranks = []int{1, 2}
				} else {
					r.Ranks = []int{2, 1}
				}
			case 'D':
				r.Ranks = []int{1, 1}
			case 'F':
				r.Forfeit = "e02"
			case 'f':
				r.Forfeit = "e01"
			}
			results = append(results, r)
		}
		cur, err := f.Next(es, results)
		if err != nil {
			t.Fatal(err)
		}
		name := fmt.Sprintf("best of %d, %s", c.bestOf, c.outcomes)
		if c.winner != "" && len(cur.Games) != c.games {
			t.Errorf("%s: %d games", name, len(cur.Games))
		}
		if (c.winner != "") != cur.Finished {
			t.Fatalf("%s: finished %v", name, cur.Finished)
		}
		if c.winner != "" {
			ss, _ := f.Standings(es, results)
			if ss[0].ID != c.winner {
				t.Errorf("%s: winner %s, want %s", name, ss[0].ID, c.winner)
			}
		}
	}
}

// TestEliminationRandom: any count from 2 to 40, random results with draws and forfeits,
// best of 1 to 5: the bracket ends after ceil(log2 n) rounds with one winner; byes, all
// in round 1, number the bracket size minus n; an entrant plays only while not beaten.
func TestEliminationRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for run := range 300 {
		n := 2 + rng.IntN(39)
		f := Elimination{BestOf: 1 + rng.IntN(5)}
		rounds, results := playOut(t, f, people(n), randomResult(rng))
		name := fmt.Sprintf("run %d: n=%d best of %d", run, n, f.BestOf)
		if len(rounds) != f.Rounds(n) || 1<<len(rounds) < n || 1<<(len(rounds)-1) >= n {
			t.Fatalf("%s: %d rounds", name, len(rounds))
		}
		ss, err := f.Standings(people(n), results)
		if err != nil {
			t.Fatal(err)
		}
		out := map[string]int{} // the round each entrant was beaten in
		for _, s := range ss {
			if s.Stage <= len(rounds) {
				out[s.ID] = s.Stage
			}
		}
		if len(out) != n-1 || ss[0].Stage != len(rounds)+1 {
			t.Fatalf("%s: %d beaten, winner at stage %d", name, len(out), ss[0].Stage)
		}
		byes := 0
		for ri, r := range rounds {
			for _, g := range r {
				if g.Bye {
					byes++
					if ri > 0 {
						t.Fatalf("%s: a bye in round %d", name, ri+1)
					}
				}
				for _, id := range g.Seats {
					if stage, beaten := out[id]; beaten && stage < ri+1 {
						t.Fatalf("%s: %s plays in round %d, beaten in %d", name, id, ri+1, stage)
					}
				}
			}
		}
		if byes != 1<<len(rounds)-n {
			t.Fatalf("%s: %d byes", name, byes)
		}
		for _, s := range ss {
			byes -= s.Byes
		}
		if byes != 0 {
			t.Fatalf("%s: the standings count other byes", name)
		}
	}
}
