package tournaments

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/arena-classroom/arena/catalog"
	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/replay"
	"github.com/arena-classroom/arena/rooms"
)

// drawnAt is the scale at which the wall drawn (ANSI stripped) shows every board of w's
// rooms, and how many of them it shows: -1 when the boards it shows are not all at one
// scale, or it shows none.
func drawnAt(t *testing.T, w *wallScreen, drawn string) (scale, count int) {
	t.Helper()
	lines := strings.Split(ansi.Strip(drawn), "\n")
	scale = -2
	for _, info := range w.shown {
		snap := w.snaps[info.ID]
		sc := snap.View().(games.Scaler)
		found := -1
		for k := range sc.Scales(snap.State) {
			if hasBoard(lines, strings.Split(ansi.Strip(sc.ScaledBoard(snap.State, -1, games.ANSI256, k)), "\n")) {
				found = k
			}
		}
		if found < 0 {
			continue // not on this page
		}
		count++
		if scale != -2 && scale != found {
			return -1, count
		}
		scale = found
	}
	if count == 0 {
		return -1, 0
	}
	return scale, count
}

// hasBoard reports whether the board's lines are drawn on the wall's, one under the other
// from the same column.
func hasBoard(wall, board []string) bool {
	for at := range wall {
		if at+len(board) > len(wall) {
			return false
		}
		for col := strings.Index(wall[at], board[0]); col >= 0; {
			ok := true
			for i, b := range board {
				if l := wall[at+i]; len(l) < col+len(b) || l[col:col+len(b)] != b {
					ok = false
					break
				}
			}
			if ok {
				return true
			}
			next := strings.Index(wall[at][col+1:], board[0])
			if next < 0 {
				break
			}
			col += 1 + next
		}
	}
	return false
}

// fits checks that the wall drawn holds in width × height.
func fits(t *testing.T, drawn string, width, height int) {
	t.Helper()
	lines := strings.Split(drawn, "\n")
	if len(lines) > height {
		t.Fatalf("%d×%d: the wall has %d lines", width, height, len(lines))
	}
	for _, l := range lines {
		if ansi.StringWidth(l) > width {
			t.Fatalf("%d×%d: a line of the wall is %d wide: %q", width, height, ansi.StringWidth(l), ansi.Strip(l))
		}
	}
}

// The wall draws its live games as large as its window holds them all, one scale for all:
// one 7 Colors 10×10 game at 160×50 with cells 8×4 (scale 3: 80×40), at 120×40 6×3; two
// side by side at 160×50 with cells 6×3; four at 160×50 with cells 4×2 (three a row, two
// rows). Two 20×20 games at 160×50 stay at their size (the next is 80×40: two do not fit). A class's twelve games at 120×40 stay at their own size, the
// twelve of them on the page, as before boards were drawn larger; twenty show twelve.
func TestTheWallDrawsFewGamesLarge(t *testing.T) {
	for _, c := range []struct {
		games, size, width, height int
		scale, shown               int
	}{
		{1, 10, 160, 50, 3, 1},
		{1, 10, 120, 40, 2, 1},
		{2, 10, 160, 50, 2, 2},
		{2, 20, 160, 50, 0, 2},
		{4, 10, 160, 50, 1, 4},
		{12, 10, 120, 40, 0, 12},
		{20, 10, 120, 40, 0, 12},
		{12, 20, 160, 50, 0, 6},
	} {
		w, _ := liveWall(t, c.games, c.size)
		drawn := w.draw(wallModel(c.width, c.height))
		fits(t, drawn, c.width, c.height)
		scale, shown := drawnAt(t, w, drawn)
		if scale != c.scale || shown != c.shown {
			t.Errorf("%d games %d×%d at %d×%d: %d shown at scale %d, want %d at scale %d\n%s",
				c.games, c.size, c.size, c.width, c.height, shown, scale, c.shown, c.scale, ansi.Strip(drawn))
		}
	}
}

// A tile is drawn once per snapshot for every wall of the same palette, language and scale:
// a projector's wall and a smaller one on the same games each get the tile at their own
// scale, whichever draws first.
func TestTheWallsOfTwoSizesDrawTheirOwnTiles(t *testing.T) {
	for _, order := range [][2]int{{0, 1}, {1, 0}} {
		w, _ := liveWall(t, 1, 10)
		sizes := [][2]int{{160, 50}, {120, 40}}
		want := []int{3, 2}
		for _, i := range order {
			drawn := w.draw(wallModel(sizes[i][0], sizes[i][1]))
			fits(t, drawn, sizes[i][0], sizes[i][1])
			if scale, _ := drawnAt(t, w, drawn); scale != want[i] {
				t.Errorf("the wall at %v drawn after the one at %v shows its game at scale %d, want %d",
					sizes[i], sizes[1-i], scale, want[i])
			}
		}
	}
}

// A tournament's wall keeps its panel and its replay beside a live game drawn large: the
// live board is drawn at the largest scale at which it still leaves the replay its place.
func TestATournamentsWallDrawsItsLiveGameLarge(t *testing.T) {
	e, _ := catalog.Get("sevencolors")
	for _, c := range []struct{ width, height, scale int }{{160, 50, 3}, {120, 40, 1}} {
		w, _ := liveWall(t, 1, 10)
		m := wallModel(c.width, c.height)
		rp := replay.Replay{Game: "sevencolors", Config: games.Config{"size": 10}, Seed: 7, Seats: []string{"bob", "cy"}}
		w.code, w.casting = "TW", replayLoaded{info: rooms.Info{ID: "r9", Tag: "tournament TW 1 0 0 house:bob house:cy"}, entry: e.Entry, rp: &rp}.start(m.now)
		drawn := w.draw(m)
		fits(t, drawn, c.width, c.height)
		if scale, shown := drawnAt(t, w, drawn); scale != c.scale || shown != 1 {
			t.Errorf("%d×%d: the live game shown %d at scale %d, want at scale %d\n%s", c.width, c.height, shown, scale, c.scale, ansi.Strip(drawn))
		}
		if !strings.Contains(ansi.Strip(drawn), "replay · round 1 · move 0/") || !strings.Contains(ansi.Strip(drawn), "loading the tournament") {
			t.Errorf("%d×%d: the replay or the panel is gone\n%s", c.width, c.height, ansi.Strip(drawn))
		}
	}
}
