package seats

import (
	"encoding/json"
	"errors"
	"sync"
	"time"

	"github.com/nats-io/nats.go"

	"github.com/arena-classroom/arena/cluster/bus"
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
	s    *Seats
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
func (s *Seats) outboxTo(node string) *seatOutbox {
	s.out.mu.Lock()
	defer s.out.mu.Unlock()
	if o := s.out.byNode[node]; o != nil {
		return o
	}
	o := &seatOutbox{s: s, node: node, next: 1, wake: make(chan struct{}, 1)}
	if s.out.closed {
		o.closed = true // nothing more goes out
		return o
	}
	if s.out.byNode == nil {
		s.out.byNode = map[string]*seatOutbox{}
	}
	s.out.byNode[node] = o
	s.done.Add(1) // before Close's Wait: Close marks the outboxes closed first
	go o.run()
	return o
}

// closeOutbox drops what waits for a node that is gone.
func (s *Seats) closeOutbox(node string) {
	s.out.mu.Lock()
	o := s.out.byNode[node]
	delete(s.out.byNode, node)
	s.out.mu.Unlock()
	if o != nil {
		o.close()
	}
}

// closeOutboxes stops every outbox, for good: the node is closing.
func (s *Seats) closeOutboxes() {
	s.out.mu.Lock()
	all := s.out.byNode
	s.out.byNode, s.out.closed = nil, true
	s.out.mu.Unlock()
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
	defer o.s.done.Done()
	subject := busauth.SeatsSubject(o.node, o.s.cfg.Bus.Name())
	var unknownSince time.Time // since when the directory has not known the node
	for {
		first, msgs, open := o.take()
		if !open {
			return
		}
		if len(msgs) == 0 {
			select {
			case <-o.wake:
			case <-o.s.stop:
				return
			}
			continue
		}
		data, err := json.Marshal(seatBatch{Instance: o.s.cfg.Instance, First: first, Msgs: msgs})
		if err != nil {
			o.s.log.Error("a program's seat: encode", "err", err)
			o.sent(len(msgs))
			continue
		}
		_, err = o.s.cfg.Bus.Request(subject, data)
		switch {
		case err == nil:
			o.sent(len(msgs))
			unknownSince = time.Time{}
			continue
		case o.s.cfg.Bus.Closed():
			return
		}
		switch known := o.s.cfg.Knows(o.node); {
		case known:
			unknownSince = time.Time{}
		case unknownSince.IsZero():
			unknownSince = time.Now()
		case time.Since(unknownSince) > outboxGrace:
			o.s.log.Warn("a node gone for good: its programs' calls are dropped", "peer", o.node)
			o.s.closeOutbox(o.node)
			return
		}
		if !errors.Is(err, nats.ErrTimeout) && !errors.Is(err, bus.ErrBusBack) {
			// Refused at once (the node's subscription is not back yet): a moment, and
			// again.
			select {
			case <-time.After(100 * time.Millisecond):
			case <-o.s.stop:
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
func (s *Seats) fresh(from string, b *seatBatch) []seatMsg {
	s.far.mu.Lock()
	defer s.far.mu.Unlock()
	seen := s.far.from[from]
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
	s.far.from[from] = seen
	return msgs
}
