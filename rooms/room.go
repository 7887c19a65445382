package rooms

import (
	"errors"
	"fmt"
	"math/big"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/arena-classroom/arena/bots"
	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/games/playable"
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
	// AbsentGrace, when positive, replaces the hub's for this room: how long a seated
	// person may stay away before a house bot plays on for them (a tournament calls its
	// players in from the lobby).
	AbsentGrace time.Duration
	// MayHoldClock: a person's own game against house bots, opened from the lobby, where
	// the person's clock may stop while they read the rules (HoldClock).
	MayHoldClock bool
}

// Errors a session can meet when it acts on a room.
var (
	errTimeout     = games.Illegal("timeout", "no answer before the deadline: the default action was applied")
	ErrRoomFull    = errors.New("this room has no open seat")
	ErrNotSeated   = errors.New("you have no seat in this room")
	ErrNotPlaying  = errors.New("the game is not running")
	ErrRoomClosed  = errors.New("this room is closed")
	ErrAlreadyHere = errors.New("you are already seated in this room")
)

type seat struct {
	Seat
	bot       bots.Bot
	connected bool
	seen      bool // a session of this person has been attached to the seat
	note      string
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
	addr     string        // Spec.Addr
	over     atomic.Bool   // finished or closed: no longer counted against its owner
	tag      string        // Spec.Tag
	pace     time.Duration // how long a house bot waits before it plays
	grace    time.Duration // how long a seated person may be away
	wantFast bool          // Spec.Fast
	mayHold  bool          // Spec.MayHoldClock
	people   bool          // a person was seated at the start (their bots think first)
	// fast: a turn-based game of programs and house bots only, played as fast as they
	// answer (see Hub.ServeReady); set when the game starts.
	fast   bool
	queued bool // waiting in the hub's ready queue (the hub's readyMu)

	mu        sync.Mutex
	seats     []seat
	inbox     []input
	subs      map[*Mailbox]int // mailbox → seat, -1 for spectators
	status    Status
	ref       *replay.Referee
	moves     int                  // actions applied so far
	turnMove  int                  // value of moves when the current turn started
	turnAt    time.Time            // when the current turn started
	turnID    int                  // last turn id handed to a program
	rt        games.RealTime       // set for real-time games, which the room paces
	startedAt time.Time            // wall time of game time 0 (real-time games)
	held      map[int]games.Action // each person's last key, until their next decision
	announced *big.Rat             // instant of the last decision announced to programs
	matchID   string               // the stored match's id, set when the game starts
	deadline  time.Time
	log       []string
	outcome   *games.Outcome
	saved     bool
	votes     []bool
	next      string
	endedAt   time.Time
	errText   string
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

// ID is the room's public id, used by `watch`.
func (r *Room) ID() string { return r.id }

// Code is the private room's join code ("" for public rooms).
func (r *Room) Code() string { return r.code }

// Game is the game the room plays (its rules, view and house bots).
func (r *Room) Game() playable.Entry { return r.entry }

func newRoom(h *Hub, id, code string, spec Spec, cfg games.Config, seed uint64, now time.Time) (*Room, error) {
	r := &Room{
		hub: h, id: id, code: code, entry: spec.Game, cfg: cfg, seed: seed,
		private: spec.Private, created: now, owner: spec.Owner, addr: spec.Addr,
		tag: spec.Tag, pace: h.cfg.BotPace, grace: h.cfg.AbsentGrace,
		subs:   make(map[*Mailbox]int),
		status: Waiting,
		votes:  make([]bool, len(spec.Seats)),
	}
	if spec.Unpaced {
		r.pace = 0
	}
	r.wantFast = spec.Fast && spec.Unpaced
	r.mayHold = spec.MayHoldClock
	if spec.AbsentGrace > 0 {
		r.grace = spec.AbsentGrace
	}
	r.seats = make([]seat, len(spec.Seats))
	for i, s := range spec.Seats {
		r.seats[i] = seat{Seat: s}
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
				return nil, fmt.Errorf("seat %d: a program seat needs a controller", i)
			}
			r.seats[i].remote = &remoteState{ctl: s.Controller, time: timebank.New(h.cfg.programTime())}
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
		return fmt.Errorf("%s has no house bot called %q", r.entry.Game.Name(), name)
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
		r.close(now, "could not start the game: "+err.Error())
		return
	}
	r.ref = ref
	r.matchID = fmt.Sprintf("m_%s_%s", r.id, strconv.FormatInt(now.UnixMilli(), 36))
	r.status = Playing
	r.held = make(map[int]games.Action)
	r.startRealTime(now)
	r.fast = r.wantFast && r.rt == nil && !r.people
	for i := range r.seats {
		if r.seats[i].Kind == Human && !r.seats[i].connected {
			r.seats[i].absent = now
		}
	}
	r.turnAt, r.turnMove = now, 0
	r.deadline = time.Time{}
	r.logf("%s starts: %s", r.entry.Game.Name(), r.infoLocked().Players())
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

// Attach subscribes a session's mailbox to the room. A user who holds a seat is attached to
// it (and shown as connected); anyone else watches. It returns the seat, or -1 for a
// spectator, and the latest snapshot.
func (r *Room) Attach(userID string, mb *Mailbox) (int, *Snapshot) {
	r.mu.Lock()
	defer r.mu.Unlock()
	seatNo := -1
	for i, s := range r.seats {
		if userID != "" && s.UserID == userID && s.Kind == Human && !s.left {
			seatNo = i
			if !r.seats[i].absent.IsZero() && r.status == Playing {
				r.seats[i].note = ""
				if r.seats[i].seen {
					r.logf("%s is back", s.Name)
				} else {
					r.logf("%s has come", s.Name) // seated before they came: a tournament's call
				}
			}
			r.seats[i].seen = true
			r.seats[i].connected = true
			r.seats[i].absent = time.Time{}
			break
		}
	}
	r.subs[mb] = seatNo
	r.dirty = true
	r.publishLocked(r.hub.now())
	return seatNo, r.snap
}

// Detach ends a session's subscription. A human whose last session leaves gives up the seat
// (see Leave).
func (r *Room) Detach(mb *Mailbox) {
	r.mu.Lock()
	defer r.mu.Unlock()
	seatNo, ok := r.subs[mb]
	if !ok {
		return
	}
	delete(r.subs, mb)
	r.dirty = true
	if seatNo < 0 {
		return
	}
	for _, other := range r.subs {
		if other == seatNo {
			return // the same person is still here from another session
		}
	}
	r.leaveSeatLocked(seatNo)
}

// Drop ends a subscription whose connection dropped. A player of a running game keeps the
// seat for AbsentGrace, with the game going on (a turn may run out meanwhile), so that
// coming back with the same key (Attach) takes it again; after that a house bot plays on.
// Anywhere else it is Detach.
func (r *Room) Drop(mb *Mailbox) {
	r.mu.Lock()
	defer r.mu.Unlock()
	seatNo, ok := r.subs[mb]
	if !ok {
		return
	}
	if seatNo < 0 || r.status != Playing {
		r.mu.Unlock()
		r.Detach(mb)
		r.mu.Lock()
		return
	}
	delete(r.subs, mb)
	r.dirty = true
	r.releaseLocked(seatNo, r.hub.now()) // nobody reads the rules on a dropped connection
	for _, other := range r.subs {
		if other == seatNo {
			return // the same person is still here from another session
		}
	}
	s := &r.seats[seatNo]
	s.connected, s.absent = false, r.hub.now()
	s.note = fmt.Sprintf("disconnected: %s plays on in %d s unless they return", r.entry.Strongest, int(r.grace.Seconds()))
	r.logf("%s lost their connection", s.Name)
}

// holdsSeat reports whether userID plays this running game in person: seated, not handed to
// a house bot.
func (r *Room) holdsSeat(userID string) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.status != Playing {
		return false
	}
	for _, s := range r.seats {
		if s.Kind == Human && s.UserID == userID && !s.left && s.takeover == nil {
			return true
		}
	}
	return false
}

// Leave gives up userID's seat, attached or not (a player who cancelled after being seated).
func (r *Room) Leave(userID string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	for i, s := range r.seats {
		if userID != "" && s.UserID == userID && s.Kind == Human && !s.left {
			for mb, seatNo := range r.subs {
				if seatNo == i {
					delete(r.subs, mb)
				}
			}
			r.leaveSeatLocked(i)
		}
	}
}

// leaveSeatLocked: a human leaving a running game hands the seat to the game's strongest
// house bot so that the others can finish; leaving a waiting room frees the seat (and closes
// the room when no human is left).
func (r *Room) leaveSeatLocked(seatNo int) {
	r.releaseLocked(seatNo, r.hub.now())
	s := &r.seats[seatNo]
	s.connected = false
	r.dirty = true
	switch r.status {
	case Waiting:
		s.Seat = Seat{Kind: Open}
		if r.humansLocked() == 0 {
			r.close(r.hub.now(), "")
		}
	case Playing:
		r.handToBot(seatNo)
		s.note = "left: " + r.entry.Strongest + " plays on"
		r.logf("%s left; %s plays on for them", s.Name, r.entry.Strongest)
	case Finished:
		s.left = true
	}
}

// Join seats a user in the first open seat of a waiting room.
func (r *Room) Join(userID, name string) (int, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.status != Waiting {
		return -1, ErrRoomFull
	}
	for _, s := range r.seats {
		if s.Kind == Human && s.UserID == userID {
			return -1, ErrAlreadyHere
		}
	}
	for i := range r.seats {
		if r.seats[i].Kind == Open {
			r.seats[i] = seat{Seat: Seat{Kind: Human, Name: name, UserID: userID}}
			r.logf("%s joined", name)
			r.maybeStart(r.hub.now())
			r.dirty = true
			return i, nil
		}
	}
	return -1, ErrRoomFull
}

// FillWithBot seats house bot name in every open seat of a waiting room, starting it.
func (r *Room) FillWithBot(name string) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.status != Waiting {
		return ErrRoomFull
	}
	for i := range r.seats {
		if r.seats[i].Kind == Open {
			r.seats[i] = seat{Seat: Seat{Kind: HouseBot}}
			if err := r.seatBot(i, name); err != nil {
				r.seats[i] = seat{}
				return err
			}
		}
	}
	r.maybeStart(r.hub.now())
	r.dirty = true
	return nil
}

// Submit queues seat's action; the hub applies it on its next tick if the seat is then to
// move. The caller is the session of the seat's human (checked by userID).
func (r *Room) Submit(userID string, seatNo int, a games.Action) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if seatNo < 0 || seatNo >= len(r.seats) || r.seats[seatNo].UserID != userID || r.seats[seatNo].left {
		return ErrNotSeated
	}
	if r.status != Playing {
		return ErrNotPlaying
	}
	// Latest wins per seat: a second key press before the tick replaces the first.
	for i := range r.inbox {
		if r.inbox[i].seat == seatNo {
			r.inbox[i].action = a
			return nil
		}
	}
	r.inbox = append(r.inbox, input{seat: seatNo, action: a})
	return nil
}

// VoteRematch records that seat wants to play again. When every human still here agrees,
// the hub opens the next room with the seats rotated and announces it in Snapshot.Next.
func (r *Room) VoteRematch(userID string, seatNo int) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if seatNo < 0 || seatNo >= len(r.seats) || r.seats[seatNo].UserID != userID {
		return ErrNotSeated
	}
	if r.status != Finished {
		return ErrNotPlaying
	}
	if r.next != "" {
		return nil
	}
	r.votes[seatNo] = true
	r.dirty = true
	for i, s := range r.seats {
		if s.Kind == Human && !s.left && !r.votes[i] {
			r.logf("%s wants a rematch", r.seats[seatNo].Name)
			return nil
		}
	}
	for i, s := range r.seats {
		if s.left && s.UserID != "" && i != seatNo {
			return fmt.Errorf("%s has left: no rematch", s.Name)
		}
	}
	return r.rematchLocked()
}

func (r *Room) rematchLocked() error {
	n := len(r.seats)
	seats := make([]Seat, n)
	for i := range r.seats {
		// Rotate by one so that everyone moves first in turn.
		src := r.seats[(i+1)%n]
		s := src.Seat
		if s.Kind == HouseBot && src.UserID == "" {
			s.Name = ""
		}
		seats[i] = s
	}
	next, err := r.hub.create(Spec{Game: r.entry, Config: r.cfg, Seats: seats, Private: r.private, Owner: r.owner, Addr: r.addr, MayHoldClock: r.mayHold})
	if err != nil {
		return err
	}
	r.next = next.id
	r.logf("rematch: room %s", next.id)
	r.dirty = true
	return nil
}

// Close ends the room now (a teacher's decision, a finished room nobody needs): players and
// spectators go back to the lobby, programs are told their game ended without them.
func (r *Room) Close(why string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.status != Closed {
		r.close(r.hub.now(), why)
		r.publishLocked(r.hub.now())
	}
}

// Snapshot returns the latest published snapshot.
func (r *Room) Snapshot() *Snapshot {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.snap == nil || r.dirty {
		r.publishLocked(r.hub.now())
	}
	return r.snap
}

// tick advances the room to now: applies queued inputs, asks house bots, enforces deadlines
// and publishes a snapshot if anything changed. Called by the hub only.
func (r *Room) tick(now time.Time) {
	r.mu.Lock()
	defer r.mu.Unlock()
	switch r.status {
	case Waiting:
		if r.hub.cfg.WaitingTTL > 0 && now.Sub(r.created) > r.hub.cfg.WaitingTTL {
			r.close(now, "nobody joined in time")
		}
	case Playing:
		if r.advance(now) && r.fast {
			r.hub.poke(r)
		}
		if r.status == Playing && r.desertedLocked() {
			r.logf("everyone has left and nobody watches: the game ends here, lost by those who left")
			r.finishWith(now, nil)
		}
	case Finished:
		linger := r.hub.cfg.Linger
		if r.fast {
			// A tournament of programs finishes dozens of games a second: they stay on the
			// wall a moment ("just finished"), not long enough to fill the server's rooms.
			linger = min(linger, fastLinger)
		}
		if now.Sub(r.endedAt) > linger && len(r.subs) == 0 {
			r.close(now, "")
		}
	}
	if r.dirty {
		r.publishLocked(now)
	}
}

// serve advances a fast room between ticks, as soon as an answer or a bot's decision came
// (the hub's ready queue). Its snapshot is published at the next tick: viewers follow at the
// hub's frame rate, and the game never waits for them.
func (r *Room) serve(now time.Time) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.status != Playing || r.rt != nil {
		return
	}
	if r.advance(now) {
		r.hub.poke(r) // more to do: back of the queue, after the others
	}
}

// advance plays what can be played now. It reports whether it stopped at maxMovesPerTick
// with more to play.
func (r *Room) advance(now time.Time) (more bool) {
	// A seated human with no session for AbsentGrace (dropped connection, cancelled just as
	// they were seated) gives the seat to a bot rather than stalling the others.
	for i := range r.seats {
		s := &r.seats[i]
		if s.Kind == Human && !s.left && !s.absent.IsZero() && now.Sub(s.absent) >= r.grace {
			r.leaveSeatLocked(i)
		}
	}
	if r.rt != nil {
		r.advanceRealTime(now)
		return false
	}
	st := r.ref.State()
	inbox := r.inbox
	r.inbox = r.inbox[:0]
	for _, in := range inbox {
		if st.Over() || !toMove(st, in.seat) {
			continue // a key pressed out of turn: the UI already told the player
		}
		if in.remote && r.seats[in.seat].remote != nil {
			r.chargeRemote(in.seat, in.at)
		}
		r.play(in.seat, in.action)
	}
	// An unpaced room goes on while its house bots answer at once: the next bot starts
	// thinking in the tick that played the last move, so a game of bots takes a tick a move.
	if st.Over() {
		r.finish(now)
		return false
	}
	for range maxMovesPerTick {
		played := r.turn(now, st)
		if st.Over() {
			r.finish(now)
			return false
		}
		if !played || r.pace > 0 {
			return false
		}
	}
	return true
}

// fastLinger is how long a finished fast room nobody watches stays listed.
const fastLinger = 3 * time.Second

// maxMovesPerTick bounds the moves an unpaced room plays in one tick, so that one room's
// bots cannot hold the hub's loop.
const maxMovesPerTick = 4

// turn starts or ends the current turn: it hands it to whoever must decide, plays a house
// bot's decision once it has come, and applies the default when time is up. It reports
// whether a move was played.
func (r *Room) turn(now time.Time, st games.State) bool {
	movers := st.ToMove()
	if len(movers) == 0 {
		return false
	}
	seatNo := movers[0]
	s := &r.seats[seatNo]
	started := false
	if r.turnMove != r.moves || r.deadline.IsZero() {
		started = true
		r.turnMove, r.turnAt = r.moves, now
		if s.remote != nil {
			r.remoteTurn(seatNo, st, now)
		} else {
			r.deadline = now.Add(r.limit(seatNo))
		}
		r.dirty = true
	}
	switch {
	case s.Kind == HouseBot && r.houseBotTurn(seatNo, st, now):
		return true
	case s.Kind == Human && r.heldTurn(seatNo, started):
		return false // the person reads the rules: their clock waits
	case !now.Before(r.deadline):
		name := s.Name
		turn := 0
		if s.remote != nil {
			turn = s.remote.turn
		}
		events := r.ref.Timeout(seatNo)
		r.moves++
		if s.Kind == HouseBot {
			r.logf("%s thought too long; it plays the default move", name)
		} else {
			r.logf("%s ran out of time", name)
		}
		r.logEvents(events)
		if s.remote != nil {
			s.remote.ctl.Refused(r, seatNo, turn, errTimeout, st.DefaultAction(seatNo))
			r.remoteTimedOut(seatNo)
		}
		return true
	}
	return false
}

func toMove(st games.State, seatNo int) bool {
	for _, s := range st.ToMove() {
		if s == seatNo {
			return true
		}
	}
	return false
}

func (r *Room) limit(seatNo int) time.Duration {
	switch r.seats[seatNo].Kind {
	case Human:
		return r.hub.cfg.HumanMove
	case HouseBot:
		return r.pace + r.hub.cfg.BotThink
	}
	return r.hub.cfg.BotMove
}

// askBot asks a house bot, containing its panics: ok is false when the bot panicked, and
// the seat then plays the default.
func (r *Room) askBot(seatNo int, st games.State) (a games.Action, ok bool) {
	defer func() {
		if p := recover(); p != nil {
			r.hub.log.Error("house bot panicked", "room", r.id, "bot", r.seats[seatNo].BotName, "panic", p)
			a, ok = nil, false
		}
	}()
	return r.seats[seatNo].bot.Choose(st, seatNo), true
}

// playQuietly plays without logging a refusal: in a real-time game a person holding a key
// against a wall would fill the log.
func (r *Room) playQuietly(seatNo int, a games.Action) {
	events, _ := r.ref.Play(seatNo, a)
	r.moves++
	r.logEvents(events)
}

func (r *Room) play(seatNo int, a games.Action) {
	var def games.Action
	if rs := r.seats[seatNo].remote; rs != nil {
		def = r.ref.State().DefaultAction(seatNo)
	}
	events, refused := r.ref.Play(seatNo, a)
	r.moves++
	r.dirty = true
	if refused != nil {
		// One line says why; the default move's own events would only repeat it.
		r.logf("%s: %s", r.seats[seatNo].Name, refused.Error())
		if rs := r.seats[seatNo].remote; rs != nil {
			rs.ctl.Refused(r, seatNo, r.turnID, refused, def)
		}
		events = slices.DeleteFunc(events, func(e games.Event) bool { return e.Seat == seatNo })
	}
	r.logEvents(events)
}

func (r *Room) logEvents(events []games.Event) {
	for _, e := range events {
		if e.Text == "" {
			continue
		}
		if e.Seat >= 0 && e.Seat < len(r.seats) {
			r.logf("%s %s", r.seats[e.Seat].Name, e.Text)
		} else {
			r.logf("%s", e.Text)
		}
	}
}

func (r *Room) finish(now time.Time) {
	out := r.ref.State().Outcome()
	r.finishWith(now, &out)
}

// finishWith ends the game with the rules' outcome, or, for a game cut short (nil), with
// everyone tied; either way those who left rank below everyone who stayed.
func (r *Room) finishWith(now time.Time, played *games.Outcome) {
	r.status = Finished
	r.over.Store(true)
	r.endedAt = now
	r.deadline = time.Time{}
	var base games.Outcome
	if played != nil {
		base = *played
	} else {
		n := len(r.seats)
		base = games.Outcome{Ranks: make([]int, n), Scores: make([]int, n)}
		for i := range base.Ranks {
			base.Ranks[i] = 1
		}
	}
	left := make([]bool, len(r.seats))
	for i, s := range r.seats {
		left[i] = s.takeover != nil
	}
	out := rankLeaversLast(base, left)
	r.outcome = &out
	r.dirty = true
	// Programs hear of the end once the result is stored, as people see it: the "end" line
	// names the stored replay, which `history` and `replay` then find.
	tellPrograms := func() {
		for i, s := range r.seats {
			if s.remote != nil {
				s.remote.ctl.End(r, i, &out)
			}
		}
	}
	rp := r.ref.Replay()
	info := r.infoLocked()
	if r.hub.cfg.OnFinish == nil {
		r.saved = true
		tellPrograms()
		return
	}
	// Durable before announced: the result is marked saved once the store has it. The hub
	// does not wait for the disk.
	r.hub.saving.Add(1)
	go func() {
		defer r.hub.saving.Done()
		defer func() {
			if p := recover(); p != nil {
				r.hub.log.Error("saving a match panicked", "room", r.id, "panic", p)
			}
		}()
		err := r.hub.cfg.OnFinish(info, rp)
		r.mu.Lock()
		defer r.mu.Unlock()
		if err != nil {
			r.hub.log.Error("saving a match", "room", r.id, "err", err)
			r.logf("the result could not be saved")
		}
		r.saved = true
		r.dirty = true
		tellPrograms()
	}()
}

func (r *Room) close(now time.Time, why string) {
	if r.status != Finished {
		for i, s := range r.seats {
			if s.remote != nil {
				s.remote.ctl.End(r, i, nil)
				r.seats[i].remote = nil
			}
		}
	}
	r.status = Closed
	r.over.Store(true)
	r.endedAt = now
	r.errText = why
	if why != "" {
		r.logf("%s", why)
	}
	r.dirty = true
}

func (r *Room) humansLocked() int {
	n := 0
	for _, s := range r.seats {
		if s.Kind == Human && !s.left {
			n++
		}
	}
	return n
}

const logLines = 8

func (r *Room) logf(format string, args ...any) {
	r.dirty = true
	r.log = append(r.log, fmt.Sprintf(format, args...))
	if len(r.log) > logLines {
		r.log = append(r.log[:0:0], r.log[len(r.log)-logLines:]...)
	}
}

func (r *Room) infoLocked() Info {
	info := Info{
		ID: r.id, Code: r.code, MatchID: r.matchID, Game: r.entry.Game.ID(), GameName: r.entry.Game.Name(),
		Config: r.cfg, Private: r.private, Status: r.status, Created: r.created, Tag: r.tag,
		Seats: make([]SeatInfo, len(r.seats)), Result: r.outcome, Fast: r.fast,
		Unrated: r.unrated,
	}
	for i, s := range r.seats {
		info.Seats[i] = SeatInfo{Name: s.Name, Kind: s.Kind, UserID: s.UserID, Bot: s.BotName, Connected: s.connected, Note: s.note, Takeover: s.takeover}
		if s.Kind == HouseBot && !s.left {
			info.Seats[i].Connected = true
		}
	}
	for _, seatNo := range r.subs {
		if seatNo < 0 {
			info.Spectators++
		}
	}
	return info
}

// Info describes the room now.
func (r *Room) Info() Info {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.infoLocked()
}

// publishLocked builds a new snapshot and drops it in every mailbox. Caller holds the lock.
func (r *Room) publishLocked(now time.Time) {
	r.version++
	s := &Snapshot{
		Info:      r.infoLocked(),
		Version:   r.version,
		ToMove:    -1,
		Deadline:  r.deadline,
		Moves:     r.moves,
		Published: now,
		Log:       append([]string(nil), r.log...),
		Outcome:   r.outcome,
		Saved:     r.saved,
		Next:      r.next,
		Votes:     append([]bool(nil), r.votes...),
		Error:     r.errText,
		Played:    -1,
		view:      r.entry.View,
	}
	if r.rt != nil && r.status == Playing {
		s.Played = now.Sub(r.startedAt)
	}
	if r.ref != nil {
		st := r.ref.State()
		s.State = st.Clone()
		if m := st.ToMove(); len(m) > 0 && r.status == Playing {
			s.ToMove = m[0]
		}
	}
	if r.status != Playing {
		s.Deadline = time.Time{}
	}
	if r.hold.on && r.status == Playing && s.ToMove == r.hold.seat {
		s.HeldLeft = r.hold.left
	}
	r.snap = s
	r.dirty = false
	if key := lobbyKey(s.Info); key != r.lobbyKey {
		r.lobbyKey = key
		r.hub.version.Add(1)
	}
	for mb := range r.subs {
		mb.Put(s)
	}
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

// lobbyKey is what a lobby's room list shows of a room, to tell when it changed.
func lobbyKey(info Info) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s %d", info.Status, info.Spectators)
	for _, s := range info.Seats {
		fmt.Fprintf(&b, " %d:%s", s.Kind, s.Name)
	}
	return b.String()
}
