package director

import (
	"context"
	"errors"
	"github.com/arena-classroom/arena/lang"
	"maps"
	"strings"
	"time"

	"github.com/arena-classroom/arena/roomdir"
	"github.com/arena-classroom/arena/rooms"
	"github.com/arena-classroom/arena/store"
)

// On a cluster of nodes one director leads (Lead): it runs every tournament, and places
// each game on a node (SetPlacer). The others stand by (Follow) and send it what their
// people and programs ask (SetRemote): a teacher's change, an entry, a program ready for
// its games, a result recorded where a game was played.

// Placer opens a tournament game's room: near lists the nodes where its programs are
// connected ("" for this one).
type Placer func(spec rooms.Spec, near []string) (roomdir.Room, error)

// SetPlacer makes p open the rooms of tournament games (nil: this node's hub).
func (d *Director) SetPlacer(p Placer) { d.place = p }

// Remote is the leading node's director, as a node that stands by reaches it.
type Remote interface {
	// Control is a teacher's change: op is start, pause, resume, close, reopen, cancel or
	// pace (arg: the pace).
	Control(ctx context.Context, op, code, arg string) error
	Remove(ctx context.Context, code, name string) (store.Entrant, error)
	Enter(ctx context.Context, code string, e store.Entrant) error
	Report(ctx context.Context, code string) (Report, error)
	// Ready puts t's program in line at the leader; its games come through t.Seat.
	Ready(t *Ticket) (missed []string, err error)
	Unready(t *Ticket) bool
	// Finished tells the leader of a tournament game recorded on this node.
	Finished(info rooms.Info, rec store.MatchRecord)
	CallFor(person string) (Call, bool)
}

// SetRemote sends what this director is asked to the leader's, while it stands by (nil:
// none reachable; ErrElsewhere).
func (d *Director) SetRemote(r Remote) {
	d.remoteMu.Lock()
	defer d.remoteMu.Unlock()
	d.remote = r
}

// leader is the director to ask instead of this one: the leader's, while this one stands
// by; nil when this one leads (or none is known: elsewhere says so).
func (d *Director) leader() Remote {
	if !d.standby.Load() {
		return nil
	}
	d.remoteMu.Lock()
	defer d.remoteMu.Unlock()
	return d.remote
}

// Touch tells the standings screens that the tournaments changed (the leader said so).
func (d *Director) Touch() {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.changedLocked()
}

// Control runs a teacher's change by name (what Remote.Control carries).
func (d *Director) Control(ctx context.Context, op, code, arg string) error {
	switch op {
	case "start":
		return d.Start(ctx, code)
	case "pause":
		return d.Pause(ctx, code)
	case "resume":
		return d.Resume(ctx, code)
	case "close":
		return d.Close(ctx, code)
	case "reopen":
		return d.Reopen(ctx, code)
	case "cancel":
		return d.Cancel(ctx, code)
	case "pace":
		return d.SetPace(ctx, code, arg)
	case "allow":
		return d.Allow(ctx, code, arg)
	case store.CorrectionReplay, store.CorrectionVoid:
		parts := strings.SplitN(arg, "\n", 3)
		if len(parts) != 3 {
			return &ErrState{Msg: "malformed correction"} // lang:keep a node's bug: no person sends it
		}
		return d.Correct(ctx, code, op, parts[0], parts[1], parts[2])
	}
	return &ErrState{Msg: "unknown change " + op} // lang:keep a node's bug: no person sends it
}

// Leading reports whether this director runs the tournaments (it does unless it follows).
func (d *Director) Leading() bool { return !d.standby.Load() }

// Calls are the people called to their games now, by key (what followers show them).
func (d *Director) Calls() map[string]Call {
	d.mu.Lock()
	defer d.mu.Unlock()
	return maps.Clone(d.calls)
}

// ReadyFrom is Ready for a program connected to node origin of a cluster: its games are
// played there when they can be.
func (d *Director) ReadyFrom(origin, code, entrant string, ctl rooms.Controller) (*Ticket, []string, error) {
	return d.ready(code, entrant, ctl, origin) // Origin set before Step can seat it
}

// reconcileEvery is how often a leader on a cluster reads the results from the store, in
// case a node recorded one and could not say so (it died just after).
const reconcileEvery = 5 * time.Second

// reconcileSoon has the next Step read the results from the store.
func (d *Director) reconcileSoon() {
	d.mu.Lock()
	d.reconciled = time.Time{}
	d.mu.Unlock()
	d.poke()
}

// reconcile takes up the results the store holds and the director does not.
func (d *Director) reconcile(ctx context.Context) {
	d.mu.Lock()
	if d.now().Sub(d.reconciled) < reconcileEvery {
		d.mu.Unlock()
		return
	}
	d.reconciled = d.now()
	codes := make([]string, 0, len(d.live))
	for code := range d.live {
		codes = append(codes, code)
	}
	d.mu.Unlock()
	for _, code := range codes {
		games, err := d.st.TournamentGames(ctx, code)
		if err != nil {
			d.log.Warn("tournament results could not be read", "code", code, "err", err)
			continue
		}
		d.mu.Lock()
		if l := d.live[code]; l != nil {
			for _, g := range games {
				r := resultOf(g)
				if !l.has(keyOf(r.Game)) {
					d.free(code, r.Game)
					l.add(r)
					l.note(d.now(), lang.T("%s: %s: %s", l.at(r.Game.Round, r.Game.Leg), l.names(r.Game.Seats), resultT(l, r)))
					d.changedLocked()
				}
			}
		}
		d.mu.Unlock()
	}
}

// Finder finds the live room of a tournament game by its tag, wherever it runs now.
type Finder func(tag string) (roomdir.Room, bool)

// SetFinder lets the director follow its games when a draining node moves them.
func (d *Director) SetFinder(f Finder) { d.find = f }

// movedWait is how long a leader looks for a game whose room closed without a result
// before playing it again: a draining node moves a game, then closes its room.
const movedWait = 3 * time.Second

// movedLocked reports whether game k, whose room closed without a result, is played on
// in another room (a node drained), or may still be: the director then waits. Caller
// holds d.mu.
func (d *Director) movedLocked(l *live, k gameKey, p inPlay, now time.Time) bool {
	if d.find == nil {
		return false
	}
	if r, ok := d.find(tag(l.t.Code, k, p.game.Seats)); ok && r.ID() != p.room.ID() {
		l.playing[k] = inPlay{game: p.game, room: r}
		for _, id := range p.game.Seats {
			if c, ok := d.calls[id]; ok && c.Code == l.t.Code && c.Game == GameID(k.round, k.pairing, k.leg) {
				c.Room = r.ID()
				d.calls[id] = c
			}
		}
		l.note(now, lang.T("%s: %s moved to room %s", l.at(k.round, k.leg), l.names(p.game.Seats), r.ID()))
		d.changedLocked()
		return true
	}
	if p.closed.IsZero() {
		p.closed = now
		l.playing[k] = p
		return true
	}
	return now.Sub(p.closed) < movedWait
}

// ErrUnreachable is a Remote's error when the leader does not answer; isUnreachable
// recognises it (and ErrElsewhere: no leader known).
var ErrUnreachable = lang.Errorf("the server running the tournaments does not answer: try again in a moment")

func isUnreachable(err error) bool {
	return errors.Is(err, ErrUnreachable) || errors.Is(err, ErrElsewhere)
}

// IsUnreachable reports whether err says that no node leads the tournaments right now (its
// leader is restarting, or another is taking over): worth waiting for, not an end.
func IsUnreachable(err error) bool { return isUnreachable(err) }
