package lobby_test

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"encoding/pem"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	gossh "golang.org/x/crypto/ssh"

	"github.com/arena-classroom/arena/catalog"
	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/internal/sshtest"
	"github.com/arena-classroom/arena/match"
	"github.com/arena-classroom/arena/program"
)

// kit is a starter kit as a command line (built first where it needs building).
type kit struct {
	name string
	cmd  func(t *testing.T) []string
}

var kits = []kit{
	{"python", func(t *testing.T) []string {
		need(t, "python3")
		return []string{"python3", abs(t, "../kits/python/mybot.py")}
	}},
	{"c", func(t *testing.T) []string {
		need(t, "cc")
		bin := filepath.Join(t.TempDir(), "mybot")
		run(t, exec.Command("cc", "-O2", "-Wall", "-Wextra", "-Werror", "-std=c99", "-o", bin, abs(t, "../kits/c/mybot.c"), abs(t, "../kits/c/arena.c")))
		return []string{bin}
	}},
	{"go", func(t *testing.T) []string {
		need(t, "go")
		bin := filepath.Join(t.TempDir(), "mybot")
		build := exec.Command("go", "build", "-o", bin, ".")
		build.Dir = abs(t, "../kits/go")
		build.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=", "GOTOOLCHAIN=local")
		run(t, build)
		return []string{bin}
	}},
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

type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

const practiceOne = "bot --game sevencolors --practice --vs greedy --seed 7 --games 1 --size 10"

// Each kit, run as a local program, plays a practice game over a real SSH session: the test
// joins the kit's stdin and stdout to the session, as `ssh -T` would.
func TestKitsPlayAPracticeGameOverSSH(t *testing.T) {
	addr, _, _ := botArena(t, fastHub(), time.Hour)
	for _, k := range kits {
		t.Run(k.name, func(t *testing.T) {
			argv := k.cmd(t)
			c := sshtest.Dial(t, addr, "student", sshtest.NewKey(t))
			sess, err := c.NewSession()
			if err != nil {
				t.Fatal(err)
			}
			defer sess.Close()
			proc := exec.Command(argv[0], argv[1:]...)
			var kitErr, srvErr lockedBuffer
			proc.Stderr = &kitErr
			sess.Stderr = &srvErr
			if proc.Stdin, err = sess.StdoutPipe(); err != nil {
				t.Fatal(err)
			}
			if sess.Stdin, err = proc.StdoutPipe(); err != nil {
				t.Fatal(err)
			}
			if err := sess.Start(practiceOne); err != nil {
				t.Fatal(err)
			}
			if err := proc.Start(); err != nil {
				t.Fatal(err)
			}
			waitKitAndSession(t, sess, proc, &srvErr, &kitErr)
			if !strings.Contains(srvErr.String(), "practice over: ") || strings.Contains(srvErr.String(), "warning") {
				t.Fatalf("server stderr:\n%s", srvErr.String())
			}
			if !strings.Contains(kitErr.String(), "game 1") {
				t.Fatalf("the kit did not report its game:\n%s", kitErr.String())
			}
		})
	}
}

// Each kit connects by itself, spawning the OpenSSH client as students do.
func TestKitsConnectThemselvesWithOpenSSH(t *testing.T) {
	need(t, "ssh")
	addr, _, _ := botArena(t, fastHub(), time.Hour)
	host, port, _ := strings.Cut(addr, ":")
	sshCmd := openSSHArgs(t, host, port)
	sshCmd = append(sshCmd, strings.Fields(practiceOne)...)
	for _, k := range kits {
		t.Run(k.name, func(t *testing.T) {
			argv := append(k.cmd(t), sshCmd...)
			proc := exec.Command(argv[0], argv[1:]...)
			var out lockedBuffer
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
			argv := k.cmd(t)
			for i, a := range argv {
				argv[i] = "'" + strings.ReplaceAll(a, "'", `'\''`) + "'"
			}
			var notes lockedBuffer
			prog, err := match.ExecWith(program.ExecOptions{Stderr: &notes})(strings.Join(argv, " "), e.Game)
			if err != nil {
				t.Fatal(err)
			}
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
func waitKitAndSession(t *testing.T, sess *gossh.Session, proc *exec.Cmd, srvErr, kitErr *lockedBuffer) {
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
	_, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	block, err := gossh.MarshalPrivateKey(priv, "")
	if err != nil {
		t.Fatal(err)
	}
	keyFile := filepath.Join(t.TempDir(), "id_ed25519")
	if err := os.WriteFile(keyFile, pem.EncodeToMemory(block), 0o600); err != nil {
		t.Fatal(err)
	}
	return []string{"ssh", "-T", "-p", port, "-i", keyFile, "-F", "/dev/null",
		"-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null", "-o", "BatchMode=yes",
		"-o", "IdentitiesOnly=yes", "-o", "LogLevel=ERROR", "student@" + host}
}
