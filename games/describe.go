package games

import "github.com/arena-classroom/arena/lang"

// Description is what a game is, in one place, returned by the game itself: everything the
// lobby, the bot protocol's `spec`, `arena match --help` and the conformance test need to know
// of a game without naming it. A new game fills one in and is a catalog line away from play.
type Description struct {
	// Settings are the config keys people may set, with their ranges and defaults, in the
	// order they are shown.
	Settings []Setting
	// Protocol documents the game for bot programs; nil while programs cannot play it.
	Protocol *Protocol
	// Players is how many play a new room unless its creator chooses otherwise, and how many a
	// quick match seats; 0 means as many as the game takes, at most four.
	Players int
}

// DefaultPlayers is d.Players, or its fallback for a game seating minSeats..maxSeats.
func (d Description) DefaultPlayers(minSeats, maxSeats int) int {
	if d.Players > 0 {
		return min(max(d.Players, minSeats), maxSeats)
	}
	return max(min(maxSeats, 4), minSeats)
}

// In is p with its sentences in l: Obs, Legal, Action, Default, Rules, Pitfalls and Time
// are sentences of the catalog (marked with lang.N where the game writes them; RulesT for
// rules written from constants).
func (p Protocol) In(l lang.Lang) Protocol {
	say := func(s string) string {
		if s == "" {
			return s
		}
		return l.Say(s)
	}
	p.Obs, p.Legal, p.Action, p.Default = say(p.Obs), say(p.Legal), say(p.Action), say(p.Default)
	p.Pitfalls, p.Time = say(p.Pitfalls), say(p.Time)
	if p.RulesT.Key != "" {
		p.Rules = p.RulesT.In(l)
	} else {
		p.Rules = say(p.Rules)
	}
	return p
}

// Setting is one config key.
type Setting struct {
	Key      string
	Doc      string // one line (continuation lines indented by the renderer), marked lang.N: l.Say(Doc)
	Min, Max int
	Default  int
	// ByArena: the arena sets it from the seats (Perfect Aim's colours); people may not.
	ByArena bool
}

// Setting finds a setting by key.
func (d Description) Setting(key string) (Setting, bool) {
	for _, s := range d.Settings {
		if s.Key == key {
			return s, true
		}
	}
	return Setting{}, false
}

// Protocol is what a bot author needs to know of one game beyond the common protocol:
// the text `spec GAME` prints around a real example.
type Protocol struct {
	// SeedPublic: the seed reveals nothing hidden, so "start" carries it.
	SeedPublic bool
	Obs        string // the schema of "obs"
	Legal      string // what "legal" lists
	Action     string // the schema of "action"
	Default    string // what is played on timeout, malformed or illegal input
	// NoLegal: "turn" carries no "legal" (actions are validated, not listed); Legal says why.
	NoLegal bool
	// Rules is what a program that simulates the game needs beyond the schemas: turn order,
	// chance, deaths, the end. The rules page (docs/rules/ID.md) has the rest.
	Rules string
	// RulesT, when set, is Rules in the catalog with its arguments (a text written from the
	// game's constants); Rules is then RulesT in English.
	RulesT lang.Text
	// Pitfalls are where this game's messages differ from the other games' (a seat against
	// a player code, (x,y) against (row,col), ids from 0 or 1), which trip students.
	Pitfalls string
	// Time, when set, is what the game adds to the common clock rules.
	Time string
	// The example's game: a small config and a seed, played for real to print its lines.
	ExampleConfig Config
	ExampleSeed   uint64
	// ExampleActions, for games without "legal": the example plays the first of these that
	// is valid, each turn.
	ExampleActions []Action
	// ExampleIllegal, when set, is refused in the example's first turn, for a real "warn".
	ExampleIllegal Action
	// ExampleLater, when set, picks a later turn of the example game to show as well: the
	// first for which it is true (Perfect Aim: one with a fireball in flight).
	ExampleLater func(st State, seat int) bool
}
