// Package catalog lists the playable games with their views and house bots.
package catalog

import (
	dicewarsbots "github.com/arena-classroom/arena/bots/dicewars"
	gardenbots "github.com/arena-classroom/arena/bots/garden"
	perfectaimbots "github.com/arena-classroom/arena/bots/perfectaim"
	sevencolorsbots "github.com/arena-classroom/arena/bots/sevencolors"
	warhammerbots "github.com/arena-classroom/arena/bots/warhammer"
	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/games/dicewars"
	"github.com/arena-classroom/arena/games/garden"
	"github.com/arena-classroom/arena/games/garden/gardenview"
	"github.com/arena-classroom/arena/games/perfectaim"
	paMatch "github.com/arena-classroom/arena/games/perfectaim/arenamatch"
	"github.com/arena-classroom/arena/games/playable"
	"github.com/arena-classroom/arena/games/sevencolors"
	"github.com/arena-classroom/arena/games/warhammer"
	"github.com/arena-classroom/arena/match"
)

// Entry is one playable game: what a room needs of it (playable.Entry), and what the
// command line does with it.
type Entry struct {
	playable.Entry
	// Tools are the game's own commands (`arena NAME …`).
	Tools []games.Tool
	// Match, when set, is how the game's batches are seated and reported (`arena match`);
	// nil for the default (rotating seats, wins and shares).
	Match match.Scheme
}

// All lists the playable games in menu order.
func All() []Entry {
	return []Entry{
		// greedy won the house round robin on 20×20 and 30×30 (95% of its games on 30×30; mixed,
		// second, took 16% of its games against greedy there).
		{Entry: playable.Entry{Game: sevencolors.Game, View: sevencolors.View, Bots: sevencolorsbots.All, Strongest: "greedy"},
			Tools: []games.Tool{sevencolorsbots.Tool}},
		{Entry: playable.Entry{Game: perfectaim.Game, View: perfectaim.View, Bots: perfectaimbots.All, Strongest: perfectaimbots.Strongest},
			Tools: []games.Tool{perfectaim.MapTool}, Match: paMatch.Scheme{}},
		{Entry: playable.Entry{Game: warhammer.Game, View: warhammer.View, Bots: warhammerbots.All, Strongest: warhammerbots.Strongest},
			Tools: []games.Tool{warhammerbots.Tool}},
		{Entry: playable.Entry{Game: dicewars.Game, View: dicewars.View, Bots: dicewarsbots.All, Strongest: dicewarsbots.Strongest}},
		{Entry: playable.Entry{Game: garden.Game, View: gardenview.View, Bots: gardenbots.All, Strongest: gardenbots.Strongest}},
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

// Tool finds a game's command-line tool by its name.
func Tool(name string) (games.Tool, bool) {
	for _, e := range All() {
		for _, t := range e.Tools {
			if t.Name == name {
				return t, true
			}
		}
	}
	return games.Tool{}, false
}
