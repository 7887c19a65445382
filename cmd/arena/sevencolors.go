package main

import (
	"fmt"
	"os"
)

// runSevenColorsAI is a placeholder until its author lands it.
func runSevenColorsAI(args []string) int {
	fmt.Fprintln(os.Stderr, "arena: not built yet")
	return 1
}
