package warhammer

import (
	"fmt"
	"strconv"

	"github.com/arena-classroom/arena/lang"
)

// MatrixError says what is wrong in a seed matrix: Row and Col count from 0 (Col -1: the
// whole row; Row -1: the matrix as a whole).
type MatrixError struct {
	Row, Col int
	Msg      string
	Text     lang.Text // Msg, to be said in a reader's language
}

func (e *MatrixError) Error() string {
	switch {
	case e.Row < 0:
		return e.Msg
	case e.Col < 0:
		return fmt.Sprintf("row %d: %s", e.Row, e.Msg)
	}
	return fmt.Sprintf("row %d, column %d: %s", e.Row, e.Col, e.Msg)
}

// badMatrix is a *MatrixError beneath a lang error that says it, row and column, in the
// reader's language.
func badMatrix(row, col int, t lang.Text) error {
	me := &MatrixError{Row: row, Col: col, Msg: t.String(), Text: t}
	whole := t
	switch {
	case row < 0:
	case col < 0:
		whole = lang.T("row %d: %s", row, t)
	default:
		whole = lang.T("row %d, column %d: %s", row, col, t)
	}
	return &lang.Error{Text: whole, Wrapped: me}
}

// FromMatrix reads the seed's matrix, int map[T][T+N] (the inverse of Matrix): the HP grid in
// columns 0..T-1, then one column per player in turn order from the player to move (row 0
// alive 1 or dead 0, row 1 its row, row 2 its column, the other rows 0). In the state, seat k
// is the k-th player column and seat 0 is to move, so turns go round as the matrix lists them.
// The order of deaths is not in the matrix: the dead are taken in column order. Any mistake
// is a *MatrixError.
func FromMatrix(m [][]int, n int) (*State, error) {
	size := len(m)
	if size < PositionMinSize || size > MaxSize {
		return nil, badMatrix(-1, -1, lang.T("%s rows: the board is %d..%d cells wide", strconv.Itoa(size), PositionMinSize, MaxSize))
	}
	if n < MinPlayers || n > MaxPlayers {
		return nil, badMatrix(-1, -1, lang.T("%s players: War Hammer takes %d to %d", strconv.Itoa(n), MinPlayers, MaxPlayers))
	}
	s := &State{size: size, hp: make([]int, 0, size*size), players: make([]Player, n)}
	for r, row := range m {
		if len(row) != size+n {
			return nil, badMatrix(r, -1, lang.T("%s numbers, a row has T+N = %d+%d = %d", strconv.Itoa(len(row)), size, n, size+n))
		}
		for c, v := range row[:size] {
			if v < 0 {
				return nil, badMatrix(r, c, lang.T("HP %s is negative", strconv.Itoa(v)))
			}
		}
		s.hp = append(s.hp, row[:size]...)
	}
	for k := range n {
		col := size + k
		switch m[0][col] {
		case 0, 1:
		default:
			return nil, badMatrix(0, col, lang.T("%s: a player column starts with 1 (alive) or 0 (dead)", strconv.Itoa(m[0][col])))
		}
		for r := 1; r <= 2; r++ {
			if v := m[r][col]; v < 0 || v >= size {
				return nil, badMatrix(r, col, lang.T("%s is off the board (0..%d)", strconv.Itoa(v), size-1))
			}
		}
		for r := 3; r < size; r++ {
			if v := m[r][col]; v != 0 {
				return nil, badMatrix(r, col, lang.T("%s: a player column holds 0 below its first three rows", strconv.Itoa(v)))
			}
		}
		p := Player{Alive: m[0][col] == 1, Row: m[1][col], Col: m[2][col]}
		if p.Alive {
			if other := s.occupant(p.Row, p.Col); other >= 0 {
				return nil, badMatrix(1, col, lang.T("players %d and %d both stand on (%d,%d)", other+1, k+1, p.Row, p.Col))
			}
			s.living++
		}
		s.players[k] = p
	}
	if !s.players[0].Alive {
		return nil, badMatrix(0, size, lang.T("the player to move (the first player column) is dead"))
	}
	if s.living < 2 {
		return nil, badMatrix(0, -1, lang.T("only one player is alive: the game is over"))
	}
	for k, p := range s.players {
		if !p.Alive {
			s.deaths = append(s.deaths, k)
		}
	}
	return s, nil
}
