// Command arena is the whole arena in one binary: the SSH server, headless matches and the
// seed-compatible AI commands.
package main

import (
	"fmt"
	"os"
	"strings"

	"github.com/arena-classroom/arena/catalog"
	"github.com/arena-classroom/arena/commands"
	"github.com/arena-classroom/arena/lang"
	"github.com/arena-classroom/arena/version"
)

// usage is the arena's usage in l: its own commands, then every game's tools.
func usage(l lang.Lang) string {
	var b strings.Builder
	p := l.Printer()
	b.WriteString(p.Sprintf(`arena — a multiplayer game arena served over SSH

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
  arena version                                 this arena's version and commit
  arena help                                    this text
`))
	b.WriteString("\n" + p.Sprintf("The games' own tools:") + "\n")
	for _, e := range catalog.All() {
		for _, t := range e.Tools {
			fmt.Fprintf(&b, "  arena %s\n      %s\n", t.Usage, sayData(l, t.Doc))
		}
	}
	b.WriteString("\n" + p.Sprintf(`Run "arena COMMAND --help" for a command's options.`) + "\n")
	return b.String()
}

func main() {
	os.Exit(run(os.Args[1:], os.Getenv))
}

// run is the arena command with args, in the environment getenv reads: its locale
// variables choose the language it speaks, its ARENA_* ones serve's options.
func run(args []string, getenv func(string) string) int {
	l := cliLang(getenv)
	cmd := "serve"
	if len(args) > 0 && (args[0] == "-h" || args[0] == "--help" || args[0] == "-help") {
		cmd, args = "help", args[1:] // the arena's usage, not serve's
	} else if len(args) > 0 && (args[0] == "--version" || args[0] == "-version") {
		cmd, args = "version", args[1:]
	} else if len(args) > 0 && (len(args[0]) == 0 || args[0][0] != '-') {
		cmd, args = args[0], args[1:]
	}
	switch cmd {
	case "serve":
		return runServe(args, getenv)
	case "match":
		return runMatch(l, args)
	case "position":
		return runPosition(l, args)
	case "spec":
		return runSpec(l, args)
	case "check":
		return runCheck(l, args)
	case "rerun":
		return runRerun(l, args)
	case "rules":
		// lang:keep the command's name
		return commands.RulesIn("arena rules", args, os.Stdout, os.Stderr, l)
	case "store":
		return runStore(l, args)
	case "nats":
		return runNats(args, getenv)
	case "version":
		fmt.Println(version.String())
		return 0
	case "help", "-h", "--help":
		fmt.Print(usage(l))
		return 0
	default:
		if t, ok := catalog.Tool(cmd); ok {
			return t.Run(args, os.Stdout, os.Stderr)
		}
		complain(os.Stderr, l, "arena", lang.Errorf("unknown command %q", cmd))
		fmt.Fprintf(os.Stderr, "\n%s", usage(l))
		return 2
	}
}
