package bus

import (
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"runtime/debug"
	"slices"
	"strings"
	"time"

	"github.com/nats-io/nats.go"

	"github.com/arena-classroom/arena/cluster/busauth"
)

// Op is one operation of the bus protocol: a request of type Req to one node, answered
// with a Rep. Its name is its key on the wire; each protocol declares its own, once.
type Op[Req, Rep any] struct {
	Name string
	// Blocks: the answer may wait on another node (a tournament's leader, the queues'
	// keeper, the asking node itself): served on a goroutine of its own, so that two nodes
	// asking each other never wait on each other. The others answer from the node's
	// memory at once, in the order they came (a player's keys stay in order).
	Blocks bool
	// Reads: the operation changes nothing, so a request sent again is served again;
	// the others' answers are remembered for a request sent again (answers).
	Reads bool
	// Max bounds the request's body (default DefaultMax).
	Max int
}

// DefaultMax bounds a request's body unless its operation says otherwise.
const DefaultMax = 64 << 10

// None is the message of an operation that carries nothing (that way, or back).
type None struct{}

// Validator is a request type that checks itself: a request that fails is refused as
// malformed, and counted, before its operation sees it.
type Validator interface{ Validate() error }

// OpPing asks whether a node of this name is live: a node that starts asks itself.
var OpPing = Op[None, None]{Name: "ping", Reads: true}

// envelope is a request on the wire.
type envelope struct {
	Proto int             `json:"proto"` // busauth.Proto of the asking node
	Op    string          `json:"op"`
	ID    uint64          `json:"id,omitempty"` // the asking node's: the same when sent again
	Body  json.RawMessage `json:"body,omitempty"`
}

// answer is a request's answer on the wire: its operation's Rep, or an error, or both (a
// tournament's refusal says what was missed).
type answer struct {
	Err  *Error          `json:"err,omitempty"`
	Body json.RawMessage `json:"body,omitempty"`
}

type handler struct {
	blocks, reads bool
	max           int
	req, rep      reflect.Type
	serve         func(from string, body json.RawMessage) (any, error)
}

// Handle serves op on c with serve, which hears the asking node (as the bus let it
// publish) and its request, decoded and validated. An operation is handled once.
func Handle[Req, Rep any](c *Conn, op Op[Req, Rep], serve func(from string, req Req) (Rep, error)) {
	h := &handler{blocks: op.Blocks, reads: op.Reads, max: op.Max,
		req: reflect.TypeFor[Req](), rep: reflect.TypeFor[Rep]()}
	if h.max <= 0 {
		h.max = DefaultMax
	}
	h.serve = func(from string, body json.RawMessage) (any, error) {
		var req Req
		if len(body) > 0 {
			if err := json.Unmarshal(body, &req); err != nil {
				return nil, fmt.Errorf("%w: %v", ErrMalformed, err)
			}
		}
		if v, ok := any(&req).(Validator); ok {
			if err := v.Validate(); err != nil {
				return nil, fmt.Errorf("%w: %v", ErrMalformed, err)
			}
		}
		return serve(from, req)
	}
	c.opsMu.Lock()
	defer c.opsMu.Unlock()
	if c.ops[op.Name] != nil {
		panic("bus: operation " + op.Name + " handled twice")
	}
	c.ops[op.Name] = h
}

func (c *Conn) handler(op string) *handler {
	c.opsMu.RLock()
	defer c.opsMu.RUnlock()
	return c.ops[op]
}

// OpInfo describes an operation served here, for the protocol's documentation and tests.
type OpInfo struct {
	Name            string
	Request, Answer reflect.Type // its messages
	Blocks, Reads   bool
	Max             int
}

// Ops lists the operations served here, by name.
func (c *Conn) Ops() []OpInfo {
	c.opsMu.RLock()
	defer c.opsMu.RUnlock()
	var out []OpInfo
	for name, h := range c.ops {
		out = append(out, OpInfo{Name: name, Request: h.req, Answer: h.rep,
			Blocks: h.blocks, Reads: h.reads, Max: h.max})
	}
	slices.SortFunc(out, func(a, b OpInfo) int { return strings.Compare(a.Name, b.Name) })
	return out
}

// ErrNoAnswer is a request that another node did not answer in time.
var ErrNoAnswer = errors.New("the server running this room does not answer: try again in a moment")

// Ask sends req to node as op and returns its answer; an error the other node gave comes
// back as its own value (errcodes.go), a node that does not answer as ErrNoAnswer. Through
// a bus outage the request is sent again, with the same id, until the bus is back (within
// Config.Outage): the other node plays it once.
func Ask[Req, Rep any](c *Conn, node string, op Op[Req, Rep], req Req) (Rep, error) {
	call, err := NewCall(c, node, op, req)
	if err != nil {
		var none Rep
		return none, err
	}
	return call.Do()
}

// Call is one request, made once and sent as often as its caller likes: every sending has
// the same id, so the node asked plays it once and answers a sending again with its first
// answer (for answerTTL). A caller that must not lose it (a person's key) sends it again
// after ErrNoAnswer, for as long as the node is alive.
type Call[Req, Rep any] struct {
	c    *Conn
	node string
	op   string
	data []byte
}

// NewCall makes the request req of op to node.
func NewCall[Req, Rep any](c *Conn, node string, op Op[Req, Rep], req Req) (*Call[Req, Rep], error) {
	body, err := json.Marshal(req)
	if err != nil {
		return nil, err
	}
	data, err := json.Marshal(envelope{Proto: busauth.Proto, Op: op.Name, ID: c.seq.Add(1), Body: body})
	if err != nil {
		return nil, err
	}
	return &Call[Req, Rep]{c: c, node: node, op: op.Name, data: data}, nil
}

// Do sends the request, again through an outage (within Config.Outage), and returns its
// answer.
func (k *Call[Req, Rep]) Do() (Rep, error) {
	var rep Rep
	a, err := k.c.ask(k.node, k.op, k.data)
	if err != nil {
		return rep, err
	}
	if len(a.Body) > 0 {
		if err := json.Unmarshal(a.Body, &rep); err != nil {
			return rep, fmt.Errorf("the server running this room answered nonsense: %w", err)
		}
	}
	return rep, a.Err.Err()
}

// Persist sends the request until it is answered, through an outage of any length: after
// ErrNoAnswer it sends it again while alive says the node asked is still in the cluster,
// and within half the time answers are remembered (so that it is still played once).
func (k *Call[Req, Rep]) Persist(alive func() bool) (Rep, error) {
	start := time.Now()
	for {
		rep, err := k.Do()
		if !errors.Is(err, ErrNoAnswer) || !alive() || time.Since(start) > answerTTL/2 {
			return rep, err
		}
	}
}

func (c *Conn) ask(node, op string, data []byte) (answer, error) {
	start, reconnects := time.Now(), c.nc.Stats().Reconnects
	for {
		m, err := c.roundTrip(busauth.RequestSubject(node, c.cfg.Name), data)
		if err == nil {
			var a answer
			if err := json.Unmarshal(m.Data, &a); err != nil {
				return answer{}, fmt.Errorf("the server running this room answered nonsense: %w", err)
			}
			return a, nil
		}
		if !c.mayRetry(err, start, reconnects) {
			c.log.Warn("request to another node failed", "peer", node, "op", op, "err", err)
			return answer{}, ErrNoAnswer
		}
		if !errors.Is(err, nats.ErrTimeout) && !errors.Is(err, ErrBusBack) {
			time.Sleep(100 * time.Millisecond) // refused at once: the bus or the peer is not back yet
		}
	}
}

// mayRetry reports whether a request that failed with err, first sent at start when the
// connection had come back reconnects times, is sent again: while the connection is down,
// or just back (the other nodes are still subscribing again), within the outage's budget.
func (c *Conn) mayRetry(err error, start time.Time, reconnects uint64) bool {
	switch {
	case c.nc.IsClosed() || time.Since(start) > c.cfg.Outage:
		return false
	case !c.nc.IsConnected() || c.nc.Stats().Reconnects != reconnects:
		return true // down, or back since the request began (before Back has run, maybe)
	case errors.Is(err, nats.ErrTimeout):
		// Not answered in time: a node slowed down (a loaded machine), or the answer lost.
		// Sent again with the same id, it is played once however often it arrives.
		return true
	}
	back := c.BackSince()
	return !back.IsZero() && time.Since(back) < c.cfg.Settle && errors.Is(err, nats.ErrNoResponders)
}

// request takes one request off the bus: served at once, in order, or on a goroutine of
// its own if its operation may block.
func (c *Conn) request(from string, m *nats.Msg) {
	var peek struct {
		Op string `json:"op"`
	}
	if json.Unmarshal(m.Data, &peek) == nil {
		if h := c.handler(peek.Op); h != nil && h.blocks {
			go c.serveRequest(from, m)
			return
		}
	}
	c.serveRequest(from, m)
}

// serveRequest answers one request of another node. A panic is its own request's failure.
func (c *Conn) serveRequest(from string, m *nats.Msg) {
	var env envelope
	var a answer
	defer func() {
		if p := recover(); p != nil {
			c.log.Error("request panicked", "op", env.Op, "panic", p, "stack", string(debug.Stack()))
			a = answer{Err: failure("the server running this room failed; try again")}
		}
		data, err := json.Marshal(a)
		if err != nil {
			data, _ = json.Marshal(answer{Err: WireErr(err)})
		}
		if err := m.Respond(data); err != nil {
			c.log.Debug("respond", "err", err)
		}
	}()
	if err := json.Unmarshal(m.Data, &env); err != nil {
		c.Reject(KindRequest, "malformed")
		a.Err = failure("malformed request")
		return
	}
	if env.Proto != busauth.Proto {
		c.Reject(KindRequest, "another protocol")
		a.Err = failure("this node speaks version %d of the bus protocol, not %d", busauth.Proto, env.Proto)
		return
	}
	h := c.handler(env.Op)
	switch {
	case h == nil:
		c.Reject(KindRequest, "unknown operation")
		a.Err = WireErr(fmt.Errorf("%w: unknown operation %q", ErrMalformed, env.Op))
		return
	case len(env.Body) > h.max:
		c.Reject(KindRequest, "too large for its operation")
		a.Err = WireErr(fmt.Errorf("%w: %s's request of %d bytes", ErrMalformed, env.Op, len(env.Body)))
		return
	}
	c.served.Add(1)
	a = c.serveOnce(from, env, h)
}

// serveOnce serves a request, or, for one sent again, the answer its first sending got.
func (c *Conn) serveOnce(from string, env envelope, h *handler) answer {
	if env.ID == 0 || h.reads {
		return c.serve(from, env, h)
	}
	ans, first := c.answered.begin(from, env.ID, time.Now())
	if !first {
		select {
		case <-ans.done:
			return ans.a
		case <-time.After(c.cfg.Timeout):
			return answer{Err: WireErr(ErrNoAnswer)}
		}
	}
	a := answer{Err: failure("the server running this room failed; try again")}
	defer func() { ans.finish(a) }() // a panic in serve still answers the ones waiting
	a = c.serve(from, env, h)
	return a
}

func (c *Conn) serve(from string, env envelope, h *handler) answer {
	rep, err := h.serve(from, env.Body)
	if errors.Is(err, ErrMalformed) {
		c.Reject(KindRequest, err.Error())
	}
	a := answer{Err: WireErr(err)}
	if rep != nil {
		body, merr := json.Marshal(rep)
		if merr != nil {
			return answer{Err: WireErr(merr)}
		}
		a.Body = body
	}
	return a
}
