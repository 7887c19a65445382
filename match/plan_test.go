package match_test

import (
	"reflect"
	"testing"

	"github.com/arena-classroom/arena/catalog"
	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/games/perfectaim/arenamatch"
	"github.com/arena-classroom/arena/match"
	"github.com/arena-classroom/arena/replay/replaytest"
)

// Planning allocates nothing per game: the largest batch costs what a small one does, so a
// client asking for a million games costs no memory before they run (issue 13).
func TestPlanningAllocatesNothingPerGame(t *testing.T) {
	e, _ := catalog.Get("sevencolors")
	cfgs := []games.Config{{"size": 10}, {"size": 20}}
	plans := map[string]func(n int){
		"series": func(n int) { mustPlan(t)(match.PlanSeries(e.Game, nil, 2, n, 1)) },
		"perfect aim": func(n int) {
			mustPlan(t)(arenamatch.PlanSeries(nil, 4, n, 1, -1))
		},
		"round robin": func(n int) { mustPlan(t)(match.PlanRoundRobin(e.Game, cfgs, 4, n/12, 1)) },
	}
	for name, plan := range plans {
		small := testing.AllocsPerRun(5, func() { plan(12) })
		huge := testing.AllocsPerRun(5, func() { plan(match.MaxGames) })
		if huge > small {
			t.Errorf("%s: planning %d games makes %.0f allocations, %d games %.0f", name, match.MaxGames, huge, 12, small)
		}
	}
}

func mustPlan(t *testing.T) func(match.Schedule, error) {
	return func(s match.Schedule, err error) {
		if err != nil {
			t.Fatal(err)
		}
	}
}

// A round robin made on demand is the listed one, game for game: by group, by pair in
// lexical order, by game of the pair's series.
func TestRoundRobinOnDemandOrder(t *testing.T) {
	cfgs := []games.Config{{"target": 10}, {"target": 20}}
	s, err := match.PlanRoundRobin(replaytest.Race{}, cfgs, 4, 3, 7)
	if err != nil {
		t.Fatal(err)
	}
	var want []match.Job
	for group, cfg := range cfgs {
		pair, err := match.Series(replaytest.Race{}, cfg, 2, 3, 7)
		if err != nil {
			t.Fatal(err)
		}
		for a := range 4 {
			for b := a + 1; b < 4; b++ {
				for _, j := range pair {
					ab := [2]int{a, b}
					want = append(want, match.Job{Config: j.Config, Seed: j.Seed, Group: group,
						Seats: []int{ab[j.Seats[0]], ab[j.Seats[1]]}})
				}
			}
		}
	}
	if got := s.List(); !reflect.DeepEqual(got, want) {
		t.Fatalf("round robin:\n got %v\nwant %v", got, want)
	}
}
