package botsession_test

import (
	"testing"

	"github.com/arena-classroom/arena/games"
)

// dwKits are the DiceWars starters: the C one around the seed's PlayTurn, and the Python one.
var dwKits = []kit{cKit("dicewars_bot.c", "dicewars_bot"), pythonKit("dicewars_bot.py")}

// Each kit plays practice games over SSH without a refused action, and under exec the two
// make the same moves (one strategy) with no default played.
func TestDiceWarsKits(t *testing.T) {
	kitsPlayAlike(t, dwKits, "dicewars", "--vs seed,classic --config areas=12", "seed", games.Config{"areas": 12})
}
