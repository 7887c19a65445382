package commands

import (
	"fmt"
	"io"
	"slices"
	"time"

	"github.com/arena-classroom/arena/catalog"
)

// botCommand serves `bot --game GAME …`: a program over the bot protocol (botsession).
func (a *App) botCommand(c call) int { return a.bots.Serve(c.s, c.stdin, c.stdout, c.stderr) }

// checkCommand serves `check --game GAME`: arena check for a program that connects itself.
func (a *App) checkCommand(c call) int { return a.bots.ServeCheck(c.s, c.stdin, c.stdout, c.stderr) }

// specCommand serves `spec GAME`: the observation and action schema of a game, with this
// server's clock.
func (a *App) specCommand(c call) int {
	cfg := a.rooms.Config()
	return Spec("spec", c.s.Args[1:], cfg.BotMove, cfg.BotBank, c.stdout, c.stderr)
}

// Spec prints a game's bot schema for a program that has move per decision and bank in
// reserve: `ssh HOST spec GAME` and `arena spec GAME` (name is how the caller was called).
func Spec(name string, args []string, move, bank time.Duration, stdout, stderr io.Writer) int {
	if slices.ContainsFunc(args, isHelpFlag) {
		fmt.Fprintln(stdout, specUsage(name))
		return 0
	}
	if len(args) != 1 {
		fmt.Fprintf(stderr, "usage: %s GAME (games with a bot schema: %s)\n", name, gameIDs(true))
		return 2
	}
	text, err := catalog.Spec(args[0], move, bank)
	if err != nil {
		fmt.Fprintf(stderr, "arena: %v\n", err)
		return 2
	}
	fmt.Fprint(stdout, text)
	return 0
}

func specUsage(name string) string {
	return "usage: " + name + " GAME\n  a game's bot observation and action schema (games with one: " + gameIDs(true) + ")"
}
