package cluster

import (
	"encoding/json"
	"fmt"

	"github.com/arena-classroom/arena/cluster/bus"
	"github.com/arena-classroom/arena/cluster/frames"
	"github.com/arena-classroom/arena/rooms"
)

// The operations of the rooms' protocol: a node asks the node that owns a room. Each has
// its own request type, whose fields mean one thing, checked by its Validate before the
// operation sees it (bus.Handle). docs/architecture.md lists them.
var (
	opFind    = bus.Op[roomRef, rooms.Info]{Name: "find", Reads: true}     // by id or join code → Info
	opSeatOf  = bus.Op[userRef, rooms.Info]{Name: "seatof", Reads: true}   // the game where the user holds a seat
	opInfo    = bus.Op[roomRef, rooms.Info]{Name: "info", Reads: true}     // the room's Info now
	opSync    = bus.Op[roomRef, syncAnswer]{Name: "sync", Reads: true}     // all a mirror needs; frames follow
	opReplay  = bus.Op[roomRef, replayAnswer]{Name: "replay", Reads: true} // the game so far, its seed kept if hidden
	opUnwatch = bus.Op[roomRef, bus.None]{Name: "unwatch"}                 // nobody on the asking node shows it
	opAttach  = bus.Op[attachRequest, seatAnswer]{Name: "attach"}          // a session there watches or plays it
	opDetach  = bus.Op[sessionRef, bus.None]{Name: "detach"}
	opDrop    = bus.Op[sessionRef, bus.None]{Name: "drop"}
	opJoin    = bus.Op[joinRequest, seatAnswer]{Name: "join"}
	opLeave   = bus.Op[leaveRequest, bus.None]{Name: "leave"}
	opFill    = bus.Op[fillRequest, bus.None]{Name: "fill"}
	opSubmit  = bus.Op[submitRequest, bus.None]{Name: "submit"}
	opVote    = bus.Op[voteRequest, bus.None]{Name: "vote"}
	opHold    = bus.Op[holdRequest, bus.None]{Name: "hold"}
	opClose   = bus.Op[closeRequest, bus.None]{Name: "close"}
	// opCreate opens a room on the node asked, its programs' seats on the asking node; a
	// room moving off a draining node carries its game so far.
	opCreate = bus.Op[wireSpec, rooms.Info]{Name: "create", Max: 8 << 20}
)

// Bounds on what requests carry.
const (
	maxUser   = 256 // a user id, a person's name
	maxWhy    = 1024
	maxAction = 16 << 10
	maxSeat   = 64
)

func checkRoom(id string) error {
	if !validName.MatchString(id) {
		return fmt.Errorf("room %q", id)
	}
	return nil
}

func checkText(what, s string, max int) error {
	if len(s) > max {
		return fmt.Errorf("%s of %d bytes", what, len(s))
	}
	return nil
}

func checkSeat(seat int) error {
	if seat < 0 || seat >= maxSeat {
		return fmt.Errorf("seat %d", seat)
	}
	return nil
}

func checkAll(errs ...error) error {
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

// roomRef names a room of the node asked: its id, or its join code (opFind).
type roomRef struct {
	Room string `json:"room"`
}

func (r roomRef) Validate() error { return checkRoom(r.Room) }

type userRef struct {
	User string `json:"user"`
}

func (r userRef) Validate() error {
	if r.User == "" {
		return fmt.Errorf("no user")
	}
	return checkText("user", r.User, maxUser)
}

// sessionRef is a session of the asking node in a room here.
type sessionRef struct {
	Room    string `json:"room"`
	Session uint64 `json:"session"`
}

func (r sessionRef) Validate() error { return checkRoom(r.Room) }

type attachRequest struct {
	Room    string `json:"room"`
	Session uint64 `json:"session"`
	User    string `json:"user,omitempty"` // "" for a spectator without an account
}

func (r attachRequest) Validate() error {
	return checkAll(checkRoom(r.Room), checkText("user", r.User, maxUser))
}

type joinRequest struct {
	Room string `json:"room"`
	User string `json:"user"`
	Name string `json:"name"`
}

func (r joinRequest) Validate() error {
	return checkAll(checkRoom(r.Room), checkText("user", r.User, maxUser), checkText("name", r.Name, maxUser))
}

type leaveRequest struct {
	Room string `json:"room"`
	User string `json:"user"`
}

func (r leaveRequest) Validate() error {
	return checkAll(checkRoom(r.Room), checkText("user", r.User, maxUser))
}

type fillRequest struct {
	Room string `json:"room"`
	Name string `json:"name"` // the house bot's
}

func (r fillRequest) Validate() error {
	return checkAll(checkRoom(r.Room), checkText("name", r.Name, maxUser))
}

type submitRequest struct {
	Room   string          `json:"room"`
	User   string          `json:"user"`
	Seat   int             `json:"seat"`
	Action json.RawMessage `json:"action"`
}

func (r submitRequest) Validate() error {
	return checkAll(checkRoom(r.Room), checkText("user", r.User, maxUser), checkSeat(r.Seat),
		checkText("action", string(r.Action), maxAction))
}

type voteRequest struct {
	Room string `json:"room"`
	User string `json:"user"`
	Seat int    `json:"seat"` // -1: a spectator
}

func (r voteRequest) Validate() error {
	return checkAll(checkRoom(r.Room), checkText("user", r.User, maxUser), checkSeat(max(r.Seat, 0)))
}

type holdRequest struct {
	Room string `json:"room"`
	Seat int    `json:"seat"`
	On   bool   `json:"on"`
}

func (r holdRequest) Validate() error { return checkAll(checkRoom(r.Room), checkSeat(r.Seat)) }

type closeRequest struct {
	Room string `json:"room"`
	Why  string `json:"why"`
}

func (r closeRequest) Validate() error {
	return checkAll(checkRoom(r.Room), checkText("reason", r.Why, maxWhy))
}

// Answers.
type (
	seatAnswer struct {
		Seat int `json:"seat"` // -1: none
	}
	replayAnswer struct {
		Replay json.RawMessage `json:"replay,omitempty"` // none before the game starts
	}
	// syncAnswer is a mirror's start: the replay so far (its seed included) and the frame
	// it leads to.
	syncAnswer struct {
		Replay json.RawMessage `json:"replay,omitempty"`
		Frame  *frames.Frame   `json:"frame"`
	}
)

// Validate checks a room to open: its seats, and what they name.
func (w wireSpec) Validate() error {
	if len(w.Seats) == 0 || len(w.Seats) > maxSeat || len(w.Takeovers) > maxSeat {
		return fmt.Errorf("%d seats", len(w.Seats))
	}
	for _, s := range w.Seats {
		if err := checkAll(checkText("name", s.Name, maxUser), checkText("user", s.UserID, maxUser),
			checkText("bot", s.BotName, maxUser)); err != nil {
			return err
		}
		if s.CtlNode != "" && !validName.MatchString(s.CtlNode) {
			return fmt.Errorf("node %q", s.CtlNode)
		}
	}
	return checkAll(checkText("owner", w.Owner, maxUser), checkText("address", w.Addr, maxUser), checkText("tag", w.Tag, maxUser))
}
