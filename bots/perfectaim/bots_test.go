package perfectaim

import (
	"reflect"
	"testing"

	"github.com/arena-classroom/arena/bots"
	"github.com/arena-classroom/arena/games"
	pa "github.com/arena-classroom/arena/games/perfectaim"
	"github.com/arena-classroom/arena/replay"
)

func board(t *testing.T, rows ...string) *pa.State {
	t.Helper()
	s, err := pa.NewBoard(rows, pa.BoardOptions{NoRegen: true})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func bot(t *testing.T, name string) bots.Bot {
	t.Helper()
	info, ok := bots.Find(All, name)
	if !ok {
		t.Fatalf("no bot %q", name)
	}
	return info.New(1)
}

// choose asks bot name for RED's decision at t=1 (RED decides first).
func choose(t *testing.T, name string, s *pa.State) pa.Action {
	t.Helper()
	if s.Deciding() != pa.Red {
		t.Fatalf("%s decides, not RED", s.Deciding())
	}
	return bot(t, name).Choose(s, 0).(pa.Action)
}

func TestIndianaJones(t *testing.T) {
	cases := []struct {
		why  string
		rows []string
		want pa.Action
	}{
		{"ties go to the earlier direction (UP before DOWN)", []string{
			"#######",
			"#..^..#",
			"#.....#",
			"#..R..#",
			"#.....#",
			"#..+.B#",
			"#######",
		}, pa.MoveUp},
		{"the nearest bonus, around a wall", []string{
			"#######",
			"#.#^..#",
			"#.#.#.#",
			"#R#.#.#",
			"#...#.#",
			"#.#+.B#",
			"#######",
		}, pa.MoveDown},
		{"coins are not bonuses", []string{
			"#######",
			"#Ro..^#",
			"#.....#",
			"#.....#",
			"#.....#",
			"#....B#",
			"#######",
		}, pa.MoveRight},
		{"the first step is only checked for validity", []string{
			"#######",
			"#R:.D.#",
			"#.#.#.#",
			"#.....#",
			"#.....#",
			"#....B#",
			"#######",
		}, pa.MoveRight},
		{"damaged floor is not a safe path further on", []string{
			"#######",
			"#R.:D.#",
			"#.#.#.#",
			"#.....#",
			"#.....#",
			"#....B#",
			"#######",
		}, pa.MoveDown},
		{"on damaged floor: the nearest safe floor", []string{
			"#######",
			"#:::::#",
			"#:r::.#",
			"#:::::#",
			"#:....#",
			"#:...B#",
			"#######",
		}, pa.MoveDown},
		{"no bonus: wait", []string{
			"#######",
			"#R....#",
			"#.....#",
			"#.....#",
			"#.....#",
			"#....B#",
			"#######",
		}, pa.Wait},
	}
	for _, c := range cases {
		if got := choose(t, "indianajones", board(t, c.rows...)); got != c.want {
			t.Errorf("%s: %s, want %s", c.why, got, c.want)
		}
	}
}

// inLine has BLUE below and GREEN to the right of RED: the bots scan in different orders.
var inLine = []string{
	"#######",
	"#R..G.#",
	"#.....#",
	"#.....#",
	"#B....#",
	"#.....#",
	"#######",
}

func TestScanOrders(t *testing.T) {
	for name, want := range map[string]pa.Action{
		"zidane":      pa.AttackDown, // UP, DOWN, LEFT, RIGHT
		"bobmorane":   pa.AttackDown,
		"anouslefouz": pa.AttackRight, // UP, RIGHT, LEFT, DOWN
		"gangsterino": pa.AttackDown,  // down and right scans; the nearer wins: BLUE at 3, GREEN at 3, down first
	} {
		if got := choose(t, name, board(t, inLine...)); got != want {
			t.Errorf("%s: %s, want %s", name, got, want)
		}
	}
}

func TestZidaneChasesWhenItCannotShoot(t *testing.T) {
	// RED throws down its empty column at t=1; at t=2 that fireball still flies, so with
	// GREEN in line to the right it walks toward it.
	s := board(t,
		"#######",
		"#R..G.#",
		"#.....#",
		"#.....#",
		"#..B..#",
		"#.....#",
		"#######")
	s.Apply(0, pa.AttackDown)
	for s.Deciding() != pa.Red {
		s.Apply(s.ToMove()[0], pa.Wait)
	}
	if s.Now() != "2/1" || len(s.Fireballs()) != 1 || s.CanAttack(pa.Red) {
		t.Fatalf("setup: RED decides at %s with fireballs %+v", s.Now(), s.Fireballs())
	}
	if got := choose(t, "zidane", s); got != pa.MoveRight {
		t.Errorf("zidane unable to shoot: %s, want MOVE_RIGHT", got)
	}
	// Nobody in line: breadth-first toward the nearest player, around walls.
	s = board(t,
		"#######",
		"#R#...#",
		"#.#.#.#",
		"#...#B#",
		"#####.#",
		"#.....#",
		"#######")
	if got := choose(t, "zidane", s); got != pa.MoveDown {
		t.Errorf("zidane chase: %s, want MOVE_DOWN", got)
	}
}

func TestBobMoraneFleesFireballsSideways(t *testing.T) {
	// RED throws right along row 3 at t=1; at t=2 the fireball is at (5,3), below BLUE.
	rows := []string{
		"#########",
		"#.......#",
		"#....B..#",
		"#R......#",
		"#.......#",
		"#.......#",
		"#.......#",
		"#.......#",
		"#########",
	}
	s := board(t, rows...)
	s.Apply(0, pa.AttackRight)
	s.Apply(1, pa.Wait)
	s.Apply(0, pa.Wait) // RED at t=2
	if s.Deciding() != pa.Blue || s.Now() != "2/1" || s.FireballsAt(5, 3) != 1 {
		t.Fatalf("setup: %s decides at %s, fireballs %+v", s.Deciding(), s.Now(), s.Fireballs())
	}
	b := bot(t, "bobmorane")
	if got := b.Choose(s, 1); got != pa.MoveRight {
		t.Errorf("fireball below: %s, want MOVE_RIGHT", got)
	}
	if got := bot(t, "anouslefouz").Choose(s, 1); got != pa.MoveUp {
		t.Errorf("aNousLeFlouz, no shield: %s, want MOVE_UP (away from the fireball)", got)
	}
	// Against the top wall, stepping back is invalid: aNousLeFlouz falls back on its search.
	up := board(t, append([]string{"#########", "#....B..#", "#.......#"}, rows[3:]...)...)
	up.Apply(0, pa.AttackRight)
	up.Apply(1, pa.Wait)
	up.Apply(0, pa.Wait)
	if got := bot(t, "anouslefouz").Choose(up, 1); got != pa.Wait {
		t.Errorf("aNousLeFlouz against the wall: %s, want WAIT", got)
	}
	if got := bot(t, "indianajones").Choose(s, 1); got != pa.Wait {
		t.Errorf("indianajones has no bonus to go for: %s", got)
	}
}

func TestANousLeFlouzShootsFireballsWithAShield(t *testing.T) {
	rows := []string{
		"#########",
		"#.......#",
		"#....B..#",
		"#R......#",
		"#.......#",
		"#.......#",
		"#.......#",
		"#.......#",
		"#########",
	}
	s, _ := pa.NewBoard(rows, pa.BoardOptions{NoRegen: true, Shield: [4]bool{pa.Blue: true}})
	s.Apply(0, pa.AttackRight)
	s.Apply(1, pa.Wait)
	s.Apply(0, pa.Wait)
	if got := bot(t, "anouslefouz").Choose(s, 1); got != pa.AttackDown {
		t.Errorf("with a shield: %s, want ATTACK_DOWN", got)
	}
}

func TestGangsterinoShootsNeighbours(t *testing.T) {
	s := board(t,
		"#######",
		"#.....#",
		"#..R..#",
		"#..B..#",
		"#.....#",
		"#.....#",
		"#######")
	for seed := uint64(0); seed < 20; seed++ {
		if got := NewGangsterino(seed).Choose(s, 0); got != pa.AttackDown {
			t.Fatalf("seed %d: %s, want ATTACK_DOWN at the neighbour", seed, got)
		}
	}
}

func TestRandomPlaysValidActions(t *testing.T) {
	s := board(t, inLine...)
	r1, r2 := All[0].New(5), All[0].New(5)
	seen := map[games.Action]bool{}
	for i := 0; i < 500; i++ {
		a, b := r1.Choose(s, 0), r2.Choose(s, 0)
		if a != b {
			t.Fatal("same seed, different choices")
		}
		if !s.Valid(pa.Red, a.(pa.Action)) {
			t.Fatalf("invalid %s", a)
		}
		seen[a] = true
	}
	if len(seen) != 7 { // up and left are walls
		t.Fatalf("random played %d distinct actions, want the 7 valid ones", len(seen))
	}
}

func TestBotsOnOtherStatesWait(t *testing.T) {
	for _, info := range All {
		if a := info.New(1).Choose(nil, 0); a != pa.Wait {
			t.Errorf("%s on a foreign state: %v", info.Name, a)
		}
	}
}

func TestCatalogEntryParts(t *testing.T) {
	names := map[string]bool{}
	for _, info := range All {
		for _, n := range append([]string{info.Name}, info.Aliases...) {
			if names[n] {
				t.Errorf("name %q used twice", n)
			}
			names[n] = true
		}
	}
	if _, ok := bots.Find(All, Strongest); !ok {
		t.Errorf("strongest bot %q is not in All", Strongest)
	}
}

// playReplay plays one game of house bots through the referee.
func playReplay(t testing.TB, seed uint64, perm int, names []string) replay.Replay {
	ref, err := replay.NewReferee(pa.Game, games.Config{pa.KeyPermutation: perm}, seed, names)
	if err != nil {
		t.Fatal(err)
	}
	var seats []bots.Bot
	for i, n := range names {
		info, _ := bots.Find(All, n)
		seats = append(seats, info.New(seed+uint64(i)))
	}
	st := ref.State()
	for !st.Over() {
		seat := st.ToMove()[0]
		ref.Play(seat, seats[seat].Choose(st, seat))
	}
	return ref.Replay()
}

func TestSameSeedSameGame(t *testing.T) {
	names := []string{"gangsterino", "random", "bobmorane", "anouslefouz"}
	for seed := uint64(1); seed <= 5; seed++ {
		a := playReplay(t, seed, int(seed), names)
		b := playReplay(t, seed, int(seed), names)
		if !reflect.DeepEqual(a, b) {
			t.Fatalf("seed %d: two runs differ", seed)
		}
		if _, err := replay.Resimulate(pa.Game, a); err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
	}
	if reflect.DeepEqual(playReplay(t, 1, 0, names).Moves, playReplay(t, 2, 0, names).Moves) {
		t.Fatal("seeds 1 and 2 gave the same game")
	}
}
