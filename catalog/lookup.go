package catalog

import (
	"strings"
	"time"

	"github.com/arena-classroom/arena/botproto"
	"github.com/arena-classroom/arena/lang"
)

// IDs lists the games' ids in menu order; with programs, only the games whose bot protocol
// is documented (those a student's program can play).
func IDs(programs bool) []string {
	var ids []string
	for _, e := range All() {
		if !programs || botproto.Documented(e.Game) {
			ids = append(ids, e.Game.ID())
		}
	}
	return ids
}

// Lookup finds a game by id, or says which games there are.
func Lookup(id string) (Entry, error) {
	if e, ok := Get(id); ok {
		return e, nil
	}
	return Entry{}, lang.Errorf("unknown game %q: the games are %s", id, strings.Join(IDs(false), ", "))
}

// Spec is the bot protocol's schema of a game (`spec GAME` over SSH, `arena spec GAME`),
// for a program with move and bank of time.
func Spec(id string, move, bank time.Duration) (string, error) {
	return SpecIn(id, move, bank, lang.English)
}

// SpecIn is Spec with its sentences in l (the protocol's lines are the same in every
// language).
func SpecIn(id string, move, bank time.Duration, l lang.Lang) (string, error) {
	e, ok := Get(id)
	if !ok || !botproto.Documented(e.Game) {
		return "", lang.Errorf("unknown game %q; games with a bot schema: %s", id, strings.Join(IDs(true), ", "))
	}
	return botproto.SpecIn(e.Game, move, bank, l)
}
