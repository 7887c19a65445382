package commands_test

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/arena-classroom/arena/commands"
	"github.com/arena-classroom/arena/internal/arenatest"
	"github.com/arena-classroom/arena/internal/sshtest"
	"github.com/arena-classroom/arena/rooms"
)

// Every SSH command answers --help (and -h) with its usage on stdout and status 0, never
// "flag: help requested" and status 2; on a terminal too.
func TestEveryCommandAnswersHelp(t *testing.T) {
	addr, _, _ := arenatest.Start(t, rooms.Config{}, commands.Options{})
	c := sshtest.Dial(t, addr, "alice", sshtest.NewKey(t))
	names := commands.CommandNames()
	slices.Sort(names)
	for _, want := range []string{"rooms", "history", "replay", "leaderboard", "spec", "rules", "bot", "play", "watch", "wall",
		"assignment", "tournament", "names", "whoami"} {
		if !slices.Contains(names, want) {
			t.Errorf("%s has no usage", want)
		}
	}
	var cmds []string
	for _, n := range names {
		cmds = append(cmds, n+" --help", n+" -h")
		if !strings.Contains(commands.CommandsHelp(), "\n  "+n) {
			t.Errorf("help does not list %s", n)
		}
	}
	cmds = append(cmds, "tournament create --help", "tournament standings TK4M2Q --help", "assignment export AK7Q2X --help",
		"names release alice --help", "bot --game sevencolors --help", "history alice --help", "play sevencolors --vs greedy --help")
	for _, cmd := range cmds {
		out, errOut, code := sshtest.Exec(t, c, cmd)
		word := strings.Fields(cmd)[0]
		if code != 0 || errOut != "" || !strings.Contains(out, "usage:") && word != "help" || !strings.Contains(out, word) {
			t.Errorf("%s: status %d, stdout %q, stderr %q; want its usage and 0", cmd, code, out, errOut)
		}
	}
	if out, _, _ := sshtest.Exec(t, c, "tournament create --help"); !strings.Contains(out, "--games-per-pairing N") {
		t.Errorf("tournament create --help: %q", out)
	}
	// With a terminal (ssh -t), the screens' commands print their usage the same way.
	for _, cmd := range []string{"play --help", "watch -h", "wall --help", "replay --help"} {
		term := sshtest.NewTerm(t, sshtest.Dial(t, addr, "alice", sshtest.NewKey(t)), sshtest.Command(cmd))
		term.WaitFor(t, "usage: "+strings.Fields(cmd)[0], 10*time.Second)
		if strings.Contains(term.Output(), "flag:") {
			t.Errorf("ssh -t %s: %q", cmd, term.Output())
		}
		if code := term.Wait(t, 10*time.Second); code != 0 {
			t.Errorf("ssh -t %s: status %d", cmd, code)
		}
	}
}
