package match

import (
	"fmt"
	"math/big"

	"github.com/arena-classroom/arena/games"
	pa "github.com/arena-classroom/arena/games/perfectaim"
)

// Perfect Aim batches follow upstream's 50-game tournament (docs/rules/perfectaim.md §3, §12):
// the bots keep their colours in every game, and game i starts from permutation i, which
// moves everyone's start corner instead of rotating the seats.

// EmptySlot leaves a colour out of a Perfect Aim seat list, as upstream's None slot.
const EmptySlot = "-"

// PerfectAimSlots reads a seat list written in colour order (RED, BLUE, YELLOW, GREEN),
// EmptySlot standing for an absent colour. It returns the seats that play, in seat order,
// and the "colors" mask of the game's config.
func PerfectAimSlots(slots []SeatSpec) (seats []SeatSpec, colors int, err error) {
	if len(slots) > 4 {
		return nil, 0, fmt.Errorf("Perfect Aim has four colours (RED, BLUE, YELLOW, GREEN), so at most four seats, not %d", len(slots))
	}
	for i, s := range slots {
		if s.Exec == "" && s.Bot == EmptySlot {
			continue
		}
		colors |= 1 << i
		seats = append(seats, s)
	}
	if len(seats) < 2 {
		return nil, 0, fmt.Errorf("Perfect Aim is played by 2 to 4 players, and the seats name %d (%s leaves a colour empty)", len(seats), EmptySlot)
	}
	return seats, colors, nil
}

// SeatColors gives the colour of each of a game's seats: the k-th colour of the config's
// mask (the first seats colours when it is 0).
func SeatColors(cfg games.Config, seats int) []pa.Color { return pa.SeatColors(cfg, seats) }

// PerfectAimSeries plans n games of Perfect Aim between k entrants, entrant s in seat s of
// every game. Game i has seed seed+i and, when permutation is negative, permutation i (mod
// 12, its period); otherwise every game uses permutation.
func PerfectAimSeries(cfg games.Config, k, n int, seed uint64, permutation int) ([]Job, error) {
	s, err := PlanPerfectAimSeries(cfg, k, n, seed, permutation)
	if err != nil {
		return nil, err
	}
	return s.List(), nil
}

// PlanPerfectAimSeries is PerfectAimSeries made on demand: PlanSeries through Perfect Aim's
// games.Seater hook, the permutation fixed in the config when not negative.
func PlanPerfectAimSeries(cfg games.Config, k, n int, seed uint64, permutation int) (Schedule, error) {
	c := cfg.Clone()
	if c == nil {
		c = games.Config{}
	}
	delete(c, pa.KeyPermutation)
	if permutation >= 0 {
		c[pa.KeyPermutation] = permutation
	}
	return PlanSeries(pa.Game, c, k, n, seed)
}

// PerfectAimEnd is how a Perfect Aim game ended: its Inspect hook's Result.Detail.
type PerfectAimEnd = pa.End

// PerfectAimDeath is one seat's death; it is written [seat, "num/den"] in JSON.
type PerfectAimDeath = pa.Death

// InspectPerfectAim is Perfect Aim's games.Inspector hook as an Options.Inspect.
var InspectPerfectAim = games.InspectorOf(pa.Game)

// PerfectAimStats sums, over the games of a batch that have a *PerfectAimEnd, their end
// times and each entrant's time alive. Sums are exact, so any order of adding would do;
// Run's order is used anyway.
type PerfectAimStats struct {
	Games             int        // games with an end
	Shortest, Longest pa.Instant // their end times, when Games > 0
	end               big.Rat
	life              []big.Rat // per entrant
	lifeGames         []int
	plan              Plan
}

// NewPerfectAimStats prepares the sums for plan's entrants.
func NewPerfectAimStats(p Plan) *PerfectAimStats {
	return &PerfectAimStats{life: make([]big.Rat, len(p.Entrants)), lifeGames: make([]int, len(p.Entrants)), plan: p}
}

// Add counts r if it has a *PerfectAimEnd.
func (s *PerfectAimStats) Add(r Result) {
	e, ok := r.Detail.(*PerfectAimEnd)
	if !ok || e == nil {
		return
	}
	if s.Games == 0 || e.End.Cmp(s.Shortest) < 0 {
		s.Shortest = e.End
	}
	if s.Games == 0 || e.End.Cmp(s.Longest) > 0 {
		s.Longest = e.End
	}
	s.Games++
	s.end.Add(&s.end, e.End.Rat())
	for seat, ent := range s.plan.Job(r.Job).Seats {
		s.life[ent].Add(&s.life[ent], e.Life[seat].Rat())
		s.lifeGames[ent]++
	}
}

// MeanEnd is the mean end time in seconds; ok is false without games.
func (s *PerfectAimStats) MeanEnd() (secs float64, ok bool) {
	return mean(&s.end, s.Games)
}

// Simulated is the game time of all the games added, in seconds.
func (s *PerfectAimStats) Simulated() float64 {
	f, _ := s.end.Float64()
	return f
}

// MeanLife is entrant's mean time alive in seconds; ok is false without games.
func (s *PerfectAimStats) MeanLife(entrant int) (secs float64, ok bool) {
	return mean(&s.life[entrant], s.lifeGames[entrant])
}

func mean(sum *big.Rat, n int) (float64, bool) {
	if n == 0 {
		return 0, false
	}
	f, _ := new(big.Rat).Quo(sum, big.NewRat(int64(n), 1)).Float64()
	return f, true
}
