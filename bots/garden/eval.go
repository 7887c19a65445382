package garden

import (
	"math"

	gt "github.com/arena-classroom/arena/games/garden"
)

// Won is the value of a finished game won (lost: -Won): beyond anything Eval gives.
const Won = 1e6

// poisonSurvival is the chance a creature lives through one tick: its d6 is not below the
// system's in 21 of 36 rolls (rule 14).
const poisonSurvival = 21.0 / 36

// Eval is the minimax's value of s for seat (§4c): 10·Δcells + Δcreatures + 5·Δspecials +
// 2·Δzones + Δpoints/4, Δ being seat's figure less the opponent's; creatures on a poisoned
// cell count for what the ticks left are expected to spare, so that a Cooks' poison shows.
// A finished game is worth ±Won, 0 for a draw.
func Eval(s *gt.State, seat int) float64 {
	if s.Over() {
		switch s.Outcome().Winner() {
		case seat:
			return Won
		case -1:
			return 0
		}
		return -Won
	}
	var cells, specials [2]int
	var creatures [2]float64
	var total [gt.NumTerrains]int
	var held [2][gt.NumTerrains]int
	for h := range gt.Hex(gt.NumCells) {
		c := s.Cell(h)
		if c.Kind == gt.Simple {
			total[c.Terrain]++
		}
		if c.Owner < 0 {
			continue
		}
		o := c.Owner
		cells[o]++
		n := float64(c.Creatures)
		if c.Status == gt.Poisoned {
			n *= math.Pow(poisonSurvival, float64(c.Timer))
		}
		creatures[o] += n
		if c.Kind != gt.Simple {
			specials[o]++
		} else {
			held[o][c.Terrain]++
		}
	}
	var zones [2]int
	for p := range 2 {
		for t := range gt.NumTerrains {
			if total[t] > 0 && held[p][t] == total[t] {
				zones[p]++
			}
		}
	}
	me, you := seat, 1-seat
	return 10*float64(cells[me]-cells[you]) + (creatures[me] - creatures[you]) +
		5*float64(specials[me]-specials[you]) + 2*float64(zones[me]-zones[you]) +
		float64(s.Player(me).Points-s.Player(you).Points)/4
}
