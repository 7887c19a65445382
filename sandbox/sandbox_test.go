package sandbox_test

import (
	"bytes"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/arena-classroom/arena/sandbox"
)

// requireSandbox fails, never skips, where the sandbox cannot be had on Linux or in CI: CI
// runs on a kernel with Landlock, and a sandbox that silently stopped working must turn it
// red. On a maintainer's Mac the tests are skipped.
func requireSandbox(t *testing.T) {
	t.Helper()
	if why := sandbox.Unavailable(); why != "" {
		if runtime.GOOS != "linux" && os.Getenv("CI") == "" {
			t.Skipf("no sandbox here: %s", why)
		}
		t.Fatalf("no sandbox here: %s", why)
	}
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skip("python3 is not installed")
	}
}

// ran is a program's run in the sandbox.
type ran struct {
	stdout, stderr string
	err            error
	explained      []string
}

func (r ran) said(s string) bool {
	for _, e := range r.explained {
		if strings.Contains(e, s) {
			return true
		}
	}
	return false
}

// runIn runs cmdline (sh -c, as the arena does) in the sandbox under p, and kills its group
// at the end as the arena does.
func runIn(t *testing.T, p sandbox.Policy, cmdline string) ran {
	t.Helper()
	cmd := exec.Command("sh", "-c", cmdline)
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	cmd.WaitDelay = time.Second // a process left behind holds the pipes
	run, err := sandbox.Wrap(cmd, p)
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	run.Started(cmd.Process.Pid)
	err = cmd.Wait()
	syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	run.Close()
	if _, err := os.Stat(run.Policy().Scratch); !os.IsNotExist(err) {
		t.Errorf("the scratch folder %s is still there: %v", run.Policy().Scratch, err)
	}
	return ran{stdout.String(), stderr.String(), err, run.Explain(err, stderr.String())}
}

// class is a teacher's machine in miniature: their home with a key, a data folder with a
// database, and a student's folder with the attacker.
type class struct {
	home, data, student, attacker string
}

func newClass(t *testing.T) class {
	root := t.TempDir()
	c := class{home: filepath.Join(root, "home"), data: filepath.Join(root, "data"), student: filepath.Join(root, "student")}
	for _, d := range []string{filepath.Join(c.home, ".ssh"), c.data, c.student} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	write := func(path, text string) {
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(filepath.Join(c.home, ".ssh", "id_ed25519"), "-----BEGIN OPENSSH PRIVATE KEY-----\n")
	write(filepath.Join(c.data, "arena.db"), "SQLite format 3\x00")
	src, err := os.ReadFile("testdata/attacker.py")
	if err != nil {
		t.Fatal(err)
	}
	c.attacker = filepath.Join(c.student, "attacker.py")
	write(c.attacker, string(src))
	return c
}

func (c class) policy() sandbox.Policy {
	return sandbox.Policy{Dir: c.student, Limits: sandbox.Limits{Procs: 16, Memory: 256 << 20, CPU: 2 * time.Second}}
}

func (c class) attack(t *testing.T, p sandbox.Policy, what string, args ...string) ran {
	t.Helper()
	return runIn(t, p, fmt.Sprintf("python3 %s %s %s", c.attacker, what, strings.Join(args, " ")))
}

func TestAProgramReadsItsFolderAndNothingOfThePersonWhoRunsIt(t *testing.T) {
	requireSandbox(t)
	c := newClass(t)
	for _, path := range []string{filepath.Join(c.home, ".ssh", "id_ed25519"), filepath.Join(c.data, "arena.db")} {
		if r := c.attack(t, c.policy(), "read", path); !strings.HasPrefix(r.stdout, "refused") {
			t.Errorf("reading %s: %q %q", path, r.stdout, r.stderr)
		}
	}
	// A program that dies of the refusal is told why.
	if r := c.attack(t, c.policy(), "crash-reading", filepath.Join(c.home, ".ssh", "id_ed25519")); r.err == nil || !r.said("--allow-read") {
		t.Errorf("a program that died reading a refused file: %v, explained %q", r.err, r.explained)
	}
	if r := c.attack(t, c.policy(), "read", c.attacker); !strings.HasPrefix(r.stdout, "allowed") {
		t.Errorf("a program cannot read its own folder: %q %q", r.stdout, r.stderr)
	}
	if r := c.attack(t, c.policy(), "write", filepath.Join(c.student, "x")); !strings.HasPrefix(r.stdout, "refused") {
		t.Errorf("a program wrote in its folder: %q", r.stdout)
	}
	if r := c.attack(t, c.policy(), "scratch"); !strings.Contains(r.stdout, "allowed: kept between moves") {
		t.Errorf("a program cannot use its scratch folder: %q %q", r.stdout, r.stderr)
	}
	// --allow-read opens one more folder.
	p := c.policy()
	p.Reads = []string{c.data}
	if r := c.attack(t, p, "read", filepath.Join(c.data, "arena.db")); !strings.HasPrefix(r.stdout, "allowed") {
		t.Errorf("--allow-read: %q %q", r.stdout, r.stderr)
	}
}

func TestAProgramSeesNoSecretOfTheEnvironment(t *testing.T) {
	requireSandbox(t)
	c := newClass(t)
	t.Setenv("ARENA_STORE", "postgres://teacher:secret@db/arena")
	if r := c.attack(t, c.policy(), "env", "ARENA_STORE"); !strings.HasPrefix(r.stdout, "refused") {
		t.Errorf("the program read ARENA_STORE: %q", r.stdout)
	}
}

func TestAProgramHasNoNetworkUnlessAllowed(t *testing.T) {
	requireSandbox(t)
	c := newClass(t)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	go func() {
		for {
			conn, err := ln.Accept()
			if err != nil {
				return
			}
			conn.Close()
		}
	}()
	r := c.attack(t, c.policy(), "connect", ln.Addr().String())
	if !strings.HasPrefix(r.stdout, "refused") || !r.said("network connection") {
		t.Errorf("a connection: %q %q, explained %q", r.stdout, r.stderr, r.explained)
	}
	p := c.policy()
	p.Net = true
	if r := c.attack(t, p, "connect", ln.Addr().String()); !strings.HasPrefix(r.stdout, "allowed") {
		t.Errorf("--allow-net: %q %q", r.stdout, r.stderr)
	}
}

func TestAProgramCannotSignalItsOpponent(t *testing.T) {
	requireSandbox(t)
	c := newClass(t)
	victim := exec.Command("sleep", "60")
	victim.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := victim.Start(); err != nil {
		t.Fatal(err)
	}
	defer victim.Process.Kill()
	exited := make(chan error, 1)
	go func() { exited <- victim.Wait() }()
	r := c.attack(t, c.policy(), "kill", fmt.Sprint(victim.Process.Pid))
	if !strings.HasPrefix(r.stdout, "refused") || !r.said("signal a process outside") {
		t.Errorf("kill: %q %q, explained %q", r.stdout, r.stderr, r.explained)
	}
	select {
	case err := <-exited:
		t.Fatalf("the opponent died: %v", err)
	default:
	}
}

func TestAForkBombStopsAtTheCap(t *testing.T) {
	requireSandbox(t)
	c := newClass(t)
	r := c.attack(t, c.policy(), "forkbomb")
	var n int
	if _, err := fmt.Sscanf(r.stdout, "refused after %d processes", &n); err != nil || n > 16 {
		t.Fatalf("fork bomb: %q %q", r.stdout, r.stderr)
	}
	if !r.said("16 processes") {
		t.Errorf("not explained: %q", r.explained)
	}
}

func TestAProgramStopsAtItsMemoryCap(t *testing.T) {
	requireSandbox(t)
	c := newClass(t)
	r := c.attack(t, c.policy(), "memory", "8") // 512 MiB, twice the cap
	if r.err == nil || !r.said("out of memory") || !r.said("256 MiB") {
		t.Errorf("memory: %v %q %q, explained %q", r.err, r.stdout, r.stderr, r.explained)
	}
	if r := c.attack(t, c.policy(), "memory", "2"); r.err != nil || !strings.HasPrefix(r.stdout, "allowed") {
		t.Errorf("128 MiB under a cap of 256: %v %q %q", r.err, r.stdout, r.stderr)
	}
}

func TestAProgramStopsAtItsCPUCap(t *testing.T) {
	requireSandbox(t)
	c := newClass(t)
	r := c.attack(t, c.policy(), "cpu")
	if r.err == nil || !r.said("CPU time") {
		t.Errorf("cpu: %v %q, explained %q", r.err, r.stderr, r.explained)
	}
}

// No process outlives its program: one that leaves the group is refused, one left in it
// is killed with it.
func TestNoProcessOutlivesTheProgram(t *testing.T) {
	requireSandbox(t)
	c := newClass(t)
	marker := "4242.5"
	r := c.attack(t, c.policy(), "escape", marker)
	if !strings.HasPrefix(r.stdout, "refused") || !r.said("leave the program's process group") {
		t.Errorf("escape: %q %q, explained %q", r.stdout, r.stderr, r.explained)
	}
	c.attack(t, c.policy(), "behind", marker)
	// The group was killed as the program ended: its processes die as the kernel gets to it.
	deadline := time.Now().Add(10 * time.Second)
	for pids := running(t, "sleep "+marker); len(pids) > 0; pids = running(t, "sleep "+marker) {
		if time.Now().After(deadline) {
			t.Fatalf("processes outlived the program: %v", pids)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// running lists the processes whose command line is cmdline.
func running(t *testing.T, cmdline string) []string {
	entries, err := os.ReadDir("/proc")
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range entries {
		data, err := os.ReadFile(filepath.Join("/proc", e.Name(), "cmdline"))
		if err == nil && string(bytes.ReplaceAll(bytes.TrimRight(data, "\x00"), []byte{0}, []byte{' '})) == cmdline {
			out = append(out, e.Name())
		}
	}
	return out
}
