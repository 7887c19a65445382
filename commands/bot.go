package commands

import (
	"fmt"

	"github.com/arena-classroom/arena/catalog"
)

// botCommand serves `bot --game GAME …`: a program over the bot protocol (botsession).
func (a *App) botCommand(c call) int { return a.bots.Serve(c.s, c.stdin, c.stdout, c.stderr) }

// specCommand serves `spec GAME`: the observation and action schema of a game.
func (a *App) specCommand(c call) int {
	if len(c.s.Args) != 2 {
		fmt.Fprintf(c.stderr, "usage: spec GAME (games with a bot schema: %s)\n", gameIDs(true))
		return 2
	}
	cfg := a.rooms.Config()
	text, err := catalog.Spec(c.s.Args[1], cfg.BotMove, cfg.BotBank)
	if err != nil {
		fmt.Fprintf(c.stderr, "arena: %v\n", err)
		return 2
	}
	fmt.Fprint(c.stdout, text)
	return 0
}
