package director

import (
	"github.com/arena-classroom/arena/lang"
	"slices"
	"time"

	"github.com/arena-classroom/arena/store"
	"github.com/arena-classroom/arena/tournament"
)

// Presence. A program is present while its session is connected: waiting for its next
// game (a ticket in line), playing one, or between two (the ticket of its last game is
// held until the session ends: see Unready). Only an entrant that is not connected is
// absent, and only an absent entrant's games are ever forfeited.
//
// The tournament's grace is a budget of waiting for each entrant, for the whole tournament:
// its clock runs while a game that could start now waits for the entrant alone (it is due
// and every other seat of it is free), and stops when the entrant connects. Once an entrant
// has been waited for the grace in all, the games that fall due while it is away are
// forfeited at once, until it connects again.

// absence is one entrant's account of waiting.
type absence struct {
	spent   time.Duration // waited so far, clocks stopped
	running time.Time     // when the clock started; zero while it is stopped
	from    time.Time     // when the entrant was first waited for since it last connected; zero when present
}

// left is what remains of the grace budget at now.
func (a *absence) left(grace time.Duration, now time.Time) time.Duration {
	spent := a.spent
	if !a.running.IsZero() {
		spent += now.Sub(a.running)
	}
	return grace - spent
}

func (a *absence) stop(now time.Time) {
	if !a.running.IsZero() {
		a.spent += now.Sub(a.running)
		a.running = time.Time{}
	}
}

// presentLocked reports whether entrant id of l is connected (people are: their calls and
// their rooms' own grace handle them). Caller holds d.mu.
func (d *Director) presentLocked(l *live, id string) bool {
	if l.byID[id].Kind != store.EntrantProgram {
		return true
	}
	key := ticketKey(l.t.Code, id)
	return d.tickets[key] != nil || d.held[key] != nil
}

// InLine lists the names of the entrants of live tournament code whose programs wait in
// this director's line for their next game now (a leader's view: a follower's is empty).
func (d *Director) InLine(code string) []string {
	d.mu.Lock()
	defer d.mu.Unlock()
	l := d.live[code]
	if l == nil {
		return nil
	}
	var names []string
	for _, e := range l.entrants {
		if l.byID[e.ID].Kind == store.EntrantProgram && d.readyLocked(l, e.ID) {
			names = append(names, e.Name)
		}
	}
	return names
}

// readyLocked reports whether entrant id of l can be seated now: a program with its ticket
// in line, a house bot or a person. Caller holds d.mu.
func (d *Director) readyLocked(l *live, id string) bool {
	if l.byID[id].Kind != store.EntrantProgram {
		return true
	}
	return d.tickets[ticketKey(l.t.Code, id)] != nil
}

// dueLocked sorts the seats of game g: busy when an entrant is playing another game or is
// connected but between two (the game waits for it, no clock runs); otherwise absent lists
// the entrants not connected. Caller holds d.mu.
func (d *Director) dueLocked(l *live, g tournament.Game) (absent []string, busy bool) {
	for _, id := range g.Seats {
		switch {
		case slices.Contains(l.opts.Withdrawn, id):
			absent = append(absent, id) // for good, its budget spent: see decideLocked
		case d.busy[ticketKey(l.t.Code, id)]:
			busy = true
		case !d.presentLocked(l, id):
			absent = append(absent, id)
		case !d.readyLocked(l, id):
			busy = true // connected, and about to ask for its next game
		}
	}
	return absent, busy
}

// accountLocked runs the clocks of the entrants waited for now (waited) and stops the
// others'; an entrant that is connected again starts a new absence next time. Caller holds
// d.mu.
func (d *Director) accountLocked(l *live, waited map[string]bool, now time.Time) {
	for _, e := range l.entrants {
		a := l.away[e.ID]
		if waited[e.ID] {
			if a == nil {
				a = &absence{}
				l.away[e.ID] = a
			}
			if a.running.IsZero() {
				a.running = now
			}
			if a.from.IsZero() {
				a.from = now
				l.note(now, lang.T("waiting for %s: not connected (%s of grace left)", e.Name, roundDown(a.left(l.t.Grace, now)).String()))
				d.changedLocked()
			}
			continue
		}
		if a == nil {
			continue
		}
		a.stop(now)
		if !a.from.IsZero() && d.presentLocked(l, e.ID) {
			a.from = time.Time{}
		}
	}
}

// decideLocked says how a game that waits for absent entrants ends now, if it does: an
// entrant whose grace is spent forfeits it once another seat is connected; when nobody is,
// the game waits until everyone's grace is spent, then nobody scores (or, in formats that
// must send someone on, the first absent forfeits). Caller holds d.mu.
func (d *Director) decideLocked(l *live, g tournament.Game, absent []string, now time.Time) (tournament.Result, bool) {
	var spent []string
	for _, id := range absent {
		if a := l.away[id]; slices.Contains(l.opts.Withdrawn, id) || a != nil && a.left(l.t.Grace, now) <= 0 {
			spent = append(spent, id)
		}
	}
	switch {
	case len(spent) == 0:
		return tournament.Result{}, false
	case len(absent) < len(g.Seats):
		return tournament.Result{Game: g, Forfeit: spent[0]}, true
	case len(spent) < len(absent):
		return tournament.Result{}, false
	case ranksByPoints(l.format):
		return tournament.Result{Game: g, Forfeit: tournament.NobodyCame}, true
	}
	return tournament.Result{Game: g, Forfeit: spent[0]}, true
}

// awayText says since when entrant id has been away and what was waited, for a forfeit's
// sentences. Caller holds d.mu.
func (l *live) awayText(id string) lang.Text {
	if slices.Contains(l.opts.Withdrawn, id) {
		return lang.T("removed from the tournament by its teacher")
	}
	a := l.away[id]
	if a == nil || a.from.IsZero() {
		return lang.T("not connected")
	}
	return lang.T("not connected since %s (the tournament's grace of %s for absences used up)",
		a.from.Format("15:04:05"), l.t.Grace.Round(time.Second).String())
}

// roundDown is d to the second below, for sentences.
func roundDown(d time.Duration) time.Duration {
	return max(d, 0).Truncate(time.Second)
}

// awayNames says who of ids was away since when, for a game nobody came to.
func (l *live) awayNames(ids []string) lang.Text {
	var out lang.Text
	for i, id := range ids {
		t := lang.T("%s %s", l.name(id), l.awayText(id))
		if i == 0 {
			out = t
		} else {
			out = lang.T("%s; %s", out, t)
		}
	}
	return out
}
