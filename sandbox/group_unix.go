//go:build unix

package sandbox

import (
	"os/exec"
	"syscall"
)

func ownGroup(cmd *exec.Cmd) bool { return cmd.SysProcAttr != nil && cmd.SysProcAttr.Setpgid }

// capHit says which cap ended the program: "cpu", "file", or "".
func capHit(ee *exec.ExitError) string {
	ws, ok := ee.Sys().(syscall.WaitStatus)
	if !ok {
		return ""
	}
	sig := ws.Signal()
	if !ws.Signaled() {
		// sh -c reports its command's death by signal as 128 plus the signal.
		sig = syscall.Signal(ws.ExitStatus() - 128)
	}
	switch sig {
	case syscall.SIGXCPU:
		return "cpu"
	case syscall.SIGXFSZ:
		return "file"
	}
	return ""
}
