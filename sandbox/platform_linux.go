//go:build linux && (amd64 || arm64)

package sandbox

import (
	"encoding/json"
	"fmt"
	"os"

	"golang.org/x/sys/unix"

	"github.com/arena-classroom/arena/lang"
)

// unavailable says what this system lacks for the sandbox, a zero Text when it has it all.
func unavailable() lang.Text {
	if abi := landlockABI(); abi < minABI {
		if abi == 0 {
			return lang.T("this Linux kernel has no Landlock (it needs 6.7 or later, with Landlock enabled)")
		}
		return lang.T("this Linux kernel's Landlock is version %d; the sandbox needs %d (Linux 6.7 or later)", abi, minABI)
	}
	return lang.Text{}
}

func jsonOf(p Policy) (string, error) {
	b, err := json.Marshal(p)
	return string(b), err
}

func socketPair() (ours, theirs *os.File, err error) {
	fds, err := unix.Socketpair(unix.AF_UNIX, unix.SOCK_SEQPACKET|unix.SOCK_CLOEXEC, 0)
	if err != nil {
		return nil, nil, fmt.Errorf("sandbox: %w", err)
	}
	return os.NewFile(uintptr(fds[0]), "sandbox"), os.NewFile(uintptr(fds[1]), "sandbox-helper"), nil
}

// receiveListener reads the filter's listener that the helper sends over sock.
func receiveListener(sock *os.File) (int, error) {
	raw, err := sock.SyscallConn()
	if err != nil {
		return -1, err
	}
	buf, oob := make([]byte, 1), make([]byte, unix.CmsgSpace(4))
	var n, oobn int
	var rerr error
	if err := raw.Read(func(fd uintptr) bool {
		n, oobn, _, _, rerr = unix.Recvmsg(int(fd), buf, oob, 0)
		return rerr != unix.EAGAIN
	}); err != nil {
		return -1, err
	}
	if rerr != nil {
		return -1, rerr
	}
	if n == 0 {
		return -1, lang.Errorf("the helper ended without its filter")
	}
	msgs, err := unix.ParseSocketControlMessage(oob[:oobn])
	if err != nil || len(msgs) != 1 {
		return -1, lang.Errorf("no filter in the helper's message")
	}
	fds, err := unix.ParseUnixRights(&msgs[0])
	if err != nil || len(fds) != 1 {
		return -1, lang.Errorf("no filter in the helper's message")
	}
	return fds[0], nil
}
