package dicewars

import (
	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/lang"
)

// NameDefault: the default ends the turn.
func (g game) NameDefault(a games.Action) string { return g.TellDefault(a).String() }

// TellDefault is NameDefault in the catalog (games.DefaultTeller).
func (game) TellDefault(games.Action) lang.Text { return lang.T(`"end" (your turn ends)`) }
