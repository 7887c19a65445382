package sandbox_test

import (
	"os/exec"
	"syscall"
	"testing"

	"github.com/arena-classroom/arena/sandbox"
)

// What a program's start costs in the sandbox: the helper's start, Landlock's rules, the
// filter, the supervisor (go test -bench Start ./sandbox/).
func BenchmarkStart(b *testing.B) {
	for _, sandboxed := range []bool{false, true} {
		name := "unconfined"
		if sandboxed {
			name = "sandboxed"
		}
		b.Run(name, func(b *testing.B) {
			for b.Loop() {
				cmd := exec.Command("/bin/true")
				cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
				var run *sandbox.Run
				if sandboxed {
					var err error
					if run, err = sandbox.Wrap(cmd, sandbox.Policy{Dir: b.TempDir()}); err != nil {
						b.Fatal(err)
					}
				}
				if err := cmd.Start(); err != nil {
					b.Fatal(err)
				}
				if run != nil {
					run.Started(cmd.Process.Pid)
				}
				if err := cmd.Wait(); err != nil {
					b.Fatal(err)
				}
				if run != nil {
					run.Close()
				}
			}
		})
	}
}
