package server

import (
	"strings"
	"testing"
	"time"
)

// testTable is a connection table on a fake clock.
func testTable(cfg Config) (*connTable, *time.Time) {
	now := time.Unix(1000, 0)
	if cfg.MaxPreAuth == 0 {
		cfg.MaxPreAuth, cfg.MaxPreAuthPerIP = 1<<20, 1<<20
	}
	t := newConnTable(cfg)
	t.now = func() time.Time { return now }
	return t, &now
}

func conn(ip string) *connState { return &connState{ip: ip, key: ip} }

// The rate bounds the sessions an address starts, charged when a connection opens its
// first session: connections that never open one spend nothing.
func TestConnTableRateChargedAtFirstSession(t *testing.T) {
	tab, now := testTable(Config{MaxConns: 100, MaxConnsPerIP: 100, ConnectRate: 2, ConnectBurst: 3})
	start := func() string {
		cs := conn("10.0.0.1")
		if r, drop, _ := tab.admit(cs); r.Key != "" || drop {
			t.Fatalf("admit: %q %v", r, drop)
		}
		tab.authenticated(cs)
		r := tab.sessionOpened(cs)
		if again := tab.sessionOpened(cs); again.Key != "" {
			t.Fatalf("a second session of the same connection charged again: %q", again)
		}
		tab.release(cs)
		return r.String()
	}
	for range 50 { // connections that never open a session
		cs := conn("10.0.0.1")
		tab.admit(cs)
		tab.authenticated(cs)
		tab.release(cs)
	}
	for i := range 3 {
		if r := start(); r != "" {
			t.Fatalf("session %d of a burst of 3 refused: %s", i, r)
		}
	}
	if r := start(); !strings.Contains(r, "too many new connections") {
		t.Fatalf("4th in the burst: %q", r)
	}
	other := conn("10.0.0.2")
	tab.admit(other)
	if r := tab.sessionOpened(other); r.Key != "" {
		t.Fatalf("another address is limited too: %q", r)
	}
	tab.release(other)
	*now = now.Add(500 * time.Millisecond) // 2/s: one token back
	if r := start(); r != "" {
		t.Fatalf("after refill: %q", r)
	}
	if r := start(); r == "" {
		t.Fatal("refilled more than the rate allows")
	}
	*now = now.Add(time.Hour)
	for range 3 {
		if r := start(); r != "" {
			t.Fatalf("after an hour: %q", r)
		}
	}
}

// A full address makes room by displacing its least advanced connection, oldest first;
// only connections in session count toward the refusal.
func TestConnTableDisplacesHandshakesThenIdleThenRefuses(t *testing.T) {
	tab, now := testTable(Config{MaxConns: 1000, MaxConnsPerIP: 3, ConnectRate: 1000, ConnectBurst: 1000})
	ip := "10.0.0.1"
	admit := func() (*connState, string, []*connState) {
		cs := conn(ip)
		r, drop, displaced := tab.admit(cs)
		if drop {
			t.Fatal("dropped")
		}
		return cs, r.String(), displaced
	}
	idle, _, _ := admit()
	tab.authenticated(idle)
	busy, _, _ := admit()
	tab.authenticated(busy)
	tab.sessionOpened(busy)
	silent, _, _ := admit()

	// Full: the one in its handshake goes first, although it is the newest.
	a, r, displaced := admit()
	if r != "" || len(displaced) != 1 || displaced[0] != silent {
		t.Fatalf("4th connection: refusal %q, displaced %v, want the silent one", r, displaced)
	}
	tab.authenticated(a)
	tab.sessionOpened(a)
	// Then the logged-in connection without a session.
	b, r, displaced := admit()
	if r != "" || len(displaced) != 1 || displaced[0] != idle {
		t.Fatalf("5th connection: refusal %q, displaced %v, want the idle one", r, displaced)
	}
	tab.authenticated(b)
	tab.sessionOpened(b)
	// Three in session: a newcomer is refused with the sentence, and counted meanwhile.
	c, r, displaced := admit()
	if !strings.Contains(r, "too many connections from your address (limit 3)") || len(displaced) != 0 {
		t.Fatalf("over the limit of sessions: %q, displaced %v", r, displaced)
	}
	// Refused connections displace one another rather than pile up.
	for range 20 {
		if _, r, displaced := admit(); r == "" || len(displaced) != 1 {
			t.Fatalf("refused again: %q, displaced %d", r, len(displaced))
		}
	}
	if total, _, _ := tab.counts(); total != 4 {
		t.Fatalf("%d connections counted, want the 3 in session and the last refused", total)
	}
	// A session that ends makes its connection displaceable: with the last refused one, room
	// for the newcomer.
	tab.sessionsClosed(busy)
	if _, r, displaced := admit(); r != "" || len(displaced) != 2 {
		t.Fatalf("after a session closed: %q, displaced %v", r, displaced)
	}
	for _, cs := range []*connState{busy, a, b, c, idle, silent} {
		tab.release(cs) // displaced or not: released once
	}
	*now = now.Add(time.Hour)
	tab.mu.Lock()
	tab.sweepLocked(*now)
	tab.mu.Unlock()
	total, handshaking, loggedIn := tab.counts()
	if total != 1 || handshaking != 1 || loggedIn != 0 {
		t.Fatalf("left: total %d, handshaking %d, logged in %d; want the last newcomer alone", total, handshaking, loggedIn)
	}
}

func TestConnTableTotal(t *testing.T) {
	tab, _ := testTable(Config{MaxConns: 2, MaxConnsPerIP: 10, ConnectRate: 1000, ConnectBurst: 1000})
	for _, ip := range []string{"a", "b"} {
		cs := conn(ip)
		tab.admit(cs)
		tab.sessionOpened(cs)
	}
	if r, _, _ := tab.admit(conn("c")); !strings.Contains(r.String(), "the arena is full") {
		t.Fatalf("third connection in all: %q", r)
	}
	// One without a session makes room for the next from anywhere.
	tab2, _ := testTable(Config{MaxConns: 2, MaxConnsPerIP: 10, ConnectRate: 1000, ConnectBurst: 1000})
	busy, idle := conn("a"), conn("b")
	tab2.admit(busy)
	tab2.sessionOpened(busy)
	tab2.admit(idle)
	tab2.authenticated(idle)
	if r, _, displaced := tab2.admit(conn("c")); r.Key != "" || len(displaced) != 1 || displaced[0] != idle {
		t.Fatalf("with an idle connection to displace: %q %v", r, displaced)
	}
}

// Connections in their handshake have bounds of their own, oldest out.
func TestConnTableHandshakeBounds(t *testing.T) {
	tab, _ := testTable(Config{MaxConns: 100, MaxConnsPerIP: 100, ConnectRate: 1000, ConnectBurst: 1000, MaxPreAuth: 5, MaxPreAuthPerIP: 2})
	first := conn("a")
	tab.admit(first)
	tab.admit(conn("a"))
	if _, _, displaced := tab.admit(conn("a")); len(displaced) != 1 || displaced[0] != first {
		t.Fatalf("3rd handshake of one address: displaced %v", displaced)
	}
	for _, ip := range []string{"b", "c", "d"} {
		tab.admit(conn(ip))
	}
	if _, _, displaced := tab.admit(conn("e")); len(displaced) != 1 {
		t.Fatalf("6th handshake in all: displaced %v", displaced)
	}
}

func TestKeyLimiter(t *testing.T) {
	l := newKeyLimiter(2, nil)
	r1, ok1 := l.acquire("k")
	_, ok2 := l.acquire("k")
	_, ok3 := l.acquire("k")
	if !ok1 || !ok2 || ok3 {
		t.Fatalf("acquire: %v %v %v", ok1, ok2, ok3)
	}
	if _, ok := l.acquire("other"); !ok {
		t.Fatal("another key is limited too")
	}
	r1()
	r1() // releasing twice frees one slot only
	if _, ok := l.acquire("k"); !ok {
		t.Fatal("released slot not reusable")
	}
	if _, ok := l.acquire("k"); ok {
		t.Fatal("double release freed two slots")
	}
}

func TestClamp(t *testing.T) {
	c := DefaultConfig()
	for _, tc := range []struct{ w, h, ww, wh int }{
		{80, 24, 80, 24}, {65535, 65535, 400, 200}, {0, 0, 80, 24}, {-5, 10, 80, 10},
	} {
		if w, h := c.clamp(tc.w, tc.h); w != tc.ww || h != tc.wh {
			t.Errorf("clamp(%d,%d) = %d,%d want %d,%d", tc.w, tc.h, w, h, tc.ww, tc.wh)
		}
	}
}

func TestColors(t *testing.T) {
	cases := []struct {
		term string
		env  []string
		want string
	}{
		{"dumb", nil, "Plain"},
		{"", nil, "Plain"},
		{"xterm", nil, "ANSI16"},
		{"xterm-256color", nil, "ANSI256"},
		{"xterm", []string{"COLORTERM=truecolor"}, "ANSI256"},
		{"xterm-256color", []string{"NO_COLOR=1"}, "Plain"},
		{"vt100", nil, "Plain"},
	}
	names := map[int]string{0: "Plain", 1: "ANSI16", 2: "ANSI256"}
	for _, c := range cases {
		p, _ := colors(c.term, append(c.env, "TERM="+c.term))
		if names[int(p)] != c.want {
			t.Errorf("TERM=%s %v: %s, want %s", c.term, c.env, names[int(p)], c.want)
		}
	}
}
