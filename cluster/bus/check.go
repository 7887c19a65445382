package bus

import (
	"errors"

	"github.com/nats-io/nats.go"
)

// Kind is a kind of message on the bus, with its own size bound.
type Kind int

const (
	KindHeartbeat Kind = iota
	KindRequest
	KindFrame
	KindSeat
	kindCount
)

var kindNames = [kindCount]string{"heartbeat", "request", "frame", "seat"}

func (k Kind) String() string { return kindNames[k] }

// maxSize bounds each kind of message. A heartbeat lists a node's rooms (500 at most, about
// 400 B each); a request may carry a long game's replay (a room moving to another node,
// the one operation bound above DefaultMax); a frame and a program's turn carry one position.
var maxSize = [kindCount]int{
	KindHeartbeat: 1 << 20,
	KindRequest:   8 << 20,
	KindFrame:     1 << 20,
	KindSeat:      1 << 20,
}

// ErrMalformed is a message that does not validate.
var ErrMalformed = errors.New("malformed")

// Accept reports whether m is within its kind's size; a larger one is counted and dropped.
func (c *Conn) Accept(kind Kind, m *nats.Msg) bool {
	if len(m.Data) > maxSize[kind] {
		c.Reject(kind, "too large")
		return false
	}
	return true
}

// Reject counts a message dropped, and says it in the log at debug level: a node that
// sends nonsense would otherwise fill the log of every other.
func (c *Conn) Reject(kind Kind, why string) {
	c.rejected[kind].Add(1)
	c.log.Debug("bus message rejected", "kind", kindNames[kind], "why", why)
}
