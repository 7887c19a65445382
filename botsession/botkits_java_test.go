package botsession_test

import (
	"errors"
	"os/exec"
	"strings"
	"testing"
)

// The Java kit joins every kit list: the protocol tests (kits), and each game's starters,
// which play the same moves as the others.
func init() {
	kits = append(kits, javaKit("sevencolors"))
	paKits = append(paKits, javaKit("perfectaim"))
	whKits = append(whKits, javaKit("warhammer"))
	dwKits = append(dwKits, javaKit("dicewars"))
	gardenKits = append(gardenKits, javaKit("garden"))
}

// javaKit builds the Java kit's bot for game with kits/java/command (javac and Gson) into a
// temporary folder and runs the command line it prints; it skips when a tool is missing.
func javaKit(game string) kit {
	return kit{"java", func(t *testing.T) []string {
		build := exec.Command(abs(t, "../kits/java/command"), game, t.TempDir())
		var stderr strings.Builder
		build.Stderr = &stderr
		out, err := build.Output()
		var exit *exec.ExitError
		if errors.As(err, &exit) && exit.ExitCode() == 3 {
			t.Skip(strings.TrimSpace(stderr.String()))
		}
		if err != nil {
			t.Fatalf("kits/java/command %s: %v\n%s", game, err, stderr.String())
		}
		return strings.Fields(string(out))
	}}
}
