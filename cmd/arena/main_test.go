package main

import (
	"io"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/arena-classroom/arena/catalog"
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
		out := captureStdout(t, func() { code = run([]string{arg}, noEnv) })
		if code != 0 || !strings.Contains(out, "arena match --game") || strings.Contains(out, "Usage: arena serve") {
			t.Fatalf("arena %s: exit %d, printed %q", arg, code, out)
		}
	}
}

// A game's tools are found through the catalog: `arena sevencolors …` runs 7 Colors' Q13
// command, and `arena help` lists every game's tools.
func TestGameToolsAreDispatched(t *testing.T) {
	var code int
	out := captureStdout(t, func() { code = run([]string{"sevencolors", "2", "--ia", "greedy", "1", "1", "3", "5", "2"}, noEnv) })
	if code < 3 || code > 9 || strings.TrimSpace(out) != strconv.Itoa(code) {
		t.Fatalf("arena sevencolors: exit %d, printed %q", code, out)
	}
	help := captureStdout(t, func() { run([]string{"help"}, noEnv) })
	for _, e := range catalog.All() {
		for _, tool := range e.Tools {
			if !strings.Contains(help, "arena "+tool.Usage) {
				t.Fatalf("arena help does not list %q:\n%s", tool.Usage, help)
			}
		}
	}
	if code := run([]string{"nosuchtool"}, noEnv); code != 2 {
		t.Fatalf("an unknown command: exit %d", code)
	}
}
