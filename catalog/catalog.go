// Package catalog lists the playable games with their views and house bots.
package catalog

import (
	"github.com/arena-classroom/arena/bots"
	"github.com/arena-classroom/arena/games"
)

// Entry is one playable game.
type Entry struct {
	Game games.Game
	View games.View
	Bots []bots.Info
	// Strongest is the house bot used when none is named (practice, quick-match fill-in).
	Strongest string
}

// All lists the playable games in menu order.
func All() []Entry {
	return []Entry{
		// sevencolors is added here by its package's author.
	}
}

// Get finds a game by id.
func Get(id string) (Entry, bool) {
	for _, e := range All() {
		if e.Game.ID() == id {
			return e, true
		}
	}
	return Entry{}, false
}

// Bot makes house bot name of game e, seeded with seed.
func (e Entry) Bot(name string, seed uint64) (bots.Bot, bool) {
	info, ok := bots.Find(e.Bots, name)
	if !ok {
		return nil, false
	}
	return info.New(seed), true
}
