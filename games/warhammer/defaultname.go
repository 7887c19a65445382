package warhammer

import (
	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/lang"
)

// NameDefault: -1 is outside 0..95, an invalid order, and an invalid order is a death.
func (game) NameDefault(games.Action) string {
	return lang.N("-1, an invalid order: in War Hammer your player dies")
}
