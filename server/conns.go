package server

import (
	"container/list"
	"fmt"
	"net"
	"sync"
	"sync/atomic"
	"time"

	"github.com/charmbracelet/ssh"
	gossh "golang.org/x/crypto/ssh"

	"github.com/arena-classroom/arena/keys"
)

// connState is what the server knows about one connection; it lives in the connection's
// context, shared by the connection's sessions.
type connState struct {
	ip      string
	refusal string // non-empty: tell the client this and close
	conn    net.Conn

	// idle closes the connection: first if it opens no channel within the handshake
	// timeout, then whenever it has no channel open for IdleNoChannel.
	idle *time.Timer

	mu       sync.Mutex
	channels int  // session channels open now
	opened   bool // a channel was opened once: the handshake is over
	// handshake is the connection's place among those still in their handshake.
	handshake, handshakeIP *list.Element

	hinted atomic.Bool // a keyless client was told once that it needs a key

	once     sync.Once
	who      keys.Identity
	whoError error
}

type connStateKey struct{}

func connStateOf(ctx ssh.Context) *connState {
	cs, _ := ctx.Value(connStateKey{}).(*connState)
	return cs
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
		_ = nc.Reject(gossh.ResourceShortage, fmt.Sprintf(
			"arena: at most %d sessions at once on one connection; close one or open a new connection", s.cfg.MaxChannels))
		return
	}
	cs.channels++
	first := !cs.opened
	cs.opened = true
	cs.idle.Stop()
	cs.mu.Unlock()
	if first {
		s.handshakes.remove(cs)
	}
	defer func() {
		cs.mu.Lock()
		defer cs.mu.Unlock()
		if cs.channels--; cs.channels == 0 {
			cs.idle.Reset(s.cfg.IdleNoChannel)
		}
	}()
	// Returns once the channel is closed.
	ssh.DefaultSessionHandler(srv, conn, &envLimited{NewChannel: nc, maxCount: s.cfg.MaxEnvPerChannel, maxBytes: s.cfg.MaxEnvBytes}, ctx)
}

// envLimited is a new session channel whose env requests beyond a count or a size are
// refused before the SSH library stores them.
type envLimited struct {
	gossh.NewChannel
	maxCount, maxBytes int
}

func (e *envLimited) Accept() (gossh.Channel, <-chan *gossh.Request, error) {
	ch, reqs, err := e.NewChannel.Accept()
	if err != nil {
		return ch, reqs, err
	}
	out := make(chan *gossh.Request)
	go func() {
		defer close(out)
		count, size := 0, 0
		for req := range reqs {
			if req.Type == "env" {
				count++
				size += len(req.Payload)
				if count > e.maxCount || size > e.maxBytes {
					if req.WantReply {
						_ = req.Reply(false, nil)
					}
					continue
				}
			}
			out <- req
		}
	}()
	return ch, out, nil
}

// handshakes bounds the connections that have not opened a channel yet, in all and per
// address. Beyond a bound the oldest such connection (of that address, for the per-address
// bound) is closed: a flood of silent connections then only displaces itself, while a real
// client's handshake, which takes milliseconds, goes through. Nobody can hold the total of
// connections with connections that never authenticate.
type handshakes struct {
	max, maxPerIP int

	mu    sync.Mutex
	all   *list.List            // of *connState, oldest first
	perIP map[string]*list.List // likewise, per address
}

func newHandshakes(max, maxPerIP int) *handshakes {
	return &handshakes{max: max, maxPerIP: maxPerIP, all: list.New(), perIP: map[string]*list.List{}}
}

func (h *handshakes) add(cs *connState) {
	var evict []*connState
	h.mu.Lock()
	ipl := h.perIP[cs.ip]
	if ipl == nil {
		ipl = list.New()
		h.perIP[cs.ip] = ipl
	}
	cs.handshake = h.all.PushBack(cs)
	cs.handshakeIP = ipl.PushBack(cs)
	for ipl.Len() > h.maxPerIP {
		evict = append(evict, h.removeLocked(ipl.Front().Value.(*connState)))
	}
	for h.all.Len() > h.max {
		evict = append(evict, h.removeLocked(h.all.Front().Value.(*connState)))
	}
	h.mu.Unlock()
	for _, old := range evict {
		old.conn.Close()
	}
}

func (h *handshakes) remove(cs *connState) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.removeLocked(cs)
}

func (h *handshakes) removeLocked(cs *connState) *connState {
	if cs.handshake == nil {
		return cs
	}
	h.all.Remove(cs.handshake)
	if ipl := h.perIP[cs.ip]; ipl != nil {
		ipl.Remove(cs.handshakeIP)
		if ipl.Len() == 0 {
			delete(h.perIP, cs.ip)
		}
	}
	cs.handshake, cs.handshakeIP = nil, nil
	return cs
}

// len is the number of connections in their handshake (for tests).
func (h *handshakes) len() int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.all.Len()
}
