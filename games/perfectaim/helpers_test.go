package perfectaim

import (
	"math/big"
	"testing"
)

// picker chooses the action of the colour deciding now.
type picker func(s *State, c Color) Action

// script plays each colour's listed actions in turn, then WAIT.
func script(plan map[Color][]Action) picker {
	next := map[Color]int{}
	return func(_ *State, c Color) Action {
		i := next[c]
		next[c]++
		if i < len(plan[c]) {
			return plan[c][i]
		}
		return Wait
	}
}

// decision is one decision as played: instant, colour, action.
type decision struct {
	at string
	c  Color
	a  Action
}

// paced builds a paced board (time 0, nothing simulated yet).
func paced(t *testing.T, rows []string, opts BoardOptions) *State {
	t.Helper()
	opts.Paced = true
	s, err := NewBoard(rows, opts)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func rat(s string) *big.Rat {
	r, ok := new(big.Rat).SetString(s)
	if !ok {
		panic("bad instant " + s)
	}
	return r
}

// advance simulates a paced state up to the instant until ("num/den"), answering every
// decision on the way with pick, and returns the decisions.
func advance(t *testing.T, s *State, until string, pick picker) []decision {
	t.Helper()
	var out []decision
	limit := rat(until)
	for {
		s.AdvanceTo(limit)
		if s.Over() || len(s.ToMove()) == 0 {
			return out
		}
		c := s.Deciding()
		a := pick(s, c)
		out = append(out, decision{s.Now(), c, a})
		if _, err := s.Apply(s.players[c].seat, a); err != nil {
			t.Fatal(err)
		}
	}
}

// finish plays an unpaced state to the end.
func finish(t *testing.T, s *State, pick picker) []decision {
	t.Helper()
	var out []decision
	for !s.Over() {
		tm := s.ToMove()
		if len(tm) != 1 {
			t.Fatalf("at %s ToMove is %v while the game goes on", s.Now(), tm)
		}
		c := s.Deciding()
		a := pick(s, c)
		out = append(out, decision{s.Now(), c, a})
		if _, err := s.Apply(tm[0], a); err != nil {
			t.Fatal(err)
		}
	}
	return out
}

func wantAt(t *testing.T, s *State, c Color, x, y int) {
	t.Helper()
	if p := s.Player(c); p.X != x || p.Y != y {
		t.Fatalf("at %s %s is on (%d,%d), want (%d,%d)", s.Now(), c, p.X, p.Y, x, y)
	}
}

func wantDead(t *testing.T, s *State, c Color, at string) {
	t.Helper()
	p := s.Player(c)
	if p.Alive {
		t.Fatalf("at %s %s is alive, want dead at %s", s.Now(), c, at)
	}
	if p.DiedAt.String() != at {
		t.Fatalf("%s died at %s, want %s", c, p.DiedAt, at)
	}
}

func wantAlive(t *testing.T, s *State, c Color) {
	t.Helper()
	if !s.Player(c).Alive {
		t.Fatalf("%s died at %s", c, s.Player(c).DiedAt)
	}
}
