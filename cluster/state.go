package cluster

import (
	"github.com/arena-classroom/arena/cluster/frames"
	"sync"

	"github.com/nats-io/nats.go"

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
}
