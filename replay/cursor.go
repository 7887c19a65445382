package replay

import (
	"encoding/json"
	"fmt"

	"github.com/arena-classroom/arena/games"
)

// checkpointEvery is how many moves apart a Cursor keeps copies of the state: going back
// replays at most that many moves, and a long game keeps a few dozen copies, not one a move.
const checkpointEvery = 32

// Cursor walks a replay forward and back: the state before the first move (At 0) to the
// state after the last (At Len). It is for one viewer: not safe for concurrent use.
type Cursor struct {
	game        games.Game
	rp          Replay
	checkpoints []games.State // the state at At = k·checkpointEvery
	st          games.State
	at          int
	events      []games.Event // what the last move applied produced
}

// NewCursor checks rp by playing it through once (Resimulate's checks) and stands before its
// first move.
func NewCursor(g games.Game, rp Replay) (*Cursor, error) {
	c := &Cursor{game: g, rp: rp}
	start, err := Resimulate(g, Replay{Game: rp.Game, Config: rp.Config, Seed: rp.Seed, Seats: rp.Seats, LegacyChance: rp.LegacyChance})
	if err != nil {
		return nil, err
	}
	c.st = start
	c.checkpoints = append(c.checkpoints, start.Clone())
	for c.at < len(rp.Moves) {
		if err := c.forward(); err != nil {
			return nil, err
		}
		if c.at%checkpointEvery == 0 {
			c.checkpoints = append(c.checkpoints, c.st.Clone())
		}
	}
	if rp.Outcome != nil && (!c.st.Over() || !sameOutcome(c.st.Outcome(), *rp.Outcome)) {
		return nil, fmt.Errorf("replay: the moves do not reproduce the recorded outcome")
	}
	c.Seek(0)
	return c, nil
}

func (c *Cursor) forward() error {
	m := c.rp.Moves[c.at]
	if !m.Default {
		if err := c.st.Validate(m.Seat, m.Action); err != nil {
			return fmt.Errorf("replay: move %d: %w", c.at, err)
		}
	}
	events, err := c.st.Apply(m.Seat, m.Action)
	if err != nil {
		return fmt.Errorf("replay: move %d: %w", c.at, err)
	}
	c.events = events
	c.at++
	return nil
}

// Len is the number of moves.
func (c *Cursor) Len() int { return len(c.rp.Moves) }

// At is the number of moves applied so far.
func (c *Cursor) At() int { return c.at }

// State is the game after At moves. It belongs to the cursor: clone it to keep it.
func (c *Cursor) State() games.State { return c.st }

// Events are what the last applied move produced (none at At 0).
func (c *Cursor) Events() []games.Event { return c.events }

// Move is the last applied move; ok is false at At 0.
func (c *Cursor) Move() (m Move, ok bool) {
	if c.at == 0 {
		return Move{}, false
	}
	return c.rp.Moves[c.at-1], true
}

// Seek stands after i moves (clamped to 0..Len): forward from here, or from the nearest
// checkpoint before i.
func (c *Cursor) Seek(i int) {
	i = min(max(i, 0), c.Len())
	if i < c.at || i-c.at > checkpointEvery {
		k := i / checkpointEvery
		c.st, c.at, c.events = c.checkpoints[k].Clone(), k*checkpointEvery, nil
	}
	for c.at < i {
		// Checked once in NewCursor: a move that applied then applies now.
		_ = c.forward()
	}
}

// ExportedMove is one move of an exported replay, with what it did and, for games with
// positions, the position it left.
type ExportedMove struct {
	Seat     int             `json:"seat"`
	Action   json.RawMessage `json:"action"`
	Default  bool            `json:"default,omitempty"`
	At       string          `json:"at,omitempty"`
	Events   []games.Event   `json:"events"`
	Position json.RawMessage `json:"position,omitempty"`
	// The move's clock ("ms", "bank_ms", "warn", …), as the replay's own JSON writes it.
	wireClock
	// Note is the program's own note on the move, for those who may read it (its owner,
	// teachers): never in the replay itself, which Export reads; its caller adds it.
	Note string `json:"note,omitempty"`
}

// Export plays rp again and lists its moves with their events and, when g has positions,
// the position before the first move (start) and after each move.
func Export(g games.Game, rp Replay) (start json.RawMessage, moves []ExportedMove, err error) {
	c, err := NewCursor(g, rp)
	if err != nil {
		return nil, nil, err
	}
	pos, _ := g.(games.Positions)
	encode := func() (json.RawMessage, error) {
		if pos == nil {
			return nil, nil
		}
		return pos.EncodePosition(c.State())
	}
	if start, err = encode(); err != nil {
		return nil, nil, err
	}
	moves = make([]ExportedMove, 0, c.Len())
	for c.At() < c.Len() {
		c.Seek(c.At() + 1)
		m, _ := c.Move()
		action, err := json.Marshal(m.Action)
		if err != nil {
			return nil, nil, err
		}
		p, err := encode()
		if err != nil {
			return nil, nil, err
		}
		events := c.Events()
		if events == nil {
			events = []games.Event{}
		}
		moves = append(moves, ExportedMove{Seat: m.Seat, Action: action, Default: m.Default, At: m.At, Events: events, Position: p,
			wireClock: clockOnWire(m.Clock)})
	}
	return start, moves, nil
}
