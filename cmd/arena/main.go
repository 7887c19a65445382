// Command arena is the whole arena in one binary: the SSH server, headless matches and the
// seed-compatible AI commands.
package main

import (
	"fmt"
	"os"
)

const usage = `arena — a multiplayer game arena served over SSH

Usage:
  arena [serve] [--listen ADDR] [--data DIR]    run the SSH server (default command)
  arena match --game ID --seats A,B [options]   play headless games between bots
  arena sevencolors SIZE --ia NAME PLAYER STATES…
                                                print the colour a 7 Colors house bot plays
  arena perfectaim map [--seed S]               print the Perfect Aim map of seed S
  arena position new|step|obs|bot --game ID …   positions of turn-based games: a state as
                                                JSON, one action at a time, a bot's choice
  arena spec GAME                               the bot protocol's schema of a game
  arena help                                    this text

Run "arena COMMAND --help" for a command's options.
`

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
	case "sevencolors":
		return runSevenColorsAI(args)
	case "perfectaim":
		return runPerfectAim(args)
	case "spec":
		return runSpec(args)
	case "help", "-h", "--help":
		fmt.Print(usage)
		return 0
	default:
		fmt.Fprintf(os.Stderr, "arena: unknown command %q\n\n%s", cmd, usage)
		return 2
	}
}
