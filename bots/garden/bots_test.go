package garden

import (
	"encoding/json"
	"testing"

	"github.com/arena-classroom/arena/bots"
	"github.com/arena-classroom/arena/games"
	gt "github.com/arena-classroom/arena/games/garden"
)

// playGame plays one game of the bots in seat order on seed.
func playGame(bs []bots.Bot, seed uint64) *gt.State {
	s := gt.NewState(gt.DefaultRounds, seed)
	for !s.Over() {
		seat := s.Turn()
		a := bs[seat].Choose(s, seat)
		if s.Validate(seat, a) != nil {
			a = s.DefaultAction(seat)
		}
		s.Apply(seat, a)
	}
	return s
}

// Where a test garden keeps its special cells: the corners.
var specialsAt = map[[2]int]string{{0, 6}: "sky", {4, 0}: "candy", {0, 2}: "bbq", {4, 4}: "pool"}

// garden is a hand-made position: every simple cell grass, food, yield 0; the specials in
// the corners; creatures as given ({r, q} → {owner, creatures}); seat 0 (clan0) to play its
// conquest against seat 1 (clan1); edit changes the position's JSON object last.
func garden(t *testing.T, clan0, clan1 string, cells map[[2]int][2]int, edit func(p map[string]any)) *gt.State {
	t.Helper()
	var list []any
	for h := range gt.Hex(gt.NumCells) {
		rq := [2]int{h.R(), h.Q()}
		c := map[string]any{"r": rq[0], "q": rq[1], "kind": "simple", "terrain": "grass", "resource": "food", "yield": 0, "owner": -1, "creatures": 0}
		if k, ok := specialsAt[rq]; ok {
			c = map[string]any{"r": rq[0], "q": rq[1], "kind": k, "owner": -1, "creatures": 0}
		}
		if oc, ok := cells[rq]; ok {
			c["owner"], c["creatures"] = oc[0], oc[1]
		}
		list = append(list, c)
	}
	p := map[string]any{"game": "garden", "cells": list, "to_move": 0, "phase": "conquest", "turn": 1,
		"players": []any{map[string]any{"clan": clan0}, map[string]any{"clan": clan1}}}
	if edit != nil {
		edit(p)
	}
	raw, _ := json.Marshal(p)
	st, err := gt.Game.(games.Positions).DecodePosition(raw, 1)
	if err != nil {
		t.Fatal(err)
	}
	return st.(*gt.State)
}

func player(p map[string]any, seat int) map[string]any {
	return p["players"].([]any)[seat].(map[string]any)
}

func parse(t *testing.T, cmd string) gt.Action {
	t.Helper()
	a, err := gt.Parse(cmd)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// The same position and seed give the same move; minimax's search, the same nodes.
func TestTheBotsAreDeterministic(t *testing.T) {
	for _, info := range All {
		s := gt.NewState(gt.DefaultRounds, 7)
		a, b := info.New(3), info.New(3)
		for i := 0; i < 120 && !s.Over(); i++ {
			seat := s.Turn()
			x, y := a.Choose(s, seat), b.Choose(s, seat)
			if x != y {
				t.Fatalf("%s: %v then %v on the same state and seed", info.Name, x, y)
			}
			if m, ok := a.(*Minimax); ok && m.Last() != b.(*Minimax).Last() {
				t.Fatalf("minimax searched %+v, then %+v", m.Last(), b.(*Minimax).Last())
			}
			s.Apply(seat, x)
		}
	}
}

// A budget too small for depth 1 still gives a legal action, the best of those searched.
func TestMinimaxOnATinyBudget(t *testing.T) {
	s := garden(t, "cooks", "miners", map[[2]int][2]int{{2, 2}: {0, 5}, {2, 3}: {1, 1}, {3, 4}: {1, 1}}, nil)
	for _, budget := range []int{1, 10} {
		m := NewMinimax(budget)
		if a := m.Choose(s, 0); s.Validate(0, a) != nil || m.Last().Depth != 0 {
			t.Fatalf("budget %d: %v, search %+v", budget, a, m.Last())
		}
	}
}

// Where they differ. After three actions the heuristic ends its turn; minimax still takes a
// cell it is sure to win. Next to an empty Sky it can pay for, minimax takes it (a special
// is worth 5), while the heuristic moves at random; the random bot ends one time in five.
func TestTheBotsWhereTheyDiffer(t *testing.T) {
	s := garden(t, "cooks", "miners", map[[2]int][2]int{{2, 2}: {0, 5}, {2, 3}: {1, 1}, {3, 4}: {1, 1}},
		func(p map[string]any) { p["actions_left"] = 2 })
	if got := All[1].New(1).Choose(s, 0); got != gt.EndAction {
		t.Fatalf("heuristic after three actions: %v", got)
	}
	if got := NewMinimax(DefaultBudget).Choose(s, 0); got != parse(t, "move 2 2 2 3") {
		t.Fatalf("minimax: %v, want the sure capture", got)
	}

	s = garden(t, "cooks", "miners", map[[2]int][2]int{{1, 6}: {0, 3}, {3, 0}: {1, 1}},
		func(p map[string]any) { player(p, 0)["metal"] = 5 })
	if got := NewMinimax(DefaultBudget).Choose(s, 0); got != parse(t, "move 1 6 0 6") {
		t.Fatalf("minimax next to Sky: %v", got)
	}
	moves := map[gt.Action]bool{}
	for seed := range uint64(40) {
		moves[All[1].New(seed).Choose(s, 0).(gt.Action)] = true
	}
	if len(moves) < 2 {
		t.Fatalf("the heuristic's random expansion always plays %v", moves)
	}
	ends, r := 0, All[0].New(5)
	for range 1000 {
		if r.Choose(s, 0) == gt.EndAction {
			ends++
		}
	}
	if ends < 150 || ends > 250 {
		t.Fatalf("random ended %d times in 1000, want about 200", ends)
	}
}

// The heuristic's guard: no attack it would win less than half the time; its placement:
// the weakest cell on the front.
func TestTheHeuristicsGuardAndPlacement(t *testing.T) {
	s := garden(t, "cooks", "miners", map[[2]int][2]int{{2, 2}: {0, 2}, {2, 3}: {1, 3}, {0, 4}: {0, 1}}, nil)
	if got := All[1].New(1).Choose(s, 0); got != gt.EndAction {
		t.Fatalf("the heuristic attacks 2 against 3: %v", got)
	}
	s = garden(t, "cooks", "miners", map[[2]int][2]int{{2, 2}: {0, 2}, {2, 1}: {0, 1}, {2, 3}: {1, 3}, {3, 2}: {0, 1}},
		func(p map[string]any) { p["phase"], player(p, 0)["pending"] = "reinforcement", 3 })
	if got := All[1].New(1).Choose(s, 0); got != parse(t, "place 3 2") {
		t.Fatalf("the heuristic places on %v, want the weakest front cell (3,2)", got)
	}
}

// Each clan's ability, as the heuristic plays it with 8 points.
func TestTheHeuristicUsesItsClanAbility(t *testing.T) {
	cells := map[[2]int][2]int{{2, 2}: {0, 4}, {2, 3}: {1, 3}, {1, 3}: {1, 1}}
	for clan, want := range map[string]string{"lumberjacks": "zone 2 2 2 3", "miners": "zone 2 3", "cooks": "zone 2 3", "blacksmiths": "zone 2 2"} {
		other := "cooks"
		if clan == "cooks" {
			other = "miners"
		}
		s := garden(t, clan, other, cells, func(p map[string]any) { player(p, 0)["points"] = 8 })
		if got := All[1].New(1).Choose(s, 0); got != parse(t, want) {
			t.Fatalf("%s: %v, want %s", clan, got, want)
		}
	}
}

// Over whole games against random (which gives away the points abilities cost) every bot
// fires the special cells' powers and its clan's abilities.
func TestEveryBotUsesPowersAndAbilities(t *testing.T) {
	for _, info := range All {
		used := map[gt.Verb]int{}
		for seed := uint64(0); seed < 12 && (used[gt.Zone] == 0 || used[gt.SkyAttack]+used[gt.BBQPower]+used[gt.PoolPower] == 0); seed++ {
			s := gt.NewState(gt.DefaultRounds, seed)
			bs := []bots.Bot{info.New(seed), All[0].New(seed)}
			for !s.Over() {
				seat := s.Turn()
				a := bs[seat].Choose(s, seat).(gt.Action)
				if seat == 0 {
					used[a.Verb]++
				}
				s.Apply(seat, a)
			}
		}
		if used[gt.Zone] == 0 || used[gt.SkyAttack]+used[gt.BBQPower]+used[gt.PoolPower] == 0 {
			t.Fatalf("%s never used a power or an ability: %v", info.Name, used)
		}
	}
}

// versus plays n games of a against b, seats alternating, and counts a's wins, b's wins and
// the draws.
func versus(a, b func(uint64) bots.Bot, n int) (aWins, bWins, draws int) {
	for g := range n {
		bs := []bots.Bot{a(uint64(g)), b(uint64(g) + 99)}
		aSeat := 0
		if g%2 == 1 {
			bs[0], bs[1], aSeat = bs[1], bs[0], 1
		}
		switch playGame(bs, uint64(g)).Outcome().Winner() {
		case aSeat:
			aWins++
		case -1:
			draws++
		default:
			bWins++
		}
	}
	return aWins, bWins, draws
}

// The heuristic beats random clearly, and minimax the heuristic (on a small budget, for the
// test's time; the full budget does better, see docs/garden.md). The heuristic wins 78% of
// its games against random (1,561 of versus's 2,000): 3 to 1 is 75%, which 200 games miss one
// time in seven; 2 to 1 (67%) is four standard deviations below what it does.
func TestStrengthOrder(t *testing.T) {
	if w, l, d := versus(All[1].New, All[0].New, 200); w < 2*l {
		t.Fatalf("heuristic against random: %d wins, %d losses, %d draws", w, l, d)
	}
	small := func(uint64) bots.Bot { return NewMinimax(20_000) }
	if w, l, d := versus(small, All[1].New, 40); w < 2*l {
		t.Fatalf("minimax against heuristic: %d wins, %d losses, %d draws", w, l, d)
	}
}
