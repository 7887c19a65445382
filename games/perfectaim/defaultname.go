package perfectaim

import "github.com/arena-classroom/arena/games"

// NameDefault: the default waits.
func (game) NameDefault(games.Action) string { return `"WAIT"` }
