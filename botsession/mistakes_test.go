package botsession_test

import (
	"errors"
	"fmt"
	"log/slog"
	"os/exec"
	"strings"
	"testing"
	"time"

	gossh "golang.org/x/crypto/ssh"

	"github.com/arena-classroom/arena/commands"
	"github.com/arena-classroom/arena/internal/arenatest"
	"github.com/arena-classroom/arena/internal/mistakes"
	"github.com/arena-classroom/arena/internal/sshtest"
	"github.com/arena-classroom/arena/rooms"
	"github.com/arena-classroom/arena/server"
)

// shortClock is a hub whose programs have 1 s a move and no bank, so that the mistakes
// that show only when time runs out (slow, silent) show within seconds.
func shortClock() rooms.Config {
	c := arenatest.FastHub()
	c.BotMove, c.BotBank, c.MaxStrikes = time.Second, -1, 3
	return c
}

// mistakeOverSSH runs `python3 mistakes.py MODE` joined to a real SSH session running
// command, as `ssh -T` would join them, and returns the server's stderr (what the student
// reads) and the session's exit status.
func mistakeOverSSH(t *testing.T, c *gossh.Client, mode, command string) (string, int) {
	t.Helper()
	need(t, "python3")
	script, err := mistakes.Script()
	if err != nil {
		t.Fatal(err)
	}
	sess, err := c.NewSession()
	if err != nil {
		t.Fatal(err)
	}
	defer sess.Close()
	proc := exec.Command("python3", script, mode)
	var progErr, srvErr sshtest.Buffer
	proc.Stderr, sess.Stderr = &progErr, &srvErr
	if proc.Stdin, err = sess.StdoutPipe(); err != nil {
		t.Fatal(err)
	}
	fromProg, err := proc.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	sshtest.FeedStdin(t, sess, fromProg)
	if err := sess.Start(command); err != nil {
		t.Fatal(err)
	}
	if err := proc.Start(); err != nil {
		t.Fatal(err)
	}
	// The program's exit is its own business (crash exits 1); the session's is the answer.
	progDone := make(chan struct{})
	go func() { proc.Wait(); close(progDone) }()
	sessDone := make(chan error, 1)
	go func() { sessDone <- sess.Wait() }()
	var status int
	select {
	case err := <-sessDone:
		var exit *gossh.ExitError
		switch {
		case errors.As(err, &exit):
			status = exit.ExitStatus()
		case err != nil:
			t.Fatalf("session: %v\nserver stderr:\n%s", err, srvErr.String())
		}
	case <-time.After(60 * time.Second):
		proc.Process.Kill()
		t.Fatalf("%s: still playing after a minute\nserver stderr:\n%s\nprogram stderr:\n%s", mode, srvErr.String(), progErr.String())
	}
	select {
	case <-progDone:
	case <-time.After(20 * time.Second):
		proc.Process.Kill()
		t.Fatalf("%s: the program still runs 20 s after its session ended\nprogram stderr:\n%s", mode, progErr.String())
	}
	return srvErr.String(), status
}

// Each mistake of issue 36's table, made by a real Python program in SSH practice, is
// explained on the session's stderr by the sentence `arena match` shows for it (the
// table of internal/mistakes).
func TestMistakesOverSSH(t *testing.T) {
	need(t, "python3")
	fast, _, _ := arenatest.BotArena(t, arenatest.FastHub(), time.Hour)
	short, _, _ := arenatest.BotArena(t, shortClock(), time.Hour)
	for _, m := range mistakes.Table {
		t.Run(m.Mode, func(t *testing.T) {
			t.Parallel()
			addr, games := fast, 3
			if m.Clocked {
				addr, games = short, 1
			}
			size := 10
			if m.Size != 0 {
				size = m.Size
			}
			c := sshtest.Dial(t, addr, m.Mode, sshtest.NewKey(t))
			srvErr, status := mistakeOverSSH(t, c, m.Mode,
				fmt.Sprintf("bot --game sevencolors --practice --vs greedy --seed 1 --games %d --size %d", games, size))
			for _, want := range append(m.Says, m.SSH...) {
				if !strings.Contains(srvErr, want) {
					t.Errorf("%q is missing from the session's stderr", want)
				}
			}
			if n := strings.Count(srvErr, m.Says[0]); m.Once && n != 1 {
				t.Errorf("said %d times in %d games, want once: %q", n, games, m.Says[0])
			}
			if t.Failed() {
				t.Logf("exit %d; server stderr:\n%s", status, srvErr)
			}
		})
	}
}

// A program that leaves after the first game of an assignment's three is told what it did
// and that its run is not recorded: the teacher's export shows no run.
func TestMistakeOneshotInAnAssignmentIsNotRecorded(t *testing.T) {
	need(t, "python3")
	teacher, student := sshtest.NewKey(t), sshtest.NewKey(t)
	adminFile := arenatest.AdminKeys(t, teacher)
	quiet := slog.New(slog.DiscardHandler)
	addr, _, _ := arenatest.Start(t, arenatest.FastHub(), commands.Options{Assignments: arenatest.Store(t), Logger: quiet},
		func(c *server.Config) { c.AdminKeysFile = adminFile; c.Logger = quiet })
	prof := sshtest.Dial(t, addr, "prof", teacher)
	out, errOut, code := sshtest.Exec(t, prof, "assignment create --game sevencolors --vs greedy --games 3 --size 10 --pass 50%")
	if code != 0 {
		t.Fatalf("create: %d %q", code, errOut)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	as := lines[len(lines)-1] // the last line is the code alone

	srvErr, status := mistakeOverSSH(t, sshtest.Dial(t, addr, "sam", student), "oneshot", "bot --game sevencolors --assignment "+as)
	for _, want := range []string{
		"assignment " + as + " run: 3 game(s)",
		"the arena sends game after game on the same connection",
		"assignment " + as + ": this run is not recorded: it stopped after 1 of 3 games",
	} {
		if !strings.Contains(srvErr, want) {
			t.Errorf("%q is missing from the session's stderr", want)
		}
	}
	if status == 0 || strings.Contains(srvErr, "practice:") || strings.Contains(srvErr, "recorded —") {
		t.Errorf("exit %d: an unrecorded assignment run passes for a practice or a recorded run", status)
	}
	if t.Failed() {
		t.Logf("server stderr:\n%s", srvErr)
	}
	out, errOut, code = sshtest.Exec(t, prof, "assignment export "+as)
	if code != 0 || strings.Count(strings.TrimSpace(out), "\n") != 0 {
		t.Fatalf("export: exit %d, %q %q; want the header alone", code, out, errOut)
	}
}

// Leaving after the last game is no mistake: a program that exits after one game of a
// practice of one ends it as any program does, whenever its exit is noticed.
func TestMistakeOneshotPlayingOneGameIsNone(t *testing.T) {
	addr, _, _ := arenatest.BotArena(t, arenatest.FastHub(), time.Hour)
	c := sshtest.Dial(t, addr, "student", sshtest.NewKey(t))
	srvErr, status := mistakeOverSSH(t, c, "oneshot", "bot --game sevencolors --practice --vs greedy --seed 1 --games 1 --size 10")
	if status != 0 || !strings.Contains(srvErr, "practice over: ") || strings.Contains(srvErr, "stopped") {
		t.Fatalf("exit %d; server stderr:\n%s", status, srvErr)
	}
}
