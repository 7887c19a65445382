package replay

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"

	"github.com/arena-classroom/arena/games"
)

// Move is one action actually applied.
type Move struct {
	Seat   int
	Action games.Action
	// Default is true when the referee applied the seat's default action (timeout, illegal or
	// malformed input) instead of a choice.
	Default bool
	// At is the exact instant "num/den" of a real-time game's move, "" for turn-based games.
	At string
}

// Replay is everything needed to play a game again: config + seed + seats + moves.
type Replay struct {
	Game    string
	Config  games.Config // normalized
	Seed    uint64
	Seats   []string // names in seat order
	Moves   []Move
	Outcome *games.Outcome // nil while the game goes on
	// LegacyChance marks a replay recorded before format 2: games with hidden chance
	// (games.LegacyChance) drew it from PCG then, and play it again from PCG.
	LegacyChance bool
}

// formatVersion lets a later format still read the replays stored today. Format 2 is format
// 1 with a new generator for games with hidden chance (ChaCha8 instead of PCG, docs/
// security.md): the same seed gives other dice, so a replay of format 1 is read as
// LegacyChance and starts its game with games.LegacyChance.NewLegacy.
const (
	formatVersion = 2
	formatPCG     = 1 // the last format whose games drew from PCG
)

type wireMove struct {
	Seat    int             `json:"seat"`
	Action  json.RawMessage `json:"action"`
	Default bool            `json:"default,omitempty"`
	At      string          `json:"at,omitempty"`
}

type wireReplay struct {
	Version int            `json:"version"`
	Game    string         `json:"game"`
	Config  games.Config   `json:"config"`
	Seed    uint64         `json:"seed"`
	Seats   []string       `json:"seats"`
	Moves   []wireMove     `json:"moves"`
	Outcome *games.Outcome `json:"outcome,omitempty"`
}

// MarshalJSON writes actions as the game's own JSON (what bots send), so replays can be read
// by people and by other tools.
func (rp Replay) MarshalJSON() ([]byte, error) {
	w := wireReplay{
		Version: rp.version(),
		Game:    rp.Game,
		Config:  rp.Config,
		Seed:    rp.Seed,
		Seats:   rp.Seats,
		Moves:   make([]wireMove, len(rp.Moves)),
		Outcome: rp.Outcome,
	}
	if w.Config == nil {
		w.Config = games.Config{}
	}
	if w.Seats == nil {
		w.Seats = []string{}
	}
	for i, m := range rp.Moves {
		raw, err := json.Marshal(m.Action)
		if err != nil {
			return nil, fmt.Errorf("replay: move %d: %w", i, err)
		}
		w.Moves[i] = wireMove{Seat: m.Seat, Action: raw, Default: m.Default, At: m.At}
	}
	return json.Marshal(w)
}

// version is the format rp is written in: a legacy replay keeps format 1, which says how
// its game drew its chance.
func (rp Replay) version() int {
	if rp.LegacyChance {
		return formatPCG
	}
	return formatVersion
}

// UnmarshalJSON refuses: actions can only be decoded by their game. Use Decode.
func (rp *Replay) UnmarshalJSON([]byte) error {
	return errors.New("replay: decoding needs the game; use replay.Decode")
}

// Decode reads a replay written by MarshalJSON. lookup finds the game by id (catalog.Get
// fits, wrapped) to decode the actions.
func Decode(data []byte, lookup func(id string) (games.Game, bool)) (Replay, error) {
	var w wireReplay
	if err := json.Unmarshal(data, &w); err != nil {
		return Replay{}, fmt.Errorf("replay: %w", err)
	}
	if w.Version != formatVersion && w.Version != formatPCG {
		return Replay{}, fmt.Errorf("replay: format version %d, this arena reads %d and %d", w.Version, formatPCG, formatVersion)
	}
	g, ok := lookup(w.Game)
	if !ok {
		return Replay{}, fmt.Errorf("replay: unknown game %q", w.Game)
	}
	rp := Replay{
		Game:    w.Game,
		Config:  w.Config,
		Seed:    w.Seed,
		Seats:   w.Seats,
		Moves:   make([]Move, len(w.Moves)),
		Outcome: w.Outcome,

		LegacyChance: w.Version == formatPCG,
	}
	for i, m := range w.Moves {
		a, err := g.DecodeAction(m.Action)
		if err != nil {
			return Replay{}, fmt.Errorf("replay: move %d: %w", i, err)
		}
		rp.Moves[i] = Move{Seat: m.Seat, Action: a, Default: m.Default, At: m.At}
	}
	return rp, nil
}

// Resimulate plays rp again from its config and seed and returns the final state. It fails
// if a move no longer applies (wrong seat, a chosen action now illegal, a real-time move at
// another instant) or if the recorded outcome is not reproduced.
func Resimulate(g games.Game, rp Replay) (games.State, error) {
	if rp.Game != g.ID() {
		return nil, fmt.Errorf("replay of %q given game %q", rp.Game, g.ID())
	}
	if min, max := g.Seats(); len(rp.Seats) < min || len(rp.Seats) > max {
		return nil, fmt.Errorf("replay: %d seats, %s takes %d to %d", len(rp.Seats), g.ID(), min, max)
	}
	var in games.Config
	if rp.Config != nil {
		in = rp.Config.Clone()
	}
	cfg, err := g.Normalize(in)
	if err != nil {
		return nil, fmt.Errorf("replay: config: %w", err)
	}
	st, err := start(g, cfg, len(rp.Seats), rp.Seed, rp.LegacyChance)
	if err != nil {
		return nil, fmt.Errorf("replay: start: %w", err)
	}
	clock, _ := st.(Clocked)
	for i, m := range rp.Moves {
		if st.Over() {
			return nil, fmt.Errorf("replay: move %d: the game is already over", i)
		}
		if !slices.Contains(st.ToMove(), m.Seat) {
			return nil, fmt.Errorf("replay: move %d: seat %d is not to move", i, m.Seat)
		}
		if clock != nil && m.At != "" && clock.Now() != m.At {
			return nil, fmt.Errorf("replay: move %d: recorded at %s, the game is at %s", i, m.At, clock.Now())
		}
		if !m.Default {
			if err := st.Validate(m.Seat, m.Action); err != nil {
				return nil, fmt.Errorf("replay: move %d: %w", i, err)
			}
		}
		if _, err := st.Apply(m.Seat, m.Action); err != nil {
			return nil, fmt.Errorf("replay: move %d: %w", i, err)
		}
	}
	if rp.Outcome != nil {
		if !st.Over() {
			return nil, errors.New("replay: the moves do not finish the game")
		}
		if got := st.Outcome(); !sameOutcome(got, *rp.Outcome) {
			return nil, fmt.Errorf("replay: outcome %+v, recorded %+v", got, *rp.Outcome)
		}
	}
	return st, nil
}

// start begins rp's game with the generator it was recorded with: a legacy replay of a game
// whose chance changed starts from the old one.
func start(g games.Game, cfg games.Config, seats int, seed uint64, legacy bool) (games.State, error) {
	if lg, ok := g.(games.LegacyChance); ok && legacy {
		return lg.NewLegacy(cfg, seats, seed)
	}
	return g.New(cfg, seats, seed)
}

func sameOutcome(a, b games.Outcome) bool {
	return slices.Equal(a.Ranks, b.Ranks) && slices.Equal(a.Scores, b.Scores) && slices.Equal(a.Shares, b.Shares)
}
