package main

import (
	"fmt"
	"os"
)

// runMatch is a placeholder until its author lands it.
func runMatch(args []string) int {
	fmt.Fprintln(os.Stderr, "arena: not built yet")
	return 1
}
