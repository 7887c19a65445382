//go:build linux && (amd64 || arm64)

package sandbox

import (
	"bytes"
	"os"
	"strconv"
	"unsafe"

	"golang.org/x/sys/unix"

	"github.com/arena-classroom/arena/lang"
)

// The supervisor answers the filter's questions about one program (its process group):
// it lets through what stays inside the sandbox, refuses the rest, and remembers what it
// refused, for the sentence that explains the program's end.

type seccompData struct {
	Nr   int32
	Arch uint32
	IP   uint64
	Args [6]uint64
}

type seccompNotif struct {
	ID    uint64
	Pid   uint32
	Flags uint32
	Data  seccompData
}

type seccompNotifResp struct {
	ID    uint64
	Val   int64
	Error int32
	Flags uint32
}

// namespaces are clone's flags that make new namespaces: no program needs them.
const namespaces = unix.CLONE_NEWNS | unix.CLONE_NEWUTS | unix.CLONE_NEWIPC | unix.CLONE_NEWUSER | unix.CLONE_NEWPID |
	unix.CLONE_NEWNET | unix.CLONE_NEWCGROUP

// verdict is the supervisor's answer: continue, or fail the call with errno; why, when
// not empty, is said at the program's end.
type verdict struct {
	errno unix.Errno
	why   lang.Text
}

var allow = verdict{}

func (r *Run) judge(n *seccompNotif) verdict {
	args := n.Data.Args
	switch nr := uint32(n.Data.Nr); {
	case nr == unix.SYS_SOCKET && args[0] == unix.AF_UNIX:
		// The C library asks nscd for users and hosts this way (a JVM does at start): a
		// refusal it expects, not worth a sentence. A local socket could reach the
		// machine's daemons (a container engine's), which Landlock does not guard here.
		return verdict{errno: unix.EACCES}
	case nr == unix.SYS_SOCKET:
		return verdict{unix.EACCES, lang.T("the sandbox refused a network connection (--allow-net allows it)")}
	case nr == unix.SYS_KILL || nr == unix.SYS_RT_SIGQUEUEINFO:
		if r.insideTarget(int32(args[0])) {
			return allow
		}
		return verdict{unix.EPERM, lang.T("the sandbox refused to signal a process outside the program")}
	case nr == unix.SYS_TGKILL || nr == unix.SYS_TKILL || nr == unix.SYS_RT_TGSIGQUEUEINFO:
		if t := int32(args[0]); t > 0 && r.pgidOf(int(t)) == r.pgid {
			return allow
		}
		return verdict{unix.EPERM, lang.T("the sandbox refused to signal a process outside the program")}
	case nr == unix.SYS_PIDFD_SEND_SIGNAL:
		return verdict{unix.EPERM, lang.T("the sandbox refused to signal a process outside the program")}
	case nr == unix.SYS_CLONE || isStart(nr):
		if nr == unix.SYS_CLONE && args[0]&namespaces != 0 {
			return verdict{unix.EPERM, lang.T("the sandbox refused to make new namespaces")}
		}
		// Counted without looking while far from the cap (a shell script starts dozens of
		// short processes: pyenv's shim does, for every python3), counted for real near it.
		if r.procs >= r.policy.Limits.Procs {
			r.procs = r.processes()
		}
		if r.procs >= r.policy.Limits.Procs {
			return verdict{unix.EAGAIN, lang.T("the sandbox's cap of %d processes was reached", r.policy.Limits.Procs)}
		}
		r.procs++
		return allow
	case nr == unix.SYS_PRLIMIT64 || nr == unix.SYS_SETRLIMIT:
		return verdict{errno: unix.EPERM} // a JVM raises its open files' cap at start: quietly refused
	case nr == unix.SYS_PTRACE || nr == unix.SYS_PROCESS_VM_READV || nr == unix.SYS_PROCESS_VM_WRITEV ||
		nr == unix.SYS_PIDFD_GETFD || nr == unix.SYS_KCMP:
		return verdict{unix.EPERM, lang.T("the sandbox refused to look into another process")}
	case nr == unix.SYS_SETSID || nr == unix.SYS_SETPGID:
		return verdict{unix.EPERM, lang.T("the sandbox refused to let a process leave the program's process group")}
	}
	return verdict{unix.EPERM, lang.T("the sandbox refused a system call no program needs (number %d)", n.Data.Nr)}
}

func isStart(nr uint32) bool {
	for _, s := range archStarts {
		if nr == s {
			return true
		}
	}
	return false
}

// insideTarget reports whether kill's pid argument names only processes of the program.
func (r *Run) insideTarget(pid int32) bool {
	switch {
	case pid == 0: // its own group
		return true
	case pid == -1:
		return false
	case pid < 0:
		return int(-pid) == r.pgid
	}
	return r.pgidOf(int(pid)) == r.pgid
}

// pgidOf is process pid's group, -1 if it cannot be read.
func (r *Run) pgidOf(pid int) int {
	data, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return -1
	}
	_, pgid, ok := statFields(data)
	if !ok {
		return -1
	}
	return pgid
}

// statFields reads a /proc/PID/stat line's state and process group.
func statFields(data []byte) (state byte, pgid int, ok bool) {
	i := bytes.LastIndexByte(data, ')')
	if i < 0 {
		return 0, 0, false
	}
	f := bytes.Fields(data[i+1:])
	if len(f) < 4 || len(f[0]) == 0 {
		return 0, 0, false
	}
	pgid, err := strconv.Atoi(string(f[2]))
	return f[0][0], pgid, err == nil
}

// processes counts the program's live processes.
func (r *Run) processes() int {
	entries, err := os.ReadDir("/proc")
	if err != nil {
		return 0
	}
	n := 0
	for _, e := range entries {
		name := e.Name()
		if name[0] < '0' || name[0] > '9' {
			continue
		}
		data, err := os.ReadFile("/proc/" + name + "/stat")
		if err != nil {
			continue
		}
		if state, pgid, ok := statFields(data); ok && pgid == r.pgid && state != 'Z' && state != 'X' {
			n++
		}
	}
	return n
}

// supervise answers the filter on listener until the program's last process is gone or
// Close wakes it.
func (r *Run) supervise(listener int) {
	defer unix.Close(listener)
	wake := int32(r.wake.Fd())
	for {
		fds := []unix.PollFd{{Fd: int32(listener), Events: unix.POLLIN}, {Fd: wake, Events: unix.POLLIN}}
		if _, err := unix.Poll(fds, -1); err == unix.EINTR {
			continue
		} else if err != nil {
			return
		}
		if fds[1].Revents != 0 || fds[0].Revents&(unix.POLLHUP|unix.POLLERR|unix.POLLNVAL) != 0 {
			return // Close, or every process under the filter is gone
		}
		if fds[0].Revents&unix.POLLIN == 0 {
			continue
		}
		var n seccompNotif
		if _, _, errno := unix.Syscall(unix.SYS_IOCTL, uintptr(listener), unix.SECCOMP_IOCTL_NOTIF_RECV, uintptr(unsafe.Pointer(&n))); errno != 0 {
			if errno == unix.EINTR || errno == unix.ENOENT {
				continue
			}
			return
		}
		v := r.judge(&n)
		resp := seccompNotifResp{ID: n.ID}
		if v.errno == 0 {
			resp.Flags = unix.SECCOMP_USER_NOTIF_FLAG_CONTINUE
		} else {
			resp.Error = -int32(v.errno)
			if v.why.Key != "" {
				r.refused(v.why)
			}
		}
		// ENOENT: the caller died meanwhile (its group was killed): nothing to answer.
		unix.Syscall(unix.SYS_IOCTL, uintptr(listener), unix.SECCOMP_IOCTL_NOTIF_SEND, uintptr(unsafe.Pointer(&resp)))
	}
}
