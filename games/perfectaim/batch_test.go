package perfectaim

import (
	"testing"

	"github.com/arena-classroom/arena/games"
)

func TestInspectHook(t *testing.T) {
	inspect := games.InspectorOf(Game)
	if inspect == nil {
		t.Fatal("Perfect Aim has no Inspect hook")
	}
	if got := inspect(nil); got != nil {
		t.Fatalf("Inspect of another game's state = %v, want nil", got)
	}
}
