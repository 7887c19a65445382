package main

import (
	"os"
	"os/exec"
	"testing"
)

// lookTool is the path of a system tool a test needs. Missing, the test skips on a
// developer's machine, and fails in CI (CI set), which installs every one (.ci/run): a
// check that silently stops running is worse than a red build.
func lookTool(t *testing.T, name, pkg string) string {
	t.Helper()
	path, err := exec.LookPath(name)
	if err == nil {
		return path
	}
	if os.Getenv("CI") != "" {
		t.Fatalf("%s is not installed: .ci/run installs it (apt-get install %s)", name, pkg)
	}
	t.Skipf("%s is not installed (apt-get install %s)", name, pkg)
	return ""
}
