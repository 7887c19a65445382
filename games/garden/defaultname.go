package garden

import (
	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/lang"
)

// NameDefault: a random free clan while clans are chosen, else "end" (the phase ends).
func (game) NameDefault(a games.Action) string {
	if act, ok := a.(Action); ok && act.Verb == End {
		return lang.N(`"end" (your phase ends)`)
	}
	return lang.N("a random free clan")
}
