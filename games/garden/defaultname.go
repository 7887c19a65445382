package garden

import "github.com/arena-classroom/arena/games"

// NameDefault: a random free clan while clans are chosen, else "end" (the phase ends).
func (game) NameDefault(a games.Action) string {
	if act, ok := a.(Action); ok && act.Verb == End {
		return `"end" (your phase ends)`
	}
	return "a random free clan"
}
