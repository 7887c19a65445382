package lobby

import (
	"fmt"
	"io"

	"github.com/arena-classroom/arena/server"
)

// botCommand serves `bot --game GAME …`: a program playing over the bot protocol.
func (a *App) botCommand(s *server.Session, stdin io.Reader, stdout, stderr io.Writer) int {
	fmt.Fprintln(stdout, `{"type":"error","msg":"the bot protocol is not available on this server yet"}`)
	return 1
}

// specCommand serves `spec GAME`: the observation and action schema of a game.
func (a *App) specCommand(s *server.Session, stdout, stderr io.Writer) int {
	fmt.Fprintln(stderr, "arena: spec is not available on this server yet")
	return 1
}
