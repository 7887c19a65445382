package rooms

import (
	"encoding/json"
	"fmt"
	"math/big"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/arena-classroom/arena/bots"
	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/games/playable"
	"github.com/arena-classroom/arena/lang"
	"github.com/arena-classroom/arena/replay"
	"github.com/arena-classroom/arena/seed"
	"github.com/arena-classroom/arena/timebank"
)

// Seat is who sits at one seat of a new room.
type Seat struct {
	Kind   SeatKind
	Name   string
	UserID string // humans and remote programs
	// BotName names the house bot of a HouseBot seat; the room makes it from the game seed.
	BotName string
	// Controller speaks for a Remote seat.
	Controller Controller
}

// Spec describes a room to create.
type Spec struct {
	Game    playable.Entry
	Config  games.Config // nil for the game's defaults
	Seed    uint64       // 0 picks a random seed
	Seats   []Seat       // Open seats make a waiting room
	Private bool         // private rooms get a join code and are joined only with it
	// Owner and Addr are the identity and network address of whoever asked for the room,
	// counted against the hub's per-owner and per-address limits ("" for none).
	Owner, Addr string
	// Tag is carried unchanged into Info: who made the room and why (a tournament's game).
	Tag string
	// Unpaced rooms let house bots play as soon as they have decided, without the hub's
	// BotPace: a tournament of programs need not wait for people to follow. They still move
	// on the hub's ticks, one decision a tick or so: a pace the wall can follow.
	Unpaced bool
	// Fast rooms (turn-based, programs and house bots only, unpaced) play each decision as
	// soon as it is known, between the hub's ticks (see Hub.ServeReady).
	Fast bool
	// MoveGap, when positive, is the least time between two moves of a turn-based room: a
	// tournament's live pace, which a class follows on the projector. The next turn starts
	// that long after the last move; an answer that came sooner waits, uncharged.
	MoveGap time.Duration
	// AbsentGrace, when positive, replaces the hub's for this room: how long a seated
	// person may stay away before a house bot plays on for them (a tournament calls its
	// players in from the lobby).
	AbsentGrace time.Duration
	// MayHoldClock: a person's own game against house bots, opened from the lobby, where
	// the person's clock may stop while they read the rules (HoldClock).
	MayHoldClock bool
	// Resume takes up a game another node of a cluster played so far: these moves are
	// played again from Seed as the game starts (every seat is taken), and it goes on from
	// there; its people are away until they come back (AbsentGrace).
	Resume []replay.Move
	// Takeovers, with Resume, are the seats a house bot had taken over (nil for the others).
	Takeovers []*Takeover
	// Was, with Resume, is the id the room had on the node it comes from: Find finds it by
	// that id too, so that watch OLD-ID, typed again after the restart, finds the game.
	Was string
	// Clock, when its Move is set, is the programs' time in this room instead of the hub's
	// (a tournament's own clock).
	Clock timebank.Rules
	// VoidWhenLost: a program whose connection is lost during the game (it did not resign)
	// voids it: the room closes without a result, for its tournament to play it again
	// (Seated.Lost). Otherwise a lost program resigns, and a house bot plays on.
	VoidWhenLost bool
}

// Errors a session can meet when it acts on a room.
var (
	errTimeout     = games.IllegalT("timeout", lang.T("no answer before the deadline: the default action was applied"))
	ErrRoomFull    = lang.Errorf("this room has no open seat")
	ErrNotSeated   = lang.Errorf("you have no seat in this room")
	ErrNotPlaying  = lang.Errorf("the game is not running")
	ErrRoomClosed  = lang.Errorf("this room is closed")
	ErrAlreadyHere = lang.Errorf("you are already seated in this room")
)

type seat struct {
	Seat
	bot       bots.Bot
	connected bool
	seen      bool // a session of this person has been attached to the seat
	note      Said // in every language
	left      bool // a human who left; a house bot plays on for them
	// takeover is set when a house bot took the seat over from its person or program
	// during the game: that player is scored as having lost (see rankLeaversLast).
	takeover *Takeover
	absent   time.Time // when a human seat lost its last session (zero while connected)
	remote   *remoteState
	thinking *thought // the house bot's decision in progress (turn-based games)
}

type input struct {
	seat   int
	action games.Action
	at     time.Time // when a program's answer arrived (its time is charged to then)
	remote bool
	// warn: the program's answer could not be read (its code); the default plays, and
	// sent is what came instead of an action.
	warn string
	sent json.RawMessage
}

// Room is one game with its seats, spectators, replay log and clock. Sessions call its
// methods from their goroutines; the hub advances it on its tick. Everything is guarded by
// the hub-wide rule that a room is only touched under its own lock.
type Room struct {
	hub      *Hub
	id       string
	code     string
	entry    playable.Entry
	cfg      games.Config
	seed     uint64
	private  bool
	created  time.Time
	owner    string        // Spec.Owner
	was      string        // Spec.Was
	addr     string        // Spec.Addr
	over     atomic.Bool   // finished or closed: no longer counted against its owner
	tag      string        // Spec.Tag
	pace     time.Duration // how long a house bot waits before it plays
	grace    time.Duration // how long a seated person may be away
	wantFast bool          // Spec.Fast
	resume   []replay.Move // Spec.Resume
	mayHold  bool          // Spec.MayHoldClock
	voidLost bool          // Spec.VoidWhenLost
	people   bool          // a person was seated at the start (their bots think first)
	// fast: a game of programs and house bots only, played as fast as they answer (see
	// Hub.ServeReady), a real-time one unpaced on its own clock; set when the game starts.
	fast   bool
	queued bool // waiting in the hub's ready queue (the hub's readyMu)

	mu        sync.Mutex
	seats     []seat
	inbox     []input
	subs      map[*Mailbox]int  // mailbox → seat, -1 for spectators
	observers map[*Mailbox]bool // sent every snapshot, not counted as viewers (see Observe)
	status    Status
	ref       *replay.Referee
	moves     int                  // actions applied so far
	gap       time.Duration        // Spec.MoveGap
	lastMove  time.Time            // when the last move was played (for gap)
	turnMove  int                  // value of moves when the current turn started
	turnAt    time.Time            // when the current turn started
	turnID    int                  // last turn id handed to a program
	rt        games.RealTime       // set for real-time games, which the room paces
	startedAt time.Time            // wall time of game time 0 (real-time games)
	held      map[int]games.Action // each person's last key, until their next decision
	announced *big.Rat             // instant of the last decision announced to programs
	matchID   string               // the stored match's id, set when the game starts
	deadline  time.Time
	log       []Said // the recent events in every language, oldest first
	outcome   *games.Outcome
	saved     bool
	votes     []bool
	next      string
	endedAt   time.Time
	errText   Said
	version   uint64
	dirty     bool
	snap      *Snapshot
	lobbyKey  string    // what the lobby last showed of the room (see lobbyKey)
	rtSig     string    // what viewers last saw of a real-time game (see realTimeSignature)
	hold      clockHold // a person's stopped clock (HoldClock)
	unrated   bool      // a clock was held: the result rates nobody
}

// MatchID is the id under which the finished game (and its replay) is stored; "" before
// the game starts. It never changes afterwards, so Controller callbacks, which run under
// the room's lock, may read it.
func (r *Room) MatchID() string { return r.matchID }

// Grace is how long a seated person may be away before a bot plays for them.
func (r *Room) Grace() time.Duration { return r.grace }

// ID is the room's public id, used by `watch`.
func (r *Room) ID() string { return r.id }

// Code is the private room's join code ("" for public rooms).
func (r *Room) Code() string { return r.code }

// Game is the game the room plays (its rules, view and house bots).
func (r *Room) Game() playable.Entry { return r.entry }

func newRoom(h *Hub, id, code string, spec Spec, cfg games.Config, seed uint64, now time.Time) (*Room, error) {
	r := &Room{
		hub: h, id: id, code: code, entry: spec.Game, cfg: cfg, seed: seed,
		private: spec.Private, created: now, owner: spec.Owner, addr: spec.Addr, was: spec.Was,
		tag: spec.Tag, pace: h.cfg.BotPace, grace: h.cfg.AbsentGrace,
		subs:   make(map[*Mailbox]int),
		status: Waiting,
		votes:  make([]bool, len(spec.Seats)),
	}
	if spec.Unpaced {
		r.pace = 0
	}
	r.wantFast = spec.Fast && spec.Unpaced
	r.gap = spec.MoveGap
	r.resume = spec.Resume
	r.mayHold = spec.MayHoldClock
	r.voidLost = spec.VoidWhenLost
	if spec.AbsentGrace > 0 {
		r.grace = spec.AbsentGrace
	}
	r.seats = make([]seat, len(spec.Seats))
	for i, s := range spec.Seats {
		r.seats[i] = seat{Seat: s}
		if i < len(spec.Takeovers) && spec.Takeovers[i] != nil && len(spec.Resume) > 0 {
			r.seats[i].takeover, r.seats[i].left = spec.Takeovers[i], true
		}
		if s.Kind == Human || s.Kind == Open {
			r.people = true
		}
		switch s.Kind {
		case HouseBot:
			if err := r.seatBot(i, s.BotName); err != nil {
				return nil, err
			}
		case Remote:
			if s.Controller == nil {
				return nil, fmt.Errorf("seat %d: a program seat needs a controller", i) // lang:keep a developer's error: the caller forgot the controller
			}
			clock := h.cfg.programTime()
			if spec.Clock.Move > 0 {
				clock = spec.Clock
			}
			r.seats[i].remote = &remoteState{ctl: s.Controller, time: timebank.New(clock)}
			r.seats[i].connected = true
		}
	}
	r.dirty = true
	r.maybeStart(now)
	return r, nil
}

// seatBot makes house bot name play seat i, seeded from the game seed and the seat so that
// the same game asks the same bots, and keyed with the hub's secret so that a player who
// knows the game's seed (War Hammer's is public) cannot compute the bots' moves.
func (r *Room) seatBot(i int, name string) error {
	b, ok := r.entry.Bot(name, BotSeed(r.hub.cfg.Secret, r.seed, i))
	if !ok {
		return lang.Errorf("%s has no house bot called %q", lang.T(r.entry.Game.Name()), name)
	}
	if ss, ok := b.(bots.SafetyStopper); ok {
		// Half the think budget: the search stops with time to spare before the seat would
		// play the default.
		ss.SetSafetyStop(r.hub.cfg.BotThink / 2)
	}
	r.seats[i].bot = b
	r.seats[i].BotName = name
	if r.seats[i].Name == "" {
		// Two seats of one bot read as two players in the log: "hunter", "hunter#2".
		r.seats[i].Name = name
		for k := 2; r.nameTaken(i, r.seats[i].Name); k++ {
			r.seats[i].Name = fmt.Sprintf("%s#%d", name, k)
		}
	}
	return nil
}

// BotSeed is the seed of the house bot in seat of a game of seed gameSeed on a server of
// secret: the same for every run of that game on that server, unknown to everyone else.
func BotSeed(secret seed.Secret, gameSeed uint64, seat int) uint64 {
	return seed.Keyed(secret, "bot", gameSeed, seat)
}

// nameTaken reports whether a seat other than i shows name.
func (r *Room) nameTaken(i int, name string) bool {
	for j, s := range r.seats {
		if j != i && s.Name == name {
			return true
		}
	}
	return false
}

// maybeStart starts the game once no seat is open. Caller holds the lock.
func (r *Room) maybeStart(now time.Time) {
	if r.status != Waiting {
		return
	}
	names := make([]string, len(r.seats))
	for i, s := range r.seats {
		if s.Kind == Open {
			return
		}
		names[i] = s.Name
	}
	ref, err := replay.NewReferee(r.entry.Game, r.cfg, r.seed, names)
	if err != nil {
		r.close(now, lang.T("could not start the game: %s", err))
		return
	}
	for i, m := range r.resume {
		var err error
		if m.Default {
			ref.Timeout(m.Seat)
		} else {
			_, err = ref.Play(m.Seat, m.Action)
		}
		if err == nil && ref.Moves() != i+1 {
			err = lang.Errorf("the seat was not to move")
		}
		if err == nil && m.Clock != nil {
			ref.SetClock(*m.Clock)
		}
		if err != nil {
			r.close(now, lang.T("could not take the game up at move %d: %v", games.Digits(i), err))
			return
		}
	}
	r.moves = len(r.resume)
	r.ref = ref
	r.matchID = fmt.Sprintf("m_%s_%s", r.id, strconv.FormatInt(now.UnixMilli(), 36))
	r.status = Playing
	r.held = make(map[int]games.Action)
	// A fast game of programs and house bots runs on the game's own clock, as arena match
	// plays it: a real-time state stays unpaced (Apply moves time to the next decision), and
	// each decision waits for its program up to the program's clock (move limit and bank),
	// as a turn-based game's does. Anywhere else a real-time game follows the wall clock.
	r.fast = r.wantFast && !r.people
	if !r.fast {
		r.startRealTime(now)
	}
	for i := range r.seats {
		if r.seats[i].Kind == Human && !r.seats[i].connected {
			r.seats[i].absent = now
		}
	}
	r.turnAt, r.turnMove = now, r.moves
	r.deadline = time.Time{}
	r.logT(lang.T("%s starts: %s", lang.T(r.entry.Game.Name()), r.infoLocked().playersT()))
	r.dirty = true
	for i, s := range r.seats {
		if s.remote != nil {
			s.remote.ctl.Start(r, i, ref.State())
		}
	}
	if r.fast {
		r.hub.poke(r) // the first turn now, not at the next tick
	}
}

const logLines = 8

// logT adds t to the room's recent events ("Last moves"), said in every language.
func (r *Room) logT(t lang.Text) {
	r.dirty = true
	r.log = append(r.log, say(t))
	if len(r.log) > logLines {
		r.log = append(r.log[:0:0], r.log[len(r.log)-logLines:]...)
	}
}

// logEnglish is the recent events in English.
func (r *Room) logEnglish() []string {
	out := make([]string, len(r.log))
	for i, s := range r.log {
		out[i] = s.English()
	}
	return out
}

// MovesFrom copies the moves applied from the i-th on (nil before the game started).
func (r *Room) MovesFrom(i int) []replay.Move {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.ref == nil {
		return nil
	}
	return r.ref.MovesFrom(i)
}

// Observe sends every snapshot of the room to mb, as Attach does, without counting mb as a
// viewer: a cluster's node relays them to viewers on other nodes, each of whom is attached
// (silently) in their own name.
func (r *Room) Observe(mb *Mailbox) *Snapshot {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.observers == nil {
		r.observers = map[*Mailbox]bool{}
	}
	r.observers[mb] = true
	if r.snap == nil || r.dirty {
		r.publishLocked(r.hub.now())
	}
	mb.Put(r.snap)
	return r.snap
}

// Unobserve stops what Observe started.
func (r *Room) Unobserve(mb *Mailbox) {
	r.mu.Lock()
	defer r.mu.Unlock()
	delete(r.observers, mb)
}

// Replay returns the room's replay so far (nil before the game started).
func (r *Room) Replay() *replay.Replay {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.ref == nil {
		return nil
	}
	rp := r.ref.Replay()
	return &rp
}

// isClosed reports whether the room has closed; the hub asks every room every tick, so it
// reads the status alone rather than building an Info.
// live reports whether the room is waiting or playing, without its lock (the hub counts
// rooms under its own lock, which is never held while taking a room's).
func (r *Room) live() bool { return !r.over.Load() }

func (r *Room) isClosed() bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.status == Closed
}
