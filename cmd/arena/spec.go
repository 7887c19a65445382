package main

import (
	"io"
	"os"

	"github.com/arena-classroom/arena/commands"
	"github.com/arena-classroom/arena/lang"
	"github.com/arena-classroom/arena/program"
)

// runSpec is `arena spec GAME`: the bot protocol's schema of a game, as `ssh HOST spec GAME`
// prints it (the same command), without a server (with the default clock).
func runSpec(l lang.Lang, args []string) int { return spec(l, args, os.Stdout, os.Stderr) }

func spec(l lang.Lang, args []string, stdout, stderr io.Writer) int {
	clock := program.DefaultClock()
	// lang:keep the command's name
	return commands.SpecIn("arena spec", args, clock.Move, clock.Bank, stdout, stderr, l)
}
