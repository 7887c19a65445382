package server_test

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	gossh "golang.org/x/crypto/ssh"

	"github.com/arena-classroom/arena/internal/sshtest"
	"github.com/arena-classroom/arena/internal/until"
	"github.com/arena-classroom/arena/keys"
	"github.com/arena-classroom/arena/server"
)

const wait = 10 * time.Second

func whoami(t *testing.T, c *gossh.Client) map[string]string {
	t.Helper()
	out, errOut, code := sshtest.Exec(t, c, "whoami")
	if code != 0 {
		t.Fatalf("whoami: exit %d, stderr %q", code, errOut)
	}
	fields := map[string]string{}
	for _, f := range strings.Fields(out) {
		k, v, _ := strings.Cut(f, "=")
		fields[k] = v
	}
	return fields
}

func TestHostKeyPersistsAcrossRestarts(t *testing.T) {
	dir := t.TempDir()
	hostKey := func() string {
		addr, srv := sshtest.Start(t, fakeApp{}, func(c *server.Config) { c.DataDir = dir })
		var seen gossh.PublicKey
		c, err := gossh.Dial("tcp", addr, sshtest.ClientConfig("alice", sshtest.NewKey(t), &seen))
		if err != nil {
			t.Fatal(err)
		}
		c.Close()
		if keys.Fingerprint(seen) != keys.Fingerprint(srv.HostKey()) {
			t.Fatal("the client saw another key than the server's")
		}
		if err := srv.Shutdown(context.Background()); err != nil {
			t.Fatal(err)
		}
		return keys.Fingerprint(seen)
	}
	first, second := hostKey(), hostKey()
	if first != second {
		t.Fatalf("host key changed across restarts: %s then %s", first, second)
	}
}

func TestKeyedIdentityAndClaimedNames(t *testing.T) {
	addr, _ := sshtest.Start(t, fakeApp{})
	a, b, c := sshtest.NewKey(t), sshtest.NewKey(t), sshtest.NewKey(t)

	wa := whoami(t, sshtest.Dial(t, addr, "Alice", a))
	if wa["name"] != "alice" || wa["id"] != keys.Fingerprint(a.PublicKey()) || wa["guest"] != "false" || wa["ctx"] != "true" {
		t.Fatalf("alice: %v", wa)
	}
	if wa["pty"] != "false" || wa["palette"] != "plain" {
		t.Fatalf("exec session: %v", wa)
	}
	if wb := whoami(t, sshtest.Dial(t, addr, "alice", b)); wb["name"] != "alice2" {
		t.Fatalf("second key asking for alice: %v", wb)
	}
	if wa := whoami(t, sshtest.Dial(t, addr, "alice", a)); wa["name"] != "alice" {
		t.Fatalf("alice again: %v", wa)
	}
	// A reserved hint (ssh run as root) gets the key's generated name.
	if wc := whoami(t, sshtest.Dial(t, addr, "root", c)); wc["name"] != keys.GeneratedName(keys.Fingerprint(c.PublicKey())) {
		t.Fatalf("root: %v", wc)
	}
	// An escape sequence in the user name never reaches anyone's screen.
	if wd := whoami(t, sshtest.Dial(t, addr, "\x1b[31mdave\x1b[0m", sshtest.NewKey(t))); wd["name"] != "dave" {
		t.Fatalf("escapes in the name: %v", wd)
	}
}

func TestReservedNamesFromConfig(t *testing.T) {
	addr, _ := sshtest.Start(t, fakeApp{}, func(c *server.Config) { c.ReservedNames = []string{"greedy"} })
	k := sshtest.NewKey(t)
	if w := whoami(t, sshtest.Dial(t, addr, "greedy", k)); w["name"] == "greedy" {
		t.Fatalf("a player took a house bot's name: %v", w)
	}
}

func TestAdminKeys(t *testing.T) {
	dir := t.TempDir()
	teacher, student := sshtest.NewKey(t), sshtest.NewKey(t)
	file := "# teachers\n" + string(gossh.MarshalAuthorizedKey(teacher.PublicKey())) + "not a key\n"
	if err := os.WriteFile(filepath.Join(dir, "admin_keys"), []byte(file), 0o600); err != nil {
		t.Fatal(err)
	}
	addr, _ := sshtest.Start(t, fakeApp{}, func(c *server.Config) { c.DataDir = dir })
	if w := whoami(t, sshtest.Dial(t, addr, "prof", teacher)); w["admin"] != "true" {
		t.Fatalf("teacher: %v", w)
	}
	if w := whoami(t, sshtest.Dial(t, addr, "eve", student)); w["admin"] != "false" {
		t.Fatalf("student: %v", w)
	}
}

func TestGuestWithoutKey(t *testing.T) {
	addr, _ := sshtest.Start(t, fakeApp{})
	c := sshtest.Dial(t, addr, "alice", nil)
	w := whoami(t, c)
	if w["guest"] != "true" || !strings.HasPrefix(w["id"], "guest:") || !strings.HasPrefix(w["name"], "guest-") {
		t.Fatalf("guest: %v", w)
	}
	// One connection is one guest: its sessions share the identity.
	if again := whoami(t, c); again["id"] != w["id"] {
		t.Fatalf("guest id changed within a connection: %v then %v", w, again)
	}
	if other := whoami(t, sshtest.Dial(t, addr, "alice", nil)); other["id"] == w["id"] {
		t.Fatal("two guest connections share an id")
	}
}

func TestGuestsRefusedWhenDisabled(t *testing.T) {
	addr, _ := sshtest.Start(t, fakeApp{}, func(c *server.Config) { c.AllowGuests = false })
	if c, err := sshtest.DialErr(addr, "alice", nil); err == nil {
		c.Close()
		t.Fatal("a keyless client got in with guests disabled")
	}
	whoami(t, sshtest.Dial(t, addr, "alice", sshtest.NewKey(t)))

	// A client that tries three times (as OpenSSH does) reads the hint once.
	hints := 0
	cfg := sshtest.ClientConfig("alice", nil, nil)
	cfg.Auth = []gossh.AuthMethod{gossh.RetryableAuthMethod(gossh.KeyboardInteractive(
		func(_, instruction string, _ []string, _ []bool) ([]string, error) {
			if strings.Contains(instruction, "needs an SSH key") {
				hints++
			}
			return nil, nil
		}), 3)}
	if c, err := gossh.Dial("tcp", addr, cfg); err == nil {
		c.Close()
		t.Fatal("a keyless client got in with guests disabled")
	}
	if hints != 1 {
		t.Fatalf("the hint was shown %d times, want once", hints)
	}
}

func TestExecWithoutPTY(t *testing.T) {
	addr, _ := sshtest.Start(t, fakeApp{})
	c := sshtest.Dial(t, addr, "alice", sshtest.NewKey(t))
	out, errOut, code := sshtest.ExecInput(t, c, "echo", "line one\nline two\n")
	if out != "line one\nline two\n" || errOut != "18 bytes\n" || code != 0 {
		t.Fatalf("echo: %q %q %d", out, errOut, code)
	}
	if _, errOut, code := sshtest.Exec(t, c, "exit 7"); code != 7 || errOut != "leaving\n" {
		t.Fatalf("exit 7: %q %d", errOut, code)
	}
	if _, _, code := sshtest.Exec(t, c, ""); code != 2 {
		t.Fatalf("no command: exit %d", code)
	}
}

func TestInteractiveSession(t *testing.T) {
	addr, _ := sshtest.Start(t, fakeApp{})
	c := sshtest.Dial(t, addr, "alice", sshtest.NewKey(t))
	term := sshtest.NewTerm(t, c, sshtest.Size(90, 25))
	term.WaitFor(t, "hello alice", wait)
	term.WaitFor(t, "attached=true", wait)
	term.WaitFor(t, "size=90x25 palette=plain args=", wait)
	term.Send(t, "x")
	term.WaitFor(t, "key: x", wait)
	term.Send(t, "q")
	if code := term.Wait(t, wait); code != 0 {
		t.Fatalf("exit %d", code)
	}
}

func TestInteractiveCommand(t *testing.T) {
	addr, _ := sshtest.Start(t, fakeApp{})
	c := sshtest.Dial(t, addr, "alice", sshtest.NewKey(t))
	term := sshtest.NewTerm(t, c, sshtest.Command("play sevencolors --vs greedy"))
	term.WaitFor(t, "args=play,sevencolors,--vs,greedy", wait)

	failed := sshtest.NewTerm(t, c, sshtest.Command("fail chess"))
	failed.WaitFor(t, "no such game: chess", wait)
	if code := failed.Wait(t, wait); code != 1 {
		t.Fatalf("failed command: exit %d", code)
	}
}

func TestPaletteAndNoTerminalQueries(t *testing.T) {
	addr, _ := sshtest.Start(t, fakeApp{})
	c := sshtest.Dial(t, addr, "alice", sshtest.NewKey(t))
	for _, tc := range []struct{ term, palette string }{
		{"dumb", "plain"},
		{"xterm", "ansi16"},
		{"xterm-256color", "ansi256"},
		{"vt100", "plain"},
	} {
		t.Run(tc.term, func(t *testing.T) {
			term := sshtest.NewTerm(t, c, sshtest.TermType(tc.term))
			// The key goes out before anything is drawn: a server that queried the terminal
			// (which this client never answers) would stall and swallow it.
			term.Send(t, "k")
			term.WaitFor(t, "key: k", wait)
			term.WaitFor(t, "palette="+tc.palette+" ", wait)
			if strings.Contains(term.Raw(), "\x1b]11;?") {
				t.Fatal("the server asked the terminal for its background")
			}
			term.Close()
		})
	}
}

func TestWindowSizeClamped(t *testing.T) {
	addr, _ := sshtest.Start(t, fakeApp{}, func(c *server.Config) { c.MaxWidth, c.MaxHeight = 300, 100 })
	c := sshtest.Dial(t, addr, "alice", sshtest.NewKey(t))
	term := sshtest.NewTerm(t, c, sshtest.Size(65535, 65535))
	term.WaitFor(t, "size=300x100 ", wait)
	term.Reset()
	term.Resize(t, 120, 65535)
	term.WaitFor(t, "size=120x100 ", wait)
	term.Reset()
	term.Resize(t, 80, 24)
	term.WaitFor(t, "size=80x24 ", wait)
}

// TestCtrlZDoesNotSuspend runs the server in a child process of its own process group: if
// ctrl+z got through, bubbletea would send SIGTSTP to the whole group and then wait for a
// SIGCONT that never comes — the test would see the screen freeze, and nothing else stops.
func TestCtrlZDoesNotSuspend(t *testing.T) {
	if os.Getenv("ARENA_SUSPEND_CHILD") == "1" {
		signal.Ignore(syscall.SIGTSTP)
		addr, _ := sshtest.Start(t, fakeApp{})
		fmt.Printf("ADDR %s\n", addr)
		_, _ = bufio.NewReader(os.Stdin).ReadString('\n') // until the parent is done
		return
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestCtrlZDoesNotSuspend$")
	cmd.Env = append(os.Environ(), "ARENA_SUSPEND_CHILD=1")
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		stdin.Close()
		done := make(chan struct{})
		go func() { cmd.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(wait):
			cmd.Process.Kill()
			<-done
		}
	})
	addrRe := regexp.MustCompile(`^ADDR (\S+)$`)
	sc := bufio.NewScanner(stdout)
	var addr string
	for sc.Scan() {
		if m := addrRe.FindStringSubmatch(sc.Text()); m != nil {
			addr = m[1]
			break
		}
	}
	if addr == "" {
		t.Fatal("the child server did not start")
	}
	go func() {
		for sc.Scan() { // keep the child's stdout drained
		}
	}()
	c := sshtest.Dial(t, addr, "alice", sshtest.NewKey(t))
	term := sshtest.NewTerm(t, c)
	term.WaitFor(t, "hello alice", wait)
	term.Send(t, sshtest.CtrlZ)
	term.WaitFor(t, "key: ctrl+z", wait)
	term.Send(t, "y")
	term.WaitFor(t, "key: y", wait)
	if strings.Contains(term.Output(), "SUSPENDED") {
		t.Fatal("the screen saw a SuspendMsg")
	}
}

// Only connections with a session open fill an address; beyond them a newcomer is told why.
func TestPerIPConnectionLimit(t *testing.T) {
	addr, _ := sshtest.Start(t, fakeApp{}, func(c *server.Config) { c.MaxConnsPerIP = 2 })
	key := sshtest.NewKey(t)
	var busy []*gossh.Client
	for range 2 {
		c := sshtest.Dial(t, addr, "alice", key)
		st := sshtest.StartStream(t, c, "wait")
		if line, ok := st.ReadLine(t, wait); !ok || line != "waiting" {
			t.Fatalf("a session to hold: %q", line)
		}
		busy = append(busy, c)
	}
	third := sshtest.Dial(t, addr, "alice", key)
	_, errOut, code := sshtest.Exec(t, third, "whoami")
	if code != server.ExitTryAgain || !strings.Contains(errOut, "too many connections from your address (limit 2)") {
		t.Fatalf("third connection: exit %d, stderr %q", code, errOut)
	}
	term := sshtest.NewTerm(t, third)
	term.WaitFor(t, "too many connections from your address", wait)
	if code := term.Wait(t, wait); code != server.ExitTryAgain {
		t.Fatalf("refused PTY session: exit %d, want 75 (a wait cures it)", code)
	}
	third.Close()
	// Freed slots are reused once the server has seen the connections close.
	busy[0].Close()
	until.Seen(t, wait, "a closed connection's slot being free again", func() (string, bool) {
		c := sshtest.Dial(t, addr, "alice", key)
		_, errOut, code := sshtest.Exec(t, c, "whoami")
		c.Close()
		return fmt.Sprintf("whoami: exit %d, %q", code, errOut), code == 0
	})
}

func TestConnectRateLimit(t *testing.T) {
	addr, srv := sshtest.Start(t, fakeApp{}, func(c *server.Config) {
		c.ConnectBurst, c.ConnectRate = 2, 0.001 // no refill within the test
	})
	key := sshtest.NewKey(t)
	for range 2 {
		whoami(t, sshtest.Dial(t, addr, "alice", key))
	}
	_, errOut, code := sshtest.Exec(t, sshtest.Dial(t, addr, "alice", key), "whoami")
	if code != server.ExitTryAgain || !strings.Contains(errOut, "too many new connections") {
		t.Fatalf("third connection in a burst of 2: exit %d, stderr %q", code, errOut)
	}
	if got := srv.Stats().Refused[server.RefusedRate]; got != 1 {
		t.Errorf("refusals for the rate: %d", got)
	}
}

func TestSessionsPerKeyLimit(t *testing.T) {
	addr, srv := sshtest.Start(t, fakeApp{}, func(c *server.Config) { c.MaxSessionsPerKey = 1 })
	key := sshtest.NewKey(t)
	term := sshtest.NewTerm(t, sshtest.Dial(t, addr, "alice", key))
	term.WaitFor(t, "hello alice", wait)
	_, errOut, code := sshtest.Exec(t, sshtest.Dial(t, addr, "alice", key), "whoami")
	if code != server.ExitTryAgain || !strings.Contains(errOut, "too many sessions for your key (limit 1)") {
		t.Fatalf("second session: exit %d, stderr %q", code, errOut)
	}
	// An administrator sees it counted by its reason (arena_logins_refused_total).
	if got := srv.Stats().Refused; got[server.RefusedSessionsPerKey] != 1 || len(got) != 1 {
		t.Errorf("refusals counted: %v", got)
	}
	whoami(t, sshtest.Dial(t, addr, "bob", sshtest.NewKey(t))) // other keys are not affected
	term.Send(t, "q")
	term.Wait(t, wait)
	whoami(t, sshtest.Dial(t, addr, "alice", key))
}

func TestPanickingAppDoesNotKillTheServer(t *testing.T) {
	addr, _ := sshtest.Start(t, fakeApp{})
	c := sshtest.Dial(t, addr, "alice", sshtest.NewKey(t))

	_, errOut, code := sshtest.Exec(t, c, "panic")
	if code != 1 || !strings.Contains(errOut, "something went wrong") || strings.Contains(errOut, "goroutine") {
		t.Fatalf("Exec panic: exit %d, stderr %q", code, errOut)
	}
	boom := sshtest.NewTerm(t, c, sshtest.Command("boom"))
	boom.WaitFor(t, "something went wrong", wait)
	if code := boom.Wait(t, wait); code != 1 {
		t.Fatalf("Interactive panic: exit %d", code)
	}
	term := sshtest.NewTerm(t, c)
	term.WaitFor(t, "hello alice", wait)
	term.Send(t, "p")
	term.WaitFor(t, "this screen crashed", wait)
	if code := term.Wait(t, wait); code != 1 {
		t.Fatalf("Update panic: exit %d", code)
	}
	viewBoom := sshtest.NewTerm(t, c)
	viewBoom.WaitFor(t, "hello alice", wait)
	viewBoom.Send(t, "v")
	viewBoom.WaitFor(t, "this screen crashed", wait)
	if code := viewBoom.Wait(t, wait); code != 1 {
		t.Fatalf("View panic: exit %d", code)
	}
	// Still serving, on the same connection and on new ones.
	whoami(t, c)
	whoami(t, sshtest.Dial(t, addr, "bob", sshtest.NewKey(t)))
}

func TestShutdownEndsSessions(t *testing.T) {
	addr, srv := sshtest.Start(t, fakeApp{})
	c := sshtest.Dial(t, addr, "alice", sshtest.NewKey(t))
	term := sshtest.NewTerm(t, c)
	term.WaitFor(t, "hello alice", wait)
	bot := sshtest.StartStream(t, c, "wait")
	if line, _ := bot.ReadLine(t, wait); line != "waiting" {
		t.Fatalf("exec: %q", line)
	}
	ctx, cancel := context.WithTimeout(context.Background(), wait)
	defer cancel()
	if err := srv.Shutdown(ctx); err != nil {
		t.Fatalf("shutdown: %v", err)
	}
	term.WaitFor(t, "the server is shutting down", wait)
	if line, _ := bot.ReadLine(t, wait); line != "bye" {
		t.Fatalf("exec after shutdown: %q", line)
	}
	if code := bot.Wait(t, wait); code != 3 {
		t.Fatalf("exec exit %d, want the app's 3", code)
	}
	if code := term.Wait(t, wait); code != 0 {
		t.Fatalf("screen exit %d", code)
	}
	if c, err := sshtest.DialErr(addr, "alice", sshtest.NewKey(t)); err == nil {
		c.Close()
		t.Fatal("connected after shutdown")
	}
}

// A draining node refuses new connections at connect (a balancer then tries another node)
// while the sessions it has go on until Shutdown.
func TestStopAcceptingKeepsTheSessionsItHas(t *testing.T) {
	addr, srv := sshtest.Start(t, fakeApp{})
	c := sshtest.Dial(t, addr, "alice", sshtest.NewKey(t))
	term := sshtest.NewTerm(t, c)
	term.WaitFor(t, "hello alice", wait)
	srv.StopAccepting()
	if conn, err := net.Dial("tcp", addr); err == nil {
		conn.Close()
		t.Fatal("a TCP connection was accepted after StopAccepting")
	}
	if out, _, code := sshtest.Exec(t, c, "whoami"); code != 0 || !strings.Contains(out, "name=alice") {
		t.Fatalf("a new session on a connection of before: exit %d, %q", code, out)
	}
	ctx, cancel := context.WithTimeout(context.Background(), wait)
	defer cancel()
	if err := srv.Shutdown(ctx); err != nil {
		t.Fatalf("shutdown: %v", err)
	}
	term.WaitFor(t, "the server is shutting down", wait)
}

// downAccounts is a store that does not answer (a database restarting).
type downAccounts struct{}

func (downAccounts) ClaimName(context.Context, string, string) (string, error) {
	return "", errors.New("dial tcp 127.0.0.1:5432: connect: connection refused")
}

// A login while the database does not answer is refused for a while only: status 75 (the
// starter kits run their command again on it) and a sentence that says it is temporary; it
// used to be status 1, and a kit reconnecting during a database outage quit for good.
func TestALoginDuringADatabaseOutageSaysTryAgain(t *testing.T) {
	cfg := server.DefaultConfig()
	cfg.Listen, cfg.DataDir = "127.0.0.1:0", t.TempDir()
	srv, err := server.New(cfg, downAccounts{}, fakeApp{})
	if err != nil {
		t.Fatal(err)
	}
	l, err := net.Listen("tcp", cfg.Listen)
	if err != nil {
		t.Fatal(err)
	}
	go srv.Serve(l)
	t.Cleanup(func() { srv.Shutdown(context.Background()) })
	c := sshtest.Dial(t, l.Addr().String(), "ann", sshtest.NewKey(t))
	_, errOut, code := sshtest.Exec(t, c, "whoami")
	if code != server.ExitTryAgain || !strings.Contains(errOut, "This is temporary") {
		t.Fatalf("during an outage: status %d, %q; want 75 and a sentence saying it is temporary", code, errOut)
	}
}

// outage is a store that answers until it is told it is down (a database restarting).
type outage struct {
	mu   sync.Mutex
	down bool
}

func (o *outage) ClaimName(_ context.Context, id, wanted string) (string, error) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.down {
		return "", errors.New("dial tcp 127.0.0.1:5432: connect: connection refused")
	}
	return wanted, nil
}

// During a store outage a key this node already knows is served, under the name it had;
// a key it never saw is told to try again.
func TestAKnownKeyIsServedDuringAStoreOutage(t *testing.T) {
	cfg := server.DefaultConfig()
	cfg.Listen, cfg.DataDir = "127.0.0.1:0", t.TempDir()
	st := &outage{}
	srv, err := server.New(cfg, st, fakeApp{})
	if err != nil {
		t.Fatal(err)
	}
	l, err := net.Listen("tcp", cfg.Listen)
	if err != nil {
		t.Fatal(err)
	}
	go srv.Serve(l)
	t.Cleanup(func() { srv.Shutdown(context.Background()) })
	ann := sshtest.NewKey(t)
	if out, _, code := sshtest.Exec(t, sshtest.Dial(t, l.Addr().String(), "ann", ann), "whoami"); code != 0 || !strings.Contains(out, "ann") {
		t.Fatalf("before the outage: status %d, %q", code, out)
	}
	st.mu.Lock()
	st.down = true
	st.mu.Unlock()
	if out, errOut, code := sshtest.Exec(t, sshtest.Dial(t, l.Addr().String(), "ann", ann), "whoami"); code != 0 || !strings.Contains(out, "ann") {
		t.Errorf("ann again during the outage: status %d, %q %q; want served as ann", code, out, errOut)
	}
	if _, errOut, code := sshtest.Exec(t, sshtest.Dial(t, l.Addr().String(), "bob", sshtest.NewKey(t)), "whoami"); code != server.ExitTryAgain || !strings.Contains(errOut, "This is temporary") {
		t.Errorf("a new key during the outage: status %d, %q", code, errOut)
	}
}
