// Package bus is how an arena node speaks on its cluster's NATS bus: its connection, signed
// with the node's key (busauth), and the protocol's typed operations. An operation is a
// request from one node to another, with a Go type each way (Op); its answer or its error
// code comes back; through a bus outage the request is sent again with the same id, and
// played once (Ask, and the answers remembered on the serving side). The cluster's
// protocols (its rooms, quick match, tournaments) each declare their operations and serve
// them with Handle; none of them handles a NATS request itself.
//
// What a node takes off the bus is checked before it is believed: its size first (Accept),
// then its shape (each request type's Validate); what fails is dropped and counted (Stats).
package bus

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"net"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nkeys"

	"github.com/arena-classroom/arena/cluster/busauth"
)

// Config says how a node connects to its bus.
type Config struct {
	// URL is the NATS server ("nats://HOST:4222", or "tls://HOST:4222" off the host;
	// several, comma-separated, for a NATS cluster).
	URL string
	// Name is the node's name: the bus knows Key's public half under it.
	Name string
	Key  nkeys.KeyPair
	// CAFile, when set, is the authority the bus's TLS certificate is checked against.
	CAFile string
	Logger *slog.Logger
	// Timeout bounds one request (default 2 s); Outage is the longest bus outage that a
	// request rides out, sent again until the bus is back (default 12 s).
	Timeout, Outage time.Duration
	// Settle is how long, after the connection comes back, a node that does not answer
	// yet is still waited for: the others are subscribing again (default 5 s).
	Settle time.Duration
	// Down and Back hear the connection lost and back, on the connection's goroutine.
	Down, Back func()
}

// Conn is a node's connection to the bus.
type Conn struct {
	cfg Config
	nc  *nats.Conn
	log *slog.Logger

	opsMu sync.RWMutex
	ops   map[string]*handler
	subs  []*nats.Subscription

	seq        atomic.Uint64 // the ids of this node's requests
	backAt     atomic.Int64  // when the connection last came back (unix ns), 0 if never lost
	reconnects atomic.Uint64 // the connection's reconnections, as BackSince last saw them
	refusedAt  atomic.Int64  // when the bus's refusal of the key was last logged (unix ns)
	served     atomic.Uint64 // requests of other nodes answered
	rejected   [kindCount]atomic.Uint64
	answered   answers
	closed     chan struct{} // closed once the connection is (ClosedHandler)
	backMu     sync.Mutex
	backCh     chan struct{} // closed when the connection next comes back (nextBack)
	closeOnce  sync.Once
}

// Dial connects to the bus with the node's key and makes sure that no live node already
// speaks under its name. Handle then Serve start answering.
func Dial(cfg Config) (*Conn, error) {
	if cfg.Key == nil {
		return nil, errors.New("cluster: the node has no key for the bus (--cluster-key)")
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.DiscardHandler)
	}
	if cfg.Timeout <= 0 {
		cfg.Timeout = 2 * time.Second
	}
	if cfg.Outage <= 0 {
		cfg.Outage = 12 * time.Second
	}
	if cfg.Settle <= 0 {
		cfg.Settle = 5 * time.Second
	}
	c := &Conn{cfg: cfg, log: cfg.Logger, ops: map[string]*handler{}, closed: make(chan struct{})}
	// Request ids start at random: a node restarted under its name must not reuse the ids
	// whose answers the others still remember for it.
	c.seq.Store(rand.Uint64() >> 1)
	Handle(c, OpPing, func(string, None) (None, error) { return None{}, nil })
	nc, err := c.connect()
	if err != nil {
		return nil, err
	}
	c.nc = nc
	if err := c.aloneUnderName(); err != nil {
		nc.Close()
		return nil, err
	}
	return c, nil
}

// connect opens the connection, signed with the node's key; a bus that refuses the key is
// told in a sentence that says which line its nodes file lacks.
func (c *Conn) connect() (*nats.Conn, error) {
	cfg := c.cfg
	public, err := cfg.Key.PublicKey()
	if err != nil {
		return nil, fmt.Errorf("cluster: the node's key: %w", err)
	}
	opts := []nats.Option{nats.Name("arena " + cfg.Name), nats.MaxReconnects(-1),
		nats.ReconnectWait(250 * time.Millisecond),
		nats.Nkey(public, cfg.Key.Sign),
		nats.CustomInboxPrefix(busauth.InboxPrefix(cfg.Name)),
		// A bus restarted with its nodes file being edited may refuse the key twice; the
		// node keeps trying rather than leave the cluster for good.
		nats.IgnoreAuthErrorAbort(),
		nats.DisconnectErrHandler(func(_ *nats.Conn, err error) {
			c.log.Warn("bus disconnected", "err", err)
			if cfg.Down != nil {
				cfg.Down()
			}
		}),
		nats.ReconnectHandler(func(*nats.Conn) {
			c.log.Info("bus reconnected")
			c.backAt.Store(time.Now().UnixNano())
			c.cameBack()
			if cfg.Back != nil {
				cfg.Back()
			}
		}),
		nats.ErrorHandler(func(_ *nats.Conn, _ *nats.Subscription, err error) { c.busError(err) }),
		nats.ClosedHandler(func(*nats.Conn) { c.closeOnce.Do(func() { close(c.closed) }) })}
	if cfg.CAFile != "" {
		opts = append(opts, nats.RootCAs(cfg.CAFile))
	}
	nc, err := nats.Connect(cfg.URL, opts...)
	switch {
	case errors.Is(err, nats.ErrAuthorization):
		return nil, fmt.Errorf("cluster: the bus at %s does not know this node's key: add this line to its nodes file (arena nats --nodes FILE reads it again by itself):\n    %s %s",
			RedactURL(cfg.URL), cfg.Name, public)
	case err != nil:
		return nil, fmt.Errorf("cluster: connect to %s: %w", RedactURL(cfg.URL), err)
	}
	return nc, nil
}

// busError says what the bus refused. A key taken off the nodes file is refused at every
// attempt to connect again (a few a second): that is said once a minute.
func (c *Conn) busError(err error) {
	if !errors.Is(err, nats.ErrAuthorization) {
		c.log.Error("the bus refused a message of this node", "err", err)
		return
	}
	now := time.Now().UnixNano()
	if last := c.refusedAt.Load(); last != 0 && now-last < int64(time.Minute) || !c.refusedAt.CompareAndSwap(last, now) {
		return
	}
	public, _ := c.cfg.Key.PublicKey()
	c.log.Error("the bus refuses this node's key: its line is no longer in the bus's nodes file (the node keeps trying)",
		"line", c.cfg.Name+" "+public, "err", err)
}

// aloneUnderName asks the bus for a live node of this node's name (a node answers its own
// name's pings once it serves): two nodes under one name would split its rooms and its
// letter. A node that crashed does not answer, so it comes back under its name at once.
// The same question also proves that the bus lets the key speak as this name.
func (c *Conn) aloneUnderName() error {
	data, err := json.Marshal(envelope{Proto: busauth.Proto, Op: OpPing.Name})
	if err != nil {
		return err
	}
	_, err = c.nc.Request(busauth.RequestSubject(c.cfg.Name, c.cfg.Name), data, c.cfg.Timeout)
	switch {
	case errors.Is(err, nats.ErrNoResponders):
		return nil
	case err == nil:
		return fmt.Errorf("cluster: a node named %s is already running on this bus: give this one another --node, or stop that one first", c.cfg.Name)
	case errors.Is(err, nats.ErrTimeout) && errors.Is(c.nc.LastError(), nats.ErrPermissionViolation):
		public, _ := c.cfg.Key.PublicKey()
		return fmt.Errorf("cluster: the bus does not let this node's key (%s) speak as %s: its nodes file lists the key under another name", public, c.cfg.Name)
	default:
		return fmt.Errorf("cluster: ask the bus whether another node is named %s: %w", c.cfg.Name, err)
	}
}

// Name is the node's name on the bus.
func (c *Conn) Name() string { return c.cfg.Name }

// Timeout bounds one request.
func (c *Conn) Timeout() time.Duration { return c.cfg.Timeout }

// Listen hands f every message of kind on subject (a wildcard of the protocol's subjects),
// with the node that sent it, read from the subject; a message too large for its kind, or
// on a subject that names no sender, is dropped and counted. f runs on the subscription's
// goroutine: the messages of one subject come in order.
func (c *Conn) Listen(subject string, kind Kind, f func(from string, m *nats.Msg)) (*nats.Subscription, error) {
	sub, err := c.nc.Subscribe(subject, func(m *nats.Msg) {
		from, ok := busauth.Sender(m.Subject)
		if !ok || !c.Accept(kind, m) {
			return
		}
		f(from, m)
	})
	if err != nil {
		return nil, fmt.Errorf("cluster: subscribe %s: %w", subject, err)
	}
	return sub, nil
}

// Serve starts answering the requests of other nodes with the operations handled so far,
// and listens on the subjects given (each subscribed, then the bus flushed: once Serve
// returns, the others can reach this node).
func (c *Conn) Serve(listens ...func() (*nats.Subscription, error)) error {
	listens = append(listens, func() (*nats.Subscription, error) {
		return c.Listen(busauth.RequestsTo(c.cfg.Name), KindRequest, c.request)
	})
	for _, listen := range listens {
		sub, err := listen()
		if err != nil {
			return err
		}
		c.subs = append(c.subs, sub)
	}
	if err := c.nc.Flush(); err != nil {
		return fmt.Errorf("cluster: %w", err)
	}
	return nil
}

// Flush waits until the bus has what this node sent (a subscription made, for one).
func (c *Conn) Flush() error { return c.nc.Flush() }

// Publish sends data on subject, without waiting; a message lost in an outage is the
// caller's to make up for (a heartbeat comes again, a frame's gap reloads its mirror).
func (c *Conn) Publish(subject string, data []byte) {
	if err := c.nc.Publish(subject, data); err != nil {
		c.log.Debug("publish", "subject", subject, "err", err)
	}
}

// Request sends data on subject and waits up to Timeout for the one answer (the programs'
// seat calls, which number and acknowledge their own messages), or until the connection
// comes back from an outage (ErrBusBack).
func (c *Conn) Request(subject string, data []byte) (*nats.Msg, error) {
	return c.roundTrip(subject, data)
}

// ErrBusBack is a request whose answer was lost to a bus restart: it was in flight when
// the connection came back. Send it again at once.
var ErrBusBack = errors.New("the bus restarted while the request was in flight")

// roundTrip sends one request and waits for its answer up to Timeout, but no longer than
// the connection's next return from an outage. A restarted bus refuses the answer to a
// request that the bus before it carried (an answer may go only to a request the bus
// itself delivered): without this, every request in flight across a restart waited out its
// whole Timeout, and a program's turn queued behind one had its clock running meanwhile.
func (c *Conn) roundTrip(subject string, data []byte) (*nats.Msg, error) {
	back := c.nextBack()
	ctx, cancel := context.WithTimeout(context.Background(), c.cfg.Timeout)
	defer cancel()
	go func() {
		select {
		case <-back:
			cancel()
		case <-ctx.Done():
		}
	}()
	m, err := c.nc.RequestWithContext(ctx, subject, data)
	switch {
	case err == nil:
		return m, nil
	case errors.Is(err, context.DeadlineExceeded):
		return nil, nats.ErrTimeout
	case errors.Is(err, context.Canceled):
		return nil, ErrBusBack
	}
	return nil, err
}

// nextBack is closed when the connection next comes back from an outage.
func (c *Conn) nextBack() <-chan struct{} {
	c.backMu.Lock()
	defer c.backMu.Unlock()
	if c.backCh == nil {
		c.backCh = make(chan struct{})
	}
	return c.backCh
}

// cameBack wakes the requests waiting on nextBack.
func (c *Conn) cameBack() {
	c.backMu.Lock()
	defer c.backMu.Unlock()
	if c.backCh != nil {
		close(c.backCh)
		c.backCh = nil
	}
}

// Connected reports whether the connection is up now; Closed whether it is gone for good.
func (c *Conn) Connected() bool { return c.nc.IsConnected() }
func (c *Conn) Closed() bool    { return c.nc.IsClosed() }

// BackSince is when the connection last came back (zero if it never went). It reads the
// connection's own count of reconnections too: the reconnect handler may not have run yet.
func (c *Conn) BackSince() time.Time {
	if r := c.nc.Stats().Reconnects; r != c.reconnects.Load() {
		c.reconnects.Store(r)
		c.backAt.Store(time.Now().UnixNano())
	}
	if t := c.backAt.Load(); t != 0 {
		return time.Unix(0, t)
	}
	return time.Time{}
}

// Close lets what was sent reach the bus, then leaves it, and returns once it has left:
// a node started again under this name right after must not find this one answering
// (a draining connection still serves what reached it before its unsubscriptions).
func (c *Conn) Close() {
	if err := c.nc.Drain(); err != nil {
		c.nc.Close()
	}
	select {
	case <-c.closed:
	case <-time.After(drainWait):
		c.nc.Close()
	}
}

// drainWait bounds Close's wait for the bus to take what was sent.
const drainWait = 5 * time.Second

// Abandon drops the connection at once (tests of a node's death).
func (c *Conn) Abandon() { c.nc.Close() }

// Stats are the node's figures on the bus.
type Stats struct {
	MessagesIn, MessagesOut, BytesIn, BytesOut uint64 // all the node's traffic
	// Served counts the requests of other nodes this node answered.
	Served uint64
	// Rejected counts the messages dropped unread, by kind (heartbeat, request, frame,
	// seat): too large, malformed, or of another version of the bus protocol.
	Rejected map[string]uint64
}

// Stats reads the figures now.
func (c *Conn) Stats() Stats {
	ns := c.nc.Stats()
	st := Stats{MessagesIn: ns.InMsgs, MessagesOut: ns.OutMsgs, BytesIn: ns.InBytes, BytesOut: ns.OutBytes,
		Served: c.served.Load(), Rejected: map[string]uint64{}}
	for k := range kindCount {
		st.Rejected[kindNames[k]] = c.rejected[k].Load()
	}
	return st
}

// RedactURL is a bus URL fit for a log or an error: its user and password (a NATS token
// is given as the user) replaced by "***". A list of URLs, comma-separated, is redacted
// one by one.
func RedactURL(list string) string {
	parts := strings.Split(list, ",")
	for i, p := range parts {
		u, err := url.Parse(strings.TrimSpace(p))
		switch {
		case err != nil:
			parts[i] = "(a URL that does not parse)"
		case u.User != nil:
			u.User = nil
			text := u.String()
			if at := strings.Index(text, "://"); at >= 0 {
				text = text[:at+3] + "***@" + text[at+3:]
			}
			parts[i] = text
		}
	}
	return strings.Join(parts, ",")
}

// Unreachable reports whether err is a bus that could not be reached (down, restarting,
// the network): a node starting keeps trying then, where a refused key or a bad URL is
// final.
func Unreachable(err error) bool {
	var op *net.OpError
	return errors.Is(err, nats.ErrNoServers) || errors.Is(err, nats.ErrTimeout) || errors.As(err, &op)
}
