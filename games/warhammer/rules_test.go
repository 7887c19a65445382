package warhammer

import (
	"encoding/json"
	"slices"
	"testing"

	"github.com/arena-classroom/arena/games"
)

// board builds a state: an all-4 board of size n (holes where hp says 0), players at the
// given cells, seat turn to play.
func board(n int, turn int, players ...Player) *State {
	s := &State{size: n, hp: make([]int, n*n), players: players, turn: turn}
	for i := range s.hp {
		s.hp[i] = InitialHP
	}
	return s
}

func at(r, c int) Player { return Player{Alive: true, Row: r, Col: c} }

func code(first, hammer int) int { return 8*first + hammer }

const (
	gRight, gUp, gLeft, gDown = 0, 1, 2, 3
	mRight, mUpRight, mUp     = 4, 5, 6
	mLeft, mDown              = 8, 10
	hRight, hUp, hLeft, hDown = 0, 2, 4, 6
)

func play(t *testing.T, s *State, a int) []games.Event {
	t.Helper()
	ev, err := s.Apply(s.turn, a)
	if err != nil {
		t.Fatal(err)
	}
	return ev
}

func TestOctagonAndSpawns(t *testing.T) {
	s, err := NewState(19, 2, 1)
	if err != nil {
		t.Fatal(err)
	}
	playable := 0
	for _, v := range s.hp {
		if v == InitialHP {
			playable++
		}
	}
	if playable != 277 {
		t.Fatalf("19×19 octagon: %d playable cells, want 277", playable)
	}
	for n, want := range map[int][][2]int{
		2: {{9, 16}, {9, 2}},
		3: {{9, 16}, {15, 5}, {2, 5}},
		4: {{9, 16}, {16, 9}, {9, 2}, {2, 8}}, // (2,8): the reference's truncation
	} {
		for k, w := range want {
			if r, c := Spawn(19, n, k); r != w[0] || c != w[1] {
				t.Errorf("N=%d player %d spawns at (%d,%d), want %v", n, k, r, c, w)
			}
		}
	}
	s8, err := NewState(19, 8, 1)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[[2]int]bool{}
	for k, p := range s8.players {
		if seen[[2]int{p.Row, p.Col}] || s8.HP(p.Row, p.Col) != InitialHP {
			t.Fatalf("N=8 player %d at (%d,%d): spawns must be distinct playable cells", k, p.Row, p.Col)
		}
		seen[[2]int{p.Row, p.Col}] = true
	}
}

func TestFirstPlayerComesFromTheSeed(t *testing.T) {
	firsts := map[int]bool{}
	for seed := range uint64(40) {
		a, _ := NewState(19, 4, seed)
		b, _ := NewState(19, 4, seed)
		if a.turn != b.turn {
			t.Fatal("the same seed drew two first players")
		}
		firsts[a.turn] = true
	}
	if len(firsts) != 4 {
		t.Fatalf("40 seeds drew first players %v: want all four", firsts)
	}
}

func TestGrenadeFliesFiveCellsAndDamagesAround(t *testing.T) {
	s := board(15, 0, at(7, 2), at(1, 1))
	play(t, s, code(gRight, hUp))
	// Lands at (7,7): destroyed; its four neighbours lose 2; the thrower's cell loses 1.
	if s.HP(7, 7) != 0 || s.HP(6, 7) != 2 || s.HP(8, 7) != 2 || s.HP(7, 6) != 2 || s.HP(7, 8) != 2 {
		t.Fatalf("explosion at (7,7): %d, around %d %d %d %d", s.HP(7, 7), s.HP(6, 7), s.HP(8, 7), s.HP(7, 6), s.HP(7, 8))
	}
	if s.HP(7, 2) != 3 || s.HP(6, 2) != 0 {
		t.Fatalf("thrower's cell %d (want 3), hammered cell %d (want 0)", s.HP(7, 2), s.HP(6, 2))
	}
}

func TestGrenadeStopsBeforeAPlayerAndAtTheBorder(t *testing.T) {
	s := board(15, 0, at(7, 2), at(7, 5))
	play(t, s, code(gRight, hUp))
	if s.HP(7, 4) != 0 || s.HP(7, 5) != 2 {
		t.Fatalf("a grenade stops before the player at (7,5): landed cell %d, player's cell %d", s.HP(7, 4), s.HP(7, 5))
	}
	s = board(15, 0, at(7, 12), at(1, 1))
	play(t, s, code(gRight, hUp))
	if s.HP(7, 14) != 0 {
		t.Fatalf("a grenade stops at the border: (7,14) has %d", s.HP(7, 14))
	}
	// Dead players do not block.
	s = board(15, 0, at(7, 2), Player{Alive: false, Row: 7, Col: 4}, at(1, 1))
	play(t, s, code(gRight, hUp))
	if s.HP(7, 7) != 0 {
		t.Fatal("a dead player blocked the grenade")
	}
}

func TestGrenadeOnOwnCellKills(t *testing.T) {
	// A player right next to the thrower: the grenade lands on the thrower's own cell.
	s := board(15, 0, at(7, 7), at(7, 8), at(1, 1))
	ev := play(t, s, code(gRight, hUp))
	if s.players[0].Alive || s.HP(7, 7) != 0 || s.HP(7, 8) != 2 {
		t.Fatalf("self-grenade: alive %v, own cell %d, neighbour %d (events %v)", s.players[0].Alive, s.HP(7, 7), s.HP(7, 8), ev)
	}
	if !slices.Equal(s.deaths, []int{0}) {
		t.Fatalf("deaths %v", s.deaths)
	}
}

func TestMoves(t *testing.T) {
	// Off the board: death, and the start cell keeps its HP.
	s := board(9, 0, at(0, 4), at(8, 8), at(8, 0))
	play(t, s, code(mUp, hDown))
	if s.players[0].Alive || s.HP(0, 4) != InitialHP {
		t.Fatalf("stepping off: alive %v, start cell %d", s.players[0].Alive, s.HP(0, 4))
	}
	// Onto a living player: death.
	s = board(9, 0, at(4, 4), at(4, 5), at(0, 0))
	play(t, s, code(mRight, hUp))
	if s.players[0].Alive || s.HP(4, 4) != InitialHP {
		t.Fatal("stepping onto a player must kill, leaving the start cell")
	}
	// Onto a hole: allowed, then death (rule 10), no hammer.
	s = board(9, 0, at(4, 4), at(0, 0))
	s.hp[4*9+5] = 0
	play(t, s, code(mRight, hUp))
	if s.players[0].Alive || s.players[0].Col != 5 || s.HP(3, 5) != InitialHP || s.HP(4, 4) != 3 {
		t.Fatalf("stepping into a hole: %+v, hammer target %d, start cell %d", s.players[0], s.HP(3, 5), s.HP(4, 4))
	}
	// A sound step: the start cell loses 1, the hammer counts from the new cell.
	s = board(9, 0, at(4, 4), at(0, 0))
	play(t, s, code(mRight, hRight))
	if !s.players[0].Alive || s.players[0].Col != 5 || s.HP(4, 4) != 3 || s.HP(4, 6) != 0 {
		t.Fatalf("a step and a hammer: %+v, start %d, hammered %d", s.players[0], s.HP(4, 4), s.HP(4, 6))
	}
}

func TestHammer(t *testing.T) {
	// Off the board, or onto a hole: death.
	s := board(9, 0, at(0, 4), at(8, 8))
	play(t, s, code(gDown, hUp))
	if s.players[0].Alive {
		t.Fatal("hammering the void must kill")
	}
	s = board(9, 0, at(4, 4), at(8, 8))
	s.hp[3*9+4] = 0
	play(t, s, code(gDown, hUp))
	if s.players[0].Alive {
		t.Fatal("hammering a hole must kill")
	}
	// Onto another player's cell: destroyed, and that player dies at the end of the turn.
	s = board(9, 0, at(4, 4), at(3, 4), at(8, 8))
	ev := play(t, s, code(gDown, hUp))
	if s.players[1].Alive || !s.players[0].Alive || !slices.Equal(s.deaths, []int{1}) {
		t.Fatalf("hammering a player's cell: players %+v, deaths %v, events %v", s.players, s.deaths, ev)
	}
}

func TestEndOfTurnOrderAndGuard(t *testing.T) {
	// The actor dies first (hammering the void), then the others on holes in seat order, until
	// one is left: seat 2 survives on its hole.
	s := board(9, 0, at(0, 4), at(8, 8), at(8, 0))
	s.hp[8*9+8], s.hp[8*9+0] = 0, 0
	play(t, s, code(gDown, hUp))
	if !slices.Equal(s.deaths, []int{0, 1}) || !s.players[2].Alive || !s.Over() {
		t.Fatalf("deaths %v, seat 2 alive %v, over %v: want the actor, then seat 1, and seat 2 the winner", s.deaths, s.players[2].Alive, s.Over())
	}
	o := s.Outcome()
	if !slices.Equal(o.Ranks, []int{3, 2, 1}) {
		t.Fatalf("ranks %v, want the reverse of the deaths: [3 2 1]", o.Ranks)
	}
}

func TestTurnsSkipTheDead(t *testing.T) {
	s := board(9, 0, at(4, 4), Player{Alive: false, Row: 0, Col: 0}, at(8, 8))
	play(t, s, code(gDown, hUp))
	if s.turn != 2 {
		t.Fatalf("after seat 0, seat %d plays; want 2 (seat 1 is dead)", s.turn)
	}
	play(t, s, code(gUp, hLeft))
	if s.turn != 0 {
		t.Fatalf("after seat 2, seat %d plays; want 0", s.turn)
	}
}

func TestInvalidCodes(t *testing.T) {
	s := board(9, 0, at(4, 4), at(8, 8), at(0, 0))
	for _, a := range []games.Action{-1, 96, 1000, "7"} {
		if s.Validate(0, a) == nil {
			t.Errorf("%v accepted", a)
		}
	}
	if s.Validate(1, 3) != games.ErrNotYourTurn {
		t.Error("a seat out of turn may play")
	}
	play(t, s, s.DefaultAction(0).(int))
	if s.players[0].Alive {
		t.Fatal("the default (an invalid code) must kill: a late or invalid answer is a death")
	}
}

func TestObservationIsTheSeedsMatrix(t *testing.T) {
	s := board(9, 1, at(4, 4), at(8, 7), Player{Alive: false, Row: 0, Col: 3})
	obs := s.Observation(1).(Observation)
	if obs.Size != 9 || obs.Players != 3 || len(obs.Matrix) != 9 || len(obs.Matrix[0]) != 12 {
		t.Fatalf("shape %d×%d", len(obs.Matrix), len(obs.Matrix[0]))
	}
	// Columns 9, 10, 11: seat 1 (the one to play), then 2, then 0.
	cols := func(k int) []int {
		return []int{obs.Matrix[0][9+k], obs.Matrix[1][9+k], obs.Matrix[2][9+k], obs.Matrix[3][9+k]}
	}
	if !slices.Equal(cols(0), []int{1, 8, 7, 0}) || !slices.Equal(cols(1), []int{0, 0, 3, 0}) || !slices.Equal(cols(2), []int{1, 4, 4, 0}) {
		t.Fatalf("player columns %v %v %v", cols(0), cols(1), cols(2))
	}
	if _, err := json.Marshal(obs); err != nil {
		t.Fatal(err)
	}
}

func TestPositionsRefuseBadInput(t *testing.T) {
	good := `{"game":"warhammer","size":3,"hp":[[4,4,4],[4,4,4],[4,4,4]],"players":[{"alive":true,"row":0,"col":0},{"alive":true,"row":2,"col":2}],"to_move":0,"deaths":[]}`
	if _, err := Game.(games.Positions).DecodePosition(json.RawMessage(good), 1); err != nil {
		t.Fatal(err)
	}
	for name, bad := range map[string]string{
		"wrong size":    `{"game":"warhammer","size":4,"hp":[[4,4,4],[4,4,4],[4,4,4]],"players":[{"alive":true,"row":0,"col":0},{"alive":true,"row":2,"col":2}],"to_move":0}`,
		"off the board": `{"game":"warhammer","size":3,"hp":[[4,4,4],[4,4,4],[4,4,4]],"players":[{"alive":true,"row":0,"col":3},{"alive":true,"row":2,"col":2}],"to_move":0}`,
		"negative HP":   `{"game":"warhammer","size":3,"hp":[[4,-1,4],[4,4,4],[4,4,4]],"players":[{"alive":true,"row":0,"col":0},{"alive":true,"row":2,"col":2}],"to_move":0}`,
		"dead to move":  `{"game":"warhammer","size":3,"hp":[[4,4,4],[4,4,4],[4,4,4]],"players":[{"alive":false,"row":0,"col":0},{"alive":true,"row":2,"col":2},{"alive":true,"row":1,"col":1}],"to_move":0}`,
		"out of range":  `{"game":"warhammer","size":3,"hp":[[4,4,4],[4,4,4],[4,4,4]],"players":[{"alive":true,"row":0,"col":0},{"alive":true,"row":2,"col":2}],"to_move":5}`,
		"nine players":  `{"game":"warhammer","size":3,"hp":[[4,4,4],[4,4,4],[4,4,4]],"players":[{},{},{},{},{},{},{},{},{}],"to_move":0}`,
		"over":          `{"game":"warhammer","size":3,"hp":[[4,4,4],[4,4,4],[4,4,4]],"players":[{"alive":true,"row":0,"col":0},{"alive":false,"row":2,"col":2}],"to_move":0}`,
	} {
		if _, err := Game.(games.Positions).DecodePosition(json.RawMessage(bad), 1); err == nil {
			t.Errorf("%s: accepted", name)
		} else if _, ok := err.(*games.PositionError); !ok {
			t.Errorf("%s: %v is not a PositionError naming the field", name, err)
		}
	}
}
