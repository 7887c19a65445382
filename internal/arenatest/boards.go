package arenatest

import (
	"slices"
	"strings"

	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/internal/sshtest"
	"github.com/arena-classroom/arena/rooms"
)

// PlainBoards is snap's board without colour at every scale (games.Scaler), scale 0 first:
// a screen draws the largest its window has room for.
func PlainBoards(snap *rooms.Snapshot) []string {
	boards := []string{snap.Board(games.Plain)}
	if sc, ok := snap.View().(games.Scaler); ok {
		for k := 1; k < len(sc.Scales(snap.State)); k++ {
			boards = append(boards, sc.ScaledBoard(snap.State, -1, games.Plain, k))
		}
	}
	return boards
}

// ShowsBoard reports whether a game screen shows snap's board, at any scale, its rows one
// under the other at the start of their lines.
func ShowsBoard(screen string, snap *rooms.Snapshot) bool {
	return slices.ContainsFunc(PlainBoards(snap), func(board string) bool { return sshtest.ShowsBoard(screen, board) })
}

// SawBoard reports whether a terminal's output holds every row of snap's board at one
// scale (its rows anywhere: the output of a whole session, not one screen).
func SawBoard(output string, snap *rooms.Snapshot) bool {
	return slices.ContainsFunc(PlainBoards(snap), func(board string) bool {
		for _, row := range strings.Split(board, "\n") {
			if !strings.Contains(output, strings.TrimRight(row, " ")) {
				return false
			}
		}
		return true
	})
}
