package gardenview

import (
	"encoding/json"
	"testing"

	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/games/garden"
)

// at is the cell (r, q), which must be one.
func at(r, q int) garden.Hex {
	h := garden.HexAt(r, q)
	if h == garden.NoHex {
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

// setup is a garden a test writes cell by cell. The rules' state is read-only from outside
// its package, so a setup becomes a state as a position (garden.Game.DecodePosition), the
// way a teacher or a program sets one up.
type setup struct {
	cells       [garden.NumCells]garden.Cell
	players     [garden.Players]garden.Player
	toMove      int
	phase       garden.Phase
	actionsLeft int
	turn        int
	rounds      int
}

// handMade is a game with no creature on the board: every simple cell grass, food, yield 0;
// the specials in the corners; seat 0 Cooks and seat 1 Blacksmiths; seat 0 to play the
// conquest of turn 1 with 5 actions. Tests put creatures with put.
func handMade() *setup {
	p := &setup{phase: garden.Conquest, actionsLeft: garden.ActionsPerTurn, turn: 1, rounds: garden.DefaultRounds}
	for h := range p.cells {
		p.cells[h] = garden.Cell{Owner: -1}
	}
	p.cells[skyAt].Kind, p.cells[candyAt].Kind, p.cells[bbqAt].Kind, p.cells[poolAt].Kind = garden.Sky, garden.Candy, garden.BBQ, garden.Pool
	p.players[0].Clan, p.players[1].Clan = garden.Cooks, garden.Blacksmiths
	return p
}

// from is s as a setup, to change before it is played on.
func from(s *garden.State) *setup {
	p := &setup{toMove: s.Turn(), phase: s.Phase(), actionsLeft: s.ActionsLeft(), turn: s.TurnNumber(), rounds: s.Rounds()}
	for h := range garden.Hex(garden.NumCells) {
		p.cells[h] = s.Cell(h)
	}
	for seat := range p.players {
		p.players[seat] = s.Player(seat)
	}
	return p
}

// put sets n creatures of owner on h (n 0: empty).
func (p *setup) put(h garden.Hex, owner, n int) *setup {
	if n == 0 {
		owner = -1
	}
	p.cells[h].Owner, p.cells[h].Creatures = int8(owner), int8(n)
	return p
}

// state is the setup as a game, its dice from seed 1; a setup the rules refuse panics.
func (p *setup) state() *garden.State {
	pos := map[string]any{"game": garden.Game.ID(), "to_move": p.toMove, "phase": p.phase.String(),
		"actions_left": p.actionsLeft, "turn": p.turn, "rounds": p.rounds}
	var cells []garden.CellView
	for h, c := range p.cells {
		v := garden.CellView{R: garden.Hex(h).R(), Q: garden.Hex(h).Q(), Kind: c.Kind.String(), Owner: int(c.Owner),
			Creatures: int(c.Creatures), Status: c.Status.String(), Timer: int(c.Timer), Forged: int(c.Forged), Immobile: int(c.Immobile)}
		if c.Kind == garden.Simple {
			t, r, y := c.Terrain.String(), c.Resource.String(), int(c.Yield)
			v.Terrain, v.Resource, v.Yield = &t, &r, &y
		}
		cells = append(cells, v)
	}
	var players []garden.PlayerView
	for _, pl := range p.players {
		players = append(players, garden.PlayerView{Clan: pl.Clan.String(), Food: pl.Stock[garden.Food], Metal: pl.Stock[garden.Metal],
			Stone: pl.Stock[garden.Stone], Wood: pl.Stock[garden.Wood], Points: pl.Points, Pending: pl.Pending})
	}
	pos["cells"], pos["players"] = cells, players
	raw, err := json.Marshal(pos)
	if err != nil {
		panic(err)
	}
	st, err := garden.Game.(games.Positions).DecodePosition(raw, 1)
	if err != nil {
		panic(err)
	}
	return st.(*garden.State)
}

// play applies a command for the seat to move, failing the test when it is refused.
func play(t *testing.T, s *garden.State, cmd string) []games.Event {
	t.Helper()
	a, err := garden.Parse(cmd)
	if err != nil {
		t.Fatalf("%q: %v", cmd, err)
	}
	if err := s.Validate(s.Turn(), a); err != nil {
		t.Fatalf("%q refused: %v", cmd, err)
	}
	ev, err := s.Apply(s.Turn(), a)
	if err != nil {
		t.Fatal(err)
	}
	return ev
}
