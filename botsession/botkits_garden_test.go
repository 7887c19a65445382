package botsession_test

import (
	"testing"

	"github.com/arena-classroom/arena/games"
)

// gardenKits are the Garden Tensions starters, one strategy in C and in Python.
var gardenKits = []kit{cKit("garden_bot.c", "garden_bot"), pythonKit("garden_bot.py")}

// Each kit plays practice games over SSH without a refused command, and under exec the two
// make the same moves (one strategy) with no default played.
func TestGardenKits(t *testing.T) {
	kitsPlayAlike(t, gardenKits, "garden", "--vs heuristic --config rounds=10", "heuristic", games.Config{"rounds": 10})
}
