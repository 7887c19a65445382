package tournament

import (
	"fmt"
	"strings"
	"testing"
)

// TestSwissWorked is a six-player, three-round Swiss worked by hand.
//
// Round 1, everyone on 0: top half against bottom half, e01–e04, e02–e05, e03–e06; the
// higher player sits first on pairings 1 and 3, the lower on pairing 2. e01 wins, e05
// beats e02, e03 and e06 draw.
//
// Round 2, in order e01 e05 (1) e03 e06 (½) e02 e04 (0): e01–e05 is fine, but e03 and e06
// have met, and a group of two may send nobody across, so the shape with one floater per
// boundary is impossible. Relaxed: e03 takes e02 (the first of the group below), e06 takes
// e04. Seats: e01 and e05 both sat first once and last, the higher sits first on an even
// pairing; e02 sat second, e03 first, so e02 sits first; e06 and e04 both sat second, so
// the higher (e06). e01 beats e05, e03 beats e02, e06 beats e04.
//
// Round 3, in order e01 (2) e03 e06 (1½) e05 (1) e02 e04 (0). e01 floats down to e03; e06
// floats to e05; e02–e04. Seats: e03 (first once, second once) against e01 (first twice):
// e03; e05 and e06 are even, e05 sat second last, so e05; e04 (second twice) sits first.
// e03 beats e01, e05 and e06 draw, e04 beats e02.
//
// Points: e03 2½, e01 2, e06 2, e05 1½, e04 1, e02 0. Buchholz: e01 met e04 (1), e05 (1½)
// and e03 (2½): 5; e06 met e03, e04, e05: 5 as well, and they never met (head-to-head 0
// each), so they share second place.
func TestSwissWorked(t *testing.T) {
	es := people(6)
	f := Swiss{Planned: 3}
	rounds, results := playOut(t, f, es, byTable(t, map[string]string{
		"e01-e04": "e01", "e02-e05": "e05", "e03-e06": "=",
		"e01-e05": "e01", "e02-e03": "e03", "e04-e06": "e06",
		"e01-e03": "e03", "e05-e06": "=", "e02-e04": "e04",
	}))
	var got []string
	for _, r := range rounds {
		got = append(got, show(r))
	}
	want := []string{"e01-e04 e05-e02 e03-e06", "e01-e05 e02-e03 e06-e04", "e03-e01 e05-e06 e04-e02"}
	if strings.Join(got, " | ") != strings.Join(want, " | ") {
		t.Errorf("rounds\n got %q\nwant %q", got, want)
	}
	ss, err := f.Standings(es, results)
	if err != nil {
		t.Fatal(err)
	}
	var lines []string
	for _, s := range ss {
		lines = append(lines, fmt.Sprintf("%d %s %g %s", s.Rank, s.ID, s.Points, tieBreaks(s)))
	}
	wantLines := []string{
		"1 e03 2.5 Buchholz=4 head-to-head=0",
		"2 e01 2 Buchholz=5 head-to-head=0",
		"2 e06 2 Buchholz=5 head-to-head=0",
		"4 e05 1.5 Buchholz=4 head-to-head=0",
		"5 e04 1 Buchholz=4 head-to-head=0",
		"6 e02 0 Buchholz=5 head-to-head=0",
	}
	if strings.Join(lines, "\n") != strings.Join(wantLines, "\n") {
		t.Errorf("standings\n%s\nwant\n%s", strings.Join(lines, "\n"), strings.Join(wantLines, "\n"))
	}
}

// TestSwissTieBreaks checks the ranking rule on a ledger of games worked by hand:
//
//	A beats B, C beats A, B beats D, C beats E, D beats E, D beats F.
//
// C and D have 2 points and Buchholz 1 (C: A 1 + E 0; D: B 1 + E 0 + F 0) and never met:
// they share first place. A and B have 1 point and Buchholz 3 (A: B 1 + C 2; B: A 1 +
// D 2); A beat B, so head-to-head puts A third. E (Buchholz 4) ranks above F (2).
func TestSwissTieBreaks(t *testing.T) {
	es := []Entrant{{ID: "A"}, {ID: "B"}, {ID: "C"}, {ID: "D"}, {ID: "E"}, {ID: "F"}}
	seeded, err := seedOrder(es)
	if err != nil {
		t.Fatal(err)
	}
	l := newLedger(seeded)
	for i, g := range [][2]string{{"A", "B"}, {"C", "A"}, {"B", "D"}, {"C", "E"}, {"D", "E"}, {"D", "F"}} {
		l.add(Result{Game: Game{Round: i + 1, Seats: []string{g[0], g[1]}}, Ranks: []int{1, 2}})
	}
	var got []string
	for _, s := range swissStandings(l) {
		got = append(got, fmt.Sprintf("%d %s %g %s", s.Rank, s.ID, s.Points, tieBreaks(s)))
	}
	want := []string{
		"1 C 2 Buchholz=1 head-to-head=0",
		"1 D 2 Buchholz=1 head-to-head=0",
		"3 A 1 Buchholz=3 head-to-head=1",
		"4 B 1 Buchholz=3 head-to-head=0",
		"5 E 0 Buchholz=4 head-to-head=0",
		"6 F 0 Buchholz=2 head-to-head=0",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("standings\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestRoundInProgress: while results come in, Next keeps returning the same round with
// fewer pending games; the next round begins with the last result.
func TestRoundInProgress(t *testing.T) {
	es := people(7)
	f := Swiss{}
	cur, err := f.Next(es, nil)
	if err != nil {
		t.Fatal(err)
	}
	first := show(cur.Games)
	if len(cur.Pending) != 3 || len(cur.Games) != 4 || !cur.Games[3].Bye {
		t.Fatalf("round 1: %s, %d pending", first, len(cur.Pending))
	}
	var results []Result
	for i, g := range cur.Pending {
		results = append(results, higherWins(g))
		next, err := f.Next(es, results)
		if err != nil {
			t.Fatal(err)
		}
		if i < 2 {
			if next.Number != 1 || show(next.Games) != first || len(next.Pending) != 2-i {
				t.Fatalf("after %d results: round %d, %s, %d pending", i+1, next.Number, show(next.Games), len(next.Pending))
			}
		} else if next.Number != 2 || len(next.Pending) != 3 {
			t.Fatalf("after round 1: round %d, %d pending", next.Number, len(next.Pending))
		}
	}
}

// TestSwissPastBudget: with no budget at all every search gives up, and the fallback still
// seats everyone once, the bye to a player without one.
func TestSwissPastBudget(t *testing.T) {
	defer func(b int) { searchBudget = b }(searchBudget)
	searchBudget = 0
	es := people(7)
	f := Swiss{}
	rounds, _ := playOut(t, f, es, higherWins)
	byes := map[string]bool{}
	for ri, r := range rounds {
		seen := map[string]bool{}
		for _, g := range r {
			for _, id := range g.Seats {
				if seen[id] {
					t.Fatalf("round %d: %s twice", ri+1, id)
				}
				seen[id] = true
			}
			if g.Bye {
				if byes[g.Seats[0]] {
					t.Fatalf("round %d: a second bye for %s", ri+1, g.Seats[0])
				}
				byes[g.Seats[0]] = true
			}
		}
		if len(seen) != 7 {
			t.Fatalf("round %d: %d seated", ri+1, len(seen))
		}
	}
}

// TestSwissRoundOne: the first round is the usual one of the Dutch system, top half against
// bottom half with the first seat alternating down the boards (as when the top seed draws
// the first seat); with an odd count the lowest seed has the bye. This much of published
// Swiss practice we match exactly; later rounds follow our own, simpler rules.
func TestSwissRoundOne(t *testing.T) {
	for n, want := range map[int]string{
		8: "e01-e05 e06-e02 e03-e07 e08-e04",
		9: "e01-e05 e06-e02 e03-e07 e08-e04 bye:e09",
		2: "e01-e02",
		3: "e01-e02 bye:e03",
	} {
		cur, err := Swiss{}.Next(people(n), nil)
		if err != nil {
			t.Fatal(err)
		}
		if got := show(cur.Games); got != want {
			t.Errorf("%d players: %s, want %s", n, got, want)
		}
	}
}
