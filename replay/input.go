package replay

import (
	"encoding/json"
	"fmt"
	"time"

	"github.com/arena-classroom/arena/botproto"
	"github.com/arena-classroom/arena/games"
)

// TurnLine is the "turn" line the seat of move i (counted from 0) read before it, encoded
// as the server writes it (botproto.Encode, newline included): the state before the move,
// and the id, move limit and bank of the move's clock. A move with no program clock (a
// house bot's or a person's seat, a replay stored before format 3) gets the line it would
// have read, with id i+1 and the limits move and bank; reconstructed then says so. The
// cursor is left after i moves.
func (c *Cursor) TurnLine(match string, i int, move, bank time.Duration) (line []byte, reconstructed bool, err error) {
	t, reconstructed, err := c.Turn(match, i, move, bank)
	if err != nil {
		return nil, false, err
	}
	line, err = botproto.Encode(t)
	return line, reconstructed, err
}

// Turn is TurnLine's turn before it is encoded. Its observation may share the cursor's
// state: encode it before the cursor moves.
func (c *Cursor) Turn(match string, i int, move, bank time.Duration) (t botproto.Turn, reconstructed bool, err error) {
	if i < 0 || i >= c.Len() {
		return botproto.Turn{}, false, fmt.Errorf("replay: no move %d", i+1)
	}
	c.Seek(i)
	m := c.rp.Moves[i]
	id := i + 1
	reconstructed = true
	if k := m.Clock; k != nil && k.Turn > 0 {
		id, move, bank, reconstructed = k.Turn, k.Move, k.Told, false
	}
	return botproto.NewTurn(match, id, c.st, m.Seat, move, bank), reconstructed, nil
}

// Moves are the replay's moves (not to be changed).
func (c *Cursor) Moves() []Move { return c.rp.Moves }

// Imported is a game exported by `replay ID --json` read back: its moves' actions decoded
// by g, their clocks kept. The export does not say which generator a game of format 1
// drew its chance from: such a game reads as one of today's.
func Imported(g games.Game, cfg games.Config, seed uint64, seats []string, moves []ExportedMove, outcome *games.Outcome) (Replay, error) {
	rp := Replay{Game: g.ID(), Config: cfg, Seed: seed, Seats: seats, Outcome: outcome, Moves: make([]Move, len(moves))}
	for i, m := range moves {
		a, err := g.DecodeAction(m.Action)
		if err != nil {
			return Replay{}, fmt.Errorf("move %d: %w", i+1, err)
		}
		rp.Moves[i] = Move{Seat: m.Seat, Action: a, Default: m.Default, At: m.At, Clock: m.Clock()}
	}
	return rp, nil
}

// SameAction reports whether a and b are the same action, as their game writes them.
func SameAction(a, b games.Action) bool {
	ja, errA := json.Marshal(a)
	jb, errB := json.Marshal(b)
	return errA == nil && errB == nil && string(ja) == string(jb)
}
