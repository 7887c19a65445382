// Package rooms holds live rooms and the hub: one central tick loop that advances every room,
// real-time and turn-based alike, and publishes immutable snapshots to the sessions that
// watch them through latest-wins mailboxes. The hub never blocks on a session.
package rooms

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"runtime"
	"runtime/debug"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/internal/codes"
	"github.com/arena-classroom/arena/replay"
	seedpkg "github.com/arena-classroom/arena/seed"
	"github.com/arena-classroom/arena/timebank"
)

// Config tunes the hub. Zero fields take the defaults of DefaultConfig.
type Config struct {
	TickHz     int           // ticks per second (default 20)
	HumanMove  time.Duration // a human's time for one decision (default 60 s)
	BotMove    time.Duration // a program's time for one decision (default 500 ms)
	BotBank    time.Duration // a program's time bank for the whole game (default 5 s)
	MaxStrikes int           // missed deadlines before a house bot replaces a program (default 3)
	// RemoteBudget is how long before a real-time decision a program is sent it (default
	// 100 ms); its answer applies at the instant, WAIT (the default) if none came.
	RemoteBudget time.Duration
	BotPace      time.Duration // a house bot waits this long before it plays, so people can follow (default 500 ms)
	// BotThink is a turn-based house bot's budget for one decision, beyond the pace (default
	// 5 s); past it the seat plays the default. Thinkers bounds the house bots thinking at
	// once across the server (default 2 × GOMAXPROCS); the others wait their turn, those of
	// rooms with people first. LowThinkers bounds, among them, those of practice and of
	// rooms without a person (default GOMAXPROCS / 2, at least 1): a core stays free.
	BotThink    time.Duration
	Thinkers    int
	LowThinkers int
	Linger      time.Duration // a finished room stays this long once nobody watches (default 30 s)
	WaitingTTL  time.Duration // a waiting room closes after this long (default 15 min)
	// AbsentGrace is how long a seated human may have no session before a bot takes over
	// (default 20 s).
	AbsentGrace time.Duration
	MaxRooms    int // live rooms at once (default 500)
	// MaxRoomsPerOwner and MaxRoomsPerAddr bound the live rooms (waiting or playing) created
	// by one identity and from one address (defaults 3 and 50), so that nobody can fill
	// MaxRooms alone. Rooms the matchmaker makes have no owner.
	MaxRoomsPerOwner int
	MaxRoomsPerAddr  int
	Logger           *slog.Logger
	// OnFinish records a finished game (the store); the result is announced as saved once it
	// returns. Called on its own goroutine.
	OnFinish func(info Info, rp replay.Replay) error
	// Now is the clock (tests drive the hub with Tick and a fake time).
	Now func() time.Time
	// Observer hears how the hub does, for an operator's metrics (nil: nobody listens).
	Observer Observer
	// Secret keys the seeds nobody may predict (seed.Keyed): every house bot's, and those
	// the lobby and the tournament director derive for games of hidden chance. The store
	// keeps it (store.SeedSecret), so that a tournament re-run on the same store plays the
	// same games; nil draws one for the hub's lifetime.
	Secret seedpkg.Secret
	// Codes draws room ids and join codes (default codes.Local: unique on this hub).
	Codes codes.Drawer
}

// Observer hears the hub's own figures. Its methods are called from the hub's loop and the
// house bots' goroutines: they must be quick and safe for concurrent use.
type Observer interface {
	// Tick: one tick took took, and started late behind its schedule.
	Tick(took, late time.Duration)
	// Decision: house bot bot of game took took to choose.
	Decision(game, bot string, took time.Duration)
}

type noObserver struct{}

func (noObserver) Tick(_, _ time.Duration)               {}
func (noObserver) Decision(_, _ string, _ time.Duration) {}

// DefaultConfig returns the defaults.
func DefaultConfig() Config {
	return Config{
		TickHz:           20,
		HumanMove:        60 * time.Second,
		BotMove:          500 * time.Millisecond,
		BotBank:          5 * time.Second,
		MaxStrikes:       3,
		RemoteBudget:     100 * time.Millisecond,
		BotPace:          500 * time.Millisecond,
		BotThink:         5 * time.Second,
		Thinkers:         2 * runtime.GOMAXPROCS(0),
		LowThinkers:      max(1, runtime.GOMAXPROCS(0)/2),
		Linger:           30 * time.Second,
		WaitingTTL:       15 * time.Minute,
		AbsentGrace:      20 * time.Second,
		MaxRooms:         500,
		MaxRoomsPerOwner: 3,
		MaxRoomsPerAddr:  50,
	}
}

func (c Config) withDefaults() Config {
	d := DefaultConfig()
	if c.Observer == nil {
		c.Observer = noObserver{}
	}
	if c.Codes == nil {
		c.Codes = codes.Local{}
	}
	if c.TickHz <= 0 {
		c.TickHz = d.TickHz
	}
	if c.HumanMove <= 0 {
		c.HumanMove = d.HumanMove
	}
	if c.BotMove <= 0 {
		c.BotMove = d.BotMove
	}
	if c.BotBank < 0 {
		c.BotBank = 0
	} else if c.BotBank == 0 {
		c.BotBank = d.BotBank
	}
	if c.RemoteBudget <= 0 {
		c.RemoteBudget = d.RemoteBudget
	}
	if c.MaxStrikes <= 0 {
		c.MaxStrikes = d.MaxStrikes
	}
	if c.BotPace < 0 {
		c.BotPace = 0
	} else if c.BotPace == 0 {
		c.BotPace = d.BotPace
	}
	if c.BotThink <= 0 {
		c.BotThink = d.BotThink
	}
	if c.Thinkers <= 0 {
		c.Thinkers = d.Thinkers
	}
	if c.LowThinkers <= 0 {
		c.LowThinkers = d.LowThinkers
	}
	if c.Linger <= 0 {
		c.Linger = d.Linger
	}
	if c.WaitingTTL == 0 {
		c.WaitingTTL = d.WaitingTTL
	}
	if c.AbsentGrace <= 0 {
		c.AbsentGrace = d.AbsentGrace
	}
	if c.MaxRooms <= 0 {
		c.MaxRooms = d.MaxRooms
	}
	if c.MaxRoomsPerOwner <= 0 {
		c.MaxRoomsPerOwner = d.MaxRoomsPerOwner
	}
	if c.MaxRoomsPerAddr <= 0 {
		c.MaxRoomsPerAddr = d.MaxRoomsPerAddr
	}
	if c.Logger == nil {
		c.Logger = slog.New(slog.DiscardHandler)
	}
	if c.Now == nil {
		c.Now = time.Now
	}
	if len(c.Secret) == 0 {
		c.Secret = seedpkg.NewSecret()
	}
	return c
}

// programTime is a program seat's time rules in live rooms (timebank, as headless).
func (c Config) programTime() timebank.Rules {
	return timebank.Rules{Move: c.BotMove, Bank: c.BotBank, MaxStrikes: c.MaxStrikes}
}

// ErrTooManyRooms is returned when the server holds MaxRooms live rooms.
var ErrTooManyRooms = errors.New("the arena is full right now: try again in a minute")

// TooManyRoomsError refuses a room to someone who already runs their share.
type TooManyRoomsError struct{ Msg string }

func (e *TooManyRoomsError) Error() string { return e.Msg }

// Hub owns every live room and ticks them all from one goroutine.
type Hub struct {
	cfg Config
	log *slog.Logger

	saving sync.WaitGroup // results being stored

	thinking sync.WaitGroup // house bots thinking
	thinkers *thinkQueue    // the house bots that may think at once (Config.Thinkers)

	// Fast rooms (programs and house bots only) with something to do now: an answer came,
	// a bot decided. The loop serves them as they come, between its ticks.
	readyMu sync.Mutex
	ready   []*Room
	wake    chan struct{} // capacity one: something is ready

	mu      sync.Mutex
	rooms   []*Room // in creation order
	byKey   map[string]*Room
	tickers []func(now time.Time)

	version atomic.Uint64 // see Version
}

// NewHub makes a hub; call Run to start its loop.
func NewHub(cfg Config) *Hub {
	cfg = cfg.withDefaults()
	return &Hub{cfg: cfg, log: cfg.Logger, byKey: make(map[string]*Room), thinkers: newThinkQueue(cfg.Thinkers, cfg.LowThinkers),
		wake: make(chan struct{}, 1)}
}

// Config returns the hub's effective configuration.
func (h *Hub) Config() Config { return h.cfg }

func (h *Hub) now() time.Time { return h.cfg.Now() }

// OnTick registers f to run on every tick before the rooms (the matchmaker uses it). f must
// not block.
func (h *Hub) OnTick(f func(now time.Time)) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.tickers = append(h.tickers, f)
}

// Run ticks every room at TickHz until ctx ends, and between ticks serves the fast rooms
// that have something to do, as soon as they do. Ticks come first: the ticker is checked
// between two fast rooms, so people's rooms keep their pace however busy the bots are.
func (h *Hub) Run(ctx context.Context) {
	every := time.Second / time.Duration(h.cfg.TickHz)
	t := time.NewTicker(every)
	defer t.Stop()
	tick := func(scheduled time.Time) {
		start := time.Now()
		h.Tick(h.now())
		h.cfg.Observer.Tick(time.Since(start), start.Sub(scheduled))
	}
	for {
		select {
		case <-ctx.Done():
			return
		case scheduled := <-t.C:
			tick(scheduled)
		case <-h.wake:
			for h.ServeReady(1) > 0 {
				select {
				case scheduled := <-t.C:
					tick(scheduled)
				case <-ctx.Done():
					return
				default:
				}
			}
		}
	}
}

// poke queues a fast room to be served (once, however often it is poked before) and wakes
// the loop.
func (h *Hub) poke(r *Room) {
	h.readyMu.Lock()
	if !r.queued {
		r.queued = true
		h.ready = append(h.ready, r)
	}
	h.readyMu.Unlock()
	select {
	case h.wake <- struct{}{}:
	default:
	}
}

// ServeReady serves up to n fast rooms that have something to do, first come first served,
// and returns how many it served. Each plays at most maxMovesPerTick moves, then goes to
// the back of the queue if it has more: one room's bots cannot hold the loop. (Run calls
// it; tests that drive the hub with a fake clock call it too.)
func (h *Hub) ServeReady(n int) int {
	served := 0
	for served < n {
		h.readyMu.Lock()
		if len(h.ready) == 0 {
			h.readyMu.Unlock()
			break
		}
		r := h.ready[0]
		h.ready[0] = nil
		h.ready = h.ready[1:]
		r.queued = false
		h.readyMu.Unlock()
		h.guard("room", r, func() { r.serve(h.now()) })
		served++
	}
	return served
}

// WaitSaves waits for the results being stored, so that a server stopping right after a
// game ended still keeps it.
func (h *Hub) WaitSaves() { h.saving.Wait() }

// Tick advances every room to now once. A panic in one room closes that room only.
func (h *Hub) Tick(now time.Time) {
	h.mu.Lock()
	rooms := slices.Clone(h.rooms)
	tickers := slices.Clone(h.tickers)
	h.mu.Unlock()
	for _, f := range tickers {
		h.guard("ticker", nil, func() { f(now) })
	}
	gone := false
	for _, r := range rooms {
		h.guard("room", r, func() { r.tick(now) })
		if r.isClosed() {
			gone = true
		}
	}
	if gone {
		h.sweep()
	}
}

// guard runs f, turning a panic into a log line and, for a room, its closing.
func (h *Hub) guard(what string, r *Room, f func()) {
	defer func() {
		p := recover()
		if p == nil {
			return
		}
		h.log.Error(what+" panicked", "panic", p, "stack", string(debug.Stack()))
		if r == nil {
			return
		}
		// The room's lock was released by its deferred Unlock during the panic.
		r.mu.Lock()
		r.close(h.now(), "this room stopped on an internal error; sorry — back to the lobby")
		r.publishLocked(h.now())
		r.mu.Unlock()
	}()
	f()
}

// sweep forgets closed rooms. Room locks are taken before the hub's, never inside it
// (a room creating its rematch holds its own lock and then takes the hub's).
func (h *Hub) sweep() {
	h.mu.Lock()
	rooms := slices.Clone(h.rooms)
	h.mu.Unlock()
	closed := make(map[*Room]bool)
	for _, r := range rooms {
		if r.isClosed() {
			closed[r] = true
		}
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	kept := h.rooms[:0]
	for _, r := range h.rooms {
		if closed[r] {
			delete(h.byKey, r.id)
			if r.code != "" {
				delete(h.byKey, r.code)
			}
			continue
		}
		kept = append(kept, r)
	}
	clear(h.rooms[len(kept):])
	h.rooms = kept
}

// Create opens a room. Seats that are Open make it wait for players.
func (h *Hub) Create(spec Spec) (*Room, error) { return h.create(spec) }

func (h *Hub) create(spec Spec) (*Room, error) {
	if spec.Game.Game == nil {
		return nil, errors.New("no game given")
	}
	min, max := spec.Game.Game.Seats()
	if len(spec.Seats) < min || len(spec.Seats) > max {
		return nil, fmt.Errorf("%s takes %d to %d players", spec.Game.Game.Name(), min, max)
	}
	cfg, err := spec.Game.Game.Normalize(spec.Config)
	if err != nil {
		return nil, err
	}
	seed := spec.Seed
	if seed == 0 {
		seed = freshSeed(spec.Game.Game)
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	if len(h.rooms) >= h.cfg.MaxRooms {
		return nil, ErrTooManyRooms
	}
	if err := h.checkShareLocked(spec); err != nil {
		return nil, err
	}
	id := h.cfg.Codes.RoomID(h.takenLocked)
	code := ""
	if spec.Private {
		// Not the room's own id either: a drawer may draw both from one alphabet.
		code = h.cfg.Codes.JoinCode(func(c string) bool { return c == id || h.takenLocked(c) })
	}
	r, err := newRoom(h, id, code, spec, cfg, seed, h.now())
	if err != nil {
		return nil, err
	}
	h.rooms = append(h.rooms, r)
	h.byKey[id] = r
	if code != "" {
		h.byKey[code] = r
	}
	return r, nil
}

// freshSeed draws a room's seed: a short one where the seed is public anyway (it makes a
// board everyone sees), 53 bits where it decides chance the players must not foresee.
func freshSeed(g games.Game) uint64 {
	if p := g.Describe().Protocol; p != nil && p.SeedPublic {
		return seedpkg.Random()
	}
	return seedpkg.Wide()
}

// Find returns the room with this id or join code (case-insensitive).
func (h *Hub) Find(key string) (*Room, bool) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if r, ok := h.byKey[strings.ToLower(key)]; ok {
		return r, true
	}
	r, ok := h.byKey[strings.ToUpper(key)]
	return r, ok
}

// SeatOf finds the running game in which userID holds a seat of their own (not handed to a
// house bot): a person who comes back after losing their connection returns to it.
func (h *Hub) SeatOf(userID string) (*Room, bool) {
	if userID == "" {
		return nil, false
	}
	h.mu.Lock()
	rooms := slices.Clone(h.rooms)
	h.mu.Unlock()
	for _, r := range rooms {
		if r.holdsSeat(userID) {
			return r, true
		}
	}
	return nil, false
}

// Version changes whenever what List shows changes (a room opens, closes, changes state,
// players or spectators): a lobby draws its list again only then.
func (h *Hub) Version() uint64 { return h.version.Load() }

// List describes every live room, oldest first.
func (h *Hub) List() []Info {
	h.mu.Lock()
	rooms := slices.Clone(h.rooms)
	h.mu.Unlock()
	out := make([]Info, 0, len(rooms))
	for _, r := range rooms {
		if info := r.Info(); info.Status != Closed {
			out = append(out, info)
		}
	}
	return out
}

// takenLocked reports whether a room id or join code is in use. Caller holds h.mu.
func (h *Hub) takenLocked(key string) bool {
	_, taken := h.byKey[key]
	return taken
}

// checkShareLocked refuses a room to an owner, or an address, already running its share of
// live rooms. Caller holds h.mu; room locks are never taken inside it (the owner and address
// never change, and status is read atomically).
func (h *Hub) checkShareLocked(spec Spec) error {
	if spec.Owner == "" && spec.Addr == "" {
		return nil
	}
	owned, fromAddr := 0, 0
	for _, r := range h.rooms {
		if !r.live() {
			continue
		}
		if spec.Owner != "" && r.owner == spec.Owner {
			owned++
		}
		if spec.Addr != "" && r.addr == spec.Addr {
			fromAddr++
		}
	}
	switch {
	case owned >= h.cfg.MaxRoomsPerOwner:
		return &TooManyRoomsError{fmt.Sprintf("you already have %d games running (the limit); finish or leave one before starting another", owned)}
	case fromAddr >= h.cfg.MaxRoomsPerAddr:
		return &TooManyRoomsError{fmt.Sprintf("%d games are already running from your network address (the limit); finish some before starting another", fromAddr)}
	}
	return nil
}
