package tournament

import (
	"fmt"
	"strings"
	"testing"
)

func TestParse(t *testing.T) {
	two := Options{MinSeats: 2, MaxSeats: 2}
	many := Options{MinSeats: 2, MaxSeats: 8}
	cases := []struct {
		spec string
		o    Options
		want Format
	}{
		{"round-robin", two, RoundRobin{Legs: 1}},
		{"double-round-robin", many, RoundRobin{Double: true, Legs: 1}},
		{"swiss", two, Swiss{Legs: 1}},
		{"swiss:5", two, Swiss{Planned: 5, Legs: 1}},
		{"swiss", Options{MinSeats: 2, MaxSeats: 2, Rounds: 4, GamesPerPairing: 2}, Swiss{Planned: 4, Legs: 2}},
		{"elimination", two, Elimination{BestOf: 1}},
		{"elimination:3", two, Elimination{BestOf: 3}},
		{"pools", many, Pools{TableSize: 4, Legs: 1, MinSeats: 2}},
		{"pools:3", Options{MinSeats: 3, MaxSeats: 4, GamesPerPairing: 3}, Pools{TableSize: 3, Legs: 3, MinSeats: 3}},
	}
	for _, c := range cases {
		f, err := Parse(c.spec, c.o)
		if err != nil {
			t.Errorf("%s: %v", c.spec, err)
			continue
		}
		if f != c.want {
			t.Errorf("%s: %#v, want %#v", c.spec, f, c.want)
		}
		if name, _, _ := strings.Cut(c.spec, ":"); f.Name() != name {
			t.Errorf("%s: named %s", c.spec, f.Name())
		}
	}
}

func TestParseRefuses(t *testing.T) {
	cases := []struct {
		spec string
		o    Options
		want string // part of the sentence
	}{
		{"knockout", Options{MinSeats: 2, MaxSeats: 2}, `unknown format "knockout": want one of round-robin, double-round-robin, swiss, elimination, pools`},
		{"swiss", Options{MinSeats: 3, MaxSeats: 4}, "swiss pairs two players per game, and this game seats 3 to 4"},
		{"round-robin", Options{MinSeats: 4, MaxSeats: 4}, "round-robin pairs two players per game, and this game seats exactly 4"},
		{"elimination", Options{MinSeats: 3, MaxSeats: 8}, "elimination pairs two players per game"},
		{"pools", Options{MinSeats: 2, MaxSeats: 2}, "pools are for games of 3 or more players; this game seats at most 2"},
		{"pools:4", Options{MinSeats: 2, MaxSeats: 3}, "pools with tables of 4 need a game for 4; this game seats at most 3"},
		{"pools:5", Options{MinSeats: 2, MaxSeats: 8}, "pools have tables of 3 or 4, not 5"},
		{"swiss:x", Options{MinSeats: 2, MaxSeats: 2}, "the number after the colon must be a whole number"},
		{"swiss:0", Options{MinSeats: 2, MaxSeats: 2}, "the number after the colon must be a whole number"},
		{"swiss:5", Options{MinSeats: 2, MaxSeats: 2, Rounds: 6}, `"swiss:5" says rounds 5 but the options say 6`},
		{"round-robin:2", Options{MinSeats: 2, MaxSeats: 2}, "round-robin takes no number after a colon"},
		{"elimination", Options{MinSeats: 2, MaxSeats: 2, GamesPerPairing: 2}, "give N as elimination:N"},
		{"swiss", Options{}, "seat range 0..0 is not valid"},
		{"roundrobin", Options{MinSeats: 2, MaxSeats: 2}, `unknown format "roundrobin": did you mean round-robin?`},
		{"Swis", Options{MinSeats: 2, MaxSeats: 2}, "did you mean swiss?"},
		{"round-robin", Options{MinSeats: 2, MaxSeats: 2, GamesPerPairing: 1_000_000_000}, "games per pairing: from 1 to 100, not 1000000000"},
		{"swiss", Options{MinSeats: 2, MaxSeats: 2, Rounds: 101}, "rounds: from 1 to 100, not 101"},
		{"swiss:5000", Options{MinSeats: 2, MaxSeats: 2}, "rounds: from 1 to 100, not 5000"},
		{"elimination:1001", Options{MinSeats: 2, MaxSeats: 2}, "best of: from 1 to 99, not 1001"},
	}
	for _, c := range cases {
		_, err := Parse(c.spec, c.o)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s %+v: %v, want %q", c.spec, c.o, err, c.want)
		}
	}
}

// TestNextRefuses: bad entrants and results that do not fit the schedule are errors, in
// every format.
func TestNextRefuses(t *testing.T) {
	formats := []Format{RoundRobin{}, Swiss{}, Elimination{}, Pools{TableSize: 3}}
	for _, f := range formats {
		es := people(4)
		cur, err := f.Next(es, nil)
		if err != nil {
			t.Fatal(err)
		}
		g := cur.Pending[0]
		ranks := make([]int, len(g.Seats))
		for i := range ranks {
			ranks[i] = i + 1
		}
		ok := Result{Game: g, Ranks: ranks}
		moved := ok
		moved.Game.Round = 5
		swapped := ok
		swapped.Game.Seats = append([]string{g.Seats[1], g.Seats[0]}, g.Seats[2:]...)
		short := ok
		short.Ranks = ranks[:1]
		zero := ok
		zero.Ranks = make([]int, len(ranks))
		stranger := ok
		stranger.Ranks, stranger.Forfeit = nil, "nobody"
		empty := Result{Game: g}
		cases := []struct {
			es      []Entrant
			results []Result
			want    string
		}{
			{es[:1], nil, "at least 2 entrants"},
			{append(people(3), Entrant{ID: "e01"}), nil, `"e01" appears twice`},
			{append(people(3), Entrant{}), nil, "entrant 4 has no id"},
			{es, []Result{ok, ok}, "two results for round 1, pairing 1, game 1"},
			{es, []Result{moved}, "a result for round 5, pairing 1, game 1, which is not in the schedule"},
			{es, []Result{swapped}, "the result has seats"},
			{es, []Result{short}, "1 ranks for"},
			{es, []Result{zero}, "ranks start at 1"},
			{es, []Result{stranger}, `"nobody" forfeited but has no seat`},
			{es, []Result{empty}, "a result needs ranks or a forfeit"},
		}
		for _, c := range cases {
			_, err := f.Next(c.es, c.results)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("%s: %v, want %q", f.Name(), err, c.want)
			}
			if _, err := f.Standings(c.es, c.results); err == nil {
				t.Errorf("%s: Standings accepts what Next refuses (%s)", f.Name(), c.want)
			}
		}
	}
}

// TestScore: points from places, worked by hand.
func TestScore(t *testing.T) {
	g2 := Game{Seats: []string{"a", "b"}}
	g3 := Game{Seats: []string{"a", "b", "c"}}
	g4 := Game{Seats: []string{"a", "b", "c", "d"}}
	cases := []struct {
		r    Result
		want string
	}{
		{Result{Game: g2, Ranks: []int{1, 2}}, "1 0"},
		{Result{Game: g2, Ranks: []int{2, 1}}, "0 1"},
		{Result{Game: g2, Ranks: []int{1, 1}}, "0.5 0.5"},
		{Result{Game: g2, Forfeit: "a"}, "0 1"},
		{Result{Game: g3, Ranks: []int{1, 2, 3}}, "1 0.5 0"},
		{Result{Game: g3, Ranks: []int{1, 1, 3}}, "0.75 0.75 0"},
		{Result{Game: g3, Ranks: []int{2, 1, 2}}, "0.25 1 0.25"},
		{Result{Game: g3, Ranks: []int{1, 2, 3}, Forfeit: "a"}, "0 1 0.5"},
		{Result{Game: g4, Ranks: []int{1, 2, 2, 4}}, "1 0.5 0.5 0"},
		{Result{Game: g4, Forfeit: "c"}, "0.6666666666666666 0.6666666666666666 0 0.6666666666666666"},
	}
	for _, c := range cases {
		var got []string
		for _, o := range score(c.r) {
			got = append(got, fmt.Sprint(o.points))
		}
		if strings.Join(got, " ") != c.want {
			t.Errorf("%v forfeit %q: %s, want %s", c.r.Ranks, c.r.Forfeit, strings.Join(got, " "), c.want)
		}
	}
}

func TestNearest(t *testing.T) {
	for typed, want := range map[string]string{
		"roundrobin": "round-robin", "Round_Robin": "round-robin", "swis": "swiss", "elimnation": "elimination",
		"double-round-robbin": "double-round-robin", "pool": "pools", "knockout": "", "": "",
	} {
		if got := Nearest(typed, Names); got != want {
			t.Errorf("Nearest(%q) = %q, want %q", typed, got, want)
		}
	}
}

// GamesAtMost bounds the games actually scheduled: every format, played out with random
// results, never schedules more.
func TestGamesAtMostBoundsTheSchedule(t *testing.T) {
	for _, spec := range []string{"round-robin", "double-round-robin", "swiss", "elimination:3", "pools:3", "pools:4"} {
		for n := 2; n <= 13; n++ {
			f, err := Parse(spec, Options{MinSeats: 2, MaxSeats: 4, GamesPerPairing: gamesFor(spec)})
			if err != nil {
				t.Fatal(err)
			}
			_, results := playOut(t, f, people(n), higherWins)
			played := 0
			for _, r := range results {
				if !r.Game.Bye {
					played++
				}
			}
			if bound := GamesAtMost(f, n); played > bound {
				t.Errorf("%s with %d entrants: %d games played, bound %d", spec, n, played, bound)
			}
		}
	}
	if got := GamesAtMost(RoundRobin{Legs: 10}, 30); got != 29*15*10 {
		t.Errorf("a class round robin: %d, want 4350", got)
	}
}

func gamesFor(spec string) int {
	if strings.HasPrefix(spec, "elimination") {
		return 0
	}
	return 2
}
