// Package matchmaker seats the players who wait for a game (quick match: people from the
// lobby, programs with bot --game), and fills with house bots the seats nobody took in time.
package matchmaker

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/games/playable"
	"github.com/arena-classroom/arena/lang"
	"github.com/arena-classroom/arena/roomdir"
	"github.com/arena-classroom/arena/rooms"
)

// Ticket is one player waiting for a game: a human from the lobby or, later, a bot program.
type Ticket struct {
	UserID string
	Name   string
	Kind   rooms.SeatKind
	Game   playable.Entry
	Config games.Config
	// Controller speaks for a program (Kind rooms.Remote).
	Controller rooms.Controller
	// Origin is the node of a cluster where the player is connected ("" for this one): a
	// room goes where most of its players are (see SetPlacer).
	Origin string
	// AnySize: a program that chose no board size plays at the size of the person who
	// challenges it (its Config's size is the one quick match pairs it at).
	AnySize bool

	since time.Time
	done  chan Assignment // buffered: the matchmaker never blocks on it
	ref   string          // names it among the programs waiting (WaitingProgram.Ref)
}

// Assignment tells a waiting player which room it was seated in.
type Assignment struct {
	Room roomdir.Room
	Seat int
	Err  error
}

// Done receives the ticket's assignment, once.
func (t *Ticket) Done() <-chan Assignment { return t.done }

// Deliver hands t its assignment, made by a queue on another node (see Remote).
func (t *Ticket) Deliver(a Assignment) {
	select {
	case t.done <- a:
	default: // assigned already: the first assignment stands
	}
}

// Remote is a queue that another node of a cluster keeps for all of them: this node's
// tickets wait there, and their assignments come back through Ticket.Deliver.
type Remote interface {
	Enqueue(t *Ticket) error
	// Cancel reports false if t was seated meanwhile.
	Cancel(t *Ticket) bool
	// Waiting counts the players waiting there for a game (its id) or for a game with
	// settings (QueueKey).
	Waiting(key string) int
	// WaitingCounts is Waiting of every game and queue where someone waits.
	WaitingCounts() map[string]int
	// WaitingPrograms lists the programs waiting there for game id; Challenge seats a
	// person against one.
	WaitingPrograms(id string) []WaitingProgram
	Challenge(p WaitingProgram, userID, name string, size int) (roomdir.Room, error)
}

// Placer opens a quick match's room: origins are its players' nodes (Ticket.Origin).
type Placer func(spec rooms.Spec, origins []string) (roomdir.Room, error)

// Matchmaker seats waiting players together, and fills with house bots the seats nobody
// took within FillAfter. Humans and bots are both just seats.
type Matchmaker struct {
	rooms     roomdir.Directory
	fillAfter time.Duration
	now       func() time.Time

	mu     sync.Mutex
	queues map[string][]*Ticket // by game and config
	remote Remote               // where the queues are kept, when another node keeps them
	place  Placer

	version atomic.Uint64 // changes with the queues, for the lobby's screens
}

// New makes a matchmaker that runs on the rooms' tick.
func New(dir roomdir.Directory, fillAfter time.Duration, now func() time.Time) *Matchmaker {
	if now == nil {
		now = time.Now
	}
	m := &Matchmaker{rooms: dir, fillAfter: fillAfter, now: now, queues: make(map[string][]*Ticket)}
	dir.OnTick(m.Tick)
	return m
}

// SetRemote sends the tickets to another node's queue from now on (nil: keep them here),
// and returns those waiting here, still waiting for their assignment, to be sent there.
func (m *Matchmaker) SetRemote(r Remote) (waiting []*Ticket) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.remote = r
	if r == nil {
		return nil
	}
	for _, key := range slices.Sorted(maps.Keys(m.queues)) {
		waiting = append(waiting, m.queues[key]...)
	}
	clear(m.queues)
	m.version.Add(1)
	return waiting
}

// SetPlacer makes p open the rooms of quick matches (default: the directory's Create).
func (m *Matchmaker) SetPlacer(p Placer) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.place = p
}

// Requeue puts back in line, here, a ticket that waited in another node's queue (that
// node is gone), keeping its place in time and its Done channel.
func (m *Matchmaker) Requeue(t *Ticket) {
	key := QueueKey(t.Game, t.Config)
	m.mu.Lock()
	defer m.mu.Unlock()
	q := append(m.queues[key], t)
	slices.SortStableFunc(q, func(a, b *Ticket) int { return a.since.Compare(b.since) })
	if len(q) >= TableSize(t.Game) {
		m.seat(q, false)
		q = nil
	}
	m.queues[key] = q
	m.version.Add(1)
}

// FillAfter is how long a player waits before house bots fill the table.
func (m *Matchmaker) FillAfter() time.Duration { return m.fillAfter }

// QueueKey names the queue of game e with settings cfg (normalized): players are paired
// only within one queue. For a game without settings it is the game's id.
func QueueKey(e playable.Entry, cfg games.Config) string {
	var b strings.Builder
	b.WriteString(e.Game.ID())
	for _, k := range cfg.Keys() {
		fmt.Fprintf(&b, " %s=%d", k, cfg[k])
	}
	return b.String()
}

// TableSize is how many seats a quick match fills: the game's default number of players.
func TableSize(e playable.Entry) int {
	return e.Game.Describe().DefaultPlayers(e.Game.Seats())
}

// Enqueue puts t in its game's queue and seats it at once if enough players wait.
func (m *Matchmaker) Enqueue(t *Ticket) (*Ticket, error) {
	cfg, err := t.Game.Game.Normalize(t.Config)
	if err != nil {
		return nil, err
	}
	t.Config = cfg
	t.since = m.now()
	t.done = make(chan Assignment, 1)
	t.ref = strconv.FormatUint(refs.Add(1), 36)
	key := QueueKey(t.Game, cfg)
	if r := m.remoteQueue(); r != nil { // asked outside the lock: the hub's tick takes it
		if err := r.Enqueue(t); err != nil {
			return nil, err
		}
		m.version.Add(1)
		return t, nil
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	q := m.queues[key]
	for _, other := range q {
		if other.UserID == t.UserID {
			return nil, lang.Errorf("you are already waiting for a game of %s", t.Game.Game.Name())
		}
	}
	q = append(q, t)
	if len(q) >= TableSize(t.Game) {
		m.seat(q, false)
		q = nil
	}
	m.queues[key] = q
	m.version.Add(1)
	return t, nil
}

// Cancel takes t out of its queue. It reports false if t was already seated.
func (m *Matchmaker) Cancel(t *Ticket) bool {
	m.mu.Lock()
	r := m.remote
	if r != nil && !m.holds(t) {
		m.mu.Unlock()
		if !r.Cancel(t) {
			return false
		}
		m.version.Add(1)
		t.Deliver(Assignment{Err: ErrCancelled})
		return true
	}
	defer m.mu.Unlock()
	key := QueueKey(t.Game, t.Config)
	q := m.queues[key]
	for i, other := range q {
		if other == t {
			m.queues[key] = append(q[:i:i], q[i+1:]...)
			m.version.Add(1)
			// Whoever waits on Done wakes up: a cancelled wait must not leave a goroutine
			// blocked forever.
			t.done <- Assignment{Err: ErrCancelled}
			return true
		}
	}
	return false
}

// ErrCancelled is the Assignment of a ticket taken out of its queue by Cancel.
var ErrCancelled = lang.Errorf("the wait was cancelled")

// Waiting counts players waiting for a game (its id) or for a game with settings, those
// who can be paired together (QueueKey).
func (m *Matchmaker) Waiting(key string) int {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.remote != nil {
		return m.remote.Waiting(key)
	}
	return m.countsLocked()[key]
}

// WaitingCounts is Waiting of every game and every queue where someone waits: a new map.
func (m *Matchmaker) WaitingCounts() map[string]int {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.remote != nil {
		return m.remote.WaitingCounts()
	}
	return m.countsLocked()
}

// countsLocked counts the waiting by game id and by queue. Caller holds m.mu.
func (m *Matchmaker) countsLocked() map[string]int {
	counts := map[string]int{}
	for key, q := range m.queues {
		if len(q) == 0 {
			continue
		}
		counts[key] += len(q)
		if id := q[0].Game.Game.ID(); id != key { // a game without settings: its key is its id
			counts[id] += len(q)
		}
	}
	return counts
}

// Tick fills with bots every queue whose oldest player waited FillAfter.
func (m *Matchmaker) Tick(now time.Time) {
	m.mu.Lock()
	defer m.mu.Unlock()
	// Sorted so that rooms open in the same order whatever the map's order.
	for _, key := range slices.Sorted(maps.Keys(m.queues)) {
		q := m.queues[key]
		if len(q) > 0 && now.Sub(q[0].since) >= m.fillAfter {
			m.seat(q, true)
			delete(m.queues, key)
			m.version.Add(1)
		}
	}
}

// seat opens a room for the players of q (oldest first in seat 0), filling the rest of the
// table with the game's strongest house bot when fill is set. Caller holds m.mu.
func (m *Matchmaker) seat(q []*Ticket, fill bool) {
	e := q[0].Game
	n := len(q)
	if fill {
		n = max(TableSize(e), len(q))
		if minSeats, _ := e.Game.Seats(); n < minSeats {
			n = minSeats
		}
	}
	seats := make([]rooms.Seat, n)
	for i := range seats {
		if i < len(q) {
			seats[i] = rooms.Seat{Kind: q[i].Kind, Name: q[i].Name, UserID: q[i].UserID, Controller: q[i].Controller}
		} else {
			seats[i] = rooms.Seat{Kind: rooms.HouseBot, BotName: e.Strongest}
		}
	}
	origins := make([]string, len(q))
	for i, t := range q {
		origins[i] = t.Origin
	}
	r, err := m.open(rooms.Spec{Game: e, Config: q[0].Config, Seats: seats}, origins)
	for i, t := range q {
		if err != nil {
			t.done <- Assignment{Err: err}
		} else {
			t.done <- Assignment{Room: r, Seat: i}
		}
	}
}

func (m *Matchmaker) remoteQueue() Remote {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.remote
}

// open opens a room for players connected to origins: where the placer puts it, else in
// the directory. Caller holds m.mu.
func (m *Matchmaker) open(spec rooms.Spec, origins []string) (roomdir.Room, error) {
	if m.place != nil {
		return m.place(spec, origins)
	}
	return m.rooms.Create(spec)
}

// holds reports whether t waits in a queue here. Caller holds m.mu.
func (m *Matchmaker) holds(t *Ticket) bool {
	return slices.Contains(m.queues[QueueKey(t.Game, t.Config)], t)
}

// refs numbers the tickets, to name the programs waiting (WaitingProgram.Ref).
var refs atomic.Uint64

// WaitingProgram is a bot program waiting in a queue, which a person may challenge.
type WaitingProgram struct {
	Name   string
	Config games.Config
	// AnySize: the program chose no board size; a person challenging it chooses.
	AnySize bool
	// Ref names it in its queue, here or on the node of a cluster that keeps the queues.
	Ref    string
	ticket *Ticket
}

// Program is the program waiting here under ref, if it still waits.
func (m *Matchmaker) Program(ref string) (WaitingProgram, bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	for _, q := range m.queues {
		for _, t := range q {
			if t.ref == ref && t.Kind == rooms.Remote {
				return WaitingProgram{Name: t.Name, Config: t.Config, AnySize: t.AnySize, Ref: t.ref, ticket: t}, true
			}
		}
	}
	return WaitingProgram{}, false
}

// WaitingPrograms lists the programs waiting for game id, longest waiting first.
func (m *Matchmaker) WaitingPrograms(id string) []WaitingProgram {
	if r := m.remoteQueue(); r != nil {
		return r.WaitingPrograms(id)
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	var out []WaitingProgram
	for _, key := range slices.Sorted(maps.Keys(m.queues)) {
		for _, t := range m.queues[key] {
			if t.Kind == rooms.Remote && t.Game.Game.ID() == id {
				out = append(out, WaitingProgram{Name: t.Name, Config: t.Config, AnySize: t.AnySize, Ref: t.ref, ticket: t})
			}
		}
	}
	slices.SortStableFunc(out, func(a, b WaitingProgram) int { return a.ticket.since.Compare(b.ticket.since) })
	return out
}

// ErrProgramGone is returned when a challenged program was seated elsewhere or left.
var ErrProgramGone = lang.Errorf("that program is no longer waiting: it was just seated or it left")

// Challenge seats a person against a waiting program, the person first, in the program's
// settings, or at board size (when not 0) if the program chose none. The program hears of
// its room through its ticket as usual.
func (m *Matchmaker) Challenge(p WaitingProgram, userID, name string, size int) (roomdir.Room, error) {
	if r := m.remoteQueue(); r != nil && p.ticket == nil {
		return r.Challenge(p, userID, name, size)
	}
	return m.ChallengeFrom(p, userID, name, size, "")
}

// ChallengeFrom is Challenge for a person connected to node origin of a cluster: the room
// goes where the placer puts it (near the person, or the program).
func (m *Matchmaker) ChallengeFrom(p WaitingProgram, userID, name string, size int, origin string) (roomdir.Room, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	t := p.ticket
	key := QueueKey(t.Game, t.Config)
	q := m.queues[key]
	i := slices.Index(q, t)
	if i < 0 {
		return nil, ErrProgramGone
	}
	if t.UserID == userID {
		return nil, lang.Errorf("that is your own program: play it from another key, or against a house bot")
	}
	cfg, err := challengeConfig(t, size)
	if err != nil {
		return nil, err
	}
	spec := rooms.Spec{Game: t.Game, Config: cfg, Seats: []rooms.Seat{
		{Kind: rooms.Human, Name: name, UserID: userID},
		{Kind: rooms.Remote, Name: t.Name, UserID: t.UserID, Controller: t.Controller},
	}}
	r, err := m.open(spec, []string{origin, t.Origin})
	if err != nil {
		return nil, err
	}
	m.queues[key] = slices.Delete(q, i, i+1)
	m.version.Add(1)
	t.done <- Assignment{Room: r, Seat: 1}
	return r, nil
}

// challengeConfig is the settings of t's game against a person who asked for board size
// (0: the program's): a program that chose a size keeps it.
func challengeConfig(t *Ticket, size int) (games.Config, error) {
	if !t.AnySize || size == 0 || t.Config["size"] == size {
		return t.Config, nil
	}
	cfg := t.Config.Clone()
	cfg["size"] = size
	return t.Game.Game.Normalize(cfg)
}

// Version changes whenever the queues do, for the lobby's screens.
func (m *Matchmaker) Version() uint64 { return m.version.Load() }
