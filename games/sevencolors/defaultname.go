package sevencolors

import (
	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/lang"
)

// NameDefault: 0 takes no colour, the board does not change.
func (g game) NameDefault(a games.Action) string { return g.TellDefault(a).String() }

// TellDefault is NameDefault in the catalog (games.DefaultTeller).
func (game) TellDefault(games.Action) lang.Text {
	return lang.T("nothing (a lost turn: no colour taken)")
}

// NameAction is a colour's letter, as the boards and the keys show it (3 is A).
func (game) NameAction(a games.Action) string {
	if c, ok := a.(int); ok {
		return Letter(c)
	}
	return ""
}
