package lobby

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/games/playable"
	"github.com/arena-classroom/arena/internal/termtext"
	"github.com/arena-classroom/arena/lobby/roomview"
)

// The setup screen offers a setting's values from its described range.
func TestSettingChoicesFollowTheDescribedRange(t *testing.T) {
	for _, c := range []struct {
		st   games.Setting
		want []int
	}{
		{games.Setting{Min: 2, Max: 50, Default: 30}, []int{2, 5, 10, 15, 20, 25, 30, 35, 40, 45, 50}},
		{games.Setting{Min: 7, Max: 35, Default: 19}, []int{7, 10, 15, 19, 20, 25, 30, 35}},
		{games.Setting{Min: 3, Max: 8, Default: 5}, []int{3, 4, 5, 6, 7, 8}},
	} {
		if got := settingChoices(c.st); !slices.Equal(got, c.want) {
			t.Errorf("%+v: %v, want %v", c.st, got, c.want)
		}
	}
}

func TestStepChoiceMovesOnePlaceAndStopsAtTheEnds(t *testing.T) {
	choices := []int{7, 10, 15, 19, 20}
	for _, c := range []struct{ v, d, want int }{
		{19, +1, 20}, {19, -1, 15}, {20, +1, 20}, {7, -1, 7},
		{12, +1, 15}, {12, -1, 10}, // a fitted value between two choices goes to its neighbours
	} {
		if got := stepChoice(choices, c.v, c.d); got != c.want {
			t.Errorf("%d %+d: %d, want %d", c.v, c.d, got, c.want)
		}
	}
}

func TestWrapWordsFoldsBetweenWords(t *testing.T) {
	got := termtext.WrapWords("anna throws a grenade up: lands at (4,9), player 2's cell drops to 2", 20)
	want := []string{"anna throws a", "grenade up: lands at", "(4,9), player 2's", "cell drops to 2"}
	if !slices.Equal(got, want) {
		t.Fatalf("%q", got)
	}
	if got := termtext.WrapWords("short", 20); !slices.Equal(got, []string{"short"}) {
		t.Fatalf("%q", got)
	}
}

func TestOnlineLineStaysOnOneLine(t *testing.T) {
	var names []string
	for i := range 1000 {
		names = append(names, fmt.Sprintf("student%03d", i))
	}
	for _, width := range []int{30, 70, 150} {
		got := onlineLine(names, width)
		if strings.Contains(got, "\n") || ansi.StringWidth(got) > width || !strings.HasSuffix(got, " more") {
			t.Fatalf("width %d: %q (%d cells)", width, got, ansi.StringWidth(got))
		}
	}
	if got := onlineLine([]string{"ann", "bob"}, 70); got != "ann, bob" {
		t.Fatalf("%q", got)
	}
	if got := onlineLine(names[:3], 30); got != "student000, … and 2 more" {
		t.Fatalf("%q", got)
	}
}

func TestResultTextTellsEachPlayerTheirPlace(t *testing.T) {
	names := []string{"anna", "zidane", "bobmorane", "gangsterino"}
	for _, tc := range []struct {
		ranks []int
		seat  int
		want  string
		mood  int
	}{
		{[]int{1, 2}, 0, "You win!", 1},
		{[]int{1, 2}, 1, "You lose. anna wins.", -1},
		{[]int{1, 1}, 1, "Draw.", 0},
		{[]int{3, 1, 1, 4}, 0, "You finish 3rd of 4. zidane and bobmorane share first.", -1},
		{[]int{3, 1, 1, 4}, 1, "You share first place. zidane and bobmorane share first.", 1},
		{[]int{2, 1, 2, 4}, 2, "You share 2nd place of 4. zidane wins.", -1},
		{[]int{3, 1, 1, 4}, -1, "zidane and bobmorane share first.", 0},
		{[]int{1, 1, 1, 4}, -1, "anna, zidane and bobmorane share first.", 0},
	} {
		got, mood := roomview.ResultText(tc.ranks, names[:len(tc.ranks)], tc.seat)
		if got != tc.want || mood != tc.mood {
			t.Errorf("%v seat %d: %q %d, want %q %d", tc.ranks, tc.seat, got, mood, tc.want, tc.mood)
		}
	}
}

// playable.WatchableBoard, the board an 80×24 terminal leaves room for (programs and
// assignments without a size play on it), is the room the game screen gives a board there.
func TestTheWatchableBoardIsTheRoomOfAnEightyByTwentyFourTerminal(t *testing.T) {
	if w, h := roomview.BoardRoom(80, 24); w != playable.WatchableBoard[0] || h != playable.WatchableBoard[1] {
		t.Fatalf("BoardRoom(80, 24) is %d×%d, playable.WatchableBoard %v", w, h, playable.WatchableBoard)
	}
}
