package tournament

import "testing"

// A game nobody came to scores nothing for anyone: absent entrants cannot gain points from
// one another (a forfeit of one of them would hand the other a win).
func TestAGameNobodyCameToScoresNothing(t *testing.T) {
	f := RoundRobin{Legs: 1}
	es := people(4)
	_, results := playOut(t, f, es, func(g Game) Result {
		if (g.Seats[0] == "e03" || g.Seats[0] == "e04") && (g.Seats[1] == "e03" || g.Seats[1] == "e04") {
			return Result{Game: g, Forfeit: NobodyCame}
		}
		return higherWins(g)
	})
	if len(results) != 6 {
		t.Fatalf("%d results", len(results))
	}
	ss, err := f.Standings(es, results)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range ss {
		if s.ID == "e04" && (s.Points != 0 || s.Losses != 3 || s.Played != 3) {
			t.Errorf("e04, absent against e03 and beaten by the others: %+v", s)
		}
		if s.ID == "e03" && (s.Points != 0 || s.Losses != 3) {
			t.Errorf("e03, beaten by e01 and e02, absent against e04: %+v", s)
		}
		if s.ID == "e01" && (s.Points != 3 || s.Wins != 3) {
			t.Errorf("e01, who beat everyone: %+v", s)
		}
	}
}
