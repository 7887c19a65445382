package sandbox_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/arena-classroom/arena/sandbox"
)

// A program's folder is that of the first file its command names; its interpreter's own
// installation, when it is not the system's (pyenv, a virtualenv), is readable too: without
// it the command would not start, or would quietly start another interpreter.
func TestThePolicyFindsTheProgramAndItsInterpreter(t *testing.T) {
	root := t.TempDir()
	bots := filepath.Join(root, "bots")
	venvBin := filepath.Join(root, "venv", "bin")
	for _, d := range []string{bots, venvBin} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(bots, "mine.py"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(venvBin, "python3"), []byte("#!/bin/sh\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	if got := sandbox.ProgramDir("python3 bots/mine.py --fast", root); got != bots {
		t.Errorf("the program's folder: %q, want %q", got, bots)
	}
	if got := sandbox.ProgramDir("java -cp build Main", root); got != root {
		t.Errorf("a command naming no file: %q, want the working directory %q", got, root)
	}
	env := []string{"PATH=" + venvBin + ":/usr/bin:/bin"}
	if got := sandbox.InterpreterRoot("python3 bots/mine.py", env); got != filepath.Join(root, "venv") {
		t.Errorf("the virtualenv: %q", got)
	}
	if got := sandbox.InterpreterRoot("sh run.sh", []string{"PATH=/usr/bin:/bin"}); got != "" {
		t.Errorf("the system's sh: %q", got)
	}
	if got := sandbox.InterpreterRoot("./bot", env); got != "" {
		t.Errorf("a path, not looked up: %q", got)
	}
}

// The environment keeps what runtimes need and nothing of the person's secrets.
func TestTheEnvironmentKeepsOnlyWhatRuntimesNeed(t *testing.T) {
	env := sandbox.Env([]string{"PATH=/usr/bin", "ARENA_STORE=postgres://x", "LC_ALL=fr_FR.UTF-8", "PYTHONPATH=/k",
		"AWS_SECRET_ACCESS_KEY=s", "HOME=/home/prof"}, "/tmp/s")
	want := map[string]bool{"PATH=/usr/bin": true, "LC_ALL=fr_FR.UTF-8": true, "PYTHONPATH=/k": true, "HOME=/tmp/s": true, "TMPDIR=/tmp/s": true}
	if len(env) != len(want) {
		t.Fatalf("env %q", env)
	}
	for _, kv := range env {
		if !want[kv] {
			t.Fatalf("env %q has %q", env, kv)
		}
	}
}
