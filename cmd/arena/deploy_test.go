package main

import (
	"bufio"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/arena-classroom/arena/internal/sshtest"
)

// deploy/systemd's units are ones systemd takes (systemd-analyze verify: no unknown key,
// no bad value), and start commands this binary has.
func TestTheSystemdUnitsVerify(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the arena binary")
	}
	analyze := lookTool(t, "systemd-analyze", "systemd")
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

// deploy's HAProxy configurations, for hosts of their own and for docker compose, are ones
// HAProxy takes (haproxy -c; compose's names resolve only on its network).
func TestTheBalancerConfigurationsAreValid(t *testing.T) {
	haproxy := lookTool(t, "haproxy", "haproxy")
	for _, cfg := range []string{"haproxy-hosts.cfg", "haproxy.cfg"} {
		out, err := exec.Command(haproxy, "-c", "-f", "../../deploy/"+cfg).CombinedOutput()
		if err != nil {
			t.Errorf("haproxy -c %s: %v\n%s", cfg, err, out)
		}
	}
}

// localCluster is scripts/cluster-local running for a test: its processes' ids by name
// (bus, node1…3, and haproxy's absence or presence as it printed them) and its stderr.
type localCluster struct {
	cmd  *exec.Cmd
	pids map[string]int
	log  *sshtest.Buffer
}

// startLocalCluster runs scripts/cluster-local with args and the test's arena binary, and
// returns once it says it is up. Whatever it started is killed when the test ends.
func startLocalCluster(t *testing.T, args ...string) *localCluster {
	t.Helper()
	if testing.Short() {
		t.Skip("starts a cluster")
	}
	for _, tool := range []string{"bash", "python3", "pg_config"} {
		if _, err := exec.LookPath(tool); err != nil {
			if m, _ := filepath.Glob("/usr/lib/postgresql/*/bin/initdb"); tool != "pg_config" || len(m) == 0 {
				t.Skipf("%s is not installed", tool)
			}
		}
	}
	bin := sshtest.ArenaBinary(t)
	args = append([]string{"--bin", bin, "--dir", t.TempDir()}, args...)
	cmd := exec.Command("../../scripts/cluster-local", args...)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	lc := &localCluster{cmd: cmd, pids: map[string]int{}, log: &sshtest.Buffer{}}
	cmd.Stderr = lc.log
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill() })
	pidOf := regexp.MustCompile(`^  (bus|node\d)\s.*\bpid (\d+)\b`)
	sc := bufio.NewScanner(out)
	for sc.Scan() {
		if m := pidOf.FindStringSubmatch(sc.Text()); m != nil {
			pid, _ := strconv.Atoi(m[2])
			lc.pids[m[1]] = pid
		}
		if strings.HasPrefix(sc.Text(), "load:") {
			break
		}
	}
	if len(lc.pids) != 4 {
		t.Fatalf("the cluster did not come up (pids %v):\n%s", lc.pids, lc.log.String())
	}
	go io.Copy(io.Discard, out)
	t.Cleanup(func() { // what a failed stop left behind
		for _, pid := range lc.pids {
			syscall.Kill(pid, syscall.SIGKILL)
		}
	})
	return lc
}

// stop sends SIGTERM to cluster-local and waits (2 minutes at most) for it to end.
func (lc *localCluster) stop(t *testing.T) {
	t.Helper()
	if err := lc.cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- lc.cmd.Wait() }()
	select {
	case <-done:
	case <-time.After(2 * time.Minute):
		t.Fatalf("cluster-local still runs 2 minutes after SIGTERM:\n%s", lc.log.String())
	}
}

// scripts/cluster-local stopped by SIGTERM, as a service manager or a test harness stops
// it, stops the bus and the nodes it started (and its PostgreSQL), as Ctrl-C does.
func TestTheLocalClusterStopsOnSIGTERM(t *testing.T) {
	lc := startLocalCluster(t, "--no-haproxy")
	lc.stop(t)
	for _, pid := range lc.pids {
		if err := syscall.Kill(pid, 0); !errors.Is(err, syscall.ESRCH) {
			t.Errorf("process %d outlived cluster-local (kill -0: %v)", pid, err)
		}
	}
}

// deploy/prometheus/alerts.yml is a rules file Prometheus loads, its alerts fire as its
// unit tests say (promtool), and every arena metric it reads is one a node exports.
func TestTheAlertsFireOnWhatTheyWatch(t *testing.T) {
	rules, err := os.ReadFile("../../deploy/prometheus/alerts.yml")
	if err != nil {
		t.Fatal(err)
	}
	var source []byte
	for _, f := range []string{"../../metrics/metrics.go", "../../metrics/bus.go"} {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		source = append(source, b...)
	}
	for _, name := range regexp.MustCompile(`\barena_[a-z_]+`).FindAllString(string(rules), -1) {
		name = strings.TrimSuffix(name, "_bucket")
		if !strings.Contains(string(source), `"`+name+`"`) {
			t.Errorf("alerts.yml reads %s, which neither a node nor the bus exports (package metrics)", name)
		}
	}
	promtool := lookTool(t, "promtool", "prometheus")
	for _, args := range [][]string{{"check", "rules", "alerts.yml"}, {"test", "rules", "alerts_test.yml"}} {
		cmd := exec.Command(promtool, args...)
		cmd.Dir = "../../deploy/prometheus"
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Errorf("promtool %s: %v\n%s", strings.Join(args, " "), err, out)
		}
	}
}
