// Package bots holds the house bots of every game (one subpackage per game) and the contract
// they share.
package bots

import (
	"strings"
	"time"

	"github.com/arena-classroom/arena/games"
)

// Bot decides for one seat. Choose takes all its randomness from the seed the bot was made
// with. A live room asks a turn-based bot on a goroutine of its own, within a budget, and
// never asks one bot twice at once; a real-time bot is asked on the room's tick and must be
// fast.
type Bot interface {
	Choose(st games.State, seat int) games.Action
}

// SafetyStopper is implemented by search bots whose budget is counted in work (nodes), so
// that a position gets the same move on any machine, and which can also stop on the wall
// clock. Live rooms set the stop, so that an overloaded machine cannot make a bot miss its
// turn; headless matches do not, and stay reproducible.
type SafetyStopper interface {
	SetSafetyStop(d time.Duration)
}

// Info describes a house bot.
type Info struct {
	Name    string   // "greedy"
	Aliases []string // other accepted names, e.g. "random_player"
	About   string   // one line for menus and help
	// New makes a bot; seed feeds its RNG (deterministic bots ignore it).
	New func(seed uint64) Bot
}

// Names lists the bots for messages, with their aliases when asked: "one, max (greedy),
// random" (error messages, where any accepted name helps) or "one, max, random" (menus).
func Names(list []Info, aliases bool) string {
	names := make([]string, 0, len(list))
	for _, b := range list {
		n := b.Name
		if aliases && len(b.Aliases) > 0 {
			n += " (" + strings.Join(b.Aliases, ", ") + ")"
		}
		names = append(names, n)
	}
	if len(names) == 0 {
		return "none"
	}
	return strings.Join(names, ", ")
}

// Find returns the bot called name (or one of its aliases) from list.
func Find(list []Info, name string) (Info, bool) {
	for _, b := range list {
		if b.Name == name {
			return b, true
		}
		for _, a := range b.Aliases {
			if a == name {
				return b, true
			}
		}
	}
	return Info{}, false
}
