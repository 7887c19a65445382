// Package botproto is the arena's bot protocol, version 1 (docs/bots.md): the
// messages a program and the server exchange, one JSON object per line, the line reader that
// bounds them, and the per-game schema that `spec GAME` prints. It does no I/O scheduling of
// its own: package program drives connections with it.
package botproto

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/lang"
)

// Version is the protocol version sent in hello.
const Version = 1

// MaxLine is the longest line either side may send, newline excluded.
const MaxLine = 64 << 10

// Message types.
const (
	TypeHello  = "hello"
	TypeStart  = "start"
	TypeTurn   = "turn"
	TypeWarn   = "warn"
	TypeEnd    = "end"
	TypeError  = "error"
	TypePong   = "pong"
	TypeAction = "action"
	TypePing   = "ping"
	TypeResign = "resign"
)

// Warn codes, beyond the games' own IllegalError codes (illegal_action, not_your_turn, …).
const (
	CodeMalformed       = "malformed"        // not a JSON object with a string "type", or a field of the wrong type
	CodeUnknownType     = "unknown_type"     // a type the server does not know
	CodeLineTooLong     = "line_too_long"    // longer than MaxLine
	CodeStale           = "stale_id"         // an action for a turn that is not pending
	CodeMalformedAction = "malformed_action" // the action value is not one the game can read
	CodeTimeout         = "timeout"          // no answer before the deadline
	CodeStrikes         = "too_slow"         // too many missed deadlines: a house bot plays on
	CodeResigned        = "resigned"
	CodeWrongMatch      = "wrong_match"   // an answer naming another game's match: not taken
	CodeMissingMatch    = "missing_match" // an answer without "match": taken, once warned
	CodeNoteTooLong     = "note_too_long" // an action's "note" beyond MaxNote: cut, once warned a game
	CodeNotesFull       = "notes_full"    // a game's notes beyond MaxGameNotes: dropped, once warned
)

// A program's notes on its moves: an action line may carry a "note", kept with the game
// for its owner and teachers (docs/bots.md, "Notes on your moves").
const (
	// MaxNote is the longest note one action line keeps, in bytes: a longer one is cut on
	// a character boundary.
	MaxNote = 200
	// MaxGameNotes is how many bytes of notes one game keeps of a seat: beyond, they are
	// dropped.
	MaxGameNotes = 64 << 10
)

// Limits are a seat's clock, in milliseconds.
type Limits struct {
	MoveMS int64 `json:"move_ms"`
	BankMS int64 `json:"bank_ms"`
	// StartupMS, in hello only: the extra time a program started for a game has for its
	// first decision (its start-up), charged to neither the move limit nor the bank.
	StartupMS int64 `json:"startup_ms,omitempty"`
}

// LimitsOf converts durations to protocol milliseconds.
func LimitsOf(move, bank time.Duration) Limits {
	return Limits{MoveMS: move.Milliseconds(), BankMS: max(bank, 0).Milliseconds()}
}

// Hello opens a session.
type Hello struct {
	Type     string `json:"type"`
	Protocol int    `json:"protocol"`
	Game     string `json:"game"`
	Name     string `json:"name"`
	Limits   Limits `json:"limits"`
}

// Player is one seat of a game.
type Player struct {
	Seat int    `json:"seat"`
	Name string `json:"name"`
}

// Start announces a game.
type Start struct {
	Type    string       `json:"type"`
	Match   string       `json:"match"`
	Seat    int          `json:"seat"`
	Players []Player     `json:"players"`
	Config  games.Config `json:"config"`
	// Seed is sent only where it reveals nothing hidden.
	Seed *uint64 `json:"seed,omitempty"`
	// Room is the live room's id (for `watch`); empty in headless play.
	Room string `json:"room,omitempty"`
}

// Turn asks for a decision.
type Turn struct {
	Type  string         `json:"type"`
	Match string         `json:"match"`
	ID    int            `json:"id"`
	Obs   any            `json:"obs"`
	Legal []games.Action `json:"legal,omitempty"` // absent where the game cannot list them (Perfect Aim)
	Time  Limits         `json:"time"`
}

// NewStart is the "start" of a game: players named in seat order, and the seed only when
// public (nil otherwise).
func NewStart(match string, seat int, names []string, cfg games.Config, seed *uint64, room string) Start {
	players := make([]Player, len(names))
	for i, n := range names {
		players[i] = Player{Seat: i, Name: n}
	}
	return Start{Type: TypeStart, Match: match, Seat: seat, Players: players, Config: cfg, Seed: seed, Room: room}
}

// Warn reports a refused line or action; Applied is what was played instead, if anything.
type Warn struct {
	Type    string       `json:"type"`
	Match   string       `json:"match,omitempty"`
	ID      int          `json:"id,omitempty"`
	Code    string       `json:"code"`
	Msg     string       `json:"msg"`
	Applied games.Action `json:"applied,omitempty"`
}

// End closes a game. Outcome is null when the game went on without the bot (it resigned,
// was too slow, or the room closed early); Note then says why.
type End struct {
	Type    string         `json:"type"`
	Match   string         `json:"match"`
	Outcome *games.Outcome `json:"outcome"`
	Replay  string         `json:"replay,omitempty"`
	Note    string         `json:"note,omitempty"`
}

// Error ends a session.
type Error struct {
	Type string `json:"type"`
	Msg  string `json:"msg"`
}

// Pong answers a ping.
type Pong struct {
	Type string `json:"type"`
}

// NewTurn builds the turn for seat of st: the full observation and the legal actions (none
// for a game that validates actions instead of listing them).
func NewTurn(match string, id int, st games.State, seat int, move, bank time.Duration) Turn {
	legal := st.Legal(seat)
	return Turn{Type: TypeTurn, Match: match, ID: id, Obs: st.Observation(seat), Legal: legal, Time: LimitsOf(move, bank)}
}

// Encode marshals a server message as one line, newline included. The messages above
// cannot fail to encode unless a game's observation is not JSON-serialisable, a bug.
func Encode(m any) ([]byte, error) {
	b, err := json.Marshal(m)
	if err != nil {
		return nil, fmt.Errorf("botproto: encode %T: %w", m, err) // lang:keep a bug of ours, for logs
	}
	return append(b, '\n'), nil
}

// Message is a line from a bot, decoded.
type Message struct {
	Type  string `json:"type"`
	Match string `json:"match,omitempty"`
	ID    int    `json:"id,omitempty"`
	// Action is the raw action value (type "action"); the game decodes it.
	Action json.RawMessage `json:"action,omitempty"`
	// Note is an action's optional free text for the program's owner (a string; any other
	// value is ignored, as an unknown field would be), as sent: the reader caps it.
	Note string `json:"note,omitempty"`
}

// DecodeError explains why a line was refused; Code is a warn code, Err the sentence
// (a *lang.Error: lang.Say(err, l) says it in the program's language).
type DecodeError struct {
	Code    string
	Err     error
	AboutID bool // an action line whose "id" is missing or wrong
}

func (e *DecodeError) Error() string { return e.Err.Error() }
func (e *DecodeError) Unwrap() error { return e.Err }

// Decode reads one line from a bot. Unknown fields are ignored; unknown types, lines that
// are not a JSON object with a string "type", and actions without an integer "id" or an
// "action" are *DecodeError.
func Decode(line []byte) (Message, error) {
	line = bytes.TrimSpace(line)
	if len(line) == 0 || line[0] != '{' {
		return Message{}, &DecodeError{Code: CodeMalformed, Err: lang.Errorf("a line must be one JSON object, such as {\"type\":\"ping\"}")}
	}
	var raw struct {
		Type   *string         `json:"type"`
		Match  *string         `json:"match"`
		ID     json.RawMessage `json:"id"`
		Action json.RawMessage `json:"action"`
		Note   json.RawMessage `json:"note"`
	}
	if err := json.Unmarshal(line, &raw); err != nil {
		return Message{}, &DecodeError{Code: CodeMalformed, Err: lang.Errorf("not valid JSON: %s", shortErr(err))}
	}
	if raw.Type == nil {
		return Message{}, &DecodeError{Code: CodeMalformed, Err: lang.Errorf(`the object has no string "type"`)}
	}
	m := Message{Type: *raw.Type}
	if raw.Match != nil {
		m.Match = *raw.Match
	}
	switch m.Type {
	case TypePing:
	case TypeResign:
	case TypeAction:
		if len(raw.ID) == 0 || string(raw.ID) == "null" {
			return m, &DecodeError{Code: CodeMalformed, Err: lang.Errorf(`an action needs the "id" of the turn it answers`), AboutID: true}
		}
		if err := json.Unmarshal(raw.ID, &m.ID); err != nil || m.ID <= 0 {
			return m, &DecodeError{Code: CodeMalformed, Err: lang.Errorf(`"id" must be the turn's id, a positive whole number, not %s`, clip(raw.ID)), AboutID: true}
		}
		if len(raw.Action) == 0 || string(raw.Action) == "null" {
			return m, &DecodeError{Code: CodeMalformed, Err: lang.Errorf(`an action line needs an "action"`)}
		}
		m.Action = raw.Action
		// A note that is not a string is left alone, as version 1 left every "note".
		_ = json.Unmarshal(raw.Note, &m.Note)
	default:
		return m, &DecodeError{Code: CodeUnknownType, Err: lang.Errorf("unknown type %q: a bot sends action, ping or resign", clip([]byte(m.Type)))}
	}
	return m, nil
}

// shortErr keeps json's message (in English: Go's own) but not its Go type names.
func shortErr(err error) any {
	var se *json.SyntaxError
	if errors.As(err, &se) {
		return lang.T("%s (at byte %d)", se.Error(), se.Offset)
	}
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		return lang.T("field %q has the wrong type (%s)", te.Field, te.Value)
	}
	return err.Error()
}

// clip shortens what a bot sent before it is echoed in a warning.
func clip(b []byte) string {
	const n = 40
	if len(b) > n {
		return string(b[:n]) + "…"
	}
	return string(b)
}
