package server_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/netip"
	"strings"
	"testing"
	"time"

	gossh "golang.org/x/crypto/ssh"

	"github.com/arena-classroom/arena/internal/proxyproto"
	"github.com/arena-classroom/arena/internal/sshtest"
	"github.com/arena-classroom/arena/server"
)

// behindBalancer turns the PROXY protocol on for connections from prefixes.
func behindBalancer(prefixes ...string) sshtest.Option {
	return func(c *server.Config) {
		c.ProxyProtocol = true
		for _, p := range prefixes {
			c.ProxyFrom = append(c.ProxyFrom, netip.MustParsePrefix(p))
		}
	}
}

// header is what a balancer writes before relaying a client from src to the server.
func header(version int, src string) []byte {
	return proxyproto.Header{Version: version, Source: netip.MustParseAddrPort(src),
		Dest: netip.MustParseAddrPort("127.0.0.1:2222")}.Encode()
}

// header6 is a balancer's header for an IPv6 client from src.
func header6(src string) []byte {
	return proxyproto.Header{Version: 2, Source: netip.MustParseAddrPort(src),
		Dest: netip.MustParseAddrPort("[2001:db8::1]:2222")}.Encode()
}

// dialRaw opens a TCP connection, closed when the test ends.
func dialRaw(t *testing.T, addr string) net.Conn {
	t.Helper()
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	return conn
}

// dialProxied plays a balancer and its client: a TCP connection that sends hdr, then an
// SSH client over the same connection, as user with a fresh key.
func dialProxied(t *testing.T, addr string, hdr []byte, user string) (*gossh.Client, error) {
	t.Helper()
	conn := dialRaw(t, addr)
	if _, err := conn.Write(hdr); err != nil {
		t.Fatal(err)
	}
	_ = conn.SetDeadline(time.Now().Add(wait)) // a handshake the server never answers fails the test, not hangs it
	c, chans, reqs, err := gossh.NewClientConn(conn, addr, sshtest.ClientConfig(user, sshtest.NewKey(t), nil))
	if err != nil {
		return nil, err
	}
	_ = conn.SetDeadline(time.Time{})
	client := gossh.NewClient(c, chans, reqs)
	t.Cleanup(func() { client.Close() })
	return client, nil
}

// holdSession opens a session that lasts until the test ends: its connection fills a slot
// of its address.
func holdSession(t *testing.T, c *gossh.Client) {
	t.Helper()
	st := sshtest.StartStream(t, c, "wait")
	if line, ok := st.ReadLine(t, wait); !ok || line != "waiting" {
		t.Fatalf("a session to hold: %q", line)
	}
}

// From a balancer, the address in the header is the client's: for the app (Session.Host)
// and for the per-address limits, which count two clients of the balancer apart and two
// connections of one client together.
func TestProxyProtocolGivesTheClientsAddress(t *testing.T) {
	for _, version := range []int{1, 2} {
		t.Run(fmt.Sprintf("v%d", version), func(t *testing.T) {
			addr, _ := sshtest.Start(t, fakeApp{}, behindBalancer("127.0.0.0/8"), func(c *server.Config) { c.MaxConnsPerIP = 1 })
			first, err := dialProxied(t, addr, header(version, "203.0.113.7:54321"), "alice")
			if err != nil {
				t.Fatalf("a client through the balancer: %v", err)
			}
			if who := whoami(t, first); who["host"] != "203.0.113.7" || who["name"] != "alice" {
				t.Fatalf("the first client: %v, want host 203.0.113.7", who)
			}
			holdSession(t, first)

			// The same client again: its address (limit 1) is full, although the balancer's
			// 127.0.0.1 holds nothing of its own.
			again, err := dialProxied(t, addr, header(version, "203.0.113.7:54322"), "alice")
			if err != nil {
				t.Fatalf("the same client again: %v", err)
			}
			_, errOut, code := sshtest.Exec(t, again, "whoami")
			if code != server.ExitTryAgain || !strings.Contains(errOut, "too many connections from your address (limit 1)") {
				t.Fatalf("a second connection of 203.0.113.7: exit %d, stderr %q", code, errOut)
			}

			// Another client of the same balancer is served.
			other, err := dialProxied(t, addr, header(version, "203.0.113.8:40000"), "bob")
			if err != nil {
				t.Fatalf("another client through the balancer: %v", err)
			}
			if who := whoami(t, other); who["host"] != "203.0.113.8" || who["name"] != "bob" {
				t.Fatalf("another client: %v, want host 203.0.113.8", who)
			}

			// IPv6 clients too, through an IPv4 balancer connection.
			v6, err := dialProxied(t, addr, proxyproto.Header{Version: version,
				Source: netip.MustParseAddrPort("[2001:db8::7]:1234"), Dest: netip.MustParseAddrPort("[2001:db8::1]:2222")}.Encode(), "carol")
			if err != nil {
				t.Fatalf("an IPv6 client: %v", err)
			}
			if who := whoami(t, v6); who["host"] != "2001:db8::/64" { // counted by its /64
				t.Fatalf("an IPv6 client: %v", who)
			}

			// A header without a client (a balancer's health check) leaves the balancer's
			// own address.
			local := proxyproto.Header{Version: version, Local: version == 2}.Encode()
			check, err := dialProxied(t, addr, local, "dave")
			if err != nil {
				t.Fatalf("a health check: %v", err)
			}
			if who := whoami(t, check); who["host"] != "127.0.0.1" {
				t.Fatalf("a health check: %v, want the balancer's 127.0.0.1", who)
			}

			// From a balancer, a header is not optional.
			if _, err := sshtest.DialErr(addr, "erin", sshtest.NewKey(t)); err == nil {
				t.Fatal("a client from the balancer's address without a header was served")
			}
		})
	}
}

// A header from an address outside ProxyFrom is not honoured: anyone could otherwise choose
// the address the limits count. The SSH library skips a v1 line (RFC 4253 lets lines
// precede the version) and the client is served under its own address; a v2 header breaks
// the handshake.
func TestProxyHeaderFromOutsideProxyFromIsNotHonoured(t *testing.T) {
	addr, _ := sshtest.Start(t, fakeApp{}, behindBalancer("10.0.0.0/8"), func(c *server.Config) {
		c.MaxConnsPerIP = 1
		c.HandshakeTimeout = 2 * time.Second // ends the broken v2 handshake if the library waits
	})
	forger, err := dialProxied(t, addr, header(1, "203.0.113.7:54321"), "mallory")
	if err != nil {
		t.Fatalf("a client with a v1 line before its version: %v", err)
	}
	if who := whoami(t, forger); who["host"] != "127.0.0.1" {
		t.Fatalf("a forged v1 header: %v, want host 127.0.0.1", who)
	}
	holdSession(t, forger)
	// Counted under 127.0.0.1: claiming another address does not get past the limit.
	again, err := dialProxied(t, addr, header(1, "203.0.113.8:54321"), "mallory")
	if err != nil {
		t.Fatalf("a second forged v1 header: %v", err)
	}
	_, errOut, code := sshtest.Exec(t, again, "whoami")
	if code != server.ExitTryAgain || !strings.Contains(errOut, "too many connections from your address (limit 1)") {
		t.Fatalf("a second connection from 127.0.0.1 claiming 203.0.113.8: exit %d, stderr %q", code, errOut)
	}
	if _, err := dialProxied(t, addr, header(2, "203.0.113.9:54321"), "mallory"); err == nil {
		t.Fatal("a forged v2 header: the handshake succeeded")
	}
}

// A balancer's connection that never sends its header, or sends half of one, holds nobody
// up: the header is awaited in the connection's own goroutine, not in the accept loop.
func TestMissingProxyHeaderHoldsNoOneUp(t *testing.T) {
	addr, srv := sshtest.Start(t, fakeApp{}, behindBalancer("127.0.0.1/32"), func(c *server.Config) {
		c.HandshakeTimeout = time.Hour // nothing is closed by the clock during the test
	})
	for _, partial := range []string{"", "PROXY TCP4 203.0.1", "\r\n\r\n\x00\r\nQUIT\n\x21\x11\x00"} {
		for range 3 {
			conn := dialRaw(t, addr)
			if _, err := io.WriteString(conn, partial); err != nil {
				t.Fatal(err)
			}
		}
	}
	for i, src := range []string{"203.0.113.7:1", "203.0.113.8:1"} {
		c, err := dialProxied(t, addr, header(i+1, src), "alice")
		if err != nil {
			t.Fatalf("a client behind silent connections: %v", err)
		}
		if who := whoami(t, c); who["host"] != strings.Split(src, ":")[0] {
			t.Fatalf("a client behind silent connections: %v", who)
		}
	}
	// Waiting for their header, they are not counted yet.
	if st := srv.Stats(); st.Connections > 2 {
		t.Fatalf("%d connections counted, want the 2 clients at most", st.Connections)
	}
}

// A malformed header closes its connection at once; a late one, after the handshake timeout.
func TestBadOrLateProxyHeaderClosesTheConnection(t *testing.T) {
	closed := func(t *testing.T, conn net.Conn, what string) {
		t.Helper()
		_ = conn.SetReadDeadline(time.Now().Add(wait))
		n, err := io.Copy(io.Discard, conn)
		var ne net.Error
		if errors.As(err, &ne) && ne.Timeout() {
			t.Fatalf("%s: still open after %v", what, wait)
		}
		if n > 0 {
			t.Fatalf("%s: the server answered %d bytes", what, n)
		}
	}
	t.Run("malformed", func(t *testing.T) {
		addr, _ := sshtest.Start(t, fakeApp{}, behindBalancer("127.0.0.1/32"), func(c *server.Config) {
			c.HandshakeTimeout = time.Hour // closed within the test's wait: by the header's fault
		})
		for _, bad := range []string{"PROXY TCP4 203.0.113.7 10.0.0.1 65536 22\r\n", "SSH-2.0-OpenSSH_9.6\r\n",
			"\r\n\r\n\x00\r\nQUIT\n\x21\x11\xff\xff", "PROXY " + strings.Repeat("A", 200)} {
			conn := dialRaw(t, addr)
			if _, err := io.WriteString(conn, bad); err != nil {
				t.Fatal(err)
			}
			closed(t, conn, fmt.Sprintf("after %q", bad))
		}
		c, err := dialProxied(t, addr, header(2, "203.0.113.7:1"), "alice")
		if err != nil {
			t.Fatalf("a client after the malformed headers: %v", err)
		}
		whoami(t, c)
	})
	t.Run("late", func(t *testing.T) {
		addr, _ := sshtest.Start(t, fakeApp{}, behindBalancer("127.0.0.1/32"), func(c *server.Config) {
			c.HandshakeTimeout = 50 * time.Millisecond
		})
		closed(t, dialRaw(t, addr), "a connection that sends nothing")
	})
}

type noAccounts struct{}

func (noAccounts) ClaimName(context.Context, string, string) (string, error) { return "", nil }

// Trusting a header from every address is never right: the server refuses to start.
func TestProxyProtocolNeedsProxyFrom(t *testing.T) {
	cfg := server.DefaultConfig()
	cfg.DataDir = t.TempDir()
	cfg.ProxyProtocol = true
	if _, err := server.New(cfg, noAccounts{}, fakeApp{}); err == nil || !strings.Contains(err.Error(), "ProxyFrom") {
		t.Fatalf("ProxyProtocol without ProxyFrom: %v", err)
	}
	cfg.ProxyFrom = []netip.Prefix{netip.MustParsePrefix("10.0.0.0/8"), netip.MustParsePrefix("::/0")}
	if _, err := server.New(cfg, noAccounts{}, fakeApp{}); err == nil || !strings.Contains(err.Error(), "::/0") {
		t.Fatalf("ProxyFrom with ::/0: %v", err)
	}
	cfg.ProxyProtocol, cfg.ProxyFrom = false, []netip.Prefix{netip.MustParsePrefix("10.0.0.0/8")}
	if _, err := server.New(cfg, noAccounts{}, fakeApp{}); err == nil || !strings.Contains(err.Error(), "ProxyProtocol") {
		t.Fatalf("ProxyFrom without ProxyProtocol: %v", err)
	}
}

// Per-address limits count an IPv6 client by its /64: 40 clients of one /64 (one home or
// school network, whose hosts may take any of its 2^64 addresses) with --max-conns-per-ip 20
// are 20 in session and 20 refused; a client of another /64 is not; with a /128 prefix
// each address counts apart.
func TestIPv6ClientsAreCountedByTheirSlash64(t *testing.T) {
	for _, c := range []struct {
		prefix  int
		refused int
	}{{0, 20}, {128, 0}} { // 0: the default, 64
		addr, _ := sshtest.Start(t, fakeApp{}, behindBalancer("127.0.0.1/32"), func(cfg *server.Config) {
			cfg.MaxConnsPerIP = 20
			cfg.IPv6Prefix = c.prefix
		})
		refused := 0
		for i := range 40 {
			client, err := dialProxied(t, addr, header6(fmt.Sprintf("[2001:db8:1:2::%x]:4000", i+1)), "student")
			if err != nil {
				t.Fatal(err)
			}
			st := sshtest.StartStream(t, client, "wait")
			if line, ok := st.ReadLine(t, wait); ok && line == "waiting" {
				continue // in session, held until the test ends
			}
			st.Wait(t, wait)
			if !strings.Contains(st.Stderr(), "too many connections from your address (limit 20)") {
				t.Fatalf("prefix %d, client %d: neither in session nor refused with the reason: %q", c.prefix, i, st.Stderr())
			}
			refused++
		}
		if refused != c.refused {
			t.Fatalf("prefix %d: %d of 40 refused, want %d", c.prefix, refused, c.refused)
		}
		other, err := dialProxied(t, addr, header6("[2001:db8:1:3::1]:4000"), "bob")
		if err != nil {
			t.Fatal(err)
		}
		if out, errOut, code := sshtest.Exec(t, other, "whoami"); code != 0 {
			t.Fatalf("prefix %d: a client of another /64: %d %q %q", c.prefix, code, out, errOut)
		}
	}
}
