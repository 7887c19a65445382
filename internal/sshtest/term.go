package sshtest

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"golang.org/x/crypto/ssh"
)

// Keys as a terminal sends them.
const (
	Enter     = "\r"
	Esc       = "\x1b"
	Tab       = "\t"
	Backspace = "\x7f"
	CtrlC     = "\x03"
	CtrlZ     = "\x1a"
	Up        = "\x1b[A"
	Down      = "\x1b[B"
	Right     = "\x1b[C"
	Left      = "\x1b[D"
)

// Term is an interactive session with a PTY, reading everything the server draws.
type Term struct {
	sess  *ssh.Session
	stdin io.WriteCloser

	mu      sync.Mutex
	raw     bytes.Buffer
	screen  *screen       // what the terminal shows now
	changed chan struct{} // a token whenever output arrives
	done    chan struct{} // closed when the session ends
	exit    error
}

// TermOption configures NewTerm.
type TermOption func(*termConfig)

type termConfig struct {
	term          string
	width, height int
	cmd           string
	env           []string
}

// Env sends environment variables ("LANG=fr_FR.UTF-8"), as ssh's SendEnv does.
func Env(kv ...string) TermOption { return func(c *termConfig) { c.env = append(c.env, kv...) } }

// TermType sets TERM (default "dumb", which the server never queries).
func TermType(term string) TermOption { return func(c *termConfig) { c.term = term } }

// Size sets the initial window size (default 100×30).
func Size(width, height int) TermOption {
	return func(c *termConfig) { c.width, c.height = width, height }
}

// Command runs a command on the PTY ("play GAME --vs BOT") instead of the lobby.
func Command(cmd string) TermOption { return func(c *termConfig) { c.cmd = cmd } }

// NewTerm opens a PTY session on c: the lobby, or the command given with Command.
func NewTerm(t testing.TB, c *ssh.Client, opts ...TermOption) *Term {
	t.Helper()
	tm, err := OpenTerm(c, opts...)
	if err != nil {
		t.Fatalf("sshtest: %v", err)
	}
	t.Cleanup(func() { tm.sess.Close() })
	return tm
}

// OpenTerm is NewTerm for a goroutine of its own (a person who connects again after a
// fault): it says what failed rather than failing the test, and the caller closes it.
func OpenTerm(c *ssh.Client, opts ...TermOption) (*Term, error) {
	cfg := termConfig{term: "dumb", width: 100, height: 30}
	for _, o := range opts {
		o(&cfg)
	}
	sess, err := c.NewSession()
	if err != nil {
		return nil, fmt.Errorf("new session: %w", err)
	}
	tm := &Term{sess: sess, screen: newScreen(cfg.width, cfg.height), changed: make(chan struct{}, 1), done: make(chan struct{})}
	if tm.stdin, err = sess.StdinPipe(); err != nil {
		sess.Close()
		return nil, err
	}
	sess.Stdout = termWriter{tm}
	sess.Stderr = termWriter{tm}
	for _, kv := range cfg.env {
		k, v, _ := strings.Cut(kv, "=")
		if err := sess.Setenv(k, v); err != nil {
			sess.Close()
			return nil, fmt.Errorf("setenv %s: %w", k, err)
		}
	}
	modes := ssh.TerminalModes{ssh.ECHO: 0, ssh.TTY_OP_ISPEED: 14400, ssh.TTY_OP_OSPEED: 14400}
	if err := sess.RequestPty(cfg.term, cfg.height, cfg.width, modes); err != nil {
		sess.Close()
		return nil, fmt.Errorf("pty: %w", err)
	}
	if cfg.cmd == "" {
		err = sess.Shell()
	} else {
		err = sess.Start(cfg.cmd)
	}
	if err != nil {
		sess.Close()
		return nil, fmt.Errorf("start: %w", err)
	}
	go func() {
		err := sess.Wait()
		tm.mu.Lock()
		tm.exit = err
		tm.mu.Unlock()
		close(tm.done)
	}()
	return tm, nil
}

type termWriter struct{ t *Term }

func (w termWriter) Write(p []byte) (int, error) {
	w.t.mu.Lock()
	w.t.raw.Write(p)
	w.t.screen.write(p)
	w.t.mu.Unlock()
	select {
	case w.t.changed <- struct{}{}:
	default:
	}
	return len(p), nil
}

// Send types keys (raw bytes: letters, Enter, Up, CtrlC…).
func (tm *Term) Send(t testing.TB, keys string) {
	t.Helper()
	if _, err := io.WriteString(tm.stdin, keys); err != nil {
		t.Fatalf("sshtest: send %q: %v", keys, err)
	}
}

// Write types keys, saying rather than failing the test if the session is gone.
func (tm *Term) Write(keys string) error {
	_, err := io.WriteString(tm.stdin, keys)
	return err
}

// Changed receives a token whenever output arrives (one waiter at a time).
func (tm *Term) Changed() <-chan struct{} { return tm.changed }

// Resize tells the server the window changed.
func (tm *Term) Resize(t testing.TB, width, height int) {
	t.Helper()
	tm.mu.Lock()
	tm.screen.resize(width, height)
	tm.mu.Unlock()
	if err := tm.sess.WindowChange(height, width); err != nil {
		t.Fatalf("sshtest: resize: %v", err)
	}
}

// Output is everything drawn since the start (or the last Reset), escape sequences removed.
func (tm *Term) Output() string {
	tm.mu.Lock()
	defer tm.mu.Unlock()
	return Strip(tm.raw.String())
}

// Screen is what the terminal shows now: the rows of the last frame drawn over the ones
// before, trailing spaces removed, as a person sees it (Output is everything ever drawn).
func (tm *Term) Screen() string {
	tm.mu.Lock()
	defer tm.mu.Unlock()
	return tm.screen.String()
}

// Raw is everything received since the start (or the last Reset), as is.
func (tm *Term) Raw() string {
	tm.mu.Lock()
	defer tm.mu.Unlock()
	return tm.raw.String()
}

// Reset forgets the output so far, so that the next WaitFor only sees what comes after.
// Bubble Tea redraws only changed lines: wait for something that changes.
func (tm *Term) Reset() {
	tm.mu.Lock()
	tm.raw.Reset()
	tm.mu.Unlock()
}

// WaitFor waits until the output (see Output) contains want — a string — or satisfies it — a
// func(string) bool — and fails the test after timeout, or as soon as the session ends
// without it, showing what was drawn.
func (tm *Term) WaitFor(t testing.TB, want any, timeout time.Duration) string {
	t.Helper()
	return tm.wait(t, "output", tm.Output, want, timeout)
}

// WaitScreen is WaitFor on what the terminal shows now (see Screen): it waits until a frame
// on the screen contains want, or satisfies it.
func (tm *Term) WaitScreen(t testing.TB, want any, timeout time.Duration) string {
	t.Helper()
	return tm.wait(t, "screen", tm.Screen, want, timeout)
}

// wait waits until look() contains or satisfies want (see WaitFor).
func (tm *Term) wait(t testing.TB, name string, look func() string, want any, timeout time.Duration) string {
	t.Helper()
	var ok func(string) bool
	var what string
	switch w := want.(type) {
	case string:
		ok, what = func(s string) bool { return strings.Contains(s, w) }, fmt.Sprintf("%q", w)
	case func(string) bool:
		ok, what = w, "the condition"
	default:
		t.Fatalf("sshtest: WaitFor wants a string or a func(string) bool, not %T", want)
	}
	deadline := time.NewTimer(timeout)
	defer deadline.Stop()
	for {
		out := look()
		if ok(out) {
			return out
		}
		select {
		case <-tm.changed:
		case <-tm.done:
			if out := look(); ok(out) {
				return out
			}
			t.Fatalf("sshtest: session ended (%v) before %s; %s:\n%s", tm.exitErr(), what, name, tail(look()))
		case <-deadline.C:
			t.Fatalf("sshtest: %s not seen within %v; %s:\n%s", what, timeout, name, tail(look()))
		}
	}
}

// Wait waits for the session to end and returns its exit status (-1 if it ended without
// one, as when the connection drops).
func (tm *Term) Wait(t testing.TB, timeout time.Duration) int {
	t.Helper()
	select {
	case <-tm.done:
	case <-time.After(timeout):
		t.Fatalf("sshtest: session still running after %v; output:\n%s", timeout, tail(tm.Output()))
	}
	return exitCode(tm.exitErr())
}

// Done is closed when the session ends.
func (tm *Term) Done() <-chan struct{} { return tm.done }

// Close ends the session from the client side.
func (tm *Term) Close() { tm.sess.Close() }

func (tm *Term) exitErr() error {
	tm.mu.Lock()
	defer tm.mu.Unlock()
	return tm.exit
}

func exitCode(err error) int {
	var ee *ssh.ExitError
	switch {
	case err == nil:
		return 0
	case errors.As(err, &ee):
		return ee.ExitStatus()
	default:
		return -1
	}
}

func tail(s string) string {
	const n = 3000
	if len(s) > n {
		return "…" + s[len(s)-n:]
	}
	return s
}

var (
	escapes  = regexp.MustCompile(`\x1b\[[0-?]*[ -/]*[@-~]|\x1b[\]P_^X][^\x07\x1b]*(\x07|\x1b\\)?|\x1b[@-Z\\-_]|\x1b[ -/]*[0-~]`)
	controls = regexp.MustCompile(`[\x00-\x08\x0b-\x1f\x7f]`)
)

// Strip removes escape sequences and control characters except newlines.
func Strip(s string) string {
	return controls.ReplaceAllString(escapes.ReplaceAllString(s, ""), "")
}

// Exec runs cmd without a PTY and returns its output and exit status (-1 if the session
// ended without one). It fails the test if the command runs longer than 30 seconds.
func Exec(t testing.TB, c *ssh.Client, cmd string) (stdout, stderr string, code int) {
	t.Helper()
	return ExecInput(t, c, cmd, "")
}

// ExecInput is Exec with stdin.
func ExecInput(t testing.TB, c *ssh.Client, cmd, stdin string) (stdout, stderr string, code int) {
	t.Helper()
	return execWith(t, c, cmd, stdin, nil)
}

// ExecEnv is Exec in a session that first sends the environment variables env
// ("LANG=fr_FR.UTF-8"), as OpenSSH's SendEnv does.
func ExecEnv(t testing.TB, c *ssh.Client, cmd string, env ...string) (stdout, stderr string, code int) {
	t.Helper()
	return execWith(t, c, cmd, "", env)
}

func execWith(t testing.TB, c *ssh.Client, cmd, stdin string, env []string) (stdout, stderr string, code int) {
	t.Helper()
	sess, err := c.NewSession()
	if err != nil {
		t.Fatalf("sshtest: new session: %v", err)
	}
	defer sess.Close()
	for _, kv := range env {
		k, v, _ := strings.Cut(kv, "=")
		if err := sess.Setenv(k, v); err != nil {
			t.Fatalf("sshtest: setenv %s: %v", kv, err)
		}
	}
	var out, errOut bytes.Buffer
	sess.Stdout, sess.Stderr = &out, &errOut
	sess.Stdin = strings.NewReader(stdin)
	done := make(chan error, 1)
	go func() { done <- sess.Run(cmd) }()
	select {
	case err = <-done:
	case <-time.After(30 * time.Second):
		sess.Close()
		t.Fatalf("sshtest: %q still running after 30s; stdout so far:\n%s", cmd, tail(out.String()))
	}
	return out.String(), errOut.String(), exitCode(err)
}

// Stream is a command without a PTY that the test talks to line by line, as a bot does.
type Stream struct {
	sess   *ssh.Session
	stdin  io.WriteCloser
	lines  chan string
	mu     sync.Mutex
	stderr bytes.Buffer
	done   chan struct{}
	exit   error
}

// StartStream starts cmd and reads its stdout line by line.
func StartStream(t testing.TB, c *ssh.Client, cmd string) *Stream {
	t.Helper()
	sess, err := c.NewSession()
	if err != nil {
		t.Fatalf("sshtest: new session: %v", err)
	}
	st := &Stream{sess: sess, lines: make(chan string, 1024), done: make(chan struct{})}
	if st.stdin, err = sess.StdinPipe(); err != nil {
		t.Fatal(err)
	}
	stdout, err := sess.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	sess.Stderr = streamStderr{st}
	if err := sess.Start(cmd); err != nil {
		t.Fatalf("sshtest: start %q: %v", cmd, err)
	}
	go func() {
		sc := bufio.NewScanner(stdout)
		sc.Buffer(make([]byte, 64*1024), 1024*1024)
		for sc.Scan() {
			st.lines <- sc.Text()
		}
		close(st.lines)
		err := sess.Wait()
		st.mu.Lock()
		st.exit = err
		st.mu.Unlock()
		close(st.done)
	}()
	t.Cleanup(func() { sess.Close() })
	return st
}

type streamStderr struct{ s *Stream }

func (w streamStderr) Write(p []byte) (int, error) {
	w.s.mu.Lock()
	defer w.s.mu.Unlock()
	return w.s.stderr.Write(p)
}

// Send writes one line (a newline is added).
func (st *Stream) Send(t testing.TB, line string) {
	t.Helper()
	if _, err := io.WriteString(st.stdin, line+"\n"); err != nil {
		t.Fatalf("sshtest: send: %v", err)
	}
}

// ReadLine returns the next stdout line; ok is false once stdout has ended. It fails the
// test after timeout.
func (st *Stream) ReadLine(t testing.TB, timeout time.Duration) (line string, ok bool) {
	t.Helper()
	select {
	case line, ok = <-st.lines:
		return line, ok
	case <-time.After(timeout):
		t.Fatalf("sshtest: no line within %v; stderr:\n%s", timeout, tail(st.Stderr()))
		return "", false
	}
}

// CloseStdin sends EOF.
func (st *Stream) CloseStdin() error { return st.stdin.Close() }

// Stderr is what the command wrote to stderr so far.
func (st *Stream) Stderr() string {
	st.mu.Lock()
	defer st.mu.Unlock()
	return st.stderr.String()
}

// Wait waits for the command to end (draining stdout) and returns its exit status.
func (st *Stream) Wait(t testing.TB, timeout time.Duration) int {
	t.Helper()
	deadline := time.After(timeout)
	for {
		select {
		case _, ok := <-st.lines:
			if ok {
				continue
			}
		case <-deadline:
			t.Fatalf("sshtest: command still running after %v", timeout)
		}
		break
	}
	select {
	case <-st.done:
	case <-deadline:
		t.Fatalf("sshtest: command still running after %v", timeout)
	}
	st.mu.Lock()
	defer st.mu.Unlock()
	return exitCode(st.exit)
}

// namedKeys are the terminal bytes of the keys tests type by name.
var namedKeys = map[string]string{
	"up": "\x1b[A", "down": "\x1b[B", "right": "\x1b[C", "left": "\x1b[D",
	"enter": "\r", "backspace": "\x7f", "tab": "\t",
}

// Type sends keys one after the other: a name of namedKeys ("enter", "up", "tab"…) is
// that key, anything else is typed as it is.
func (tm *Term) Type(t testing.TB, keys ...string) {
	t.Helper()
	for _, k := range keys {
		if b, ok := namedKeys[k]; ok {
			k = b
		}
		tm.Send(t, k)
	}
}

// ShowsBoard reports whether screen shows board's rows one under the other, at the start
// of their lines (where a game screen draws the board).
func ShowsBoard(screen, board string) bool {
	lines, rows := strings.Split(screen, "\n"), strings.Split(strings.TrimRight(board, "\n"), "\n")
	for top := 0; top+len(rows) <= len(lines); top++ {
		match := true
		for k, row := range rows {
			if !strings.HasPrefix(lines[top+k], strings.TrimRight(row, " ")) {
				match = false
				break
			}
		}
		if match {
			return true
		}
	}
	return false
}
