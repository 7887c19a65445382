package perfectaim

import (
	"strconv"
	"strings"

	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/lang"
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
func (g game) PracticeScheme(given games.Config, vs []string, seed uint64) string {
	return g.PracticeSchemeT(given, vs, seed).String()
}

// PracticeSchemeT is PracticeScheme in the catalog (games.PracticeTeller).
func (game) PracticeSchemeT(given games.Config, vs []string, seed uint64) lang.Text {
	colors := lang.T("you are %s", Red.Said())
	for i, v := range vs {
		colors = lang.T("%s, %s", colors, lang.T("%s %s", v, Color(i+1).Said()))
	}
	perm := lang.T("game i starts from permutation i mod 12")
	if p, ok := given[KeyPermutation]; ok {
		perm = lang.T("every game starts from permutation %d", games.Digits(p))
	}
	return lang.T("%s; %s (the games of arena match --game perfectaim --seats exec:YOURBOT,%s --seed %s)",
		colors, perm, strings.Join(vs, ","), strconv.FormatUint(seed, 10))
}

// PracticeGame is the other half: the game's seed, permutation and the player's colour, and
// the end time and everyone's coins when Inspect's figures are at hand.
func (g game) PracticeGame(cfg games.Config, seed uint64, seats, seat int, detail any) string {
	return g.PracticeGameT(cfg, seed, seats, seat, detail).String()
}

// PracticeGameT is PracticeGame in the catalog (games.PracticeTeller).
func (game) PracticeGameT(cfg games.Config, seed uint64, seats, seat int, detail any) lang.Text {
	colors := SeatColors(cfg, seats)
	where := lang.T("seed %s, permutation %d, %s", strconv.FormatUint(seed, 10), games.Digits(cfg[KeyPermutation]), colors[seat].Said())
	e, ok := detail.(*End)
	if !ok || e == nil {
		return where
	}
	var coins lang.Text
	for s, c := range colors {
		one := lang.T("%s %d", c.Said(), games.Digits(e.Coins[s]))
		if s == 0 {
			coins = one
		} else {
			coins = lang.T("%s, %s", coins, one)
		}
	}
	return lang.T("%s; over at %.2f s; coins %s", where, e.End.Float64(), coins)
}
