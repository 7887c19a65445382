package main

import (
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/arena-classroom/arena/catalog"
	"github.com/arena-classroom/arena/program"
)

// runSpec is `arena spec GAME`: the bot protocol's schema of a game, as `ssh HOST spec GAME`
// prints it, without a server (with the default clock).
func runSpec(args []string) int { return spec(args, os.Stdout, os.Stderr) }

func spec(args []string, stdout, stderr io.Writer) int {
	if len(args) != 1 || strings.HasPrefix(args[0], "-") {
		fmt.Fprintf(stderr, "usage: arena spec GAME (games with a bot schema: %s)\n", strings.Join(catalog.IDs(true), ", "))
		if len(args) == 1 && (args[0] == "-h" || args[0] == "--help") {
			return 0
		}
		return 2
	}
	clock := program.DefaultClock()
	text, err := catalog.Spec(args[0], clock.Move, clock.Bank)
	if err != nil {
		fmt.Fprintf(stderr, "arena spec: %v\n", err)
		return 2
	}
	fmt.Fprint(stdout, text)
	return 0
}
