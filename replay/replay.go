package replay

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"time"

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
	// Clock is what the room saw of the decision: how long it took, the time left, the
	// warning it earned. Nil when nothing timed it: a headless match, a real-time game, a
	// replay stored before format 3.
	Clock *Clock
}

// Clock is the time a decision took and what came with it. It is an observation, never an
// input of the rules: a game played again from its replay ignores it.
type Clock struct {
	// Think runs from the start of the seat's turn to its answer (for a house bot, its
	// search), or to the deadline that passed.
	Think time.Duration
	// Bank is the program's time bank left after the move; HasBank is false for seats that
	// have none (people, house bots).
	Bank    time.Duration
	HasBank bool
	// Warn is what the seat was told with this move: "timeout", or the code of the refusal
	// of an action the game did not accept (its default was played instead); "" otherwise.
	Warn string
	// Sent is the refused action as the seat sent it (JSON), when Warn is a refusal.
	Sent json.RawMessage
	// Turn, Move and Told are the turn as a program read it: its id, its move limit and
	// the bank it was told it had (Turn is 0 for the seats of people and house bots).
	// With the game's seed they give back the exact "turn" line (replay --input).
	Turn       int
	Move, Told time.Duration
}

// Replay is everything needed to play a game again: config + seed + seats + moves.
type Replay struct {
	Game    string
	Config  games.Config // normalized
	Seed    uint64
	Seats   []string // names in seat order
	Moves   []Move
	Outcome *games.Outcome // nil while the game goes on
	// Match is the match id the game's programs were told in their lines, when it is not
	// the stored game's own id (a practice game's "p_1", "p_2"…): with each move's Clock
	// it gives back the exact turn lines (replay --input).
	Match string
	// LegacyChance marks a replay recorded before format 2: games with hidden chance
	// (games.LegacyChance) drew it from PCG then, and play it again from PCG.
	LegacyChance bool
}

// formatVersion lets a later format still read the replays stored today. Format 2 is format
// 1 with a new generator for games with hidden chance (ChaCha8 instead of PCG, docs/
// security.md): the same seed gives other dice, so a replay of format 1 is read as
// LegacyChance and starts its game with games.LegacyChance.NewLegacy. Format 3 is format 2
// with each move's Clock ("ms", "bank_ms", "warn", "sent"), absent from the moves nothing
// timed; a replay of format 2 reads as one whose moves have no Clock.
const (
	formatVersion = 3
	formatPCG     = 1 // the last format whose games drew from PCG
	formatNoClock = 2 // the last format without clocks
)

type wireMove struct {
	Seat    int             `json:"seat"`
	Action  json.RawMessage `json:"action"`
	Default bool            `json:"default,omitempty"`
	At      string          `json:"at,omitempty"`
	wireClock
}

// wireClock is a move's Clock on the wire, in whole milliseconds: "ms" is there exactly when
// the move has one. The replay's JSON and `replay ID --json` (ExportedMove) both write it.
type wireClock struct {
	Think  *int64          `json:"ms,omitempty"`
	BankMS *int64          `json:"bank_ms,omitempty"`
	Warn   string          `json:"warn,omitempty"`
	Sent   json.RawMessage `json:"sent,omitempty"`
	Turn   int             `json:"turn,omitempty"`
	MoveMS int64           `json:"move_ms,omitempty"`
	ToldMS *int64          `json:"told_bank_ms,omitempty"`
}

func clockOnWire(c *Clock) wireClock {
	var w wireClock
	if c == nil {
		return w
	}
	think := c.Think.Milliseconds()
	w.Think, w.Warn, w.Sent = &think, c.Warn, c.Sent
	if c.HasBank {
		bank := c.Bank.Milliseconds()
		w.BankMS = &bank
	}
	if c.Turn != 0 {
		told := c.Told.Milliseconds()
		w.Turn, w.MoveMS, w.ToldMS = c.Turn, c.Move.Milliseconds(), &told
	}
	return w
}

// Clock is the move's Clock, nil if it has none.
func (w wireClock) Clock() *Clock {
	if w.Think == nil {
		return nil
	}
	c := &Clock{Think: time.Duration(*w.Think) * time.Millisecond, Warn: w.Warn, Sent: w.Sent,
		Turn: w.Turn, Move: time.Duration(w.MoveMS) * time.Millisecond}
	if w.ToldMS != nil {
		c.Told = time.Duration(*w.ToldMS) * time.Millisecond
	}
	if w.BankMS != nil {
		c.Bank, c.HasBank = time.Duration(*w.BankMS)*time.Millisecond, true
	}
	return c
}

type wireReplay struct {
	Version int            `json:"version"`
	Game    string         `json:"game"`
	Config  games.Config   `json:"config"`
	Seed    uint64         `json:"seed"`
	Seats   []string       `json:"seats"`
	Match   string         `json:"match,omitempty"`
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
		Match:   rp.Match,
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
		w.Moves[i] = wireMove{Seat: m.Seat, Action: raw, Default: m.Default, At: m.At, wireClock: clockOnWire(m.Clock)}
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
	if w.Version < formatPCG || w.Version > formatVersion {
		return Replay{}, fmt.Errorf("replay: format version %d, this arena reads %d to %d", w.Version, formatPCG, formatVersion)
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
		Match:   w.Match,
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
		if w.Version > formatNoClock {
			rp.Moves[i].Clock = m.Clock()
		}
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
