//go:build linux && (amd64 || arm64)

package sandbox

import (
	"fmt"
	"slices"
	"unsafe"

	"golang.org/x/sys/unix"
)

// The seccomp filter. Calls a program never needs, and the ones the supervisor judges
// (a socket, a signal, a process started), go to the supervisor (notify.go), which says
// what it refused; clone3 fails as unknown, so that the C library falls back on clone,
// whose flags a filter can read (a thread is let through at once).

// refused are the calls the supervisor always refuses, and says so.
var refused = []uint32{
	unix.SYS_PTRACE, unix.SYS_PROCESS_VM_READV, unix.SYS_PROCESS_VM_WRITEV, unix.SYS_PIDFD_GETFD, unix.SYS_KCMP,
	unix.SYS_SETSID, unix.SYS_SETPGID, // a process that left the group would outlive the program
	unix.SYS_BPF, unix.SYS_PERF_EVENT_OPEN, unix.SYS_USERFAULTFD,
	unix.SYS_KEYCTL, unix.SYS_ADD_KEY, unix.SYS_REQUEST_KEY,
	unix.SYS_MOUNT, unix.SYS_UMOUNT2, unix.SYS_PIVOT_ROOT, unix.SYS_CHROOT, unix.SYS_SETNS, unix.SYS_UNSHARE,
	unix.SYS_INIT_MODULE, unix.SYS_FINIT_MODULE, unix.SYS_DELETE_MODULE, unix.SYS_KEXEC_LOAD, unix.SYS_KEXEC_FILE_LOAD,
	unix.SYS_REBOOT, unix.SYS_SWAPON, unix.SYS_SWAPOFF, unix.SYS_QUOTACTL, unix.SYS_ACCT,
	unix.SYS_SETTIMEOFDAY, unix.SYS_CLOCK_SETTIME, unix.SYS_CLOCK_ADJTIME, unix.SYS_ADJTIMEX,
	unix.SYS_SETHOSTNAME, unix.SYS_SETDOMAINNAME, unix.SYS_SYSLOG, unix.SYS_VHANGUP, unix.SYS_FANOTIFY_INIT,
	unix.SYS_OPEN_BY_HANDLE_AT, unix.SYS_NAME_TO_HANDLE_AT,
	unix.SYS_IO_URING_SETUP, unix.SYS_IO_URING_ENTER, unix.SYS_IO_URING_REGISTER, // its operations escape the filter
	unix.SYS_SETRLIMIT, // raising a cap (prlimit64 is judged below: reading one is fine)
}

// BPF instructions.
const (
	ldAbs  = unix.BPF_LD | unix.BPF_W | unix.BPF_ABS
	jeqK   = unix.BPF_JMP | unix.BPF_JEQ | unix.BPF_K
	jgeK   = unix.BPF_JMP | unix.BPF_JGE | unix.BPF_K
	jsetK  = unix.BPF_JMP | unix.BPF_JSET | unix.BPF_K
	retK   = unix.BPF_RET | unix.BPF_K
	offNr  = 0
	offArc = 4
)

func argLow(i int) uint32  { return uint32(16 + 8*i) }
func argHigh(i int) uint32 { return uint32(16 + 8*i + 4) }

const (
	retAllow  = unix.SECCOMP_RET_ALLOW
	retNotify = unix.SECCOMP_RET_USER_NOTIF
	retENOSYS = unix.SECCOMP_RET_ERRNO | uint32(unix.ENOSYS)
	retKill   = unix.SECCOMP_RET_KILL_PROCESS
)

// filter is the program's seccomp filter: net lets sockets through; signals makes the
// supervisor judge every signal sent (no Landlock scoping on this kernel), not only kill.
func filter(net, signals bool) []unix.SockFilter {
	f := []unix.SockFilter{
		{Code: ldAbs, K: offArc},
		{Code: jeqK, Jt: 1, K: auditArch},
		{Code: retK, K: retKill}, // another architecture's calls: nothing legitimate
		{Code: ldAbs, K: offNr},
	}
	if x32Bit != 0 {
		f = append(f, unix.SockFilter{Code: jgeK, Jt: 0, Jf: 1, K: x32Bit}, unix.SockFilter{Code: retK, K: retKill})
	}
	// Below the lowest call judged (read, write, poll, mmap… on amd64: the calls a program
	// makes at every move), let through at once rather than after every comparison.
	f = append(f, unix.SockFilter{Code: jgeK, Jt: 1, Jf: 0, K: lowestJudged(net, signals)}, unix.SockFilter{Code: retK, K: retAllow})
	// one adds a call whose block is body (which ends in a return) after its number.
	one := func(nr uint32, body ...unix.SockFilter) {
		f = append(f, unix.SockFilter{Code: jeqK, Jt: 0, Jf: uint8(len(body)), K: nr})
		f = append(f, body...)
	}
	notify := unix.SockFilter{Code: retK, K: retNotify}
	for _, nr := range asked(net, signals) {
		one(nr, notify)
	}
	one(unix.SYS_CLONE3, unix.SockFilter{Code: retK, K: retENOSYS})
	// clone: a thread at once, a process to the supervisor (which counts them).
	one(unix.SYS_CLONE,
		unix.SockFilter{Code: ldAbs, K: argLow(0)},
		unix.SockFilter{Code: jsetK, Jt: 0, Jf: 1, K: unix.CLONE_THREAD},
		unix.SockFilter{Code: retK, K: retAllow},
		notify)
	// prlimit64: reading a cap at once (new limit NULL), setting one to the supervisor.
	one(unix.SYS_PRLIMIT64,
		unix.SockFilter{Code: ldAbs, K: argLow(2)},
		unix.SockFilter{Code: jeqK, Jt: 0, Jf: 3, K: 0},
		unix.SockFilter{Code: ldAbs, K: argHigh(2)},
		unix.SockFilter{Code: jeqK, Jt: 0, Jf: 1, K: 0},
		unix.SockFilter{Code: retK, K: retAllow},
		notify)
	return append(f, unix.SockFilter{Code: retK, K: retAllow})
}

// asked are the calls the filter always hands to the supervisor: those refused, those
// that start a process without clone's flags, signals, and sockets unless net.
func asked(net, signals bool) []uint32 {
	all := slices.Concat(refused, archRefused, archStarts, []uint32{unix.SYS_KILL})
	if signals {
		all = append(all, unix.SYS_TKILL, unix.SYS_TGKILL, unix.SYS_PIDFD_SEND_SIGNAL, unix.SYS_RT_SIGQUEUEINFO, unix.SYS_RT_TGSIGQUEUEINFO)
	}
	if !net {
		all = append(all, unix.SYS_SOCKET)
	}
	return all
}

// lowestJudged is the lowest call the filter does not let through at once: those asked,
// and the ones whose arguments it reads (clone, clone3, prlimit64).
func lowestJudged(net, signals bool) uint32 {
	return slices.Min(append(asked(net, signals), unix.SYS_CLONE3, unix.SYS_CLONE, unix.SYS_PRLIMIT64))
}

// installFilter loads the filter on the calling thread (no_new_privs must be set) and
// returns the supervisor's end, the listener.
func installFilter(f []unix.SockFilter) (listener int, err error) {
	if len(f) > 4096 {
		return -1, fmt.Errorf("seccomp: filter of %d instructions", len(f)) // lang:keep a bug of ours
	}
	prog := unix.SockFprog{Len: uint16(len(f)), Filter: &f[0]}
	fd, _, errno := unix.RawSyscall(unix.SYS_SECCOMP, unix.SECCOMP_SET_MODE_FILTER, unix.SECCOMP_FILTER_FLAG_NEW_LISTENER,
		uintptr(unsafe.Pointer(&prog)))
	if errno != 0 {
		return -1, fmt.Errorf("seccomp: %w", errno)
	}
	return int(fd), nil
}
