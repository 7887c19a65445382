package main

import (
	"bytes"
	"fmt"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/arena-classroom/arena/catalog"
	"github.com/arena-classroom/arena/internal/mistakes"
	"github.com/arena-classroom/arena/internal/sshtest"
	"github.com/arena-classroom/arena/sandbox"
)

// mistakeMatch runs `arena match` of 7 Colors between `python3 mistakes.py MODE` and
// greedy, in the sandbox where there is one, one process playing game after game
// (--parallel 1), and returns its stderr.
func mistakeMatch(t *testing.T, mode string, games, size int, extra ...string) string {
	t.Helper()
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skip("python3 is not installed")
	}
	script, err := mistakes.Script()
	if err != nil {
		t.Fatal(err)
	}
	args := []string{"--game", "sevencolors", "--seats", fmt.Sprintf(`exec:"python3 %s %s",greedy`, script, mode),
		"--games", strconv.Itoa(games), "--size", strconv.Itoa(size), "--seed", "1", "--parallel", "1"}
	if sandbox.Unavailable() != "" {
		args = append(args, "--no-sandbox") // the sentences do not depend on it
	}
	// stderr takes writes from several goroutines, as os.Stderr does: a program's sentences
	// may still be written as run returns (a fault, reported).
	var stdout bytes.Buffer
	var stderr sshtest.Buffer
	env := matchEnv{stdout: &stdout, stderr: &stderr, games: catalog.All, now: time.Now,
		randomSeed: func() uint64 { return 1 }}
	args = append(args, extra...)
	if code := env.run(args); code != 0 {
		t.Fatalf("arena match %s: exit %d\nstderr:\n%s", strings.Join(args, " "), code, stderr.String())
	}
	return stderr.String()
}

// Each mistake of issue 36's table, made by a real Python program under `arena match`, is
// explained on stderr by the sentence a student reads over SSH (the table of
// internal/mistakes), among the first five warnings of its seat. One process plays game
// after game (--parallel 1), as over SSH.
func TestMistakesLocally(t *testing.T) {
	for _, m := range mistakes.Table {
		t.Run(m.Mode, func(t *testing.T) {
			t.Parallel()
			games, size := 3, 10
			if m.Clocked {
				games = 1 // the default clock: seconds before each mistake shows
			}
			if m.Size != 0 {
				size = m.Size
			}
			var extra []string
			if m.Mode == "chatty" {
				// The flood's sentence comes after some sixty warnings of stale answers,
				// which use up the five shown (a fault, reported): only --verbose shows it.
				extra = append(extra, "--verbose")
			}
			stderr := mistakeMatch(t, m.Mode, games, size, extra...)
			for _, want := range append(m.Says, m.Local...) {
				if !strings.Contains(stderr, want) {
					t.Errorf("%q is missing from stderr", want)
				}
			}
			if n := strings.Count(stderr, m.Says[0]); m.Once && n != 1 {
				t.Errorf("said %d times in %d games, want once: %q", n, games, m.Says[0])
			}
			if t.Failed() {
				t.Logf("stderr:\n%s", stderr)
			}
		})
	}
}

// `arena match` shows the first five warnings of a seat, then how many more there were;
// --verbose shows them all, and no count.
func TestMistakeWarningsBeyondFiveAreCounted(t *testing.T) {
	t.Parallel()
	warning := regexp.MustCompile(`(?m)^arena: seat 1 \(python3 .*\): warning \(turn \d+\): `)
	more := regexp.MustCompile(`(?m)^arena: seat 1 \(python3 .*\): (\d+) more warnings not shown \(--verbose shows them all\)$`)

	// One game: a debugging line and a late answer a turn make some thirty warnings.
	short := mistakeMatch(t, "debug", 1, 10)
	shown := len(warning.FindAllString(short, -1))
	count := more.FindStringSubmatch(short)
	if shown != 5 || count == nil {
		t.Fatalf("%d warnings shown, count %q; want 5 and a count of the others:\n%s", shown, count, short)
	}
	if hidden, _ := strconv.Atoi(count[1]); hidden == 0 {
		t.Fatalf("a count of no warning:\n%s", short)
	}

	// Not 5 + the count: the count misses warnings written once the games are over (a
	// fault, reported), so only "more than five" holds every time.
	all := mistakeMatch(t, "debug", 1, 10, "--verbose")
	if n := len(warning.FindAllString(all, -1)); n <= 5 {
		t.Errorf("--verbose shows %d warnings; without it, 5 and %s more", n, count[1])
	}
	if strings.Contains(all, "more warnings not shown") {
		t.Errorf("--verbose still counts warnings not shown:\n%s", all)
	}
}
