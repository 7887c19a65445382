// Package games holds the engine contract shared by every game of the arena.
//
// Rules live in one subpackage per game. They are pure and deterministic: no goroutines, no
// I/O, no wall clock, no global rand. All randomness comes from the seed given to New and
// lives inside the state, so that the same config, seed and actions give the same game on any
// machine, and a replay (config + seed + actions) reproduces the outcome.
package games

import (
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/arena-classroom/arena/lang"
)

// Action is a game's move value. Each game documents its concrete type (7 Colors: int); it
// must survive a JSON round trip through the game's DecodeAction.
type Action any

// Config holds a game's rule parameters (for example "size" for 7 Colors). Keys are
// lower-case identifiers; a game fills in its defaults and rejects what it cannot play.
type Config map[string]int

// Clone returns an independent copy.
func (c Config) Clone() Config {
	out := make(Config, len(c))
	for k, v := range c {
		out[k] = v
	}
	return out
}

// Set reads one KEY=VALUE setting, as command lines write it (--config size=20), into c. It
// suits flag.FlagSet.Func: fs.Func("config", "", cfg.Set).
func (c Config) Set(s string) error {
	k, v, ok := strings.Cut(s, "=")
	k = strings.TrimSpace(k)
	if !ok || k == "" {
		return lang.Errorf("want KEY=VALUE, got %q", s)
	}
	i, err := strconv.Atoi(strings.TrimSpace(v))
	if err != nil {
		return lang.Errorf("%s: the value must be a whole number, got %q", k, v)
	}
	c[k] = i
	return nil
}

// Keys returns the keys in sorted order (never iterate a map where order shows).
func (c Config) Keys() []string {
	keys := make([]string, 0, len(c))
	for k := range c {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// Game describes one game: its identity, its rules constants and how to start a state.
type Game interface {
	ID() string   // "sevencolors"
	Name() string // "7 Colors"
	// Seats gives the allowed number of seats.
	Seats() (min, max int)
	// Normalize fills defaults into cfg (which may be nil) and validates it.
	Normalize(cfg Config) (Config, error)
	// New starts a game. cfg must be normalized; seed is the only source of randomness.
	New(cfg Config, seats int, seed uint64) (State, error)
	// DecodeAction parses an action as it appears in JSON (bot protocol, replays).
	DecodeAction(raw json.RawMessage) (Action, error)
	// Describe says what the game is: its settings and its bot protocol documentation.
	Describe() Description
}

// State is a game in progress. Methods never block and never panic on bad input from a
// player: an action of the wrong type or from the wrong seat is an error, an illegal but
// well-formed action is refused by Validate with an *IllegalError.
type State interface {
	// ToMove lists the seats that must decide now, in seat order. Turn-based games list
	// exactly one seat until the game is over, then none.
	ToMove() []int
	// Legal lists the legal actions of seat, or nil where the game cannot enumerate them.
	Legal(seat int) []Action
	// Validate says whether seat may play a now. Illegal moves get an *IllegalError.
	Validate(seat int, a Action) error
	// Apply plays a for seat and returns the events it produced. The referee applies only
	// validated actions or the DefaultAction; Apply returns an error (and changes nothing)
	// for a seat that is not to move or an action it cannot interpret.
	Apply(seat int, a Action) ([]Event, error)
	// DefaultAction is what seat plays on timeout, illegal or malformed input.
	DefaultAction(seat int) Action
	// Observation is what seat sees, a JSON-serialisable value (the bot protocol's "obs").
	// seat -1 is a spectator's view.
	Observation(seat int) any
	// Over reports whether the game has ended.
	Over() bool
	// Outcome is the result; meaningful once Over is true.
	Outcome() Outcome
	// Clone returns an independent copy, cheap enough for search bots.
	Clone() State
}

// Event is something a move produced, for spectators, logs and replays.
type Event struct {
	Type string `json:"type"`           // "capture", "pass", "win", …
	Seat int    `json:"seat"`           // the seat it concerns, -1 for none
	Text string `json:"text,omitempty"` // one human-readable sentence, in English
	Data any    `json:"data,omitempty"` // game-specific details
	// Said is Text in the catalog, to be said in a reader's language (In); zero for an
	// event whose game says it in English only, and for an event read back from JSON.
	Said lang.Text `json:"-"`
}

// Tell is an event saying t: Text is t in English, Said is t.
func Tell(typ string, seat int, t lang.Text, data any) Event {
	return Event{Type: typ, Seat: seat, Text: english(t), Said: t, Data: data}
}

// In is the event's sentence in l: Said in l, or Text where the game says it in English
// only.
func (e Event) In(l lang.Lang) string {
	if e.Said.Key == "" {
		return e.Text
	}
	return e.Said.In(l)
}

// Outcome is a finished game's result.
type Outcome struct {
	// Ranks gives each seat its place: 1 is first; tied seats share a rank.
	Ranks []int `json:"ranks"`
	// Scores is the game's per-seat score (7 Colors: cells held).
	Scores []int `json:"scores"`
	// Shares is each seat's fraction of what could be held (7 Colors: cells / N²), where the
	// game has such a notion; nil otherwise.
	Shares []float64 `json:"shares,omitempty"`
}

// Winner returns the seat ranked first alone, or -1 for a draw or a shared first place.
func (o Outcome) Winner() int {
	winner := -1
	for seat, r := range o.Ranks {
		if r == 1 {
			if winner >= 0 {
				return -1
			}
			winner = seat
		}
	}
	return winner
}

// IllegalError explains why an action was refused. Code is stable (bot protocol "warn"
// codes); Msg is a sentence for people, in English.
type IllegalError struct {
	Code string
	Msg  string
	// Text is Msg in the catalog: lang.Say(err, l) says it in l (Unwrap hands it over).
	// Zero for a refusal built by Illegal, which says it in English only.
	Text lang.Text
}

func (e *IllegalError) Error() string { return e.Msg }

// Unwrap is the refusal as a *lang.Error, for lang.Say; nil for one said in English only.
func (e *IllegalError) Unwrap() error {
	if e.Text.Key == "" {
		return nil
	}
	return lang.Errorf(e.Text.Key, e.Text.Args...)
}

// Illegal builds an *IllegalError said in English only; IllegalT is the one a reader gets
// in their language.
func Illegal(code, format string, args ...any) error {
	return &IllegalError{Code: code, Msg: fmt.Sprintf(format, args...)}
}

// IllegalT builds an *IllegalError saying t (lang.T("…", args…)).
func IllegalT(code string, t lang.Text) error { return illegalT(code, t) }

func illegalT(code string, t lang.Text) *IllegalError {
	return &IllegalError{Code: code, Msg: english(t), Text: t}
}

// ErrNotYourTurn is returned by Apply and Validate for a seat that is not to move.
var ErrNotYourTurn = illegalT("not_your_turn", lang.T("it is not your turn"))

// IllegalCode returns the code of an *IllegalError, or "illegal_action" for other errors.
func IllegalCode(err error) string {
	var ie *IllegalError
	if errors.As(err, &ie) {
		return ie.Code
	}
	return "illegal_action"
}

// DefaultNamer is a game that says in words what its default action does, for the
// sentence that tells a program its answer was replaced ("a lost turn", "your player
// dies"): the action's value alone (0, -1) tells a student nothing.
type DefaultNamer interface {
	NameDefault(a Action) string
}

// ActionNamer is a game whose actions people know by another name than their JSON (7
// Colors' colour 3 is the letter A on every board and key): what a review or a replay's
// panel shows of a move.
type ActionNamer interface {
	NameAction(a Action) string
}

// NameAction is g's name for a for people: its ActionNamer's, a Stringer's, or its JSON.
func NameAction(g Game, a Action) string {
	if n, ok := g.(ActionNamer); ok {
		if s := n.NameAction(a); s != "" {
			return s
		}
	}
	if s, ok := a.(fmt.Stringer); ok {
		return s.String()
	}
	if b, err := json.Marshal(a); err == nil {
		return string(b)
	}
	return fmt.Sprint(a)
}

// DefaultTeller is a DefaultNamer whose words are in the catalog, said in the reader's
// language.
type DefaultTeller interface {
	TellDefault(a Action) lang.Text
}

// NameDefaultIn is NameDefault in l: g's words in l where it says them in the catalog.
func NameDefaultIn(g Game, a Action, l lang.Lang) string {
	if t, ok := g.(DefaultTeller); ok {
		if s := t.TellDefault(a); s.Key != "" {
			return s.In(l)
		}
	}
	return NameDefault(g, a)
}

// NameDefault is g's words for default action a, or a as JSON would show it.
func NameDefault(g Game, a Action) string {
	if n, ok := g.(DefaultNamer); ok {
		if s := n.NameDefault(a); s != "" {
			return s
		}
	}
	if b, err := json.Marshal(a); err == nil {
		return string(b)
	}
	return fmt.Sprint(a)
}
