package server

import (
	"fmt"
	"net"
	"sync"
	"sync/atomic"
	"time"

	"github.com/charmbracelet/ssh"
	gossh "golang.org/x/crypto/ssh"

	"github.com/arena-classroom/arena/keys"
	"github.com/arena-classroom/arena/lang"
)

// connState is what the server knows about one connection; it lives in the connection's
// context, shared by the connection's sessions.
type connState struct {
	ip   string // the client's address, for the log
	key  string // the address as per-address limits count it (addressKey: an IPv6 /64)
	conn net.Conn

	// idle closes the connection: first if it opens no channel within the handshake
	// timeout, then whenever it has no channel open for IdleNoChannel.
	idle *time.Timer

	table tableEntry // its place among the server's connections (connTable's lock)

	mu       sync.Mutex
	refusal  lang.Text // a sentence (Key not empty): tell the client this, in its language, and close
	channels int       // session channels open now

	hinted atomic.Bool // a keyless client was told once that it needs a key

	once     sync.Once
	who      keys.Identity
	whoError error
	nameNote lang.Text // why who.Name is not the name asked for (no Key when it is)
}

type connStateKey struct{}

func connStateOf(ctx ssh.Context) *connState {
	cs, _ := ctx.Value(connStateKey{}).(*connState)
	return cs
}

// refused is the sentence the connection's sessions must show before closing, if any.
func (cs *connState) refused() lang.Text {
	cs.mu.Lock()
	defer cs.mu.Unlock()
	return cs.refusal
}

// sessionChannel opens a session channel within the connection's limits: at most
// MaxChannels at once, and a bounded number and size of env requests on each (the SSH
// library would keep every one). A connection whose last channel closes is closed after
// IdleNoChannel unless it opens another.
func (s *Server) sessionChannel(srv *ssh.Server, conn *gossh.ServerConn, nc gossh.NewChannel, ctx ssh.Context) {
	cs := connStateOf(ctx)
	if cs == nil { // not through connCallback (cannot happen): no limits to count against
		ssh.DefaultSessionHandler(srv, conn, nc, ctx)
		return
	}
	cs.mu.Lock()
	if cs.channels >= s.cfg.MaxChannels {
		cs.mu.Unlock()
		s.refused.add(RefusedChannels)
		// Said before any session: the client's language is not known yet (its locale comes
		// with a session's env requests).
		_ = nc.Reject(gossh.ResourceShortage, fmt.Sprintf(
			"arena: at most %d sessions at once on one connection; close one or open a new connection", s.cfg.MaxChannels)) // lang:keep no session, no language yet
		return
	}
	cs.channels++
	cs.idle.Stop()
	cs.mu.Unlock()
	// In session only once it asks for something: a channel opened and left silent holds no
	// place (it may be displaced, and it closes after SessionStart).
	started := func() {
		cs.mu.Lock()
		defer cs.mu.Unlock()
		if refusal := s.conns.sessionOpened(cs); refusal.Key != "" && cs.refusal.Key == "" {
			cs.refusal = refusal
			s.log.Warn("connection refused", "remote", cs.ip, "reason", refusal.String())
		}
	}
	defer func() {
		cs.mu.Lock()
		defer cs.mu.Unlock()
		if cs.channels--; cs.channels == 0 {
			s.conns.sessionsClosed(cs)
			cs.idle.Reset(s.cfg.IdleNoChannel)
		}
	}()
	fc := &filteredChannel{NewChannel: nc, maxEnvCount: s.cfg.MaxEnvPerChannel, maxEnvBytes: s.cfg.MaxEnvBytes,
		windows: make(chan ssh.Window, 1), startWithin: s.cfg.SessionStart, started: started,
		silent: func() {
			s.log.Info("session channel closed: nothing asked", "remote", cs.ip, "within", s.cfg.SessionStart)
		}}
	// Returns once the channel is closed.
	ssh.DefaultSessionHandler(srv, conn, fc, channelContext{Context: ctx, windows: fc.windows})
}

// channelContext is the connection's context as one session channel sees it: the same
// values and cancellation, plus the channel's window changes.
type channelContext struct {
	ssh.Context
	windows <-chan ssh.Window
}

type windowsKey struct{}

func (c channelContext) Value(key any) any {
	if key == (windowsKey{}) {
		return c.windows
	}
	return c.Context.Value(key)
}

// windowChanges is a session's window sizes: the pty-req's first, then each change, the
// latest only when the reader falls behind; closed when the channel closes. Nil without a
// PTY or outside a filtered channel.
func windowChanges(ctx ssh.Context) <-chan ssh.Window {
	w, _ := ctx.Value(windowsKey{}).(<-chan ssh.Window)
	return w
}

// filteredChannel is a new session channel whose requests pass through a filter that
// never blocks the connection: env requests beyond a count or a size are refused before
// the SSH library stores them, and window changes are answered here and kept, latest wins,
// for the session to read when it can.
//
// Why: the SSH library hands each window change to the session on a channel of capacity
// one and waits for it to be taken; a session that never reads them (a refused command)
// or that is busy drawing for a client that does not read held the library's request loop,
// then the connection's only reader, which then never saw the socket close: the connection,
// its session and their goroutines leaked for ever.
type filteredChannel struct {
	gossh.NewChannel
	maxEnvCount, maxEnvBytes int
	windows                  chan ssh.Window // capacity one, latest wins; the filter is its only writer
	// startWithin bounds the time until a shell, command or subsystem is asked: the channel
	// is closed then (silent is told). started is called as the first is asked, before the
	// session's handler sees it.
	startWithin time.Duration
	started     func()
	silent      func()
}

func (f *filteredChannel) Accept() (gossh.Channel, <-chan *gossh.Request, error) {
	ch, reqs, err := f.NewChannel.Accept()
	if err != nil {
		close(f.windows)
		return ch, reqs, err
	}
	var deadline *time.Timer
	if f.startWithin > 0 {
		deadline = time.AfterFunc(f.startWithin, func() {
			if f.silent != nil {
				f.silent()
			}
			ch.Close()
		})
	}
	out := make(chan *gossh.Request)
	go f.filter(reqs, out, deadline)
	return ch, out, nil
}

func (f *filteredChannel) filter(reqs <-chan *gossh.Request, out chan<- *gossh.Request, deadline *time.Timer) {
	defer close(out)
	defer close(f.windows)
	if deadline != nil {
		defer deadline.Stop()
	}
	envCount, envBytes := 0, 0
	pty, started := false, false
	for req := range reqs {
		switch req.Type {
		case "env":
			envCount++
			envBytes += len(req.Payload)
			if envCount > f.maxEnvCount || envBytes > f.maxEnvBytes {
				_ = req.Reply(false, nil)
				continue
			}
		case "pty-req":
			var p struct {
				Term                    string
				Columns, Rows, Wpx, Hpx uint32
				Rest                    []byte `ssh:"rest"`
			}
			if !pty && !started && gossh.Unmarshal(req.Payload, &p) == nil {
				pty = true
				f.offer(ssh.Window{Width: int(p.Columns), Height: int(p.Rows), WidthPixels: int(p.Wpx), HeightPixels: int(p.Hpx)})
			}
		case "window-change":
			var w struct {
				Columns, Rows, Wpx, Hpx uint32
				Rest                    []byte `ssh:"rest"`
			}
			ok := pty && gossh.Unmarshal(req.Payload, &w) == nil
			if ok {
				f.offer(ssh.Window{Width: int(w.Columns), Height: int(w.Rows), WidthPixels: int(w.Wpx), HeightPixels: int(w.Hpx)})
			}
			_ = req.Reply(ok, nil) // nothing is sent unless the client asked
			continue
		case "shell", "exec", "subsystem":
			if !started && (deadline == nil || deadline.Stop()) && f.started != nil {
				f.started()
			}
			started = true
		}
		out <- req
	}
}

// offer puts w in the mailbox, replacing a size the session has not read yet.
func (f *filteredChannel) offer(w ssh.Window) {
	for {
		select {
		case f.windows <- w:
			return
		default:
			select { // full: drop the stale size (the session may take it first; then retry)
			case <-f.windows:
			default:
			}
		}
	}
}
