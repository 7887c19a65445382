package botsession_test

import (
	"errors"
	"os/exec"
	"strings"
	"testing"
	"time"

	gossh "golang.org/x/crypto/ssh"

	"github.com/arena-classroom/arena/internal/arenatest"
	"github.com/arena-classroom/arena/internal/sshtest"
)

// checkOverSSH runs argv joined to a real SSH session of `check …`, as `ssh -T HOST check
// …` would be, and returns the session's stderr and exit status.
func checkOverSSH(t *testing.T, addr string, argv []string, command string) (string, int) {
	t.Helper()
	c := sshtest.Dial(t, addr, "student", sshtest.NewKey(t))
	sess, err := c.NewSession()
	if err != nil {
		t.Fatal(err)
	}
	defer sess.Close()
	proc := exec.Command(argv[0], argv[1:]...)
	var srvErr, kitErr sshtest.Buffer
	sess.Stderr, proc.Stderr = &srvErr, &kitErr
	if proc.Stdin, err = sess.StdoutPipe(); err != nil {
		t.Fatal(err)
	}
	if sess.Stdin, err = proc.StdoutPipe(); err != nil {
		t.Fatal(err)
	}
	if err := sess.Start(command); err != nil {
		t.Fatal(err)
	}
	if err := proc.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- sess.Wait() }()
	select {
	case err = <-done:
	case <-time.After(60 * time.Second):
		proc.Process.Kill()
		t.Fatalf("still checking after a minute\nserver stderr:\n%s\nprogram stderr:\n%s", srvErr.String(), kitErr.String())
	}
	proc.Process.Kill()
	proc.Wait()
	status := 0
	var exit *gossh.ExitError
	if errors.As(err, &exit) {
		status = exit.ExitStatus()
	} else if err != nil {
		t.Fatalf("%v\n%s", err, srvErr.String())
	}
	return srvErr.String(), status
}

// `ssh HOST check` passes a starter kit's bot, and fails a program's mistake with the same
// sentence as arena check on the student's machine, with status 1.
func TestCheckOverSSH(t *testing.T) {
	need(t, "python3")
	addr, _, _ := arenatest.BotArena(t, arenatest.FastHub(), time.Hour)
	report, status := checkOverSSH(t, addr, []string{"python3", abs(t, "../kits/python/mybot.py")}, "check --game sevencolors")
	if status != 0 || !strings.Contains(report, "it is ready to play") || strings.Contains(report, "FAIL") {
		t.Fatalf("the kit: status %d\n%s", status, report)
	}
	for mode, want := range map[string]string{
		"wrongmatch": `FAIL answers each turn with its id and match: your answer to turn 1 has "match":"r4k2" but this game's is "c_1"`,
		"oneshot":    "FAIL plays game after game: your program's output ended (it exited or closed stdout) after game 1 of 3, before answering any turn of game 2",
		"debug":      "FAIL writes nothing on stdout but protocol lines: a line that is not JSON came before your answer to turn 1: `debug: I play colour",
	} {
		report, status := checkOverSSH(t, addr, []string{"python3", abs(t, "testdata/mistakes.py"), mode}, "check --game sevencolors")
		if status != 1 || !strings.Contains(report, want) {
			t.Errorf("%s: status %d, want 1 and %q:\n%s", mode, status, want, report)
		}
	}
}
