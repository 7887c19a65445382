package main

import (
	"io"
	"os"
	"strings"
	"testing"
)

// captureStdout runs f with os.Stdout sent to a pipe and returns what it printed.
func captureStdout(t *testing.T, f func()) string {
	t.Helper()
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	saved := os.Stdout
	os.Stdout = w
	done := make(chan string)
	go func() { b, _ := io.ReadAll(r); done <- string(b) }()
	f()
	os.Stdout = saved
	w.Close()
	return <-done
}

// `arena --help` is the arena's usage (every command), not serve's options.
func TestHelpPrintsTheArenaUsage(t *testing.T) {
	for _, arg := range []string{"--help", "-h", "help"} {
		var code int
		out := captureStdout(t, func() { code = run([]string{arg}) })
		if code != 0 || !strings.Contains(out, "arena match --game") || strings.Contains(out, "Usage: arena serve") {
			t.Fatalf("arena %s: exit %d, printed %q", arg, code, out)
		}
	}
}
