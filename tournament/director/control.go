package director

import (
	"context"
	"encoding/json"
	"errors"
	"github.com/arena-classroom/arena/lang"
	"slices"
	"strings"
	"time"

	"github.com/arena-classroom/arena/store"
	"github.com/arena-classroom/arena/tournament"
)

// ErrState is returned for a change the tournament's state does not allow; its text says why.
// Msg is English (it crosses a cluster's bus as it is); lang.Say says it in a reader's
// language where it was made here (its sentence, err, is then what it wraps).
type ErrState struct {
	Msg string
	err error
}

func (e *ErrState) Error() string { return e.Msg }
func (e *ErrState) Unwrap() error { return e.err }

// stateErr is the refusal err says (a lang.Errorf).
func stateErr(err error) *ErrState { return &ErrState{Msg: err.Error(), err: err} }

func stateError(code, state string, want lang.Text) error {
	return stateErr(lang.Errorf("tournament %s is %s: %s", code, StateT(state), want))
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
		return stateError(code, t.State, lang.T("only a tournament not yet started starts"))
	}
	l, err := d.load(ctx, t)
	if err != nil {
		return err
	}
	if len(l.entrants) < 2 {
		return stateErr(lang.Errorf("tournament %s has %d entrant(s): it needs at least 2", code, len(l.entrants)))
	}
	if n := tournament.GamesAtMost(l.format, len(l.entrants)); n > tournament.MaxGames {
		return stateErr(lang.Errorf("tournament %s would schedule up to %d games for its %d entrants; a tournament has at most %d: remove entrants (tournament remove) or create it with fewer games per pairing",
			code, n, len(l.entrants), tournament.MaxGames))
	}
	if _, err := l.next(); err != nil {
		return stateErr(lang.Errorf("tournament %s cannot start: %s", code, err))
	}
	if err := d.st.SetTournamentState(ctx, code, store.TournamentRunning); err != nil {
		return err
	}
	l.t.State = store.TournamentRunning
	d.mu.Lock()
	d.live[code] = l
	l.note(d.now(), lang.T("started with %d entrants", len(l.entrants)))
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
	return d.switchState(ctx, code, store.TournamentRunning, store.TournamentPaused, lang.T("only a running tournament pauses"))
}

// Resume goes on with a paused tournament.
func (d *Director) Resume(ctx context.Context, code string) error {
	if r := d.leader(); r != nil {
		return r.Control(ctx, "resume", code, "")
	}
	return d.switchState(ctx, code, store.TournamentPaused, store.TournamentRunning, lang.T("only a paused tournament resumes"))
}

func (d *Director) switchState(ctx context.Context, code, from, to string, want lang.Text) error {
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
		l.note(d.now(), StateT(to))
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
	return d.switchState(ctx, code, store.TournamentOpen, store.TournamentClosed, lang.T("only an open tournament closes its entries"))
}

// Reopen opens the entries of a tournament closed before its start.
func (d *Director) Reopen(ctx context.Context, code string) error {
	if r := d.leader(); r != nil {
		return r.Control(ctx, "reopen", code, "")
	}
	return d.switchState(ctx, code, store.TournamentClosed, store.TournamentOpen, lang.T("only a tournament whose entries were closed reopens"))
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
	return store.Entrant{}, stateErr(lang.Errorf("tournament %s has no entrant called %q (tournament standings %s lists them)", code, name, code))
}

// Removed is the State of the Seating a removed program gets.
const Removed = "removed"

// ErrRemoved refuses a program its teacher removed from a running tournament.
var ErrRemoved = lang.Errorf("your teacher removed this key from the tournament: its remaining games are forfeited")

// withdraw removes e from a tournament under way (see Remove). Caller holds control.
func (d *Director) withdraw(ctx context.Context, code string, e store.Entrant) error {
	_, err := d.changeOptions(ctx, code, lang.T("its standings are final"), func(o *Options) error {
		if slices.Contains(o.Withdrawn, e.ID) {
			return stateErr(lang.Errorf("%s was removed from tournament %s already", e.Name, code))
		}
		o.Withdrawn = append(o.Withdrawn, e.ID)
		return nil
	}, lang.T("%s removed by the teacher: its games not started are forfeited", e.Name))
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
		return stateErr(lang.Errorf("pace %q: fast or live", pace))
	}
	d.lockControl()
	defer d.control.Unlock()
	_, err := d.changeOptions(ctx, code, lang.T("its pace no longer matters"), func(o *Options) error {
		o.Pace = pace
		return nil
	}, lang.T("pace: %s from the next games", paceT(pace)))
	return err
}

// changeOptions edits the stored options of tournament code, which must not be over (why
// says what its end forbids), with change, stores them, hands them to the live tournament
// with a note for the teacher's console, and says the tournament changed. Caller holds
// control.
func (d *Director) changeOptions(ctx context.Context, code string, why lang.Text, change func(*Options) error, note lang.Text) (Options, error) {
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
		l.note(d.now(), note)
	}
	d.changedLocked()
	d.poke()
	return o, nil
}

// notOver reads a tournament that is neither finished nor cancelled; why says what its end
// forbids.
func (d *Director) notOver(ctx context.Context, code string, why lang.Text) (store.Tournament, error) {
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
	if _, err := d.notOver(ctx, code, lang.T("it cannot be cancelled")); err != nil {
		return err
	}
	return d.finish(ctx, code, store.TournamentCancelled, lang.T("the tournament was cancelled by its teacher").String())
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
	// WaitingTexts and NoteTexts are Waiting and Notes for WaitingIn and NotesIn to say in
	// a reader's language: none in a report that crossed a cluster's bus (English then).
	WaitingTexts []lang.Text `json:"-"`
	NoteTexts    []lang.Text `json:"-"`
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
	// entrants' next games, wait for. PaceTexts is it for PaceIn (none across a bus).
	Pace      string      `json:",omitempty"`
	PaceTexts []lang.Text `json:"-"`
}

// PaceIn is g.Pace in l.
func (g LiveGame) PaceIn(l lang.Lang) string {
	if g.PaceTexts == nil {
		return g.Pace
	}
	return joinIn(g.PaceTexts, ", ", l)
}

// WaitingIn is r.Waiting in l.
func (r Report) WaitingIn(l lang.Lang) []string {
	if len(r.WaitingTexts) != len(r.Waiting) {
		return r.Waiting
	}
	out := make([]string, len(r.WaitingTexts))
	for i, t := range r.WaitingTexts {
		out[i] = r.Waiting[i]
		if t.Key != "" {
			out[i] = t.In(l)
		}
	}
	return out
}

// NotesIn is r.Notes in l: each note's time, then what happened.
func (r Report) NotesIn(l lang.Lang) []string {
	if len(r.NoteTexts) != len(r.Notes) {
		return r.Notes
	}
	out := make([]string, len(r.NoteTexts))
	for i, t := range r.NoteTexts {
		out[i] = r.Notes[i][:min(len(r.Notes[i]), len("15:04:05 "))] + t.In(l)
	}
	return out
}

// joinIn is texts in l, joined with sep.
func joinIn(texts []lang.Text, sep string, l lang.Lang) string {
	parts := make([]string, len(texts))
	for i, t := range texts {
		parts[i] = t.In(l)
	}
	return strings.Join(parts, sep)
}

// paceTexts say how long the programs of a game in play take a move.
func paceTexts(p inPlay) []lang.Text {
	info := p.room.Info()
	var parts []lang.Text
	for _, s := range info.Seats {
		if s.Think > 0 {
			parts = append(parts, lang.T("%s %.2g s a move", s.Name, s.Think.Seconds()))
		}
	}
	return parts
}

// liveGame is a game in progress as a report shows it.
func liveGame(l *live, g tournament.Game, p inPlay) LiveGame {
	pace := paceTexts(p)
	return LiveGame{Round: g.Round, Game: GameID(g.Round, g.Pairing, g.Leg), Players: l.names(g.Seats), Room: p.room.ID(),
		Pace: joinIn(pace, ", ", lang.English), PaceTexts: pace}
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
			Entrants: len(l.entrants), Rounds: l.format.Rounds(len(l.entrants)), Notes: l.noteLines(), NoteTexts: slices.Clone(l.notes),
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
		GamesPlayed: len(l.results), Standings: standings, Notes: l.noteLines(), NoteTexts: slices.Clone(l.notes), Since: l.started}
	r.GamesTotal = tournament.Games(l.format, len(l.entrants))
	if r.GamesTotal == 0 {
		r.GamesTotal = len(l.results) + len(round.Pending)
	}
	for _, g := range round.Pending {
		if p, ok := l.playing[keyOf(g)]; ok {
			r.Playing = append(r.Playing, liveGame(l, g, p))
		} else if !round.Finished {
			w := d.waitsForLocked(l, g)
			if w.Key == "" {
				r.Waiting = append(r.Waiting, l.names(g.Seats))
			} else {
				r.Waiting = append(r.Waiting, w.String())
			}
			r.WaitingTexts = append(r.WaitingTexts, w)
		}
	}
	for _, g := range round.Later {
		if p, ok := l.playing[keyOf(g)]; ok {
			r.Playing = append(r.Playing, liveGame(l, g, p))
		}
	}
	return r, nil
}

// waitsForLocked is a game not started yet, and whom it waits for and why: "ada vs bob:
// waits for bob (not connected since 12:03:04, 40s of grace left)", "…ada (playing round
// 3)". Caller holds d.mu.
func (d *Director) waitsForLocked(l *live, g tournament.Game) lang.Text {
	var why []lang.Text
	for _, id := range g.Seats {
		key := ticketKey(l.t.Code, id)
		switch {
		case d.busy[key]:
			why = append(why, lang.T("%s (playing %s)", l.name(id), l.playingText(id)))
		case !d.presentLocked(l, id):
			text := lang.T("%s (not connected)", l.name(id))
			if a := l.away[id]; a != nil {
				left := roundDown(a.left(l.t.Grace, d.now())).String()
				if !a.from.IsZero() {
					text = lang.T("%s (not connected since %s, %s of grace left)", l.name(id), a.from.Format("15:04:05"), left)
				} else {
					text = lang.T("%s (not connected, %s of grace left)", l.name(id), left)
				}
			}
			why = append(why, text)
		case !d.readyLocked(l, id):
			why = append(why, lang.T("%s (between two games)", l.name(id)))
		}
	}
	if len(why) == 0 {
		return lang.Text{} // Waiting says the names alone
	}
	list := why[0]
	for _, w := range why[1:] {
		list = lang.T("%s, %s", list, w)
	}
	return lang.T("%s: waits for %s", l.names(g.Seats), list)
}

// playingText says which game entrant id is playing now: "round 3 in room a4k2".
func (l *live) playingText(id string) lang.Text {
	for k, p := range l.playing {
		i := slices.Index(p.game.Seats, id)
		if i < 0 {
			continue
		}
		if info := p.room.Info(); i < len(info.Seats) && info.Seats[i].Think > 0 {
			// A program that takes its time holds up whoever waits for it: say how much.
			return lang.T("round %d in room %s, %.2g s a move", k.round, p.room.ID(), info.Seats[i].Think.Seconds())
		}
		return lang.T("round %d in room %s", k.round, p.room.ID())
	}
	return lang.T("another game")
}

// IsState reports whether err is a refusal because of the tournament's state.
func IsState(err error) bool {
	var e *ErrState
	return errors.As(err, &e)
}
