// Package playable is a game as a room plays it: its rules, its view and its house bots.
// It names no game: rooms take one from the catalog without depending on every game, house
// bot and batch runner the catalog lists.
package playable

import (
	"github.com/arena-classroom/arena/bots"
	"github.com/arena-classroom/arena/games"
)

// Entry is one game a room can play.
type Entry struct {
	Game games.Game
	View games.View
	Bots []bots.Info
	// Strongest is the house bot used when none is named (practice, quick-match fill-in,
	// a seat someone left).
	Strongest string
}

// Bot makes house bot name of the game, seeded with seed.
func (e Entry) Bot(name string, seed uint64) (bots.Bot, bool) {
	info, ok := bots.Find(e.Bots, name)
	if !ok {
		return nil, false
	}
	return info.New(seed), true
}

// WatchableBoard is the room an 80×24 terminal leaves for a board beside the lobby's side
// panel (lobby/roomview.BoardRoom(80, 24): a lobby test holds the two together).
var WatchableBoard = [2]int{42, 21}

// Watchable is the settings given, normalized, with a board a person can watch (or play) on
// an 80×24 terminal where the settings given do not size it: those given are kept. Games
// whose view does not size its board (games.Fitter) keep their defaults.
func (e Entry) Watchable(given games.Config) (games.Config, error) {
	cfg, err := e.Game.Normalize(given)
	if err != nil {
		return nil, err
	}
	f, ok := e.View.(games.Fitter)
	if !ok {
		return cfg, nil
	}
	fit := f.FitConfig(cfg, WatchableBoard[0], WatchableBoard[1])
	for _, k := range given.Keys() {
		fit[k] = cfg[k]
	}
	return e.Game.Normalize(fit)
}
