package games

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/arena-classroom/arena/lang"
)

// Positions is implemented by the Game of a turn-based game whose state can be written down
// as a position: one JSON object holding everything needed to go on with the game (an
// exercise, a unit test of a bot, a rules case). It is found by type assertion, like
// RealTime; real-time games have none.
//
// Every position is a JSON object with the common fields "game" (the id), "to_move" (the
// seat whose decision comes next) and "players" (one entry per seat, in seat order), plus the
// game's own fields. A position holding only the fields its format documents as required is
// complete: whatever else the game keeps takes a default when it is missing.
type Positions interface {
	// EncodePosition writes st as a position, one compact JSON object. It fails only for a
	// state of another game.
	EncodePosition(st State) (json.RawMessage, error)
	// DecodePosition reads a position and returns a state ready to play. seed is the source
	// of whatever chance the game has from here on (dice, random placements); the same
	// position and seed give the same game. Any input is refused with a *PositionError
	// naming the field at fault (never a panic), and so is a position whose game is over.
	DecodePosition(raw json.RawMessage, seed uint64) (State, error)
	// PositionFormat documents the format for people: the fields, their ranges, an example.
	PositionFormat() string
}

// PositionError says what is wrong with a position, naming the field at fault ("board[2][3]",
// "to_move", or "position" for the object as a whole).
type PositionError struct {
	Field string
	Msg   string // in English
	// Text is Msg in the catalog: lang.Say(err, l) says the error in l (Unwrap hands it
	// over). Zero for one built by BadPosition, said in English only.
	Text lang.Text
}

func (e *PositionError) Error() string { return e.Field + ": " + e.Msg }

// Unwrap is the error as a *lang.Error, for lang.Say; nil for one said in English only.
func (e *PositionError) Unwrap() error {
	if e.Text.Key == "" {
		return nil
	}
	return lang.Errorf("%s: %s", e.Field, e.Text)
}

// Within is the error of a field inside parent: "players[0]" and "code" make
// "players[0].code".
func (e *PositionError) Within(parent string) error {
	c := *e
	c.Field = parent + "." + e.Field
	return &c
}

// BadPosition builds a *PositionError said in English only; BadPositionT is the one a
// reader gets in their language.
func BadPosition(field, format string, args ...any) error {
	return &PositionError{Field: field, Msg: fmt.Sprintf(format, args...)}
}

// BadPositionT builds a *PositionError saying t (lang.T("…", args…)) of field.
func BadPositionT(field string, t lang.Text) error {
	return &PositionError{Field: field, Msg: english(t), Text: t}
}

// PositionHeader is the common part of every position.
type PositionHeader struct {
	Game    string
	ToMove  int
	Players int // the number of seats
}

// ReadPositionHeader reads the common fields of an encoded position, for tools that handle
// every game alike (how many seats, whose turn). It checks their shape only.
func ReadPositionHeader(raw json.RawMessage) (PositionHeader, error) {
	var h struct {
		Game    *string           `json:"game"`
		ToMove  *int              `json:"to_move"`
		Players []json.RawMessage `json:"players"`
	}
	if err := json.Unmarshal(raw, &h); err != nil {
		return PositionHeader{}, BadPositionT("position", lang.T("not a JSON object with the common fields: %v", err))
	}
	switch {
	case h.Game == nil:
		return PositionHeader{}, BadPositionT("game", lang.T("missing"))
	case h.ToMove == nil:
		return PositionHeader{}, BadPositionT("to_move", lang.T("missing"))
	case h.Players == nil:
		return PositionHeader{}, BadPositionT("players", lang.T("missing"))
	}
	return PositionHeader{Game: *h.Game, ToMove: *h.ToMove, Players: len(h.Players)}, nil
}

// PositionFields splits a position into its top-level fields, refusing anything that is not
// one JSON object and any field not in known (a misspelt field would otherwise be silently
// replaced by its default). Games use it at the start of DecodePosition.
func PositionFields(raw json.RawMessage, known ...string) (map[string]json.RawMessage, error) {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 {
		return nil, BadPositionT("position", lang.T("empty input: a position is one JSON object"))
	}
	if raw[0] != '{' {
		return nil, BadPositionT("position", lang.T("a position is one JSON object {…}, not %s", clipJSON(raw)))
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	var fields map[string]json.RawMessage
	if err := dec.Decode(&fields); err != nil {
		return nil, BadPositionT("position", lang.T("not valid JSON: %v", err))
	}
	if dec.More() {
		return nil, BadPositionT("position", lang.T("more than one JSON value: a position is one object"))
	}
	// Sorted, so that of two unknown fields the same one is always named.
	names := make([]string, 0, len(fields))
	for name := range fields {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		found := false
		for _, k := range known {
			if k == name {
				found = true
				break
			}
		}
		if !found {
			return nil, BadPositionT(fieldName(name), lang.T("unknown field (the fields are %s)", joinQuoted(known)))
		}
	}
	return fields, nil
}

// RequiredInt reads a whole number field of a position; what says what the field holds (a
// lang.Text, said in the reader's language, or a string in English),
// for the message when it is missing (or null).
func RequiredInt(fields map[string]json.RawMessage, name string, what any) (int, error) {
	raw, ok := fields[name]
	if !ok || string(bytes.TrimSpace(raw)) == "null" {
		return 0, BadPositionT(name, lang.T("missing: %s", what))
	}
	return WholeNumber(name, raw)
}

// OptionalInt reads a whole number field of a position, def when it is missing (or null).
func OptionalInt(fields map[string]json.RawMessage, name string, def int) (int, error) {
	raw, ok := fields[name]
	if !ok || string(bytes.TrimSpace(raw)) == "null" {
		return def, nil
	}
	return WholeNumber(name, raw)
}

// WholeNumber reads raw as an int that fits in 32 bits, or says why not, naming field.
func WholeNumber(field string, raw json.RawMessage) (int, error) {
	var n json.Number
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err == nil {
		n, _ = v.(json.Number)
	}
	if n == "" {
		return 0, BadPositionT(field, lang.T("must be a whole number, not %s", clipJSON(raw)))
	}
	i, err := n.Int64()
	if err != nil || i < -1<<31 || i >= 1<<31 {
		return 0, BadPositionT(field, lang.T("must be a whole number, not %s", n))
	}
	return int(i), nil
}

// fieldName is name as it can be printed on one line: quoted unless it is a plain word.
func fieldName(name string) string {
	for _, c := range name {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_') {
			return clipJSON([]byte(strconv.Quote(name)))
		}
	}
	if name == "" {
		return `""`
	}
	return clipJSON([]byte(name))
}

// Snippet shortens a piece of input to one short line before it is echoed in a message.
func Snippet(raw []byte) string { return clipJSON(raw) }

func clipJSON(raw []byte) string {
	s := strings.Join(strings.Fields(string(raw)), " ")
	const n = 30
	if r := []rune(s); len(r) > n {
		return string(r[:n]) + "…"
	}
	return s
}

func joinQuoted(names []string) string {
	var b bytes.Buffer
	for i, n := range names {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "%q", n)
	}
	return b.String()
}
