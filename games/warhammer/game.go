package warhammer

import (
	"bytes"
	"encoding/json"
	"math"
	"strconv"

	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/lang"
)

type game struct{}

// Game is War Hammer arena.
var Game games.Game = game{}

func (game) ID() string                    { return "warhammer" }
func (game) Name() string                  { return "War Hammer" } // lang:keep the game's name: who shows it says it in the reader's language (core catalog)
func (game) Seats() (minimum, maximum int) { return MinPlayers, MaxPlayers }

// Normalize fills in the board size (the number of players comes from the seats).
func (game) Normalize(cfg games.Config) (games.Config, error) {
	out := games.Config{"size": DefaultSize}
	for _, k := range cfg.Keys() {
		if k != "size" {
			return nil, lang.Errorf("War Hammer has no setting %q (its only setting is size)", k)
		}
		out[k] = cfg[k]
	}
	if n := out["size"]; n < MinSize || n > MaxSize {
		return nil, lang.Errorf("War Hammer: size %s is out of range: the board is %d..%d cells wide", strconv.Itoa(n), MinSize, MaxSize)
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
		return nil, lang.Errorf("War Hammer: an action is one code 0..95, got %s", string(bytes.TrimSpace(raw)))
	}
	num, ok := v.(json.Number)
	if !ok {
		return nil, lang.Errorf("War Hammer: an action is a code 0..95, got %s", string(bytes.TrimSpace(raw)))
	}
	i, err := num.Int64()
	if err != nil || i < math.MinInt32 || i > math.MaxInt32 {
		return nil, lang.Errorf("War Hammer: an action is a whole code 0..95, got %s", string(num))
	}
	return int(i), nil
}

// Describe says what War Hammer is: one setting (the number of players is the number of
// seats), and its bot protocol, the seed's own matrix.
func (game) Describe() games.Description {
	return games.Description{
		Settings: []games.Setting{{Key: "size", Doc: lang.N("the board is size×size cells, an octagon (corners cut)"),
			Min: MinSize, Max: MaxSize, Default: DefaultSize}},
		Protocol: &protocol,
		Players:  2, // rule 3: two by default, 2..8 allowed
	}
}

// The protocol's reference for program authors (`spec warhammer`): schemas, the turn's
// arithmetic and pitfalls, written in English for now as the starter kits are.
//
// lang:keep the bot protocol's reference (schemas and their notes), in English like the kits
var protocol = games.Protocol{
	SeedPublic: true,
	// lang:keep the bot protocol's reference, in English like the kits
	Obs: `{"size": T, "players": N, "matrix": [[T+N ints], … T rows]}
  matrix   T rows of T+N ints (int map[T][T+N]), top to bottom:
           columns 0..T-1  each cell's HP (4 at the start, 0 a hole)
           columns T..T+N-1  one per player in turn order, YOU FIRST, then the
                    next to play and so on: row 0 alive (1) or dead (0), row 1
                    its row, row 2 its column (the dead keep theirs), other rows 0
`,
	// lang:keep the bot protocol's reference, in English like the kits
	Legal: `every code 0..95: each is a move the rules accept, though many are fatal
`,
	// lang:keep the bot protocol's reference, in English like the kits
	Action: `an integer code = 8*first + hammer
  first   0..3 a grenade right, up, left, down (flies up to 5 cells, stops
          before a living player or the edge; destroys where it lands, the 4
          cells around lose 2 HP); 4..11 a step right, up-right, up, up-left,
          left, down-left, down, down-right (off the board or onto a player: death)
  hammer  0..7 the same eight directions, from where you stand after the first
          choice: destroys that cell (off the board or on a hole: death)
  A grenade or a step that lands wears the cell you started on by 1 HP.
`,
	// lang:keep the bot protocol's reference, in English like the kits
	Default: `-1, an invalid code: the player dies, as the rules make of any code outside
0..95, a late answer or none
`,
	// lang:keep the bot protocol's reference, in English like the kits
	Rules: `turns: the first player is drawn from the seed, then seat order, skipping the dead;
nothing else is chance. A grenade tries the cells 1 to 5 away in turn and lands on
the cell before the first one off the board or holding a living player (its own
cell, if the first is blocked), else on the fifth: that cell loses 4 HP, its four
orthogonal neighbours on the board 2 (never below 0); then the thrower's cell loses
1. A step onto a cell off the board or holding a living player kills the player
(its cell is spared); otherwise its cell loses 1 HP and it moves, onto a hole too.
§10 after the first choice: standing on a cell with 0 HP, the player dies at once,
    without its hammer.
§11 the hammer: off the board or on a hole, the player dies; otherwise the cell
    drops to 0 HP, even under another player.
§12 end of turn: the players are checked in seat order and whoever stands on a 0-HP
    cell dies, but the check stops as soon as one player is left alive (always
    exactly one survivor); the acting player's own death comes first.
the end: one player left. Ranks are the reverse order of deaths (deaths in one
turn in the order of §12); the score is how many players it outlived.
`,
	// lang:keep the bot protocol's reference, in English like the kits
	Pitfalls: `you are never named by your seat: the player columns are in turn order, YOU
FIRST (column T), then the next to play, so a column is not a seat and moves
each turn. Cells are (row, col), rows from the top and columns from the left:
matrix[row][col], and a player's column holds its row in row 1 and its column in
row 2 - the other way round from 7 Colors' and Perfect Aim's (x, y). The default
action -1 kills you.
`,
	ExampleConfig:  games.Config{"size": 7},
	ExampleSeed:    42,
	ExampleIllegal: 96,
}
