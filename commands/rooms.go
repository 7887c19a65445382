package commands

import (
	"fmt"
	"io"
	"strconv"

	"github.com/arena-classroom/arena/internal/plaintext"
	"github.com/arena-classroom/arena/rooms"
)

// roomsCommand serves `rooms`: the live rooms as text.
func (a *App) roomsCommand(c call) int {
	// Private rooms are listed to their players and teachers only.
	writeRooms(c.stdout, rooms.Visible(a.rooms.List(), c.s.Who.ID, c.s.Who.Admin))
	return 0
}

// writeRooms prints live rooms as an aligned text table.
func writeRooms(w io.Writer, list []rooms.Info) {
	if len(list) == 0 {
		fmt.Fprintln(w, "no live rooms")
		return
	}
	t := plaintext.NewTable(plaintext.Left("ROOM"), plaintext.Left("GAME"), plaintext.Left("STATE"), plaintext.Right("WATCHING"), plaintext.Left("PLAYERS"))
	for _, r := range list {
		t.Add(r.ID, plaintext.Clean(r.Game), string(r.Status), strconv.Itoa(r.Spectators), plaintext.Clean(r.Players()))
	}
	t.Write(w, "")
}
