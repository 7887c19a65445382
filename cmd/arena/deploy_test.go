package main

import (
	"bufio"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/arena-classroom/arena/internal/sshtest"
)

// deploy/systemd's units are ones systemd takes (systemd-analyze verify: no unknown key,
// no bad value), and start commands this binary has.
func TestTheSystemdUnitsVerify(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the arena binary")
	}
	analyze, err := exec.LookPath("systemd-analyze")
	if err != nil {
		t.Skip("systemd-analyze is not installed (apt-get install systemd)")
	}
	bin := sshtest.ArenaBinary(t)
	units, err := filepath.Glob("../../deploy/systemd/*.service")
	if err != nil || len(units) < 2 {
		t.Fatalf("the units: %v %v", units, err)
	}
	dir := t.TempDir()
	var paths []string
	for _, u := range units {
		b, err := os.ReadFile(u)
		if err != nil {
			t.Fatal(err)
		}
		// The units name the installed binary; verify checks that it exists.
		text := strings.ReplaceAll(string(b), "/usr/local/bin/arena", bin)
		path := filepath.Join(dir, filepath.Base(u))
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		paths = append(paths, path)
		for _, line := range strings.Split(text, "\n") {
			if cmd, ok := strings.CutPrefix(line, "ExecStart="); ok {
				args := strings.Fields(cmd)
				help := exec.Command(args[0], append(args[1:], "--help")...)
				if out, err := help.CombinedOutput(); err != nil {
					t.Errorf("%s: %s --help: %v\n%s", filepath.Base(u), cmd, err, out)
				}
			}
		}
	}
	out, err := exec.Command(analyze, append([]string{"verify"}, paths...)...).CombinedOutput()
	if err != nil || len(strings.TrimSpace(string(out))) > 0 {
		t.Errorf("systemd-analyze verify: %v\n%s", err, out)
	}
}

// Every variable of the node's example settings is one arena serve reads.
func TestTheExampleSettingsAreArenaServesVariables(t *testing.T) {
	f, err := os.Open("../../deploy/systemd/arena.env.example")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	known := map[string]bool{"PGPASSWORD": true}
	for _, v := range serveEnv {
		known[v] = true
	}
	sc := bufio.NewScanner(f)
	n := 0
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		k, _, ok := strings.Cut(line, "=")
		if !ok || !known[k] {
			t.Errorf("%q: arena serve reads no such variable", line)
		}
		n++
	}
	if n == 0 {
		t.Error("no settings in the example")
	}
}

// deploy/haproxy-hosts.cfg is a configuration HAProxy takes (haproxy -c).
func TestTheHostsBalancerConfigurationIsValid(t *testing.T) {
	haproxy, err := exec.LookPath("haproxy")
	if err != nil {
		t.Skip("haproxy is not installed")
	}
	out, err := exec.Command(haproxy, "-c", "-f", "../../deploy/haproxy-hosts.cfg").CombinedOutput()
	if err != nil {
		t.Errorf("haproxy -c: %v\n%s", err, out)
	}
}
