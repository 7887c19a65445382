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
