package commands

import (
	"fmt"
	"io"
	"slices"

	"github.com/arena-classroom/arena/catalog"
	"github.com/arena-classroom/arena/docs"
)

// rulesCommand serves `rules GAME`: the game's rules page as text, for a student who has only
// SSH (the refusals their program gets cite its headings).
func (a *App) rulesCommand(c call) int { return Rules("rules", c.s.Args[1:], c.stdout, c.stderr) }

// Rules prints a game's rules page (docs/rules/GAME.md) as plain text: `ssh HOST rules GAME` and `arena
// rules GAME` (name is how the caller was called).
func Rules(name string, args []string, stdout, stderr io.Writer) int {
	if slices.ContainsFunc(args, isHelpFlag) {
		fmt.Fprintln(stdout, rulesUsage(name))
		return 0
	}
	if len(args) != 1 {
		fmt.Fprintf(stderr, "usage: %s GAME (the games: %s)\n", name, gameIDs(false))
		return 2
	}
	e, err := catalog.Lookup(args[0])
	if err != nil {
		fmt.Fprintf(stderr, "arena: %v\n", err)
		return 2
	}
	page, ok := docs.Rules(e.Game.ID())
	if !ok {
		fmt.Fprintf(stderr, "arena: %s has no rules page yet\n", e.Game.Name())
		return 1
	}
	fmt.Fprint(stdout, docs.Plain(page))
	return 0
}

func rulesUsage(name string) string {
	return "usage: " + name + " GAME\n  a game's rules as the arena plays them, as text (" + gameIDs(false) + ")"
}
