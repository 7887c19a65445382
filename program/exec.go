package program

import (
	"errors"
	"io"
	"os"
	"os/exec"
	"strings"
	"sync"
	"time"

	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/lang"
	"github.com/arena-classroom/arena/sandbox"
)

// ExecOptions configure the programs of headless games (`arena match --seats exec:…`).
type ExecOptions struct {
	Clock  Clock
	Limits Limits
	// Stderr receives the programs' own stderr and the arena's notes about them (a crash,
	// strikes); default os.Stderr.
	Stderr io.Writer
	// Diag, when set, receives the sentences a program hears over SSH on stderr: every
	// warning, explained (a Warnings shows the first few).
	Diag io.Writer
	// Grace is how long a program may take to exit once its game is over and its input
	// closed, before it is killed (default 2 s).
	Grace time.Duration
	// Sandbox, when set, is what the programs may do (package sandbox); its Dir, when
	// empty, is each program's own folder (sandbox.ProgramDir). nil runs them unconfined.
	Sandbox *sandbox.Policy
	// Lang is the language of what the programs and their owner are told: the msg of
	// warn and error lines, Diag and the arena's notes on Stderr (English when empty;
	// `arena match` passes lang.FromEnv(os.Environ())).
	Lang lang.Lang
}

func (o ExecOptions) withDefaults() ExecOptions {
	if o.Clock.Startup == 0 { // a process started for each game: its start-up is not its move
		o.Clock.Startup = DefaultStartup
	}
	o.Clock = o.Clock.WithDefaults()
	o.Limits = o.Limits.WithDefaults()
	if o.Stderr == nil {
		o.Stderr = os.Stderr
	}
	if o.Lang == "" {
		o.Lang = lang.English
	}
	if o.Grace <= 0 {
		o.Grace = 2 * time.Second
	}
	return o
}

// Process is a running program, spoken to over its stdin and stdout.
type Process struct {
	Conn    *Conn
	cmd     *exec.Cmd
	stdin   *os.File // our end of its stdin
	waited  chan struct{}
	exitErr error // valid once waited is closed
	stop    sync.Once
	// sandboxed says what the sandbox refused the program, and the cap it reached; valid
	// once waited is closed.
	sandboxed []string
	run       *sandbox.Run // nil without a sandbox
	told      int          // refusals already said (NewRefusals)
}

// StartProcess runs cmdline with sh -c (so that students may write `cd bot && ./run`), in
// its own process group so that the whole group can be killed, in the sandbox sb unless it
// is nil. Whatever the program leaves running is killed when it exits.
func StartProcess(cmdline string, lim Limits, stderr, diag io.Writer, sb *sandbox.Policy) (*Process, error) {
	return StartProcessIn(cmdline, lim, stderr, diag, sb, lang.English)
}

// StartProcessIn is StartProcess for a program whose sentences (warnings' msg, what it is
// told on diag) are said in l.
func StartProcessIn(cmdline string, lim Limits, stderr, diag io.Writer, sb *sandbox.Policy, l lang.Lang) (*Process, error) {
	inR, inW, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	outR, outW, err := os.Pipe()
	if err != nil {
		inR.Close()
		inW.Close()
		return nil, err
	}
	cmd := exec.Command("sh", "-c", cmdline)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = inR, outW, stderr
	// Stderr copied through a goroutine (a non-file writer) must not hold Wait forever
	// when the program leaves a child behind.
	cmd.WaitDelay = time.Second
	setGroup(cmd)
	closeAll := func() {
		inR.Close()
		inW.Close()
		outR.Close()
		outW.Close()
	}
	var run *sandbox.Run
	tail := &tailWriter{}
	if sb != nil {
		policy := *sb
		if policy.Dir == "" {
			wd, err := os.Getwd()
			if err != nil {
				closeAll()
				return nil, err
			}
			policy.Dir = sandbox.ProgramDir(cmdline, wd)
		}
		if root := sandbox.InterpreterRoot(cmdline, os.Environ()); root != "" {
			policy.Reads = append(policy.Reads[:len(policy.Reads):len(policy.Reads)], root)
		}
		if run, err = sandbox.Wrap(cmd, policy); err != nil {
			closeAll()
			return nil, lang.Errorf("start %q: %s", cmdline, err)
		}
		cmd.Stderr = io.MultiWriter(stderr, tail) // its last words explain a cap reached
	}
	if err := cmd.Start(); err != nil {
		closeAll()
		if run != nil {
			run.Close()
		}
		return nil, lang.Errorf("start %q: %s", cmdline, err)
	}
	if run != nil {
		run.Started(cmd.Process.Pid)
	}
	// The child holds its own copies; ours would keep its stdout open after it exits.
	inR.Close()
	outW.Close()
	p := &Process{cmd: cmd, stdin: inW, waited: make(chan struct{}), run: run}
	p.Conn = NewConn(outR, inW, ConnOptions{Limits: lim, Diag: diag, QuietEnd: true, Lang: l})
	p.Conn.Plan(-1) // a program plays game after game on its stdin (one only with --fresh-process)
	go func() {
		p.exitErr = cmd.Wait()
		killGroup(cmd) // what it left running (a child, a daemon) ends with it
		if run != nil {
			run.Close()
			p.sandboxed = run.ExplainIn(p.exitErr, tail.String(), l)
		}
		close(p.waited)
	}()
	go func() {
		defer p.Conn.Recover("process watcher") // lang:keep the name of a goroutine, for logs
		// A connection that ends on our side (the program stopped reading, flooded us)
		// ends the program too; when it ends on its side, this reaps what is left.
		select {
		case <-p.Conn.Done():
			if !errors.Is(p.Conn.Err(), io.EOF) {
				p.kill()
			}
		case <-p.waited:
			// The program exited: let the reader drain what it wrote before its end (closing
			// the pipe under it would turn a clean EOF into "file already closed"). A
			// grandchild still holding the pipe open gets a second to let go.
			t := time.NewTimer(time.Second)
			select {
			case <-p.Conn.Done():
			case <-t.C:
			}
			t.Stop()
		}
		outR.Close()
	}()
	return p, nil
}

// ExitStatus describes how the program ended, waiting up to wait for it: "exit status 1",
// "killed", "still running" (in English, as Go says them).
func (p *Process) ExitStatus(wait time.Duration) string {
	how, ok := p.ExitIn(wait, lang.English)
	if !ok {
		return "still running" // lang:keep compared by callers
	}
	return how
}

// ExitIn describes how the program ended in l, waiting up to wait for it: "exit status 1",
// "signal: killed"; ok is false while it is still running.
func (p *Process) ExitIn(wait time.Duration, l lang.Lang) (how string, ok bool) {
	t := time.NewTimer(wait)
	defer t.Stop()
	select {
	case <-p.waited:
	case <-t.C:
		return "", false
	}
	if p.exitErr == nil {
		return l.Sprintf("exit status %d", 0), true
	}
	var ee *exec.ExitError
	if errors.As(p.exitErr, &ee) {
		switch code := ee.ExitCode(); {
		case code == 127:
			return l.Sprintf("exit status 127: command not found"), true
		case code >= 0:
			return l.Sprintf("exit status %d", code), true
		}
	}
	return p.exitErr.Error(), true
}

// Sandboxed says what the sandbox refused the program and the cap it reached, once it
// has exited (nil before, or without a sandbox).
func (p *Process) Sandboxed() []string {
	select {
	case <-p.waited:
		return p.sandboxed
	default:
		return nil
	}
}

// NewRefusals are what the sandbox refused the program since the last call: a program
// that went on after a refusal is told of it at the end of its game. Not safe for
// concurrent use (a process plays one game at a time).
func (p *Process) NewRefusals() []string {
	if p.run == nil {
		return nil
	}
	all := p.run.RefusedIn(p.Conn.Lang())
	fresh := all[min(p.told, len(all)):]
	p.told = len(all)
	return fresh
}

// tailWriter keeps the last bytes written to it.
type tailWriter struct {
	mu  sync.Mutex
	buf []byte
}

const tailSize = 4096

func (w *tailWriter) Write(b []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.buf = append(w.buf, b...)
	if len(w.buf) > tailSize {
		w.buf = append(w.buf[:0:0], w.buf[len(w.buf)-tailSize:]...)
	}
	return len(b), nil
}

func (w *tailWriter) String() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return string(w.buf)
}

// Stop closes the program's input, lets it exit within grace, then kills its group. It
// returns once the program is gone.
func (p *Process) Stop(grace time.Duration) {
	p.stop.Do(func() {
		p.Conn.Flush(grace)
		p.stdin.Close()
		t := time.NewTimer(grace)
		defer t.Stop()
		select {
		case <-p.waited:
		case <-t.C:
			p.kill()
			<-p.waited
		}
		p.Conn.Close(io.EOF)
	})
}

func (p *Process) kill() { killGroup(p.cmd) }

// ExecSeat is one headless game's program: its process and its Agent.
type ExecSeat struct {
	*Agent
	p       *Process
	opts    ExecOptions
	pool    *ExecPool // nil: the process is the game's own, stopped when it ends
	cmdline string
	seat    int
	seed    uint64
}

// StartExecSeat starts cmdline for game g and sends it "hello" and "start".
func StartExecSeat(cmdline string, g Game, opts ExecOptions) (*ExecSeat, error) {
	opts = opts.withDefaults()
	g.Clock = opts.Clock
	p, err := StartProcessIn(cmdline, opts.Limits, opts.Stderr, opts.Diag, opts.Sandbox, opts.Lang)
	if err != nil {
		return nil, err
	}
	sendHello(p, g)
	return newExecSeat(p, cmdline, g, opts, nil), nil
}

// Finish tells the program how its game ended, then stops it or gives it back to its pool.
func (s *ExecSeat) Finish(o *games.Outcome) { s.finishSeat(o) }

func clip(s string, n int) string {
	s = strings.TrimSpace(s)
	if len(s) > n {
		return s[:n] + "…"
	}
	return s
}
