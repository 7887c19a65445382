package cluster

import (
	"encoding/json"
	"errors"
	"sync"
	"time"

	"github.com/nats-io/nats.go"

	"github.com/arena-classroom/arena/cluster/busauth"
)

// A room's calls on a program of another node (its start, its turns, its end) must all
// arrive, once and in order, even through a bus restart: a lost turn is a program that
// never moves, a lost end a program that waits for ever. So they go through an outbox per
// node: the room only queues (it never waits on the bus), and one goroutine sends what is
// queued as a numbered batch until the program's node acknowledges it, which it does once
// the batch is handed to the programs' controllers. A batch sent again is recognised by its
// numbers and not handed over twice.

// seatBatch is what one outbox sends at once.
type seatBatch struct {
	Instance string    `json:"instance"` // the sending process: its numbers start over with it
	First    uint64    `json:"first"`    // the number of Msgs[0]; each next one is one more
	Msgs     []seatMsg `json:"msgs"`
}

// maxBatch bounds a batch (a DiceWars turn is a few KB).
const maxBatch = 64

type seatOutbox struct {
	n    *Node
	node string

	mu     sync.Mutex
	queue  []seatMsg
	next   uint64 // the number of queue[0]
	wake   chan struct{}
	closed bool
}

// outboxes are a node's outboxes, under a lock of their own: a room calls its programs'
// controllers under the room's lock, so this lock comes after every room's, and nothing is
// locked while it is held.
type outboxes struct {
	mu     sync.Mutex
	byNode map[string]*seatOutbox
	closed bool // the node is closing: no outbox starts any more
}

// outboxTo is the outbox to node, started on first need.
func (n *Node) outboxTo(node string) *seatOutbox {
	n.out.mu.Lock()
	defer n.out.mu.Unlock()
	if o := n.out.byNode[node]; o != nil {
		return o
	}
	o := &seatOutbox{n: n, node: node, next: 1, wake: make(chan struct{}, 1)}
	if n.out.closed {
		o.closed = true // nothing more goes out
		return o
	}
	if n.out.byNode == nil {
		n.out.byNode = map[string]*seatOutbox{}
	}
	n.out.byNode[node] = o
	n.done.Add(1) // before Close's Wait: Close marks the outboxes closed first
	go o.run()
	return o
}

// closeOutbox drops what waits for a node that is gone.
func (n *Node) closeOutbox(node string) {
	n.out.mu.Lock()
	o := n.out.byNode[node]
	delete(n.out.byNode, node)
	n.out.mu.Unlock()
	if o != nil {
		o.close()
	}
}

// closeOutboxes stops every outbox, for good: the node is closing.
func (n *Node) closeOutboxes() {
	n.out.mu.Lock()
	all := n.out.byNode
	n.out.byNode, n.out.closed = nil, true
	n.out.mu.Unlock()
	for _, o := range all {
		o.close()
	}
}

func (o *seatOutbox) push(m seatMsg) {
	o.mu.Lock()
	if !o.closed {
		o.queue = append(o.queue, m)
	}
	o.mu.Unlock()
	select {
	case o.wake <- struct{}{}:
	default:
	}
}

func (o *seatOutbox) close() {
	o.mu.Lock()
	o.closed, o.queue = true, nil
	o.mu.Unlock()
	select {
	case o.wake <- struct{}{}:
	default:
	}
}

// take is the batch to send now (nil when the outbox is closed).
func (o *seatOutbox) take() (first uint64, msgs []seatMsg, open bool) {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.next, o.queue[:min(len(o.queue), maxBatch)], !o.closed
}

// sent drops the first k messages, acknowledged.
func (o *seatOutbox) sent(k int) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.closed {
		return
	}
	o.queue = o.queue[k:]
	o.next += uint64(k)
}

// outboxGrace is how long an outbox keeps its calls for a node the directory no longer
// knows: one forgotten in a long outage or on a loaded machine comes back within it, and
// its programs then hear what their rooms told them meanwhile.
const outboxGrace = time.Minute

func (o *seatOutbox) run() {
	defer o.n.done.Done()
	subject := busauth.SeatsSubject(o.node, o.n.cfg.Name)
	var unknownSince time.Time // since when the directory has not known the node
	for {
		first, msgs, open := o.take()
		if !open {
			return
		}
		if len(msgs) == 0 {
			select {
			case <-o.wake:
			case <-o.n.stop:
				return
			}
			continue
		}
		data, err := json.Marshal(seatBatch{Instance: o.n.instance, First: first, Msgs: msgs})
		if err != nil {
			o.n.log.Error("a program's seat: encode", "err", err)
			o.sent(len(msgs))
			continue
		}
		_, err = o.n.nc.Request(subject, data, o.n.cfg.Timeout)
		switch {
		case err == nil:
			o.sent(len(msgs))
			unknownSince = time.Time{}
			continue
		case o.n.nc.IsClosed():
			return
		}
		switch known := o.n.knows(o.node); {
		case known:
			unknownSince = time.Time{}
		case unknownSince.IsZero():
			unknownSince = time.Now()
		case time.Since(unknownSince) > outboxGrace:
			o.n.log.Warn("a node gone for good: its programs' calls are dropped", "peer", o.node)
			o.n.closeOutbox(o.node)
			return
		}
		if !errors.Is(err, nats.ErrTimeout) {
			// Refused at once (the node's subscription is not back yet): a moment, and
			// again.
			select {
			case <-time.After(100 * time.Millisecond):
			case <-o.n.stop:
				return
			}
		}
	}
}

// seatsFrom remembers, per sending node, the number of the last call handed over.
type seatsFrom struct {
	instance string
	last     uint64
}

// fresh keeps the calls of b not handed over yet, and counts them as handed over.
func (n *Node) fresh(from string, b *seatBatch) []seatMsg {
	n.far.mu.Lock()
	defer n.far.mu.Unlock()
	seen := n.far.from[from]
	if seen.instance != b.Instance {
		seen = seatsFrom{instance: b.Instance}
	}
	msgs := b.Msgs
	if skip := int64(seen.last) - int64(b.First) + 1; skip > 0 {
		msgs = msgs[min(int(skip), len(msgs)):]
	}
	if end := b.First + uint64(len(b.Msgs)) - 1; end > seen.last {
		seen.last = end
	}
	n.far.from[from] = seen
	return msgs
}
