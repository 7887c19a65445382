// Package roomview draws a room's snapshot for one viewer: the side panel beside the board
// (players, whose turn, clocks, the result, the last moves), the waiting room, the result in
// words, a room's tile on the wall, and the panel of a stored game replayed. What it draws is
// a function of the snapshot (or the record), the viewer (seat, palette, styles, window
// height, the time) and a width: no session, screen or hub.
package roomview

import (
	"time"

	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/lang"
	"github.com/arena-classroom/arena/lobby/widget"
)

// Viewer is who looks at a room, and how.
type Viewer struct {
	St      *widget.Styles
	Palette games.Palette
	Seat    int       // -1 for a spectator
	Now     time.Time // what the clocks show is as of now
	Height  int       // the window's rows: the log takes those the panel leaves
	// Replays says that finished games can be watched again (an archive keeps them): the
	// result then names the command.
	Replays bool
	// Lang is the language the viewer reads (English when unset).
	Lang lang.Lang
}
