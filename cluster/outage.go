package cluster

import (
	"maps"
	"time"

	"github.com/arena-classroom/arena/cluster/frames"
	"github.com/arena-classroom/arena/cluster/seats"
	"github.com/arena-classroom/arena/rooms"
)

// The bus may restart (an operator restarting it, a network blip) while games run. For an
// outage up to Config.Outage nothing is lost:
//   - a request not answered is sent again until the bus is back, with the same id, and
//     its owner answers a repeated id with the answer it gave (a move is played once: bus);
//   - no node forgets another for a silence that its own connection's outage explains;
//   - a node back on the bus loads every room it shows again from its owner (frames sent
//     while it was away are lost), and meanwhile its viewers read "reconnecting…";
//   - a room's calls on a program of another node are queued and sent until acknowledged
//     (seats), and the program's clock waits until its node is heard again.

// noticeReconnecting is what the screens of a room of another node say while this node is
// off the bus.
const noticeReconnecting = "reconnecting to the server running this room…"

// busDown: the connection is lost. The mirrors' viewers are told, and the programs of
// other nodes playing rooms here keep their turns until their node is heard again.
func (n *Node) busDown() {
	n.shown.mu.Lock()
	for _, m := range n.shown.mirrors {
		m.Notice(noticeReconnecting)
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
	n.holdMu.Lock()
	defer n.holdMu.Unlock()
	n.mu.Lock()
	held := maps.Clone(n.heldFor)
	n.mu.Unlock()
	n.holding.Store(len(held) > 0) // the heartbeat also looks at heldFor itself (stillHolding)
	ofNode := func(want bool) func(rooms.Controller) bool {
		return func(ctl rooms.Controller) bool {
			node, _, ok := seats.NodeOf(ctl)
			return ok && held[node] == want
		}
	}
	for _, info := range n.hub.List() {
		if r, ok := n.hub.Find(info.ID); ok {
			r.HoldPrograms(ofNode(true), true)
			r.HoldPrograms(ofNode(false), false)
		}
	}
}

// busBack: the connection is back (its subscriptions too): the peers' silence starts over
// (bus.Conn.BackSince), and every mirror loads its room again.
func (n *Node) busBack() {
	n.shown.mu.Lock()
	type shown struct {
		id string
		m  *frames.Mirror
	}
	var all []shown
	for id, m := range n.shown.mirrors {
		all = append(all, shown{id, m})
	}
	n.shown.mu.Unlock()
	for _, s := range all {
		go n.reloadUntilDone(s.id, s.m)
	}
}

// reloadUntilDone loads m again from its owner, again after a failure (the owner's own
// connection may come back later than this node's) for as long as the mirror is shown and
// its owner is in the cluster: a frame missed during the outage may be the last until a
// person here moves, who would otherwise wait for a picture that never comes.
func (n *Node) reloadUntilDone(id string, m *frames.Mirror) {
	for {
		err := n.reload(m.Owner, id, m)
		if err == nil {
			return
		}
		n.shown.mu.Lock()
		still := n.shown.mirrors[id] == m
		n.shown.mu.Unlock()
		if !still || !n.Knows(m.Owner) || n.bus.Closed() {
			return
		}
		n.log.Warn("cannot load a room of another node again after the bus came back; trying again", "room", id, "err", err)
		select {
		case <-n.stop:
			return
		case <-time.After(time.Second):
		}
	}
}
