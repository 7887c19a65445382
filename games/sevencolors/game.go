// Package sevencolors is the rules engine of 7 Colors ("Les 7 merveilles du monde des 7
// couleurs", seed 001): two players flood an N×N board of seven colours from opposite
// corners. Rules: docs/rules/sevencolors.md. Cell codes follow the assignment's GameState.h (§2).
package sevencolors

import (
	"bytes"
	"encoding/json"
	"math"

	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/lang"
)

// Game is 7 Colors for the arena's catalog.
var Game games.Game = game{}

type game struct{}

func (game) ID() string                    { return "sevencolors" }
func (game) Name() string                  { return "7 Colors" }
func (game) Seats() (minimum, maximum int) { return 2, 2 }

// Normalize accepts one key, "size" (default 30, 2..50).
func (game) Normalize(cfg games.Config) (games.Config, error) {
	out := games.Config{"size": DefaultSize}
	for _, k := range cfg.Keys() {
		if k != "size" {
			return nil, lang.Errorf("7 Colors has no setting %q (its only setting is size)", k)
		}
		out[k] = cfg[k]
	}
	if n := out["size"]; n < MinSize || n > MaxSize {
		return nil, lang.Errorf("7 Colors: size %d is out of range: the board is %d..%d cells wide", games.Digits(n), games.Digits(MinSize), games.Digits(MaxSize))
	}
	return out, nil
}

func (g game) New(cfg games.Config, seats int, seed uint64) (games.State, error) {
	if seats != 2 {
		return nil, lang.Errorf("7 Colors is played by 2 seats, not %d", games.Digits(seats))
	}
	cfg, err := g.Normalize(cfg)
	if err != nil {
		return nil, err
	}
	return NewState(cfg["size"], seed)
}

// DecodeAction accepts a JSON integer; whether it is a colour is Validate's business.
func (game) DecodeAction(raw json.RawMessage) (games.Action, error) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, lang.Errorf("7 Colors: an action is a colour number 3..9: %v", err)
	}
	if dec.More() {
		return nil, lang.Errorf("7 Colors: an action is one colour number 3..9, got %s", bytes.TrimSpace(raw))
	}
	num, ok := v.(json.Number)
	if !ok {
		return nil, lang.Errorf("7 Colors: an action is a colour number 3..9, got %s", bytes.TrimSpace(raw))
	}
	i, err := num.Int64()
	if err != nil || i < math.MinInt32 || i > math.MaxInt32 {
		return nil, lang.Errorf("7 Colors: an action is a whole colour number 3..9, got %s", num)
	}
	return int(i), nil
}

// NewState deals a random size×size board from seed, PLAYER_1 to move [rules 2a.1-4].
func NewState(size int, seed uint64) (*State, error) {
	if size < MinSize || size > MaxSize {
		return nil, lang.Errorf("7 Colors: size %d is out of range: the board is %d..%d cells wide", games.Digits(size), games.Digits(MinSize), games.Digits(MaxSize))
	}
	return newState(newBoard(size, randomCells(size, seed)), 0), nil
}

// FromBoard starts from any position (the Q13 command, tests): cells are size² codes 0..9 in
// row-major order y*size+x, toMove is the player code (1 or 2) to play. Players need not be in
// the corners, territories may be split or missing, and EMPTY cells are never captured. The
// end rules are checked at once, so a finished position is Over.
func FromBoard(size int, cells []int, toMove int) (*State, error) {
	if size < MinSize || size > MaxSize {
		return nil, lang.Errorf("size %d is out of range: the board is %d..%d cells wide", games.Digits(size), games.Digits(MinSize), games.Digits(MaxSize))
	}
	if len(cells) != size*size {
		return nil, lang.Errorf("a %d×%d board has %d cells, got %d", games.Digits(size), games.Digits(size), games.Digits(size*size), games.Digits(len(cells)))
	}
	if toMove != Player1 && toMove != Player2 {
		return nil, lang.Errorf("the player to move is 1 or 2, not %d", games.Digits(toMove))
	}
	codes := make([]uint8, len(cells))
	for i, v := range cells {
		if v < Empty || v > MaxColor {
			return nil, lang.Errorf("cell %d (x=%d, y=%d) is %d: cells are 0 (empty), 1, 2 (players) or 3..9 (colours)", games.Digits(i), games.Digits(i%size), games.Digits(i/size), games.Digits(v))
		}
		codes[i] = uint8(v)
	}
	return newState(newBoard(size, codes), toMove-1), nil
}
