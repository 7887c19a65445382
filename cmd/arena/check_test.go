package main

import (
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

// kitBot is one starter kit's bot for one game, built if it needs building.
type kitBot struct {
	kit, game string
	tools     []string
	cmdline   func(t *testing.T) string
}

// kitBots are every game's bot of every starter kit.
func kitBots() []kitBot {
	var out []kitBot
	pyFiles := map[string]string{"sevencolors": "mybot.py", "perfectaim": "perfectaim_bot.py", "warhammer": "warhammer_bot.py",
		"dicewars": "dicewars_bot.py", "garden": "garden_bot.py"}
	cFiles := map[string]string{"sevencolors": "mybot.c", "perfectaim": "perfectaim_bot.c", "warhammer": "warhammer_bot.c",
		"dicewars": "dicewars_bot.c", "garden": "garden_bot.c"}
	goDirs := map[string]string{"sevencolors": ".", "perfectaim": "perfectaim"}
	for _, game := range []string{"sevencolors", "perfectaim", "warhammer", "dicewars", "garden"} {
		out = append(out, kitBot{"python", game, []string{"python3"}, func(t *testing.T) string {
			return "python3 " + absPath(t, "../../kits/python/"+pyFiles[game])
		}})
		out = append(out, kitBot{"c", game, []string{"cc"}, func(t *testing.T) string {
			bin := filepath.Join(t.TempDir(), "bot")
			runTool(t, exec.Command("cc", "-O2", "-std=c99", "-o", bin, absPath(t, "../../kits/c/"+cFiles[game]), absPath(t, "../../kits/c/arena.c")))
			return bin
		}})
		if dir, ok := goDirs[game]; ok {
			out = append(out, kitBot{"go", game, []string{"go"}, func(t *testing.T) string {
				bin := filepath.Join(t.TempDir(), "bot")
				build := exec.Command("go", "build", "-o", bin, ".")
				build.Dir = absPath(t, filepath.Join("../../kits/go", dir))
				build.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=", "GOTOOLCHAIN=local")
				runTool(t, build)
				return bin
			}})
		}
	}
	return out
}

// arena check passes every starter kit's bot of every game, in the sandbox where the
// system has one: what a student starts from keeps every rule.
func TestCheckPassesEveryKit(t *testing.T) {
	for _, k := range kitBots() {
		t.Run(k.kit+"/"+k.game, func(t *testing.T) {
			for _, tool := range k.tools {
				if _, err := exec.LookPath(tool); err != nil {
					t.Skipf("%s is not installed", tool)
				}
			}
			args := []string{"--game", k.game}
			if sandbox.Unavailable() != "" {
				args = append(args, "--no-sandbox")
			}
			var out, errOut sshtest.Buffer
			code := checkEnv{stdout: &out, stderr: &errOut, lacks: sandbox.Unavailable}.run(append(args, "exec:"+k.cmdline(t)))
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
