package tournament

import (
	"fmt"
	"strings"
	"testing"
)

// TestRoundRobinSchedule4 is the circle method for four, worked by hand: e01 stays and
// alternates seats, the others turn one place a round (place 1 is at[1] = 1+(k mod 3)),
// and on board 1 the entrant at place 1 sits first.
func TestRoundRobinSchedule4(t *testing.T) {
	rounds, _ := playOut(t, RoundRobin{}, people(4), higherWins)
	got := make([]string, len(rounds))
	for i, r := range rounds {
		got[i] = show(r)
	}
	want := []string{"e01-e04 e02-e03", "e02-e01 e03-e04", "e01-e03 e04-e02"}
	if strings.Join(got, " | ") != strings.Join(want, " | ") {
		t.Errorf("schedule\n got %q\nwant %q", got, want)
	}
}

// TestRoundRobinOdd: with five, the empty place stays put and the one facing it (place 5:
// e05, then the entrants turn down one place a round) rests, once each.
func TestRoundRobinOdd(t *testing.T) {
	rounds, _ := playOut(t, RoundRobin{}, people(5), higherWins)
	var byes []string
	for _, r := range rounds {
		for _, g := range r {
			if g.Bye {
				byes = append(byes, g.Seats[0])
			}
		}
	}
	if got := strings.Join(byes, " "); got != "e05 e01 e02 e03 e04" {
		t.Errorf("byes in round order: %s", got)
	}
}

// TestRoundRobinPairs: every pair meets exactly once per cycle, everyone plays (or rests)
// once a round, a double round robin swaps the seats of the first cycle, seats are
// balanced to within one, and games per pairing alternate seats.
func TestRoundRobinPairs(t *testing.T) {
	for n := 2; n <= 21; n++ {
		for _, f := range []RoundRobin{{}, {Double: true}, {Legs: 2}, {Double: true, Legs: 3}} {
			name := fmt.Sprintf("%s legs=%d n=%d", f.Name(), f.Legs, n)
			rounds, results := playOut(t, f, people(n), higherWins)
			if len(rounds) != f.Rounds(n) {
				t.Fatalf("%s: %d rounds, want %d", name, len(rounds), f.Rounds(n))
			}
			legCount := max(f.Legs, 1)
			if want := len(rounds) * (n / 2) * legCount; len(results) != want {
				t.Fatalf("%s: %d games, want %d", name, len(results), want)
			}
			seated := map[string]int{} // "a b" → games with a first
			firsts := map[string]int{}
			for ri, r := range rounds {
				seen := map[string]int{}
				for _, g := range r {
					for _, id := range g.Seats {
						if g.Leg == 0 {
							seen[id]++
						}
					}
					if g.Bye {
						continue
					}
					if g.Leg > 0 {
						prev := r[len(r)-1] // legs follow their pairing
						for _, h := range r {
							if h.Pairing == g.Pairing && h.Leg == g.Leg-1 {
								prev = h
							}
						}
						if prev.Seats[0] != g.Seats[1] || prev.Seats[1] != g.Seats[0] {
							t.Fatalf("%s round %d: leg %d does not swap seats: %v then %v", name, ri+1, g.Leg, prev.Seats, g.Seats)
						}
						continue
					}
					seated[g.Seats[0]+" "+g.Seats[1]]++
					firsts[g.Seats[0]]++
				}
				if len(seen) != n {
					t.Fatalf("%s round %d: %d entrants seated", name, ri+1, len(seen))
				}
				for id, c := range seen {
					if c != 1 {
						t.Fatalf("%s round %d: %s seated %d times", name, ri+1, id, c)
					}
				}
			}
			es := people(n)
			for i := range es {
				for j := i + 1; j < n; j++ {
					a, b := es[i].ID, es[j].ID
					ab, ba := seated[a+" "+b], seated[b+" "+a]
					if f.Double && (ab != 1 || ba != 1) {
						t.Fatalf("%s: %s and %s sit %d and %d times each way, want once each", name, a, b, ab, ba)
					}
					if !f.Double && ab+ba != 1 {
						t.Fatalf("%s: %s and %s meet %d times", name, a, b, ab+ba)
					}
				}
				if !f.Double {
					games := n - 1
					if d := 2*firsts[es[i].ID] - games; d < -1 || d > 1 {
						t.Errorf("%s: %s sits first in %d of %d pairings", name, es[i].ID, firsts[es[i].ID], games)
					}
				}
			}
		}
	}
}

// TestRoundRobinStandings, worked by hand.
//
//	e01 beats e02 and e04, loses to e03:  2 points
//	e02 beats e03 and e04:                2
//	e03 beats e01:                        1
//	e04 beats e03:                        1
//
// e01 and e02 tie on 2: e01 won their game (head-to-head 1 against 0). e03 and e04 tie on
// 1: e04 won theirs, although e03 has the better Sonneborn-Berger (it beat e01, on 2: SB 2,
// against e04's win over e03, on 1: SB 1) — head-to-head comes first.
func TestRoundRobinStandings(t *testing.T) {
	es := people(4)
	f := RoundRobin{}
	_, results := playOut(t, f, es, byTable(t, map[string]string{
		"e01-e02": "e01", "e01-e03": "e03", "e01-e04": "e01",
		"e02-e03": "e02", "e02-e04": "e02", "e03-e04": "e04",
	}))
	ss, err := f.Standings(es, results)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, s := range ss {
		got = append(got, fmt.Sprintf("%d %s %g %d/%d/%d %s", s.Rank, s.ID, s.Points, s.Wins, s.Draws, s.Losses, tieBreaks(s)))
	}
	want := []string{
		"1 e01 2 2/0/1 head-to-head=1 Sonneborn-Berger=3",
		"2 e02 2 2/0/1 head-to-head=0 Sonneborn-Berger=2",
		"3 e04 1 1/0/2 head-to-head=1 Sonneborn-Berger=1",
		"4 e03 1 1/0/2 head-to-head=0 Sonneborn-Berger=2",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("standings\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestRoundRobinSharedRank: a cycle (e01 beats e02 beats e03 beats e01), all three beat
// e04 and draw nothing. Points, head-to-head (1 each) and Sonneborn-Berger (2 each) are
// equal, so the three share first place, listed by name.
func TestRoundRobinSharedRank(t *testing.T) {
	es := people(4)
	es[0].Name, es[1].Name, es[2].Name = "Carol", "Bob", "Alice"
	f := RoundRobin{}
	_, results := playOut(t, f, es, byTable(t, map[string]string{
		"e01-e02": "e01", "e02-e03": "e02", "e01-e03": "e03",
		"e01-e04": "e01", "e02-e04": "e02", "e03-e04": "e03",
	}))
	ss, err := f.Standings(es, results)
	if err != nil {
		t.Fatal(err)
	}
	if got := table(ss); got != "1 e03 2; 1 e02 2; 1 e01 2; 4 e04 0" {
		t.Errorf("standings %s", got)
	}
}

// A round robin's schedule does not depend on results: the games of later rounds are
// Later from the start, and an entrant free early plays them in any order. Standings then
// count them, and the same results give the same standings in whatever order they came.
func TestRoundRobinPlaysAhead(t *testing.T) {
	f := RoundRobin{Legs: 2}
	es := people(6)
	cur, err := f.Next(es, nil)
	if err != nil {
		t.Fatal(err)
	}
	if cur.Number != 1 || len(cur.Pending) != 3*2 || len(cur.Later) != 4*3*2 {
		t.Fatalf("round %d, %d pending, %d later; want round 1, 6 and 24", cur.Number, len(cur.Pending), len(cur.Later))
	}
	// Play every game but round 1's first pairing, latest rounds first.
	var results []Result
	all := append(append([]Game(nil), cur.Pending...), cur.Later...)
	for i := len(all) - 1; i >= 2; i-- {
		results = append(results, higherWins(all[i]))
		cur, err = f.Next(es, results)
		if err != nil {
			t.Fatalf("after %d results: %v", len(results), err)
		}
		if cur.Finished || cur.Number != 1 {
			t.Fatalf("after %d results: round %d, finished %v; round 1 is still to finish", len(results), cur.Number, cur.Finished)
		}
	}
	if len(cur.Pending) != 2 || len(cur.Later) != 0 || cur.Pending[0].Pairing != 0 {
		t.Fatalf("left: pending %v, later %v; want round 1's first pairing", cur.Pending, cur.Later)
	}
	results = append(results, higherWins(all[0]), higherWins(all[1]))
	if cur, err = f.Next(es, results); err != nil || !cur.Finished {
		t.Fatalf("every game played: finished %v, %v", cur.Finished, err)
	}
	_, inOrder := playOut(t, f, es, higherWins)
	got, err := f.Standings(es, results)
	if err != nil {
		t.Fatal(err)
	}
	want, _ := f.Standings(es, inOrder)
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("standings depend on the order of play:\n got %v\nwant %v", got, want)
	}
}
