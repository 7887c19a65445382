package games

import "github.com/arena-classroom/arena/lang"

// Inspector is an optional hook of a Game whose finished games have figures beyond the
// outcome (Perfect Aim: coins, deaths, end time). Headless batches and practice sessions
// take them from the final state, while it is at hand, into their results' Detail.
type Inspector interface {
	// Inspect reads the final state of a game that ended by its rules; nil when st is not
	// one of the game's states. It must only read st and be safe for concurrent use.
	Inspect(st State) any
}

// InspectorOf is g's Inspect, or nil when g has no extra figures.
func InspectorOf(g Game) func(st State) any {
	if in, ok := g.(Inspector); ok {
		return in.Inspect
	}
	return nil
}

// Seater is an optional hook of a Game whose batches keep every entrant in its seat and vary
// the config instead of rotating the seats (Perfect Aim: game i starts from permutation i,
// which moves the start corners). Without it, a batch rotates the seats.
type Seater interface {
	// BatchConfigs checks a batch of k entrants on cfg, as the player gave it (the keys set,
	// not normalized), and gives the configs its games cycle through: game i is played on
	// configs[i % len(configs)], entrant s in seat s.
	BatchConfigs(cfg Config, k int) ([]Config, error)
}

// Practicer is an optional hook of a Game whose practice sessions (`bot --practice`) say more
// than "the seats alternate" and a game's seed and seat (Perfect Aim: colours, permutations,
// coins and end time).
type Practicer interface {
	// PracticeScheme says how the games of a practice batch are set up: the player is entrant
	// 0, vs names the house bots after it, given is the config as the player gave it.
	PracticeScheme(given Config, vs []string, seed uint64) string
	// PracticeGame describes one finished game: its normalized config and seed, its number of
	// seats, the player's seat, and its Inspect figures (nil when it has none).
	PracticeGame(cfg Config, seed uint64, seats, seat int, detail any) string
}

// PracticeTeller is a Practicer whose sentences are in the catalog, said in the player's
// language: PracticeScheme and PracticeGame as lang.Text.
type PracticeTeller interface {
	PracticeSchemeT(given Config, vs []string, seed uint64) lang.Text
	PracticeGameT(cfg Config, seed uint64, seats, seat int, detail any) lang.Text
}
