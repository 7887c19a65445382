package garden_test

import (
	"testing"

	"github.com/arena-classroom/arena/games/gametest"
	"github.com/arena-classroom/arena/games/garden"
)

// The engine contract, checked from outside. The catalog's test runs all of it again with the
// view and the house bots; the checks here need neither.
func TestConformance(t *testing.T) {
	s := gametest.Subject{Game: garden.Game}
	t.Run("RandomPlayEnds", func(t *testing.T) { gametest.RandomPlayEnds(t, s) })
	t.Run("CloneIsIndependent", func(t *testing.T) { gametest.CloneIsIndependent(t, s) })
	t.Run("ActionsSurviveJSON", func(t *testing.T) { gametest.ActionsSurviveJSON(t, s) })
	t.Run("ReplayResimulates", func(t *testing.T) { gametest.ReplayResimulates(t, s) })
	t.Run("PositionsRoundTrip", func(t *testing.T) { gametest.PositionsRoundTrip(t, s) })
}
