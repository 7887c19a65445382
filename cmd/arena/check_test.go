package main

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/arena-classroom/arena/botcheck"
	"github.com/arena-classroom/arena/internal/sshtest"
	"github.com/arena-classroom/arena/program"
	"github.com/arena-classroom/arena/sandbox"
)

// kitBot is one starter kit's bot for one game.
type kitBot struct{ kit, game string }

// protocolGames are the games programs play.
var protocolGames = []string{"sevencolors", "perfectaim", "warhammer", "dicewars", "garden"}

// kitBots are every game's bot of every starter kit: the kits are the folders of kits/
// with a command script (kits/KIT/command GAME OUTDIR builds the bot and prints its
// command line; status 2: the kit has no bot for the game).
func kitBots(t *testing.T) []kitBot {
	scripts, err := filepath.Glob(absPath(t, "../../kits/*/command"))
	if err != nil || len(scripts) == 0 {
		t.Fatalf("no kit has a command script: %v", err)
	}
	var out []kitBot
	for _, s := range scripts {
		for _, game := range protocolGames {
			out = append(out, kitBot{filepath.Base(filepath.Dir(s)), game})
		}
	}
	return out
}

// build builds k's bot and returns its command line; it skips the test when the kit has no
// bot for the game, or (outside CI) lacks a tool.
func (k kitBot) build(t *testing.T) string {
	t.Helper()
	cmd := exec.Command(absPath(t, "../../kits/"+k.kit+"/command"), k.game, t.TempDir())
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	err := cmd.Run()
	var exit *exec.ExitError
	switch {
	case errors.As(err, &exit) && exit.ExitCode() == 2:
		t.Skipf("the %s kit has no bot for %s", k.kit, k.game)
	case errors.As(err, &exit) && exit.ExitCode() == 3 && os.Getenv("CI") == "":
		t.Skipf("%s", strings.TrimSpace(errOut.String()))
	case err != nil:
		t.Fatalf("kits/%s/command %s: %v\n%s", k.kit, k.game, err, errOut.String())
	}
	return strings.TrimSpace(out.String())
}

// arena check passes every starter kit's bot of every game, in the sandbox where the
// system has one: what a student starts from keeps every rule.
func TestCheckPassesEveryKit(t *testing.T) {
	for _, k := range kitBots(t) {
		t.Run(k.kit+"/"+k.game, func(t *testing.T) {
			cmdline := k.build(t)
			args := []string{"--game", k.game}
			if sandbox.Unavailable() != "" {
				args = append(args, "--no-sandbox")
			}
			var out, errOut sshtest.Buffer
			code := checkEnv{stdout: &out, stderr: &errOut, lacks: sandbox.Unavailable}.run(append(args, "exec:"+cmdline))
			if code != 0 || !strings.Contains(errOut.String(), "it is ready to play") || strings.Contains(errOut.String(), "FAIL") {
				t.Fatalf("exit %d:\n%s", code, errOut.String())
			}
		})
	}
}

// arena check fails each mistake a student makes, with the sentence that names it and
// its fix, under the rule it breaks (botsession/testdata/mistakes.py makes them).
func TestCheckFailsEachMistakeWithItsSentence(t *testing.T) {
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skip("python3 is not installed")
	}
	script := absPath(t, "../../botsession/testdata/mistakes.py")
	for _, c := range []struct {
		mode, rule string
		says       []string
	}{
		{"debug", botcheck.RuleSilent, []string{"a line that is not JSON came before your answer to turn 1: `debug: I play colour", "print debugging to stderr"}},
		{"badjson", botcheck.RuleSilent, []string{"a line that is not valid JSON", "came before your answer to turn 1"}},
		{"illegal", botcheck.RuleLegal, []string{"is not next to your territory"}},
		{"slow", botcheck.RuleInTime, []string{"no answer within 100 ms and an empty bank", "strike 1 of 3"}},
		{"noflush", botcheck.RuleFlush, []string{"nothing received from your program since", "does it flush stdout after each line?"}},
		{"smallbuf", botcheck.RuleLong, []string{"nothing received from your program since turn", "read whole lines of any length (turn", "line was 40"}},
		{"crash", botcheck.RuleGames, []string{"your program exited (exit status 1) during game 1, at its decision 3"}},
		{"wrongmatch", botcheck.RuleIDs, []string{`your answer to turn 1 has "match":"r4k2" but this game's is "c_1"`}},
		{"nomatch", botcheck.RuleIDs, []string{`your answer to turn 1 has no "match": it was taken`}},
		{"oneshot", botcheck.RuleGames, []string{"your program exited (exit status 0) after game 1", "keep reading lines until your input ends"}},
		{"chatty", botcheck.RuleGames, []string{"too many messages", "answer each turn line once, and no other line"}},
	} {
		t.Run(c.mode, func(t *testing.T) {
			var out, errOut sshtest.Buffer
			env := checkEnv{stdout: &out, stderr: &errOut, lacks: sandbox.Unavailable,
				clock: program.Clock{Move: 100 * time.Millisecond, Bank: 200 * time.Millisecond, MaxStrikes: 3}}
			code := env.run([]string{"--game", "sevencolors", "--no-sandbox", "exec:python3 " + script + " " + c.mode})
			report := errOut.String()
			line := ""
			for l := range strings.Lines(report) {
				if strings.Contains(l, "FAIL "+c.rule) {
					line = l
				}
			}
			if code != 1 || line == "" {
				t.Fatalf("exit %d, no FAIL of %q:\n%s", code, c.rule, report)
			}
			for _, want := range c.says {
				if !strings.Contains(line, want) {
					t.Errorf("the failure of %q does not say %q:\n%s", c.rule, want, line)
				}
			}
		})
	}
}
