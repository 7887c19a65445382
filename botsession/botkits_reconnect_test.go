package botsession_test

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/arena-classroom/arena/internal/sshtest"
)

// fakeServer writes a shell script that stands for `ssh … bot --tournament CODE`: each run
// counts itself in the file "runs" beside it, ends with the statuses given, in order, one a
// run (255 is ssh's "connection lost", 75 the server's "shutting down, come back"), and once
// they are used up plays one 7 Colors game (hello, start, turn, end), writes the kit's answer
// to the file "answer" and exits 0. It returns the script's path and its directory.
func fakeServer(t *testing.T, statuses ...int) (script, dir string) {
	t.Helper()
	dir = t.TempDir()
	var cases strings.Builder
	for i, s := range statuses {
		line := `echo "ssh: connection to host lost" >&2`
		switch s {
		case 75:
			line = `echo '{"type":"error","msg":"the server is shutting down: come back in a moment"}'`
		case diesMidTurn: // a turn, and nobody left to read the answer (the server killed)
			line = `exec 0<&-; ` + turnLines + `; sleep 0.3; echo "Connection closed by remote host." >&2`
			s = 255
		}
		cases.WriteString(strconv.Itoa(i+1) + ") " + line + "; exit " + strconv.Itoa(s) + ";;\n")
	}
	script = filepath.Join(dir, "fake-ssh")
	body := `#!/bin/sh
dir=$(dirname "$0")
n=$(cat "$dir/runs" 2>/dev/null || echo 0)
n=$((n+1))
echo "$n" > "$dir/runs"
case $n in
` + cases.String() + `esac
` + turnLines + `
read answer
echo "$answer" > "$dir/answer"
echo '{"type":"end","match":"m_1","outcome":{"ranks":[1,2],"scores":[3,1]}}'
echo "tournament TFAKE1 is finished: you are 1st of 2" >&2
exit 0
`
	if err := os.WriteFile(script, []byte(body), 0o755); err != nil {
		t.Fatal(err)
	}
	return script, dir
}

// diesMidTurn, as a fakeServer status: the run sends a turn with nobody left to read the
// answer, then ends as a lost connection (255).
const diesMidTurn = -255

// turnLines are the shell commands that send hello, start and a turn.
const turnLines = `echo '{"type":"hello","protocol":1,"game":"sevencolors","name":"student","limits":{"move_ms":500,"bank_ms":5000}}'; ` +
	`echo '{"type":"start","match":"m_1","seat":0,"players":[{"seat":0,"name":"student"},{"seat":1,"name":"greedy"}],"config":{"size":2},"seed":1}'; ` +
	`echo '{"type":"turn","match":"m_1","id":1,"obs":{"size":2,"you":1,"board":[[3,2],[1,4]]},"legal":[4],"time":{"move_ms":500,"bank_ms":5000}}'`

// runKit runs a kit in connect mode with the command argv, every reconnection wait scaled
// to base milliseconds, and returns its exit status and stderr (failing after a minute).
func runKit(t *testing.T, k kit, base int, argv ...string) (int, string) {
	t.Helper()
	cmdline := append(k.cmd(t), argv...)
	proc := exec.Command(cmdline[0], cmdline[1:]...)
	proc.Env = append(os.Environ(), "ARENA_RECONNECT_BASE="+strconv.Itoa(base))
	var stderr sshtest.Buffer
	proc.Stderr = &stderr
	if err := proc.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- proc.Wait() }()
	select {
	case err := <-done:
		var exit *exec.ExitError
		if err != nil && !errors.As(err, &exit) {
			t.Fatal(err)
		}
		return proc.ProcessState.ExitCode(), stderr.String()
	case <-time.After(time.Minute):
		proc.Process.Kill()
		t.Fatalf("the kit still runs after a minute:\n%s", stderr.String())
	}
	return 0, ""
}

// runs is how many times the fake server in dir was started.
func runs(t *testing.T, dir string) int {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, "runs"))
	if err != nil {
		t.Fatal(err)
	}
	n, err := strconv.Atoi(strings.TrimSpace(string(b)))
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// In a tournament each kit comes back after two lost connections and a server restart, says
// so, plays the game that is then due and ends with the tournament.
func TestKitsReconnectInATournament(t *testing.T) {
	for _, k := range kits {
		t.Run(k.name, func(t *testing.T) {
			script, dir := fakeServer(t, 255, 255, 75)
			status, stderr := runKit(t, k, 5, script, "bot", "--game", "sevencolors", "--tournament", "TFAKE1")
			if status != 0 {
				t.Fatalf("status %d\n%s", status, stderr)
			}
			if n := runs(t, dir); n != 4 {
				t.Fatalf("the command ran %d times, want 4 (3 reconnections)\n%s", n, stderr)
			}
			answer, err := os.ReadFile(filepath.Join(dir, "answer"))
			if err != nil || !strings.Contains(string(answer), `"type":"action","match":"m_1","id":1,"action":4`) {
				t.Fatalf("the turn's answer: %q %v\n%s", answer, err, stderr)
			}
			if strings.Count(stderr, "connection lost (status 255); reconnecting in ") != 2 ||
				strings.Count(stderr, "the server is restarting (status 75); reconnecting in ") != 1 ||
				!strings.Contains(stderr, "you are 1st of 2") {
				t.Fatalf("the kit's stderr:\n%s", stderr)
			}
		})
	}
}

// A connection that dies as the kit answers a turn (the server killed mid-game: its answer
// meets a closed pipe) is a lost connection like any other: the kit comes back.
func TestKitsReconnectWhenTheConnectionDiesAsTheyAnswer(t *testing.T) {
	for _, k := range kits {
		t.Run(k.name, func(t *testing.T) {
			script, dir := fakeServer(t, diesMidTurn)
			status, stderr := runKit(t, k, 5, script, "bot", "--game", "sevencolors", "--tournament", "TFAKE1")
			if status != 0 || runs(t, dir) != 2 || !strings.Contains(stderr, "connection lost (status 255); reconnecting in ") {
				t.Fatalf("status %d after %d runs\n%s", status, runs(t, dir), stderr)
			}
		})
	}
}

// A refusal (a wrong code: status 1) ends a tournament bot at once, as before.
func TestKitsDoNotReconnectWhenRefused(t *testing.T) {
	for _, k := range kits {
		t.Run(k.name, func(t *testing.T) {
			script, dir := fakeServer(t, 1)
			status, stderr := runKit(t, k, 5, script, "bot", "--game", "sevencolors", "--tournament", "TFAKE1")
			if status == 0 || runs(t, dir) != 1 || strings.Contains(stderr, "reconnecting") {
				t.Fatalf("status %d after %d runs\n%s", status, runs(t, dir), stderr)
			}
		})
	}
}

// Without --tournament (practice, assignments) a lost connection ends the kit, as before.
func TestKitsReconnectOnlyInATournament(t *testing.T) {
	for _, k := range kits {
		t.Run(k.name, func(t *testing.T) {
			script, dir := fakeServer(t, 255)
			status, stderr := runKit(t, k, 5, script, "bot", "--game", "sevencolors", "--practice")
			if status == 0 || runs(t, dir) != 1 || strings.Contains(stderr, "reconnecting") {
				t.Fatalf("status %d after %d runs\n%s", status, runs(t, dir), stderr)
			}
		})
	}
}

// A server that never comes back: the kit gives up with a sentence after 1,800 waits' worth
// of base time (30 minutes at the default base of 1 s; here 1 ms, 1.8 s).
func TestKitsGiveUpReconnectingAfterAWhile(t *testing.T) {
	for _, k := range kits {
		t.Run(k.name, func(t *testing.T) {
			script, dir := fakeServer(t, slices.Repeat([]int{255}, 500)...)
			status, stderr := runKit(t, k, 1, script, "bot", "--game", "sevencolors", "--tournament", "TFAKE1")
			if status != 255 || !strings.Contains(stderr, "giving up") || runs(t, dir) < 10 {
				t.Fatalf("status %d after %d runs\n%s", status, runs(t, dir), stderr)
			}
		})
	}
}
