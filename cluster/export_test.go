package cluster

import "github.com/arena-classroom/arena/cluster/frames"

// The bus protocol's messages that are not operations' (those are listed by bus.Conn.Ops),
// for the round-trip test of protocol_test.go.
var WireMessages = []any{&Heartbeat{}, &frames.Frame{}, &frames.Move{}, &wireSeat{}}
