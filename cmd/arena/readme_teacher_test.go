package main

import (
	"bytes"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/arena-classroom/arena/internal/sshtest"
)

// The README's "class tournament in five commands", pasted as written into a shell with
// OpenSSH (HOST and the port pointing at a server of ours, the code at the one created):
// every command works, and the standings come out as CSV.
func TestTheREADMEsTeacherCommandsWorkAsPasted(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the server as a process")
	}
	for _, tool := range []string{"ssh", "sh"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("%s is not installed", tool)
		}
	}
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	block := string(readme)
	start := strings.Index(block, "### For teachers: a class tournament in five commands")
	if start < 0 {
		t.Fatal("the README has no teacher's five commands")
	}
	block = block[start:]
	var commands []string
	for _, line := range strings.Split(block, "\n") {
		if strings.HasPrefix(line, "### For students") {
			break
		}
		if trimmed := strings.TrimSpace(line); strings.HasPrefix(trimmed, "ssh ") && strings.HasPrefix(line, "    ") {
			commands = append(commands, trimmed)
		}
	}
	if len(commands) != 5 {
		t.Fatalf("%d commands in the README's block, want 5: %q", len(commands), commands)
	}

	dir := t.TempDir()
	data := filepath.Join(dir, "data")
	if err := os.MkdirAll(data, 0o700); err != nil {
		t.Fatal(err)
	}
	keyFile, authorized := sshtest.KeyFile(t)
	if err := os.WriteFile(filepath.Join(data, "admin_keys"), authorized, 0o600); err != nil {
		t.Fatal(err)
	}
	srv := startServerProcess(t, data)
	host, port, _ := net.SplitHostPort(srv.addr)
	target := "-p " + port + " -i " + keyFile + " -o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null -o LogLevel=ERROR -o BatchMode=yes prof@" + host
	code := ""
	for i, cmd := range commands {
		if strings.HasPrefix(cmd, "ssh -t ") {
			continue // the wall needs a terminal; the lobby's tests show it
		}
		line := strings.Replace(cmd, "-p 2222 HOST", target, 1)
		if code != "" {
			line = strings.ReplaceAll(line, "TK4M2Q", code)
		}
		sh := exec.Command("sh", "-c", line)
		sh.Dir = dir
		// stdout alone: the server's sentences on stderr ("prof is reserved…") may come
		// before or after it, and the code is the last line of stdout.
		var stderr bytes.Buffer
		sh.Stderr = &stderr
		out, err := sh.Output()
		if err != nil {
			t.Fatalf("README command %d, as pasted:\n%s\n%v: %s%s", i+1, cmd, err, out, stderr.Bytes())
		}
		if i == 0 {
			lines := strings.Split(strings.TrimSpace(string(out)), "\n")
			code = lines[len(lines)-1]
			if !regexp.MustCompile(`^T[A-Z0-9]{5}$`).MatchString(code) || !strings.Contains(string(out), `"TP 7 couleurs"`) {
				t.Fatalf("create printed %q", out)
			}
		}
	}
	csv, err := os.ReadFile(filepath.Join(dir, "results.csv"))
	if err != nil || !strings.HasPrefix(string(csv), "rank,name,points") || !strings.Contains(string(csv), "greedy") {
		t.Fatalf("results.csv: %q %v", csv, err)
	}
}
