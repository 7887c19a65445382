package commands

import (
	"fmt"
	"io"
	"slices"

	"github.com/arena-classroom/arena/catalog"
	"github.com/arena-classroom/arena/docs"
	"github.com/arena-classroom/arena/lang"
)

// rulesCommand serves `rules GAME`: the game's rules page as text, for a student who has only
// SSH (the refusals their program gets cite its headings), in the session's language.
func (a *App) rulesCommand(c call) int {
	return RulesIn("rules", c.s.Args[1:], c.stdout, c.stderr, c.s.Lang)
}

// Rules prints a game's rules page (docs/rules/GAME.md) as plain text: `ssh HOST rules GAME` and `arena
// rules GAME` (name is how the caller was called), in English.
func Rules(name string, args []string, stdout, stderr io.Writer) int {
	return RulesIn(name, args, stdout, stderr, lang.English)
}

// RulesIn is Rules in l: the page in l (docs/rules/fr/GAME.md in French), and its errors
// and usage said in l.
func RulesIn(name string, args []string, stdout, stderr io.Writer, l lang.Lang) int {
	if slices.ContainsFunc(args, isHelpFlag) {
		fmt.Fprintln(stdout, rulesUsageIn(name, l))
		return 0
	}
	if len(args) != 1 {
		fmt.Fprintln(stderr, l.Sprintf("usage: %s GAME (the games: %s)", name, gameIDs(false)))
		return 2
	}
	e, ok := catalog.Get(args[0])
	if !ok {
		// catalog.Lookup's refusal, said in l.
		fmt.Fprintln(stderr, l.Sprintf("arena: unknown game %q: the games are %s", args[0], gameIDs(false)))
		return 2
	}
	text, ok := docs.Text(e.Game.ID(), l)
	if !ok {
		fmt.Fprintln(stderr, l.Sprintf("arena: %s has no rules page yet", e.Game.Name()))
		return 1
	}
	fmt.Fprint(stdout, text)
	return 0
}

// rulesUsageIn is `rules --help` in l.
func rulesUsageIn(name string, l lang.Lang) string {
	return l.Sprintf("usage: %s GAME\n  a game's rules as the arena plays them, as text (%s)", name, gameIDs(false))
}
