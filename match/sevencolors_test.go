package match_test

import (
	"reflect"
	"testing"

	"github.com/arena-classroom/arena/catalog"
	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/match"
	"github.com/arena-classroom/arena/replay"
)

func sevenColors(t *testing.T) catalog.Entry {
	t.Helper()
	e, ok := catalog.Get("sevencolors")
	if !ok {
		t.Fatal("sevencolors is not in the catalog")
	}
	return e
}

func TestSevenColorsRoundRobinIsReproducible(t *testing.T) {
	e := sevenColors(t)
	p := match.Plan{Game: e.Game}
	for _, b := range e.Bots {
		p.Entrants = append(p.Entrants, match.HouseBot(b))
	}
	var err error
	p.Jobs, err = match.RoundRobin(e.Game, []games.Config{{"size": 6}, {"size": 12}}, len(p.Entrants), 6, 99)
	if err != nil {
		t.Fatal(err)
	}
	one := runAll(t, p, match.Options{Parallel: 1, Replays: true})
	four := runAll(t, p, match.Options{Parallel: 4, Replays: true})
	if !reflect.DeepEqual(one, four) {
		t.Fatal("parallel 4 differs from parallel 1")
	}
	for i, r := range one {
		if r.Void() || r.Forfeit >= 0 {
			t.Fatalf("game %d: %+v", i, r)
		}
		st, err := replay.Resimulate(e.Game, *r.Replay)
		if err != nil {
			t.Fatalf("game %d: %v", i, err)
		}
		if !reflect.DeepEqual(st.Outcome(), *r.Outcome) || r.Replay.Config["size"] != p.Jobs[i].Config["size"] {
			t.Fatalf("game %d does not replay", i)
		}
	}
}

// Seats reach the right bots: greedy beats random nearly always (docs/rules/sevencolors.md §10),
// whichever seat it has.
func TestSevenColorsGreedyBeatsRandomFromBothSeats(t *testing.T) {
	e := sevenColors(t)
	p := plan(t, e, "random,greedy", games.Config{"size": 20}, 40, 5)
	tally := match.NewTally(p)
	asSeat := [2]int{}
	for _, r := range runAll(t, p, match.Options{}) {
		tally.Add(r)
		if w := r.Outcome.Winner(); w >= 0 && p.Jobs[r.Job].Seats[w] == 1 {
			asSeat[w]++
		}
	}
	if g := tally.Total[1]; g.Wins < 36 || asSeat[0] < 18 || asSeat[1] < 18 {
		t.Fatalf("greedy won %d of 40 (%d as seat 0, %d as seat 1)", g.Wins, asSeat[0], asSeat[1])
	}
	if share, ok := tally.Total[1].MeanShare(); !ok || share <= 0.5 {
		t.Fatalf("greedy's mean share %v", share)
	}
}
