package dicewars

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"

	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/games/chance"
	"github.com/arena-classroom/arena/lang"
)

// A DiceWars position (POSITIONS.md), with two optional fields of the arena's: "order", the
// seats in turn order (default: seat order), and "attacks", made so far this turn (default 0).
type position struct {
	Game       string      `json:"game"`
	Areas      []posArea   `json:"areas"`
	Players    []posPlayer `json:"players"`
	ToMove     *int        `json:"to_move"`
	Eliminated []int       `json:"eliminated"`
	Round      int         `json:"round"`
	Order      []int       `json:"order,omitempty"`
	Attacks    int         `json:"attacks,omitempty"`
	Chance     string      `json:"chance,omitempty"` // "chacha8" (default) or "pcg"
}

type posArea struct {
	ID    int      `json:"id"`
	Owner int      `json:"owner"`
	Dice  int      `json:"dice"`
	Adj   []int    `json:"adj"`
	Cells [][2]int `json:"cells,omitempty"` // [row, col] of the 28×32 grid
}

type posPlayer struct {
	Stock      int  `json:"stock"`
	Eliminated bool `json:"eliminated"`
}

// positionFormat is marked for the catalog: who shows it says it in the reader's language
// (lang.Lang.Say).
var positionFormat = lang.N(`{"game":"dicewars","areas":[{"id":1,"owner":0,"dice":4,"adj":[2,3],"cells":[[r,c],…]},…],
 "players":[{"stock":0,"eliminated":false},…],"to_move":0,"eliminated":[],"round":1}
  areas       ids 1..N in order, each with its owner (a seat), dice 1..8 and neighbours
              ("adj", symmetric); "cells" (rows and columns of the 28×32 hex grid, odd rows
              shifted right) may be left out: the game is then played on the graph alone
  players     in seat order (2..8): dice kept for later (0..64), and whether eliminated
  to_move     the seat to play, not eliminated
  eliminated  the eliminated seats, first out first (each owns no area)
  round       the round being played (1..200)
  order       optional: the seats in turn order (default: seat order)
  attacks     optional: attacks made so far in this turn (default 0)
  chance      optional: "chacha8" (default) or "pcg", the generator of positions written
              before ChaCha8 (docs/positions.md)
Chance (the dice rolled, where supplies land) comes from the seed given with the position.
`)

func (game) PositionFormat() string { return positionFormat }

func (game) EncodePosition(st games.State) (json.RawMessage, error) {
	s, ok := st.(*State)
	if !ok {
		return nil, fmt.Errorf("DiceWars cannot write a position of %T", st) // lang:keep a developer's error: another game's state
	}
	turn := s.Turn()
	p := position{Game: Game.ID(), ToMove: &turn, Eliminated: slices.Clone(s.out), Round: s.round,
		Order: slices.Clone(s.order), Attacks: s.attacks}
	if s.rng.IsLegacy() {
		p.Chance = games.ChancePCG
	}
	if p.Eliminated == nil {
		p.Eliminated = []int{}
	}
	for i := range s.owner {
		a := posArea{ID: i + 1, Owner: s.owner[i], Dice: s.dice[i], Adj: slices.Clone(s.m.Adj[i])}
		for c, id := range s.m.Cells {
			if id == i+1 {
				a.Cells = append(a.Cells, [2]int{c / GridCols, c % GridCols})
			}
		}
		p.Areas = append(p.Areas, a)
	}
	for seat := range s.stock {
		p.Players = append(p.Players, posPlayer{Stock: s.stock[seat], Eliminated: slices.Contains(s.out, seat)})
	}
	return json.Marshal(p)
}

// positionChance is the generator a position plays from: ChaCha8 of the position's stream, or
// the PCG that positions used before ChaCha8, as the position's "chance" says.
func positionChance(name string, seed uint64) (chance.Source, error) {
	switch name {
	case "", games.ChanceChaCha8:
		return chance.New(positionDomain, seed), nil
	case games.ChancePCG:
		return chance.Legacy(seed, legacyStream), nil
	}
	return chance.Source{}, bad("chance", lang.T("%q: %q (the default) or %q", name, games.ChanceChaCha8, games.ChancePCG))
}

func bad(field string, t lang.Text) error { return games.BadPositionT(field, t) }

func (game) DecodePosition(raw json.RawMessage, seed uint64) (games.State, error) {
	var p position
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&p); err != nil {
		return nil, bad("position", lang.T("not a DiceWars position: %v", err))
	}
	if p.Game != Game.ID() {
		return nil, bad("game", lang.T("%q is not %q", p.Game, Game.ID()))
	}
	src, err := positionChance(p.Chance, seed)
	if err != nil {
		return nil, err
	}
	n, players := len(p.Areas), len(p.Players)
	if players < MinPlayers || players > MaxPlayers {
		return nil, bad("players", lang.T("%d players: DiceWars takes %d to %d", games.Digits(players), games.Digits(MinPlayers), games.Digits(MaxPlayers)))
	}
	if n < 2 || n > MaxAreas*4 {
		return nil, bad("areas", lang.T("%d areas: want 2 to %d", games.Digits(n), games.Digits(MaxAreas*4)))
	}
	s := &State{owner: make([]int, n), dice: make([]int, n), stock: make([]int, players), round: p.Round,
		attacks: p.Attacks, rng: src}
	adj := make([][]int, n)
	withCells := p.Areas[0].Cells != nil
	if withCells {
		s.m.Cells = make([]int, GridCols*GridRows)
	}
	for i, a := range p.Areas {
		f := fmt.Sprintf("areas[%d]", i)
		switch {
		case a.ID != i+1:
			return nil, bad(f+".id", lang.T("%d: the ids run 1..%d in order, each once", games.Digits(a.ID), games.Digits(n)))
		case a.Owner < 0 || a.Owner >= players:
			return nil, bad(f+".owner", lang.T("%d is not a seat (0..%d)", games.Digits(a.Owner), games.Digits(players-1)))
		case a.Dice < 1 || a.Dice > MaxDice:
			return nil, bad(f+".dice", lang.T("%d: an area holds 1 to %d dice", games.Digits(a.Dice), games.Digits(MaxDice)))
		case (a.Cells != nil) != withCells:
			return nil, bad(f+".cells", lang.T("give cells for every area or for none"))
		}
		s.owner[i], s.dice[i] = a.Owner, a.Dice
		for _, b := range a.Adj {
			if b < 1 || b > n || b == a.ID || slices.Contains(adj[i], b) {
				return nil, bad(f+".adj", lang.T("%d is not another area, once (areas are 1..%d)", games.Digits(b), games.Digits(n)))
			}
			adj[i] = append(adj[i], b)
		}
		slices.Sort(adj[i])
		for _, c := range a.Cells {
			if c[0] < 0 || c[0] >= GridRows || c[1] < 0 || c[1] >= GridCols || s.m.Cells[c[0]*GridCols+c[1]] != 0 {
				return nil, bad(f+".cells", lang.T("[%d,%d] is off the grid or another area's", games.Digits(c[0]), games.Digits(c[1])))
			}
			s.m.Cells[c[0]*GridCols+c[1]] = a.ID
		}
	}
	for i := range adj {
		for _, b := range adj[i] {
			if !slices.Contains(adj[b-1], i+1) {
				return nil, bad(fmt.Sprintf("areas[%d].adj", i), lang.T("lists %d, whose adj does not list %d: adjacency must be symmetric", games.Digits(b), games.Digits(i+1)))
			}
		}
	}
	s.m.Adj = adj
	for k, pl := range p.Players {
		if pl.Stock < 0 || pl.Stock > StockMax {
			return nil, bad(fmt.Sprintf("players[%d].stock", k), lang.T("%d: 0..%d", games.Digits(pl.Stock), games.Digits(StockMax)))
		}
		s.stock[k] = pl.Stock
	}
	for k, seat := range p.Eliminated {
		switch {
		case seat < 0 || seat >= players || slices.Contains(p.Eliminated[:k], seat):
			return nil, bad(fmt.Sprintf("eliminated[%d]", k), lang.T("%d is not a seat, once", games.Digits(seat)))
		case !p.Players[seat].Eliminated:
			return nil, bad(fmt.Sprintf("eliminated[%d]", k), lang.T("seat %d is not marked eliminated in players", games.Digits(seat)))
		case s.AreasOf(seat) > 0:
			return nil, bad(fmt.Sprintf("eliminated[%d]", k), lang.T("seat %d still owns areas", games.Digits(seat)))
		}
	}
	for k, pl := range p.Players {
		if pl.Eliminated != slices.Contains(p.Eliminated, k) {
			return nil, bad(fmt.Sprintf("players[%d].eliminated", k), lang.T("disagrees with eliminated"))
		}
		if !pl.Eliminated && s.AreasOf(k) == 0 {
			return nil, bad(fmt.Sprintf("players[%d]", k), lang.T("owns no area but is not eliminated"))
		}
	}
	s.out = slices.Clone(p.Eliminated)
	if p.Order == nil {
		for seat := range players {
			p.Order = append(p.Order, seat)
		}
	}
	sorted := slices.Sorted(slices.Values(p.Order))
	for k, seat := range sorted {
		if seat != k || len(sorted) != players {
			return nil, bad("order", lang.T("%v is not every seat once", p.Order))
		}
	}
	s.order = slices.Clone(p.Order)
	switch {
	case p.ToMove == nil:
		return nil, bad("to_move", lang.T("missing"))
	case *p.ToMove < 0 || *p.ToMove >= players || slices.Contains(s.out, *p.ToMove):
		return nil, bad("to_move", lang.T("%d is not a seat still playing", games.Digits(*p.ToMove)))
	case p.Round < 1 || p.Round > RoundCap:
		return nil, bad("round", lang.T("%d: 1..%d", games.Digits(p.Round), games.Digits(RoundCap)))
	case p.Attacks < 0 || p.Attacks > AttacksCap:
		return nil, bad("attacks", lang.T("%d: 0..%d", games.Digits(p.Attacks), games.Digits(AttacksCap)))
	case len(s.out) >= players-1:
		return nil, bad("players", lang.T("one player is left: the game is over"))
	}
	s.cur = slices.Index(s.order, *p.ToMove)
	return s, nil
}
