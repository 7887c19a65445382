package commands

import (
	"fmt"
	"io"
	"slices"
	"time"

	"github.com/arena-classroom/arena/catalog"
	"github.com/arena-classroom/arena/lang"
)

// botCommand serves `bot --game GAME …`: a program over the bot protocol (botsession).
func (a *App) botCommand(c call) int { return a.bots.Serve(c.s, c.stdin, c.stdout, c.stderr) }

// checkCommand serves `check --game GAME`: arena check for a program that connects itself.
func (a *App) checkCommand(c call) int { return a.bots.ServeCheck(c.s, c.stdin, c.stdout, c.stderr) }

// specCommand serves `spec GAME`: the observation and action schema of a game, with this
// server's clock.
func (a *App) specCommand(c call) int {
	cfg := a.rooms.Config()
	return spec("spec", c.s.Args[1:], cfg.BotMove, cfg.BotBank, c.stdout, c.stderr, c.s.Lang)
}

// Spec prints a game's bot schema for a program that has move per decision and bank in
// reserve: `ssh HOST spec GAME` and `arena spec GAME` (name is how the caller was called).
func Spec(name string, args []string, move, bank time.Duration, stdout, stderr io.Writer) int {
	return SpecIn(name, args, move, bank, stdout, stderr, lang.English)
}

// SpecIn is Spec with its sentences in l.
func SpecIn(name string, args []string, move, bank time.Duration, stdout, stderr io.Writer, l lang.Lang) int {
	return spec(name, args, move, bank, stdout, stderr, l)
}

// spec is Spec whose usage and errors are said in l (the schema itself is the protocol's).
func spec(name string, args []string, move, bank time.Duration, stdout, stderr io.Writer, l lang.Lang) int {
	if slices.ContainsFunc(args, isHelpFlag) {
		fmt.Fprintln(stdout, specUsage(name, l))
		return 0
	}
	if len(args) != 1 {
		fmt.Fprintln(stderr, l.Sprintf("usage: %s GAME (games with a bot schema: %s)", name, gameIDs(true)))
		return 2
	}
	text, err := catalog.SpecIn(args[0], move, bank, l)
	if err != nil {
		fmt.Fprintln(stderr, l.Sprintf("arena: %s", sayErr(err, l)))
		return 2
	}
	fmt.Fprint(stdout, text)
	return 0
}

func specUsage(name string, l lang.Lang) string {
	return l.Sprintf("usage: %s GAME\n  a game's bot observation and action schema (games with one: %s)", name, gameIDs(true))
}
