package server

import (
	"container/list"
	"maps"
	"sync"
	"time"

	"github.com/arena-classroom/arena/lang"
)

// connClass is how far a connection has come. When an address, or the server, is full, a
// newcomer displaces the least advanced connection, oldest first: one still in its
// handshake, then one logged in with no session open. Connections with a session open are
// never displaced, so only they can fill an address or the server: a flood of silent or
// idle connections displaces itself, never a person.
type connClass int

const (
	unauthenticated connClass = iota // in its SSH handshake
	loggedIn                         // authenticated, no session open
	inSession                        // at least one session channel open
)

// connTable counts the connections, in all and per remote address, decides who is
// displaced when there is no room, and bounds how many sessions an address may start per
// second (a token bucket charged when a connection opens its first session, so that
// connections that never open one cannot spend a class's budget).
type connTable struct {
	maxTotal, maxPerIP          int
	maxPreAuth, maxPreAuthPerIP int
	rate, burst                 float64
	now                         func() time.Time

	mu      sync.Mutex
	total   int
	ips     map[string]*ipState
	waiting [inSession]*list.List // displaceable connections by class, oldest first
	admits  int
	refused refusals
}

type ipState struct {
	conns   int
	waiting [inSession]*list.List
	tokens  float64
	last    time.Time
}

// tableEntry is a connection's place in the connTable, guarded by the table's lock.
type tableEntry struct {
	counted      bool // in the counts (false once released or displaced)
	class        connClass
	charged      bool // its first session took a token
	elem, elemIP *list.Element
}

func newConnTable(cfg Config) *connTable {
	t := &connTable{
		maxTotal: cfg.MaxConns, maxPerIP: cfg.MaxConnsPerIP,
		maxPreAuth: cfg.MaxPreAuth, maxPreAuthPerIP: cfg.MaxPreAuthPerIP,
		rate: cfg.ConnectRate, burst: float64(cfg.ConnectBurst),
		now: time.Now, ips: map[string]*ipState{},
	}
	for c := range t.waiting {
		t.waiting[c] = list.New()
	}
	return t
}

// admit counts a new connection. displaced are connections to close to make room (already
// uncounted). A non-empty refusal is the sentence to show the client: the address, or the
// server, is full of connections in session (the refused connection stays counted, as one
// in its handshake, until it closes or is displaced in turn). drop means even that is too
// much: close without a word.
func (t *connTable) admit(cs *connState) (refusal lang.Text, drop bool, displaced []*connState) {
	t.mu.Lock()
	defer t.mu.Unlock()
	now := t.now()
	if t.admits++; t.admits%256 == 0 {
		t.sweepLocked(now)
	}
	st := t.ipLocked(cs.key, now)
	if st.conns >= 2*t.maxPerIP+8 || t.total >= 2*t.maxTotal {
		t.refused.add(RefusedHardLimit)
		return lang.Text{}, true, nil
	}
	for st.conns >= t.maxPerIP {
		n := len(displaced)
		if displaced = t.displaceOldestLocked(st.waiting, displaced); len(displaced) == n {
			break // all in session
		}
	}
	for t.total >= t.maxTotal {
		n := len(displaced)
		if displaced = t.displaceOldestLocked(t.waiting, displaced); len(displaced) == n {
			break
		}
	}
	if len(displaced) > 0 {
		st = t.ipLocked(cs.key, now) // the address's last connection may have gone with its state
	}
	e := &cs.table
	e.counted, e.class = true, unauthenticated
	st.conns++
	t.total++
	t.enlistLocked(cs, st)
	// Connections in their handshake have bounds of their own, so that they can never hold
	// the total even where the limits above leave room.
	for st.waiting[unauthenticated].Len() > t.maxPreAuthPerIP {
		displaced = t.displaceLocked(st.waiting[unauthenticated].Front().Value.(*connState), displaced)
	}
	for t.waiting[unauthenticated].Len() > t.maxPreAuth {
		displaced = t.displaceLocked(t.waiting[unauthenticated].Front().Value.(*connState), displaced)
	}
	switch {
	case t.total > t.maxTotal:
		refusal = lang.T("the arena is full (%d connections); please try again in a minute", t.maxTotal)
		t.refused.add(RefusedFull)
	case st.conns > t.maxPerIP:
		refusal = lang.T("too many connections from your address (limit %d); close some and try again", t.maxPerIP)
		t.refused.add(RefusedPerAddress)
	}
	return refusal, false, displaced
}

// authenticated moves a connection past its handshake.
func (t *connTable) authenticated(cs *connState) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if e := &cs.table; e.counted && e.class == unauthenticated {
		t.moveLocked(cs, loggedIn)
	}
}

// sessionOpened marks a connection in session. Its first session takes a token of its
// address's bucket; a non-empty refusal says there was none.
func (t *connTable) sessionOpened(cs *connState) (refusal lang.Text) {
	t.mu.Lock()
	defer t.mu.Unlock()
	e := &cs.table
	if !e.counted {
		return lang.Text{} // displaced or closed meanwhile: it is going away
	}
	t.moveLocked(cs, inSession)
	if e.charged {
		return lang.Text{}
	}
	e.charged = true
	now := t.now()
	st := t.ipLocked(cs.key, now)
	st.refill(now, t.rate, t.burst)
	if st.tokens < 1 {
		t.refused.add(RefusedRate)
		return lang.T("too many new connections from your address; wait a few seconds and try again")
	}
	st.tokens--
	return lang.Text{}
}

// sessionsClosed marks a connection whose last session closed: logged in, displaceable.
func (t *connTable) sessionsClosed(cs *connState) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if e := &cs.table; e.counted && e.class == inSession {
		t.moveLocked(cs, loggedIn)
	}
}

// release forgets a connection as it closes (nothing if it was displaced).
func (t *connTable) release(cs *connState) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if !cs.table.counted {
		return
	}
	t.uncountLocked(cs)
}

func (t *connTable) ipLocked(ip string, now time.Time) *ipState {
	st := t.ips[ip]
	if st == nil {
		st = &ipState{tokens: t.burst, last: now}
		for c := range st.waiting {
			st.waiting[c] = list.New()
		}
		t.ips[ip] = st
	}
	return st
}

// displaceOldestLocked displaces the oldest connection of the least advanced class in
// lists, if any.
func (t *connTable) displaceOldestLocked(lists [inSession]*list.List, out []*connState) []*connState {
	for _, l := range lists {
		if l.Len() > 0 {
			return t.displaceLocked(l.Front().Value.(*connState), out)
		}
	}
	return out
}

func (t *connTable) displaceLocked(cs *connState, out []*connState) []*connState {
	t.uncountLocked(cs)
	return append(out, cs)
}

func (t *connTable) uncountLocked(cs *connState) {
	t.delistLocked(cs)
	cs.table.counted = false
	t.total--
	if st := t.ips[cs.key]; st != nil {
		st.conns--
		if st.conns == 0 {
			st.refill(t.now(), t.rate, t.burst)
			if st.tokens >= t.burst {
				delete(t.ips, cs.key)
			}
		}
	}
}

func (t *connTable) moveLocked(cs *connState, to connClass) {
	t.delistLocked(cs)
	cs.table.class = to
	t.enlistLocked(cs, t.ips[cs.key])
}

func (t *connTable) enlistLocked(cs *connState, st *ipState) {
	e := &cs.table
	if e.class == inSession || st == nil {
		return
	}
	e.elem = t.waiting[e.class].PushBack(cs)
	e.elemIP = st.waiting[e.class].PushBack(cs)
}

func (t *connTable) delistLocked(cs *connState) {
	e := &cs.table
	if e.elem == nil {
		return
	}
	t.waiting[e.class].Remove(e.elem)
	if st := t.ips[cs.key]; st != nil {
		st.waiting[e.class].Remove(e.elemIP)
	}
	e.elem, e.elemIP = nil, nil
}

func (t *connTable) sweepLocked(now time.Time) {
	for ip, st := range t.ips {
		if st.conns == 0 {
			st.refill(now, t.rate, t.burst)
			if st.tokens >= t.burst {
				delete(t.ips, ip)
			}
		}
	}
}

// counts reads the totals: all connections, those in their handshake, and those logged in
// with no session open.
func (t *connTable) counts() (total, handshaking, idle int) {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.total, t.waiting[unauthenticated].Len(), t.waiting[loggedIn].Len()
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
	// elsewhere counts a key's sessions on the other nodes of a cluster (nil alone).
	elsewhere func(id string) int

	mu       sync.Mutex
	sessions map[string]int
}

func newKeyLimiter(max int, elsewhere func(string) int) *keyLimiter {
	return &keyLimiter{max: max, elsewhere: elsewhere, sessions: map[string]int{}}
}

// counts copies the sessions by key.
func (l *keyLimiter) counts() map[string]int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return maps.Clone(l.sessions)
}

// acquire counts a session of id; ok is false (and nothing counted) at the limit.
func (l *keyLimiter) acquire(id string) (release func(), ok bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	here := l.sessions[id]
	if here >= l.max || l.elsewhere != nil && here+l.elsewhere(id) >= l.max {
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
