package sevencolors

import (
	"encoding/json"
	"errors"
	"fmt"

	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/lang"
)

// A 7 Colors position is the board in the bot protocol's cell codes, the seat to move and
// the moves played so far (for the safety cap of 4·N² moves; 0 when left out):
//
//	{"game":"sevencolors","size":N,"board":[[…N ints…],…N rows…],"to_move":0,
//	 "players":[{"code":1,"symbol":"^","cells":1},{"code":2,"symbol":"v","cells":1}],"moves":0}
//
// "players" only restates what the board says (each seat's code, symbol and cells held); it
// may be left out, and when given it must agree with the board.
type position struct {
	Game    string           `json:"game"`
	Size    int              `json:"size"`
	Board   [][]int          `json:"board"`
	ToMove  int              `json:"to_move"`
	Players []positionPlayer `json:"players"`
	Moves   int              `json:"moves"`
}

type positionPlayer struct {
	Code   int    `json:"code"`
	Symbol string `json:"symbol"`
	Cells  int    `json:"cells"`
}

var positionFields = []string{"game", "size", "board", "to_move", "players", "moves"}

// positionFormat is marked for the catalog: who shows it says it in the reader's language
// (lang.Lang.Say).
var positionFormat = lang.N(`{"game":"sevencolors","size":N,"board":[[…N ints…],…N rows…],"to_move":0}
  size      N, the board is N×N (2..50)
  board     board[y][x], rows top to bottom, with the bot protocol's cell codes: 0 empty,
            1 player 1 (^), 2 player 2 (v), 3..9 the colours A..G. Any board is accepted:
            territories anywhere, split or missing; empty cells are never captured.
  to_move   the seat to play: 0 (player 1, ^) or 1 (player 2, v)
optional:
  moves     moves played so far, lost turns included (default 0); the game stops at 4·N²
  players   [{"code":1,"symbol":"^","cells":K},{"code":2,"symbol":"v","cells":K}], in seat
            order: what the board already says; when given it must agree with the board
A position whose game is already over (a player holds more than half the board, or neither
can capture anything, or 4·N² moves were played) is refused.
`)

// PositionFormat documents the format.
func (game) PositionFormat() string { return positionFormat }

// EncodePosition writes a 7 Colors state.
func (game) EncodePosition(st games.State) (json.RawMessage, error) {
	s, ok := st.(*State)
	if !ok {
		return nil, fmt.Errorf("7 Colors cannot write a position of %T", st) // lang:keep a developer's error: another game's state
	}
	obs := s.Observation(0).(Observation)
	p := position{Game: Game.ID(), Size: s.b.n, Board: obs.Board, ToMove: int(s.turn), Moves: int(s.moves)}
	for seat := range 2 {
		p.Players = append(p.Players, positionPlayer{Code: Player(seat), Symbol: Glyph(Player(seat)), Cells: int(s.count[seat])})
	}
	return json.Marshal(p)
}

// DecodePosition reads a 7 Colors position; the game has no chance, so seed is unused.
func (game) DecodePosition(raw json.RawMessage, _ uint64) (games.State, error) {
	fields, err := games.PositionFields(raw, positionFields...)
	if err != nil {
		return nil, err
	}
	if err := checkGameField(fields); err != nil {
		return nil, err
	}
	size, err := games.RequiredInt(fields, "size", lang.T("the board is size×size, 2..50"))
	if err != nil {
		return nil, err
	}
	if size < MinSize || size > MaxSize {
		return nil, games.BadPositionT("size", lang.T("%d is out of range: the board is %d..%d cells wide", games.Digits(size), games.Digits(MinSize), games.Digits(MaxSize)))
	}
	cells, err := readBoard(fields["board"], size)
	if err != nil {
		return nil, err
	}
	seat, err := games.RequiredInt(fields, "to_move", lang.T("the seat to play, 0 (player 1, ^) or 1 (player 2, v)"))
	if err != nil {
		return nil, err
	}
	if seat != 0 && seat != 1 {
		return nil, games.BadPositionT("to_move", lang.T("%d is not a seat: 0 (player 1, ^) or 1 (player 2, v)", games.Digits(seat)))
	}
	moves, err := games.OptionalInt(fields, "moves", 0)
	if err != nil {
		return nil, err
	}
	limit := 4 * size * size
	if moves < 0 {
		return nil, games.BadPositionT("moves", lang.T("%d is negative", games.Digits(moves)))
	}
	if moves >= limit {
		return nil, games.BadPositionT("moves", lang.T("the game is already over: %d moves reach the cap of 4·N² = %d", games.Digits(moves), games.Digits(limit)))
	}

	s := newState(newBoard(size, cells), seat)
	if !s.over {
		s.moves = int32(moves)
	}
	if err := checkPlayers(fields["players"], s); err != nil {
		return nil, err
	}
	if s.over {
		return nil, overError(s)
	}
	return s, nil
}

func checkGameField(fields map[string]json.RawMessage) error {
	raw, ok := fields["game"]
	if !ok {
		return games.BadPositionT("game", lang.T("missing (it is %q)", Game.ID()))
	}
	var id string
	if err := json.Unmarshal(raw, &id); err != nil {
		return games.BadPositionT("game", lang.T("must be the string %q", Game.ID()))
	}
	if id != Game.ID() {
		return games.BadPositionT("game", lang.T("%q is not %q", id, Game.ID()))
	}
	return nil
}

// readBoard reads size rows of size cell codes into row-major order.
func readBoard(raw json.RawMessage, size int) ([]uint8, error) {
	if raw == nil {
		return nil, games.BadPositionT("board", lang.T("missing: %d rows of %d cell codes, top to bottom", games.Digits(size), games.Digits(size)))
	}
	var rows []json.RawMessage
	if err := json.Unmarshal(raw, &rows); err != nil || rows == nil {
		return nil, games.BadPositionT("board", lang.T("must be a list of %d rows", games.Digits(size)))
	}
	if len(rows) != size {
		return nil, games.BadPositionT("board", lang.T("has %d rows, a board of size %d has %d", games.Digits(len(rows)), games.Digits(size), games.Digits(size)))
	}
	cells := make([]uint8, 0, size*size)
	for y, rowRaw := range rows {
		var row []json.RawMessage
		if err := json.Unmarshal(rowRaw, &row); err != nil || row == nil {
			return nil, games.BadPositionT(fmt.Sprintf("board[%d]", y), lang.T("must be a list of %d cells", games.Digits(size)))
		}
		if len(row) != size {
			return nil, games.BadPositionT(fmt.Sprintf("board[%d]", y), lang.T("has %d cells, a board of size %d has %d a row", games.Digits(len(row)), games.Digits(size), games.Digits(size)))
		}
		for x, cellRaw := range row {
			field := fmt.Sprintf("board[%d][%d]", y, x)
			v, err := games.WholeNumber(field, cellRaw)
			if err != nil {
				return nil, games.BadPositionT(field, lang.T("must be a cell code 0..9, not %s", games.Snippet(cellRaw)))
			}
			if v < Empty || v > MaxColor {
				return nil, games.BadPositionT(field, lang.T("%d is not a cell code: 0 empty, 1 and 2 the players, 3..9 the colours", games.Digits(v)))
			}
			cells = append(cells, uint8(v))
		}
	}
	return cells, nil
}

// checkPlayers checks the optional "players" against the board.
func checkPlayers(raw json.RawMessage, s *State) error {
	if raw == nil || string(raw) == "null" {
		return nil
	}
	var list []json.RawMessage
	if err := json.Unmarshal(raw, &list); err != nil || list == nil {
		return games.BadPositionT("players", lang.T("must be a list of the 2 seats, as [{\"code\":1},{\"code\":2}]"))
	}
	if len(list) != 2 {
		return games.BadPositionT("players", lang.T("has %d entries: 7 Colors has 2 seats", games.Digits(len(list))))
	}
	for seat, one := range list {
		field := fmt.Sprintf("players[%d]", seat)
		fields, err := games.PositionFields(one, "code", "symbol", "cells")
		if err != nil {
			var pe *games.PositionError
			if errors.As(err, &pe) && pe.Field != "position" {
				return pe.Within(field)
			}
			return games.BadPositionT(field, lang.T("must be an object such as {\"code\":%d}", games.Digits(Player(seat))))
		}
		if r, ok := fields["code"]; ok {
			if v, err := games.WholeNumber(field+".code", r); err != nil || v != Player(seat) {
				return games.BadPositionT(field+".code", lang.T("seat %d plays code %d", games.Digits(seat), games.Digits(Player(seat))))
			}
		}
		if r, ok := fields["symbol"]; ok {
			var sym string
			if err := json.Unmarshal(r, &sym); err != nil || sym != Glyph(Player(seat)) {
				return games.BadPositionT(field+".symbol", lang.T("seat %d's symbol is %q", games.Digits(seat), Glyph(Player(seat))))
			}
		}
		if r, ok := fields["cells"]; ok {
			v, err := games.WholeNumber(field+".cells", r)
			if err != nil {
				return err
			}
			if v != int(s.count[seat]) {
				return games.BadPositionT(field+".cells", lang.T("says %d but the board holds %s of code %d", games.Digits(v), cells(int(s.count[seat])), games.Digits(Player(seat))))
			}
		}
	}
	return nil
}

// overError says why a decoded position is already finished [rules 7].
func overError(s *State) error {
	nn := s.b.n * s.b.n
	if s.end == endMajority {
		seat := 0
		if s.count[1] > s.count[0] {
			seat = 1
		}
		return games.BadPositionT("board", lang.T("the game is already over: player %d (%s) holds %d of %d cells, more than half", games.Digits(seat+1), Glyph(seat+1), games.Digits(s.count[seat]), games.Digits(nn)))
	}
	return games.BadPositionT("board", lang.T("the game is already over: neither player touches a colour it could capture"))
}
