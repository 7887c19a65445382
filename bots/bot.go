// Package bots holds the house bots of every game (one subpackage per game) and the contract
// they share.
package bots

import "github.com/arena-classroom/arena/games"

// Bot decides for one seat. House bots are synchronous: Choose must be fast, must not block,
// and takes all its randomness from the seed it was made with.
type Bot interface {
	Choose(st games.State, seat int) games.Action
}

// Info describes a house bot.
type Info struct {
	Name    string   // "greedy"
	Aliases []string // other accepted names, e.g. "random_player"
	About   string   // one line for menus and help
	// New makes a bot; seed feeds its RNG (deterministic bots ignore it).
	New func(seed uint64) Bot
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
