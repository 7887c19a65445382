// Package replay holds the referee that applies moves to a game, and the replay log it keeps:
// config + seed + seats + the actions actually applied. Live rooms and headless matches share
// it, so both refuse, default and record moves the same way.
package replay

import (
	"errors"
	"fmt"

	"github.com/arena-classroom/arena/games"
)

// ErrNotToMove is returned by Play for a seat that is not to move now; nothing is applied.
// It is the games package's own error, so games.IllegalCode gives "not_your_turn".
var ErrNotToMove = games.ErrNotYourTurn

// ErrOver is returned by Play once the game has ended; nothing is applied.
var ErrOver = &games.IllegalError{Code: "game_over", Msg: "the game is over"}

// Clocked is implemented by the states of real-time games: Now is the current exact instant
// as "num/den". The referee records it with each move, and Resimulate checks that each move
// falls at the same instant again.
type Clocked interface {
	Now() string
}

// Referee applies moves to one game and keeps its replay log. It is not safe for concurrent
// use: a room or a match worker owns it.
type Referee struct {
	game  games.Game
	st    games.State
	clock Clocked // nil for turn-based games
	log   Replay
}

// NewReferee normalizes cfg and starts the game for the named seats.
func NewReferee(g games.Game, cfg games.Config, seed uint64, seats []string) (*Referee, error) {
	if min, max := g.Seats(); len(seats) < min || len(seats) > max {
		return nil, fmt.Errorf("%s: %d seats, the game takes %d to %d", g.ID(), len(seats), min, max)
	}
	// Normalize may fill the map it is given: hand it a copy so the caller's stays as it was.
	var in games.Config
	if cfg != nil {
		in = cfg.Clone()
	}
	norm, err := g.Normalize(in)
	if err != nil {
		return nil, fmt.Errorf("%s: config: %w", g.ID(), err)
	}
	st, err := g.New(norm, len(seats), seed)
	if err != nil {
		return nil, fmt.Errorf("%s: start: %w", g.ID(), err)
	}
	r := &Referee{
		game: g,
		st:   st,
		log: Replay{
			Game:   g.ID(),
			Config: norm,
			Seed:   seed,
			Seats:  append([]string(nil), seats...),
			Moves:  make([]Move, 0, 64),
		},
	}
	r.clock, _ = st.(Clocked)
	return r, nil
}

// Game is the game being refereed.
func (r *Referee) Game() games.Game { return r.game }

// State is the live state. Callers only read it (bots clone it to search).
func (r *Referee) State() games.State { return r.st }

// Play applies a for seat. An action the game refuses is replaced by the seat's default
// action, and refused is the reason (an *games.IllegalError, for the bot protocol's warn).
// A seat that is not to move gets ErrNotToMove, and a finished game ErrOver: in those two
// cases nothing is applied.
func (r *Referee) Play(seat int, a games.Action) (events []games.Event, refused error) {
	if r.st.Over() {
		return nil, ErrOver
	}
	if !r.toMove(seat) {
		return nil, ErrNotToMove
	}
	if err := r.st.Validate(seat, a); err != nil {
		return r.applyDefault(seat), asIllegal(err)
	}
	return r.apply(seat, a, false), nil
}

// Timeout applies seat's default action because its deadline passed. It does nothing for a
// seat that is not to move (its answer may have arrived just in time).
func (r *Referee) Timeout(seat int) []games.Event {
	if r.st.Over() || !r.toMove(seat) {
		return nil
	}
	return r.applyDefault(seat)
}

// Replay returns a copy of the log, with the outcome once the game is over.
func (r *Referee) Replay() Replay {
	rp := r.log
	rp.Config = r.log.Config.Clone()
	rp.Seats = append([]string(nil), r.log.Seats...)
	rp.Moves = append([]Move(nil), r.log.Moves...)
	if r.st.Over() {
		o := copyOutcome(r.st.Outcome())
		rp.Outcome = &o
	}
	return rp
}

// Moves is the number of moves applied so far.
func (r *Referee) Moves() int { return len(r.log.Moves) }

func (r *Referee) toMove(seat int) bool {
	for _, s := range r.st.ToMove() {
		if s == seat {
			return true
		}
	}
	return false
}

func (r *Referee) applyDefault(seat int) []games.Event {
	return r.apply(seat, r.st.DefaultAction(seat), true)
}

// apply plays an action the game has accepted (or its own default). Apply failing here means
// the game broke its contract; that is a bug, not a player's fault, so it panics and the
// room or match worker that owns the referee ends the game.
func (r *Referee) apply(seat int, a games.Action, def bool) []games.Event {
	at := ""
	if r.clock != nil {
		at = r.clock.Now()
	}
	events, err := r.st.Apply(seat, a)
	if err != nil {
		kind := "validated"
		if def {
			kind = "default"
		}
		panic(fmt.Sprintf("%s: seat %d: %s action %v refused by Apply: %v", r.game.ID(), seat, kind, a, err))
	}
	r.log.Moves = append(r.log.Moves, Move{Seat: seat, Action: a, Default: def, At: at})
	return events
}

// asIllegal makes every refusal an *games.IllegalError, so that callers can always send a
// code. The shared not-your-turn value is copied: a refusal must never look like ErrNotToMove,
// which means that nothing was applied.
func asIllegal(err error) *games.IllegalError {
	var ie *games.IllegalError
	if errors.As(err, &ie) {
		if ie == games.ErrNotYourTurn {
			c := *ie
			return &c
		}
		return ie
	}
	return &games.IllegalError{Code: "malformed_action", Msg: err.Error()}
}

func copyOutcome(o games.Outcome) games.Outcome {
	return games.Outcome{
		Ranks:  append([]int(nil), o.Ranks...),
		Scores: append([]int(nil), o.Scores...),
		Shares: append([]float64(nil), o.Shares...),
	}
}
