// Package director runs class tournaments on the hub: it starts each round's games when the
// round before is over, up to the tournament's parallel limit, seats house bots, students'
// programs and people, scores a forfeit for a program that does not come within the grace
// time, and records every result with its match (one transaction: see store.SaveMatch).
//
// Nothing of a tournament lives only in memory: the schedule is rebuilt by the format from
// the stored entrants and results, and every game's seed follows from the tournament's (keyed
// with the server's secret, see gameSeed), so after a crash the director (Load) starts again
// the games that had no result, from their start, and a tournament of house bots ends as it
// would have (a game with a program or person seated gets new dice: see startLocked).
package director

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/arena-classroom/arena/lang"
	"github.com/arena-classroom/arena/record"
	"github.com/arena-classroom/arena/replay"
	"github.com/arena-classroom/arena/roomdir"
	"github.com/arena-classroom/arena/rooms"
	"github.com/arena-classroom/arena/store"
	"github.com/arena-classroom/arena/tournament"
)

// Store is what the director keeps on disk; *store.Store is one.
type Store interface {
	Tournament(ctx context.Context, code string) (store.Tournament, error)
	Tournaments(ctx context.Context) ([]store.Tournament, error)
	SetTournamentState(ctx context.Context, code, state string) error
	Entrants(ctx context.Context, code string) ([]store.Entrant, error)
	TournamentGames(ctx context.Context, code string) ([]store.TournamentGame, error)
	RecordForfeit(ctx context.Context, code string, g store.TournamentGame) error
	AddEntrant(ctx context.Context, code string, e store.Entrant) error
	StartTournamentGame(ctx context.Context, code string, round, pairing, leg int) (attempt int, err error)
	UnstartTournamentGame(ctx context.Context, code string, round, pairing, leg int) error
	RemoveEntrant(ctx context.Context, code, id string) error
	SetTournamentOptions(ctx context.Context, code string, options json.RawMessage) error
	Account(ctx context.Context, id string) (store.Account, error)
	CorrectTournamentGame(ctx context.Context, code string, round, pairing, leg int, action, by, byName string) (store.Correction, error)
	TournamentCorrections(ctx context.Context, code string) ([]store.Correction, error)
	// TournamentRecords reads what the four reads above read of many tournaments at once.
	TournamentRecords(ctx context.Context, codes []string) (map[string]store.TournamentRecord, error)
}

// Director runs the tournaments of one hub. Its methods are safe for concurrent use.
type Director struct {
	hub *rooms.Hub
	st  Store
	log *slog.Logger
	now func() time.Time

	wake chan struct{}

	// control serializes a teacher's changes (start, pause, pace, entries…): each reads the
	// stored state, checks it and writes the next, and two must not interleave. Taken with
	// lockControl.
	control sync.Mutex
	// controlWaits, a test's hook, hears a change find another under way, just before it
	// waits for it (nil: nobody listens).
	controlWaits func()

	mu      sync.Mutex
	live    map[string]*live   // running and paused tournaments, by code
	tickets map[string]*Ticket // programs ready for their next game, by code and entrant
	// forfeits counts games lost without playing, by reason (Stats).
	forfeits map[string]uint64
	held     map[string]*Ticket     // programs seated or between games: the ticket of their last game (see Unready)
	busy     map[string]bool        // entrants playing a game now (any tournament)
	missed   map[string][]lang.Text // forfeits to tell a program when it next connects
	changed  chan struct{}          // closed when standings or games change
	version  atomic.Uint64          // counts changes (see Version)
	calls    map[string]Call        // people called to a game about to start, by key

	// standby: another node of the cluster runs the tournaments (see Follow).
	standby  atomic.Bool
	place    Placer // where games are played (nil: on the hub)
	find     Finder // where a game moved (nil: nowhere)
	remote   Remote // the leading node's director, while this one stands by (remoteMu)
	remoteMu sync.Mutex
	// reconciled is when the results were last read from the store (reconcile).
	reconciled time.Time
	// ledAt is when this director took the lead of a cluster (Lead): nobody is counted
	// absent for lineUpWait after it.
	ledAt time.Time
	// reloadAt is when to read again the tournaments that Load could not (zero: none).
	reloadAt time.Time
	// leaseUntil is when the cluster's lease on the lead runs out unless renewed, in Unix
	// nanoseconds on this node's clock (0: no lease, a single server); see HeldUntil.
	leaseUntil atomic.Int64
	fresh      entryRate // fresh keys' entries per tournament and address

	// SaveRetry is how long OnFinish keeps asking a failing store to take a result
	// (DefaultSaveRetry); set it before the hub runs.
	SaveRetry time.Duration
	// LiveGap is the least time between two moves of a game without a person at the live
	// pace (LiveMoveGap unless the server says otherwise: arena serve --live-pace).
	LiveGap time.Duration
	// CallAhead is how long people are called before their game starts (DefaultCallAhead);
	// set it before Run.
	CallAhead time.Duration
}

// lockControl takes control, after another change under way if there is one.
func (d *Director) lockControl() {
	if d.control.TryLock() {
		return
	}
	if d.controlWaits != nil {
		d.controlWaits()
	}
	d.control.Lock()
}

// DefaultSaveRetry outlasts a database server's restart.
const DefaultSaveRetry = time.Minute

// DefaultCallAhead is how long people are called to their game before it starts: their
// lobby rings and counts down, so that they come from wherever they are.
const DefaultCallAhead = 10 * time.Second

// Call is a person's game about to start, or, with Over set, the end of their tournament.
type Call struct {
	Code     string // the tournament
	Name     string // the tournament's name
	Round    int
	Against  string
	StartsAt time.Time
	// Over, once the tournament is over, tells the person where they finished ("you are 2nd
	// of 8 with 5 points"); StartsAt is then when it ended. It is told for overTold.
	Over string
	// Place is where they finished, for OverIn to say Over in the person's language (nil
	// before the end, and from a leader older than it).
	Place *FinalPlace `json:",omitempty"`
	// Game is the game called (GameID), Room its room once it has started: the call stays
	// until the game ends, so that a screen that missed the start still finds the room.
	Game, Room string
}

// FinalPlace is where a person finished a tournament, for the sentence that tells them.
type FinalPlace struct {
	State    string // Finished, Cancelled
	Standing tournament.Standing
	Of       int // how many entrants
}

// OverIn is c.Over in l ("Friday's class est terminé : vous êtes 2e sur 8 avec 5 points
// (…)"): "" while the tournament goes on.
func (c Call) OverIn(l lang.Lang) string {
	if c.Place == nil || l == lang.English {
		return c.Over
	}
	return OverText(c.Name, c.Place.State, c.Place.Standing, c.Place.Of, l)
}

// OverText tells an entrant where it finished tournament name, now over (state), in l: its
// place of how many, its points and its record.
func OverText(name, state string, s tournament.Standing, of int, l lang.Lang) string {
	return l.Sprintf("%s is %s: you are %s of %d with %s points (%s)", name, StateText(state, l),
		l.Ordinal(s.Rank), of, PointsText(s.Points, l), RecordTextIn(s, l))
}

// overTold is how long a person's end-of-tournament call stays, for them to see it.
const overTold = 10 * time.Minute

// New builds a director. Its OnFinish goes into the hub's configuration; then SetHub, Load
// and Run.
func New(st Store, log *slog.Logger) *Director {
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	return &Director{st: st, log: log, now: time.Now, wake: make(chan struct{}, 1), SaveRetry: DefaultSaveRetry, CallAhead: DefaultCallAhead, LiveGap: LiveMoveGap,
		live: make(map[string]*live), tickets: make(map[string]*Ticket), held: make(map[string]*Ticket), busy: make(map[string]bool),
		missed: make(map[string][]lang.Text), changed: make(chan struct{}), calls: make(map[string]Call)}
}

// SetHub gives the director the hub its games are played on (and the hub's clock).
func (d *Director) SetHub(h *rooms.Hub) {
	d.hub, d.now = h, h.Config().Now
}

// ErrElsewhere refuses to run a tournament on a node of a cluster that does not lead them.
var ErrElsewhere = lang.Errorf("tournaments are run by another node of this cluster, and this node cannot reach it yet: connect to the node that leads them (its log says \"leading the tournaments\"), or try again after it restarts")

// elsewhere is ErrElsewhere on a node that follows.
func (d *Director) elsewhere() error {
	if d.standby.Load() {
		return ErrElsewhere
	}
	return nil
}

// Follow makes the director stand by: another node of the cluster runs the tournaments.
// Its games of the moment are forgotten here (the leader plays those without a result again).
//
// A director that led and lost the lead (another node took the lease after the database
// came back from an outage longer than the lease) lets go of every program waiting for
// its next game, this node's and the other nodes' alike: each hears Again (through its
// node, for the others) and lines up with the director that leads now. Left to their
// nodes, the others' waited for ever when this node took the lead back before they heard
// it follow, or when their node was the one that took it.
//
// What it knew of the programs between two games, of the entrants playing and of the
// people called goes too: a director that leads again learns them again, where stale
// ones kept a game waiting for ever for an entrant it thought busy.
func (d *Director) Follow() {
	d.standby.Store(true)
	d.mu.Lock()
	defer d.mu.Unlock()
	d.live = make(map[string]*live)
	d.reloadAt = time.Time{}
	for key, t := range d.tickets {
		delete(d.tickets, key)
		t.Seat(Seating{Again: true})
	}
	clear(d.held)
	clear(d.busy)
	clear(d.calls)
	d.changedLocked()
}

// lineUpWait is how long a director that takes the lead of a cluster waits before it
// counts anyone absent: the nodes line their programs up with it within a heartbeat or
// two of hearing it lead, and a program connected all along is no absentee.
const lineUpWait = 5 * time.Second

// Lead takes the tournaments up, as after a restart (Load): this node now runs them.
func (d *Director) Lead(ctx context.Context) error {
	err := d.Load(ctx) // before it says it leads: a ready program must find its tournament live
	d.mu.Lock()
	d.ledAt = d.now()
	d.mu.Unlock()
	d.standby.Store(false)
	d.poke()
	return err
}

// HeldUntil says until when this director's lease on the lead of a cluster holds (the
// lease's holder renews it). Past that, another node may have taken it: the director
// starts no game and counts nobody absent until the lease is renewed, or lost (Follow).
// Its line stays as it is.
func (d *Director) HeldUntil(t time.Time) { d.leaseUntil.Store(t.UnixNano()) }

// leaseOut reports whether this director leads on a lease that ran out (HeldUntil).
func (d *Director) leaseOut() bool {
	until := d.leaseUntil.Load()
	return until != 0 && time.Now().UnixNano() > until
}

// reloadEvery is how often a director that could not read every tournament tries again.
const reloadEvery = 5 * time.Second

// Load takes up every running or paused tournament of the store: after a restart, their
// games without a result start again from the beginning. Those it cannot read, it reads
// again a while later (Step), until it can: a tournament left out waited for ever, its
// programs connected and never seated.
func (d *Director) Load(ctx context.Context) error {
	err := d.loadMissing(ctx)
	d.mu.Lock()
	d.reloadAt = time.Time{}
	if err != nil {
		d.reloadAt = d.now().Add(reloadEvery)
	}
	d.mu.Unlock()
	return err
}

// loadMissing takes up the running and paused tournaments of the store that are not live.
func (d *Director) loadMissing(ctx context.Context) error {
	list, err := d.st.Tournaments(ctx)
	if err != nil {
		return err
	}
	var errs []error
	for _, t := range list {
		if t.State != store.TournamentRunning && t.State != store.TournamentPaused {
			continue
		}
		d.mu.Lock()
		_, taken := d.live[t.Code]
		d.mu.Unlock()
		if taken {
			continue
		}
		l, err := d.load(ctx, t)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		d.mu.Lock()
		if _, taken := d.live[t.Code]; !taken {
			d.live[t.Code] = l
		}
		d.mu.Unlock()
		d.log.Info("tournament taken up from the store (a start, a restart or a change of leader)", "code", t.Code, "state", t.State, "results", len(l.results))
	}
	d.poke()
	return errors.Join(errs...)
}

func (d *Director) load(ctx context.Context, t store.Tournament) (*live, error) {
	entrants, err := d.st.Entrants(ctx, t.Code)
	if err != nil {
		return nil, err
	}
	results, err := d.st.TournamentGames(ctx, t.Code)
	if err != nil {
		return nil, err
	}
	corrections, err := d.st.TournamentCorrections(ctx, t.Code)
	if err != nil {
		return nil, err
	}
	return rebuild(store.TournamentRecord{Tournament: t, Entrants: entrants, Games: results, Corrections: corrections})
}

// rebuild is a tournament as its stored record makes it (what load reads).
func rebuild(rec store.TournamentRecord) (*live, error) {
	l, err := newLive(rec.Tournament, rec.Entrants, rec.Games)
	if err != nil {
		return nil, err
	}
	for _, c := range rec.Corrections {
		if c.Action == store.CorrectionReplay {
			l.replayed[gameKey{c.Was.Round, c.Was.Pairing, c.Was.Leg}] = true
		}
	}
	return l, nil
}

// poll is how often the director looks at its tournaments without being woken.
const poll = 250 * time.Millisecond

// Run starts games and scores forfeits until ctx ends.
func (d *Director) Run(ctx context.Context) {
	t := time.NewTicker(poll)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		case <-d.wake:
		}
		d.Step(ctx)
	}
}

// poke wakes Run.
func (d *Director) poke() {
	select {
	case d.wake <- struct{}{}:
	default:
	}
}

// Changed is closed at the next change of any tournament's games or standings.
func (d *Director) Changed() <-chan struct{} {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.changed
}

// changedLocked tells the standings screens. Caller holds d.mu.
func (d *Director) changedLocked() {
	d.version.Add(1)
	close(d.changed)
	d.changed = make(chan struct{})
}

// ErrFull refuses an entry beyond a tournament's --max-entrants.
type ErrFull struct{ Max int }

func (e *ErrFull) Error() string { return e.Unwrap().Error() }

// Unwrap is the sentence of e, for lang.Say.
func (e *ErrFull) Unwrap() error {
	return lang.Errorf("the tournament is full (%d entrants, the most its teacher allows)", e.Max)
}

// Enter enters e in the open tournament code (store.AddEntrant's errors, *ErrFull), and
// tells the standings screens.
func (d *Director) Enter(ctx context.Context, code string, e store.Entrant) error {
	if r := d.leader(); r != nil {
		return r.Enter(ctx, code, e)
	}
	d.lockControl()
	defer d.control.Unlock()
	t, err := d.st.Tournament(ctx, code)
	if err != nil {
		return err
	}
	if t.State != store.TournamentOpen {
		return store.ErrNotOpen
	}
	o, err := optionsOf(t)
	if err != nil {
		return err
	}
	entrants, err := d.st.Entrants(ctx, code)
	if err != nil {
		return err
	}
	for _, en := range entrants {
		if en.ID == e.ID {
			return store.ErrEntrantExists
		}
	}
	if len(entrants) >= o.EntrantsAtMost() {
		return &ErrFull{Max: o.EntrantsAtMost()}
	}
	if err := d.admitEntry(ctx, t, o, e); err != nil {
		return err
	}
	if e.EnteredAt.IsZero() {
		e.EnteredAt = d.now().UTC()
	}
	if err := d.st.AddEntrant(ctx, code, e); err != nil {
		return err
	}
	d.mu.Lock()
	d.changedLocked()
	d.mu.Unlock()
	return nil
}

// Version changes whenever a tournament's games, standings or calls change.
func (d *Director) Version() uint64 { return d.version.Load() }

// CallFor is the game person (a key's fingerprint) is called to, if any.
func (d *Director) CallFor(person string) (Call, bool) {
	if r := d.leader(); r != nil {
		return r.CallFor(person)
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	c, ok := d.calls[person]
	return c, ok
}

// Step does what is due now: it notices games lost with their room, finishes tournaments
// whose last game has a result, scores forfeits and starts games. Run calls it; tests may
// call it with a hub they tick themselves.
func (d *Director) Step(ctx context.Context) {
	if d.standby.Load() {
		return
	}
	if d.leaseOut() {
		// Another node may lead by now: nothing is done here that it does, and no
		// absence is counted (no game can start meanwhile).
		d.mu.Lock()
		for _, l := range d.live {
			d.accountLocked(l, nil, d.now())
		}
		d.mu.Unlock()
		return
	}
	d.mu.Lock()
	if !d.reloadAt.IsZero() && !d.now().Before(d.reloadAt) {
		d.reloadAt = time.Time{}
		d.mu.Unlock()
		if err := d.Load(ctx); err != nil {
			d.log.Warn("tournaments could not all be resumed; trying again", "err", err)
		} else {
			d.log.Info("every running tournament is resumed")
		}
		d.mu.Lock()
	}
	codes := make([]string, 0, len(d.live))
	for code := range d.live {
		codes = append(codes, code)
	}
	for id, c := range d.calls {
		if c.Over != "" && d.now().Sub(c.StartsAt) > overTold {
			delete(d.calls, id)
			d.changedLocked()
		}
	}
	d.mu.Unlock()
	slices.Sort(codes)
	for _, code := range codes {
		d.step(ctx, code)
	}
	if d.place != nil {
		d.reconcile(ctx)
	}
}

func (d *Director) step(ctx context.Context, code string) {
	now := d.now()
	d.mu.Lock()
	l := d.live[code]
	if l == nil {
		d.mu.Unlock()
		return
	}
	// A room that closed without a result (it crashed, or the server is stopping) leaves
	// its game to be played again.
	for k, p := range l.playing {
		if info := p.room.Info(); info.Status == rooms.Closed && info.Result == nil {
			if d.movedLocked(l, k, p, now) {
				continue
			}
			d.log.Warn("tournament game lost with its room; it will be played again", "code", code, "room", p.room.ID())
			l.note(now, lang.T("%s: %s ended without a result; it is played again", l.at(k.round, k.leg), info.Players()))
			delete(l.playing, k)
			d.free(code, p.game)
			d.changedLocked()
		}
	}
	round, err := l.next()
	if err != nil {
		d.mu.Unlock()
		d.log.Error("tournament schedule", "code", code, "err", err)
		return
	}
	if round.Finished {
		d.mu.Unlock()
		d.finish(ctx, code, store.TournamentFinished, "")
		return
	}
	if l.t.State != store.TournamentRunning {
		d.mu.Unlock()
		return
	}
	// Every game without a result that may be played now, its round's first: in a round
	// robin an entrant free early plays a later round's game rather than wait for the
	// slowest of its own round.
	due := append(round.Pending[:len(round.Pending):len(round.Pending)], round.Later...)
	var forfeits []tournament.Result
	waited := map[string]bool{}
	// Just after taking the lead, the programs of the cluster are still lining up: a game
	// that waits for one waits, no clock running.
	settling := !d.ledAt.IsZero() && now.Sub(d.ledAt) < lineUpWait
	for _, g := range due {
		k := keyOf(g)
		if _, ok := l.playing[k]; ok {
			continue
		}
		if len(l.playing) >= l.t.Parallel {
			break
		}
		absent, busy := d.dueLocked(l, g)
		if busy {
			continue
		}
		if len(absent) == 0 {
			if d.callLocked(l, g, now) {
				d.startLocked(ctx, l, g, now)
			}
			continue
		}
		if settling {
			continue
		}
		for _, id := range absent {
			waited[id] = true
		}
		if r, ok := d.decideLocked(l, g, absent, now); ok {
			forfeits = append(forfeits, r)
		}
	}
	d.accountLocked(l, waited, now)
	d.mu.Unlock()
	for _, r := range forfeits {
		d.forfeit(ctx, code, r, now)
	}
}

// free releases the entrants of a game. Caller holds d.mu.
func (d *Director) free(code string, g tournament.Game) {
	id := GameID(g.Round, g.Pairing, g.Leg)
	for _, e := range g.Seats {
		delete(d.busy, ticketKey(code, e))
		if c, ok := d.calls[e]; ok && c.Code == code && c.Game == id {
			delete(d.calls, e) // the person's game is over: no call left
		}
	}
}

// tellPlacesLocked leaves each person entrant of l, now over (state), a call that says
// where they finished: their lobby shows it, as a program is told on its stderr. Caller
// holds d.mu.
func (d *Director) tellPlacesLocked(l *live, state string) {
	standings, err := l.format.Standings(l.entrants, l.results)
	if err != nil {
		return
	}
	now := d.now()
	for _, s := range standings {
		if l.byID[s.ID].Kind != store.EntrantPerson {
			continue
		}
		d.calls[s.ID] = Call{Code: l.t.Code, Name: l.t.Name, StartsAt: now,
			Over:  OverText(l.t.Name, state, s, len(standings), lang.English),
			Place: &FinalPlace{State: state, Standing: s, Of: len(standings)}}
	}
}

// callLocked calls the people of g to their game, and reports whether the call is over (or
// nobody needs one): the game may start. Caller holds d.mu.
func (d *Director) callLocked(l *live, g tournament.Game, now time.Time) bool {
	ready := true
	for _, id := range g.Seats {
		if l.byID[id].Kind != store.EntrantPerson {
			continue
		}
		game := GameID(g.Round, g.Pairing, g.Leg)
		c, ok := d.calls[id]
		if ok && c.Code == l.t.Code && c.Game != game && c.Over == "" {
			ready = false // called to another game of this tournament first
			continue
		}
		if !ok || c.Code != l.t.Code || c.Game != game {
			c = Call{Code: l.t.Code, Name: l.t.Name, Round: g.Round, Game: game, Against: l.names(others(g.Seats, id)),
				StartsAt: now.Add(d.CallAhead)}
			d.calls[id] = c
			d.changedLocked()
		}
		if now.Before(c.StartsAt) {
			ready = false
		}
	}
	return ready
}

// VoidedStarts is how many starts of a game a program's lost connection voids (the game is
// played again, on new dice): a network's blip costs nobody a game, and a program that
// drops its connection to escape a game it is losing gets no more than this. From the
// next start on, a program whose connection is lost resigns, and a house bot plays on.
const VoidedStarts = 2

// startLocked opens the room of game g. Caller holds d.mu.
//
// The game's seed counts its attempts: a game started again (after a crash, or a room lost
// without a result) with a program or person seated gets new dice, since they may have
// seen the first ones. The attempt is stored before the room opens. A game of house bots
// only is always attempt 0: nobody seated saw anything, and so a tournament of house bots
// taken up after a crash ends exactly as it would have without one.
func (d *Director) startLocked(ctx context.Context, l *live, g tournament.Game, now time.Time) {
	k := keyOf(g)
	seats := make([]rooms.Seat, len(g.Seats))
	people := false
	var taken []*Ticket
	for i, id := range g.Seats {
		e := l.byID[id]
		switch e.Kind {
		case store.EntrantHouse:
			seats[i] = rooms.Seat{Kind: rooms.HouseBot, BotName: e.Bot, Name: e.Name}
		case store.EntrantProgram:
			t := d.tickets[ticketKey(l.t.Code, id)]
			seats[i] = rooms.Seat{Kind: rooms.Remote, UserID: id, Name: e.Name, Controller: t.ctl}
			taken = append(taken, t)
		default:
			seats[i] = rooms.Seat{Kind: rooms.Human, UserID: id, Name: e.Name}
			people = true
		}
	}
	attempt, counted := 0, false
	if people || len(taken) > 0 || l.replayed[k] {
		counted = true
		var err error
		if attempt, err = d.st.StartTournamentGame(ctx, l.t.Code, k.round, k.pairing, k.leg); err != nil {
			d.log.Error("tournament game could not be counted; trying again", "code", l.t.Code, "err", err)
			return
		}
	}
	gs := gameSeed(d.hub.Config().Secret, l, k, attempt)
	spec := rooms.Spec{Game: l.entry.Entry, Config: l.cfg, Seed: gs, Seats: seats,
		Tag: tag(l.t.Code, k, g.Seats), Unpaced: !people, Fast: !people && l.pace() == PaceFast, AbsentGrace: l.t.Grace,
		MoveGap: d.liveGap(people, l.pace()),
		Clock:   l.opts.Clock(d.hub.Config().ProgramClock()), VoidWhenLost: attempt < VoidedStarts}
	var r roomdir.Room
	var err error
	if d.place != nil {
		near := make([]string, len(taken))
		for i, t := range taken {
			near[i] = t.Origin
		}
		r, err = d.place(spec, near)
	} else {
		r, err = roomdir.Local(d.hub).Create(spec)
	}
	if err != nil {
		// The hub is full, or the node of its programs restarting: the game waits for a
		// room like everyone else. Nobody saw its dice: the start is taken back.
		d.log.Warn("tournament game could not open a room; trying again", "code", l.t.Code, "err", err)
		if counted {
			if err := d.st.UnstartTournamentGame(ctx, l.t.Code, k.round, k.pairing, k.leg); err != nil {
				d.log.Warn("a start not taken back: the game's next start counts as one more", "code", l.t.Code, "err", err)
			}
		}
		return
	}
	l.playing[k] = inPlay{game: g, room: r}
	for _, id := range g.Seats {
		d.busy[ticketKey(l.t.Code, id)] = true
	}
	for _, id := range g.Seats {
		if c, ok := d.calls[id]; ok && c.Code == l.t.Code && c.Game == GameID(k.round, k.pairing, k.leg) {
			c.Room = r.ID() // where the person's screens take them
			d.calls[id] = c
		}
	}
	for _, t := range taken {
		key := ticketKey(t.code, t.entrant)
		delete(d.tickets, key)
		d.held[key] = t // still connected while it plays, and after until it asks again
		t.seated <- Seating{Room: r}
	}
	l.note(now, lang.T("%s: %s started in room %s", l.at(g.Round, g.Leg), l.names(g.Seats), r.ID()))
	d.changedLocked()
}

// forfeit records a game an entrant did not come to.
func (d *Director) forfeit(ctx context.Context, code string, r tournament.Result, now time.Time) {
	g := store.TournamentGame{Round: r.Game.Round, Pairing: r.Game.Pairing, Leg: r.Game.Leg, Seats: r.Game.Seats,
		Forfeit: r.Forfeit, At: now}
	if err := d.st.RecordForfeit(ctx, code, g); err != nil {
		d.log.Error("record forfeit", "code", code, "err", err)
		return
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	l := d.live[code]
	if l == nil {
		return
	}
	l.add(r)
	if r.Forfeit == tournament.NobodyCame {
		d.countForfeitLocked(ForfeitNobodyCame)
		l.note(now, lang.T("%s: %s: nobody came (%s); nobody scores", l.at(r.Game.Round, r.Game.Leg), l.names(r.Game.Seats), l.awayNames(r.Game.Seats)))
		d.log.Warn("tournament game nobody came to", "code", code, "round", r.Game.Round, "entrants", l.names(r.Game.Seats))
		for _, id := range r.Game.Seats {
			d.missed[ticketKey(code, id)] = append(d.missed[ticketKey(code, id)],
				lang.T("%s: against %s, nobody came: no points; you were %s", l.at(r.Game.Round, r.Game.Leg),
					l.names(others(r.Game.Seats, id)), l.awayText(id)))
		}
		d.changedLocked()
		d.poke()
		return
	}
	who := l.name(r.Forfeit)
	d.countForfeitLocked(l.awayReason(r.Forfeit))
	l.note(now, lang.T("%s: %s forfeits against %s: %s", l.at(r.Game.Round, r.Game.Leg), who,
		l.names(others(r.Game.Seats, r.Forfeit)), l.awayText(r.Forfeit)))
	d.log.Warn("tournament forfeit", "code", code, "round", r.Game.Round, "entrant", who, "why", l.awayText(r.Forfeit))
	d.missed[ticketKey(code, r.Forfeit)] = append(d.missed[ticketKey(code, r.Forfeit)],
		lang.T("%s: forfeit against %s: your program was %s", l.at(r.Game.Round, r.Game.Leg),
			l.names(others(r.Game.Seats, r.Forfeit)), l.awayText(r.Forfeit)))
	d.changedLocked()
	d.poke()
}

// ranksByPoints reports whether f ranks by points alone, so that a game nobody came to can
// score nothing: elimination and pools must send someone on.
func ranksByPoints(f tournament.Format) bool {
	switch f.(type) {
	case tournament.RoundRobin, tournament.Swiss:
		return true
	}
	return false
}

func others(ids []string, not string) []string {
	var out []string
	for _, id := range ids {
		if id != not {
			out = append(out, id)
		}
	}
	return out
}

// Annotate names the tournament game of a finished room in its match record, for the
// store to record both in one transaction. Rooms of no tournament are left alone.
func (d *Director) Annotate(info rooms.Info, rec *store.MatchRecord) {
	code, k, seats, ok := parseTag(info.Tag)
	if !ok || info.Result == nil {
		return
	}
	round, pairing, leg := k.round, k.pairing, k.leg
	if d.standby.Load() && seats != nil {
		// A game this node runs for the director of another: the tag says which.
		rec.Tournament = &store.TournamentEntry{Code: code,
			Game: store.TournamentGame{Round: round, Pairing: pairing, Leg: leg, Seats: seats, Ranks: info.Result.Ranks}}
		return
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	l := d.live[code]
	if l == nil {
		return
	}
	if p, ok := l.playing[gameKey{round, pairing, leg}]; ok && p.room.MatchID() == info.MatchID {
		rec.Tournament = &store.TournamentEntry{Code: code,
			Game: store.TournamentGame{Round: round, Pairing: pairing, Leg: leg, Seats: p.game.Seats, Ranks: info.Result.Ranks}}
	}
}

// Finished takes the result of a room once it is stored (the hub's OnFinish, after the
// save): the round goes on.
func (d *Director) Finished(info rooms.Info, rec store.MatchRecord) {
	if r := d.leader(); r != nil && rec.Tournament != nil {
		r.Finished(info, rec)
		return
	}
	d.settle(rec, func(l *live, t *store.TournamentEntry) bool {
		r := resultOf(t.Game)
		d.free(t.Code, r.Game)
		l.add(r)
		l.note(d.now(), lang.T("%s: %s: %s", l.at(r.Game.Round, r.Game.Leg), info.Players(), resultT(l, r)))
		return true
	})
}

// settle runs f on the live tournament that rec was a game of, if any, holding d.mu, and
// says the tournament changed when f reports it did.
func (d *Director) settle(rec store.MatchRecord, f func(l *live, t *store.TournamentEntry) bool) {
	t := rec.Tournament
	if t == nil {
		return
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	if l := d.live[t.Code]; l != nil && f(l, t) {
		d.changedLocked()
		d.poke()
	}
}

// resultText says who won a game, in words.
func resultText(l *live, r tournament.Result) string { return resultT(l, r).String() }

// resultT is a game's result for sentences: "ada wins", "draw", "bob forfeits", "nobody
// came", "voided".
func resultT(l *live, r tournament.Result) lang.Text {
	switch r.Forfeit {
	case tournament.Voided:
		return lang.T("voided")
	case tournament.NobodyCame:
		return lang.T("nobody came")
	case "":
	default:
		return lang.T("%s forfeits", l.name(r.Forfeit))
	}
	var first []string
	for i, rank := range r.Ranks {
		if rank == 1 {
			first = append(first, l.name(r.Game.Seats[i]))
		}
	}
	if len(first) == 1 {
		return lang.T("%s wins", first[0])
	}
	return lang.T("draw")
}

// OnFinish is the hub's OnFinish: it records a finished room with save, with its tournament
// game in the same record when it is one, and goes on with the tournament once it is saved.
//
// A store that fails (its database server restarting, say) is asked again, for SaveRetry
// in all, while the room shows that its result is being recorded. A result still not
// stored then is lost, and said to be: in the log, and to the room's players by the hub;
// a tournament game is then played again.
func (d *Director) OnFinish(save func(context.Context, store.MatchRecord) error) func(rooms.Info, replay.Replay) error {
	return func(info rooms.Info, rp replay.Replay) error {
		rec, err := record.Match(info, rp, time.Now())
		if err != nil {
			return err
		}
		d.Annotate(info, &rec)
		err = d.saveRetrying(save, rec)
		if errors.Is(err, store.ErrGameRecorded) {
			// Played again after its room was thought lost, and recorded the first time
			// after all: that result stands, and the leader reads it from the store.
			d.log.Info("a tournament game played again had its result already", "match", rec.ID, "players", info.Players())
			d.reconcileSoon()
			return nil
		}
		if err != nil {
			d.log.Error("a result could not be stored and is lost", "match", rec.ID, "game", rec.Game,
				"players", info.Players(), "err", err)
			d.lost(info, rec)
			return err
		}
		d.Finished(info, rec)
		return nil
	}
}

// saveRetrying saves rec, asking again with growing pauses for SaveRetry in all.
func (d *Director) saveRetrying(save func(context.Context, store.MatchRecord) error, rec store.MatchRecord) error {
	give := time.Now().Add(d.SaveRetry)
	pause := 250 * time.Millisecond
	for attempt := 1; ; attempt++ {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		err := save(ctx, rec)
		cancel()
		switch {
		case err == nil:
			if attempt > 1 {
				d.log.Info("a result was stored after the store came back", "match", rec.ID, "attempts", attempt)
			}
			return nil
		case errors.Is(err, store.ErrGameRecorded):
			return err
		case errors.Is(err, store.ErrDuplicate):
			// Stored already: by an earlier attempt, or by this one, whose commit went
			// through but whose answer was lost on the way. Playing it again would only
			// meet the stored result.
			return nil
		case time.Now().Add(pause).After(give):
			return err
		}
		d.log.Warn("the store did not take a result; trying again", "match", rec.ID, "attempt", attempt, "err", err)
		time.Sleep(pause)
		pause = min(2*pause, 5*time.Second)
	}
}

// lost gives a tournament game whose result could not be stored to be played again.
func (d *Director) lost(info rooms.Info, rec store.MatchRecord) {
	d.settle(rec, func(l *live, t *store.TournamentEntry) bool {
		k := gameKey{t.Game.Round, t.Game.Pairing, t.Game.Leg}
		p, ok := l.playing[k]
		if !ok || p.room.MatchID() != info.MatchID {
			return false
		}
		delete(l.playing, k)
		d.free(t.Code, p.game)
		l.note(d.now(), lang.T("%s: %s: the result could not be stored; the game is played again", l.at(t.Game.Round, t.Game.Leg), info.Players()))
		return true
	})
}

// finish ends a tournament: finished when its last game has a result, cancelled by its
// teacher. Games in progress of a cancelled tournament are stopped.
func (d *Director) finish(ctx context.Context, code, state, why string) error {
	if err := d.st.SetTournamentState(ctx, code, state); err != nil {
		return err
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	l := d.live[code]
	if l == nil {
		return nil
	}
	delete(d.live, code)
	for _, p := range l.playing {
		d.free(code, p.game)
		if err := p.room.Close(ctx, why); err != nil {
			d.log.Warn("a game of a tournament that ended could not be closed", "code", code, "room", p.room.ID(), "err", err)
		}
	}
	for key, t := range d.tickets {
		if t.code == code {
			delete(d.tickets, key)
			t.seated <- Seating{Over: true, State: state}
		}
	}
	for key, t := range d.held {
		if t.code == code {
			delete(d.held, key)
		}
	}
	for id, c := range d.calls {
		if c.Code == code {
			delete(d.calls, id)
		}
	}
	d.tellPlacesLocked(l, state)
	d.log.Info("tournament over", "code", code, "state", state)
	d.changedLocked()
	return nil
}
