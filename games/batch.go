package games

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
