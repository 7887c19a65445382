package botsession

import (
	"testing"

	"github.com/arena-classroom/arena/catalog"
	"github.com/arena-classroom/arena/games"
)

// A program without --size plays, practises and waits for a challenger on a board a person
// can watch at 80×24 (7 Colors 20×20, not the rules' 30×30); --size is kept; an assignment
// without a size stores the one its games are played at.
func TestWithoutASizeProgramsPlayABoardAPersonCanWatch(t *testing.T) {
	for _, tc := range []struct {
		args []string
		size int
	}{
		{[]string{"--game", "sevencolors"}, 20},
		{[]string{"--game", "sevencolors", "--practice"}, 20},
		{[]string{"--game", "sevencolors", "--size", "30"}, 30},
		{[]string{"--game", "sevencolors", "--config", "size=10"}, 10},
	} {
		b, err := parseBotArgs(tc.args)
		if err != nil {
			t.Fatalf("%v: %v", tc.args, err)
		}
		if b.config["size"] != tc.size {
			t.Errorf("%v: plays %d×%d, want %d×%d", tc.args, b.config["size"], b.config["size"], tc.size, tc.size)
		}
	}
	e, _ := catalog.Get("sevencolors")
	given, _, err := CheckAssignment(e, games.Config{}, 10, "greedy")
	if err != nil {
		t.Fatal(err)
	}
	if given["size"] != 20 {
		t.Errorf("an assignment without a size stores %v", given)
	}
}
