package cluster

import (
	"github.com/arena-classroom/arena/roomdir"
	"github.com/arena-classroom/arena/rooms"
)

// Where the cluster's games open: near their players, or where there is room.

// PlaceNear opens a room on the node with most of its players (origins: each player's
// node, "" for this one; the first player's on a tie), this one if that node is gone.
func (n *Node) PlaceNear(spec rooms.Spec, origins []string) (roomdir.Room, error) {
	count := map[string]int{}
	best := ""
	for _, o := range origins {
		if o == "" {
			o = n.cfg.Name
		}
		count[o]++
		if best == "" || count[o] > count[best] {
			best = o
		}
	}
	if best == "" || !n.Knows(best) {
		best = n.cfg.Name
	}
	return n.CreateOn(best, spec)
}

// PlaceGame opens a tournament game's room where its programs are (most of them), or, for
// a game of house bots and people, on the node with the fewest rooms.
func (n *Node) PlaceGame(spec rooms.Spec, near []string) (roomdir.Room, error) {
	if len(near) > 0 {
		return n.PlaceNear(spec, near)
	}
	best, fewest := n.cfg.Name, len(n.hub.List())
	n.mu.Lock()
	for name, p := range n.peers {
		// A peer's count is its last heartbeat's, plus the rooms placed there since.
		if busy := len(p.last.Rooms) + p.placed; busy < fewest || busy == fewest && name < best {
			best, fewest = name, busy
		}
	}
	n.mu.Unlock()
	r, err := n.CreateOn(best, spec)
	if err == nil && best != n.cfg.Name {
		n.mu.Lock()
		if p := n.peers[best]; p != nil {
			p.placed++
		}
		n.mu.Unlock()
	}
	return r, err
}

// FindTagged is the live room with this tag anywhere in the cluster.
func (n *Node) FindTagged(tag string) (roomdir.Room, bool) {
	for _, info := range n.Directory().List() {
		if info.Tag == tag && (info.Status == rooms.Playing || info.Status == rooms.Finished) {
			return n.Directory().Find(info.ID)
		}
	}
	return nil, false
}
