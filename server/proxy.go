package server

import (
	"bufio"
	"net"
	"net/netip"
	"time"

	"github.com/arena-classroom/arena/internal/proxyproto"
)

// proxied returns the connection as the server must see it. From a balancer (ProxyFrom,
// with ProxyProtocol on) that is the client the PROXY header names; ok is false when the
// header is malformed or late, and the connection must be closed. Any other connection is
// itself: a header it sends is not read here, and reaches the SSH handshake as garbage.
func (s *Server) proxied(conn net.Conn) (_ net.Conn, ok bool) {
	if !s.cfg.ProxyProtocol || !s.fromBalancer(conn.RemoteAddr()) {
		return conn, true
	}
	balancer := conn.RemoteAddr().String()
	// The same bound as a handshake's: a balancer sends its header at once.
	_ = conn.SetReadDeadline(time.Now().Add(s.cfg.HandshakeTimeout))
	br := bufio.NewReaderSize(conn, 256)
	h, err := proxyproto.Read(br)
	if err != nil {
		s.log.Debug("connection closed: no valid PROXY header", "balancer", balancer, "err", err)
		return nil, false
	}
	if err := conn.SetReadDeadline(time.Time{}); err != nil {
		return nil, false // closed meanwhile
	}
	pc := &proxyConn{Conn: conn, r: br, remote: conn.RemoteAddr()}
	if h.Source.IsValid() {
		src := netip.AddrPortFrom(h.Source.Addr().Unmap(), h.Source.Port())
		pc.remote = net.TCPAddrFromAddrPort(src)
		s.log.Debug("proxied connection", "remote", src.Addr().String(), "balancer", balancer)
	}
	return pc, true
}

// fromBalancer says whether a is in ProxyFrom.
func (s *Server) fromBalancer(a net.Addr) bool {
	var ip netip.Addr
	switch a := a.(type) {
	case nil:
		return false
	case *net.TCPAddr:
		ip = a.AddrPort().Addr()
	default: // another kind of listener: parse what it prints
		ap, err := netip.ParseAddrPort(a.String())
		if err != nil {
			return false
		}
		ip = ap.Addr()
	}
	ip = ip.Unmap() // an IPv4 peer on a dual-stack listener
	for _, p := range s.cfg.ProxyFrom {
		if p.Contains(ip) {
			return true
		}
	}
	return false
}

// proxyConn is a balancer's connection as the client it relays: the header's source
// address, and the bytes read past the header before the socket's.
type proxyConn struct {
	net.Conn
	r      *bufio.Reader // nil once drained
	remote net.Addr
}

func (c *proxyConn) Read(p []byte) (int, error) {
	if c.r != nil {
		if c.r.Buffered() > 0 {
			return c.r.Read(p) // from the buffer only: it never reads the socket when it holds bytes
		}
		c.r = nil
	}
	return c.Conn.Read(p)
}

func (c *proxyConn) RemoteAddr() net.Addr { return c.remote }
