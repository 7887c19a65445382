package bus

import (
	"errors"
	"fmt"
	"time"

	"github.com/arena-classroom/arena/lang"
	"github.com/arena-classroom/arena/matchmaker"
	"github.com/arena-classroom/arena/rooms"
	"github.com/arena-classroom/arena/tournament/director"
)

// Errors cross the bus as codes, never as their English text: the receiver turns a code
// back into the very error value (or type) its callers compare with errors.Is and
// errors.As, so that a room, a queue or a tournament on another node fails as a local one
// does. An error without a code arrives as its sentence alone.

// Error is an error on the bus.
type Error struct {
	Code string `json:"code"`
	Msg  string `json:"msg"`
	// Said is the sentence in each language (a node's refusal read by a French student on
	// another node); absent for an error of no catalog, and from nodes before it.
	Said map[lang.Lang]string `json:"said,omitempty"`
	// What the error types carry beside their sentence.
	Max   int           `json:"max,omitempty"`   // director.ErrFull
	Retry time.Duration `json:"retry,omitempty"` // director.ErrEntry
}

// codeOther is an error known only by its sentence.
const codeOther = "other"

type coded struct {
	code string
	err  error
}

// sentinels are the error values with a code of their own; each code is given once, and
// kept for good (nodes of one bus protocol version agree on them). A protocol's own errors
// are added by Code.
var sentinels = []coded{
	{"room_full", rooms.ErrRoomFull},
	{"not_seated", rooms.ErrNotSeated},
	{"not_playing", rooms.ErrNotPlaying},
	{"room_closed", rooms.ErrRoomClosed},
	{"already_here", rooms.ErrAlreadyHere},
	{"clock_runs", rooms.ErrClockRuns},
	{"arena_full", rooms.ErrTooManyRooms},
	{"tournament_not_live", director.ErrNotLive},
	{"entrant_removed", director.ErrRemoved},
	{"not_entrant", director.ErrNotEntrant},
	{"not_found", director.ErrNotFound},
	{"tournament_not_open", director.ErrNotOpen},
	{"entrant_exists", director.ErrEntrantExists},
	{"entrant_name", director.ErrEntrantName},
	{"tournaments_elsewhere", director.ErrElsewhere},
	{"tournaments_unreachable", director.ErrUnreachable},
	{"queue_cancelled", matchmaker.ErrCancelled},
	{"program_gone", matchmaker.ErrProgramGone},
	{"no_answer", ErrNoAnswer},
	{"malformed", ErrMalformed},
}

// Code gives err the code it crosses the bus with. A protocol calls it for its own errors,
// in its package's init (every node of a build has the same codes); a code is given once.
func Code(code string, err error) {
	for _, s := range sentinels {
		if s.code == code || s.err == err {
			panic("bus: error code " + code + " given twice")
		}
	}
	sentinels = append(sentinels, coded{code, err})
}

// The error types with a code: what they carry crosses with them.
const (
	codeTooManyRooms = "too_many_rooms" // *rooms.TooManyRoomsError
	codeState        = "tournament_state"
	codeFull         = "tournament_full"
	codeEntry        = "entry_refused"
)

// WireErr is err for the bus; nil for nil.
func WireErr(err error) *Error {
	if err == nil {
		return nil
	}
	w := wireErr(err)
	w.Said = lang.SayAll(err)
	return w
}

func wireErr(err error) *Error {
	var (
		many  *rooms.TooManyRoomsError
		state *director.ErrState
		full  *director.ErrFull
		entry *director.ErrEntry
	)
	switch {
	case errors.As(err, &many):
		return &Error{Code: codeTooManyRooms, Msg: many.Msg}
	case errors.As(err, &state):
		return &Error{Code: codeState, Msg: state.Msg}
	case errors.As(err, &full):
		return &Error{Code: codeFull, Msg: full.Error(), Max: full.Max}
	case errors.As(err, &entry):
		return &Error{Code: codeEntry, Msg: entry.Msg, Retry: entry.Retry}
	}
	for _, s := range sentinels {
		if errors.Is(err, s.err) {
			return &Error{Code: s.code, Msg: err.Error()}
		}
	}
	return &Error{Code: codeOther, Msg: err.Error()}
}

// failure is an error known only by its sentence, for the bus.
func failure(format string, args ...any) *Error {
	return &Error{Code: codeOther, Msg: fmt.Sprintf(format, args...)}
}

// Err is the error w stands for: the sentinel itself, an error of its type, or its
// sentence; nil for nil. Said in each language where the sender said it so.
func (w *Error) Err() error {
	if w == nil {
		return nil
	}
	err := w.err()
	for _, s := range sentinels {
		if err == s.err {
			return err // the value itself, which says itself in every language
		}
	}
	if len(w.Said) > 0 {
		return &lang.SaidError{Sayings: w.Said, Wrapped: err}
	}
	return err
}

func (w *Error) err() error {
	switch w.Code {
	case codeTooManyRooms:
		return &rooms.TooManyRoomsError{Msg: w.Msg}
	case codeState:
		return &director.ErrState{Msg: w.Msg}
	case codeFull:
		return &director.ErrFull{Max: w.Max}
	case codeEntry:
		return &director.ErrEntry{Msg: w.Msg, Retry: w.Retry}
	}
	for _, s := range sentinels {
		if s.code == w.Code {
			if w.Msg == s.err.Error() {
				return s.err
			}
			return &codedError{msg: w.Msg, is: s.err} // wrapped there: the same value, more said
		}
	}
	return errors.New(w.Msg)
}

// codedError is a sentinel that its sender wrapped with more words: the words as they
// were, and errors.Is still finds the sentinel.
type codedError struct {
	msg string
	is  error
}

func (e *codedError) Error() string { return e.msg }
func (e *codedError) Unwrap() error { return e.is }
