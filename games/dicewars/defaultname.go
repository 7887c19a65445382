package dicewars

import "github.com/arena-classroom/arena/games"

// NameDefault: the default ends the turn.
func (game) NameDefault(games.Action) string { return `"end" (your turn ends)` }
