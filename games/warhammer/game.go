package warhammer

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"

	"github.com/arena-classroom/arena/games"
)

type game struct{}

// Game is War Hammer arena.
var Game games.Game = game{}

func (game) ID() string                    { return "warhammer" }
func (game) Name() string                  { return "War Hammer" }
func (game) Seats() (minimum, maximum int) { return MinPlayers, MaxPlayers }

// Normalize fills in the board size (the number of players comes from the seats).
func (game) Normalize(cfg games.Config) (games.Config, error) {
	out := games.Config{"size": DefaultSize}
	for _, k := range cfg.Keys() {
		if k != "size" {
			return nil, fmt.Errorf("War Hammer has no setting %q (its only setting is size)", k)
		}
		out[k] = cfg[k]
	}
	if n := out["size"]; n < MinSize || n > MaxSize {
		return nil, fmt.Errorf("War Hammer: size %d is out of range: the board is %d..%d cells wide", n, MinSize, MaxSize)
	}
	return out, nil
}

func (g game) New(cfg games.Config, seats int, seed uint64) (games.State, error) {
	cfg, err := g.Normalize(cfg)
	if err != nil {
		return nil, err
	}
	return NewState(cfg["size"], seats, seed)
}

// DecodeAction accepts a JSON integer; whether it is a code 0..95 is Validate's business.
func (game) DecodeAction(raw json.RawMessage) (games.Action, error) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil || dec.More() {
		return nil, fmt.Errorf("War Hammer: an action is one code 0..95, got %s", bytes.TrimSpace(raw))
	}
	num, ok := v.(json.Number)
	if !ok {
		return nil, fmt.Errorf("War Hammer: an action is a code 0..95, got %s", bytes.TrimSpace(raw))
	}
	i, err := num.Int64()
	if err != nil || i < math.MinInt32 || i > math.MaxInt32 {
		return nil, fmt.Errorf("War Hammer: an action is a whole code 0..95, got %s", num)
	}
	return int(i), nil
}

// Describe says what War Hammer is: one setting. Programs cannot play it yet (its protocol
// text comes with the bot-protocol work of issue 8).
func (game) Describe() games.Description {
	return games.Description{Settings: []games.Setting{{Key: "size", Doc: "the board is size×size cells (an octagon)",
		Min: MinSize, Max: MaxSize, Default: DefaultSize}}}
}
