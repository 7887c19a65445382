package cluster

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync/atomic"

	"github.com/nats-io/nats.go"

	"github.com/arena-classroom/arena/cluster/busauth"
	"github.com/arena-classroom/arena/internal/codes"
)

// What a node takes off the bus is checked before it is believed: its size first (a message
// is never decoded past its kind's bound), then its shape. What fails is dropped and counted
// (arena_bus_rejected_total), never answered with more than a short error.

// msgKind is a kind of message on the bus, with its own size bound.
type msgKind int

const (
	kindHeartbeat msgKind = iota
	kindRequest
	kindFrame
	kindSeat
	kindCount
)

var kindNames = [kindCount]string{"heartbeat", "request", "frame", "seat"}

// maxSize bounds each kind of message. A heartbeat lists a node's rooms (500 at most, about
// 400 B each); a request may carry a long game's replay (a room moving to another node); a
// frame and a program's turn carry one position.
var maxSize = [kindCount]int{
	kindHeartbeat: 1 << 20,
	kindRequest:   8 << 20,
	kindFrame:     1 << 20,
	kindSeat:      1 << 20,
}

// Bounds on what a heartbeat may list.
const (
	maxRoomsAnnounced    = 2000
	maxKeysAnnounced     = 20000 // sessions by key
	maxCallsAnnounced    = 20000
	maxProgramsAnnounced = 5000
)

// rejects counts the messages dropped, by kind.
type rejects [kindCount]atomic.Uint64

// accept reports whether m is within its kind's size; a larger one is counted and dropped.
func (n *Node) accept(kind msgKind, m *nats.Msg) bool {
	if len(m.Data) > maxSize[kind] {
		n.reject(kind, "too large")
		return false
	}
	return true
}

// reject counts a message dropped, and says it in the log at debug level: a node that
// sends nonsense would otherwise fill the log of every other.
func (n *Node) reject(kind msgKind, why string) {
	n.stats.rejected[kind].Add(1)
	n.log.Debug("bus message rejected", "kind", kindNames[kind], "why", why)
}

// stranger says once that a node speaks another version of the bus protocol: it is left
// out of the cluster, and the operator must stop the whole cluster to upgrade.
func (n *Node) stranger(node string, proto int) {
	n.reject(kindHeartbeat, "another protocol")
	n.mu.Lock()
	said := n.strangers[node]
	n.strangers[node] = true
	n.mu.Unlock()
	if !said {
		n.log.Error("a node speaks another version of the bus protocol: it is left out (an upgrade stops the whole cluster)",
			"peer", node, "its_protocol", proto, "this_protocol", busauth.Proto)
	}
}

var errMalformed = errors.New("malformed")

// validate checks what a heartbeat lists, before any of it is kept.
func (a *announce) validate() error {
	switch {
	case !validName.MatchString(a.Node):
		return fmt.Errorf("%w: node name", errMalformed)
	case len(a.Letter) != 1 || !strings.Contains(codes.Alphabet, a.Letter):
		return fmt.Errorf("%w: letter %q", errMalformed, a.Letter)
	case len(a.Rooms) > maxRoomsAnnounced || len(a.Owners) > maxRoomsAnnounced:
		return fmt.Errorf("%w: %d rooms", errMalformed, len(a.Rooms))
	case len(a.Sessions) > maxKeysAnnounced || len(a.Calls) > maxCallsAnnounced || len(a.Programs) > maxProgramsAnnounced:
		return fmt.Errorf("%w: too many entries", errMalformed)
	}
	if len(a.Online) > maxKeysAnnounced || !slices.IsSorted(a.Online) {
		return fmt.Errorf("%w: online list", errMalformed)
	}
	for _, name := range a.Online {
		if len(name) > 256 {
			return fmt.Errorf("%w: a name of %d bytes", errMalformed, len(name))
		}
	}
	for _, r := range a.Rooms {
		if !validName.MatchString(r.ID) {
			return fmt.Errorf("%w: room id %q", errMalformed, r.ID)
		}
	}
	return nil
}

// validate checks a request's envelope; each operation checks its own payload.
func (r *request) validate() error {
	switch {
	case handlers[r.Op].serve == nil:
		return fmt.Errorf("%w: unknown operation %q", errMalformed, r.Op)
	case len(r.Room) > 64 || len(r.User) > 256 || len(r.Name) > 256 || len(r.Why) > 1024:
		return fmt.Errorf("%w: a field too long", errMalformed)
	case r.Seat < -1 || r.Seat > 64:
		return fmt.Errorf("%w: seat %d", errMalformed, r.Seat)
	}
	return nil
}
