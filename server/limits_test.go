package server

import (
	"strings"
	"testing"
	"time"
)

func TestIPLimiterRateRefills(t *testing.T) {
	now := time.Unix(1000, 0)
	l := newIPLimiter(Config{MaxConns: 100, MaxConnsPerIP: 100, ConnectRate: 2, ConnectBurst: 3})
	l.now = func() time.Time { return now }
	admit := func() string {
		r, drop := l.admit("10.0.0.1")
		if drop {
			t.Fatal("dropped")
		}
		l.release("10.0.0.1")
		return r
	}
	for i := range 3 {
		if r := admit(); r != "" {
			t.Fatalf("connection %d of a burst of 3 refused: %s", i, r)
		}
	}
	if r := admit(); !strings.Contains(r, "too many new connections") {
		t.Fatalf("4th in the burst: %q", r)
	}
	if r, _ := l.admit("10.0.0.2"); r != "" {
		t.Fatalf("another address is limited too: %q", r)
	}
	l.release("10.0.0.2")
	now = now.Add(500 * time.Millisecond) // 2/s: one token back
	if r := admit(); r != "" {
		t.Fatalf("after refill: %q", r)
	}
	if r := admit(); r == "" {
		t.Fatal("refilled more than the rate allows")
	}
	now = now.Add(time.Hour)
	for range 3 {
		if r := admit(); r != "" {
			t.Fatalf("after an hour: %q", r)
		}
	}
}

func TestIPLimiterConcurrentAndHardCap(t *testing.T) {
	now := time.Unix(1000, 0)
	l := newIPLimiter(Config{MaxConns: 1000, MaxConnsPerIP: 2, ConnectRate: 1000, ConnectBurst: 1000})
	l.now = func() time.Time { return now }
	ip := "10.0.0.1"
	for i := range 2 {
		if r, _ := l.admit(ip); r != "" {
			t.Fatalf("connection %d: %q", i, r)
		}
	}
	refused := 0
	for {
		r, drop := l.admit(ip)
		if drop {
			break
		}
		if !strings.Contains(r, "too many connections from your address (limit 2)") {
			t.Fatalf("over the limit: %q", r)
		}
		refused++
	}
	if refused != 2+8 {
		t.Fatalf("%d refusals before dropping, want 10", refused)
	}
	for range 2 + refused {
		l.release(ip)
	}
	if r, drop := l.admit(ip); r != "" || drop {
		t.Fatalf("after every connection closed: %q %v", r, drop)
	}
	l.release(ip)
	if len(l.ips) != 1 {
		t.Fatal("an address with its bucket not yet full was forgotten")
	}
	now = now.Add(time.Hour)
	l.sweepLocked(now)
	if len(l.ips) != 0 || l.total != 0 {
		t.Fatalf("state left behind: %d addresses, total %d", len(l.ips), l.total)
	}
}

func TestIPLimiterTotal(t *testing.T) {
	l := newIPLimiter(Config{MaxConns: 2, MaxConnsPerIP: 10, ConnectRate: 1000, ConnectBurst: 1000})
	l.admit("a")
	l.admit("b")
	if r, _ := l.admit("c"); !strings.Contains(r, "the arena is full") {
		t.Fatalf("third connection in all: %q", r)
	}
}

func TestKeyLimiter(t *testing.T) {
	l := newKeyLimiter(2)
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
