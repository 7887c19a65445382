package sevencolors

import (
	"encoding/json"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"github.com/arena-classroom/arena/games"
)

// randomBoard is any position: EMPTY cells, split territories, players anywhere or absent.
func randomBoard(r *rand.Rand, n int) []int {
	cells := make([]int, n*n)
	for i := range cells {
		switch k := r.IntN(20); {
		case k == 0:
			cells[i] = Empty
		case k == 1:
			cells[i] = Player1
		case k == 2:
			cells[i] = Player2
		default:
			cells[i] = MinColor + r.IntN(7)
		}
	}
	return cells
}

// checkAgainstModel compares every query of s with the naive model m.
func checkAgainstModel(t *testing.T, s *State, m *ref) {
	t.Helper()
	n := m.n
	for i, v := range m.cells {
		if got := s.Cell(i%n, i/n); got != v {
			t.Fatalf("cell (%d,%d) = %d, model %d", i%n, i/n, got, v)
		}
	}
	blocked := true
	for p := Player1; p <= Player2; p++ {
		if s.Count(p) != m.count(p) {
			t.Fatalf("count(%d) = %d, model %d", p, s.Count(p), m.count(p))
		}
		if s.Frontier(p) != m.frontier(p) {
			t.Fatalf("frontier(%d) = %d, model %d", p, s.Frontier(p), m.frontier(p))
		}
		for c := 0; c <= MaxColor+1; c++ {
			want := 0
			if c >= MinColor && c <= MaxColor {
				want = len(m.flood(p, c))
			}
			if got := s.Gain(p, c); got != want {
				t.Fatalf("gain(%d, %d) = %d, model %d", p, c, got, want)
			}
			if want > 0 {
				blocked = false
			}
			after := m.clone()
			after.play(p, c)
			if got, want := s.FrontierAfter(p, c), after.frontier(p); got != want {
				t.Fatalf("frontierAfter(%d, %d) = %d, model %d on %s", p, c, got, want, drawString(s))
			}
		}
	}
	nn := n * n
	over := 2*m.count(1) > nn || 2*m.count(2) > nn || blocked || s.Moves() >= 4*nn
	if s.Over() != over {
		t.Fatalf("over = %v, rules say %v (counts %d/%d, moves %d)", s.Over(), over, m.count(1), m.count(2), s.Moves())
	}
}

func TestAgreesWithNaiveModel(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for game := range 300 {
		n := 2 + game%9
		var s *State
		if game%2 == 0 {
			s, _ = NewState(n, uint64(game))
		} else {
			var err error
			if s, err = FromBoard(n, randomBoard(r, n), 1+r.IntN(2)); err != nil {
				t.Fatal(err)
			}
		}
		m := &ref{n: n}
		for i := range n * n {
			m.cells = append(m.cells, s.Cell(i%n, i/n))
		}
		checkAgainstModel(t, s, m)
		for !s.Over() {
			p := s.Turn()
			var c int
			if r.IntN(4) == 0 {
				c = r.IntN(12) - 1 // often a lost turn
			} else {
				legal := s.Legal(p - 1)
				c = legal[r.IntN(len(legal))].(int)
			}
			want := m.play(p, c)
			if got := s.Play(c); got != want {
				t.Fatalf("game %d: colour %d gained %d, model %d", game, c, got, want)
			}
			checkAgainstModel(t, s, m)
		}
	}
}

func TestRandomLegalPlayAlwaysEnds(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for n := MinSize; n <= MaxSize; n++ {
		for seed := range uint64(3) {
			st, err := Game.New(games.Config{"size": n}, 2, seed)
			if err != nil {
				t.Fatal(err)
			}
			s := st.(*State)
			// Every legal move captures a cell unless the mover is blocked, so the game ends
			// long before the move cap.
			for moves := 0; !st.Over(); moves++ {
				if moves > 2*n*n {
					t.Fatalf("n=%d seed=%d: %d moves and not over", n, seed, moves)
				}
				seat := st.ToMove()[0]
				legal := st.Legal(seat)
				if _, err := st.Apply(seat, legal[r.IntN(len(legal))]); err != nil {
					t.Fatal(err)
				}
			}
			o := st.Outcome()
			if o.Scores[0]+o.Scores[1] > n*n || s.end == endMoveCap {
				t.Fatalf("n=%d: outcome %+v, end %v", n, o, s.end)
			}
		}
	}
}

// snapshot is everything observable about a state.
func snapshot(s *State) string {
	b, _ := json.Marshal(struct {
		Obs                 any
		Gains               [2][MaxColor + 1]int32
		F1, F2, Turn, Moves int
		Over                bool
		Legal0, Legal1      []games.Action
	}{s.Observation(-1), s.gain, s.Frontier(1), s.Frontier(2), s.Turn(), s.Moves(), s.Over(), s.Legal(0), s.Legal(1)})
	return string(b)
}

func TestCloneIsIndependent(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for seed := range uint64(20) {
		s, _ := NewState(12, seed)
		for range 6 {
			s.Play(MinColor + r.IntN(7))
		}
		orig := snapshot(s)
		c := s.Clone().(*State)
		if snapshot(c) != orig {
			t.Fatal("clone differs from its original")
		}
		for !c.Over() {
			c.Play(greedyColour(c))
		}
		if snapshot(s) != orig {
			t.Fatal("playing the clone changed the original")
		}
		cloned := snapshot(c)
		for !s.Over() {
			s.Play(MinColor + r.IntN(7))
		}
		if snapshot(c) != cloned {
			t.Fatal("playing the original changed the clone")
		}
	}
}

func greedyColour(s *State) int {
	best := MinColor
	for c := MinColor; c <= MaxColor; c++ {
		if s.Gain(s.Turn(), c) > s.Gain(s.Turn(), best) {
			best = c
		}
	}
	return best
}

func TestReplayReproducesTheGame(t *testing.T) {
	cfg, _ := Game.Normalize(games.Config{"size": 15})
	for seed := range uint64(10) {
		r := rand.New(rand.NewPCG(seed, 99))
		st, _ := Game.New(cfg, 2, seed)
		var actions []games.Action
		var events []games.Event
		for !st.Over() {
			seat := st.ToMove()[0]
			a := games.Action(r.IntN(12) - 1)
			if r.IntN(2) == 0 {
				legal := st.Legal(seat)
				a = legal[r.IntN(len(legal))]
			}
			ev, err := st.Apply(seat, a)
			if err != nil {
				t.Fatal(err)
			}
			actions = append(actions, a)
			events = append(events, ev...)
		}
		// Replay through the JSON form the replay log stores.
		re, _ := Game.New(cfg, 2, seed)
		var replayed []games.Event
		for _, a := range actions {
			raw, _ := json.Marshal(a)
			dec, err := Game.DecodeAction(raw)
			if err != nil {
				t.Fatal(err)
			}
			ev, err := re.Apply(re.ToMove()[0], dec)
			if err != nil {
				t.Fatal(err)
			}
			replayed = append(replayed, ev...)
		}
		if !re.Over() || !reflect.DeepEqual(re.Outcome(), st.Outcome()) || !reflect.DeepEqual(replayed, events) {
			t.Fatalf("seed %d: replay differs: %+v vs %+v", seed, re.Outcome(), st.Outcome())
		}
	}
}

func TestObservationJSON(t *testing.T) {
	// The seed's Q13 example grid.
	s, err := FromBoard(2, []int{1, 3, 5, 2}, Player1)
	if err != nil {
		t.Fatal(err)
	}
	for seat, want := range map[int]string{
		0:  `{"size":2,"you":1,"board":[[1,3],[5,2]]}`,
		1:  `{"size":2,"you":2,"board":[[1,3],[5,2]]}`,
		-1: `{"size":2,"you":0,"board":[[1,3],[5,2]]}`,
	} {
		b, err := json.Marshal(s.Observation(seat))
		if err != nil || string(b) != want {
			t.Errorf("seat %d: %s (%v), want %s", seat, b, err, want)
		}
		var back Observation
		if err := json.Unmarshal(b, &back); err != nil || !reflect.DeepEqual(back, s.Observation(seat)) {
			t.Errorf("seat %d: round trip %+v (%v)", seat, back, err)
		}
	}
	s.Apply(0, 3)
	if b, _ := json.Marshal(s.Observation(1)); string(b) != `{"size":2,"you":2,"board":[[1,1],[5,2]]}` {
		t.Errorf("after A: %s", b)
	}
}

func TestDecodeAction(t *testing.T) {
	for raw, want := range map[string]int{"3": 3, " 9\n": 9, "0": 0, "-1": -1, "12": 12} {
		a, err := Game.DecodeAction(json.RawMessage(raw))
		if err != nil || a != games.Action(want) {
			t.Errorf("DecodeAction(%q) = %v, %v; want %d", raw, a, err, want)
		}
	}
	for _, raw := range []string{`"C"`, `3.5`, `1e2`, `null`, `[3]`, `{}`, ``, `3 4`, `true`, `99999999999`} {
		if a, err := Game.DecodeAction(json.RawMessage(raw)); err == nil {
			t.Errorf("DecodeAction(%q) = %v, want an error", raw, a)
		}
	}
	for c := MinColor; c <= MaxColor; c++ {
		raw, _ := json.Marshal(games.Action(c))
		if a, err := Game.DecodeAction(raw); err != nil || a != games.Action(c) {
			t.Errorf("round trip of %d: %v %v", c, a, err)
		}
	}
}

func TestConfig(t *testing.T) {
	cfg, err := Game.Normalize(nil)
	if err != nil || !reflect.DeepEqual(cfg, games.Config{"size": 30}) {
		t.Fatalf("default config %v %v", cfg, err)
	}
	for _, n := range []int{2, 50} {
		if _, err := Game.Normalize(games.Config{"size": n}); err != nil {
			t.Errorf("size %d: %v", n, err)
		}
	}
	for _, bad := range []games.Config{{"size": 1}, {"size": 51}, {"size": -4}, {"size": 10, "colours": 8}} {
		if _, err := Game.Normalize(bad); err == nil {
			t.Errorf("Normalize(%v) accepted", bad)
		}
	}
	if _, err := Game.New(nil, 3, 1); err == nil {
		t.Error("3 seats accepted")
	}
	st, err := Game.New(nil, 2, 1)
	if err != nil || st.(*State).Size() != 30 {
		t.Fatalf("New(nil): %v", err)
	}
	direct, _ := NewState(30, 1)
	if snapshot(direct) != snapshot(st.(*State)) {
		t.Error("Game.New and NewState deal different boards")
	}
	if id, name := Game.ID(), Game.Name(); id != "sevencolors" || name != "7 Colors" {
		t.Error(id, name)
	}
	if lo, hi := Game.Seats(); lo != 2 || hi != 2 {
		t.Error(lo, hi)
	}
}

func TestFromBoardRejects(t *testing.T) {
	good := []int{1, 3, 5, 2}
	cases := []struct {
		size   int
		cells  []int
		toMove int
	}{
		{1, []int{1}, 1},
		{51, make([]int, 51*51), 1},
		{2, []int{1, 3, 5}, 1},
		{2, []int{1, 3, 5, 10}, 1},
		{2, []int{1, 3, -1, 2}, 1},
		{2, good, 0},
		{2, good, 3},
	}
	for _, tc := range cases {
		if _, err := FromBoard(tc.size, tc.cells, tc.toMove); err == nil {
			t.Errorf("FromBoard(%d, %v, %d) accepted", tc.size, tc.cells, tc.toMove)
		}
	}
	if s, err := FromBoard(2, good, 2); err != nil || s.Turn() != Player2 || !slices.Equal(draw(s), []string{"^A", "Cv"}) {
		t.Errorf("FromBoard(good): %v", err)
	}
}
