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
	log   Replay  // everything but the moves, kept in the compact form below
	// moves is the log of applied moves, pointer-free for int actions (7 Colors, War Hammer)
	// so that the garbage collector never scans it: headless batches run millions of moves.
	moves []entry
	boxed []games.Action // actions that are not ints, referred to by entry.n
	ats   []string       // the instant of each move, for Clocked states only
	// clocks are the moves' clocks, by move, once the first is set (SetClock): a headless
	// match never sets one and keeps its log pointer-free.
	clocks []*Clock
}

type entry struct {
	n     int64 // the action if it is an int, else its index in boxed
	seat  int32
	flags uint8
}

const (
	entryDefault uint8 = 1 << iota
	entryBoxed
)

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
		},
		moves: make([]entry, 0, 128),
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
	// Validate refuses a seat that is not to move (the engine contract), so ToMove, which
	// allocates, is only consulted on the refusal path: this is the headless hot loop.
	if err := r.st.Validate(seat, a); err != nil {
		if !r.toMove(seat) {
			return nil, ErrNotToMove
		}
		return r.applyDefault(seat), asIllegal(err)
	}
	return r.apply(seat, a, false)
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
	rp.Moves = r.MovesFrom(0)
	if r.st.Over() {
		o := copyOutcome(r.st.Outcome())
		rp.Outcome = &o
	}
	return rp
}

// MovesFrom copies the moves applied from the i-th on (none if i is past the last): what a
// viewer that has the first i already needs.
func (r *Referee) MovesFrom(i int) []Move {
	i = max(i, 0)
	if i >= len(r.moves) {
		return nil
	}
	out := make([]Move, len(r.moves)-i)
	for k, e := range r.moves[i:] {
		m := Move{Seat: int(e.seat), Default: e.flags&entryDefault != 0}
		if e.flags&entryBoxed != 0 {
			m.Action = r.boxed[e.n]
		} else {
			m.Action = int(e.n)
		}
		if r.ats != nil {
			m.At = r.ats[i+k]
		}
		if i+k < len(r.clocks) {
			m.Clock = r.clocks[i+k]
		}
		out[k] = m
	}
	return out
}

// SetClock gives the last move applied its clock (a room times its seats' decisions).
func (r *Referee) SetClock(c Clock) {
	n := len(r.moves)
	if n == 0 {
		return
	}
	if len(r.clocks) < n {
		r.clocks = append(r.clocks, make([]*Clock, n-len(r.clocks))...)
	}
	r.clocks[n-1] = &c
}

// Moves is the number of moves applied so far.
func (r *Referee) Moves() int { return len(r.moves) }

func (r *Referee) toMove(seat int) bool {
	for _, s := range r.st.ToMove() {
		if s == seat {
			return true
		}
	}
	return false
}

func (r *Referee) applyDefault(seat int) []games.Event {
	events, _ := r.apply(seat, r.st.DefaultAction(seat), true) // a default never errs: it panics
	return events
}

// apply plays an action the game has accepted (or its own default). Apply failing here means
// the game broke its contract; that is a bug, not a player's fault, so it panics and the
// room or match worker that owns the referee ends the game. The one forgiven slip is a
// Validate that does not check the turn: Apply does, so that is ErrNotToMove.
func (r *Referee) apply(seat int, a games.Action, def bool) ([]games.Event, error) {
	var at string
	if r.clock != nil {
		at = r.clock.Now()
	}
	events, err := r.st.Apply(seat, a)
	if err != nil {
		if !def && !r.toMove(seat) {
			// The game's Validate forgot to check the turn; Apply did, and nothing changed.
			return nil, ErrNotToMove
		}
		kind := "validated"
		if def {
			kind = "default"
		}
		panic(fmt.Sprintf("%s: seat %d: %s action %v refused by Apply: %v", r.game.ID(), seat, kind, a, err))
	}
	e := entry{seat: int32(seat)}
	if def {
		e.flags |= entryDefault
	}
	if n, ok := a.(int); ok {
		e.n = int64(n)
	} else {
		e.n = int64(len(r.boxed))
		e.flags |= entryBoxed
		r.boxed = append(r.boxed, a)
	}
	r.moves = append(r.moves, e)
	if r.clock != nil {
		r.ats = append(r.ats, at)
	}
	return events, nil
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
