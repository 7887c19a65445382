package roomview_test

import (
	"io"
	"strings"
	"testing"

	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"

	"github.com/arena-classroom/arena/catalog"
	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/lang"
	"github.com/arena-classroom/arena/lobby/roomview"
	"github.com/arena-classroom/arena/lobby/widget"
	"github.com/arena-classroom/arena/rooms"
)

// The wall lays its tiles out on the sizes WallTileSizes gives before it draws them: for
// every game, in both languages and every palette, the tile drawn at each scale is the size
// said, every line as wide; a scale beyond the board's largest draws (and shares) its
// largest, and a game drawn at one scale is drawn at it whatever the scale asked.
func TestWallTilesAreTheSizeTheySay(t *testing.T) {
	st := widget.NewStyles(lipgloss.NewRenderer(io.Discard))
	for _, e := range catalog.All() {
		cfg, err := e.Game.Normalize(nil)
		if err != nil {
			t.Fatal(err)
		}
		lo, _ := e.Game.Seats()
		state, err := e.Game.New(cfg, max(lo, 2), 1)
		if err != nil {
			t.Fatal(err)
		}
		info := rooms.Info{ID: "r1", Game: e.Game.ID(), GameName: e.Game.Name(), Status: rooms.Playing,
			Seats: []rooms.SeatInfo{{Name: "ada"}, {Name: "dee"}}}
		for _, l := range []lang.Lang{lang.English, lang.French} {
			for _, p := range games.Palettes {
				v := roomview.Viewer{St: st, Palette: p, Seat: -1, Lang: l}
				snap := rooms.Scene{Info: info, ToMove: -1}.Snapshot(e.View, state)
				sizes := roomview.WallTileSizes(v, snap)
				if len(sizes) == 0 {
					t.Fatalf("%s: no tile sizes", e.Game.ID())
				}
				if _, ok := e.View.(games.Scaler); !ok && len(sizes) != 1 {
					t.Errorf("%s draws its board at one scale, yet its tile has %d sizes", e.Game.ID(), len(sizes))
				}
				for k := range len(sizes) + 1 {
					tile := roomview.SharedWallTile(v, info, snap, false, k)
					want := sizes[min(k, len(sizes)-1)]
					if tile.Width != want[0] || len(tile.Lines) != want[1] {
						t.Errorf("%s %s palette %d scale %d: a tile %d×%d, said %d×%d", e.Game.ID(), l, p, k, tile.Width, len(tile.Lines), want[0], want[1])
					}
					for _, line := range tile.Lines {
						if w := ansi.StringWidth(line); w != tile.Width {
							t.Errorf("%s %s palette %d scale %d: a line %d wide in a tile %d wide", e.Game.ID(), l, p, k, w, tile.Width)
							break
						}
					}
					if again := roomview.WallTile(v, info, snap, false, k); ansi.Strip(strings.Join(again.Lines, "\n")) != ansi.Strip(strings.Join(tile.Lines, "\n")) {
						t.Errorf("%s scale %d: the shared tile's board is not the one drawn at that scale", e.Game.ID(), k)
					}
				}
			}
		}
	}
}
