// Package rooms holds live rooms and the hub: one central tick loop that advances every room,
// real-time and turn-based alike, and publishes immutable snapshots to the sessions that
// watch them through latest-wins mailboxes. The hub never blocks on a session.
package rooms

import (
	"context"
	"log/slog"
	"runtime/debug"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/lang"
	seedpkg "github.com/arena-classroom/arena/seed"
)

// ErrTooManyRooms is returned when the server holds MaxRooms live rooms.
var ErrTooManyRooms = lang.Errorf("the arena is full right now: try again in a minute")

// TooManyRoomsError refuses a room to someone who already runs their share.
type TooManyRoomsError struct {
	Msg  string    // in English
	Text lang.Text // Msg in the catalog: lang.Say(err, l) says it in l
}

func (e *TooManyRoomsError) Error() string { return e.Msg }

// Unwrap is the refusal as a *lang.Error, for lang.Say.
func (e *TooManyRoomsError) Unwrap() error {
	if e.Text.Key == "" {
		return nil
	}
	return lang.Errorf(e.Text.Key, e.Text.Args...)
}

func tooManyRooms(t lang.Text) error { return &TooManyRoomsError{Msg: t.String(), Text: t} }

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
		r.close(h.now(), lang.T("this room stopped on an internal error; sorry — back to the lobby"))
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
			if r.was != "" && h.byKey[r.was] == r {
				delete(h.byKey, r.was)
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
		return nil, lang.Errorf("no game given")
	}
	min, max := spec.Game.Game.Seats()
	if len(spec.Seats) < min || len(spec.Seats) > max {
		return nil, lang.Errorf("%s takes %d to %d players", lang.T(spec.Game.Game.Name()), games.Digits(min), games.Digits(max))
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
	if spec.Was != "" && !h.takenLocked(spec.Was) {
		h.byKey[spec.Was] = r
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
		return tooManyRooms(lang.T("you already have %d games running (the limit); finish or leave one before starting another", games.Digits(owned)))
	case fromAddr >= h.cfg.MaxRoomsPerAddr:
		return tooManyRooms(lang.T("%d games are already running from your network address (the limit); finish some before starting another", games.Digits(fromAddr)))
	}
	return nil
}
