package tournament

import (
	"cmp"
	"fmt"
	"github.com/arena-classroom/arena/lang"
	"slices"
	"strings"
)

// gameKey identifies a game within a tournament.
type gameKey struct{ round, pairing, leg int }

func keyOf(g Game) gameKey { return gameKey{g.Round, g.Pairing, g.Leg} }

// book holds the caller's results by game. Formats look each scheduled game up in it, and
// a result that no scheduled game claims is an error: it means the caller's record and the
// schedule disagree.
type book struct {
	byKey map[gameKey]Result
	taken map[gameKey]bool
}

func newBook(results []Result) (*book, error) {
	b := &book{byKey: make(map[gameKey]Result, len(results)), taken: map[gameKey]bool{}}
	for _, r := range results {
		k := keyOf(r.Game)
		if _, dup := b.byKey[k]; dup {
			// lang:keep a broken record of results (the store's, or a caller's bug): for the log and the developer
			return nil, fmt.Errorf("two results for round %d, pairing %d, game %d", k.round, k.pairing+1, k.leg+1)
		}
		if err := checkResult(r); err != nil {
			return nil, err
		}
		b.byKey[k] = r
	}
	return b, nil
}

func checkResult(r Result) error {
	g := r.Game
	where := fmt.Sprintf("round %d, pairing %d, game %d", g.Round, g.Pairing+1, g.Leg+1)
	if g.Bye {
		// lang:keep a broken record of results (the store's, or a caller's bug): for the log and the developer
		return fmt.Errorf("%s is a bye: a bye has no result", where)
	}
	if r.Ranks == nil && r.Forfeit == "" {
		// lang:keep a broken record of results (the store's, or a caller's bug): for the log and the developer
		return fmt.Errorf("%s: a result needs ranks or a forfeit", where)
	}
	if r.Ranks != nil && len(r.Ranks) != len(g.Seats) {
		// lang:keep a broken record of results (the store's, or a caller's bug): for the log and the developer
		return fmt.Errorf("%s: %d ranks for %d seats", where, len(r.Ranks), len(g.Seats))
	}
	for _, rank := range r.Ranks {
		if rank < 1 {
			// lang:keep a broken record of results (the store's, or a caller's bug): for the log and the developer
			return fmt.Errorf("%s: ranks start at 1, got %d", where, rank)
		}
	}
	if r.Forfeit != "" && r.Forfeit != NobodyCame && r.Forfeit != Voided && !slices.Contains(g.Seats, r.Forfeit) {
		// lang:keep a broken record of results (the store's, or a caller's bug): for the log and the developer
		return fmt.Errorf("%s: %q forfeited but has no seat in the game", where, r.Forfeit)
	}
	return nil
}

// lookup returns the result of a scheduled game, if any. A result recorded under the same
// game but with other seats is an error.
func (b *book) lookup(g Game) (Result, bool, error) {
	k := keyOf(g)
	r, ok := b.byKey[k]
	if !ok {
		return Result{}, false, nil
	}
	if !slices.Equal(r.Game.Seats, g.Seats) {
		// lang:keep a broken record of results (the store's, or a caller's bug): for the log and the developer
		return Result{}, false, fmt.Errorf("round %d, pairing %d, game %d: the result has seats %s, the schedule %s",
			g.Round, g.Pairing+1, g.Leg+1, strings.Join(r.Game.Seats, ","), strings.Join(g.Seats, ","))
	}
	b.taken[k] = true
	return r, true, nil
}

// leftover fails when a result matched no scheduled game.
func (b *book) leftover() error {
	var stray []gameKey
	for k := range b.byKey {
		if !b.taken[k] {
			stray = append(stray, k)
		}
	}
	if len(stray) == 0 {
		return nil
	}
	slices.SortFunc(stray, func(a, c gameKey) int {
		return cmp.Or(cmp.Compare(a.round, c.round), cmp.Compare(a.pairing, c.pairing), cmp.Compare(a.leg, c.leg))
	})
	k := stray[0]
	// lang:keep a broken record of results (the store's, or a caller's bug): for the log and the developer
	return fmt.Errorf("a result for round %d, pairing %d, game %d, which is not in the schedule (%d such results)",
		k.round, k.pairing+1, k.leg+1, len(stray))
}

// seedOrder validates the entrants and returns them strongest first: rating, then name,
// then id, so that equal ratings still give one order.
func seedOrder(entrants []Entrant) ([]Entrant, error) {
	if len(entrants) < 2 {
		return nil, lang.Errorf("a tournament needs at least 2 entrants, not %d", len(entrants))
	}
	seen := make(map[string]bool, len(entrants))
	out := make([]Entrant, len(entrants))
	for i, e := range entrants {
		if e.ID == "" {
			// lang:keep a caller's bug (the director gives every entrant one id): for the developer
			return nil, fmt.Errorf("entrant %d has no id", i+1)
		}
		if seen[e.ID] {
			// lang:keep a caller's bug (the director gives every entrant one id): for the developer
			return nil, fmt.Errorf("entrant %q appears twice", e.ID)
		}
		seen[e.ID] = true
		if e.Name == "" {
			e.Name = e.ID
		}
		out[i] = e
	}
	slices.SortFunc(out, func(a, b Entrant) int {
		return cmp.Or(cmp.Compare(b.Rating, a.Rating), strings.Compare(a.Name, b.Name), strings.Compare(a.ID, b.ID))
	})
	return out, nil
}
