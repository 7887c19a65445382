package sevencolors

import (
	"encoding/json"
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/arena-classroom/arena/games"
)

func positions(t testing.TB) games.Positions {
	t.Helper()
	p, ok := Game.(games.Positions)
	if !ok {
		t.Fatal("7 Colors does not implement games.Positions")
	}
	return p
}

func TestPositionOfANewGame(t *testing.T) {
	s, err := NewState(3, 7)
	if err != nil {
		t.Fatal(err)
	}
	raw, err := positions(t).EncodePosition(s)
	if err != nil {
		t.Fatal(err)
	}
	var p struct {
		Game    string
		Size    int
		Board   [][]int
		ToMove  *int `json:"to_move"`
		Players []struct {
			Code   int
			Symbol string
			Cells  int
		}
		Moves int
	}
	if err := json.Unmarshal(raw, &p); err != nil {
		t.Fatal(err)
	}
	if p.Game != "sevencolors" || p.Size != 3 || p.ToMove == nil || *p.ToMove != 0 || p.Moves != 0 {
		t.Fatalf("position %s", raw)
	}
	obs := s.Observation(0).(Observation)
	for y := range 3 {
		for x := range 3 {
			if p.Board[y][x] != obs.Board[y][x] {
				t.Fatalf("board[%d][%d] = %d, the observation says %d", y, x, p.Board[y][x], obs.Board[y][x])
			}
		}
	}
	if len(p.Players) != 2 || p.Players[0].Code != 1 || p.Players[0].Symbol != "^" || p.Players[1].Cells != 1 {
		t.Fatalf("players %+v", p.Players)
	}
}

// A position written mid-game and read back plays on exactly as the original does.
func TestPositionRoundTripPlaysOnTheSame(t *testing.T) {
	p := positions(t)
	for seed := uint64(1); seed <= 20; seed++ {
		r := rand.New(rand.NewPCG(seed, 1))
		n := MinSize + r.IntN(12)
		orig, err := NewState(n, seed)
		if err != nil {
			t.Fatal(err)
		}
		cut := r.IntN(2 * n)
		for k := 0; k < cut && !orig.Over(); k++ {
			orig.Play(MinColor + r.IntN(7))
		}
		if orig.Over() {
			continue
		}
		raw, err := p.EncodePosition(orig)
		if err != nil {
			t.Fatal(err)
		}
		st, err := p.DecodePosition(raw, 99)
		if err != nil {
			t.Fatalf("seed %d: %v\n%s", seed, err, raw)
		}
		again, _ := p.EncodePosition(st)
		if string(again) != string(raw) {
			t.Fatalf("seed %d: re-encoded\n%s\nwas\n%s", seed, again, raw)
		}
		copyState := st.(*State)
		for !orig.Over() {
			c := MinColor + r.IntN(7)
			if g1, g2 := orig.Play(c), copyState.Play(c); g1 != g2 {
				t.Fatalf("seed %d: colour %d gains %d, from the position %d", seed, c, g1, g2)
			}
		}
		if !copyState.Over() || drawString(orig) != drawString(copyState) || orig.Moves() != copyState.Moves() {
			t.Fatalf("seed %d: the decoded position ended elsewhere", seed)
		}
	}
}

// moves counts toward the safety cap: a position one move before it ends on the next move.
func TestPositionMovesKeepTheCap(t *testing.T) {
	raw := `{"game":"sevencolors","size":2,"board":[[3,2],[1,4]],"to_move":0,"moves":15}`
	st, err := positions(t).DecodePosition(json.RawMessage(raw), 1)
	if err != nil {
		t.Fatal(err)
	}
	// ^ captures the 3 above it (2 of 4 cells, not a majority); that is move 16, the cap.
	if _, err := st.Apply(0, 3); err != nil {
		t.Fatal(err)
	}
	if !st.Over() || st.(*State).end != endMoveCap {
		t.Fatalf("over=%v end=%v", st.Over(), st.(*State).end)
	}
}

func TestPositionOptionalFields(t *testing.T) {
	p := positions(t)
	bare := `{"game":"sevencolors","size":2,"board":[[3,2],[1,4]],"to_move":1}`
	full := `{"game":"sevencolors","size":2,"board":[[3,2],[1,4]],"to_move":1,"moves":0,
	  "players":[{"code":1,"symbol":"^","cells":1},{"code":2,"symbol":"v","cells":1}]}`
	partial := `{"game":"sevencolors","size":2,"board":[[3,2],[1,4]],"to_move":1,"players":[{},{"cells":1}]}`
	var want string
	for _, in := range []string{bare, full, partial} {
		st, err := p.DecodePosition(json.RawMessage(in), 1)
		if err != nil {
			t.Fatalf("%s: %v", in, err)
		}
		got, _ := p.EncodePosition(st)
		if want == "" {
			want = string(got)
		}
		if string(got) != want {
			t.Fatalf("%s gives %s, want %s", in, got, want)
		}
	}
	if !strings.Contains(want, `"to_move":1`) {
		t.Fatalf("to_move lost: %s", want)
	}
}

func TestPositionRefusesBadInput(t *testing.T) {
	p := positions(t)
	ok := `"game":"sevencolors","size":2,"board":[[3,2],[1,4]],"to_move":0`
	cases := []struct{ in, field, says string }{
		{``, "position", "empty"},
		{`[1,2]`, "position", "one JSON object"},
		{`{"game":`, "position", "not valid JSON"},
		{`{` + ok + `} {}`, "position", "more than one"},
		{`{` + ok + `,"colour":3}`, "colour", "unknown field"},
		{`{"size":2,"board":[[3,2],[1,4]],"to_move":0}`, "game", "missing"},
		{`{"game":"chess","size":2,"board":[[3,2],[1,4]],"to_move":0}`, "game", `"chess"`},
		{`{"game":7,"size":2,"board":[[3,2],[1,4]],"to_move":0}`, "game", "string"},
		{`{"game":"sevencolors","board":[[3,2],[1,4]],"to_move":0}`, "size", "missing"},
		{`{"game":"sevencolors","size":null,"board":[[3,2],[1,4]],"to_move":0}`, "size", "missing"},
		{`{"game":"sevencolors","size":1,"board":[[1]],"to_move":0}`, "size", "out of range"},
		{`{"game":"sevencolors","size":51,"board":[],"to_move":0}`, "size", "out of range"},
		{`{"game":"sevencolors","size":2.5,"board":[],"to_move":0}`, "size", "whole number"},
		{`{"game":"sevencolors","size":"2","board":[],"to_move":0}`, "size", "whole number"},
		{`{"game":"sevencolors","size":99999999999,"board":[],"to_move":0}`, "size", "whole number"},
		{`{"game":"sevencolors","size":2,"to_move":0}`, "board", "missing"},
		{`{"game":"sevencolors","size":2,"board":{},"to_move":0}`, "board", "list of 2 rows"},
		{`{"game":"sevencolors","size":2,"board":[[3,2]],"to_move":0}`, "board", "has 1 rows"},
		{`{"game":"sevencolors","size":2,"board":[[3,2],3],"to_move":0}`, "board[1]", "list of 2 cells"},
		{`{"game":"sevencolors","size":2,"board":[[3,2],[1,4,5]],"to_move":0}`, "board[1]", "has 3 cells"},
		{`{"game":"sevencolors","size":2,"board":[[3,2],[1,10]],"to_move":0}`, "board[1][1]", "not a cell code"},
		{`{"game":"sevencolors","size":2,"board":[[3,-1],[1,4]],"to_move":0}`, "board[0][1]", "not a cell code"},
		{`{"game":"sevencolors","size":2,"board":[[3,2],[1,"A"]],"to_move":0}`, "board[1][1]", "cell code 0..9"},
		{`{"game":"sevencolors","size":2,"board":[[3,2],[1,4.5]],"to_move":0}`, "board[1][1]", "cell code 0..9"},
		{`{"game":"sevencolors","size":2,"board":[[3,2],[1,4]]}`, "to_move", "missing"},
		{`{"game":"sevencolors","size":2,"board":[[3,2],[1,4]],"to_move":2}`, "to_move", "not a seat"},
		{`{"game":"sevencolors","size":2,"board":[[3,2],[1,4]],"to_move":-1}`, "to_move", "not a seat"},
		{`{"game":"sevencolors","size":2,"board":[[3,2],[1,4]],"to_move":true}`, "to_move", "whole number"},
		{`{` + ok + `,"moves":-1}`, "moves", "negative"},
		{`{` + ok + `,"moves":16}`, "moves", "already over"},
		{`{` + ok + `,"players":3}`, "players", "list of the 2 seats"},
		{`{` + ok + `,"players":[{}]}`, "players", "2 seats"},
		{`{` + ok + `,"players":[{},[]]}`, "players[1]", "object"},
		{`{` + ok + `,"players":[{"code":2},{}]}`, "players[0].code", "code 1"},
		{`{` + ok + `,"players":[{},{"symbol":"^"}]}`, "players[1].symbol", `"v"`},
		{`{` + ok + `,"players":[{"cells":2},{}]}`, "players[0].cells", "holds 1 cell"},
		{`{` + ok + `,"players":[{"name":"x"},{}]}`, "players[0].name", "unknown field"},
		{`{"game":"sevencolors","size":2,"board":[[1,1],[1,2]],"to_move":0}`, "board", "more than half"},
		{`{"game":"sevencolors","size":2,"board":[[1,2],[0,0]],"to_move":0}`, "board", "neither player"},
		{`{"game":"sevencolors","size":2,"board":[[3,4],[5,6]],"to_move":0}`, "board", "neither player"},
	}
	for _, c := range cases {
		st, err := p.DecodePosition(json.RawMessage(c.in), 1)
		var pe *games.PositionError
		if !errors.As(err, &pe) {
			t.Errorf("%s: got state %v, error %v; want a PositionError", c.in, st, err)
			continue
		}
		if pe.Field != c.field || !strings.Contains(pe.Msg, c.says) {
			t.Errorf("%s:\n  got  %v\n  want %s: …%s…", c.in, err, c.field, c.says)
		}
		if strings.Contains(err.Error(), "\n") {
			t.Errorf("%s: the error is not one line: %q", c.in, err)
		}
	}
}

func TestEncodePositionRefusesAnotherState(t *testing.T) {
	if _, err := positions(t).EncodePosition(nil); err == nil {
		t.Fatal("a nil state was encoded")
	}
}

// FuzzDecodePosition: whatever the input, DecodePosition returns a state or a PositionError,
// never panics, and a state it returns writes back to a position that reads the same.
func FuzzDecodePosition(f *testing.F) {
	for _, s := range []string{
		`{"game":"sevencolors","size":2,"board":[[3,2],[1,4]],"to_move":0}`,
		`{"game":"sevencolors","size":3,"board":[[3,4,2],[5,6,7],[1,8,9]],"to_move":1,"moves":7}`,
		`{"game":"sevencolors","size":3,"board":[[0,0,2],[0,3,0],[1,3,0]],"to_move":0,"players":[{"code":1},{"cells":1}]}`,
		`{"game":"sevencolors","size":2,"board":[[1,2],[1,4]],"to_move":0}`,
		`{"game":"sevencolors","size":2,"board":[[3,2],[1,4]],"to_move":0,"moves":1e3}`,
		`[]`, `null`, `{}`, `{"game":"sevencolors","size":50}`,
	} {
		f.Add([]byte(s))
	}
	p := positions(f)
	f.Fuzz(func(t *testing.T, in []byte) {
		st, err := p.DecodePosition(in, 1)
		if err != nil {
			var pe *games.PositionError
			if !errors.As(err, &pe) || pe.Field == "" {
				t.Fatalf("%q: error %v does not name a field", in, err)
			}
			if strings.ContainsAny(err.Error(), "\n\r") {
				t.Fatalf("%q: the error is not one line: %q", in, err)
			}
			return
		}
		if st.Over() || len(st.ToMove()) != 1 {
			t.Fatalf("%q: decoded a finished state", in)
		}
		raw, err := p.EncodePosition(st)
		if err != nil {
			t.Fatal(err)
		}
		st2, err := p.DecodePosition(raw, 1)
		if err != nil {
			t.Fatalf("%q: re-encoded %s refused: %v", in, raw, err)
		}
		raw2, _ := p.EncodePosition(st2)
		if string(raw) != string(raw2) {
			t.Fatalf("%s re-encodes as %s", raw, raw2)
		}
	})
}
