package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/arena-classroom/arena/internal/sshtest"
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
