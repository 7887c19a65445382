package director

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/arena-classroom/arena/store"
	"github.com/arena-classroom/arena/tournament"
)

// ErrState is returned for a change the tournament's state does not allow; its text says why.
type ErrState struct{ Msg string }

func (e *ErrState) Error() string { return e.Msg }

func stateError(code, state, want string) error {
	return &ErrState{fmt.Sprintf("tournament %s is %s: %s", code, state, want)}
}

// Start closes the entries and plays the first round.
func (d *Director) Start(ctx context.Context, code string) error {
	if r := d.leader(); r != nil {
		return r.Control(ctx, "start", code, "")
	}
	if err := d.elsewhere(); err != nil {
		return err
	}
	d.lockControl()
	defer d.control.Unlock()
	t, err := d.st.Tournament(ctx, code)
	if err != nil {
		return err
	}
	if t.State != store.TournamentOpen && t.State != store.TournamentClosed {
		return stateError(code, t.State, "only a tournament not yet started starts")
	}
	l, err := d.load(ctx, t)
	if err != nil {
		return err
	}
	if len(l.entrants) < 2 {
		return &ErrState{fmt.Sprintf("tournament %s has %d entrant(s): it needs at least 2", code, len(l.entrants))}
	}
	if n := tournament.GamesAtMost(l.format, len(l.entrants)); n > tournament.MaxGames {
		return &ErrState{fmt.Sprintf("tournament %s would schedule up to %d games for its %d entrants; a tournament has at most %d: remove entrants (tournament remove) or create it with fewer games per pairing",
			code, n, len(l.entrants), tournament.MaxGames)}
	}
	if _, err := l.next(); err != nil {
		return &ErrState{fmt.Sprintf("tournament %s cannot start: %v", code, err)}
	}
	if err := d.st.SetTournamentState(ctx, code, store.TournamentRunning); err != nil {
		return err
	}
	l.t.State = store.TournamentRunning
	d.mu.Lock()
	d.live[code] = l
	l.note(d.now(), "started with %d entrants", len(l.entrants))
	l.started = d.now()
	d.changedLocked()
	d.mu.Unlock()
	d.poke()
	return nil
}

// Pause lets the games in progress finish and starts no others until Resume.
func (d *Director) Pause(ctx context.Context, code string) error {
	if r := d.leader(); r != nil {
		return r.Control(ctx, "pause", code, "")
	}
	return d.switchState(ctx, code, store.TournamentRunning, store.TournamentPaused, "only a running tournament pauses")
}

// Resume goes on with a paused tournament.
func (d *Director) Resume(ctx context.Context, code string) error {
	if r := d.leader(); r != nil {
		return r.Control(ctx, "resume", code, "")
	}
	return d.switchState(ctx, code, store.TournamentPaused, store.TournamentRunning, "only a paused tournament resumes")
}

func (d *Director) switchState(ctx context.Context, code, from, to, want string) error {
	if err := d.elsewhere(); err != nil {
		return err
	}
	d.lockControl()
	defer d.control.Unlock()
	d.mu.Lock()
	l := d.live[code]
	state := ""
	if l != nil {
		state = l.t.State
	}
	d.mu.Unlock()
	if l == nil {
		t, err := d.st.Tournament(ctx, code)
		if err != nil {
			return err
		}
		state = t.State
	}
	if state != from {
		return stateError(code, state, want)
	}
	if err := d.st.SetTournamentState(ctx, code, to); err != nil {
		return err
	}
	d.mu.Lock()
	if l != nil {
		l.t.State = to
		l.note(d.now(), "%s", to)
	}
	d.changedLocked()
	d.mu.Unlock()
	d.poke()
	return nil
}

// Close closes the entries of a tournament not yet started: nobody else enters, and the
// teacher can look at who did (and remove some) before the start.
func (d *Director) Close(ctx context.Context, code string) error {
	if r := d.leader(); r != nil {
		return r.Control(ctx, "close", code, "")
	}
	return d.switchState(ctx, code, store.TournamentOpen, store.TournamentClosed, "only an open tournament closes its entries")
}

// Reopen opens the entries of a tournament closed before its start.
func (d *Director) Reopen(ctx context.Context, code string) error {
	if r := d.leader(); r != nil {
		return r.Control(ctx, "reopen", code, "")
	}
	return d.switchState(ctx, code, store.TournamentClosed, store.TournamentOpen, "only a tournament whose entries were closed reopens")
}

// Remove takes the entrant called name out of a tournament. Before the start it is no
// longer entered. After, the schedule keeps it (it is built on the entrants): its games not
// started yet are forfeited, it plays no more, and its program is told so.
func (d *Director) Remove(ctx context.Context, code, name string) (store.Entrant, error) {
	if r := d.leader(); r != nil {
		return r.Remove(ctx, code, name)
	}
	if err := d.elsewhere(); err != nil {
		return store.Entrant{}, err
	}
	d.lockControl()
	defer d.control.Unlock()
	entrants, err := d.st.Entrants(ctx, code)
	if err != nil {
		return store.Entrant{}, err
	}
	for _, e := range entrants {
		if !strings.EqualFold(e.Name, name) {
			continue
		}
		err := d.st.RemoveEntrant(ctx, code, e.ID)
		if errors.Is(err, store.ErrNotOpen) {
			return e, d.withdraw(ctx, code, e)
		}
		if err != nil {
			return e, err
		}
		if e.Kind != store.EntrantHouse {
			if err := d.bar(ctx, code, e); err != nil { // out until allowed back
				return e, err
			}
		}
		d.mu.Lock()
		d.changedLocked()
		d.mu.Unlock()
		return e, nil
	}
	return store.Entrant{}, &ErrState{fmt.Sprintf("tournament %s has no entrant called %q (tournament standings %s lists them)", code, name, code)}
}

// Removed is the State of the Seating a removed program gets.
const Removed = "removed"

// ErrRemoved refuses a program its teacher removed from a running tournament.
var ErrRemoved = errors.New("your teacher removed this key from the tournament: its remaining games are forfeited")

// withdraw removes e from a tournament under way (see Remove). Caller holds control.
func (d *Director) withdraw(ctx context.Context, code string, e store.Entrant) error {
	_, err := d.changeOptions(ctx, code, "its standings are final", func(o *Options) error {
		if slices.Contains(o.Withdrawn, e.ID) {
			return &ErrState{fmt.Sprintf("%s was removed from tournament %s already", e.Name, code)}
		}
		o.Withdrawn = append(o.Withdrawn, e.ID)
		return nil
	}, e.Name+" removed by the teacher: its games not started are forfeited")
	if err != nil {
		return err
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	key := ticketKey(code, e.ID)
	if t := d.tickets[key]; t != nil {
		delete(d.tickets, key)
		t.seated <- Seating{Over: true, State: Removed}
	}
	d.changedLocked()
	d.poke()
	return nil
}

// SetPace sets the pace of a tournament's games without a person that have not started yet
// (PaceFast or PaceLive): a teacher switches to live for the final round.
func (d *Director) SetPace(ctx context.Context, code, pace string) error {
	if r := d.leader(); r != nil {
		return r.Control(ctx, "pace", code, pace)
	}
	if err := d.elsewhere(); err != nil {
		return err
	}
	if pace != PaceFast && pace != PaceLive {
		return &ErrState{fmt.Sprintf("pace %q: fast or live", pace)}
	}
	d.lockControl()
	defer d.control.Unlock()
	_, err := d.changeOptions(ctx, code, "its pace no longer matters", func(o *Options) error {
		o.Pace = pace
		return nil
	}, fmt.Sprintf("pace: %s from the next games", pace))
	return err
}

// changeOptions edits the stored options of tournament code, which must not be over (why
// says what its end forbids), with change, stores them, hands them to the live tournament
// with a note for the teacher's console, and says the tournament changed. Caller holds
// control.
func (d *Director) changeOptions(ctx context.Context, code, why string, change func(*Options) error, note string) (Options, error) {
	t, err := d.notOver(ctx, code, why)
	if err != nil {
		return Options{}, err
	}
	o, err := optionsOf(t)
	if err != nil {
		return o, err
	}
	if err := change(&o); err != nil {
		return o, err
	}
	raw, err := json.Marshal(o)
	if err != nil {
		return o, err
	}
	if err := d.st.SetTournamentOptions(ctx, code, raw); err != nil {
		return o, err
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	if l := d.live[code]; l != nil {
		l.opts, l.t.Options = o, raw
		l.note(d.now(), "%s", note)
	}
	d.changedLocked()
	d.poke()
	return o, nil
}

// notOver reads a tournament that is neither finished nor cancelled; why says what its end
// forbids.
func (d *Director) notOver(ctx context.Context, code, why string) (store.Tournament, error) {
	t, err := d.st.Tournament(ctx, code)
	if err != nil {
		return t, err
	}
	if t.State == store.TournamentFinished || t.State == store.TournamentCancelled {
		return t, stateError(code, t.State, why)
	}
	return t, nil
}

// Cancel stops a tournament for good: the games in progress end without a result; the
// results so far are kept.
func (d *Director) Cancel(ctx context.Context, code string) error {
	if r := d.leader(); r != nil {
		return r.Control(ctx, "cancel", code, "")
	}
	if err := d.elsewhere(); err != nil {
		return err
	}
	d.lockControl()
	defer d.control.Unlock()
	if _, err := d.notOver(ctx, code, "it cannot be cancelled"); err != nil {
		return err
	}
	return d.finish(ctx, code, store.TournamentCancelled, "the tournament was cancelled by its teacher")
}

// Report is a tournament as its standings screen and exports show it.
type Report struct {
	Code, Name, Game, Format, State string
	Pace                            string // PaceFast or PaceLive
	Entrants                        int
	// Entries are the entrants as they entered (name, key, when, from where), before the
	// start only: for the teacher to see who came.
	Entries       []store.Entrant
	Round, Rounds int // the round in progress (or the last), of how many
	GamesPlayed   int
	GamesTotal    int // every game of the tournament, or of the rounds known so far when the format cannot tell ahead
	Standings     []tournament.Standing
	Playing       []LiveGame // games in progress
	Waiting       []string   // games of this round not started yet: "ada vs bob"
	Notes         []string   // recent events, oldest first
	// Since is when it started (zero before, or when nothing says: a tournament rebuilt
	// from a store with no result yet): the wall shows the time so far.
	Since time.Time `json:",omitzero"`
}

// LiveGame is a game in progress.
type LiveGame struct {
	Round   int
	Game    string `json:",omitempty"` // GameID (empty from a leader older than it)
	Players string
	Room    string // the room's id, for watch
	// Pace says how long its programs take a move ("bob 0.45 s a move"): what a round, or the
	// entrants' next games, wait for.
	Pace string `json:",omitempty"`
}

// paceText says how long the programs of a game in play take a move.
func paceText(p inPlay) string {
	info := p.room.Info()
	var parts []string
	for _, s := range info.Seats {
		if s.Think > 0 {
			parts = append(parts, fmt.Sprintf("%s %.2g s a move", s.Name, s.Think.Seconds()))
		}
	}
	return strings.Join(parts, ", ")
}

// Report reads a tournament's standings and games now.
func (d *Director) Report(ctx context.Context, code string) (Report, error) {
	if r := d.leader(); r != nil {
		if rep, err := r.Report(ctx, code); err == nil || !errors.Is(err, ErrElsewhere) && !isUnreachable(err) {
			return rep, err
		}
		// No leader to ask (it restarts): the stored standings, without the games under way.
	}
	d.mu.Lock()
	if l := d.live[code]; l != nil {
		defer d.mu.Unlock()
		return d.reportLocked(l)
	}
	d.mu.Unlock()
	t, err := d.st.Tournament(ctx, code)
	if err != nil {
		return Report{}, err
	}
	l, err := d.load(ctx, t)
	if err != nil {
		return Report{}, err
	}
	d.mu.Lock() // reportLocked reads the director's tickets (who is connected)
	defer d.mu.Unlock()
	return d.reportLocked(l)
}

// Reports is Report of many tournaments, read together: reports[i] and errs[i] are what
// Report(codes[i]) returns. The tournaments this director runs are reported from memory, as
// Report does; the others are rebuilt from their records, read from the store at once (four
// queries whatever their number, where Report reads four for each). A director that stands
// by asks the leader, one by one as Report does, for the tournaments the leader runs
// (running or paused): the others the leader too would rebuild from the store.
func (d *Director) Reports(ctx context.Context, codes []string) (reports []Report, errs []error) {
	reports, errs = make([]Report, len(codes)), make([]error, len(codes))
	remote := d.leader()
	var stored []string                   // the codes to rebuild from the store
	fromStore := make([]bool, len(codes)) // by index in codes
	d.mu.Lock()
	for i, code := range codes {
		if l := d.live[code]; l != nil && remote == nil {
			reports[i], errs[i] = d.reportLocked(l)
		} else {
			stored, fromStore[i] = append(stored, code), true
		}
	}
	d.mu.Unlock()
	if len(stored) == 0 {
		return reports, errs
	}
	recs, readErr := d.st.TournamentRecords(ctx, stored)
	for i, code := range codes {
		if !fromStore[i] {
			continue
		}
		rec, found := recs[code]
		led := found && (rec.Tournament.State == store.TournamentRunning || rec.Tournament.State == store.TournamentPaused)
		if remote != nil && (led || readErr != nil) {
			rep, err := remote.Report(ctx, code)
			if err == nil || !errors.Is(err, ErrElsewhere) && !isUnreachable(err) {
				reports[i], errs[i] = rep, err
				continue
			}
			// No leader to ask: as Report, what this node knows.
		}
		reports[i], errs[i] = d.reportStored(code, rec, found, readErr)
	}
	return reports, errs
}

// reportStored is Report of a tournament this director does not run, from its record (found,
// or not, by a read that failed with readErr).
func (d *Director) reportStored(code string, rec store.TournamentRecord, found bool, readErr error) (Report, error) {
	d.mu.Lock()
	if l := d.live[code]; l != nil { // taken up since (started), as Report would find it
		defer d.mu.Unlock()
		return d.reportLocked(l)
	}
	d.mu.Unlock()
	switch {
	case readErr != nil:
		return Report{}, readErr
	case !found:
		return Report{}, store.ErrNotFound
	}
	l, err := rebuild(rec)
	if err != nil {
		return Report{}, err
	}
	d.mu.Lock() // reportLocked reads the director's tickets (who is connected)
	defer d.mu.Unlock()
	return d.reportLocked(l)
}

func (d *Director) reportLocked(l *live) (Report, error) {
	if l.t.State == store.TournamentOpen || l.t.State == store.TournamentClosed {
		// Before the start there is nothing to rank: the entrants, in the order they came.
		r := Report{Code: l.t.Code, Name: l.t.Name, Game: l.t.Game, Format: l.t.Format, State: l.t.State, Pace: l.pace(),
			Entrants: len(l.entrants), Rounds: l.format.Rounds(len(l.entrants)), Notes: slices.Clone(l.notes),
			GamesTotal: tournament.Games(l.format, len(l.entrants))}
		for _, e := range l.entrants {
			r.Standings = append(r.Standings, tournament.Standing{ID: e.ID, Name: e.Name})
			r.Entries = append(r.Entries, l.byID[e.ID])
		}
		return r, nil
	}
	round, err := l.next()
	if err != nil {
		return Report{}, err
	}
	standings, err := l.format.Standings(l.entrants, l.results)
	if err != nil {
		return Report{}, err
	}
	r := Report{Code: l.t.Code, Name: l.t.Name, Game: l.t.Game, Format: l.t.Format, State: l.t.State, Pace: l.pace(),
		Entrants: len(l.entrants), Round: round.Number, Rounds: l.format.Rounds(len(l.entrants)),
		GamesPlayed: len(l.results), Standings: standings, Notes: slices.Clone(l.notes), Since: l.started}
	r.GamesTotal = tournament.Games(l.format, len(l.entrants))
	if r.GamesTotal == 0 {
		r.GamesTotal = len(l.results) + len(round.Pending)
	}
	for _, g := range round.Pending {
		if p, ok := l.playing[keyOf(g)]; ok {
			r.Playing = append(r.Playing, LiveGame{Round: g.Round, Game: GameID(g.Round, g.Pairing, g.Leg), Players: l.names(g.Seats), Room: p.room.ID(), Pace: paceText(p)})
		} else if !round.Finished {
			r.Waiting = append(r.Waiting, l.names(g.Seats)+d.waitsForLocked(l, g))
		}
	}
	for _, g := range round.Later {
		if p, ok := l.playing[keyOf(g)]; ok {
			r.Playing = append(r.Playing, LiveGame{Round: g.Round, Game: GameID(g.Round, g.Pairing, g.Leg), Players: l.names(g.Seats), Room: p.room.ID(), Pace: paceText(p)})
		}
	}
	return r, nil
}

// waitsForLocked says whom a game not started yet waits for, and why: ": waits for bob (not
// connected since 12:03:04, 40s of grace left)", "…ada (playing round 3)". Caller holds d.mu.
func (d *Director) waitsForLocked(l *live, g tournament.Game) string {
	var why []string
	for _, id := range g.Seats {
		key := ticketKey(l.t.Code, id)
		switch {
		case d.busy[key]:
			why = append(why, l.name(id)+" (playing "+l.playingText(id)+")")
		case !d.presentLocked(l, id):
			text := "not connected"
			if a := l.away[id]; a != nil {
				if !a.from.IsZero() {
					text += " since " + a.from.Format("15:04:05")
				}
				text += fmt.Sprintf(", %s of grace left", roundDown(a.left(l.t.Grace, d.now())))
			}
			why = append(why, l.name(id)+" ("+text+")")
		case !d.readyLocked(l, id):
			why = append(why, l.name(id)+" (between two games)")
		}
	}
	if len(why) == 0 {
		return ""
	}
	return ": waits for " + strings.Join(why, ", ")
}

// playingText says which game entrant id is playing now: "round 3 in room a4k2".
func (l *live) playingText(id string) string {
	for k, p := range l.playing {
		i := slices.Index(p.game.Seats, id)
		if i < 0 {
			continue
		}
		text := fmt.Sprintf("round %d in room %s", k.round, p.room.ID())
		if info := p.room.Info(); i < len(info.Seats) && info.Seats[i].Think > 0 {
			// A program that takes its time holds up whoever waits for it: say how much.
			text += fmt.Sprintf(", %.2g s a move", info.Seats[i].Think.Seconds())
		}
		return text
	}
	return "another game"
}

// IsState reports whether err is a refusal because of the tournament's state.
func IsState(err error) bool {
	var e *ErrState
	return errors.As(err, &e)
}
