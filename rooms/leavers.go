package rooms

import (
	"sort"

	"github.com/arena-classroom/arena/games"
)

// rankLeaversLast is the recorded result of a game some players left: whatever the house
// bots that played on for them achieved, a player who left ranks below every player who
// stayed (so that leaving right after the start never earns a bot's win). Among those who
// stayed, and among those who left, the game's own order holds; ties stay ties. Scores are
// the game's.
func rankLeaversLast(o games.Outcome, left []bool) games.Outcome {
	n := len(o.Ranks)
	out := games.Outcome{Ranks: make([]int, n), Scores: append([]int(nil), o.Scores...), Shares: append([]float64(nil), o.Shares...)}
	if len(o.Shares) == 0 {
		out.Shares = nil
	}
	order := make([]int, n)
	for i := range order {
		order[i] = i
	}
	key := func(seat int) (int, int) {
		if seat < len(left) && left[seat] {
			return 1, o.Ranks[seat]
		}
		return 0, o.Ranks[seat]
	}
	sort.SliceStable(order, func(a, b int) bool {
		la, ra := key(order[a])
		lb, rb := key(order[b])
		if la != lb {
			return la < lb
		}
		return ra < rb
	})
	// A seat's place is one plus the number of seats strictly ahead of it.
	for i, seat := range order {
		if i > 0 {
			prev := order[i-1]
			lp, rp := key(prev)
			ls, rs := key(seat)
			if lp == ls && rp == rs {
				out.Ranks[seat] = out.Ranks[prev]
				continue
			}
		}
		out.Ranks[seat] = i + 1
	}
	return out
}

// desertedLocked reports whether a running game has nobody left to play it or watch it:
// every person and program who sat down has left, a house bot plays for each, and no
// session is attached. Such a game ends at once (leaving and starting another must not pile
// up rooms of bots playing for nobody).
func (r *Room) desertedLocked() bool {
	if len(r.subs) > 0 {
		return false
	}
	anyLeft := false
	for _, s := range r.seats {
		switch {
		case s.Kind == Human || s.Kind == Remote:
			return false
		case s.takeover != nil:
			anyLeft = true
		}
	}
	return anyLeft
}
