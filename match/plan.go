package match

import (
	"fmt"

	"github.com/arena-classroom/arena/games"
)

// MaxGames bounds the games of one plan: a plan holds its games in memory, and a batch
// beyond a million games is a mistake (or an attack on a server) rather than a study.
const MaxGames = 1_000_000

// checkCount refuses a series of n games.
func checkCount(n int) error {
	if n < 1 || n > MaxGames {
		return fmt.Errorf("a batch has from 1 to %d games, not %d", MaxGames, n)
	}
	return nil
}

// Series plans n games of g between k entrants (0..k-1), all seated in every game. Game i has
// seed seed+i and seats rotated by i: seat s holds entrant (s+i) mod k, so with two entrants
// the odd games swap them and each starts as often as the other.
func Series(g games.Game, cfg games.Config, k, n int, seed uint64) ([]Job, error) {
	if min, max := g.Seats(); k < min || k > max {
		return nil, fmt.Errorf("%s is played by %s, not %d", g.ID(), seatRange(min, max), k)
	}
	if err := checkCount(n); err != nil {
		return nil, err
	}
	norm, err := normalize(g, cfg)
	if err != nil {
		return nil, err
	}
	jobs := make([]Job, n)
	for i := range jobs {
		seats := make([]int, k)
		for s := range seats {
			seats[s] = (s + i) % k
		}
		jobs[i] = Job{Config: norm, Seed: seed + uint64(i), Seats: seats}
	}
	return jobs, nil
}

// RoundRobin plans, for each config (Job.Group is its index) and each pair of the k entrants,
// a two-seat Series of n games. Every pair plays the same seeds (seed+0 … seed+n-1), so all
// pairs meet on the same boards, which makes their results comparable.
func RoundRobin(g games.Game, cfgs []games.Config, k, n int, seed uint64) ([]Job, error) {
	if min, max := g.Seats(); min > 2 || max < 2 {
		return nil, fmt.Errorf("a round robin is played in pairs, and %s is played by %s", g.ID(), seatRange(min, max))
	}
	if k < 2 {
		return nil, fmt.Errorf("a round robin needs at least two entrants, not %d", k)
	}
	// The product is taken in float64 so that it cannot overflow.
	if total := float64(len(cfgs)) * float64(k) * float64(k-1) / 2 * float64(n); total > MaxGames {
		return nil, fmt.Errorf("a round robin of %d entrants, %d configs and %d games a pair is more than %d games", k, len(cfgs), n, MaxGames)
	}
	var jobs []Job
	for group, cfg := range cfgs {
		pairGames, err := Series(g, cfg, 2, n, seed)
		if err != nil {
			return nil, err
		}
		for a := 0; a < k; a++ {
			for b := a + 1; b < k; b++ {
				for _, j := range pairGames {
					pair := [2]int{a, b}
					jobs = append(jobs, Job{
						Config: j.Config, Seed: j.Seed, Group: group,
						Seats: []int{pair[j.Seats[0]], pair[j.Seats[1]]},
					})
				}
			}
		}
	}
	return jobs, nil
}

func normalize(g games.Game, cfg games.Config) (games.Config, error) {
	var in games.Config
	if cfg != nil {
		in = cfg.Clone()
	}
	norm, err := g.Normalize(in)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", g.ID(), err)
	}
	return norm, nil
}

func seatRange(min, max int) string {
	if min == max {
		return fmt.Sprintf("%d players", min)
	}
	return fmt.Sprintf("%d to %d players", min, max)
}
