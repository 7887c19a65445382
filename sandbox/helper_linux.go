//go:build linux && (amd64 || arm64)

package sandbox

import (
	"encoding/binary"
	"encoding/json"
	"fmt"
	"os"
	"runtime"
	"runtime/debug"
	"strings"
	"syscall"
	"unsafe"

	"golang.org/x/sys/unix"

	"github.com/arena-classroom/arena/lang"
)

// The helper is the arena's binary started as helperName: it reads its policy, enters the
// sandbox on its one locked thread, hands the filter's listener to the arena (over the
// socket it was given as fd 3), and executes the program in its place.

const (
	helperName = "arena-sandbox"
	policyEnv  = "ARENA_SANDBOX_POLICY"
	// helperFailed is the helper's exit status when it could not build the sandbox (it
	// says why on stderr): the program never ran.
	helperFailed = 126
)

func init() {
	if len(os.Args) > 1 && os.Args[0] == helperName {
		os.Exit(helperMain(os.Args[1:]))
	}
}

func helperMain(argv []string) int {
	runtime.LockOSThread() // the sandbox is the thread's, and exec keeps the thread's
	// No collection in the helper, which lives a few milliseconds: once the caps hold, a
	// collection that wants one more thread cannot map its stack (pthread_create failed,
	// the program never ran: seen on a loaded machine with a race-built helper, whose
	// mappings are far above any memory cap).
	debug.SetGCPercent(-1)
	if err := enter(argv); err != nil {
		// The helper runs in the program's environment: its owner's language.
		l, _, _ := lang.FromEnv(os.Environ())
		fmt.Fprintf(os.Stderr, "arena: %s\n", l.Sprintf("the sandbox could not be set up: %v", lang.Say(err, l)))
		return helperFailed
	}
	return helperFailed // enter only returns on failure
}

func enter(argv []string) error {
	var p Policy
	if err := json.Unmarshal([]byte(os.Getenv(policyEnv)), &p); err != nil {
		return lang.Errorf("its policy: %s", err)
	}
	var env []string
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, policyEnv+"=") {
			env = append(env, kv)
		}
	}
	abi := landlockABI()
	if abi < minABI {
		return lang.Errorf("this kernel has Landlock %d; the sandbox needs %d or later", abi, minABI)
	}
	if err := unix.Prctl(unix.PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0); err != nil {
		return fmt.Errorf("no_new_privs: %w", err)
	}
	if err := restrictFiles(p, abi); err != nil {
		return err
	}
	// Everything the steps after the caps need is made before them: once the memory cap
	// holds, the helper (a whole Go program) must not need a new page of heap, or the
	// runtime dies ("cannot allocate memory") before the program even starts.
	prog := filter(p.Net, abi < 6)
	path, err := unix.BytePtrFromString(argv[0])
	if err != nil {
		return err
	}
	args, err := syscall.SlicePtrFromStrings(argv)
	if err != nil {
		return err
	}
	envs, err := syscall.SlicePtrFromStrings(env)
	if err != nil {
		return err
	}
	rights := unix.UnixRights(0) // the listener's number goes in once known
	one := []byte{1}
	if err := setLimits(p.Limits.withDefaults()); err != nil {
		return err
	}
	listener, err := installFilter(prog)
	if err != nil {
		return err
	}
	binary.NativeEndian.PutUint32(rights[unix.CmsgLen(0):], uint32(listener))
	// The arena supervises the filter from here on.
	if err := unix.Sendmsg(3, one, rights, nil, 0); err != nil {
		return lang.Errorf("handing over the filter: %s", err)
	}
	unix.Close(listener)
	unix.Close(3)
	_, _, errno := unix.RawSyscall(unix.SYS_EXECVE, uintptr(unsafe.Pointer(path)),
		uintptr(unsafe.Pointer(&args[0])), uintptr(unsafe.Pointer(&envs[0])))
	if errno == 0 {
		return nil // (execve returns only when it failed)
	}
	return errno
}

// setLimits caps the process and what it starts; soft and hard alike, so that the
// program cannot raise them.
func setLimits(l Limits) error {
	set := func(what string, res int, soft, hard uint64) error {
		if err := unix.Setrlimit(res, &unix.Rlimit{Cur: soft, Max: hard}); err != nil {
			return fmt.Errorf("rlimit %s: %w", what, err)
		}
		return nil
	}
	cpu := uint64(l.CPU.Seconds())
	if err := set("cpu", unix.RLIMIT_CPU, cpu, cpu+1); err != nil { // SIGXCPU, then SIGKILL a second later
		return err
	}
	if err := set("nofile", unix.RLIMIT_NOFILE, uint64(l.Files), uint64(l.Files)); err != nil {
		return err
	}
	if err := set("data", unix.RLIMIT_DATA, uint64(l.Memory), uint64(l.Memory)); err != nil {
		return err
	}
	if err := set("fsize", unix.RLIMIT_FSIZE, uint64(l.Output), uint64(l.Output)); err != nil {
		return err
	}
	if err := set("core", unix.RLIMIT_CORE, 0, 0); err != nil {
		return err
	}
	// Processes: the supervisor counts the sandbox's own; this cap, on the whole account
	// (what the kernel offers), stops a fork bomb even before the supervisor hears of it.
	// The kernel does not apply it to root.
	var total uint64
	if data, err := os.ReadFile("/proc/loadavg"); err == nil {
		var a, b, c float64
		var running int
		fmt.Sscanf(string(data), "%f %f %f %d/%d", &a, &b, &c, &running, &total)
	}
	if total > 0 {
		// Threads count too (a JVM starts some twenty), and the cap is the whole account's:
		// the account's other processes start threads meanwhile, so room for as many again
		// as there are now. A fork bomb still stops, at twice.
		n := 2*total + uint64(l.Procs)*8
		if err := set("nproc", unix.RLIMIT_NPROC, n, n); err != nil {
			return err
		}
	}
	return nil
}
