package commands

import (
	"fmt"
	"io"
	"strconv"

	"github.com/arena-classroom/arena/internal/plaintext"
	"github.com/arena-classroom/arena/lang"
	"github.com/arena-classroom/arena/rooms"
)

// roomsCommand serves `rooms`: the live rooms as text.
func (a *App) roomsCommand(c call) int {
	// Private rooms are listed to their players and teachers only.
	writeRooms(c.stdout, rooms.Visible(a.rooms.List(), c.s.Who.ID, c.s.Who.Admin), c.s.Lang)
	return 0
}

// writeRooms prints live rooms as an aligned text table, in l.
func writeRooms(w io.Writer, list []rooms.Info, l lang.Lang) {
	if len(list) == 0 {
		fmt.Fprintln(w, l.Sprintf("no live rooms"))
		return
	}
	t := plaintext.NewTable(plaintext.Left(l.Sprintf("ROOM")), plaintext.Left(l.Sprintf("GAME")), plaintext.Left(l.Sprintf("STATE")),
		plaintext.Right(l.Sprintf("WATCHING")), plaintext.Left(l.Sprintf("PLAYERS")))
	for _, r := range list {
		t.Add(r.ID, plaintext.Clean(r.Game), l.Say(string(r.Status)), strconv.Itoa(r.Spectators), plaintext.Clean(r.Players()))
	}
	t.Write(w, "")
}
