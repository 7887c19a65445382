package botsession

import (
	"strconv"

	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/lang"
	"github.com/arena-classroom/arena/match"
)

// Practice plans: the seats rotate (match.PlanSeries), or follow the game's games.Seater
// hook, so a practice run deals the same games as arena match's with the same seed (house
// bots that draw at random play otherwise: the server keys them with its secret).

// practiceJobs plans args.games games between k entrants, the bot being entrant 0. A game
// with the games.Seater hook plans from the settings the player gave, not their normalized
// defaults (Perfect Aim tells a fixed permutation from none by it).
func practiceJobs(args botArgs, k int) (match.Schedule, error) {
	g := args.entry.Game
	cfg := args.config
	if _, ok := g.(games.Seater); ok {
		cfg = args.given()
	}
	s, err := match.PlanSeries(g, cfg, k, args.games, args.seed)
	if err != nil || args.seedOf == nil {
		return s, err
	}
	at := s.At
	s.At = func(i int) match.Job {
		j := at(i)
		j.Seed = args.seedOf(i)
		return j
	}
	return s, nil
}

// practiceScheme is a sentence on how the games are set up, for the session's stderr (a
// lang.Text, or a game's own sentence).
func practiceScheme(args botArgs) any {
	if p, ok := args.entry.Game.(games.PracticeTeller); ok {
		return p.PracticeSchemeT(args.given(), args.vs, args.seed)
	}
	if p, ok := args.entry.Game.(games.Practicer); ok {
		return p.PracticeScheme(args.given(), args.vs, args.seed)
	}
	if len(args.vs) > 1 {
		return lang.T("the seats rotate (you sit in seat 0 in the first game, then in the last, and so on)")
	}
	return lang.T("the seats alternate (you sit in seat 0 in the first game)")
}

// practiceResult describes a finished game for the session's stderr: its seed and seat, or
// what the game's games.Practicer hook says of it.
func practiceResult(args botArgs, job match.Job, seat int, r match.Result) any {
	if args.seedsHidden {
		return lang.T("seat %d", seat)
	}
	if p, ok := args.entry.Game.(games.PracticeTeller); ok {
		return p.PracticeGameT(job.Config, job.Seed, len(job.Seats), seat, r.Detail)
	}
	if p, ok := args.entry.Game.(games.Practicer); ok {
		return p.PracticeGame(job.Config, job.Seed, len(job.Seats), seat, r.Detail)
	}
	return lang.T("seed %s, seat %d", strconv.FormatUint(job.Seed, 10), seat)
}

// given is the config as the player gave it: the keys set, not the normalized defaults.
func (b botArgs) given() games.Config {
	given := games.Config{}
	for _, key := range b.setKeys {
		given[key] = b.config[key]
	}
	return given
}
