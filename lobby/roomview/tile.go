package roomview

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/internal/plaintext"
	"github.com/arena-classroom/arena/internal/termtext"
	"github.com/arena-classroom/arena/rooms"
)

// Tile is one room drawn for the wall: a title line over its board, every line Width cells.
type Tile struct {
	Lines []string
	Width int
}

// wallTileMin is the least width of a tile: room for its title.
const wallTileMin = 24

// WallTile draws room info, whose snapshot is snap, as a tile of the wall (chosen: the one
// enter watches), its board at scale k (games.Scaler; 0 is the board's own size, and a
// board with fewer scales is drawn at its largest). A room with no board yet is the zero
// Tile.
func WallTile(v Viewer, info rooms.Info, snap *rooms.Snapshot, chosen bool, k int) Tile {
	board, bw := BoardLines(v, snap, tileScale(snap, k))
	if bw == 0 {
		return Tile{}
	}
	l := v.Lang
	title := l.Sprintf("%s %s · %s", info.ID, l.Sprintf(info.GameName), plaintext.Clean(info.Players()))
	if info.Fast {
		title = l.Sprintf("%s fast · %s", info.ID, plaintext.Clean(info.Players()))
	}
	if snap.Status == rooms.Finished && snap.Outcome != nil {
		text, _ := ResultTextIn(l, snap.Outcome.Ranks, SeatNames(snap.Seats), -1)
		title = l.Sprintf("%s · finished · %s", info.ID, text)
	}
	return BoardTile(v, title, board, bw, wallTileMin, chosen)
}

// tileScale is scale k of snap's board as far as its view draws one: 0 for a view that is
// no games.Scaler, its largest for a k beyond.
func tileScale(snap *rooms.Snapshot, k int) int {
	sc, ok := snap.View().(games.Scaler)
	if k <= 0 || !ok || snap.State == nil {
		return 0
	}
	return max(min(k, len(sc.Scales(snap.State))-1), 0)
}

// WallTileSizes lists the size (width, height in cells) of snap's tile on the wall at each
// scale of its board, scale 0 first, without drawing the larger ones: what the wall lays
// its tiles out with before it draws them. One size for a board drawn at one scale; none
// for a room with no board yet.
func WallTileSizes(v Viewer, snap *rooms.Snapshot) [][2]int {
	board, bw := BoardLines(v, snap, 0)
	if bw == 0 {
		return nil
	}
	first := [2]int{max(bw, wallTileMin), len(board) + 1}
	sc, ok := snap.View().(games.Scaler)
	if !ok || snap.State == nil {
		return [][2]int{first}
	}
	scales := sc.Scales(snap.State)
	out := make([][2]int, max(len(scales), 1))
	out[0] = first
	for k := 1; k < len(scales); k++ {
		out[k] = [2]int{max(scales[k][0], wallTileMin), scales[k][1] + 1}
	}
	return out
}

// BoardTile is a tile of the wall: title over a board of bw cells (chosen: the one enter
// watches), at least atLeast cells wide.
func BoardTile(v Viewer, title string, board []string, bw, atLeast int, chosen bool) Tile {
	st := v.St
	width := max(bw, atLeast)
	head := termtext.Fit(title, width)
	if chosen {
		head = st.Selected.Render(head)
	} else {
		head = st.Key.Render(head)
	}
	lines := []string{head}
	for _, l := range board {
		lines = append(lines, l+strings.Repeat(" ", width-bw))
	}
	return Tile{Lines: lines, Width: width}
}

// SharedWallTile is WallTile drawn once per snapshot for every wall that shows it with the
// same palette, language and scale (Snapshot.Frame), as spectators share a game's frames:
// forty walls on one room draw its tile once a change, not forty times; a projector that
// draws it larger has its own.
func SharedWallTile(v Viewer, info rooms.Info, snap *rooms.Snapshot, chosen bool, k int) Tile {
	k = tileScale(snap, k)
	key := fmt.Sprintf("wall %d %t %s %d", v.Palette, chosen, v.Lang, k)
	text := snap.Frame(key, func() string {
		t := WallTile(v, info, snap, chosen, k)
		return strconv.Itoa(t.Width) + "\n" + strings.Join(t.Lines, "\n")
	})
	head, rest, _ := strings.Cut(text, "\n")
	width, _ := strconv.Atoi(head)
	if width == 0 {
		return Tile{}
	}
	return Tile{Lines: strings.Split(rest, "\n"), Width: width}
}
