// Package frames is how a room of one node is shown on another: the owner sends each
// snapshot of the room as a Frame on the bus (its scene, and the moves since the last
// frame), and each node that shows the room keeps a Mirror of it, which plays the moves on
// (the referee is deterministic: same seed, same moves, same state) and hands the viewers
// there their snapshots. A mirror that misses a frame loads the room again from its owner.
package frames

import (
	"encoding/json"
	"fmt"
	"math/big"

	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/replay"
	"github.com/arena-classroom/arena/rooms"
)

// Frame is one snapshot of a room on the bus: its scene, and the moves since the previous
// frame, from which each node that shows the room plays its state on (the referee is
// deterministic). A Perfect Aim frame is about 1.4 KB of JSON, its moves 67 B of it.
type Frame struct {
	Scene rooms.Scene `json:"scene"`
	From  int         `json:"from"` // index of Moves[0] among the game's moves
	Moves []Move      `json:"moves,omitempty"`
	Clock string      `json:"clock,omitempty"` // a real-time game's instant, "num/den"
}

// Move is a move of the game on the bus.
type Move struct {
	Seat    int             `json:"seat"`
	Action  json.RawMessage `json:"action"`
	Default bool            `json:"default,omitempty"`
	At      string          `json:"at,omitempty"`
}

// EncodeMoves is moves for the bus.
func EncodeMoves(ms []replay.Move) ([]Move, error) {
	out := make([]Move, len(ms))
	for i, m := range ms {
		raw, err := json.Marshal(m.Action)
		if err != nil {
			return nil, fmt.Errorf("move %d: %w", i, err)
		}
		out[i] = Move{Seat: m.Seat, Action: raw, Default: m.Default, At: m.At}
	}
	return out, nil
}

func decodeMoves(g games.Game, ms []Move) ([]replay.Move, error) {
	out := make([]replay.Move, len(ms))
	for i, m := range ms {
		a, err := g.DecodeAction(m.Action)
		if err != nil {
			return nil, fmt.Errorf("move %d: %w", i, err)
		}
		out[i] = replay.Move{Seat: m.Seat, Action: a, Default: m.Default, At: m.At}
	}
	return out, nil
}

// ClockOf is a real-time state's instant, "" for other games.
func ClockOf(st games.State) string {
	if rt, ok := st.(games.RealTime); ok {
		return rt.Clock().RatString()
	}
	return ""
}

func parseClock(s string) (*big.Rat, bool) {
	if s == "" {
		return nil, false
	}
	return new(big.Rat).SetString(s)
}
