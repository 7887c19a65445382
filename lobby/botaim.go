package lobby

import (
	"fmt"
	"strings"

	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/games/perfectaim"
	"github.com/arena-classroom/arena/match"
)

// Practice plans. Turn-based games rotate the seats (match.PlanSeries). Perfect Aim plays
// upstream's tournament scheme, as `arena match --game perfectaim` does: the bot is RED and
// the --vs bots BLUE, YELLOW, GREEN in every game, and game i starts from permutation i mod
// 12 (the start corners move) unless --config permutation=P fixes it. So a practice run is
// the same games as `arena match --game perfectaim --seats exec:BOT,VS… --seed S`.

func isAim(e games.Game) bool { return e.ID() == perfectaim.Game.ID() }

// practiceJobs plans args.games games between k entrants, the bot being entrant 0. A game
// with the games.Seater hook plans from the settings the player gave, not their normalized
// defaults (Perfect Aim tells a fixed permutation from none by it).
func practiceJobs(args botArgs, k int) (match.Schedule, error) {
	g := args.entry.Game
	if _, ok := g.(games.Seater); !ok {
		return match.PlanSeries(g, args.config, k, args.games, args.seed)
	}
	given := games.Config{}
	for _, key := range args.setKeys {
		given[key] = args.config[key]
	}
	return match.PlanSeries(g, given, k, args.games, args.seed)
}

// practiceScheme is a sentence on how the games are set up, for the session's stderr.
func practiceScheme(args botArgs) string {
	if !isAim(args.entry.Game) {
		return "the seats alternate (you move first in the first game)"
	}
	colors := []string{"you are RED"}
	for i, v := range args.vs {
		colors = append(colors, fmt.Sprintf("%s %s", v, perfectaim.Color(i+1)))
	}
	perm := "game i starts from permutation i mod 12"
	if args.isSet(perfectaim.KeyPermutation) {
		perm = fmt.Sprintf("every game starts from permutation %d", args.config[perfectaim.KeyPermutation])
	}
	return fmt.Sprintf("%s; %s (the games of arena match --game perfectaim --seats exec:YOURBOT,%s --seed %d)",
		strings.Join(colors, ", "), perm, strings.Join(args.vs, ","), args.seed)
}

// practiceResult describes a finished game for the session's stderr: its setting, and for
// Perfect Aim the colours, coins and end time.
func practiceResult(args botArgs, job match.Job, seat int, r match.Result) string {
	if !isAim(args.entry.Game) {
		return fmt.Sprintf("seed %d, seat %d", job.Seed, seat)
	}
	colors := match.SeatColors(job.Config, len(job.Seats))
	where := fmt.Sprintf("seed %d, permutation %d, %s", job.Seed, job.Config[perfectaim.KeyPermutation], colors[seat])
	e, ok := r.Detail.(*match.PerfectAimEnd)
	if !ok || e == nil {
		return where
	}
	coins := make([]string, len(colors))
	for s, c := range colors {
		coins[s] = fmt.Sprintf("%s %d", c, e.Coins[s])
	}
	return fmt.Sprintf("%s; over at %.2f s; coins %s", where, e.End.Float64(), strings.Join(coins, ", "))
}
