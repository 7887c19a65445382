package director_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/arena-classroom/arena/tournament"
	"github.com/arena-classroom/arena/tournament/director"
)

// entrants makes n entrants e01, e02, … seeded in that order.
func entrants(n int) []tournament.Entrant {
	es := make([]tournament.Entrant, n)
	for i := range es {
		id := fmt.Sprintf("e%02d", i+1)
		es[i] = tournament.Entrant{ID: id, Name: id, Rating: float64(100 - i)}
	}
	return es
}

// playAll plays f to the end, deciding each game with decide, and returns the report a
// finished tournament gives.
func playAll(t *testing.T, f tournament.Format, es []tournament.Entrant, decide func(tournament.Game) []int) director.Report {
	t.Helper()
	var results []tournament.Result
	for range 1000 {
		cur, err := f.Next(es, results)
		if err != nil {
			t.Fatal(err)
		}
		if cur.Finished {
			ss, err := f.Standings(es, results)
			if err != nil {
				t.Fatal(err)
			}
			return director.Report{Code: "TABCDE", Name: "class", Game: "game", Format: f.Name(), State: "finished",
				Round: cur.Number, Rounds: cur.Number, GamesPlayed: len(results), GamesTotal: len(results), Standings: ss}
		}
		for _, g := range cur.Pending {
			results = append(results, tournament.Result{Game: g, Ranks: decide(g)})
		}
	}
	t.Fatal("the tournament does not end")
	return director.Report{}
}

// bySeed ranks a game's seats by seed: the better seed finishes ahead.
func bySeed(g tournament.Game) []int {
	ranks := make([]int, len(g.Seats))
	for i, id := range g.Seats {
		ranks[i] = 1
		for _, other := range g.Seats {
			if other < id {
				ranks[i]++
			}
		}
	}
	return ranks
}

// header is the standings table's header line.
func header(t *testing.T, text string) string {
	t.Helper()
	for _, line := range strings.Split(text, "\n") {
		if strings.HasPrefix(line, "RANK") {
			return strings.Join(strings.Fields(line), " ")
		}
	}
	t.Fatalf("no standings header in\n%s", text)
	return ""
}

// rowOf is the standings row of name, its cells split on spaces.
func rowOf(t *testing.T, text, name string) []string {
	t.Helper()
	for _, line := range strings.Split(text, "\n") {
		if f := strings.Fields(line); len(f) > 1 && f[1] == name {
			return f
		}
	}
	t.Fatalf("no row for %s in\n%s", name, text)
	return nil
}

// Pools' standings count places, not won, drawn and lost (at a table of four a second
// place is not a loss), in whole points, and show the byes once there are any.
func TestPoolsStandingsText(t *testing.T) {
	f := tournament.Pools{TableSize: 4, MinSeats: 2, AllPlay: true}
	text := director.StandingsText(playAll(t, f, entrants(9), bySeed), 0)
	if got, want := header(t, text), "RANK NAME REACHED POINTS GP 1ST 2ND 3RD 4TH TABLE POINTS"; got != want {
		t.Errorf("header %q, want %q\n%s", got, want, text)
	}
	// 9 entrants: tables 3 3 3, then 3 3 with a placement table of 3, then the final 4
	// with placement tables of 3 and 2: everyone plays 3 games.
	for _, e := range entrants(9) {
		row := rowOf(t, text, e.Name)
		row = slices.DeleteFunc(row, func(c string) bool { return c == "round" }) // "round 2" is two words
		if row[4] != "3" || strings.Contains(row[3], ".") {
			t.Errorf("%s: %v: want 3 games and whole points\n%s", e.Name, row, text)
		}
	}
	// e01 wins its tables of three (2 points each) and the final table of four (3).
	if row := rowOf(t, text, "e01"); strings.Join(row, " ") != "1 e01 final 7 3 3 0 0 0 3" {
		t.Errorf("the winner: %v\n%s", row, text)
	}
	// A game for 3 or 4: one left over out of the running has a bye, shown.
	f = tournament.Pools{TableSize: 4, MinSeats: 3, AllPlay: true}
	text = director.StandingsText(playAll(t, f, entrants(11), bySeed), 0)
	if got, want := header(t, text), "RANK NAME REACHED POINTS GP 1ST 2ND 3RD 4TH BYES TABLE POINTS"; got != want {
		t.Errorf("header %q, want %q\n%s", got, want, text)
	}
	if row := rowOf(t, text, "e11"); strings.Join(row[:5], " ") != "11 e11 round 1 0" || row[5] != "2" || row[10] != "1" {
		t.Errorf("e11, the last out of the running: %v: want 2 games and a bye\n%s", row, text)
	}
}

// A round robin's head-to-head applies only among entrants tied on points: blank for the
// others, and no column at all when nobody is tied (it used to be a column of zeros).
// Byes show where the count is odd.
func TestHeadToHeadOnlyWhereItApplies(t *testing.T) {
	f := tournament.RoundRobin{}
	text := director.StandingsText(playAll(t, f, entrants(4), func(g tournament.Game) []int {
		if g.Seats[0] < g.Seats[1] {
			return []int{1, 2}
		}
		return []int{2, 1}
	}), 0)
	if got, want := header(t, text), "RANK NAME POINTS GP W D L SONNEBORN-BERGER"; got != want {
		t.Errorf("nobody tied: header %q, want %q\n%s", got, want, text)
	}
	// Everyone draws but e01, who beats everyone: e02, e03, e04 are tied and each has 1
	// point against the other two.
	text = director.StandingsText(playAll(t, f, entrants(4), func(g tournament.Game) []int {
		switch {
		case g.Seats[0] == "e01":
			return []int{1, 2}
		case g.Seats[1] == "e01":
			return []int{2, 1}
		}
		return []int{1, 1}
	}), 0)
	if got, want := header(t, text), "RANK NAME POINTS GP W D L HEAD-TO-HEAD SONNEBORN-BERGER"; got != want {
		t.Errorf("three tied: header %q, want %q\n%s", got, want, text)
	}
	if row := rowOf(t, text, "e01"); len(row) != 8 || row[2] != "3" {
		t.Errorf("e01, tied with nobody, has a head-to-head: %v\n%s", row, text)
	}
	if row := rowOf(t, text, "e02"); len(row) != 9 || row[7] != "1" {
		t.Errorf("e02, tied with two: %v\n%s", row, text)
	}
	text = director.StandingsText(playAll(t, f, entrants(3), bySeed), 0)
	if got, want := header(t, text), "RANK NAME POINTS GP W D L BYES SONNEBORN-BERGER"; got != want {
		t.Errorf("three entrants: header %q, want %q\n%s", got, want, text)
	}
}

// The sentence that tells an entrant its place says won, drawn and lost in two-player
// games, and the places in pools.
func TestRecordText(t *testing.T) {
	for _, c := range []struct {
		s    tournament.Standing
		want string
	}{
		{tournament.Standing{Wins: 3, Draws: 1, Losses: 2}, "3 won, 1 drawn, 2 lost"},
		{tournament.Standing{Places: []int{2, 0, 1, 0}}, "1st in 2 games, 3rd in 1"},
		{tournament.Standing{Places: []int{0, 1, 0}}, "2nd in 1 game"},
		{tournament.Standing{Places: []int{0, 0, 0}}, "no game finished"},
	} {
		if got := director.RecordText(c.s); got != c.want {
			t.Errorf("%+v: %q, want %q", c.s, got, c.want)
		}
	}
}
