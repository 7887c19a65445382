package lobby_test

import (
	"testing"
	"time"

	"github.com/arena-classroom/arena/commands"
	"github.com/arena-classroom/arena/internal/arenatest"
	"github.com/arena-classroom/arena/internal/sshtest"
	"github.com/arena-classroom/arena/internal/until"
	"github.com/arena-classroom/arena/rooms"
)

// A student's program that waits without --size plays whoever challenges it from the lobby
// ("Play a student's bot") on the board that person's window gets (30×30 at 120×40, not the
// 20×20 a program is listed at); one that gave --size plays on its own.
func TestAProgramWaitingWithoutASizePlaysAtItsChallengersSize(t *testing.T) {
	for _, c := range []struct {
		args   string
		listed string // what the list of programs says of its board
		want   int
	}{
		{"--game sevencolors --games 1", "any size", 30},
		{"--game sevencolors --games 1 --size 10", "10×10", 10},
	} {
		t.Run(c.listed, func(t *testing.T) {
			addr, hub, app := arena(t, rooms.Config{}, commands.Options{})
			prog := arenatest.StartBot(t, sshtest.Dial(t, addr, "max", sshtest.NewKey(t)), c.args)
			prog.Next() // hello
			until.True(t, 10*time.Second, "max waiting for an opponent", func() bool {
				return len(app.Matchmaker().WaitingPrograms("sevencolors")) == 1
			})
			dave := sshtest.NewTerm(t, sshtest.Dial(t, addr, "dave", sshtest.NewKey(t)), sshtest.Size(120, 40))
			dave.WaitFor(t, "Quick match", 10*time.Second)
			dave.Type(t, "3") // Play a student's bot
			dave.WaitFor(t, "Programs waiting for an opponent", 10*time.Second)
			dave.WaitFor(t, c.listed, 10*time.Second)
			dave.Type(t, "enter")
			dave.WaitFor(t, "dave vs max", 10*time.Second)
			if got := onlyRoom(t, hub).Info().Config["size"]; got != c.want {
				t.Fatalf("max (bot %s) plays dave at 120×40 on a %d×%d board, want %d×%d", c.args, got, got, c.want, c.want)
			}
		})
	}
}
