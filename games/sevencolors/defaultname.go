package sevencolors

import "github.com/arena-classroom/arena/games"

// NameDefault: 0 takes no colour, the board does not change.
func (game) NameDefault(games.Action) string { return "nothing (a lost turn: no colour taken)" }
