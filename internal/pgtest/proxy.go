package pgtest

import (
	"net/url"
	"testing"

	"github.com/arena-classroom/arena/internal/netfault"
)

// Proxy stands between a store and the test server, and can play a database that goes
// away: Down cuts every connection and refuses new ones (accepted, then closed at once),
// Up lets them through again.
type Proxy struct {
	*netfault.Proxy
	url string
}

// NewProxy proxies the database at dbURL (one of Database's); closed when t ends.
func NewProxy(t testing.TB, dbURL string) *Proxy {
	t.Helper()
	u, err := url.Parse(dbURL)
	if err != nil {
		t.Fatalf("pgtest: %v", err)
	}
	p := netfault.New(t, u.Host)
	u.Host = p.Addr()
	return &Proxy{Proxy: p, url: u.String()}
}

// URL is the database's URL through the proxy.
func (p *Proxy) URL() string { return p.url }
