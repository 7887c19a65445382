package perfectaim

import (
	"fmt"
	"strings"

	"github.com/arena-classroom/arena/games"
)

// SeatColors gives the colour of each of a game's seats: the k-th colour of the config's
// mask (the first seats colours when it is 0).
func SeatColors(cfg games.Config, seats int) []Color {
	mask := cfg[KeyColors]
	if mask == 0 {
		mask = 1<<seats - 1
	}
	var out []Color
	for c := Red; c <= Green; c++ {
		if mask&(1<<c) != 0 {
			out = append(out, c)
		}
	}
	return out
}

// PracticeScheme is half of the games.Practicer hook. A practice batch is upstream's
// tournament, as `arena match --game perfectaim` plays it: the bot is RED and the --vs bots
// BLUE, YELLOW, GREEN in every game, and game i starts from permutation i mod 12 unless the
// player fixed it; so a practice run is the same games as arena match's.
func (game) PracticeScheme(given games.Config, vs []string, seed uint64) string {
	colors := []string{"you are RED"}
	for i, v := range vs {
		colors = append(colors, fmt.Sprintf("%s %s", v, Color(i+1)))
	}
	perm := "game i starts from permutation i mod 12"
	if p, ok := given[KeyPermutation]; ok {
		perm = fmt.Sprintf("every game starts from permutation %d", p)
	}
	return fmt.Sprintf("%s; %s (the games of arena match --game perfectaim --seats exec:YOURBOT,%s --seed %d)",
		strings.Join(colors, ", "), perm, strings.Join(vs, ","), seed)
}

// PracticeGame is the other half: the game's seed, permutation and the player's colour, and
// the end time and everyone's coins when Inspect's figures are at hand.
func (game) PracticeGame(cfg games.Config, seed uint64, seats, seat int, detail any) string {
	colors := SeatColors(cfg, seats)
	where := fmt.Sprintf("seed %d, permutation %d, %s", seed, cfg[KeyPermutation], colors[seat])
	e, ok := detail.(*End)
	if !ok || e == nil {
		return where
	}
	coins := make([]string, len(colors))
	for s, c := range colors {
		coins[s] = fmt.Sprintf("%s %d", c, e.Coins[s])
	}
	return fmt.Sprintf("%s; over at %.2f s; coins %s", where, e.End.Float64(), strings.Join(coins, ", "))
}
