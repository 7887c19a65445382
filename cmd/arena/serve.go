package main

import (
	"fmt"
	"os"
)

// runServe is a placeholder until its author lands it.
func runServe(args []string) int {
	fmt.Fprintln(os.Stderr, "arena: not built yet")
	return 1
}
