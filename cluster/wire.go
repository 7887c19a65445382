package cluster

import (
	"encoding/json"
	"fmt"
	"math/big"
	"time"

	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/replay"
	"github.com/arena-classroom/arena/rooms"
	"github.com/arena-classroom/arena/tournament/director"
)

// The bus's subjects are busauth's: room ids and node names are single tokens of them (see
// validName), and the sender of a message is read from its subject, never from its body.

// announce is a node's heartbeat: who it is, the letter its room codes begin with, and its
// live rooms, for every other node's directory.
type announce struct {
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
	// Waiting counts the players in those queues by game, from the node that keeps them,
	// and Programs lists the programs among them.
	Waiting  map[string]int           `json:"waiting,omitempty"`
	Programs map[string][]wireProgram `json:"programs,omitempty"`
	// Leads: this node's director runs the cluster's tournaments; it calls these people to
	// their games, and has changed its tournaments Changes times.
	// Owners are who asked for each live room, and from where (rooms.Info keeps them off
	// the wire): the games a person or an address runs count on every node.
	Owners map[string][2]string `json:"owners,omitempty"`
	// Sessions counts this node's sessions by key: a key's sessions count on every node.
	Sessions map[string]int `json:"sessions,omitempty"`
	// Online is who is connected to this node (sorted): every lobby lists the cluster's.
	Online  []string                 `json:"online,omitempty"`
	Leads   bool                     `json:"leads,omitempty"`
	Calls   map[string]director.Call `json:"calls,omitempty"`
	Changes uint64                   `json:"changes,omitempty"`
}

// Operations a node asks of the node that owns a room.
const (
	opFind    = "find"    // the room with this id or code → Info
	opSeatOf  = "seatof"  // the running game where User holds a seat → Info
	opInfo    = "info"    // the room's Info now
	opSync    = "sync"    // everything a mirror needs, and send its frames to me from now on
	opUnwatch = "unwatch" // nobody here watches the room any more
	opAttach  = "attach"  // a session of mine watches or plays the room → its seat
	opDetach  = "detach"
	opDrop    = "drop"
	opJoin    = "join"
	opLeave   = "leave"
	opFill    = "fill"
	opSubmit  = "submit"
	opVote    = "vote"
	opHold    = "hold"
	opClose   = "close"
	opReplay  = "replay"
	opCreate  = "create" // open a room here (Spec), its programs' seats on the asking node
	opAnswer  = "answer" // a program's answer to Turn
	opResign  = "resign"
	// Quick match (queue.go): to the leader, then back to the ticket's node.
	opEnqueue   = "enqueue"
	opCancel    = "cancel"
	opAssigned  = "assigned"
	opChallenge = "challenge" // a person plays a program waiting in the leader's queue
	// opPing asks whether a node of this name is live: a node that starts asks itself.
	opPing = "ping"
)

// request is one operation (the table of handlers says which fields each reads), sent to
// the node that serves it. Each field means one thing for every operation.
type request struct {
	Proto   int             `json:"proto"` // busauth.Proto of the asking node
	Op      string          `json:"op"`
	ID      uint64          `json:"id,omitempty"`      // the asking node's: the same when sent again
	Room    string          `json:"room,omitempty"`    // id, or join code for opFind
	From    string          `json:"from"`              // the asking node, as the subject names it
	Session uint64          `json:"session,omitempty"` // a session of the asking node in the room
	Ticket  uint64          `json:"ticket,omitempty"`  // a quick match ticket of the asking node
	Program string          `json:"program,omitempty"` // a program waiting in quick match (opChallenge)
	User    string          `json:"user,omitempty"`
	Name    string          `json:"name,omitempty"`
	Seat    int             `json:"seat,omitempty"`
	Turn    int             `json:"turn,omitempty"`
	Action  json.RawMessage `json:"action,omitempty"`
	On      bool            `json:"on,omitempty"`
	Why     string          `json:"why,omitempty"` // why a room closes (opClose)
	// The operations' own messages.
	Create     *wireSpec      `json:"create,omitempty"`     // opCreate
	Enqueue    *wireTicket    `json:"enqueue,omitempty"`    // opEnqueue
	Tournament *tournamentMsg `json:"tournament,omitempty"` // opT…
	Err        *wireError     `json:"err,omitempty"`        // opAssigned: why the ticket got no room
}

// reply is the owner's answer.
type reply struct {
	Err    *wireError      `json:"err,omitempty"`
	OK     bool            `json:"ok,omitempty"`
	Seat   int             `json:"seat,omitempty"`
	Info   *rooms.Info     `json:"info,omitempty"`
	Replay json.RawMessage `json:"replay,omitempty"` // opSync, opReplay
	// Tournament is the leader's answer to an opT… request.
	Tournament *tournamentMsg `json:"tournament,omitempty"`
	Frame      *frame         `json:"frame,omitempty"` // opSync
}

// frame is one snapshot of a room on the bus: its scene, and the moves since the previous
// frame, from which each node that shows the room plays its state on (the referee is
// deterministic). A Perfect Aim frame is about 1.4 KB of JSON, its moves 67 B of it.
type frame struct {
	Scene rooms.Scene `json:"scene"`
	From  int         `json:"from"` // index of Moves[0] among the game's moves
	Moves []wireMove  `json:"moves,omitempty"`
	Clock string      `json:"clock,omitempty"` // a real-time game's instant, "num/den"
}

type wireMove struct {
	Seat    int             `json:"seat"`
	Action  json.RawMessage `json:"action"`
	Default bool            `json:"default,omitempty"`
	At      string          `json:"at,omitempty"`
}

func encodeMoves(ms []replay.Move) ([]wireMove, error) {
	out := make([]wireMove, len(ms))
	for i, m := range ms {
		raw, err := json.Marshal(m.Action)
		if err != nil {
			return nil, fmt.Errorf("move %d: %w", i, err)
		}
		out[i] = wireMove{Seat: m.Seat, Action: raw, Default: m.Default, At: m.At}
	}
	return out, nil
}

func decodeMoves(g games.Game, ms []wireMove) ([]replay.Move, error) {
	out := make([]replay.Move, len(ms))
	for i, m := range ms {
		a, err := g.DecodeAction(m.Action)
		if err != nil {
			return nil, fmt.Errorf("move %d: %w", i, err)
		}
		out[i] = replay.Move{Seat: m.Seat, Action: a, Default: m.Default, At: m.At}
	}
	return out, nil
}

// clockOf is a real-time state's instant, "" for other games.
func clockOf(st games.State) string {
	if rt, ok := st.(games.RealTime); ok {
		return rt.Clock().RatString()
	}
	return ""
}

func parseClock(s string) (*big.Rat, bool) {
	if s == "" {
		return nil, false
	}
	return new(big.Rat).SetString(s)
}
