package main

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/rogpeppe/go-internal/testscript"
	gossh "golang.org/x/crypto/ssh"

	"github.com/arena-classroom/arena/internal/sshtest"
	"github.com/arena-classroom/arena/internal/until"
)

// The teacher's flows as transcripts (testdata/script/*.txtar, and in French
// testdata/script-fr/*.txtar): a real `arena serve`, and the commands a teacher and
// students type, each with the output they get. Beside the
// testscript commands (exec, stdout, cmp…), a transcript has:
//
//	key NAME…              a key for each person: $WORK/.ssh/NAME (ssh -i), NAME.pub
//	serve [ADMIN…]         arena serve on 127.0.0.1, the ADMINs' keys in its admin keys
//	                       file; sets $ARENA (host:port) and $SSHCONFIG, an OpenSSH config
//	                       whose host "arena" is that server (ssh -F $SSHCONFIG -i … arena)
//	ssh NAME COMMAND…      runs COMMAND over SSH with NAME's key, as `ssh arena COMMAND`
//	capture VAR REGEXP     sets $VAR to REGEXP's first group in the last stdout
//	await REGEXP NAME COMMAND…
//	                       runs ssh NAME COMMAND… until its stdout matches REGEXP (60 s)
func TestScripts(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the server as a process")
	}
	for _, tool := range []string{"ssh", "python3"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("%s is not installed", tool)
		}
	}
	bin := sshtest.ArenaBinary(t)
	kits, err := filepath.Abs("../../kits")
	if err != nil {
		t.Fatal(err)
	}
	// The same flows once more for a French class (testdata/script-fr): the teacher's and
	// the students' terminals say LANG=fr_FR.UTF-8, and their ssh sends it as Debian's and
	// macOS's OpenSSH do (SendEnv LANG LC_*).
	for _, run := range []struct{ dir, lang string }{{"testdata/script", ""}, {"testdata/script-fr", "fr_FR.UTF-8"}} {
		t.Run(filepath.Base(run.dir), func(t *testing.T) {
			testscript.Run(t, testscript.Params{
				Dir: run.dir,
				Setup: func(env *testscript.Env) error {
					env.Setenv("KITS", kits)
					if run.lang != "" {
						env.Setenv("LANG", run.lang)
					}
					return os.MkdirAll(filepath.Join(env.WorkDir, ".ssh"), 0o700)
				},
				Cmds: map[string]func(ts *testscript.TestScript, neg bool, args []string){
					"key":     scriptKey,
					"serve":   func(ts *testscript.TestScript, neg bool, args []string) { scriptServe(ts, neg, args, bin) },
					"ssh":     scriptSSH,
					"capture": scriptCapture,
					"await":   scriptAwait,
				},
			})
		})
	}
}

func keyPath(ts *testscript.TestScript, name string) string {
	return ts.MkAbs(filepath.Join(".ssh", name))
}

func scriptKey(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) == 0 {
		ts.Fatalf("usage: key NAME…")
	}
	for _, name := range args {
		pub, err := sshtest.WriteKeyFile(keyPath(ts, name))
		ts.Check(err)
		ts.Check(os.WriteFile(keyPath(ts, name)+".pub", pub, 0o644))
	}
}

// scriptServe starts arena serve on a fresh data directory, and stops it (SIGINT, as a
// person would) when the script ends. The server's log is $WORK/serve.log.
func scriptServe(ts *testscript.TestScript, neg bool, admins []string, bin string) {
	if neg {
		ts.Fatalf("usage: serve [ADMIN…]")
	}
	data := ts.MkAbs("data")
	ts.Check(os.MkdirAll(data, 0o700))
	var keys []byte
	for _, name := range admins {
		pub, err := os.ReadFile(keyPath(ts, name) + ".pub")
		ts.Check(err)
		keys = append(keys, pub...)
	}
	ts.Check(os.WriteFile(filepath.Join(data, "admin_keys"), keys, 0o600))
	logFile, err := os.Create(ts.MkAbs("serve.log"))
	ts.Check(err)
	cmd := exec.Command(bin, "serve", "--listen", "127.0.0.1:0", "--data", data)
	stderr, err := cmd.StderrPipe()
	ts.Check(err)
	ts.Check(cmd.Start())
	addrs := make(chan string, 1)
	go func() {
		re := regexp.MustCompile(`msg=serving addr=(\S+)`)
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			fmt.Fprintln(logFile, sc.Text())
			if m := re.FindStringSubmatch(sc.Text()); m != nil {
				addrs <- m[1]
				break
			}
		}
		io.Copy(logFile, stderr)
	}()
	ts.Defer(func() {
		cmd.Process.Signal(os.Interrupt)
		done := make(chan struct{})
		go func() { cmd.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			cmd.Process.Kill()
			<-done
		}
		logFile.Close()
	})
	var addr string
	select {
	case addr = <-addrs:
	case <-time.After(60 * time.Second):
		ts.Fatalf("the server did not start; see serve.log")
	}
	host, port, err := net.SplitHostPort(addr)
	ts.Check(err)
	ts.Setenv("ARENA", addr)
	config := ts.MkAbs(filepath.Join(".ssh", "config"))
	ts.Check(os.WriteFile(config, []byte("Host arena\n  HostName "+host+"\n  Port "+port+
		"\n  SendEnv LANG LC_*\n  StrictHostKeyChecking no\n  UserKnownHostsFile /dev/null\n  LogLevel ERROR\n  BatchMode yes\n  IdentitiesOnly yes\n"), 0o600))
	ts.Setenv("SSHCONFIG", config)
}

// runSSH runs one command line over SSH as name, with name's key.
func runSSH(ts *testscript.TestScript, name string, args []string) (stdout, stderr string, code int) {
	key, err := os.ReadFile(keyPath(ts, name))
	ts.Check(err)
	signer, err := gossh.ParsePrivateKey(key)
	ts.Check(err)
	c, err := gossh.Dial("tcp", ts.Getenv("ARENA"), sshtest.ClientConfig(name, signer, nil))
	ts.Check(err)
	defer c.Close()
	sess, err := c.NewSession()
	ts.Check(err)
	defer sess.Close()
	// What OpenSSH sends with SendEnv LANG LC_* (the config above).
	for _, k := range []string{"LANG", "LC_ALL", "LC_MESSAGES"} {
		if v := ts.Getenv(k); v != "" {
			ts.Check(sess.Setenv(k, v))
		}
	}
	var out, errOut bytes.Buffer
	sess.Stdout, sess.Stderr = &out, &errOut
	done := make(chan error, 1)
	go func() { done <- sess.Run(commandLine(args)) }()
	select {
	case err = <-done:
	case <-time.After(30 * time.Second):
		ts.Fatalf("ssh %s %s: still running after 30 s", name, commandLine(args))
	}
	var exit *gossh.ExitError
	switch {
	case err == nil:
	case errors.As(err, &exit):
		code = exit.ExitStatus()
	default:
		ts.Fatalf("ssh %s: %v", name, err)
	}
	return out.String(), errOut.String(), code
}

// commandLine joins words into the one string an SSH command is, quoting those that hold
// spaces or quotes as a shell would (the server splits the line again).
func commandLine(args []string) string {
	words := make([]string, len(args))
	for i, a := range args {
		if a == "" || strings.ContainsAny(a, " \t'\"\\") {
			a = "'" + strings.ReplaceAll(a, "'", `'\''`) + "'"
		}
		words[i] = a
	}
	return strings.Join(words, " ")
}

func scriptSSH(ts *testscript.TestScript, neg bool, args []string) {
	if len(args) < 2 {
		ts.Fatalf("usage: ssh NAME COMMAND…")
	}
	stdout, stderr, code := runSSH(ts, args[0], args[1:])
	io.WriteString(ts.Stdout(), stdout)
	io.WriteString(ts.Stderr(), stderr)
	switch {
	case code != 0 && !neg:
		ts.Fatalf("exit status %d", code)
	case code == 0 && neg:
		ts.Fatalf("unexpected success")
	}
}

func scriptCapture(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 2 {
		ts.Fatalf("usage: capture VAR REGEXP")
	}
	re, err := regexp.Compile(`(?m)` + args[1])
	ts.Check(err)
	m := re.FindStringSubmatch(ts.ReadFile("stdout"))
	if len(m) < 2 {
		ts.Fatalf("no match for %#q in stdout", args[1])
	}
	ts.Setenv(args[0], m[1])
}

func scriptAwait(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) < 3 {
		ts.Fatalf("usage: await REGEXP NAME COMMAND…")
	}
	re, err := regexp.Compile(`(?m)` + args[0])
	ts.Check(err)
	var stdout string
	until.Seen(scriptTB{ts}, 60*time.Second, fmt.Sprintf("%#q from ssh %s", args[0], strings.Join(args[1:], " ")), func() (string, bool) {
		var stderr string
		stdout, stderr, _ = runSSH(ts, args[1], args[2:])
		return stdout + stderr, re.MatchString(stdout)
	})
	io.WriteString(ts.Stdout(), stdout)
}

// scriptTB is a script's test as until.TB.
type scriptTB struct{ ts *testscript.TestScript }

func (scriptTB) Helper()                             {}
func (s scriptTB) Fatalf(format string, args ...any) { s.ts.Fatalf(format, args...) }
