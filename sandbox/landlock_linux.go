package sandbox

import (
	"errors"
	"fmt"
	"path/filepath"
	"unsafe"

	"golang.org/x/sys/unix"

	"github.com/arena-classroom/arena/lang"
)

// landlockABI is the kernel's Landlock version, 0 without Landlock.
func landlockABI() int {
	v, _, errno := unix.Syscall(unix.SYS_LANDLOCK_CREATE_RULESET, 0, 0, unix.LANDLOCK_CREATE_RULESET_VERSION)
	if errno != 0 {
		return 0
	}
	return int(v)
}

// minABI is the Landlock the sandbox needs: 4 restricts TCP, 6 scopes signals and
// abstract sockets (before it, the seccomp filter alone keeps signals in).
const minABI = 4

// rulesetAttr is struct landlock_ruleset_attr up to its scoped field (ABI 6).
type rulesetAttr struct {
	fs, net, scoped uint64
}

// Access rights, by the ABI that introduced them.
const (
	fsABI1 = unix.LANDLOCK_ACCESS_FS_EXECUTE | unix.LANDLOCK_ACCESS_FS_WRITE_FILE | unix.LANDLOCK_ACCESS_FS_READ_FILE |
		unix.LANDLOCK_ACCESS_FS_READ_DIR | unix.LANDLOCK_ACCESS_FS_REMOVE_DIR | unix.LANDLOCK_ACCESS_FS_REMOVE_FILE |
		unix.LANDLOCK_ACCESS_FS_MAKE_CHAR | unix.LANDLOCK_ACCESS_FS_MAKE_DIR | unix.LANDLOCK_ACCESS_FS_MAKE_REG |
		unix.LANDLOCK_ACCESS_FS_MAKE_SOCK | unix.LANDLOCK_ACCESS_FS_MAKE_FIFO | unix.LANDLOCK_ACCESS_FS_MAKE_BLOCK |
		unix.LANDLOCK_ACCESS_FS_MAKE_SYM
	readRights = unix.LANDLOCK_ACCESS_FS_EXECUTE | unix.LANDLOCK_ACCESS_FS_READ_FILE | unix.LANDLOCK_ACCESS_FS_READ_DIR
	// fileRights are the rights that apply to a file rather than a folder.
	fileRights = unix.LANDLOCK_ACCESS_FS_EXECUTE | unix.LANDLOCK_ACCESS_FS_WRITE_FILE | unix.LANDLOCK_ACCESS_FS_READ_FILE |
		unix.LANDLOCK_ACCESS_FS_TRUNCATE | unix.LANDLOCK_ACCESS_FS_IOCTL_DEV
)

func fsHandled(abi int) uint64 {
	m := uint64(fsABI1)
	if abi >= 2 {
		m |= unix.LANDLOCK_ACCESS_FS_REFER
	}
	if abi >= 3 {
		m |= unix.LANDLOCK_ACCESS_FS_TRUNCATE
	}
	if abi >= 5 {
		m |= unix.LANDLOCK_ACCESS_FS_IOCTL_DEV
	}
	return m
}

// systemReads are the runtime paths every program may read and execute: interpreters,
// libraries, a JVM, and the few files of /etc they read (not /etc as a whole: it holds
// the machine's secrets when the arena runs as root).
var systemReads = []string{
	"/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32", "/opt",
	"/etc/ld.so.cache", "/etc/ld.so.conf", "/etc/ld.so.conf.d", "/etc/localtime", "/etc/timezone", // lang:keep paths
	"/etc/alternatives", "/etc/ssl", "/etc/ca-certificates", "/etc/nsswitch.conf", "/etc/passwd", "/etc/group", // lang:keep paths
	"/etc/host.conf", "/etc/mime.types", "/etc/os-release", "/etc/lsb-release", "/etc/debian_version", // lang:keep paths
	"/etc/locale.alias", "/etc/locale.conf", "/etc/default/locale", // lang:keep paths
	// what runtimes read of the machine: processes' own state (Landlock keeps other
	// processes' memory and environment out: they are outside its domain), CPUs, cgroups
	"/proc", "/sys/devices/system/cpu", "/sys/fs/cgroup",
	"/dev/urandom", "/dev/random",
}

// systemGlobs are runtime paths found by pattern (a JVM's configuration, Python's).
var systemGlobs = []string{"/etc/java-*", "/etc/python3*", "/etc/fonts"}

// deviceWrites are the devices a program may write.
var deviceWrites = []string{"/dev/null", "/dev/zero", "/dev/full"}

// restrictFiles puts the calling thread under a Landlock domain of policy p; an exec from
// this thread keeps it.
func restrictFiles(p Policy, abi int) error {
	handled := fsHandled(abi)
	attr := rulesetAttr{fs: handled}
	size := unsafe.Sizeof(uint64(0))
	if abi >= 4 {
		size *= 2
		if !p.Net {
			attr.net = unix.LANDLOCK_ACCESS_NET_BIND_TCP | unix.LANDLOCK_ACCESS_NET_CONNECT_TCP
		}
	}
	if abi >= 6 {
		size = unsafe.Sizeof(attr)
		attr.scoped = unix.LANDLOCK_SCOPE_SIGNAL | unix.LANDLOCK_SCOPE_ABSTRACT_UNIX_SOCKET
	}
	fd, _, errno := unix.Syscall(unix.SYS_LANDLOCK_CREATE_RULESET, uintptr(unsafe.Pointer(&attr)), size, 0)
	if errno != 0 {
		return lang.Errorf("landlock: create ruleset: %s", errno)
	}
	ruleset := int(fd)
	defer unix.Close(ruleset)
	add := func(path string, rights uint64, required bool) error {
		pfd, err := unix.Open(path, unix.O_PATH|unix.O_CLOEXEC, 0)
		if err != nil {
			if !required && (errors.Is(err, unix.ENOENT) || errors.Is(err, unix.EACCES)) {
				return nil
			}
			return fmt.Errorf("landlock: %s: %w", path, err)
		}
		defer unix.Close(pfd)
		var st unix.Stat_t
		if err := unix.Fstat(pfd, &st); err != nil {
			return fmt.Errorf("landlock: %s: %w", path, err)
		}
		if st.Mode&unix.S_IFMT != unix.S_IFDIR {
			rights &= fileRights
		}
		rule := unix.LandlockPathBeneathAttr{Allowed_access: rights & handled, Parent_fd: int32(pfd)}
		if _, _, errno := unix.Syscall6(unix.SYS_LANDLOCK_ADD_RULE, uintptr(ruleset), unix.LANDLOCK_RULE_PATH_BENEATH,
			uintptr(unsafe.Pointer(&rule)), 0, 0, 0); errno != 0 {
			return lang.Errorf("landlock: rule for %s: %s", path, errno)
		}
		return nil
	}
	for _, path := range systemReads {
		if err := add(path, readRights, false); err != nil {
			return err
		}
	}
	for _, g := range systemGlobs {
		matches, _ := filepath.Glob(g)
		for _, path := range matches {
			if err := add(path, readRights, false); err != nil {
				return err
			}
		}
	}
	for _, path := range deviceWrites {
		if err := add(path, readRights|unix.LANDLOCK_ACCESS_FS_WRITE_FILE|unix.LANDLOCK_ACCESS_FS_TRUNCATE, false); err != nil {
			return err
		}
	}
	for _, path := range append([]string{p.Dir}, p.Reads...) {
		if err := add(path, readRights, true); err != nil {
			return err
		}
	}
	if err := add(p.Scratch, handled, true); err != nil {
		return err
	}
	if _, _, errno := unix.Syscall(unix.SYS_LANDLOCK_RESTRICT_SELF, uintptr(ruleset), 0, 0); errno != 0 {
		return lang.Errorf("landlock: restrict: %s", errno)
	}
	return nil
}
