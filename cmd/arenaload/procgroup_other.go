//go:build !unix

package main

import "os/exec"

func ownProcessGroup(*exec.Cmd) {}

// signalGroup ends cmd (without process groups, the ssh it started sees its input close).
func signalGroup(cmd *exec.Cmd, _ bool) {
	if cmd.Process != nil {
		_ = cmd.Process.Kill()
	}
}
