package cluster

import (
	"errors"
	"maps"
	"sync"
	"time"

	"github.com/nats-io/nats.go"

	"github.com/arena-classroom/arena/rooms"
)

// The bus may restart (an operator restarting it, a network blip) while games run. For an
// outage up to Config.Outage nothing is lost:
//   - a request not answered is sent again until the bus is back, with the same id, and
//     its owner answers a repeated id with the answer it gave (a move is played once);
//   - no node forgets another for a silence that its own connection's outage explains;
//   - a node back on the bus loads every room it shows again from its owner (frames sent
//     while it was away are lost), and meanwhile its viewers read "reconnecting…";
//   - a room's calls on a program of another node are queued and sent until acknowledged
//     (seatbox.go), and the program's clock waits until its node is heard again.

// noticeReconnecting is what the screens of a room of another node say while this node is
// off the bus.
const noticeReconnecting = "reconnecting to the server running this room…"

// busDown: the connection is lost. The mirrors' viewers are told, and the programs of
// other nodes playing rooms here keep their turns until their node is heard again.
func (n *Node) busDown() {
	n.shown.mu.Lock()
	for _, m := range n.shown.mirrors {
		m.notice(noticeReconnecting)
	}
	n.shown.mu.Unlock()
	n.mu.Lock()
	for name := range n.peers {
		n.heldFor[name] = true
	}
	n.mu.Unlock()
	n.syncHolds()
}

// stillHolding reports whether the heartbeat should call syncHolds again.
func (n *Node) stillHolding() bool {
	if n.holding.Load() {
		return true
	}
	n.mu.Lock()
	defer n.mu.Unlock()
	return len(n.heldFor) > 0
}

// holdAfter is the silence of a node, in heartbeats, after which its programs' clocks
// wait (forgetSilent): a node that misses two heartbeats may be off the bus.
const holdAfter = 2

// syncHolds makes the clocks of the programs seated in rooms here wait for exactly the
// nodes in heldFor. It reads heldFor afresh each time, so that calls made in any order
// (a node heard again while the bus's loss is still being handled) end in the same state;
// the heartbeat calls it again while any clock waits.
func (n *Node) syncHolds() {
	if n.hub == nil {
		return
	}
	n.mu.Lock()
	held := maps.Clone(n.heldFor)
	n.mu.Unlock()
	n.holding.Store(len(held) > 0) // the heartbeat also looks at heldFor itself (stillHolding)
	ofNode := func(want bool) func(rooms.Controller) bool {
		return func(ctl rooms.Controller) bool {
			bc, ok := ctl.(busController)
			return ok && held[bc.node] == want
		}
	}
	for _, info := range n.hub.List() {
		if r, ok := n.hub.Find(info.ID); ok {
			r.HoldPrograms(ofNode(true), true)
			r.HoldPrograms(ofNode(false), false)
		}
	}
}

// busBack: the connection is back (its subscriptions too): the peers' silence starts over,
// and every mirror loads its room again.
func (n *Node) busBack() {
	n.backAt.Store(time.Now().UnixNano())
	n.shown.mu.Lock()
	type shown struct {
		id string
		m  *mirror
	}
	var all []shown
	for id, m := range n.shown.mirrors {
		all = append(all, shown{id, m})
	}
	n.shown.mu.Unlock()
	for _, s := range all {
		go func() {
			if err := n.reload(s.m.owner, s.id, s.m); err != nil {
				n.log.Warn("cannot load a room of another node again after the bus came back", "room", s.id, "err", err)
			}
		}()
	}
}

// backSince is when the connection last came back (zero if it never went).
func (n *Node) backSince() time.Time {
	if t := n.backAt.Load(); t != 0 {
		return time.Unix(0, t)
	}
	return time.Time{}
}

// mayRetry reports whether a request that failed with err, first sent at start when the
// connection had come back reconnects times, is sent again: while the connection is down,
// or just back (the other nodes are still subscribing again), within the outage's budget.
func (n *Node) mayRetry(err error, start time.Time, reconnects uint64) bool {
	switch {
	case n.nc.IsClosed() || time.Since(start) > n.cfg.Outage:
		return false
	case !n.nc.IsConnected() || n.nc.Stats().Reconnects != reconnects:
		return true // down, or back since the request began (before busBack has run, maybe)
	case errors.Is(err, nats.ErrTimeout):
		// Not answered in time: a node slowed down (a loaded machine), or the answer lost.
		// Sent again with the same id, it is played once however often it arrives.
		return true
	}
	back := n.backSince()
	return !back.IsZero() && time.Since(back) < n.cfg.Silence && errors.Is(err, nats.ErrNoResponders)
}

// answers remembers the answers to requests that change something, by asking node and
// request id, for long enough that a request sent again through an outage is answered
// with its first answer rather than played twice.
type answers struct {
	mu    sync.Mutex
	byID  map[answerKey]*answer
	swept time.Time
}

type answerKey struct {
	node string
	id   uint64
}

type answer struct {
	done chan struct{}
	rep  reply
	at   time.Time
}

// answerTTL outlives any outage a request rides out.
const answerTTL = 2 * time.Minute

// begin returns the answer for (node, id): first is true when the request is new and the
// caller must finish it; otherwise the caller waits on done for the first's reply.
func (a *answers) begin(node string, id uint64, now time.Time) (ans *answer, first bool) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.byID == nil {
		a.byID = map[answerKey]*answer{}
	}
	if now.Sub(a.swept) > answerTTL/4 {
		for k, old := range a.byID {
			if now.Sub(old.at) > answerTTL {
				delete(a.byID, k)
			}
		}
		a.swept = now
	}
	k := answerKey{node, id}
	if ans, ok := a.byID[k]; ok {
		return ans, false
	}
	ans = &answer{done: make(chan struct{}), at: now}
	a.byID[k] = ans
	return ans, true
}

func (a *answer) finish(rep reply) {
	a.rep = rep
	close(a.done)
}

// handleOnce serves req, or, for a request sent again, the answer its first sending got.
func (n *Node) handleOnce(req request) reply {
	if req.ID == 0 || handlers[req.Op].reads {
		return n.handle(req)
	}
	ans, first := n.answered.begin(req.From, req.ID, time.Now())
	if !first {
		select {
		case <-ans.done:
			return ans.rep
		case <-time.After(n.cfg.Timeout):
			return reply{Err: wireErr(errNoAnswer)}
		}
	}
	rep := reply{Err: failure("the server running this room failed; try again")}
	defer func() { ans.finish(rep) }() // a panic in handle still answers the ones waiting
	rep = n.handle(req)
	return rep
}
