package main

import (
	"io"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/arena-classroom/arena/lang"
	"github.com/arena-classroom/arena/match"
	"github.com/arena-classroom/arena/sandbox"
)

// allowances widen the sandbox: for every program (seat 0) or one seat's (from 1, in
// --seats' order).
type allowances struct {
	net   map[int]bool
	reads map[int][]string
	err   error // the last value refused, for flagError to say
}

func newAllowances() *allowances {
	return &allowances{net: map[int]bool{}, reads: map[int][]string{}}
}

// netFlag is --allow-net: alone, every program; --allow-net=2,3, those seats' programs.
type netFlag struct{ a *allowances }

func (netFlag) IsBoolFlag() bool { return true }
func (netFlag) String() string   { return "" }
func (f netFlag) Set(v string) error {
	switch v {
	case "true":
		f.a.net[0] = true
		return nil
	case "false":
		return nil
	}
	for _, w := range strings.Split(v, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(w))
		if err != nil || n < 1 {
			f.a.err = lang.Errorf("--allow-net=%s: seat numbers, from 1 in --seats' order (--allow-net alone: every program)", v)
			return f.a.err
		}
		f.a.net[n] = true
	}
	return nil
}

// readFlag is --allow-read DIR (every program) or --allow-read SEAT:DIR.
type readFlag struct{ a *allowances }

func (readFlag) String() string { return "" }
func (f readFlag) Set(v string) error {
	seat, dir := 0, v
	if before, after, ok := strings.Cut(v, ":"); ok {
		if n, err := strconv.Atoi(before); err == nil {
			if n < 1 {
				f.a.err = lang.Errorf("--allow-read %s: seats are numbered from 1", v)
				return f.a.err
			}
			seat, dir = n, after
		}
	}
	if st, err := os.Stat(dir); err != nil || !st.IsDir() {
		f.a.err = lang.Errorf("--allow-read %s: %s is not a folder", v, dir)
		return f.a.err
	}
	f.a.reads[seat] = append(f.a.reads[seat], dir)
	return nil
}

// sandboxFlags are the options that shape the programs' sandbox.
type sandboxFlags struct {
	lang   lang.Lang
	allow  *allowances
	dir    string
	memory int // MiB
	set    map[string]bool
	lacks  func() string
}

// programsSandbox is the sandbox of a run's programs: nil base, no sandbox.
type programsSandbox struct {
	base  *sandbox.Policy
	allow *allowances
	off   bool // --no-sandbox
}

// sandboxFor checks the sandbox's options against the seats: programs run in a sandbox
// unless noSandbox, and are refused where the system has none (they are strangers' code:
// nothing runs unconfined without being asked to).
func sandboxFor(specs []match.SeatSpec, noSandbox bool, f sandboxFlags) (programsSandbox, error) {
	if noSandbox {
		for _, name := range []string{"allow-net", "allow-read", "sandbox-dir", "sandbox-memory"} {
			if f.set[name] {
				return programsSandbox{}, lang.Errorf("--%s shapes the sandbox, and --no-sandbox runs the programs without one", name)
			}
		}
		return programsSandbox{off: true}, nil
	}
	seats := map[int]bool{}
	for n := range f.allow.net {
		seats[n] = true
	}
	for n := range f.allow.reads {
		seats[n] = true
	}
	for n := range seats {
		if n > 0 && (n > len(specs) || specs[n-1].Exec == "") {
			return programsSandbox{}, lang.Errorf("seat %d has no program: --allow-net=SEAT and --allow-read SEAT:DIR name exec: seats, from 1 in --seats' order", n)
		}
	}
	if !slices.ContainsFunc(specs, func(s match.SeatSpec) bool { return s.Exec != "" }) {
		return programsSandbox{}, nil
	}
	if why := f.lacks(); why != "" {
		return programsSandbox{}, lang.Errorf("exec: seats run in a sandbox, and this system has none: %s; --no-sandbox runs the programs without one, with all your rights (only for programs you trust)", why)
	}
	if f.memory < 0 {
		return programsSandbox{}, lang.Errorf("--sandbox-memory must be positive, not %s", typed(f.memory))
	}
	if f.dir != "" {
		if st, err := os.Stat(f.dir); err != nil || !st.IsDir() {
			return programsSandbox{}, lang.Errorf("--sandbox-dir %s is not a folder", f.dir)
		}
	}
	base := &sandbox.Policy{Dir: f.dir, Reads: f.allow.reads[0], Net: f.allow.net[0], Limits: sandbox.Limits{Memory: int64(f.memory) << 20}}
	return programsSandbox{base: base, allow: f.allow}, nil
}

// policy is the sandbox of seat i's program (from 0), nil without one.
func (sb programsSandbox) policy(i int) *sandbox.Policy {
	if sb.base == nil {
		return nil
	}
	p := *sb.base
	p.Reads = append(slices.Clip(p.Reads), sb.allow.reads[i+1]...)
	p.Net = p.Net || sb.allow.net[i+1]
	return &p
}

// describe says how the programs ran, in l, for a result to say how it was obtained: the
// sandbox of every program, then what a seat was allowed besides.
func (sb programsSandbox) describe(l lang.Lang, specs []match.SeatSpec) string {
	switch {
	case sb.off:
		return l.Sprintf("no sandbox (--no-sandbox)")
	case sb.base == nil:
		return ""
	}
	out := sb.base.DescribeIn(l)
	for i, s := range specs {
		var more []string
		if sb.allow.net[i+1] && !sb.base.Net {
			more = append(more, l.Sprintf("network allowed"))
		}
		if r := sb.allow.reads[i+1]; len(r) > 0 {
			more = append(more, l.Sprintf("reads %s", strings.Join(r, ", ")))
		}
		if len(more) > 0 {
			out += l.Sprintf("; seat %d (exec:%s): %s", i+1, s.Exec, strings.Join(more, "; "))
		}
	}
	return out
}

// lockedWriter lets several goroutines write to w, one at a time.
type lockedWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (l *lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}
