package cluster

import (
	"time"

	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/rooms"
	"github.com/arena-classroom/arena/tournament/director"
)

// The bus's subjects are busauth's: room ids and node names are single tokens of them (see
// validName), and the sender of a message is read from its subject, never from its body.
// The requests of the rooms' protocol are in ops.go.

// Heartbeat is what a node announces every second: who it is, the letter its room codes
// begin with, and its live rooms, for every other node's directory; and what the Parts
// riding on it announce (quick match, tournaments). A heartbeat heard is kept as it came
// and never changed: readers share it.
type Heartbeat struct {
	Proto int    `json:"proto"` // busauth.Proto of the sender
	Node  string `json:"node"`
	// Instance is drawn by each process: two processes heard under one name are two
	// nodes started with the same key and name, which must never run at once.
	Instance string       `json:"instance"`
	Letter   string       `json:"letter"`
	Rooms    []rooms.Info `json:"rooms"`
	Leaving  bool         `json:"leaving,omitempty"` // the node stops: forget it now
	// Since is when the node joined: the oldest keeps the cluster's quick match queues.
	Since time.Time `json:"since"`
	// Owners are who asked for each live room, and from where (rooms.Info keeps them off
	// the wire): the games a person or an address runs count on every node.
	Owners map[string][2]string `json:"owners,omitempty"`
	// Sessions counts this node's sessions by key: a key's sessions count on every node.
	Sessions map[string]int `json:"sessions,omitempty"`
	// Online is who is connected to this node (sorted): every lobby lists the cluster's.
	Online []string `json:"online,omitempty"`

	// Quick match (quickmatch): from the node that keeps the queues, the players waiting
	// by game, and the programs among them.
	Waiting  map[string]int              `json:"waiting,omitempty"`
	Programs map[string][]WaitingProgram `json:"programs,omitempty"`
	// Tournaments (tourneys): this node's director leads; it calls these people to their
	// games, and has changed its tournaments Changes times.
	Leads   bool                     `json:"leads,omitempty"`
	Calls   map[string]director.Call `json:"calls,omitempty"`
	Changes uint64                   `json:"changes,omitempty"`
	// Term is when the leader took the lead (the lease's Since, in Unix milliseconds on
	// the store's clock): a leader heard with a new term lost the lead and took it again
	// (between two heartbeats, perhaps), and forgot the programs in its line; of two nodes
	// that both say they lead, the later term is the lease's holder (the other has not
	// heard yet that it lost it). 0 from nodes before it.
	Term int64 `json:"term,omitempty"`
}

// WaitingProgram is a program waiting in the quick match queues, as their keeper lists it.
type WaitingProgram struct {
	Ref    string       `json:"ref"`
	Name   string       `json:"name"`
	Config games.Config `json:"config,omitempty"`
	// AnySize: it chose no board size; whoever challenges it does.
	AnySize bool `json:"any_size,omitempty"`
}
