package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// language is how a student's program of one language is made and run: its command line
// for exec:, and the arena match options it needs besides.
type language struct {
	name  string
	tools []string // what must be installed, else the subtest is skipped
	build func(t *testing.T) (cmdline string, opts []string)
}

// languages are the kits' (Python, C, Go) and the small bots of testdata/bots (Java, node,
// C++), each run as a student would run it.
var languages = []language{
	{"python", []string{"python3"}, func(t *testing.T) (string, []string) {
		return "python3 " + absPath(t, "../../kits/python/mybot.py"), nil
	}},
	{"c", []string{"cc"}, func(t *testing.T) (string, []string) {
		bin := filepath.Join(t.TempDir(), "mybot")
		runTool(t, exec.Command("cc", "-O2", "-Wall", "-Wextra", "-Werror", "-std=c99", "-pedantic", "-o", bin,
			absPath(t, "../../kits/c/mybot.c"), absPath(t, "../../kits/c/arena.c")))
		return bin, nil
	}},
	{"go", []string{"go"}, func(t *testing.T) (string, []string) {
		bin := filepath.Join(t.TempDir(), "mybot")
		build := exec.Command("go", "build", "-o", bin, ".")
		build.Dir = absPath(t, "../../kits/go")
		build.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=", "GOTOOLCHAIN=local")
		runTool(t, build)
		return bin, nil
	}},
	{"java", []string{"javac", "java"}, func(t *testing.T) (string, []string) {
		dir := t.TempDir()
		runTool(t, exec.Command("javac", "-d", dir, absPath(t, "testdata/bots/Main.java")))
		// `java -cp DIR Main` names no file, so the sandbox would take the working directory
		// as the program's folder and the JVM would not find its class: --sandbox-dir says
		// which folder is the program's, as a teacher running a Java class would.
		return "java -cp " + dir + " Main", []string{"--sandbox-dir", dir}
	}},
	{"node", []string{"node"}, func(t *testing.T) (string, []string) {
		return "node " + absPath(t, "testdata/bots/bot.js"), nil
	}},
	{"c++", []string{"g++"}, func(t *testing.T) (string, []string) {
		bin := filepath.Join(t.TempDir(), "bot")
		runTool(t, exec.Command("g++", "-O2", "-o", bin, absPath(t, "testdata/bots/bot.cpp")))
		return bin, nil
	}},
}

// Programs of every language play unchanged inside the sandbox (the default): each plays
// two games of 7 Colors against greedy with no forfeit and no refused answer. A runtime
// that needs a path the sandbox does not give, or more memory than its cap (a JVM under
// 2 GiB), fails here: a program that crashes plays default actions, which count, and the
// arena says why on the command's stderr.
func TestEveryLanguagePlaysInTheSandbox(t *testing.T) {
	for _, l := range languages {
		t.Run(l.name, func(t *testing.T) {
			for _, tool := range l.tools {
				if _, err := exec.LookPath(tool); err != nil {
					t.Skipf("%s is not installed", tool)
				}
			}
			cmdline, opts := l.build(t)
			args := append([]string{"--game", "sevencolors", "--seats", `exec:"` + cmdline + `",greedy`,
				"--games", "2", "--size", "10", "--seed", "1", "--json"}, opts...)
			r := cliCatalog(args...)
			if r.code != 0 {
				t.Fatalf("arena match %s: exit %d\nstderr:\n%s\nstdout:\n%s", strings.Join(args, " "), r.code, r.stderr, r.stdout)
			}
			gs, s := parseJSONLines(t, r.stdout)
			for _, g := range gs {
				if g.Forfeit != nil || g.Error != "" || len(g.Defaults) > 0 {
					t.Errorf("game %d: forfeit %v, error %q, defaults %v (the program's stderr is above)", g.Index, g.Forfeit, g.Error, g.Defaults)
				}
			}
			if len(gs) != 2 || len(s.Bots) != 2 || s.Bots[1].Name != "greedy" {
				t.Fatalf("%d games, summary %+v", len(gs), s)
			}
			if b := s.Bots[0]; b.Games != 2 || b.Forfeits != 0 || b.Defaults != 0 {
				t.Fatalf("the program in the summary: %+v", b)
			}
			if !strings.HasPrefix(s.Sandbox, "sandboxed") {
				t.Fatalf("the programs ran %q, not in the sandbox", s.Sandbox)
			}
			// Nothing refused, nothing to explain: a runtime's own probes (a JVM asking
			// nscd for its user) are refused quietly.
			if strings.Contains(r.stderr, "arena:") {
				t.Fatalf("the arena had something to say of the program:\n%s", r.stderr)
			}
		})
	}
}

func absPath(t *testing.T, p string) string {
	t.Helper()
	a, err := filepath.Abs(p)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// runTool runs a compiler, failing the test with its output.
func runTool(t *testing.T, c *exec.Cmd) {
	t.Helper()
	if out, err := c.CombinedOutput(); err != nil {
		t.Fatalf("%s: %v\n%s", strings.Join(c.Args, " "), err, out)
	}
}
