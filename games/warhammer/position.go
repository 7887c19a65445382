package warhammer

import (
	"encoding/json"
	"fmt"

	"github.com/arena-classroom/arena/games"
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

const positionFormat = `{"game":"warhammer","size":T,"hp":[[…T ints…],…T rows…],
 "players":[{"alive":true,"row":3,"col":3},…],"to_move":0,"deaths":[]}
  size      T, the board is T×T (3..35; any HP grid, octagon or not)
  hp        hp[row][col], whole numbers ≥ 0; 0 is a hole
  players   in seat order (2..8): alive, and the cell each stands (or fell) on
  to_move   the seat to play: a living player
  deaths    the seats that died, in order (the ranking is its reverse); optional, and when
            given it must list exactly the dead players
A position with fewer than two living players is over, and refused.
`

func (game) PositionFormat() string { return positionFormat }

func (game) EncodePosition(st games.State) (json.RawMessage, error) {
	s, ok := st.(*State)
	if !ok {
		return nil, fmt.Errorf("War Hammer cannot write a position of %T", st)
	}
	p := position{Game: Game.ID(), Size: s.size, ToMove: s.turn, Deaths: append([]int{}, s.deaths...)}
	for r := range s.size {
		p.HP = append(p.HP, append([]int(nil), s.hp[r*s.size:(r+1)*s.size]...))
	}
	for _, pl := range s.players {
		p.Players = append(p.Players, positionPlayer{Alive: pl.Alive, Row: pl.Row, Col: pl.Col})
	}
	return json.Marshal(p)
}

func (game) DecodePosition(raw json.RawMessage, _ uint64) (games.State, error) {
	fields, err := games.PositionFields(raw, "game", "size", "hp", "players", "to_move", "deaths")
	if err != nil {
		return nil, err
	}
	var p position
	if err := json.Unmarshal(raw, &p); err != nil {
		return nil, games.BadPosition("position", "%v", err)
	}
	if p.Game != Game.ID() {
		return nil, games.BadPosition("game", "%q is not warhammer", p.Game)
	}
	if p.Size < 3 || p.Size > MaxSize {
		return nil, games.BadPosition("size", "%d is out of range 3..%d", p.Size, MaxSize)
	}
	if len(p.HP) != p.Size {
		return nil, games.BadPosition("hp", "%d rows for a board of size %d", len(p.HP), p.Size)
	}
	s := &State{size: p.Size, hp: make([]int, 0, p.Size*p.Size)}
	for r, row := range p.HP {
		if len(row) != p.Size {
			return nil, games.BadPosition(fmt.Sprintf("hp[%d]", r), "%d cells for a board of size %d", len(row), p.Size)
		}
		for c, v := range row {
			if v < 0 {
				return nil, games.BadPosition(fmt.Sprintf("hp[%d][%d]", r, c), "%d is negative", v)
			}
		}
		s.hp = append(s.hp, row...)
	}
	if len(p.Players) < MinPlayers || len(p.Players) > MaxPlayers {
		return nil, games.BadPosition("players", "%d players: War Hammer takes %d to %d", len(p.Players), MinPlayers, MaxPlayers)
	}
	for k, pl := range p.Players {
		if !s.inside(pl.Row, pl.Col) {
			return nil, games.BadPosition(fmt.Sprintf("players[%d]", k), "(%d,%d) is off the board", pl.Row, pl.Col)
		}
		if pl.Alive && s.occupied(pl.Row, pl.Col) {
			return nil, games.BadPosition(fmt.Sprintf("players[%d]", k), "two living players on (%d,%d)", pl.Row, pl.Col)
		}
		s.players = append(s.players, Player{Alive: pl.Alive, Row: pl.Row, Col: pl.Col})
	}
	if s.Over() {
		return nil, games.BadPosition("players", "fewer than two are alive: the game is over")
	}
	if p.ToMove < 0 || p.ToMove >= len(s.players) || !s.players[p.ToMove].Alive {
		return nil, games.BadPosition("to_move", "%d is not a living player's seat", p.ToMove)
	}
	s.turn = p.ToMove
	_, given := fields["deaths"]
	seen := map[int]bool{}
	for _, d := range p.Deaths {
		if d < 0 || d >= len(s.players) || s.players[d].Alive || seen[d] {
			return nil, games.BadPosition("deaths", "%v must list each dead player once", p.Deaths)
		}
		seen[d] = true
	}
	dead := len(s.players) - s.alive()
	if given && len(p.Deaths) != dead {
		return nil, games.BadPosition("deaths", "%v lists %d players, and %d are dead", p.Deaths, len(p.Deaths), dead)
	}
	s.deaths = append([]int(nil), p.Deaths...)
	for k, pl := range s.players { // left out: the dead in seat order
		if !given && !pl.Alive {
			s.deaths = append(s.deaths, k)
		}
	}
	return s, nil
}
