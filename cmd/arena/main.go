// Command arena is the whole arena in one binary: the SSH server, headless matches and the
// seed-compatible AI commands.
package main

import (
	"fmt"
	"os"
	"strings"

	"github.com/arena-classroom/arena/catalog"
	"github.com/arena-classroom/arena/commands"
)

const usageHead = `arena — a multiplayer game arena served over SSH

Usage:
  arena [serve] [--listen ADDR] [--data DIR]    run the SSH server (default command)
  arena match --game ID --seats A,B [options]   play headless games between bots
  arena position new|step|obs|bot --game ID …   positions of turn-based games: a state as
                                                JSON, one action at a time, a bot's choice
  arena check --game ID exec:"COMMAND"          check a bot program before its first game:
                                                rule by rule, what it does right and wrong
  arena rerun FILE --seat S exec:"COMMAND"      feed a program again the turn lines a seat read
                                                in a game exported by replay ID --json, and
                                                find its first decision that differs
  arena spec GAME                               the bot protocol's schema of a game
  arena rules GAME                              a game's rules as text
  arena store copy --from WHERE --to WHERE      copy an arena's store between a data
                                                directory and PostgreSQL, either way
  arena nats init|[--listen ADDR] …             a NATS server: the bus of a cluster of
                                                arena nodes
  arena help                                    this text
`

const usageTail = `
Run "arena COMMAND --help" for a command's options.
`

// usage is the arena's usage: its own commands, then every game's tools.
func usage() string {
	var b strings.Builder
	b.WriteString(usageHead)
	b.WriteString("\nThe games' own tools:\n")
	for _, e := range catalog.All() {
		for _, t := range e.Tools {
			fmt.Fprintf(&b, "  arena %s\n      %s\n", t.Usage, t.Doc)
		}
	}
	b.WriteString(usageTail)
	return b.String()
}

func main() {
	os.Exit(run(os.Args[1:]))
}

func run(args []string) int {
	cmd := "serve"
	if len(args) > 0 && (args[0] == "-h" || args[0] == "--help" || args[0] == "-help") {
		cmd, args = "help", args[1:] // the arena's usage, not serve's
	} else if len(args) > 0 && (len(args[0]) == 0 || args[0][0] != '-') {
		cmd, args = args[0], args[1:]
	}
	switch cmd {
	case "serve":
		return runServe(args)
	case "match":
		return runMatch(args)
	case "position":
		return runPosition(args)
	case "spec":
		return runSpec(args)
	case "check":
		return runCheck(args)
	case "rerun":
		return runRerun(args)
	case "rules":
		return commands.Rules("arena rules", args, os.Stdout, os.Stderr)
	case "store":
		return runStore(args)
	case "nats":
		return runNats(args)
	case "help", "-h", "--help":
		fmt.Print(usage())
		return 0
	default:
		if t, ok := catalog.Tool(cmd); ok {
			return t.Run(args, os.Stdout, os.Stderr)
		}
		fmt.Fprintf(os.Stderr, "arena: unknown command %q\n\n%s", cmd, usage())
		return 2
	}
}
