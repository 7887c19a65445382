package server

import (
	"fmt"
	"sync"
	"time"
)

// ipLimiter bounds connections per remote address: how many at once and how many new ones
// per second (a token bucket), plus a total.
type ipLimiter struct {
	maxTotal, maxPerIP int
	rate, burst        float64
	now                func() time.Time

	mu     sync.Mutex
	total  int
	ips    map[string]*ipState
	admits int
}

type ipState struct {
	conns  int
	tokens float64
	last   time.Time
}

func newIPLimiter(cfg Config) *ipLimiter {
	return &ipLimiter{
		maxTotal: cfg.MaxConns, maxPerIP: cfg.MaxConnsPerIP,
		rate: cfg.ConnectRate, burst: float64(cfg.ConnectBurst),
		now: time.Now, ips: map[string]*ipState{},
	}
}

// admit counts a new connection from ip. A non-empty refusal is the sentence to show the
// client (the connection stays counted until release, so that refused clients cannot pile
// up). drop means even that is too much: close without a word.
func (l *ipLimiter) admit(ip string) (refusal string, drop bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	now := l.now()
	if l.admits++; l.admits%256 == 0 {
		l.sweepLocked(now)
	}
	st := l.ips[ip]
	if st == nil {
		st = &ipState{tokens: l.burst, last: now}
		l.ips[ip] = st
	}
	st.refill(now, l.rate, l.burst)
	// Refused connections still hold a slot for a moment; beyond twice the limit (plus a
	// margin for the refused ones' lingering) they are not worth a handshake.
	if st.conns >= 2*l.maxPerIP+8 || l.total >= 2*l.maxTotal {
		return "", true
	}
	st.conns++
	l.total++
	switch {
	case l.total > l.maxTotal:
		return fmt.Sprintf("the arena is full (%d connections); please try again in a minute", l.maxTotal), false
	case st.conns > l.maxPerIP:
		return fmt.Sprintf("too many connections from your address (limit %d); close some and try again", l.maxPerIP), false
	case st.tokens < 1:
		return "too many new connections from your address; wait a few seconds and try again", false
	}
	st.tokens--
	return "", false
}

// release forgets a connection admitted (or refused) by admit.
func (l *ipLimiter) release(ip string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	st := l.ips[ip]
	if st == nil {
		return
	}
	st.conns--
	l.total--
	if st.conns == 0 {
		st.refill(l.now(), l.rate, l.burst)
		if st.tokens >= l.burst {
			delete(l.ips, ip)
		}
	}
}

func (l *ipLimiter) sweepLocked(now time.Time) {
	for ip, st := range l.ips {
		if st.conns == 0 {
			st.refill(now, l.rate, l.burst)
			if st.tokens >= l.burst {
				delete(l.ips, ip)
			}
		}
	}
}

func (st *ipState) refill(now time.Time, rate, burst float64) {
	if dt := now.Sub(st.last).Seconds(); dt > 0 {
		st.tokens = min(burst, st.tokens+dt*rate)
	}
	st.last = now
}

// keyLimiter bounds the concurrent sessions of one identity.
type keyLimiter struct {
	max int

	mu       sync.Mutex
	sessions map[string]int
}

func newKeyLimiter(max int) *keyLimiter {
	return &keyLimiter{max: max, sessions: map[string]int{}}
}

// acquire counts a session of id; ok is false (and nothing counted) at the limit.
func (l *keyLimiter) acquire(id string) (release func(), ok bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.sessions[id] >= l.max {
		return nil, false
	}
	l.sessions[id]++
	var once sync.Once
	return func() {
		once.Do(func() {
			l.mu.Lock()
			defer l.mu.Unlock()
			if l.sessions[id]--; l.sessions[id] <= 0 {
				delete(l.sessions, id)
			}
		})
	}, true
}
