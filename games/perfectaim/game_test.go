package perfectaim

import (
	"encoding/json"
	"math/big"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/replay"
)

func TestNormalize(t *testing.T) {
	cfg, err := Game.Normalize(nil)
	if err != nil || cfg[KeyPermutation] != 0 || cfg[KeyColors] != 0 {
		t.Fatalf("defaults %v %v", cfg, err)
	}
	cfg, err = Game.Normalize(games.Config{KeyPermutation: 11, KeyColors: 5})
	if err != nil || cfg[KeyPermutation] != 11 || cfg[KeyColors] != 5 {
		t.Fatalf("permutation 11: %v %v", cfg, err)
	}
	// The permutation has period 12: 0..11 name them all, and 12 is refused like -1 rather
	// than quietly read as 0.
	for _, bad := range []games.Config{{"size": 21}, {KeyPermutation: -1}, {KeyPermutation: 12}, {KeyColors: 16}, {KeyColors: 4}} {
		if _, err := Game.Normalize(bad); err == nil {
			t.Errorf("%v accepted", bad)
		}
	}
	if _, err := Game.New(games.Config{KeyColors: 7}, 2, 1); err == nil {
		t.Error("a 3-colour mask for 2 seats accepted")
	}
	if _, err := Game.New(nil, 5, 1); err == nil {
		t.Error("5 seats accepted")
	}
}

func TestStartPermutations(t *testing.T) { // §3's table
	want := map[int][4][2]int{
		0:  {{1, 1}, {19, 19}, {19, 1}, {1, 19}},
		1:  {{19, 19}, {19, 1}, {1, 19}, {1, 1}},
		2:  {{19, 1}, {1, 19}, {1, 1}, {19, 19}},
		3:  {{1, 19}, {19, 19}, {1, 1}, {19, 1}},
		4:  {{1, 1}, {19, 1}, {19, 19}, {1, 19}},
		12: {{1, 1}, {19, 19}, {19, 1}, {1, 19}},
	}
	for i, w := range want {
		if got := StartCells(i); got != w {
			t.Errorf("permutation %d: %v, want %v", i, got, w)
		}
	}
	// Colours present keep their slot's start: RED and YELLOW at permutation 1.
	st, err := Game.New(games.Config{KeyPermutation: 1, KeyColors: 0b0101}, 2, 1)
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*State)
	if s.SeatColor(0) != Red || s.SeatColor(1) != Yellow {
		t.Fatalf("seats play %v %v", s.SeatColor(0), s.SeatColor(1))
	}
	wantAt(t, s, Red, 19, 19)
	wantAt(t, s, Yellow, 1, 19)
	if s.Player(Blue).Present || s.PlayerAt(19, 1) != NoColor {
		t.Fatal("BLUE is absent")
	}
}

func TestDecodeAction(t *testing.T) {
	for _, a := range Actions {
		raw, _ := json.Marshal(a)
		got, err := Game.DecodeAction(raw)
		if err != nil || got != a {
			t.Errorf("%s: %v %v", raw, got, err)
		}
	}
	for _, bad := range []string{`"JUMP"`, `3`, `{"a":1}`, `"wait"`, ``} {
		if _, err := Game.DecodeAction(json.RawMessage(bad)); err == nil {
			t.Errorf("%s accepted", bad)
		}
	}
}

func TestActionHelpers(t *testing.T) { // upstream's Action methods, with README §15.6's fix
	if x, y := MoveRight.Apply(1, 1); x != 2 || y != 1 {
		t.Errorf("MOVE_RIGHT.apply((1,1)) = (%d,%d), want (2,1)", x, y)
	}
	if AttackUp.Swap() != AttackDown || AttackUp.Move() != MoveUp || AttackUp.Swap().Move() != MoveDown ||
		MoveLeft.Swap() != MoveRight || Wait.Swap() != Wait || MoveDown.Attack() != AttackDown {
		t.Error("swap / move / attack conversions")
	}
	if x, y := AttackUp.Apply(3, 3); x != 3 || y != 3 {
		t.Error("attacks do not move")
	}
}

func TestInstantIsExactBeyondInt64(t *testing.T) {
	a := At(3, 2).Plus(1, 8)
	if a.String() != "13/8" || a.Floor() != 1 {
		t.Fatalf("3/2 + 1/8 = %s", a)
	}
	// Denominators that leave int64: the value goes big and stays exact.
	p1, p2 := int64(1_000_000_007), int64(998_244_353)
	x := At(1, p1).Plus(1, p2).Plus(1, 999_999_937).Plus(1, 1_000_000_009)
	want := new(big.Rat).SetFrac64(1, p1)
	for _, d := range []int64{p2, 999_999_937, 1_000_000_009} {
		want.Add(want, big.NewRat(1, d))
	}
	if x.Rat().Cmp(want) != 0 || x.big == nil {
		t.Fatalf("sum %s, want %s (big: %v)", x, want.RatString(), x.big != nil)
	}
	if x.Cmp(At(0, 1)) <= 0 || x.Cmp(At(1, 1)) >= 0 || x.Floor() != 0 {
		t.Fatal("big comparisons")
	}
	if back := InstantOf(big.NewRat(6, 4)); back.big != nil || back.String() != "3/2" {
		t.Fatal("small values come back to int64")
	}
	// Comparisons whose cross products overflow int64 stay exact.
	u, v := At(1<<62-1, 1<<61+1), At(1<<62-3, 1<<61)
	if u.Cmp(v) != u.Rat().Cmp(v.Rat()) {
		t.Fatal("128-bit comparison")
	}
	if n, ok := At(40, 1).Whole(); !ok || n != 40 {
		t.Fatal("whole")
	}
}

// randomPicker plays uniformly among valid actions, seeded.
func randomPicker(seed uint64) picker {
	r := rand.New(rand.NewPCG(seed, 1))
	return func(s *State, c Color) Action {
		for {
			if a := Actions[r.IntN(len(Actions))]; s.Valid(c, a) {
				return a
			}
		}
	}
}

func TestRandomPlayEndsByMaxDuration(t *testing.T) { // §8, §9
	limit := At(MaxDuration, 1)
	for seed := uint64(0); seed < 60; seed++ {
		seats := 2 + int(seed%3)
		st, err := Game.New(games.Config{KeyPermutation: int(seed % 12)}, seats, seed)
		if err != nil {
			t.Fatal(err)
		}
		s := st.(*State)
		finish(t, s, randomPicker(seed))
		if s.Time().Cmp(limit) > 0 {
			t.Fatalf("seed %d ended at %s", seed, s.Now())
		}
		alive := 0
		for c := Red; c <= Green; c++ {
			if s.Player(c).Alive {
				alive++
			}
		}
		if alive > 1 {
			t.Fatalf("seed %d over with %d alive", seed, alive)
		}
	}
}

// TestPacedEqualsUnpaced drives one game paced (AdvanceTo in uneven slices, as a room does)
// and one unpaced; decisions and outcome must match, and NextDecision must predict each
// decision instant.
func TestPacedEqualsUnpaced(t *testing.T) {
	for seed := uint64(1); seed <= 8; seed++ {
		a, _ := New(seed, int(seed), 0, 4)
		want := finish(t, a, randomPicker(seed))

		b, _ := New(seed, int(seed), 0, 4)
		b.SetPaced(true)
		pick := randomPicker(seed)
		r := rand.New(rand.NewPCG(seed, 2))
		var got []decision
		clock := b.Clock() // New rests at the first decision
		var predicted *big.Rat
		for !b.Over() {
			if len(b.ToMove()) > 0 {
				if predicted != nil && predicted.Cmp(b.Clock()) != 0 {
					t.Fatalf("seed %d: NextDecision said %s, the decision came at %s", seed, predicted.RatString(), b.Now())
				}
				c := b.Deciding()
				act := pick(b, c)
				got = append(got, decision{b.Now(), c, act})
				if _, err := b.Apply(b.ToMove()[0], act); err != nil {
					t.Fatal(err)
				}
				predicted = nil
				continue
			}
			if predicted == nil {
				next, ok := b.NextDecision()
				if ok {
					predicted = next
				}
			}
			clock.Add(clock, big.NewRat(int64(1+r.IntN(7)), 20)) // 50..350 ms of game time
			b.AdvanceTo(clock)
			if b.Clock().Cmp(clock) > 0 {
				t.Fatalf("AdvanceTo(%s) went to %s", clock.RatString(), b.Now())
			}
		}
		if !slices.Equal(got, want) {
			t.Fatalf("seed %d: paced game differs: %d vs %d decisions", seed, len(got), len(want))
		}
		if !reflect.DeepEqual(a.Outcome(), b.Outcome()) {
			t.Fatalf("seed %d: outcomes %+v vs %+v", seed, a.Outcome(), b.Outcome())
		}
	}
}

func TestReplayReproducesTheGame(t *testing.T) {
	for seed := uint64(10); seed < 16; seed++ {
		names := []string{"a", "b", "c"}
		ref, err := replay.NewReferee(Game, games.Config{KeyColors: 0b1011, KeyPermutation: 5}, seed, names)
		if err != nil {
			t.Fatal(err)
		}
		pick := randomPicker(seed)
		for st := ref.State().(*State); !st.Over(); {
			seat := st.ToMove()[0]
			a := pick(st, st.Deciding())
			if seed%2 == 0 && st.Steps()%5 == 0 {
				a = AttackUp // sometimes invalid: the referee plays the default
			}
			ref.Play(seat, a)
		}
		rp := ref.Replay()
		data, err := json.Marshal(rp)
		if err != nil {
			t.Fatal(err)
		}
		back, err := replay.Decode(data, func(string) (games.Game, bool) { return Game, true })
		if err != nil {
			t.Fatal(err)
		}
		if _, err := replay.Resimulate(Game, back); err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		// A move shifted to another instant is caught.
		if len(back.Moves) > 3 {
			back.Moves[3].At = "1/3"
			if _, err := replay.Resimulate(Game, back); err == nil {
				t.Fatal("a move at the wrong instant was accepted")
			}
		}
	}
}

func TestCloneIsIndependent(t *testing.T) {
	s, _ := New(3, 0, 0, 4)
	c := s.Copy()
	finish(t, c, randomPicker(1))
	if s.Over() || s.Now() != "1/1" || len(s.Fireballs()) != 0 || s.Player(Red).X != 1 {
		t.Fatal("playing a clone changed the original")
	}
	if d := finish(t, s.Copy(), randomPicker(1)); len(d) == 0 {
		t.Fatal("no decisions")
	}
}

func TestOverStateRefusesMoves(t *testing.T) {
	s, _ := NewBoard(lane("#R...B#"), BoardOptions{NoRegen: true})
	finish(t, s, script(map[Color][]Action{Red: {AttackRight}}))
	if s.ToMove() != nil {
		t.Fatal("ToMove after the end")
	}
	if _, err := s.Apply(0, Wait); err == nil {
		t.Fatal("Apply after the end")
	}
	if _, ok := s.NextDecision(); ok {
		t.Fatal("NextDecision after the end")
	}
}

func TestObservation(t *testing.T) {
	s, _ := NewBoard([]string{
		"#######",
		"#R.o.B#",
		"#.:...#",
		"#.....#",
		"#..~..#",
		"#.D...#",
		"#######",
	}, BoardOptions{NoRegen: true, Shield: [4]bool{Blue: true}})
	s.Apply(0, AttackRight) // RED throws; BLUE now decides at 1 and sees the fireball
	o := s.Obs(1)
	if o.T != "1/1" || o.Size != 7 || o.You == nil || o.You.Color != "BLUE" || !o.You.Shield || o.You.Speed != "1/1" {
		t.Fatalf("obs header %+v you %+v", o, o.You)
	}
	if o.TileGrid[1][1] != "FIREBALL" || o.TileGrid[1][3] != "COIN" || o.TileGrid[1][5] != "PLAYER_BLUE" ||
		o.TileGrid[2][2] != "DAMAGED_FLOOR" || o.TileGrid[4][3] != "LAVA" || o.TileGrid[5][2] != "SHIELD" ||
		o.Background[1][3] != "FLOOR" || o.Background[0][0] != "WALL" {
		t.Fatalf("grids %v / %v", o.TileGrid, o.Background)
	}
	if len(o.Players) != 2 || o.Players[0].Action != "ATTACK_RIGHT" ||
		len(o.Fireballs) != 1 || o.Fireballs[0] != (FireballObs{X: 1, Y: 1, Action: "MOVE_RIGHT", Sender: "RED"}) {
		t.Fatalf("players %+v fireballs %+v", o.Players, o.Fireballs)
	}
	if s.Obs(-1).You != nil {
		t.Fatal("a spectator has no you")
	}
	data, err := json.Marshal(s.Observation(1))
	if err != nil {
		t.Fatal(err)
	}
	var back Obs
	if err := json.Unmarshal(data, &back); err != nil || !reflect.DeepEqual(back, o) {
		t.Fatalf("JSON round trip: %v\n%+v\n%+v", err, back, o)
	}
	var generic map[string]any
	json.Unmarshal(data, &generic)
	for _, k := range []string{"t", "size", "you", "tile_grid", "background", "players"} {
		if _, ok := generic[k]; !ok {
			t.Errorf("obs lacks the protocol's %q", k)
		}
	}
}
