// Package server is the arena's SSH front door: host key, authentication and identity,
// limits, middleware, and routing of sessions to the App (PTY sessions to a Bubble Tea
// program, others to App.Exec).
package server

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"sync"
	"sync/atomic"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/ssh"
	"github.com/charmbracelet/wish"
	gossh "golang.org/x/crypto/ssh"

	"github.com/arena-classroom/arena/keys"
	"github.com/arena-classroom/arena/lang"
)

// Accounts gives keys their display names; *store.Store is one.
type Accounts interface {
	// ClaimName returns the name the key with fingerprint id gets for a connection asking for
	// wanted (already sanitized; "" when the client gave no usable hint).
	ClaimName(ctx context.Context, id, wanted string) (string, error)
}

// ErrServerClosed is returned by Serve after Shutdown.
var ErrServerClosed = errors.New("server closed") // lang:keep an error for the program that runs the server

// Server is the arena's SSH server.
type Server struct {
	refused  refusals   // beside the connTable's: those decided here
	known    knownNames // the names of the keys that logged in here, for a store outage
	cfg      Config
	log      *slog.Logger
	app      App
	accounts Accounts
	admins   *keys.AdminFile
	hostKey  gossh.Signer
	ssh      *ssh.Server
	conns    *connTable
	perKey   *keyLimiter

	closing atomic.Bool
	// stopped is set once StopAccepting or Shutdown closed the listeners.
	stopped atomic.Bool
	// farewellText, when set, is told to people's terminals as the server shuts down.
	farewellText atomic.Pointer[lang.Text]
	closingCh    chan struct{}
	handlers     sync.WaitGroup // running session handlers

	mu        sync.Mutex
	listeners map[net.Listener]bool
	addr      net.Addr
	sessions  map[*liveSession]bool
}

// liveSession is a running session that Shutdown must end.
type liveSession struct {
	cancel context.CancelFunc
	mu     sync.Mutex
	prog   *tea.Program // nil for exec sessions and before the program starts
}

// HostKeyKeeper is a store that may keep the host key itself, for every node that shares
// it (*store.Store on PostgreSQL); SharedHostKey is nil when it leaves the key to the data
// directory.
type HostKeyKeeper interface {
	SharedHostKey(ctx context.Context) (gossh.Signer, error)
}

// New builds a server. Its host key is cfg.HostKey if given, else the one accounts keeps for
// every node (HostKeyKeeper), else the data directory's (made the first time). It watches
// the admin keys file. accounts and app must not be nil.
func New(cfg Config, accounts Accounts, app App) (*Server, error) {
	if accounts == nil || app == nil {
		return nil, errors.New("server: accounts and app are required") // lang:keep a developer's error
	}
	cfg = cfg.withDefaults()
	if err := cfg.check(); err != nil {
		return nil, err
	}
	var err error
	hostKey := cfg.HostKey
	if keeper, ok := accounts.(HostKeyKeeper); ok && hostKey == nil {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		hostKey, err = keeper.SharedHostKey(ctx)
		cancel()
		if err != nil {
			return nil, err
		}
	}
	if hostKey == nil {
		if hostKey, err = keys.LoadOrCreateHostKey(cfg.DataDir); err != nil {
			return nil, err
		}
	}
	s := &Server{
		cfg:       cfg,
		log:       cfg.Logger,
		app:       app,
		accounts:  accounts,
		hostKey:   hostKey,
		conns:     newConnTable(cfg),
		perKey:    newKeyLimiter(cfg.MaxSessionsPerKey, cfg.SessionsElsewhere),
		closingCh: make(chan struct{}),
		listeners: map[net.Listener]bool{},
		sessions:  map[*liveSession]bool{},
	}
	s.admins = keys.NewAdminFile(cfg.AdminKeysFile, func(err error, problems []keys.LineError) {
		if err != nil {
			s.log.Error("admin keys unreadable; keeping the previous list", "file", cfg.AdminKeysFile, "err", err)
		}
		for _, p := range problems {
			s.log.Warn("admin keys: line skipped", "file", cfg.AdminKeysFile, "line", p.Line, "err", p.Err)
		}
	})
	s.log.Info("admin keys", "file", cfg.AdminKeysFile, "count", s.admins.Count())

	opts := []ssh.Option{
		wish.WithPublicKeyAuth(func(ctx ssh.Context, _ ssh.PublicKey) bool {
			s.authenticated(ctx)
			return true // the key is an identity, not a password: every key is welcome
		}),
		wish.WithKeyboardInteractiveAuth(s.keyboardInteractive),
		func(srv *ssh.Server) error {
			srv.AddHostKey(hostKey)
			srv.Version = "arena"
			srv.ConnCallback = s.connCallback
			srv.Handler = s.handler()
			srv.ChannelHandlers = map[string]ssh.ChannelHandler{"session": s.sessionChannel}
			return nil
		},
	}
	s.ssh, err = wish.NewServer(opts...)
	if err != nil {
		return nil, fmt.Errorf("server: %w", err)
	}
	return s, nil
}

// HostKey is the server's public host key (for known_hosts and tests).
func (s *Server) HostKey() gossh.PublicKey { return s.hostKey.PublicKey() }

// Addr is the address being served, nil before Serve.
func (s *Server) Addr() net.Addr {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.addr
}

// ListenAndServe listens on cfg.Listen and serves until Shutdown.
func (s *Server) ListenAndServe() error {
	l, err := net.Listen("tcp", s.cfg.Listen)
	if err != nil {
		return fmt.Errorf("listen %s: %w", s.cfg.Listen, err)
	}
	return s.Serve(l)
}

// Serve serves connections from l until Shutdown, then returns ErrServerClosed.
func (s *Server) Serve(l net.Listener) error {
	s.mu.Lock()
	if s.stopped.Load() {
		s.mu.Unlock()
		l.Close()
		return ErrServerClosed
	}
	s.listeners[l] = true
	s.addr = l.Addr()
	s.mu.Unlock()
	s.log.Info("serving", "addr", l.Addr().String(), "host_key", keys.Fingerprint(s.hostKey.PublicKey()), "guests", s.cfg.AllowGuests)
	if s.cfg.ProxyProtocol {
		s.log.Info("PROXY protocol headers required", "from", fmt.Sprint(s.cfg.ProxyFrom))
	}
	err := s.ssh.Serve(l)
	if s.stopped.Load() {
		return ErrServerClosed
	}
	return err
}

// StopAccepting closes the listeners and leaves every connection open: a draining node
// refuses new connections at once, so that a balancer still sending it some (until its
// health checks see the node is not ready) has them refused at connect and tries another
// node (HAProxy's retries and redispatch), instead of a session accepted here and cut
// moments later by Shutdown. Serve then returns ErrServerClosed.
func (s *Server) StopAccepting() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.stopped.Store(true)
	for l := range s.listeners {
		l.Close()
	}
}

// SessionsByKey counts the sessions open now by key (a cluster's node tells the others).
func (s *Server) SessionsByKey() map[string]int { return s.perKey.counts() }

// Shutdown stops accepting connections, ends every session — Bubble Tea programs are told to
// quit, exec sessions see their context cancelled — waits for their handlers, then closes
// the remaining connections. If ctx ends first, everything is closed at once and ctx's error
// returned. (charmbracelet/ssh's own Shutdown would wait for sessions without ending them.)
func (s *Server) Shutdown(ctx context.Context) error {
	s.mu.Lock()
	if !s.closing.Swap(true) {
		close(s.closingCh)
	}
	s.stopped.Store(true)
	for l := range s.listeners {
		l.Close()
	}
	live := make([]*liveSession, 0, len(s.sessions))
	for ls := range s.sessions {
		live = append(live, ls)
	}
	s.mu.Unlock()

	for _, ls := range live {
		ls.end()
	}
	done := make(chan struct{})
	go func() {
		s.handlers.Wait()
		close(done)
	}()
	var err error
	select {
	case <-done:
	case <-ctx.Done():
		err = ctx.Err()
	}
	if cerr := s.ssh.Close(); cerr != nil && err == nil && !errors.Is(cerr, net.ErrClosed) {
		err = cerr
	}
	return err
}

// end asks a session to finish: a program quits (rendering its last frame), an exec
// session's context is cancelled.
func (ls *liveSession) end() {
	ls.mu.Lock()
	p := ls.prog
	ls.mu.Unlock()
	if p != nil {
		go p.Quit() // Send blocks until the program reads; never block Shutdown on it
		return
	}
	ls.cancel()
}

func (s *Server) keyboardInteractive(ctx ssh.Context, challenge gossh.KeyboardInteractiveChallenge) bool {
	if s.cfg.AllowGuests {
		s.authenticated(ctx)
		return true // a guest: no questions asked
	}
	// No questions, just the instruction, which ssh prints before "Permission denied";
	// once per connection, however many times the client tries again.
	if cs := connStateOf(ctx); cs == nil || !cs.hinted.Swap(true) {
		// Said before any session: the client's locale is not known yet (it comes with a
		// session's env requests), so in English.
		_, _ = challenge("", "This arena needs an SSH key. Create one with: ssh-keygen -t ed25519", nil, nil) // lang:keep no session, no language yet
	}
	return false
}

func (s *Server) connCallback(ctx ssh.Context, conn net.Conn) net.Conn {
	// Runs in the connection's own goroutine (charmbracelet/ssh's HandleConn), never in the
	// accept loop: a balancer's header is awaited here without holding up anyone else.
	conn, ok := s.proxied(conn)
	if !ok {
		return nil
	}
	ip := remoteIP(conn.RemoteAddr())
	cs := &connState{ip: ip, key: addressKey(ip, s.cfg.IPv6Prefix)}
	tracked := &trackedConn{Conn: conn, release: func() {
		cs.idle.Stop()
		s.conns.release(cs)
	}}
	// Closed through the wrapper, so that its slot is released as it closes. Set before the
	// table knows the connection: a newer one may displace it at once.
	cs.conn = tracked
	// A connection must open a channel in time (a stalled handshake, a port scanner).
	cs.idle = time.AfterFunc(s.cfg.HandshakeTimeout, func() { tracked.Close() })
	refusal, drop, displaced := s.conns.admit(cs)
	for _, old := range displaced {
		old.conn.Close()
	}
	if len(displaced) > 0 {
		s.log.Debug("connections displaced", "remote", cs.ip, "count", len(displaced))
	}
	if drop || s.closing.Load() {
		if !drop {
			s.refused.add(RefusedShuttingDown)
		}
		cs.idle.Stop()
		s.conns.release(cs)
		s.log.Warn("connection dropped", "remote", cs.ip, "reason", "over the hard limit or shutting down")
		return nil
	}
	if refusal.Key != "" {
		cs.mu.Lock()
		cs.refusal = refusal
		cs.mu.Unlock()
		s.log.Warn("connection refused", "remote", cs.ip, "reason", refusal.String())
	}
	ctx.SetValue(connStateKey{}, cs)
	return tracked
}

// authenticated notes that a connection's client was let in (it may still fail to prove
// its key, and then stays the least advanced).
func (s *Server) authenticated(ctx ssh.Context) {
	if cs := connStateOf(ctx); cs != nil {
		s.conns.authenticated(cs)
	}
}

// trackedConn releases its limiter slot once, when closed.
type trackedConn struct {
	net.Conn
	once    sync.Once
	release func()
}

func (c *trackedConn) Close() error {
	err := c.Conn.Close()
	c.once.Do(c.release)
	return err
}

func remoteIP(a net.Addr) string {
	if a == nil {
		return "unknown"
	}
	host, _, err := net.SplitHostPort(a.String())
	if err != nil {
		return a.String()
	}
	return host
}

// Stats are the server's figures for an operator's metrics.
type Stats struct {
	Connections int // TCP connections counted against the limits
	Handshaking int // connections still in their SSH handshake
	LoggedIn    int // connections logged in with no session open
	Sessions    int // sessions running (terminals and commands)
	Terminals   int // of which, terminal (PTY) sessions
	// Refused counts the connections and sessions refused since the start, by reason
	// (Refused* constants).
	Refused map[string]uint64
}

// Stats reads the server's figures now.
func (s *Server) Stats() Stats {
	var st Stats
	st.Connections, st.Handshaking, st.LoggedIn = s.conns.counts()
	st.Refused = s.conns.refused.counts()
	for reason, n := range s.refused.counts() {
		if st.Refused == nil {
			st.Refused = map[string]uint64{}
		}
		st.Refused[reason] += n
	}
	s.mu.Lock()
	for ls := range s.sessions {
		st.Sessions++
		ls.mu.Lock()
		if ls.prog != nil {
			st.Terminals++
		}
		ls.mu.Unlock()
	}
	s.mu.Unlock()
	return st
}
