// Package netfault is a TCP proxy for tests that plays a connection or a server going
// away: Down cuts every connection through it and refuses new ones (accepted, then closed
// at once, as a stopped server's port does), Up lets them through again, Cut does both.
package netfault

import (
	"io"
	"net"
	"sync"
	"testing"
)

// Proxy forwards the connections made to Addr to its target.
type Proxy struct {
	ln   net.Listener
	mu   sync.Mutex
	down bool
	open map[net.Conn]bool
}

// New proxies target (host:port) on a port of 127.0.0.1; closed when t ends.
func New(t testing.TB, target string) *Proxy {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatalf("netfault: %v", err)
	}
	p := &Proxy{ln: ln, open: map[net.Conn]bool{}}
	go p.serve(target)
	t.Cleanup(func() { ln.Close(); p.Down() })
	return p
}

// Addr is where to connect: host:port.
func (p *Proxy) Addr() string { return p.ln.Addr().String() }

// Down cuts the connections open and refuses new ones until Up.
func (p *Proxy) Down() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.down = true
	for c := range p.open {
		c.Close()
		delete(p.open, c)
	}
}

// Up lets connections through again.
func (p *Proxy) Up() {
	p.mu.Lock()
	p.down = false
	p.mu.Unlock()
}

// Cut cuts the connections open; new ones go through.
func (p *Proxy) Cut() {
	p.Down()
	p.Up()
}

func (p *Proxy) serve(target string) {
	for {
		c, err := p.ln.Accept()
		if err != nil {
			return
		}
		go p.pass(c, target)
	}
}

func (p *Proxy) pass(c net.Conn, target string) {
	p.mu.Lock()
	if p.down {
		p.mu.Unlock()
		c.Close()
		return
	}
	p.open[c] = true
	p.mu.Unlock()
	s, err := net.Dial("tcp", target)
	if err != nil {
		p.forget(c)
		return
	}
	p.mu.Lock()
	if p.down || !p.open[c] {
		p.mu.Unlock()
		c.Close()
		s.Close()
		return
	}
	p.open[s] = true
	p.mu.Unlock()
	go func() { _, _ = io.Copy(s, c); p.forget(s, c) }()
	_, _ = io.Copy(c, s)
	p.forget(c, s)
}

func (p *Proxy) forget(conns ...net.Conn) {
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, c := range conns {
		c.Close()
		delete(p.open, c)
	}
}
