package lobby_test

import (
	"strings"
	"testing"
	"time"

	"github.com/arena-classroom/arena/commands"
	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/internal/sshtest"
	"github.com/arena-classroom/arena/rooms"
)

// The wall shows every live game at once, live; enter watches the chosen one and esc comes
// back to the wall.
func TestTheWallShowsEveryLiveGame(t *testing.T) {
	addr, hub, _ := arena(t, rooms.Config{TickHz: 50, BotPace: 200 * time.Millisecond}, commands.Options{FillAfter: time.Hour})
	e := sevenColors(t)
	var ids []string
	for range 3 {
		r, err := hub.Create(rooms.Spec{Game: e.Entry, Config: games.Config{"size": 10}, Seats: []rooms.Seat{
			{Kind: rooms.HouseBot, BotName: "greedy"}, {Kind: rooms.HouseBot, BotName: "random"}}})
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, r.ID())
	}
	term := sshtest.NewTerm(t, sshtest.Dial(t, addr, "teacher", sshtest.NewKey(t)), sshtest.Command("wall"), sshtest.Size(160, 50))
	term.WaitFor(t, func(s string) bool {
		for _, id := range ids {
			if !strings.Contains(s, id+" 7 Colors") {
				return false
			}
		}
		return strings.Contains(s, "3 games being played")
	}, 10*time.Second)
	term.Send(t, "\r") // the first game, zoomed
	term.WaitFor(t, "7 Colors · room "+ids[0], 10*time.Second)
	term.Reset()
	term.Send(t, "\x1b") // esc: back to the wall
	term.WaitFor(t, "being played", 10*time.Second)
	if _, _, code := sshtest.Exec(t, sshtest.Dial(t, addr, "x", sshtest.NewKey(t)), "wall"); code == 0 {
		t.Fatal("wall without a terminal succeeded")
	}
}
