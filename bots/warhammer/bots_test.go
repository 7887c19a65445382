package warhammer_test

import (
	"encoding/json"
	"math/rand/v2"
	"testing"

	"github.com/arena-classroom/arena/bots"
	whbots "github.com/arena-classroom/arena/bots/warhammer"
	"github.com/arena-classroom/arena/games"
	wh "github.com/arena-classroom/arena/games/warhammer"
)

func position(t *testing.T, raw string) *wh.State {
	t.Helper()
	st, err := wh.Game.(games.Positions).DecodePosition(json.RawMessage(raw), 1)
	if err != nil {
		t.Fatal(err)
	}
	return st.(*wh.State)
}

func choose(name string, st *wh.State) int {
	return info(name).New(1).Choose(st, st.Turn()).(int)
}

func info(name string) bots.Info {
	i, ok := bots.Find(whbots.All, name)
	if !ok {
		panic("no bot " + name)
	}
	return i
}

// A board where the four bots differ: seat 0 at (3,3) next to seat 1 at (3,4), whose cell
// is down to 1 HP; seat 2 at (6,3).
//
//	    4 4 4
//	  4 4 4 4 4
//	4 4 4 4 4 4 4
//	4 4 2P1P2 4 4
//	4 4 4 4 4 4 4
//	  4 4 4 4 4
//	    4P3 4
const duel = `{"game":"warhammer","size":7,"hp":[
[0,0,4,4,4,0,0],[0,4,4,4,4,4,0],[4,4,4,4,4,4,4],[4,4,2,4,1,4,4],[4,4,4,4,4,4,4],[0,4,4,4,4,4,0],[0,0,4,4,4,0,0]],
"players":[{"alive":true,"row":3,"col":3},{"alive":true,"row":3,"col":4},{"alive":true,"row":6,"col":3}],"to_move":0}`

func TestTheFourBotsOnOneBoard(t *testing.T) {
	st := position(t, duel)
	want := map[string]int{
		// Seeded draws (seed 0): any code; a grenade up then the hammer up-left.
		"random":   wh.Code(2, 6),
		"cautious": wh.Code(1, 3),
		// Step up-right to (2,4), a fresh cell, and hammer down on seat 1's cell: the only
		// hammer that takes no free neighbour away (4 HP, 7 free cells: 47). Seat 1 falls.
		"survivor": wh.Code(5, 6),
		// Step down to (4,3), 2 from seat 2, and hammer up-right on seat 1's cell: one kill,
		// 1000 − 10·2 + 4 = 984, against 964 for survivor's turn.
		"hunter": wh.Code(10, 1),
	}
	for _, info := range whbots.All {
		if got := info.New(0).Choose(st, 0); got != want[info.Name] {
			t.Errorf("%s plays %v, want %d", info.Name, got, want[info.Name])
		}
	}
	if got := whbots.HunterScore(st, whbots.Simulate(st, wh.Code(10, 1)), 0); got != 984 {
		t.Errorf("hunter's score of its turn: %d, want 984", got)
	}
	if got := whbots.SurvivorScore(whbots.Simulate(st, wh.Code(5, 6)), 0); got != 47 {
		t.Errorf("survivor's score of its turn: %d, want 47", got)
	}
}

func TestHunterKillsWhenItCan(t *testing.T) {
	st := position(t, duel)
	next := whbots.Simulate(st, choose("hunter", st))
	if !next.Alive(0) || next.Alive(1) {
		t.Fatal("hunter should kill seat 1 and live")
	}
}

func TestWhenEveryCodeKillsTheSearchersPlayZero(t *testing.T) {
	// Seat 0 stands on its last HP among holes: every grenade wears its cell away, every step
	// falls, so survivor and hunter answer 0, the lowest code.
	st := position(t, `{"game":"warhammer","size":5,"hp":[[0,0,0,0,0],[0,1,0,0,0],[0,0,0,0,0],[0,0,0,4,4],[0,0,0,4,4]],
"players":[{"alive":true,"row":1,"col":1},{"alive":true,"row":4,"col":4}],"to_move":0}`)
	for _, name := range []string{"survivor", "hunter"} {
		if got := choose(name, st); got != 0 {
			t.Errorf("%s: %d, want 0", name, got)
		}
	}
	// cautious steps nowhere (no standing cell around): a grenade, then hammer right.
	for seed := range uint64(20) {
		info, _ := bots.Find(whbots.All, "cautious")
		if a := info.New(seed).Choose(st, 0).(int); a/8 >= wh.Grenades || a%8 != 0 {
			t.Fatalf("cautious: %d", a)
		}
	}
}

func TestSurvivorAndHunterNeverChooseDeathWhenLifeIsPossible(t *testing.T) {
	for _, name := range []string{"survivor", "hunter"} {
		for seed := range uint64(20) {
			s, _ := wh.NewState(11, 3, seed)
			if next := whbots.Simulate(s, choose(name, s)); !next.Alive(s.Turn()) {
				t.Fatalf("%s chose death on a fresh board", name)
			}
		}
	}
}

func TestCautiousStepsOnlyOntoStandingFreeCellsAndHammersStandingCells(t *testing.T) {
	info, _ := bots.Find(whbots.All, "cautious")
	st := position(t, duel)
	for seed := range uint64(300) {
		a := info.New(seed).Choose(st, 0).(int)
		first := a / 8
		if first >= wh.Grenades {
			d := wh.Directions[first-wh.Grenades]
			r, c := 3+d[0], 3+d[1]
			if !st.Inside(r, c) || st.Occupied(r, c) || st.HP(r, c) == 0 {
				t.Fatalf("seed %d: cautious stepped to (%d,%d)", seed, r, c)
			}
		}
		next, alive := st.AfterFirst(first)
		p := next.Player(0)
		h := wh.Directions[a%8]
		if alive && next.HP(p.Row+h[0], p.Col+h[1]) == 0 {
			t.Fatalf("seed %d: cautious (%d) hammers a hole or the void, from where it stands after its first choice", seed, a)
		}
	}
}

// The searchers as the rules write them, on whole copies (Simulate): the bots must agree.
func literalBest(s *wh.State, seat int, score func(after *wh.State) int) int {
	choice, top, found := 0, 0, false
	for code := range wh.Codes {
		after := whbots.Simulate(s, code)
		if !after.Players()[seat].Alive {
			continue
		}
		if v := score(after); !found || v > top {
			choice, top, found = code, v, true
		}
	}
	return choice
}

func TestSearchersMatchTheirDefinition(t *testing.T) {
	survivor, hunter := whbots.All[2].New(0), whbots.All[3].New(0)
	r := rand.New(rand.NewPCG(3, 4))
	for game := range 30 {
		s, _ := wh.NewState(7+game%13, 2+game%7, uint64(game))
		for !s.Over() {
			seat := s.Turn()
			ws := literalBest(s, seat, func(a *wh.State) int { return whbots.SurvivorScore(a, seat) })
			wHunt := literalBest(s, seat, func(a *wh.State) int { return whbots.HunterScore(s, a, seat) })
			if got := survivor.Choose(s, seat); got != ws {
				t.Fatalf("survivor %v, by definition %d", got, ws)
			}
			if got := hunter.Choose(s, seat); got != wHunt {
				t.Fatalf("hunter %v, by definition %d", got, wHunt)
			}
			s.Play(r.IntN(wh.Codes))
		}
	}
}

func TestTheBotsAreDeterministic(t *testing.T) {
	st := position(t, duel)
	for _, info := range whbots.All {
		for seed := range uint64(10) {
			a, b := info.New(seed).Choose(st, 0), info.New(seed).Choose(st.Clone(), 0)
			if a != b {
				t.Fatalf("%s: %v then %v from the same state and seed", info.Name, a, b)
			}
		}
	}
}
