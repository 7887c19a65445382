package playable_test

import (
	"testing"

	"github.com/arena-classroom/arena/catalog"
	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/games/playable"
)

// A board that no setting sizes is one a person can watch at 80×24; a size given is kept,
// and every game's watchable board fits the room an 80×24 terminal leaves.
func TestAWatchableBoardFitsAnEightyByTwentyFourTerminal(t *testing.T) {
	for _, e := range catalog.All() {
		cfg, err := e.Watchable(nil)
		if err != nil {
			t.Fatalf("%s: %v", e.Game.ID(), err)
		}
		if f, ok := e.View.(games.Fitter); ok {
			if w, h := f.BoardSize(cfg); w > playable.WatchableBoard[0] || h > playable.WatchableBoard[1] {
				t.Errorf("%s: the watchable board %v is %d×%d, more than %v", e.Game.ID(), cfg, w, h, playable.WatchableBoard)
			}
		}
		if _, sized := e.Game.Describe().Setting("size"); !sized {
			continue
		}
		def, _ := e.Game.Normalize(nil)
		given, err := e.Watchable(games.Config{"size": def["size"]})
		if err != nil || given["size"] != def["size"] {
			t.Errorf("%s: --size %d became %v (%v)", e.Game.ID(), def["size"], given, err)
		}
	}
	e, _ := catalog.Get("sevencolors")
	if cfg, _ := e.Watchable(nil); cfg["size"] != 20 {
		t.Errorf("7 Colors without a size plays %d×%d, not 20×20", cfg["size"], cfg["size"])
	}
}
