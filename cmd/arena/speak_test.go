package main

import (
	"os"
	"slices"
)

// osEnvInEnglish is the process's environment without its locale variables: the ARENA_*
// variables a CI sets still count, and the command speaks English whatever LANG the
// machine has.
func osEnvInEnglish(k string) string {
	if slices.Contains([]string{"LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"}, k) {
		return ""
	}
	return os.Getenv(k)
}
