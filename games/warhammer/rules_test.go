package warhammer

import (
	"encoding/json"
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
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
	for _, p := range players {
		if p.Alive {
			s.living++
		}
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
		} else if pe := new(*games.PositionError); !errors.As(err, pe) {
			t.Errorf("%s: %v is not a PositionError naming the field", name, err)
		}
	}
}

func TestSpawnsForEightPlayersAndSmallBoards(t *testing.T) {
	want := [][2]int{{9, 16}, {13, 13}, {16, 9}, {13, 4}, {9, 2}, {4, 4}, {2, 8}, {4, 13}}
	if got := Spawns(19, 8); !slices.Equal(got, want) {
		t.Fatalf("19×19, 8 players: %v, want %v", got, want)
	}
	// On 7×7 the formula puts two of 6..8 players on one cell: the later one moves to the
	// nearest free playable cell. Everywhere else it is the formula's.
	if r, c := Spawn(7, 8, 4); r != 3 || c != 2 {
		t.Fatalf("7×7, 8 players, player 4 by the formula: (%d,%d), want the clash (3,2)", r, c)
	}
	if got := Spawns(7, 8)[4]; got != [2]int{2, 1} {
		t.Fatalf("7×7, 8 players, player 4 starts at %v, want (2,1): the nearest free cell to (3,2)", got)
	}
	for size := MinSize; size <= MaxSize; size++ {
		for n := MinPlayers; n <= MaxPlayers; n++ {
			seen := map[[2]int]bool{}
			for k, at := range Spawns(size, n) {
				if seen[at] || !Playable(size, at[0], at[1]) {
					t.Fatalf("%d×%d, %d players: player %d at %v is taken or a hole", size, size, n, k, at)
				}
				seen[at] = true
				if r, c := Spawn(size, n, k); size > 7 && (r != at[0] || c != at[1]) {
					t.Fatalf("%d×%d, %d players: player %d moved from the formula's (%d,%d) to %v", size, size, n, k, r, c, at)
				}
			}
		}
	}
}

func TestOctagonReproducesTheSeedsExample(t *testing.T) {
	// The seed's 6×6 example map (its player columns left out).
	seed := [6]string{"..44..", ".4444.", "444444", "444444", ".4444.", "..44.."}
	for r, line := range seed {
		for c, ch := range line {
			if Playable(6, r, c) != (ch == '4') {
				t.Fatalf("(%d,%d): playable %v, the seed's map says %q", r, c, Playable(6, r, c), ch)
			}
		}
	}
}

func TestGrenadeInEveryDirection(t *testing.T) {
	for _, tc := range []struct {
		dir    int
		lr, lc int
	}{{gRight, 7, 12}, {gUp, 2, 7}, {gLeft, 7, 2}, {gDown, 12, 7}} {
		s := board(15, 0, at(7, 7), at(0, 0))
		play(t, s, code(tc.dir, hUpLeft))
		if s.HP(tc.lr, tc.lc) != 0 {
			t.Errorf("grenade %d: (%d,%d) has %d, want it destroyed", tc.dir, tc.lr, tc.lc, s.HP(tc.lr, tc.lc))
		}
		if s.HP(7, 7) != 3 {
			t.Errorf("grenade %d: the thrower's cell has %d, want 3", tc.dir, s.HP(7, 7))
		}
	}
}

const hUpLeft = 3

func TestGrenadeOnAHoleStillSplashes(t *testing.T) {
	s := board(15, 0, at(7, 2), at(0, 0))
	s.hp[7*15+7] = 0
	play(t, s, code(gRight, hUp))
	if s.HP(7, 7) != 0 || s.HP(6, 7) != 2 || s.HP(7, 8) != 2 {
		t.Fatalf("a grenade landing on a hole: %d, neighbours %d %d", s.HP(7, 7), s.HP(6, 7), s.HP(7, 8))
	}
}

func TestGrenadeAtTheCornerSplashesOnlyTheBoard(t *testing.T) {
	// Lands on (0,14): its neighbours (1,14) and (0,13) lose 2, the two off the board nothing.
	s := board(15, 0, at(0, 10), at(14, 14))
	ev := play(t, s, code(gRight, hDown))
	if s.HP(0, 14) != 0 || s.HP(1, 14) != 2 || s.HP(0, 13) != 2 {
		t.Fatalf("corner: %d, %d, %d", s.HP(0, 14), s.HP(1, 14), s.HP(0, 13))
	}
	d := ev[0].Data.(GrenadeData)
	if len(d.Cells) != 3 || d.Cells[0] != (CellHP{0, 14, 0}) {
		t.Fatalf("the grenade event lists %v: want the landing cell and its two neighbours on the board", d.Cells)
	}
}

func TestGrenadeSplashOnTheThrowersOwnCell(t *testing.T) {
	// A player two cells away: the grenade lands between, the thrower's cell takes the splash
	// (2) and its wear (1).
	s := board(15, 0, at(7, 7), at(7, 9), at(0, 0))
	play(t, s, code(gRight, hUp))
	if s.HP(7, 8) != 0 || s.HP(7, 7) != 1 || s.HP(7, 9) != 2 || !s.players[0].Alive {
		t.Fatalf("landing (7,8) %d, thrower's cell %d (want 1), target's %d (want 2), thrower alive %v",
			s.HP(7, 8), s.HP(7, 7), s.HP(7, 9), s.players[0].Alive)
	}
}

func TestThrowerDiesBeforeItsVictim(t *testing.T) {
	// Seat 1 throws at seat 0 right next to it: the grenade lands on the thrower's own cell,
	// and seat 0's weakened cell goes with the splash. The thrower dies first (rule 10), then
	// seat 0 at the end of the turn, although seat 0 comes first in seat order.
	s := board(9, 1, at(4, 5), at(4, 4), at(0, 0))
	s.hp[4*9+5] = 2
	play(t, s, code(gRight, hUp))
	if !slices.Equal(s.deaths, []int{1, 0}) {
		t.Fatalf("deaths %v, want [1 0]: the thrower first", s.deaths)
	}
	if got := s.Outcome().Ranks; !slices.Equal(got, []int{2, 3, 1}) {
		t.Fatalf("ranks %v, want [2 3 1]", got)
	}
	// With two players the guard stops the end of turn once the thrower is dead: seat 0
	// survives on its destroyed cell and wins.
	s = board(9, 1, at(4, 5), at(4, 4))
	s.hp[4*9+5] = 2
	play(t, s, code(gRight, hUp))
	if !slices.Equal(s.deaths, []int{1}) || !s.players[0].Alive || !s.Over() || s.Outcome().Winner() != 0 {
		t.Fatalf("deaths %v, seat 0 alive %v: the guard keeps one survivor", s.deaths, s.players[0].Alive)
	}
}

func TestStepsInEveryDirection(t *testing.T) {
	for dir, d := range Directions {
		s := board(9, 0, at(4, 4), at(0, 0))
		play(t, s, code(Grenades+dir, dir)) // the hammer beyond, away from the start
		p := s.players[0]
		if !p.Alive || p.Row != 4+d[0] || p.Col != 4+d[1] || s.HP(4, 4) != 3 {
			t.Errorf("step %s: %+v, start cell %d", DirectionNames[dir], p, s.HP(4, 4))
		}
	}
}

func TestSteppingOntoADeadPlayersCellIsAllowed(t *testing.T) {
	s := board(9, 0, at(4, 4), Player{Alive: false, Row: 4, Col: 5}, at(0, 0))
	play(t, s, code(mRight, hRight))
	if !s.players[0].Alive || s.players[0].Col != 5 {
		t.Fatalf("a dead player's cell is free: %+v", s.players[0])
	}
}

func TestSteppingOffAWornCellDestroysIt(t *testing.T) {
	// The start cell at 1 HP drops to 0 behind the player, who is safe on the new cell.
	s := board(9, 0, at(4, 4), at(0, 0))
	s.hp[4*9+4] = 1
	play(t, s, code(mRight, hRight))
	if !s.players[0].Alive || s.HP(4, 4) != 0 {
		t.Fatalf("alive %v, old cell %d", s.players[0].Alive, s.HP(4, 4))
	}
}

func TestGrenadeWearKillsTheThrowerOnItsLastHP(t *testing.T) {
	// Standing on 1 HP, a grenade thrown far away still wears the cell to 0: death, no hammer.
	s := board(15, 0, at(7, 2), at(0, 0), at(14, 14))
	s.hp[7*15+2] = 1
	ev := play(t, s, code(gRight, hUp))
	if s.players[0].Alive || s.HP(6, 2) != InitialHP {
		t.Fatalf("alive %v, hammer target %d (want untouched)", s.players[0].Alive, s.HP(6, 2))
	}
	if last := ev[len(ev)-1]; last.Type != "death" || last.Data.(DeathData).Reason != ReasonHole {
		t.Fatalf("last event %+v", last)
	}
}

func TestEndOfTurnVictimsDieInSeatOrder(t *testing.T) {
	// Seat 2 hammers seat 3's cell; seats 0 and 3 both stand on holes: they die in seat order.
	s := board(9, 2, at(0, 0), at(8, 8), at(4, 4), at(4, 5))
	s.hp[0] = 0
	play(t, s, code(gUp, hRight))
	if !slices.Equal(s.deaths, []int{0, 3}) {
		t.Fatalf("deaths %v, want [0 3]", s.deaths)
	}
}

func TestApplyRefusesWhatItCannotInterpret(t *testing.T) {
	s := board(9, 0, at(4, 4), at(0, 0))
	before := s.Clone()
	if _, err := s.Apply(0, "12"); err == nil {
		t.Fatal("a string was applied")
	}
	if _, err := s.Apply(1, 12); err != games.ErrNotYourTurn {
		t.Fatalf("seat 1 out of turn: %v", err)
	}
	if !slices.Equal(s.hp, before.(*State).hp) || s.turn != 0 {
		t.Fatal("a refused Apply changed the state")
	}
	for _, a := range []int{96, -5, 1 << 20} {
		s := board(9, 0, at(4, 4), at(0, 0), at(8, 8))
		ev := play(t, s, a)
		if s.players[0].Alive || ev[0].Data.(DeathData).Reason != ReasonInvalid {
			t.Fatalf("code %d: alive %v, events %+v", a, s.players[0].Alive, ev)
		}
	}
}

func TestEventsSayWhatHappened(t *testing.T) {
	s := board(15, 0, at(7, 2), at(7, 8), at(0, 0))
	ev := play(t, s, code(gRight, hDown))
	want := []string{
		"throws a grenade right: lands at (7,7), player 2's cell drops to 2",
		"hammers (8,2)",
	}
	if len(ev) != 2 || ev[0].Text != want[0] || ev[1].Text != want[1] {
		t.Fatalf("events %+v, want %q", ev, want)
	}
	ev = play(t, s, code(mLeft, hLeft)) // seat 1 steps left to (7,7), a hole
	if len(ev) != 2 || ev[0].Type != "move" || ev[1].Type != "death" || ev[1].Seat != 1 ||
		ev[1].Text != "falls through the destroyed cell (7,7)" {
		t.Fatalf("events %+v", ev)
	}
	if ev[0].Text != "steps left to (7,7)" || ev[0].Data.(MoveData).FromHP != 1 {
		t.Fatalf("move text %q", ev[0].Text)
	}
	s = board(9, 0, at(4, 4), at(3, 4), at(8, 8))
	ev = play(t, s, code(gDown, hUp))
	if ev[1].Text != "hammers (3,4) under player 2" || ev[2].Seat != 1 || ev[2].Type != "death" {
		t.Fatalf("events %+v", ev)
	}
	for _, tc := range []struct {
		code int
		text string
	}{
		{-1, "gives no valid code and dies"},
		{200, "plays code 200, outside 0..95, and dies"},
		{code(mUp, 0), "steps onto player 2 and dies"},
	} {
		s := board(9, 0, at(4, 4), at(3, 4), at(8, 8))
		if ev := play(t, s, tc.code); ev[0].Text != tc.text {
			t.Errorf("code %d: %q, want %q", tc.code, ev[0].Text, tc.text)
		}
	}
	s = board(9, 0, at(0, 4), at(8, 8))
	if ev := play(t, s, code(gDown, hUp)); ev[1].Text != "swings the hammer up into the void and falls" {
		t.Errorf("%q", ev[1].Text)
	}
	for _, e := range ev {
		if _, err := json.Marshal(e); err != nil {
			t.Fatal(err)
		}
	}
}

func TestEveryTurnWearsTheBoardSoGamesEnd(t *testing.T) {
	// Each turn takes at least 1 HP off the board or kills: a game lasts at most total HP +
	// players turns, whatever is played.
	for seed := range uint64(50) {
		s, _ := NewState(MinSize+int(seed%10), 2+int(seed%7), seed)
		total := 0
		for _, v := range s.hp {
			total += v
		}
		r := rand.New(rand.NewPCG(seed, 1))
		turns := 0
		for !s.Over() {
			if turns++; turns > total+len(s.players) {
				t.Fatalf("seed %d: no end after %d turns", seed, turns)
			}
			s.Play(r.IntN(Codes+2) - 1) // now and then an invalid code
		}
	}
}

func TestPlayAndApplyAgree(t *testing.T) {
	a, _ := NewState(19, 4, 7)
	b := a.Clone().(*State)
	r := rand.New(rand.NewPCG(7, 2))
	for !a.Over() {
		code := r.IntN(Codes)
		if _, err := a.Apply(a.turn, code); err != nil {
			t.Fatal(err)
		}
		b.Play(code)
		pa, _ := Game.(games.Positions).EncodePosition(a)
		pb, _ := Game.(games.Positions).EncodePosition(b)
		if string(pa) != string(pb) {
			t.Fatalf("Apply and Play part:\n%s\n%s", pa, pb)
		}
	}
}

func TestCopyFromIsIndependent(t *testing.T) {
	a, _ := NewState(11, 3, 1)
	var scratch State
	scratch.CopyFrom(a)
	scratch.Play(code(gRight, hUp))
	if a.Deaths() != nil || a.HP(5, 9) != InitialHP {
		t.Fatal("playing the copy changed the original")
	}
	scratch.CopyFrom(a)
	pa, _ := Game.(games.Positions).EncodePosition(a)
	pb, _ := Game.(games.Positions).EncodePosition(&scratch)
	if string(pa) != string(pb) {
		t.Fatalf("a reused copy differs:\n%s\n%s", pa, pb)
	}
}

func TestPositionsNameTheFieldAtFault(t *testing.T) {
	const hp3 = `"hp":[[4,4,4],[4,4,4],[4,4,4]]`
	const two = `"players":[{"alive":true,"row":0,"col":0},{"alive":true,"row":2,"col":2}]`
	for _, tc := range []struct{ field, raw string }{
		{"position", `[1,2]`},
		{"position", `{"game":"warhammer"`},
		{"game", `{"game":"sevencolors","size":3,` + hp3 + `,` + two + `,"to_move":0}`},
		{"size", `{"game":"warhammer",` + hp3 + `,` + two + `,"to_move":0}`},
		{"size", `{"game":"warhammer","size":36,` + hp3 + `,` + two + `,"to_move":0}`},
		{"size", `{"game":"warhammer","size":2.5,` + hp3 + `,` + two + `,"to_move":0}`},
		{"hp", `{"game":"warhammer","size":4,` + hp3 + `,` + two + `,"to_move":0}`},
		{"hp", `{"game":"warhammer","size":3,"hp":"full",` + two + `,"to_move":0}`},
		{"hp[1]", `{"game":"warhammer","size":3,"hp":[[4,4,4],[4,4],[4,4,4]],` + two + `,"to_move":0}`},
		{"hp[0][1]", `{"game":"warhammer","size":3,"hp":[[4,-1,4],[4,4,4],[4,4,4]],` + two + `,"to_move":0}`},
		{"hp[2][2]", `{"game":"warhammer","size":3,"hp":[[4,4,4],[4,4,4],[4,4,"x"]],` + two + `,"to_move":0}`},
		{"players", `{"game":"warhammer","size":3,` + hp3 + `,"players":[{"alive":true,"row":0,"col":0}],"to_move":0}`},
		{"players", `{"game":"warhammer","size":3,` + hp3 + `,"players":[{},{},{},{},{},{},{},{},{}],"to_move":0}`},
		{"players[1]", `{"game":"warhammer","size":3,` + hp3 + `,"players":[{"alive":true,"row":0,"col":0},{"alive":true,"row":0,"col":3}],"to_move":0}`},
		{"players[1]", `{"game":"warhammer","size":3,` + hp3 + `,"players":[{"alive":true,"row":0,"col":0},{"alive":true,"row":0,"col":0}],"to_move":0}`},
		{"players[1].row", `{"game":"warhammer","size":3,` + hp3 + `,"players":[{"alive":true,"row":0,"col":0},{"alive":true,"col":0}],"to_move":0}`},
		{"players[0].alive", `{"game":"warhammer","size":3,` + hp3 + `,"players":[{"alive":1,"row":0,"col":0},{"alive":true,"row":1,"col":0}],"to_move":0}`},
		{"players[0].hp", `{"game":"warhammer","size":3,` + hp3 + `,"players":[{"alive":true,"row":0,"col":0,"hp":4},{"alive":true,"row":1,"col":0}],"to_move":0}`},
		{"players", `{"game":"warhammer","size":3,` + hp3 + `,"players":[{"alive":true,"row":0,"col":0},{"alive":false,"row":1,"col":0}],"to_move":0}`},
		{"to_move", `{"game":"warhammer","size":3,` + hp3 + `,` + two + `}`},
		{"to_move", `{"game":"warhammer","size":3,` + hp3 + `,` + two + `,"to_move":2}`},
		{"to_move", `{"game":"warhammer","size":3,` + hp3 + `,"players":[{"alive":false,"row":0,"col":0},{"alive":true,"row":1,"col":0},{"alive":true,"row":2,"col":0}],"to_move":0}`},
		{"deaths", `{"game":"warhammer","size":3,` + hp3 + `,"players":[{"alive":false,"row":0,"col":0},{"alive":true,"row":1,"col":0},{"alive":true,"row":2,"col":0}],"to_move":1,"deaths":[]}`},
		{"deaths[0]", `{"game":"warhammer","size":3,` + hp3 + `,"players":[{"alive":false,"row":0,"col":0},{"alive":true,"row":1,"col":0},{"alive":true,"row":2,"col":0}],"to_move":1,"deaths":[1]}`},
		{"turn", `{"game":"warhammer","size":3,` + hp3 + `,` + two + `,"to_move":0,"turn":3}`},
	} {
		_, err := Game.(games.Positions).DecodePosition(json.RawMessage(tc.raw), 1)
		var pe *games.PositionError
		if !errors.As(err, &pe) || pe.Field != tc.field {
			t.Errorf("%s\n  refused with %v, want a refusal naming %s", tc.raw, err, tc.field)
		}
	}
}

func TestPositionsRoundTripAndPlayOnAsTheGame(t *testing.T) {
	// new → step → the same as the game: a position written at any move reads back to a
	// state that goes on exactly as the original.
	st, _ := NewState(13, 3, 5)
	r := rand.New(rand.NewPCG(5, 3))
	for !st.Over() {
		raw, err := Game.(games.Positions).EncodePosition(st)
		if err != nil {
			t.Fatal(err)
		}
		back, err := Game.(games.Positions).DecodePosition(raw, 9)
		if err != nil {
			t.Fatalf("%s: %v", raw, err)
		}
		code := r.IntN(Codes)
		ea, _ := st.Apply(st.turn, code)
		eb, err := back.Apply(back.ToMove()[0], code)
		if err != nil {
			t.Fatal(err)
		}
		ja, _ := json.Marshal(ea)
		jb, _ := json.Marshal(eb)
		pa, _ := Game.(games.Positions).EncodePosition(st)
		pb, _ := Game.(games.Positions).EncodePosition(back)
		if string(ja) != string(jb) || string(pa) != string(pb) {
			t.Fatalf("after code %d the decoded position parts from the game:\n%s\n%s", code, pa, pb)
		}
	}
}

func TestThePositionFormatsExampleIsAGameStart(t *testing.T) {
	f := Game.(games.Positions).PositionFormat()
	raw := f[strings.Index(f, "Example"):]
	raw = raw[strings.IndexByte(raw, '{'):]
	st, err := Game.(games.Positions).DecodePosition(json.RawMessage(raw), 1)
	if err != nil {
		t.Fatal(err)
	}
	start, _ := NewState(7, 2, 1)
	start.turn = 0
	a, _ := Game.(games.Positions).EncodePosition(st)
	b, _ := Game.(games.Positions).EncodePosition(start)
	if string(a) != string(b) {
		t.Fatalf("the example\n%s\nis not the start\n%s", a, b)
	}
}
