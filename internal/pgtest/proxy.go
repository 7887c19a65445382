package pgtest

import (
	"io"
	"net"
	"net/url"
	"sync"
	"testing"
)

// Proxy stands between a store and the test server, and can play a database that goes
// away: Down cuts every connection and refuses new ones (accepted, then closed at once),
// Up lets them through again.
type Proxy struct {
	url  string
	ln   net.Listener
	mu   sync.Mutex
	down bool
	open map[net.Conn]bool
}

// NewProxy proxies the database at dbURL (one of Database's); closed when t ends.
func NewProxy(t testing.TB, dbURL string) *Proxy {
	t.Helper()
	u, err := url.Parse(dbURL)
	if err != nil {
		t.Fatalf("pgtest: %v", err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatalf("pgtest: %v", err)
	}
	target := u.Host
	u.Host = ln.Addr().String()
	p := &Proxy{url: u.String(), ln: ln, open: map[net.Conn]bool{}}
	go p.serve(target)
	t.Cleanup(func() { ln.Close(); p.Down() })
	return p
}

// URL is the database's URL through the proxy.
func (p *Proxy) URL() string { return p.url }

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
		c.Close()
		return
	}
	p.mu.Lock()
	if p.down {
		p.mu.Unlock()
		c.Close()
		s.Close()
		return
	}
	p.open[s] = true
	p.mu.Unlock()
	go func() { _, _ = io.Copy(s, c); s.Close(); c.Close() }()
	_, _ = io.Copy(c, s)
	c.Close()
	s.Close()
}
