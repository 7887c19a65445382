package tournament

import "math"

// Points from places. A game of n seats gives the seat in place p (1 = first) (n−p)/(n−1)
// points: 1 for first, 0 for last, evenly between. Tied seats share the places they occupy
// and get the average: two tied for first of three each get (3−1.5)/2 = 0.75. For two
// players this is the usual win 1, draw 0.5, loss 0, and every game hands out n/2 points.

// outcome is one seat's share of a game.
type outcome struct {
	points float64
	kind   int // win, draw or loss
}

const (
	win = iota
	draw
	loss
)

// effectiveRanks applies a forfeit: the entrant who forfeited is ranked below everyone,
// the others keep their ranks (all first when the game gave none).
func effectiveRanks(r Result) []int {
	seats := r.Game.Seats
	ranks := make([]int, len(seats))
	if r.Forfeit == "" {
		copy(ranks, r.Ranks)
		return ranks
	}
	worst := 1
	for i, id := range seats {
		ranks[i] = 1
		if r.Ranks != nil {
			ranks[i] = r.Ranks[i]
		}
		if id != r.Forfeit {
			worst = max(worst, ranks[i])
		}
	}
	for i, id := range seats {
		if id == r.Forfeit {
			ranks[i] = worst + 1
		}
	}
	return ranks
}

// score turns a result into each seat's outcome. A sole first place is a win, a shared
// first place a draw, anything else a loss.
func score(r Result) []outcome {
	if r.Forfeit == NobodyCame {
		out := make([]outcome, len(r.Game.Seats))
		for i := range out {
			out[i] = outcome{points: 0, kind: loss}
		}
		return out
	}
	ranks := effectiveRanks(r)
	n := len(ranks)
	out := make([]outcome, n)
	for i, ri := range ranks {
		better, equal := 0, 0
		for _, rj := range ranks {
			switch {
			case rj < ri:
				better++
			case rj == ri:
				equal++
			}
		}
		place := float64(better) + float64(equal+1)/2
		out[i].points = (float64(n) - place) / float64(n-1)
		switch {
		case better > 0:
			out[i].kind = loss
		case equal > 1:
			out[i].kind = draw
		default:
			out[i].kind = win
		}
	}
	return out
}

// placePoints turns a seat's share of a game of n seats ((n−p)/(n−1), see score) into
// place points, as pools count them: a point for every seat it finished ahead of, half a
// point for every seat it tied with, so n−p: 3, 2, 1, 0 at a table of four. Whole numbers
// unless seats tie.
func placePoints(share float64, n int) float64 {
	return math.Round(share*float64(n-1)*2) / 2
}
