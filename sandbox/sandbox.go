// Package sandbox runs a student's program so that it can harm nothing of the person who
// runs it: no network, files readable only in its own folder and the system's runtime
// paths, writable only in a scratch folder removed at the end, no signal to a process
// outside it, caps on CPU time, processes, open files and memory, and every process it
// started killed at the end. It needs no root: on Linux, Landlock (files, TCP, signals and
// abstract sockets), a seccomp filter whose refusals a supervisor in the arena's process
// hears (sockets, signals, processes started, leaving the process group), and rlimits.
//
// The program is started through the arena's own binary (the helper: Wrap points the
// command at it), which puts itself in the sandbox and then executes the program: Go
// cannot run code between fork and exec, and a sandbox is inherited across exec.
// docs/security.md says what a program may and may not do.
package sandbox

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/arena-classroom/arena/lang"
)

// Policy is what one program may do.
type Policy struct {
	// Dir is the program's own folder: readable (and its files executable).
	Dir string `json:"dir"`
	// Reads are more folders it may read (--allow-read).
	Reads []string `json:"reads,omitempty"`
	// Net lets it use the network (--allow-net).
	Net    bool   `json:"net,omitempty"`
	Limits Limits `json:"limits"`
	// Scratch is its writable folder, its HOME and TMPDIR (Wrap makes it).
	Scratch string `json:"scratch,omitempty"`
}

// Limits are the caps on a program and everything it starts.
type Limits struct {
	CPU    time.Duration `json:"cpu"`    // CPU time of each process
	Procs  int           `json:"procs"`  // processes alive at once, the program's included
	Files  int           `json:"files"`  // open files of each process
	Memory int64         `json:"memory"` // bytes of data (heap) of each process
	Output int64         `json:"output"` // bytes of any file it writes
}

// DefaultLimits leave a program of any of the kits' languages (a JVM included) room to
// play, and stop a runaway one: an infinite loop, a fork bomb, a leak.
var DefaultLimits = Limits{CPU: 10 * time.Minute, Procs: 64, Files: 256, Memory: 2 << 30, Output: 64 << 20}

func (l Limits) withDefaults() Limits {
	d := DefaultLimits
	if l.CPU <= 0 {
		l.CPU = d.CPU
	}
	if l.Procs <= 0 {
		l.Procs = d.Procs
	}
	if l.Files <= 0 {
		l.Files = d.Files
	}
	if l.Memory <= 0 {
		l.Memory = d.Memory
	}
	if l.Output <= 0 {
		l.Output = d.Output
	}
	return l
}

// Describe is the policy in one line, in English, for a result to say how it was obtained.
func (p Policy) Describe() string { return p.DescribeIn(lang.English) }

// DescribeIn is the policy in one line, in l.
func (p Policy) DescribeIn(lg lang.Lang) string {
	l := p.Limits.withDefaults()
	dir := p.Dir
	if dir == "" {
		dir = lg.Sprintf("its own folder")
	}
	reads := dir
	for _, r := range p.Reads {
		reads += ", " + r
	}
	if p.Net {
		return lg.Sprintf("sandboxed: reads %s; network allowed; caps: %s CPU, %d processes, %s memory", reads, l.CPU, l.Procs, Bytes(l.Memory))
	}
	return lg.Sprintf("sandboxed: reads %s; no network; caps: %s CPU, %d processes, %s memory", reads, l.CPU, l.Procs, Bytes(l.Memory))
}

// Bytes is n in MiB or GiB, as the caps are said.
func Bytes(n int64) string {
	if n >= 1<<30 && n%(1<<30) == 0 {
		return fmt.Sprintf("%d GiB", n>>30)
	}
	return fmt.Sprintf("%d MiB", n>>20)
}

// ProgramDir is the folder of the program that cmdline runs, for Policy.Dir: the folder of
// the first word that names a file (`python3 bots/mine.py`, `./bot`), else wd.
func ProgramDir(cmdline, wd string) string {
	for _, w := range strings.Fields(cmdline) {
		w = strings.Trim(w, `"'`)
		if w == "" || strings.HasPrefix(w, "-") {
			continue
		}
		path := w
		if !filepath.IsAbs(path) {
			path = filepath.Join(wd, path)
		}
		if isFile(path) {
			return filepath.Dir(path)
		}
	}
	return wd
}

// InterpreterRoot is the installation that cmdline's first word comes from when it is not
// the system's (a pyenv shim, a virtualenv's python, a conda): the folder above the bin/
// that PATH finds it in, which the program must read to run at all. "" for the system's.
func InterpreterRoot(cmdline string, environ []string) string {
	words := strings.Fields(cmdline)
	if len(words) == 0 || strings.ContainsRune(words[0], '/') {
		return ""
	}
	path := ""
	for _, kv := range environ {
		if v, ok := strings.CutPrefix(kv, "PATH="); ok {
			path = v
		}
	}
	for _, dir := range filepath.SplitList(path) {
		found := filepath.Join(dir, words[0])
		if st, err := os.Stat(found); err != nil || st.IsDir() || st.Mode()&0o111 == 0 {
			continue
		}
		abs, err := filepath.Abs(found)
		if err != nil || systemPath(abs) {
			return ""
		}
		if bin := filepath.Dir(abs); filepath.Base(bin) == "bin" || filepath.Base(bin) == "shims" {
			return filepath.Dir(bin)
		}
		return filepath.Dir(abs)
	}
	return ""
}

// systemPath reports whether path lies in a folder every program may read.
func systemPath(path string) bool {
	for _, p := range []string{"/usr/", "/bin/", "/sbin/", "/lib/", "/lib64/", "/opt/"} {
		if strings.HasPrefix(path, p) {
			return true
		}
	}
	return false
}

// envKept are the variables a program is given from the environment of the person who
// runs it: where its interpreter and libraries are, its language and terminal. Anything
// else (a database's address, a token) stays out.
var envKept = []string{"PATH", "LANG", "LANGUAGE", "TERM", "TZ", "PYTHONPATH", "PYTHONHASHSEED", "CLASSPATH",
	"NODE_PATH", "JAVA_HOME", "GOROOT", "THINK_MAX"}

// envPaths are the kept variables whose folders the program may read: the person who set
// them meant the program to use them (a kit's library on PYTHONPATH).
var envPaths = []string{"PYTHONPATH", "CLASSPATH", "NODE_PATH", "JAVA_HOME", "GOROOT"}

// Env is the environment a sandboxed program gets from environ: the kept variables, and
// HOME and TMPDIR in its scratch folder.
func Env(environ []string, scratch string) []string {
	var out []string
	for _, kv := range environ {
		name, _, _ := strings.Cut(kv, "=")
		if keep(name) {
			out = append(out, kv)
		}
	}
	return append(out, "HOME="+scratch, "TMPDIR="+scratch)
}

func keep(name string) bool {
	if strings.HasPrefix(name, "LC_") {
		return true
	}
	for _, k := range envKept {
		if name == k {
			return true
		}
	}
	return false
}

// EnvReads are the folders that the kept variables of environ name (PYTHONPATH…).
func EnvReads(environ []string) []string {
	var out []string
	for _, kv := range environ {
		name, val, _ := strings.Cut(kv, "=")
		for _, p := range envPaths {
			if name != p {
				continue
			}
			for _, dir := range filepath.SplitList(val) {
				if abs, err := filepath.Abs(dir); err == nil && dir != "" {
					out = append(out, abs)
				}
			}
		}
	}
	return out
}

func isFile(path string) bool {
	st, err := os.Stat(path)
	return err == nil && st.Mode().IsRegular()
}
