package server_test

import (
	"errors"
	"fmt"
	"io"
	"net"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	gossh "golang.org/x/crypto/ssh"

	"github.com/arena-classroom/arena/internal/sshtest"
	"github.com/arena-classroom/arena/internal/until"
	"github.com/arena-classroom/arena/server"
)

// These tests play the curious student of issue 13 against a real server on 127.0.0.1:0,
// each checking that the abuse is bounded, that the abuser is told why where a person could
// be the cause, and that the server goes on serving others.

// heapAfterGC is the live heap, for bounds on what an abuser can make the server hold.
func heapAfterGC() uint64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapAlloc
}

func stillServes(t *testing.T, addr string) {
	t.Helper()
	// A fresh key each time: a second call is bob2, and so on.
	if who := whoami(t, sshtest.Dial(t, addr, "bob", sshtest.NewKey(t))); !strings.HasPrefix(who["name"], "bob") {
		t.Fatalf("another client after the abuse: %v", who)
	}
}

// Session channels that never start a shell or command are counted too: beyond the limit a
// channel open is refused with a sentence, and thousands of attempts hold nothing.
func TestSessionChannelsPerConnectionBounded(t *testing.T) {
	addr, _ := sshtest.Start(t, fakeApp{}, func(c *server.Config) { c.MaxChannels = 3 })
	c := sshtest.Dial(t, addr, "", nil) // a guest
	var open []gossh.Channel
	for range 3 {
		ch, reqs, err := c.OpenChannel("session", nil)
		if err != nil {
			t.Fatalf("channel within the limit: %v", err)
		}
		go gossh.DiscardRequests(reqs)
		open = append(open, ch)
	}
	before := heapAfterGC()
	const attempts = 3000
	for i := range attempts {
		_, _, err := c.OpenChannel("session", nil)
		var oe *gossh.OpenChannelError
		if !errors.As(err, &oe) || oe.Reason != gossh.ResourceShortage || !strings.Contains(oe.Message, "at most 3 sessions at once on one connection") {
			t.Fatalf("attempt %d beyond the limit: %v", i, err)
		}
	}
	grown := int64(heapAfterGC()) - int64(before)
	t.Logf("%d refused channel opens: heap %+d bytes", attempts, grown)
	if grown > 4<<20 {
		t.Fatalf("%d refused channels grew the heap by %d bytes (bound 4 MiB)", attempts, grown)
	}
	// Closing one makes room again.
	open[0].Close()
	until.Seen(t, wait, "room for a session after closing one", func() (string, bool) {
		ch, reqs, err := c.OpenChannel("session", nil)
		if err != nil {
			return err.Error(), false
		}
		go gossh.DiscardRequests(reqs)
		ch.Close()
		return "", true
	})
	stillServes(t, addr)
}

// env requests beyond a count or a size are refused, not stored; the session still works.
func TestEnvRequestsBounded(t *testing.T) {
	addr, _ := sshtest.Start(t, fakeApp{}, func(c *server.Config) { c.MaxEnvPerChannel = 8; c.MaxEnvBytes = 64 << 10 })
	c := sshtest.Dial(t, addr, "", nil)
	sess, err := c.NewSession()
	if err != nil {
		t.Fatal(err)
	}
	defer sess.Close()
	before := heapAfterGC()
	big := strings.Repeat("v", 20<<10)
	accepted := 0
	const sent = 400 // 8 MB of env before the fix
	for i := range sent {
		if err := sess.Setenv("K"+strconv.Itoa(i), big); err == nil {
			accepted++
		}
	}
	if accepted > 3 { // 64 KiB holds three 20 KiB values
		t.Fatalf("%d of %d env requests of 20 KiB accepted; the limit is 64 KiB a channel", accepted, sent)
	}
	grown := int64(heapAfterGC()) - int64(before)
	t.Logf("%d env requests of 20 KiB: %d accepted, heap %+d bytes", sent, accepted, grown)
	if grown > 2<<20 {
		t.Fatalf("%d env requests grew the heap by %d bytes (bound 2 MiB)", sent, grown)
	}
	small, err := c.NewSession()
	if err != nil {
		t.Fatal(err)
	}
	if err := small.Setenv("LANG", "C"); err != nil {
		t.Fatalf("a fresh channel's first env request: %v", err)
	}
	out, err := small.Output("whoami")
	if err != nil || !strings.Contains(string(out), "guest=true") {
		t.Fatalf("whoami after env requests: %q, %v", out, err)
	}
	stillServes(t, addr)
}

// A connection that ran its command and keeps no channel open is closed after the idle
// time, giving its slot back.
func TestConnectionWithoutChannelsClosedWhenIdle(t *testing.T) {
	addr, _ := sshtest.Start(t, fakeApp{}, func(c *server.Config) {
		c.IdleNoChannel = 100 * time.Millisecond
		c.MaxConnsPerIP = 1
	})
	c := sshtest.Dial(t, addr, "alice", sshtest.NewKey(t))
	whoami(t, c)
	closed := make(chan error, 1)
	go func() { closed <- c.Wait() }()
	select {
	case <-closed:
	case <-time.After(wait):
		t.Fatal("an idle connection without channels was kept open")
	}
	// The per-address slot (limit 1) is free again: at once, or a moment after the client
	// saw its connection close (the server counts it released when its side is closed).
	until.Seen(t, wait, "the idle connection's slot being free again", func() (string, bool) {
		c, err := sshtest.DialErr(addr, "bob", sshtest.NewKey(t))
		if err != nil {
			t.Fatal(err)
		}
		out, errOut, code := sshtest.Exec(t, c, "whoami")
		c.Close()
		if code == 0 && strings.Contains(out, "name=bob") {
			return "", true
		}
		if !strings.Contains(errOut, "too many connections from your address") {
			t.Fatalf("after the idle connection closed: exit %d, %q", code, errOut)
		}
		return fmt.Sprintf("exit %d, %q", code, errOut), false
	})
}

// A connection with a session open is not idle, however long the session lasts: it outlives
// both timers, as other connections' closing shows (no clock in the test).
func TestConnectionWithOpenSessionKept(t *testing.T) {
	addr, _ := sshtest.Start(t, fakeApp{}, func(c *server.Config) {
		c.IdleNoChannel = 50 * time.Millisecond
		c.HandshakeTimeout = time.Second // long enough for a handshake on a loaded machine
	})
	c := sshtest.Dial(t, addr, "alice", sshtest.NewKey(t))
	term := sshtest.NewTerm(t, c)
	term.WaitFor(t, "hello alice", wait)
	// Two connections opened after the session: one that opens no channel (closed by the
	// handshake timer) and one whose command ends (closed by the idle timer). Once the
	// server has closed both, the session's connection has outlived both timers.
	silent := sshtest.Dial(t, addr, "bob", sshtest.NewKey(t))
	done := sshtest.Dial(t, addr, "carol", sshtest.NewKey(t))
	whoami(t, done)
	for _, other := range []*gossh.Client{silent, done} {
		closed := make(chan error, 1)
		go func() { closed <- other.Wait() }()
		select {
		case <-closed:
		case <-time.After(wait):
			t.Fatal("a connection without channels was kept open")
		}
	}
	term.Send(t, "y")
	term.WaitFor(t, "key: y", wait)
	whoami(t, c)
}

// Silent TCP connections (no handshake at all) cannot hold the total of connections: those
// still in their handshake are bounded, oldest out, so a real client still gets in.
func TestSilentConnectionsCannotHoldTheTotal(t *testing.T) {
	addr, srv := sshtest.Start(t, fakeApp{}, func(c *server.Config) {
		c.MaxConns = 20
		c.MaxPreAuth = 8
		c.MaxPreAuthPerIP = 4
	})
	var silent []net.Conn
	for range 30 {
		conn, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { conn.Close() })
		silent = append(silent, conn)
	}
	// The server closes silent connections beyond the bounds as it takes in newer ones, in
	// the order its accept goroutines run. Wait until it has taken them all (all but the 4
	// of one address closed) before dialling: a silent connection still queued would
	// otherwise displace the real client's handshake, as it should.
	closed := make([]bool, len(silent))
	until.Seen(t, wait, fmt.Sprintf("the server closing %d of the %d silent connections", len(silent)-4, len(silent)), func() (string, bool) {
		n := 0
		for i, conn := range silent {
			if !closed[i] {
				_ = conn.SetReadDeadline(time.Now().Add(time.Millisecond))
				var one [1]byte
				_, err := conn.Read(one[:])
				var ne net.Error
				closed[i] = err != nil && !(errors.As(err, &ne) && ne.Timeout())
			}
			if closed[i] {
				n++
			}
		}
		return fmt.Sprintf("%d closed", n), n >= len(silent)-4
	})
	stillServes(t, addr)
	_ = srv
}

// A command line is measured before it is split into words (which costs more than linearly).
func TestLongCommandRefusedBeforeParsing(t *testing.T) {
	addr, _ := sshtest.Start(t, fakeApp{})
	c := sshtest.Dial(t, addr, "alice", sshtest.NewKey(t))
	cmd := "echo " + strings.Repeat(`"a b" 'c' `, 25_000) // 250 KB of quoted words
	_, errOut, code := sshtest.Exec(t, c, cmd)
	if code != 1 || !regexp.MustCompile(`that command is \d+ bytes long; commands have at most 4096`).MatchString(errOut) {
		t.Fatalf("a 250 KB command: exit %d, stderr %q", code, errOut)
	}
	stillServes(t, addr)
}

// A flood of keys is dropped beyond the input budget, and ctrl+c still gets through.
func TestKeyFloodDropped(t *testing.T) {
	addr, _ := sshtest.Start(t, fakeApp{}, func(c *server.Config) { c.KeyRate = 1; c.KeyBurst = 500 })
	c := sshtest.Dial(t, addr, "alice", sshtest.NewKey(t))
	term := sshtest.NewTerm(t, c)
	term.WaitFor(t, "hello alice", wait)
	term.Send(t, strings.Repeat("x", 1<<20))
	term.Send(t, sshtest.CtrlC)
	screen := term.WaitFor(t, "key: ctrl+c", 4*wait)
	m := regexp.MustCompile(`keys=(\d+)`).FindAllStringSubmatch(screen, -1)
	if len(m) == 0 {
		t.Fatalf("no key count on screen: %q", screen)
	}
	// The burst, plus one a second for however long this took, plus ctrl+c.
	if n, _ := strconv.Atoi(m[len(m)-1][1]); n > 500+60+1 {
		t.Fatalf("the screen received %d keys of a 1 MB flood (budget 500 and 1 a second)", n)
	}
	stillServes(t, addr)
}

// served checks that a fresh client is served, and closes it.
func served(t *testing.T, addr string) {
	t.Helper()
	c := sshtest.Dial(t, addr, "bob", sshtest.NewKey(t))
	if out, errOut, code := sshtest.Exec(t, c, "whoami"); code != 0 {
		t.Fatalf("another client: exit %d, %q %q", code, out, errOut)
	}
	c.Close()
}

// quiet serves one client, waits until the server holds no connection, and returns the
// process's goroutines then: the baseline of an attack.
func quiet(t *testing.T, addr string, srv *server.Server) int {
	t.Helper()
	served(t, addr)
	backToBaseline(t, srv, 0, 1<<30)
	return runtime.NumGoroutine()
}

// backToBaseline waits until the server's connections and the process's goroutines are back to
// what they were before an attack (goroutines within a margin: the test's own come and go).
func backToBaseline(t *testing.T, srv *server.Server, conns, goroutines int) {
	t.Helper()
	back := false
	defer func() {
		if !back { // the goroutines that stayed, after the failure below
			buf := make([]byte, 1<<20)
			t.Logf("goroutines:\n%s", buf[:runtime.Stack(buf, true)])
		}
	}()
	until.Seen(t, 2*wait, fmt.Sprintf("the server back to %d connections, no session, %d goroutines (within 4)", conns, goroutines), func() (string, bool) {
		st := srv.Stats()
		n := runtime.NumGoroutine()
		return fmt.Sprintf("%d connections, %d sessions, %d goroutines", st.Connections, st.Sessions, n),
			st.Connections <= conns && st.Sessions == 0 && n <= goroutines+4
	})
	back = true
}

// A refused PTY command that is sent window changes without the client waiting, then
// closed, gives its connection back (it used to hold the connection's reader for ever: the
// SSH library waited for someone to take each window change).
func TestWindowChangesToARefusedSessionLeakNothing(t *testing.T) {
	addr, srv := sshtest.Start(t, fakeApp{})
	goroutines := quiet(t, addr, srv)
	for range 5 {
		c := sshtest.Dial(t, addr, "mallory", sshtest.NewKey(t))
		sess, err := c.NewSession()
		if err != nil {
			t.Fatal(err)
		}
		if err := sess.RequestPty("xterm", 24, 80, gossh.TerminalModes{}); err != nil {
			t.Fatal(err)
		}
		if err := sess.Start("fail nosuchgame"); err != nil {
			t.Fatal(err)
		}
		for i := range 200 {
			if err := sess.WindowChange(24+i%10, 80); err != nil {
				break // the server closed the session meanwhile: fine
			}
		}
		c.Close()
	}
	backToBaseline(t, srv, 0, goroutines)
	served(t, addr)
}

// A terminal session that fills a 400×200 window, while the client reads nothing and
// resizes in a loop, ends when the client goes, and leaves nothing behind (it used to hang
// for good: the screen's writes waited for the client, the window changes for the screen,
// and the connection's reader for the window changes).
func TestResizeLoopOnAStalledScreenLeaksNothing(t *testing.T) {
	addr, srv := sshtest.Start(t, fakeApp{})
	goroutines := quiet(t, addr, srv)
	c := sshtest.Dial(t, addr, "mallory", sshtest.NewKey(t))
	sess, err := c.NewSession()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := sess.StdoutPipe(); err != nil { // never read: the screen's writes stall
		t.Fatal(err)
	}
	if err := sess.RequestPty("xterm", 200, 400, gossh.TerminalModes{}); err != nil {
		t.Fatal(err)
	}
	if err := sess.Start("fill"); err != nil {
		t.Fatal(err)
	}
	// Enough repaints of 80 KB to fill the client's 2 MB window many times over, and far
	// more window changes than the SSH library's queues hold.
	for i := range 2000 {
		if err := sess.WindowChange(200-i%2, 400); err != nil {
			t.Fatal(err)
		}
	}
	// Meanwhile the server still serves others, from the same address.
	served(t, addr)
	c.Close()
	backToBaseline(t, srv, 0, goroutines)
}

// Sockets that only send an SSH banner fill their address's limit, yet a real client from
// the same address gets in: they are displaced, oldest first (the per-address limit used to
// refuse the person before the eviction of handshakes ever started).
func TestSilentConnectionsDoNotLockTheirAddressOut(t *testing.T) {
	addr, srv := sshtest.Start(t, fakeApp{}) // the defaults: 250 an address
	for range 300 {
		conn, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { conn.Close() })
		if _, err := conn.Write([]byte("SSH-2.0-x\r\n")); err != nil {
			t.Fatal(err)
		}
	}
	// The person, while the silent ones are still connected.
	served(t, addr)
	if st := srv.Stats(); st.Connections > 250 {
		t.Fatalf("%d connections held from one address, limit 250", st.Connections)
	}
}

// Connections that log in and open no session neither lock their address out nor spend
// its budget of new sessions: a person from the same address gets in at once.
func TestIdleLoggedInConnectionsDoNotLockTheirAddressOut(t *testing.T) {
	addr, srv := sshtest.Start(t, fakeApp{}, func(c *server.Config) {
		c.MaxConnsPerIP = 20
		c.ConnectBurst = 5
		c.ConnectRate = 0.001 // one session in 1,000 s after the burst
	})
	key := sshtest.NewKey(t)
	for range 40 {
		if _, err := sshtest.DialErr(addr, "idler", key); err != nil {
			t.Fatal(err) // each logs in; none opens a session
		}
	}
	if st := srv.Stats(); st.Connections > 20 {
		t.Fatalf("%d connections held from one address, limit 20", st.Connections)
	}
	for range 5 { // the burst, all of it, for people
		served(t, addr)
	}
}

// dialFrom logs in from a loopback address of its own (127.0.0.N), as a client behind
// another address would.
func dialFrom(t *testing.T, addr, from, user string, key gossh.Signer) (*gossh.Client, error) {
	t.Helper()
	d := net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(from)}, Timeout: 10 * time.Second}
	conn, err := d.Dial("tcp", addr)
	if err != nil {
		return nil, err
	}
	cc, chans, reqs, err := gossh.NewClientConn(conn, addr, sshtest.ClientConfig(user, key, nil))
	if err != nil {
		conn.Close()
		return nil, err
	}
	c := gossh.NewClient(cc, chans, reqs)
	t.Cleanup(func() { c.Close() })
	return c, nil
}

// The attack of security round three, scaled to the test's limits (20 an address, 40 in
// all): from two addresses, 26 connections each, every one with a fresh key, log in and open
// one session channel that never asks for a shell or a command. They used to count as in
// session, lock their addresses out ("too many connections from your address") and, with
// four addresses, fill the server, all past the idle timeout. Now a channel counts only
// once it asks for something: a classmate on either address, and someone on a third, get in
// at once, and each silent channel is closed after SessionStart.
func TestIdleSessionChannelsLockNobodyOut(t *testing.T) {
	addr, srv := sshtest.Start(t, fakeApp{}, func(c *server.Config) {
		c.MaxConnsPerIP = 20
		c.MaxConns = 40
		c.SessionStart = time.Second
	})
	var silent []gossh.Channel
	for _, from := range []string{"127.0.0.1", "127.0.0.2"} {
		for range 26 {
			c, err := dialFrom(t, addr, from, "idler", sshtest.NewKey(t))
			if err != nil {
				continue // displaced during its own handshake by a newer idler: fine
			}
			ch, reqs, err := c.OpenChannel("session", nil)
			if err != nil {
				continue // its connection was displaced meanwhile
			}
			go gossh.DiscardRequests(reqs)
			silent = append(silent, ch)
		}
	}
	if st := srv.Stats(); st.Connections > 40 {
		t.Fatalf("%d connections held, limit 40", st.Connections)
	}
	// Classmates, while the silent channels are still open: no timeout waited for.
	for _, from := range []string{"127.0.0.1", "127.0.0.2", "127.0.0.3"} {
		c, err := dialFrom(t, addr, from, "bob", sshtest.NewKey(t))
		if err != nil {
			t.Fatalf("a classmate from %s: %v", from, err)
		}
		if out, errOut, code := sshtest.Exec(t, c, "whoami"); code != 0 {
			t.Fatalf("a classmate from %s: exit %d, %q %q", from, code, out, errOut)
		}
	}
	// Each silent channel still open (not displaced) is closed after SessionStart.
	for i, ch := range silent {
		closed := make(chan struct{})
		go func() { _, _ = io.Copy(io.Discard, ch); close(closed) }()
		select {
		case <-closed:
		case <-time.After(30 * time.Second):
			t.Fatalf("silent channel %d still open after 30 s (SessionStart 1 s)", i)
		}
	}
}
