package roomview

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/arena-classroom/arena/internal/plaintext"
	"github.com/arena-classroom/arena/internal/termtext"
	"github.com/arena-classroom/arena/rooms"
)

// Tile is one room drawn for the wall: a title line over its board, every line Width cells.
type Tile struct {
	Lines []string
	Width int
}

// WallTile draws room info, whose snapshot is snap, as a tile of the wall (chosen: the one
// enter watches). A room with no board yet is the zero Tile.
func WallTile(v Viewer, info rooms.Info, snap *rooms.Snapshot, chosen bool) Tile {
	board, bw := BoardLines(v, snap, 0)
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
	return BoardTile(v, title, board, bw, 24, chosen)
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
// same palette (Snapshot.Frame), as spectators share a game's frames: forty walls on one
// room draw its tile once a change, not forty times.
func SharedWallTile(v Viewer, info rooms.Info, snap *rooms.Snapshot, chosen bool) Tile {
	key := fmt.Sprintf("wall %d %t %s", v.Palette, chosen, v.Lang)
	text := snap.Frame(key, func() string {
		t := WallTile(v, info, snap, chosen)
		return strconv.Itoa(t.Width) + "\n" + strings.Join(t.Lines, "\n")
	})
	head, rest, _ := strings.Cut(text, "\n")
	width, _ := strconv.Atoi(head)
	if width == 0 {
		return Tile{}
	}
	return Tile{Lines: strings.Split(rest, "\n"), Width: width}
}
