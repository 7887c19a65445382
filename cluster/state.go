package cluster

import (
	"sync"

	"github.com/nats-io/nats.go"

	"github.com/arena-classroom/arena/cluster/frames"
	"github.com/arena-classroom/arena/cluster/seats"
	"github.com/arena-classroom/arena/rooms"
)

// shownRooms are the rooms of other nodes that this node shows: a mirror of each, its
// frames' subscription, and the sessions here watching or playing them.
type shownRooms struct {
	mu       sync.Mutex
	mirrors  map[string]*frames.Mirror     // by room id
	watching map[string]*nats.Subscription // room id → its frames, while mirrored here
	sessions map[*rooms.Mailbox]session    // this node's viewers of other nodes' rooms
}

// lentRooms are this node's rooms as other nodes use them: the frames sent for their
// viewers, and their sessions attached here.
type lentRooms struct {
	mu      sync.Mutex
	exports map[string]*export  // rooms here with viewers on other nodes
	proxies map[proxyKey]*proxy // other nodes' sessions attached to rooms here
}

// forgetNode drops what this node holds of a node that is gone: its rooms shown here
// close, its sessions in rooms here are dropped (a seated person gets the grace time to
// come back), its programs here hear their game is over. Called without n.mu.
func (n *Node) forgetNode(name, why string) {
	n.shown.mu.Lock()
	for _, m := range n.shown.mirrors {
		if m.Owner == name {
			m.Gone(why)
		}
	}
	n.shown.mu.Unlock()

	n.lent.mu.Lock()
	for key, p := range n.lent.proxies {
		if key.node == name {
			delete(n.lent.proxies, key)
			go p.room.Drop(p.mb)
		}
	}
	for _, e := range n.lent.exports {
		e.unwatchLocked(name)
	}
	n.lent.mu.Unlock()

	n.seats.NodeGone(name)
	n.programsLost(name)
}

// programsLost: the programs connected to node, seated in rooms here, lost their
// connection with it (it died, or restarted under its name): each seat is lost as when the
// program's own connection drops (rooms.Room.Lost: a tournament's game is void, and
// played again; elsewhere a house bot plays on).
func (n *Node) programsLost(node string) {
	hub := n.hubOrNil()
	if hub == nil {
		return
	}
	for _, info := range hub.List() {
		r, ok := hub.Find(info.ID)
		if !ok || info.Status != rooms.Playing {
			continue
		}
		for seat := range info.Seats {
			if at, _, ok := seats.NodeOf(r.ControllerOf(seat)); ok && at == node {
				r.Lost(seat)
			}
		}
	}
}
