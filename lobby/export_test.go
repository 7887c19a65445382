package lobby

// WatchSeeds makes a hear the seed of every practice and assignment game as it starts.
func WatchSeeds(a *App, f func(seed uint64)) { a.seedWatch = f }
