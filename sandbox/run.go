package sandbox

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"github.com/arena-classroom/arena/lang"
)

// Run is one program in its sandbox, from Wrap to Close.
type Run struct {
	policy Policy
	pgid   int
	sock   *os.File // the arena's end of the socket that brings the filter's listener
	child  *os.File // the helper's end, closed here once it has started
	// wake is read by the supervisor beside the filter: closing wakeW stops it at once.
	wake, wakeW *os.File
	stopped     sync.Once
	done        chan struct{} // closed when the supervisor stops
	// procs is the supervisor's count of the program's processes: at least the live ones
	// (every start is counted; an end only when it looks again).
	procs int

	mu     sync.Mutex
	denied []lang.Text // what the sandbox refused, each said once
}

// Unavailable says what this system lacks for the sandbox, in English, "" when it has it
// all.
func Unavailable() string { return UnavailableIn(lang.English) }

// UnavailableIn says what this system lacks for the sandbox, in l, "" when it has it all.
func UnavailableIn(l lang.Lang) string {
	if why := unavailable(); why.Key != "" {
		return why.In(l)
	}
	return ""
}

// ErrUnavailable is a sandbox this system cannot give; the sentence says what is missing.
var ErrUnavailable = lang.Errorf("no sandbox on this system")

// Wrap makes cmd (exec.Command's, not started, in a process group of its own: Setpgid)
// start through the helper, under policy p. Call Started once cmd has started, and Close
// once the program has ended.
func Wrap(cmd *exec.Cmd, p Policy) (*Run, error) {
	if why := unavailable(); why.Key != "" {
		return nil, lang.Errorf("%s: %s", ErrUnavailable, why)
	}
	if !ownGroup(cmd) || len(cmd.ExtraFiles) > 0 {
		return nil, errors.New("sandbox: the command must have a process group of its own and no extra files") // lang:keep a bug of ours
	}
	self, err := os.Executable()
	if err != nil {
		return nil, lang.Errorf("sandbox: the arena's own binary: %s", err)
	}
	p.Limits = p.Limits.withDefaults()
	if p.Dir, err = filepath.Abs(p.Dir); err != nil {
		return nil, err
	}
	environ := cmd.Env
	if environ == nil {
		environ = os.Environ()
	}
	var reads []string // absolute, each once, the caller's slice left as it was
	for _, d := range append(slices.Clip(p.Reads), EnvReads(environ)...) {
		abs, err := filepath.Abs(d)
		if err != nil {
			return nil, err
		}
		if _, err := os.Stat(abs); err != nil || slices.Contains(reads, abs) {
			continue // a path the environment names but that is not there, or given twice
		}
		reads = append(reads, abs)
	}
	p.Reads = reads
	if p.Scratch, err = os.MkdirTemp("", "arena-sandbox-*"); err != nil {
		return nil, lang.Errorf("sandbox: its scratch folder: %s", err)
	}
	policy, err := jsonOf(p)
	if err != nil {
		os.RemoveAll(p.Scratch)
		return nil, err
	}
	sock, child, err := socketPair()
	if err != nil {
		os.RemoveAll(p.Scratch)
		return nil, err
	}
	cmd.Args = append([]string{helperName, cmd.Path}, cmd.Args[1:]...)
	cmd.Path = self
	cmd.Env = append(Env(environ, p.Scratch), policyEnv+"="+policy)
	cmd.ExtraFiles = []*os.File{child}
	wake, wakeW, err := os.Pipe()
	if err != nil {
		sock.Close()
		child.Close()
		os.RemoveAll(p.Scratch)
		return nil, err
	}
	return &Run{policy: p, sock: sock, child: child, wake: wake, wakeW: wakeW, done: make(chan struct{})}, nil
}

// Policy is the policy the program runs under, its folders made absolute.
func (r *Run) Policy() Policy { return r.policy }

// Started begins supervising the program cmd started (cmd.Process).
func (r *Run) Started(pid int) {
	r.pgid = pid
	r.child.Close()
	go func() {
		defer close(r.done)
		listener, err := receiveListener(r.sock)
		r.sock.Close()
		if err != nil {
			return // the helper failed before (it said why on stderr), or the program is gone
		}
		r.supervise(listener)
	}()
}

// Close stops supervising and removes the scratch folder: call it once the program and
// its group are gone.
func (r *Run) Close() {
	r.stopped.Do(func() {
		r.wakeW.Close()
		r.sock.Close() // a helper that never sent its listener
		<-r.done
		r.wake.Close()
		os.RemoveAll(r.policy.Scratch)
	})
}

func (r *Run) refused(why lang.Text) {
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, d := range r.denied {
		if d.Key == why.Key && fmt.Sprint(d.Args) == fmt.Sprint(why.Args) {
			return
		}
	}
	if len(r.denied) < 8 {
		r.denied = append(r.denied, why)
	}
}

// Refused lists what the sandbox refused the program, each once, in English.
func (r *Run) Refused() []string { return r.RefusedIn(lang.English) }

// RefusedIn lists what the sandbox refused the program, each once, in l.
func (r *Run) RefusedIn(l lang.Lang) []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	var out []string
	for _, d := range r.denied {
		out = append(out, d.In(l))
	}
	return out
}

// Explain is ExplainIn in English.
func (r *Run) Explain(exitErr error, tail string) []string {
	return r.ExplainIn(exitErr, tail, lang.English)
}

// ExplainIn says in sentences, in l, what the sandbox did to a program that ended with
// exitErr (cmd.Wait's), whose stderr ended with tail: what it refused, and the cap it
// reached.
func (r *Run) ExplainIn(exitErr error, tail string, l lang.Lang) []string {
	out := r.RefusedIn(l)
	var ee *exec.ExitError
	if errors.As(exitErr, &ee) {
		switch capHit(ee) {
		case "cpu":
			out = append(out, l.Sprintf("the sandbox's cap of %s of CPU time was reached", r.policy.Limits.CPU.String()))
		case "file":
			out = append(out, l.Sprintf("the sandbox's cap of %s a file was reached", Bytes(r.policy.Limits.Output)))
		}
		if ee.ExitCode() == helperFailed && helperSaidWhy(tail) {
			return out // the helper said why
		}
	}
	if exitErr != nil && refusedFile(tail) {
		out = append(out, l.Sprintf("the program was refused a file: it reads only its own folder and the system's, and writes only in $HOME or $TMPDIR (--allow-read DIR allows a folder)"))
	}
	if exitErr != nil && outOfMemory(tail) {
		out = append(out, l.Sprintf("the program ran out of memory: the sandbox caps it at %s (--sandbox-memory)", Bytes(r.policy.Limits.Memory)))
	}
	return out
}

// helperSaidWhy reports whether the program's last words are the helper's, saying (in
// any language) why the sandbox could not be set up.
func helperSaidWhy(tail string) bool {
	for _, l := range lang.All {
		if strings.Contains(tail, l.Sprintf("the sandbox could not be set up: %v", "")) {
			return true
		}
	}
	return false
}

// refusedFile reports whether a program's last words are its language's way of saying
// that a file was refused (Landlock tells nobody but the program).
func refusedFile(tail string) bool {
	// lang:keep what programs' runtimes print, matched
	for _, s := range []string{"Permission denied", "PermissionError", "AccessDeniedException", "EACCES"} {
		if strings.Contains(tail, s) {
			return true
		}
	}
	return false
}

// outOfMemory reports whether a program's last words are its language's way of saying
// that an allocation failed.
func outOfMemory(tail string) bool {
	for _, s := range []string{"MemoryError", "OutOfMemoryError", "Cannot allocate memory", "std::bad_alloc", // lang:keep what programs' runtimes print, matched
		"out of memory", "JavaScript heap out of memory", "memory allocation of"} { // lang:keep what programs' runtimes print, matched
		if strings.Contains(tail, s) {
			return true
		}
	}
	return false
}
