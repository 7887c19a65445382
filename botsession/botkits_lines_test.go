package botsession_test

import (
	"fmt"
	"os/exec"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/arena-classroom/arena/internal/arenatest"
	"github.com/arena-classroom/arena/internal/sshtest"
)

// A kit that connects itself shares its stderr with the ssh child it spawned: the server's
// sentence ("arena: …", written by ssh) and the kit's own line race for the same stream. Each
// line must arrive whole, in whichever order: a refusal repeated many times, four at once,
// gives the race every chance (before the kits wrote a line in one piece, 60 tries of the C
// kit beside two busy loops cut one), and no line may hold the other's prefix or start
// without one.
func TestKitLinesStayWholeBesideTheServersSentence(t *testing.T) {
	need(t, "ssh")
	refused := strings.Fields("bot --game sevencolors --practice --vs nobody")
	const tries, atOnce = 60, 4
	for _, k := range kits {
		t.Run(k.name, func(t *testing.T) {
			// A server of its own for each kit: 60 connections a kit from one address, all
			// kits on one server, would meet its limit on new connections an address.
			addr, _, _ := arenatest.BotArena(t, arenatest.FastHub(), time.Hour)
			host, port, _ := strings.Cut(addr, ":")
			argv := append(append(k.cmd(t), openSSHArgs(t, host, port)...), refused...)
			var wg sync.WaitGroup
			errs := make(chan error, tries)
			slots := make(chan struct{}, atOnce)
			for i := range tries {
				wg.Add(1)
				slots <- struct{}{}
				go func() {
					defer func() { <-slots; wg.Done() }()
					if err := refusedWhole(argv); err != nil {
						errs <- fmt.Errorf("try %d: %w", i, err)
					}
				}()
			}
			wg.Wait()
			close(errs)
			for err := range errs {
				t.Fatal(err)
			}
		})
	}
}

// refusedWhole runs a kit whose session the server refuses and checks its combined output:
// every line is the kit's or the server's, whole, and the kit reported the refusal.
func refusedWhole(argv []string) error {
	proc := exec.Command(argv[0], argv[1:]...)
	var out sshtest.Buffer
	proc.Stdout, proc.Stderr = &out, &out
	if err := proc.Start(); err != nil {
		return err
	}
	done := make(chan error, 1)
	go func() { done <- proc.Wait() }()
	select {
	case err := <-done:
		if err == nil {
			return fmt.Errorf("a refused session exited 0:\n%s", out.String())
		}
	case <-time.After(60 * time.Second):
		proc.Process.Kill()
		return fmt.Errorf("still running after a minute:\n%s", out.String())
	}
	kitLines := 0
	for _, line := range strings.Split(strings.TrimRight(out.String(), "\n"), "\n") {
		kitLine, serverLine := strings.HasPrefix(line, "mybot: "), strings.HasPrefix(line, "arena: ")
		switch {
		case !kitLine && !serverLine:
			return fmt.Errorf("a line that is neither the kit's nor the server's (cut in two?): %q\n%s", line, out.String())
		case strings.Count(line, "mybot: ")+strings.Count(line, "arena: ") != 1:
			return fmt.Errorf("two lines in one: %q\n%s", line, out.String())
		case kitLine && !strings.Contains(line, `no house bot "nobody"`):
			return fmt.Errorf("the kit's line lost its end: %q\n%s", line, out.String())
		}
		if kitLine {
			kitLines++
		}
	}
	if kitLines == 0 {
		return fmt.Errorf("the kit said nothing of the refusal:\n%s", out.String())
	}
	return nil
}
