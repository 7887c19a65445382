package match

import (
	"strconv"

	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/lang"
)

// MaxGames bounds the games of one plan: a batch beyond a million games is a mistake (or an
// attack on a server) rather than a study. Plans make their games on demand (Schedule), so
// the bound is about time, not memory.
const MaxGames = 1_000_000

// checkCount refuses a series of n games.
func checkCount(n int) error {
	if n < 1 || n > MaxGames {
		return lang.Errorf("a batch has from 1 to %d games, not %s", MaxGames, strconv.Itoa(n)) // n as typed
	}
	return nil
}

// Schedule is a batch's games made on demand: game i is At(i), for i in [0, N). A planner
// allocates nothing per game, so planning a million games costs no memory before they run.
// At must be safe for concurrent use and give the same Job for the same i.
type Schedule struct {
	N  int
	At func(i int) Job
}

// List makes every game of s: for tests and small batches.
func (s Schedule) List() []Job {
	jobs := make([]Job, s.N)
	for i := range jobs {
		jobs[i] = s.At(i)
	}
	return jobs
}

// Series plans n games of g between k entrants (0..k-1), all seated in every game. Game i has
// seed seed+i and seats rotated by i: seat s holds entrant (s+i) mod k, so with two entrants
// the odd games swap them and each starts as often as the other.
func Series(g games.Game, cfg games.Config, k, n int, seed uint64) ([]Job, error) {
	s, err := PlanSeries(g, cfg, k, n, seed)
	if err != nil {
		return nil, err
	}
	return s.List(), nil
}

// PlanSeries is Series made on demand.
//
// A game with the games.Seater hook seats entrant s in seat s of every game instead, and game
// i is played on the hook's configs[i % len(configs)].
func PlanSeries(g games.Game, cfg games.Config, k, n int, seed uint64) (Schedule, error) {
	if seater, ok := g.(games.Seater); ok {
		return seatedSeries(g, seater, cfg, k, n, seed)
	}
	if min, max := g.Seats(); k < min || k > max {
		return Schedule{}, lang.Errorf("%s is played by %s, not %d", g.ID(), seatRange(min, max), k)
	}
	if err := checkCount(n); err != nil {
		return Schedule{}, err
	}
	norm, err := normalize(g, cfg)
	if err != nil {
		return Schedule{}, err
	}
	return Schedule{N: n, At: func(i int) Job {
		return Job{Config: norm, Seed: seed + uint64(i), Seats: rotated(k, i)}
	}}, nil
}

func seatedSeries(g games.Game, seater games.Seater, cfg games.Config, k, n int, seed uint64) (Schedule, error) {
	if err := checkCount(n); err != nil {
		return Schedule{}, err
	}
	cfgs, err := seater.BatchConfigs(cfg, k)
	if err != nil {
		return Schedule{}, err
	}
	for c := range cfgs {
		if cfgs[c], err = normalize(g, cfgs[c]); err != nil {
			return Schedule{}, err
		}
	}
	seats := rotated(k, 0) // games share it, and their configs, read-only
	return Schedule{N: n, At: func(i int) Job {
		return Job{Config: cfgs[i%len(cfgs)], Seed: seed + uint64(i), Seats: seats}
	}}, nil
}

// rotated seats k entrants rotated by i: seat s holds entrant (s+i) mod k.
func rotated(k, i int) []int {
	seats := make([]int, k)
	for s := range seats {
		seats[s] = (s + i) % k
	}
	return seats
}

// RoundRobin plans, for each config (Job.Group is its index) and each pair of the k entrants,
// a two-seat Series of n games. Every pair plays the same seeds (seed+0 … seed+n-1), so all
// pairs meet on the same boards, which makes their results comparable.
func RoundRobin(g games.Game, cfgs []games.Config, k, n int, seed uint64) ([]Job, error) {
	s, err := PlanRoundRobin(g, cfgs, k, n, seed)
	if err != nil {
		return nil, err
	}
	return s.List(), nil
}

// PlanRoundRobin is RoundRobin made on demand. Its games are ordered by config, then by pair
// (a, b) with a < b in lexical order, then by game of the pair's series.
func PlanRoundRobin(g games.Game, cfgs []games.Config, k, n int, seed uint64) (Schedule, error) {
	if min, max := g.Seats(); min > 2 || max < 2 {
		return Schedule{}, lang.Errorf("a round robin is played in pairs, and %s is played by %s", g.ID(), seatRange(min, max))
	}
	if k < 2 {
		return Schedule{}, lang.Errorf("a round robin needs at least two entrants, not %d", k)
	}
	// The product is taken in float64 so that it cannot overflow.
	if total := float64(len(cfgs)) * float64(k) * float64(k-1) / 2 * float64(n); total > MaxGames {
		return Schedule{}, lang.Errorf("a round robin of %d entrants, %d configs and %d games a pair is more than %d games", k, len(cfgs), n, MaxGames)
	}
	series := make([]Schedule, len(cfgs))
	for group, cfg := range cfgs {
		s, err := PlanSeries(g, cfg, 2, n, seed)
		if err != nil {
			return Schedule{}, err
		}
		series[group] = s
	}
	pairs := k * (k - 1) / 2
	return Schedule{N: len(cfgs) * pairs * n, At: func(i int) Job {
		group, r := i/(pairs*n), i%(pairs*n)
		a, b := nthPair(k, r/n)
		j := series[group].At(r % n)
		pair := [2]int{a, b}
		return Job{Config: j.Config, Seed: j.Seed, Group: group, Seats: []int{pair[j.Seats[0]], pair[j.Seats[1]]}}
	}}, nil
}

// nthPair is the p-th pair (a, b), a < b, of k entrants in lexical order.
func nthPair(k, p int) (a, b int) {
	for a = 0; p >= k-1-a; a++ {
		p -= k - 1 - a
	}
	return a, a + 1 + p
}

func normalize(g games.Game, cfg games.Config) (games.Config, error) {
	var in games.Config
	if cfg != nil {
		in = cfg.Clone()
	}
	norm, err := g.Normalize(in)
	if err != nil {
		return nil, lang.Errorf("%s: %s", g.ID(), err)
	}
	return norm, nil
}

func seatRange(min, max int) lang.Text {
	if min == max {
		return lang.T("%d players", min)
	}
	return lang.T("%d to %d players", min, max)
}
