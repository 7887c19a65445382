package garden

import (
	"errors"
	"testing"

	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/games/chance"
)

// at is the cell (r, q), which must be one.
func at(r, q int) Hex {
	h := HexAt(r, q)
	if h == NoHex {
		panic("not a cell")
	}
	return h
}

// Where a hand-made garden keeps its special cells: the corners, away from the middle row
// the tests play on.
var (
	skyAt   = at(0, 6)
	candyAt = at(4, 0)
	bbqAt   = at(0, 2)
	poolAt  = at(4, 4)
)

// handMade is a game with no creature on the board: every simple cell grass, food, yield 0;
// the specials in the corners; seat 0 Cooks and seat 1 Blacksmiths; seat 0 to play the
// conquest of turn 1 with 5 actions. Tests put creatures with put.
func handMade() *State {
	s := &State{rounds: DefaultRounds, phase: Conquest, actionsLeft: ActionsPerTurn, turn: 1, rng: testChance(1)}
	for h := range s.cells {
		s.cells[h] = Cell{Owner: -1}
	}
	s.cells[skyAt].Kind, s.cells[candyAt].Kind, s.cells[bbqAt].Kind, s.cells[poolAt].Kind = Sky, Candy, BBQ, Pool
	s.players[0].Clan, s.players[1].Clan = Cooks, Blacksmiths
	return s
}

// put sets n creatures of owner on h (n 0: empty).
func (s *State) put(h Hex, owner, n int) *State {
	if n == 0 {
		owner = -1
	}
	s.cells[h].Owner, s.cells[h].Creatures = int8(owner), int8(n)
	return s
}

// play applies a command for the seat to move, failing the test when it is refused.
func play(t *testing.T, s *State, cmd string) []games.Event {
	t.Helper()
	a, err := Parse(cmd)
	if err != nil {
		t.Fatalf("%q: %v", cmd, err)
	}
	if err := s.Validate(s.toMove, a); err != nil {
		t.Fatalf("%q refused: %v", cmd, err)
	}
	ev, err := s.Apply(s.toMove, a)
	if err != nil {
		t.Fatal(err)
	}
	return ev
}

// refused checks that cmd is refused for the seat to move with code, and changes nothing.
func refused(t *testing.T, s *State, cmd, code string) {
	t.Helper()
	a, _ := Parse(cmd)
	err := s.Validate(s.toMove, a)
	if err == nil {
		t.Fatalf("%q accepted, want %s", cmd, code)
	}
	if !errors.As(err, new(*games.IllegalError)) {
		t.Fatalf("%q: %T, want *games.IllegalError", cmd, err)
	}
	if got := games.IllegalCode(err); got != code {
		t.Fatalf("%q refused with %s (%v), want %s", cmd, got, err, code)
	}
}

// forced plays cmd with the combat's result chosen instead of rolled.
func forced(t *testing.T, s *State, cmd string, win bool) []games.Event {
	t.Helper()
	s.force = forceLoss
	if win {
		s.force = forceWin
	}
	defer func() { s.force = 0 }()
	return play(t, s, cmd)
}

func eventOf(ev []games.Event, typ string) (games.Event, bool) {
	for _, e := range ev {
		if e.Type == typ {
			return e, true
		}
	}
	return games.Event{}, false
}

// endTurn ends the turn of the seat to move: "end", then each creature on its first cell with
// room, until the other seat is to move. It returns the events, the next turn's start last.
func endTurn(t *testing.T, s *State) []games.Event {
	t.Helper()
	seat := s.toMove
	var ev []games.Event
	if s.phase == Conquest {
		ev = play(t, s, "end")
	}
	for !s.Over() && s.toMove == seat {
		ev = append(ev, play(t, s, s.Legal(seat)[0].(Action).String())...)
	}
	return ev
}

// testChance is a generator of tests' own stream, to roll the dice of a hand-made game.
func testChance(seed uint64) chance.Source { return chance.New("garden/test", seed) }
