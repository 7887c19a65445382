package cluster

import (
	"fmt"
	"slices"
	"strings"

	"github.com/arena-classroom/arena/cluster/bus"
	"github.com/arena-classroom/arena/cluster/busauth"
	"github.com/arena-classroom/arena/internal/codes"
)

// What a node takes off the bus is checked before it is believed: its size first (the bus
// never decodes a message past its kind's bound), then its shape: a request's by its
// operation's type (ops.go), a heartbeat's here. What fails is dropped and counted
// (arena_bus_rejected_total), never answered with more than a short error.

// Bounds on what a heartbeat may list.
const (
	maxRoomsAnnounced    = 2000
	maxKeysAnnounced     = 20000 // sessions by key
	maxCallsAnnounced    = 20000
	maxProgramsAnnounced = 5000
)

// stranger says once that a node speaks another version of the bus protocol: it is left
// out of the cluster, and the operator must stop the whole cluster to upgrade.
func (n *Node) stranger(node string, proto int) {
	n.bus.Reject(bus.KindHeartbeat, "another protocol")
	n.mu.Lock()
	said := n.strangers[node]
	n.strangers[node] = true
	n.mu.Unlock()
	if !said {
		n.log.Error("a node speaks another version of the bus protocol: it is left out (an upgrade stops the whole cluster)",
			"peer", node, "its_protocol", proto, "this_protocol", busauth.Proto)
	}
}

// validate checks what a heartbeat lists, before any of it is kept.
func (h *Heartbeat) validate() error {
	malformed := bus.ErrMalformed
	switch {
	case !validName.MatchString(h.Node):
		return fmt.Errorf("%w: node name", malformed)
	case len(h.Letter) != 1 || !strings.Contains(codes.Alphabet, h.Letter):
		return fmt.Errorf("%w: letter %q", malformed, h.Letter)
	case len(h.Rooms) > maxRoomsAnnounced || len(h.Owners) > maxRoomsAnnounced:
		return fmt.Errorf("%w: %d rooms", malformed, len(h.Rooms))
	case len(h.Sessions) > maxKeysAnnounced || len(h.Calls) > maxCallsAnnounced || len(h.Programs) > maxProgramsAnnounced:
		return fmt.Errorf("%w: too many entries", malformed)
	}
	if len(h.Online) > maxKeysAnnounced || !slices.IsSorted(h.Online) {
		return fmt.Errorf("%w: online list", malformed)
	}
	for _, name := range h.Online {
		if len(name) > 256 {
			return fmt.Errorf("%w: a name of %d bytes", malformed, len(name))
		}
	}
	for _, r := range h.Rooms {
		if !validName.MatchString(r.ID) {
			return fmt.Errorf("%w: room id %q", malformed, r.ID)
		}
	}
	return nil
}
