package perfectaim

import (
	"strings"
	"testing"

	"github.com/arena-classroom/arena/games"
)

// Boards are 7×7 unless said otherwise; one character per cell (see NewBoard).

func TestFirstDecisionsAtOneInColourOrder(t *testing.T) { // §4 cadence, §11
	s := paced(t, []string{
		"#######",
		"#R...B#",
		"#.....#",
		"#.....#",
		"#.....#",
		"#Y...G#",
		"#######",
	}, BoardOptions{NoRegen: true})
	got := advance(t, s, "2", script(nil))
	want := []decision{
		{"1/1", Red, Wait}, {"1/1", Blue, Wait}, {"1/1", Yellow, Wait}, {"1/1", Green, Wait},
		{"2/1", Red, Wait}, {"2/1", Blue, Wait}, {"2/1", Yellow, Wait}, {"2/1", Green, Wait},
	}
	if len(got) != len(want) {
		t.Fatalf("decisions %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("decision %d is %v, want %v", i, got[i], want[i])
		}
	}
}

var openRow = []string{
	"#######",
	"#R...B#",
	"#.....#",
	"#.....#",
	"#.....#",
	"#.....#",
	"#######",
}

func TestMoveChangesCellAtItsMidpoint(t *testing.T) { // §4: a move at D changes cell at D+1/(2s)
	s := paced(t, openRow, BoardOptions{NoRegen: true})
	pick := script(map[Color][]Action{Red: {MoveRight}})
	advance(t, s, "1", pick)
	if next, ok := s.NextDecision(); !ok || next.RatString() != "2" {
		t.Fatalf("next decision %v %v, want 2", next, ok)
	}
	advance(t, s, "149/100", pick)
	wantAt(t, s, Red, 1, 1)
	advance(t, s, "3/2", pick)
	wantAt(t, s, Red, 2, 1)
	if s.Now() != "3/2" {
		t.Fatalf("clock %s, want 3/2", s.Now())
	}
}

func TestSpeedSetsTheCadence(t *testing.T) { // an action lasts 1/s; speed 5/4 decides at 4/5, 8/5
	s := paced(t, openRow, BoardOptions{NoRegen: true, SpeedQ: [4]int64{Red: 5}})
	got := advance(t, s, "2", script(map[Color][]Action{Red: {MoveDown}}))
	var red []string
	for _, d := range got {
		if d.c == Red {
			red = append(red, d.at)
		}
	}
	if strings.Join(red, " ") != "4/5 8/5" {
		t.Fatalf("RED decided at %v, want 4/5 8/5", red)
	}
	s = paced(t, openRow, BoardOptions{NoRegen: true, SpeedQ: [4]int64{Red: 5}})
	pick := script(map[Color][]Action{Red: {MoveDown}})
	advance(t, s, "119/100", pick)
	wantAt(t, s, Red, 1, 1)
	advance(t, s, "6/5", pick) // 4/5 + (1/2)/(5/4)
	wantAt(t, s, Red, 1, 2)
}

// itemRow has RED next to one item at (2,1) and BLUE far away.
func itemRow(item byte) []string {
	return []string{
		"#######",
		"#R" + string(item) + "..B#",
		"#.....#",
		"#.....#",
		"#.....#",
		"#.....#",
		"#######",
	}
}

func redDecisions(got []decision) []string {
	var out []string
	for _, d := range got {
		if d.c == Red {
			out = append(out, d.at)
		}
	}
	return out
}

func TestPickupAtMidpointChangesTheRestOfTheAction(t *testing.T) { // §4, §7
	cases := []struct {
		item   byte
		speedQ int64
		want   string // RED's decisions
		check  func(p PlayerInfo) bool
	}{
		// boost at 3/2: the second half lasts (1/2)/(5/4) = 2/5
		{'^', 4, "1/1 19/10", func(p PlayerInfo) bool { return p.SpeedQ == 5 }},
		// penalty at 3/2: (1/2)/(3/4) = 2/3
		{'v', 4, "1/1 13/6", func(p PlayerInfo) bool { return p.SpeedQ == 3 }},
		// at speed 1/2 a penalty does nothing: decide at 2, midpoint 3, end 4
		{'v', 2, "2/1 4/1", func(p PlayerInfo) bool { return p.SpeedQ == 2 }},
		{'o', 4, "1/1 2/1", func(p PlayerInfo) bool { return p.Coins == 1 }},
		{'+', 4, "1/1 2/1", func(p PlayerInfo) bool { return p.Supers == 1 }},
		{'D', 4, "1/1 2/1", func(p PlayerInfo) bool { return p.Shield }},
	}
	for _, c := range cases {
		s := paced(t, itemRow(c.item), BoardOptions{NoRegen: true, SpeedQ: [4]int64{Red: c.speedQ}})
		got := advance(t, s, "4", script(map[Color][]Action{Red: {MoveRight}}))
		if d := redDecisions(got); strings.Join(d[:2], " ") != c.want {
			t.Errorf("item %c at speed %d/4: RED decided at %v, want %s first", c.item, c.speedQ, d, c.want)
		}
		if p := s.Player(Red); !c.check(p) || s.Item(2, 1) != 0 || p.X != 2 {
			t.Errorf("item %c: RED %+v, item left %v", c.item, p, s.Item(2, 1))
		}
	}
}

func TestValidity(t *testing.T) { // §5
	s, err := NewBoard([]string{
		"#######",
		"#RB...#",
		"#.#...#",
		"#.....#",
		"#.....#",
		"#.....#",
		"#######",
	}, BoardOptions{NoRegen: true})
	if err != nil {
		t.Fatal(err)
	}
	code := func(seat int, a games.Action) string {
		if err := s.Validate(seat, a); err != nil {
			return games.IllegalCode(err)
		}
		return "ok"
	}
	for _, c := range []struct {
		a    games.Action
		want string
	}{
		{MoveUp, "wall"}, {MoveLeft, "wall"}, {MoveRight, "occupied"}, {MoveDown, "ok"},
		{Wait, "ok"}, {AttackUp, "ok"}, // attacking into an adjacent wall is valid
		{"JUMP", "malformed_action"}, {3, "malformed_action"}, {"ATTACK_DOWN", "ok"},
	} {
		if got := code(0, c.a); got != c.want {
			t.Errorf("RED %v: %s, want %s", c.a, got, c.want)
		}
	}
	if err := s.Validate(1, Wait); err != games.ErrNotYourTurn {
		t.Errorf("BLUE validating while RED decides: %v", err)
	}
	if _, err := s.Apply(1, Wait); err != games.ErrNotYourTurn {
		t.Errorf("BLUE applying while RED decides: %v", err)
	}
	// RED throws down the open column; its fireball is still flying at t=2.
	if _, err := s.Apply(0, AttackDown); err != nil {
		t.Fatal(err)
	}
	s.Apply(1, Wait)
	if s.Now() != "2/1" || s.Deciding() != Red {
		t.Fatalf("at %s %s decides, want RED at 2", s.Now(), s.Deciding())
	}
	if got := code(0, AttackLeft); got != "cannot_attack" {
		t.Errorf("RED attacking with its fireball in flight: %s", got)
	}
	// Apply with an invalid action plays WAIT, as upstream does.
	ev, err := s.Apply(0, AttackLeft)
	if err != nil || len(ev) == 0 || ev[0].Type != "invalid" || s.Player(Red).Action != Wait {
		t.Fatalf("invalid action: events %v err %v action %s", ev, err, s.Player(Red).Action)
	}
}

// lane is a closed corridor on row 1.
func lane(row string) []string {
	return []string{
		"#######",
		row,
		"#######",
		"#######",
		"#######",
		"#######",
		"#######",
	}
}

func TestFireballFliesEveryQuarterSecondAndKills(t *testing.T) { // §4, §6
	s := paced(t, lane("#R...B#"), BoardOptions{NoRegen: true})
	pick := script(map[Color][]Action{Red: {AttackRight}})
	advance(t, s, "1", pick)
	if f := s.Fireballs(); len(f) != 1 || f[0].X != 1 || s.TileAt(1, 1) != Fireball {
		t.Fatalf("at 1 the fireball should sit on RED's cell, showing over it: %+v %v", f, s.TileAt(1, 1))
	}
	for _, c := range []struct {
		at string
		x  int
	}{{"9/8", 2}, {"5/4", 2}, {"11/8", 3}, {"13/8", 4}} {
		advance(t, s, c.at, pick)
		if f := s.Fireballs(); len(f) != 1 || f[0].X != c.x {
			t.Fatalf("at %s fireballs %+v, want one on x=%d", c.at, f, c.x)
		}
	}
	advance(t, s, "15/8", pick)
	wantDead(t, s, Blue, "15/8")
	if !s.Over() {
		t.Fatal("one player left: the game should be over")
	}
	if o := s.Outcome(); o.Winner() != 0 || o.Ranks[1] != 2 {
		t.Fatalf("outcome %+v, want RED first", o)
	}
}

func TestOneFireballKillsEveryoneInLine(t *testing.T) { // §6: the fireball flies on
	s, _ := NewBoard(lane("#R.B.Y#"), BoardOptions{NoRegen: true})
	finish(t, s, script(map[Color][]Action{Red: {AttackRight}}))
	wantDead(t, s, Blue, "11/8")
	wantDead(t, s, Yellow, "15/8")
	if o := s.Outcome(); o.Ranks[0] != 1 || o.Ranks[2] != 2 || o.Ranks[1] != 3 {
		t.Fatalf("ranks %v, want RED 1, YELLOW 2 (died later), BLUE 3", o.Ranks)
	}
}

func TestShieldStopsOneFireball(t *testing.T) { // §6 hit_player
	s := paced(t, lane("#R...B#"), BoardOptions{NoRegen: true, Shield: [4]bool{Blue: true}})
	advance(t, s, "15/8", script(map[Color][]Action{Red: {AttackRight}}))
	wantAlive(t, s, Blue)
	if s.Player(Blue).Shield || len(s.Fireballs()) != 0 || !s.CanAttack(Red) {
		t.Fatalf("shield %v, fireballs %v, RED can attack %v: the shield should be spent and the fireball gone",
			s.Player(Blue).Shield, s.Fireballs(), s.CanAttack(Red))
	}
}

func TestWallRemovesFireball(t *testing.T) {
	s := paced(t, lane("#R...B#"), BoardOptions{NoRegen: true})
	advance(t, s, "9/8", script(map[Color][]Action{Red: {AttackLeft}}))
	if len(s.Fireballs()) != 0 {
		t.Fatalf("a fireball thrown into a wall should be gone at 9/8: %+v", s.Fireballs())
	}
}

func TestSuperFireballThrowsFourWhateverTheDirection(t *testing.T) { // §5
	s, _ := NewBoard([]string{
		"#######",
		"#..B..#",
		"#.....#",
		"#..R.G#",
		"#.....#",
		"#.....#",
		"#######",
	}, BoardOptions{NoRegen: true, Supers: [4]int{Red: 1}})
	finish(t, s, script(map[Color][]Action{Red: {AttackLeft}}))
	wantDead(t, s, Blue, "11/8")  // up: (3,2) at 9/8, (3,1) at 11/8
	wantDead(t, s, Green, "11/8") // right
	if p := s.Player(Red); p.Supers != 0 || !p.Alive {
		t.Fatalf("RED %+v: the super fireball should be used up", p)
	}
	if o := s.Outcome(); o.Ranks[0] != 1 || o.Ranks[1] != 2 || o.Ranks[2] != 2 {
		t.Fatalf("ranks %v: BLUE and GREEN died together", o.Ranks)
	}
}

func TestSuperFireballMakesAttacksValidWhileOwnFireballsFly(t *testing.T) {
	rows := []string{
		"#########",
		"#R.....B#",
		"#.......#",
		"#.......#",
		"#.......#",
		"#.......#",
		"#.......#",
		"#.......#",
		"#########",
	}
	s := paced(t, rows, BoardOptions{NoRegen: true, Supers: [4]int{Red: 2}, Shield: [4]bool{Blue: true}})
	var valid []bool
	pick := func(s *State, c Color) Action {
		if c != Red {
			return Wait
		}
		valid = append(valid, s.Valid(Red, AttackDown))
		return AttackDown
	}
	advance(t, s, "3", pick)
	// 1: super; 2: the first batch still flies, a super is left; 3: none left, fireballs fly.
	if len(valid) != 3 || !valid[0] || !valid[1] || valid[2] {
		t.Fatalf("attack validity at 1, 2, 3: %v, want true true false", valid)
	}
}

func TestEnteringTheCellAFireballLeavesIsFatal(t *testing.T) { // §6: players act before fireballs
	rows := []string{
		"#######",
		"#R....#",
		"#.B...#",
		"#.....#",
		"#.....#",
		"#.....#",
		"#######",
	}
	// The fireball is on (2,1) from 9/8 and leaves at 11/8; BLUE (speed 4) steps up at 5/4,
	// so it enters at 11/8 and finds the fireball still there.
	s, _ := NewBoard(rows, BoardOptions{NoRegen: true, SpeedQ: [4]int64{Blue: 16}})
	pick := func(s *State, c Color) Action {
		if c == Red && s.Now() == "1/1" {
			return AttackRight
		}
		if c == Blue && s.Now() == "5/4" {
			return MoveUp
		}
		return Wait
	}
	finish(t, s, pick)
	wantDead(t, s, Blue, "11/8")
}

func TestLeavingAsAFireballArrivesIsSafe(t *testing.T) { // §6
	rows := []string{
		"#######",
		"#R.B..#",
		"#.....#",
		"#.....#",
		"#.....#",
		"#.....#",
		"#######",
	}
	// The fireball reaches (3,1) at 11/8, the instant BLUE's move down takes it to (3,2).
	s := paced(t, rows, BoardOptions{NoRegen: true, SpeedQ: [4]int64{Blue: 16}})
	pick := func(s *State, c Color) Action {
		if c == Red && s.Now() == "1/1" {
			return AttackRight
		}
		if c == Blue && s.Now() == "5/4" {
			return MoveDown
		}
		return Wait
	}
	advance(t, s, "3", pick)
	wantAlive(t, s, Blue)
	wantAt(t, s, Blue, 3, 2)
}

func TestHeadOnCrossingCannotSkipAHit(t *testing.T) { // §6
	// The fireball is on (3,1) from 11/8 to 13/8; BLUE walking left enters it at 3/2.
	s, _ := NewBoard(lane("#R..B.#"), BoardOptions{NoRegen: true})
	finish(t, s, script(map[Color][]Action{Red: {AttackRight}, Blue: {MoveLeft}}))
	wantDead(t, s, Blue, "3/2")
}

func TestSameCellColourOrderDecides(t *testing.T) { // §6: RED reaches (2,1) first, BLUE bounces
	s := paced(t, lane("#R.B..#"), BoardOptions{NoRegen: true})
	advance(t, s, "3/2", script(map[Color][]Action{Red: {MoveRight}, Blue: {MoveLeft}}))
	wantAt(t, s, Red, 2, 1)
	wantAt(t, s, Blue, 3, 1)
	if a := s.Player(Blue).Action; a != MoveRight {
		t.Fatalf("a bounce turns the action around: BLUE's action is %s", a)
	}
}

func TestDecisionsSeeEarlierColoursAtTheSameInstant(t *testing.T) { // §11: the clone is mid-step
	// RED (speed 3/2) decides at 2/3 and reaches (2,1) at 1, before BLUE decides at 1;
	// GREEN (speed 3/2) reaches (4,3) at 1 too, but after BLUE: BLUE does not see it yet.
	s := paced(t, []string{
		"#######",
		"#R.B..#",
		"#.....#",
		"#..G..#",
		"#.....#",
		"#.....#",
		"#######",
	}, BoardOptions{NoRegen: true, SpeedQ: [4]int64{Red: 6, Green: 6}})
	var seen []string
	pick := func(s *State, c Color) Action {
		switch {
		case c == Red && s.Now() == "2/3":
			return MoveRight
		case c == Green && s.Now() == "2/3":
			return MoveRight
		case c == Blue && s.Now() == "1/1":
			seen = append(seen, s.PlayerAt(2, 1).String(), s.PlayerAt(3, 3).String(),
				games.IllegalCode(s.Validate(s.Player(Blue).Seat, MoveLeft)))
		}
		return Wait
	}
	advance(t, s, "1", pick)
	if strings.Join(seen, " ") != "RED GREEN occupied" {
		t.Fatalf("BLUE at 1 saw %v, want RED moved (and its cell taken) and GREEN not yet", seen)
	}
	wantAt(t, s, Green, 4, 3)
}

func TestDecisionSeesAnEarlierColoursFireball(t *testing.T) {
	s := paced(t, openRow, BoardOptions{NoRegen: true})
	var tile Tile
	pick := func(s *State, c Color) Action {
		if c == Red {
			return AttackDown
		}
		tile = s.TileAt(1, 1)
		return Wait
	}
	advance(t, s, "1", pick)
	if tile != Fireball {
		t.Fatalf("BLUE saw %v on RED's cell, want the new FIREBALL over RED", tile)
	}
}

func TestFireballsActInCreationOrder(t *testing.T) { // §15.9a
	// RED's and YELLOW's fireballs reach shielded BLUE together at 11/8: RED's (older) is
	// stopped by the shield and YELLOW's kills; YELLOW's then meets RED's shield at 15/8.
	// The other order would spare RED's shield and let RED's fireball kill YELLOW.
	s := paced(t, lane("#R.B.Y#"), BoardOptions{NoRegen: true, Shield: [4]bool{Red: true, Blue: true}})
	advance(t, s, "15/8", script(map[Color][]Action{Red: {AttackRight}, Yellow: {AttackLeft}}))
	wantDead(t, s, Blue, "11/8")
	wantAlive(t, s, Red)
	wantAlive(t, s, Yellow)
	if s.Player(Red).Shield || len(s.Fireballs()) != 0 {
		t.Fatalf("RED's shield should have stopped YELLOW's fireball: %+v %+v", s.Player(Red), s.Fireballs())
	}
}

func TestFireballBeforeShieldOnTheSameCell(t *testing.T) { // §15.9b
	// The fireball is on (3,1) from 11/8 to 13/8, over a shield item; BLUE steps onto it at 3/2.
	s, _ := NewBoard([]string{
		"#######",
		"#R.D..#",
		"#..B..#",
		"#.....#",
		"#.....#",
		"#.....#",
		"#######",
	}, BoardOptions{NoRegen: true})
	finish(t, s, script(map[Color][]Action{Red: {AttackRight}, Blue: {MoveUp}}))
	wantDead(t, s, Blue, "3/2")
	if s.Item(3, 1) != 0 || s.Player(Blue).Shield {
		t.Fatalf("the shield item should be gone (taken by the dead entity) without protecting BLUE")
	}
}

func TestOwnFireballCanHitAtHighSpeed(t *testing.T) { // §6: possible above speed 4
	// RED at speed 5 throws at 1/5; its fireball is on (2,1) from 13/40 to 23/40; RED steps
	// right at 2/5 and enters it at 1/2.
	s, _ := NewBoard([]string{
		"#######",
		"#R....#",
		"#.....#",
		"#....B#",
		"#.....#",
		"#.....#",
		"#######",
	}, BoardOptions{NoRegen: true, SpeedQ: [4]int64{Red: 20}})
	finish(t, s, script(map[Color][]Action{Red: {AttackRight, MoveRight}}))
	wantDead(t, s, Red, "1/2")
}

func TestMutualKillIsADraw(t *testing.T) { // §9
	s, _ := NewBoard(lane("#R...B#"), BoardOptions{NoRegen: true})
	finish(t, s, script(map[Color][]Action{Red: {AttackRight}, Blue: {AttackLeft}}))
	wantDead(t, s, Red, "15/8")
	wantDead(t, s, Blue, "15/8")
	if o := s.Outcome(); o.Ranks[0] != 1 || o.Ranks[1] != 1 || o.Winner() != -1 {
		t.Fatalf("outcome %+v, want a draw", o)
	}
}

func TestLavaRings(t *testing.T) { // §8
	rows := []string{
		"#######",
		"#R....#",
		"#.....#",
		"#..B..#",
		"#.....#",
		"#.o...#",
		"#######",
	}
	s := paced(t, rows, BoardOptions{NoRegen: true})
	advance(t, s, "34", script(nil))
	if s.Background(1, 1) != Floor {
		t.Fatal("ring 1 is damaged at 35, not before")
	}
	advance(t, s, "35", script(nil))
	if s.Background(1, 1) != DamagedFloor || s.Background(2, 2) != Floor {
		t.Fatalf("at 35 ring 1 is damaged, ring 2 not: %v %v", s.Background(1, 1), s.Background(2, 2))
	}
	wantAlive(t, s, Red)
	advance(t, s, "40", script(nil))
	wantDead(t, s, Red, "40/1")
	if s.Background(2, 5) != Lava || s.Item(2, 5) != 0 || s.Background(2, 2) != Floor {
		t.Fatalf("at 40 ring 1 is lava and its items are gone")
	}
	if !s.Over() || s.Outcome().Winner() != 1 {
		t.Fatalf("BLUE, on the centre, should win at 40")
	}
}

func TestLavaKillsBeforeOtherEventsOfItsInstant(t *testing.T) { // §8
	// RED's action ends at 40, when ring 1 turns to lava: lava comes first, so RED dies
	// without deciding; BLUE, on the centre, still decides at 40.
	s := paced(t, []string{
		"#######",
		"#R....#",
		"#.....#",
		"#..B..#",
		"#.....#",
		"#.....#",
		"#######",
	}, BoardOptions{NoRegen: true})
	got := advance(t, s, "40", script(nil))
	last := got[len(got)-1]
	if last != (decision{"40/1", Blue, Wait}) || got[len(got)-2].at != "39/1" {
		t.Fatalf("last decisions %v: RED should not decide at 40", got[len(got)-3:])
	}
	wantDead(t, s, Red, "40/1")
}

func TestWalkingIntoLavaOrDamagedFloor(t *testing.T) {
	s, _ := NewBoard(lane("#R~..B#"), BoardOptions{NoRegen: true})
	finish(t, s, script(map[Color][]Action{Red: {MoveRight}}))
	wantDead(t, s, Red, "3/2")
	s = paced(t, lane("#R:..B#"), BoardOptions{NoRegen: true})
	advance(t, s, "3", script(map[Color][]Action{Red: {MoveRight}}))
	wantAlive(t, s, Red)
	wantAt(t, s, Red, 2, 1)
}

func countItems(s *State) map[Tile]int {
	out := map[Tile]int{}
	for y := 0; y < s.Size(); y++ {
		for x := 0; x < s.Size(); x++ {
			if it := s.Item(x, y); it != 0 {
				out[it]++
				if s.Background(x, y) != Floor || s.PlayerAt(x, y) != NoColor {
					panic("item off the floor or under a player")
				}
			}
		}
	}
	return out
}

func TestRegenerationBatches(t *testing.T) { // §7
	for _, c := range []struct {
		item byte
		want map[Tile]int
	}{
		{'.', map[Tile]int{SpeedBoost: 1, SuperFireball: 1, Coin: 1}},                  // coins == penalties
		{'v', map[Tile]int{SpeedBoost: 1, Shield: 1, Coin: 1, SpeedPenalty: 1}},        // fewer coins
		{'o', map[Tile]int{SpeedBoost: 1, SuperFireball: 1, SpeedPenalty: 1, Coin: 1}}, // more coins
		{'^', map[Tile]int{SpeedBoost: 2, SuperFireball: 1, Coin: 1}},                  // one bonus left
		{'D', map[Tile]int{SpeedBoost: 1, SuperFireball: 1, Coin: 1, Shield: 1}},       // shields count
		{'+', map[Tile]int{SpeedBoost: 1, SuperFireball: 2, Coin: 1}},                  // supers count
	} {
		rows := []string{
			"#######",
			"#R...B#",
			"#.....#",
			"#." + string(c.item) + "...#",
			"#.....#",
			"#.....#",
			"#######",
		}
		s, err := NewBoard(rows, BoardOptions{Seed: 7})
		if err != nil {
			t.Fatal(err)
		}
		got := countItems(s)
		if len(got) != len(c.want) {
			t.Errorf("start with %c: items %v, want %v", c.item, got, c.want)
			continue
		}
		for k, v := range c.want {
			if got[k] != v {
				t.Errorf("start with %c: items %v, want %v", c.item, got, c.want)
			}
		}
	}
	s, _ := NewBoard([]string{
		"#######",
		"#R...B#",
		"#.^...#",
		"#.....#",
		"#..+..#",
		"#.....#",
		"#######",
	}, BoardOptions{Seed: 7})
	if got := countItems(s); len(got) != 2 {
		t.Fatalf("two bonuses left: no batch expected, items %v", got)
	}
}

// TestRegenerationPlacement re-derives §7's placement: x-major coordinates shuffled with
// the map's stream, taken from the end, first empty floor cells get Coin, Super, Boost.
func TestRegenerationPlacement(t *testing.T) {
	rows := []string{
		"#########",
		"#R.....B#",
		"#.#.#.#.#",
		"#.......#",
		"#.#.#.#.#",
		"#.......#",
		"#.#.#.#.#",
		"#......:#",
		"#########",
	}
	s, _ := NewBoard(rows, BoardOptions{Seed: 99}) // the batch falls in the first step
	fresh, _ := NewBoard(rows, BoardOptions{Seed: 99, Paced: true})
	type xy struct{ x, y int }
	var coords []xy
	for x := 1; x <= 7; x++ {
		for y := 1; y <= 7; y++ {
			coords = append(coords, xy{x, y})
		}
	}
	r := fresh.rng
	r.Shuffle(len(coords), func(i, j int) { coords[i], coords[j] = coords[j], coords[i] })
	want := map[xy]Tile{}
	batch := []Tile{SpeedBoost, SuperFireball, Coin}
	for k := len(coords) - 1; k >= 0 && len(batch) > 0; k-- {
		c := coords[k]
		if rows[c.y][c.x] == '.' || rows[c.y][c.x] == ':' {
			want[c] = batch[len(batch)-1]
			batch = batch[:len(batch)-1]
		}
	}
	if len(want) != 3 || len(countItems(s)) != 3 {
		t.Fatalf("want %v, board has %v", want, countItems(s))
	}
	for c, it := range want {
		if s.Item(c.x, c.y) != it {
			t.Errorf("(%d,%d) holds %v, want %v", c.x, c.y, s.Item(c.x, c.y), it)
		}
	}
}

func TestBatchAppearsAfterThePickupInstant(t *testing.T) { // §7 timing
	rows := []string{
		"#######",
		"#R^..B#",
		"#.....#",
		"#.....#",
		"#..+..#",
		"#.....#",
		"#######",
	}
	s := paced(t, rows, BoardOptions{Seed: 3})
	pick := script(map[Color][]Action{Red: {MoveRight}})
	advance(t, s, "3/2", pick)
	if got := countItems(s); got[SuperFireball] != 1 || len(got) != 1 {
		t.Fatalf("at 3/2 the boost is taken and the batch not yet placed: %v", got)
	}
	var seen int
	advance(t, s, "19/10", func(s *State, c Color) Action {
		if c == Red {
			seen = len(countItems(s))
		}
		return Wait
	})
	if seen != 3 { // the super left, then a boost, a super and a coin: three kinds
		t.Fatalf("RED deciding at 19/10 should see the batch: %d kinds", seen)
	}
}

func TestRanksAndScores(t *testing.T) {
	s, _ := NewBoard(lane("#Ro.B.#"), BoardOptions{NoRegen: true})
	finish(t, s, func(s *State, c Color) Action {
		switch {
		case c == Red && s.Now() == "1/1":
			return MoveRight
		case c == Red && s.Now() == "2/1":
			return AttackRight
		}
		return Wait
	})
	o := s.Outcome()
	if o.Ranks[0] != 1 || o.Ranks[1] != 2 || o.Scores[0] != 1 || o.Scores[1] != 0 {
		t.Fatalf("outcome %+v, want RED first with its coin", o)
	}
}
