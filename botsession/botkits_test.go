package botsession_test

import (
	"context"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	gossh "golang.org/x/crypto/ssh"

	"github.com/arena-classroom/arena/catalog"
	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/internal/arenatest"
	"github.com/arena-classroom/arena/internal/sshtest"
	"github.com/arena-classroom/arena/match"
	"github.com/arena-classroom/arena/program"
)

// kit is a starter kit as a command line (built first where it needs building).
type kit struct {
	name string
	cmd  func(t *testing.T) []string
}

var kits = []kit{pythonKit("mybot.py"), cKit("mybot.c", "mybot"), goKit(".", "mybot")}

// pythonKit runs kits/python/FILE with python3.
func pythonKit(file string) kit {
	return kit{"python", func(t *testing.T) []string {
		need(t, "python3")
		return []string{"python3", abs(t, "../kits/python/"+file)}
	}}
}

// cKit builds kits/c/FILE with arena.c, strictly (C99, pedantic, warnings as errors).
func cKit(file, bin string) kit {
	return kit{"c", func(t *testing.T) []string {
		need(t, "cc")
		out := filepath.Join(t.TempDir(), bin)
		run(t, exec.Command("cc", "-O2", "-Wall", "-Wextra", "-Werror", "-std=c99", "-pedantic", "-o", out,
			abs(t, "../kits/c/"+file), abs(t, "../kits/c/arena.c")))
		return []string{out}
	}}
}

// goKit builds the Go kit's package in kits/go/DIR.
func goKit(dir, bin string) kit {
	return kit{"go", func(t *testing.T) []string {
		need(t, "go")
		out := filepath.Join(t.TempDir(), bin)
		build := exec.Command("go", "build", "-o", out, ".")
		build.Dir = abs(t, filepath.Join("../kits/go", dir))
		build.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=", "GOTOOLCHAIN=local")
		run(t, build)
		return []string{out}
	}}
}

func need(t *testing.T, tool string) {
	if _, err := exec.LookPath(tool); err != nil {
		t.Skipf("%s is not installed", tool)
	}
}

func abs(t *testing.T, p string) string {
	a, err := filepath.Abs(p)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

func run(t *testing.T, c *exec.Cmd) {
	t.Helper()
	if out, err := c.CombinedOutput(); err != nil {
		t.Fatalf("%s: %v\n%s", strings.Join(c.Args, " "), err, out)
	}
}

const practiceOne = "bot --game sevencolors --practice --vs greedy --seed 7 --games 1 --size 10"

// Each kit, run as a local program, plays a practice game over a real SSH session: the test
// joins the kit's stdin and stdout to the session, as `ssh -T` would.
func TestKitsPlayAPracticeGameOverSSH(t *testing.T) {
	addr, _, _ := arenatest.BotArena(t, arenatest.FastHub(), time.Hour)
	for _, k := range kits {
		t.Run(k.name, func(t *testing.T) {
			_, _, srvErr, kitErr := practiseOverSSH(t, addr, k.cmd(t), practiceOne)
			if !strings.Contains(srvErr, "practice over: ") || strings.Contains(srvErr, "warning") {
				t.Fatalf("server stderr:\n%s", srvErr)
			}
			if !strings.Contains(kitErr, "game 1") {
				t.Fatalf("the kit did not report its game:\n%s", kitErr)
			}
		})
	}
}

// Each kit connects by itself, spawning the OpenSSH client as students do.
func TestKitsConnectThemselvesWithOpenSSH(t *testing.T) {
	need(t, "ssh")
	addr, _, _ := arenatest.BotArena(t, arenatest.FastHub(), time.Hour)
	host, port, _ := strings.Cut(addr, ":")
	sshCmd := openSSHArgs(t, host, port)
	sshCmd = append(sshCmd, strings.Fields(practiceOne)...)
	for _, k := range kits {
		t.Run(k.name, func(t *testing.T) {
			argv := append(k.cmd(t), sshCmd...)
			proc := exec.Command(argv[0], argv[1:]...)
			var out sshtest.Buffer
			proc.Stdout, proc.Stderr = &out, &out
			done := make(chan error, 1)
			if err := proc.Start(); err != nil {
				t.Fatal(err)
			}
			go func() { done <- proc.Wait() }()
			select {
			case err := <-done:
				if err != nil {
					t.Fatalf("%v\n%s", err, out.String())
				}
			case <-time.After(60 * time.Second):
				proc.Process.Kill()
				t.Fatalf("still playing after a minute:\n%s", out.String())
			}
			if !strings.Contains(out.String(), "practice over: ") || !strings.Contains(out.String(), "game 1") {
				t.Fatalf("output:\n%s", out.String())
			}
		})
	}
}

// Each kit runs under `arena match --seats exec:…`: one process per game, no refusals.
func TestKitsUnderExec(t *testing.T) {
	e, _ := catalog.Get("sevencolors")
	for _, k := range kits {
		t.Run(k.name, func(t *testing.T) {
			var notes sshtest.Buffer
			prog := execEntrant(t, k.cmd(t), e.Game, &notes)
			greedy, _ := match.Resolve(e.Game, e.Bots, match.SeatSpec{Bot: "greedy"}, nil)
			jobs, err := match.Series(e.Game, games.Config{"size": 10}, 2, 2, 1)
			if err != nil {
				t.Fatal(err)
			}
			plan := match.Plan{Game: e.Game, Entrants: []match.Entrant{prog, greedy}, Jobs: jobs}
			err = match.Run(context.Background(), plan, match.Options{Parallel: 1}, func(r match.Result) error {
				if r.Outcome == nil || r.Forfeit >= 0 || r.Defaults[r.Job%2] != 0 { // the kit sits in seat job%2
					t.Errorf("game %d: %+v\n%s", r.Job, r, notes.String())
				}
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
			if strings.Count(notes.String(), "game 1") != 2 || strings.Contains(notes.String(), "arena:") {
				t.Fatalf("the kit's stderr:\n%s", notes.String())
			}
		})
	}
}

// waitKitAndSession waits for a kit process and the SSH session it plays on to end, failing
// with both sides' stderr if either fails or they are still playing after a minute.
func waitKitAndSession(t *testing.T, sess *gossh.Session, proc *exec.Cmd, srvErr, kitErr *sshtest.Buffer) {
	t.Helper()
	finished := make(chan error, 2)
	go func() { finished <- sess.Wait() }()
	go func() { finished <- proc.Wait() }()
	for range 2 {
		select {
		case err := <-finished:
			if err != nil {
				t.Fatalf("%v\nserver stderr:\n%s\nkit stderr:\n%s", err, srvErr.String(), kitErr.String())
			}
		case <-time.After(60 * time.Second):
			proc.Process.Kill()
			t.Fatalf("still playing after a minute\nserver stderr:\n%s\nkit stderr:\n%s", srvErr.String(), kitErr.String())
		}
	}
}

// openSSHArgs is the OpenSSH command line a kit spawns to reach the test server as a
// student, with a fresh key written to a file as ssh-keygen would.
func openSSHArgs(t *testing.T, host, port string) []string {
	t.Helper()
	keyFile, _ := sshtest.KeyFile(t)
	return []string{"ssh", "-T", "-p", port, "-i", keyFile, "-F", "/dev/null",
		"-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null", "-o", "BatchMode=yes",
		"-o", "IdentitiesOnly=yes", "-o", "LogLevel=ERROR", "student@" + host}
}

// execEntrant is the entrant of a kit's command line under exec: (a process per game), its
// stderr and the arena's notes going to notes.
func execEntrant(t *testing.T, argv []string, g games.Game, notes io.Writer) match.Entrant {
	t.Helper()
	quoted := make([]string, len(argv))
	for i, a := range argv {
		quoted[i] = "'" + strings.ReplaceAll(a, "'", `'\''`) + "'"
	}
	prog, err := match.ExecWith(program.ExecOptions{Stderr: notes})(strings.Join(quoted, " "), g)
	if err != nil {
		t.Fatal(err)
	}
	return prog
}
