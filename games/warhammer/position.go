package warhammer

import (
	"encoding/json"
	"errors"
	"fmt"
	"strconv"

	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/lang"
)

// A War Hammer position:
//
//	{"game":"warhammer","size":T,"hp":[[…T ints…],…T rows…],
//	 "players":[{"alive":true,"row":3,"col":3},…],"to_move":0,"deaths":[]}
type position struct {
	Game    string           `json:"game"`
	Size    int              `json:"size"`
	HP      [][]int          `json:"hp"`
	Players []positionPlayer `json:"players"`
	ToMove  int              `json:"to_move"`
	Deaths  []int            `json:"deaths"`
}

type positionPlayer struct {
	Alive bool `json:"alive"`
	Row   int  `json:"row"`
	Col   int  `json:"col"`
}

// lang:keep the position format's reference (JSON fields and example), in English like the protocol's
const positionFormat = `{"game":"warhammer","size":T,"hp":[[…T ints…],…T rows…],
 "players":[{"alive":true,"row":3,"col":3},…],"to_move":0,"deaths":[]}
  size      T, the board is T×T (3..35; any HP grid, octagon or not)
  hp        hp[row][col], whole numbers ≥ 0; 0 is a hole
  players   in seat order (2..8), the order turns go round: "alive" true or false, and
            "row" and "col" of the cell each stands (or fell) on; no two living
            players on one cell
  to_move   the seat to play: a living player
  deaths    the seats that died, in order (the ranking is its reverse); optional, and when
            given it must list exactly the dead players
A position with fewer than two living players is over, and refused. Nothing is left
to chance after the start: the seed does not matter.
Example, the start of a 7×7 game for two:
{"game":"warhammer","size":7,"hp":[[0,0,4,4,4,0,0],[0,4,4,4,4,4,0],[4,4,4,4,4,4,4],
 [4,4,4,4,4,4,4],[4,4,4,4,4,4,4],[0,4,4,4,4,4,0],[0,0,4,4,4,0,0]],
 "players":[{"alive":true,"row":3,"col":4},{"alive":true,"row":3,"col":2}],
 "to_move":0,"deaths":[]}
`

func (game) PositionFormat() string { return positionFormat }

func (game) EncodePosition(st games.State) (json.RawMessage, error) {
	s, ok := st.(*State)
	if !ok {
		return nil, fmt.Errorf("War Hammer cannot write a position of %T", st) // lang:keep a developer's error: the arena hands each game its own states
	}
	p := position{Game: Game.ID(), Size: s.size, ToMove: s.turn, Deaths: append([]int{}, s.deaths...)}
	for r := range s.size {
		p.HP = append(p.HP, append([]int(nil), s.hp[r*s.size:(r+1)*s.size]...))
	}
	for _, pl := range s.players {
		p.Players = append(p.Players, positionPlayer(pl))
	}
	return json.Marshal(p)
}

func (game) DecodePosition(raw json.RawMessage, _ uint64) (games.State, error) {
	fields, err := games.PositionFields(raw, "game", "size", "hp", "players", "to_move", "deaths")
	if err != nil {
		return nil, err
	}
	if err := checkGame(fields); err != nil {
		return nil, err
	}
	size, err := requiredInt(fields, "size", lang.T("the board is size×size, %d..%d", PositionMinSize, MaxSize))
	if err != nil {
		return nil, err
	}
	if size < PositionMinSize || size > MaxSize {
		return nil, badPosition("size", lang.T("%s is out of range %d..%d", strconv.Itoa(size), PositionMinSize, MaxSize))
	}
	s := &State{size: size}
	if s.hp, err = readHP(fields["hp"], size); err != nil {
		return nil, err
	}
	if err := readPlayers(fields["players"], s); err != nil {
		return nil, err
	}
	if s.Over() {
		return nil, badPosition("players", lang.T("fewer than two are alive: the game is over"))
	}
	if s.turn, err = requiredInt(fields, "to_move", lang.T("the seat to play, a living player")); err != nil {
		return nil, err
	}
	if s.turn < 0 || s.turn >= len(s.players) || !s.players[s.turn].Alive {
		return nil, badPosition("to_move", lang.T("%s is not a living player's seat", strconv.Itoa(s.turn)))
	}
	if s.deaths, err = readDeaths(fields["deaths"], s); err != nil {
		return nil, err
	}
	return s, nil
}

func checkGame(fields map[string]json.RawMessage) error {
	raw, ok := fields["game"]
	if !ok {
		return badPosition("game", lang.T("missing (it is %q)", Game.ID()))
	}
	var id string
	if err := json.Unmarshal(raw, &id); err != nil {
		return badPosition("game", lang.T("must be the string %q", Game.ID()))
	}
	if id != Game.ID() {
		return badPosition("game", lang.T("%q is not %q", id, Game.ID()))
	}
	return nil
}

// list reads raw as a JSON list, or says what field should have been.
func list(raw json.RawMessage, field string, want lang.Text) ([]json.RawMessage, error) {
	if raw == nil || string(raw) == "null" {
		return nil, badPosition(field, lang.T("missing: %s", want))
	}
	var items []json.RawMessage
	if err := json.Unmarshal(raw, &items); err != nil || items == nil {
		return nil, badPosition(field, lang.T("must be %s, not %s", want, games.Snippet(raw)))
	}
	return items, nil
}

// readHP reads size rows of size whole numbers ≥ 0 into row-major order.
func readHP(raw json.RawMessage, size int) ([]int, error) {
	rows, err := list(raw, "hp", lang.T("a list of %d rows of %d HP, top to bottom", size, size))
	if err != nil {
		return nil, err
	}
	if len(rows) != size {
		return nil, badPosition("hp", lang.T("has %d rows, a board of size %d has %d", len(rows), size, size))
	}
	hp := make([]int, 0, size*size)
	for r, rowRaw := range rows {
		field := fmt.Sprintf("hp[%d]", r)
		row, err := list(rowRaw, field, lang.T("a list of %d HP", size))
		if err != nil {
			return nil, err
		}
		if len(row) != size {
			return nil, badPosition(field, lang.T("has %d cells, a board of size %d has %d a row", len(row), size, size))
		}
		for c, v := range row {
			field := fmt.Sprintf("hp[%d][%d]", r, c)
			n, err := games.WholeNumber(field, v)
			if err != nil {
				return nil, err
			}
			if n < 0 {
				return nil, badPosition(field, lang.T("%s is negative: HP are whole numbers ≥ 0 (0 is a hole)", strconv.Itoa(n)))
			}
			hp = append(hp, n)
		}
	}
	return hp, nil
}

// readPlayers reads the players, in seat order, into s (whose board is read).
func readPlayers(raw json.RawMessage, s *State) error {
	items, err := list(raw, "players", lang.T(`a list of 2 to 8 players, as {"alive":true,"row":3,"col":3}`))
	if err != nil {
		return err
	}
	if len(items) < MinPlayers || len(items) > MaxPlayers {
		return badPosition("players", lang.T("has %d entries: War Hammer takes %d to %d players", len(items), MinPlayers, MaxPlayers))
	}
	for k, one := range items {
		field := fmt.Sprintf("players[%d]", k)
		fields, err := games.PositionFields(one, "alive", "row", "col")
		if err != nil {
			var pe *games.PositionError
			if errors.As(err, &pe) && pe.Field != "position" {
				return within(field, err)
			}
			return badPosition(field, lang.T(`must be an object such as {"alive":true,"row":3,"col":3}`))
		}
		var alive bool
		if a, ok := fields["alive"]; !ok || json.Unmarshal(a, &alive) != nil {
			return badPosition(field+".alive", lang.T("must be true or false"))
		}
		row, err := requiredInt(fields, "row", lang.T("the player's row"))
		if err != nil {
			return within(field, err)
		}
		col, err := requiredInt(fields, "col", lang.T("the player's column"))
		if err != nil {
			return within(field, err)
		}
		if !s.inside(row, col) {
			return badPosition(field, lang.T("%s is off a board of size %d", cellText(row, col), s.size))
		}
		if alive && s.occupant(row, col) >= 0 {
			return badPosition(field, lang.T("%s already stands on %s", seatLabel(s.occupant(row, col)), cellText(row, col)))
		}
		s.players = append(s.players, Player{Alive: alive, Row: row, Col: col})
		if alive {
			s.living++
		}
	}
	return nil
}

// readDeaths reads the order of deaths: each dead player once. Left out, it is the dead in
// seat order.
func readDeaths(raw json.RawMessage, s *State) ([]int, error) {
	dead := len(s.players) - s.living
	if raw == nil || string(raw) == "null" {
		var out []int
		for k, p := range s.players {
			if !p.Alive {
				out = append(out, k)
			}
		}
		return out, nil
	}
	items, err := list(raw, "deaths", lang.T("the list of the dead players' seats, in the order they died"))
	if err != nil {
		return nil, err
	}
	seen := make([]bool, len(s.players))
	out := make([]int, 0, len(items))
	for i, v := range items {
		field := fmt.Sprintf("deaths[%d]", i)
		k, err := games.WholeNumber(field, v)
		if err != nil {
			return nil, err
		}
		switch {
		case k < 0 || k >= len(s.players):
			return nil, badPosition(field, lang.T("%s is not a seat 0..%d", strconv.Itoa(k), len(s.players)-1))
		case s.players[k].Alive:
			return nil, badPosition(field, lang.T("seat %d is alive", k))
		case seen[k]:
			return nil, badPosition(field, lang.T("seat %d is listed twice", k))
		}
		seen[k] = true
		out = append(out, k)
	}
	if len(out) != dead {
		return nil, badPosition("deaths", lang.T("lists %d players, and %d are dead: list each dead player once", len(out), dead))
	}
	return out, nil
}
