package director

import (
	"github.com/arena-classroom/arena/lang"
	"slices"
	"time"

	"github.com/arena-classroom/arena/roomdir"
	"github.com/arena-classroom/arena/rooms"
	"github.com/arena-classroom/arena/store"
)

// Ticket is a student's program ready for its next game of a tournament.
type Ticket struct {
	code, entrant string
	ctl           rooms.Controller
	seated        chan Seating // capacity 1: the director never waits on a program
	// Origin is the node of a cluster where the program is connected ("" here): its games
	// are played there.
	Origin string
	since  time.Time // when it lined up, for the administrator's figures (Stats)
}

// NewTicket makes a ticket for a program of this node whose director is on another node
// of a cluster (see Remote): Seat hands it its games.
func NewTicket(code, entrant string, ctl rooms.Controller) *Ticket {
	return &Ticket{code: code, entrant: entrant, ctl: ctl, seated: make(chan Seating, 1)}
}

// Code and Entrant say whose ticket it is; Controller plays its games.
func (t *Ticket) Code() string                 { return t.code }
func (t *Ticket) Entrant() string              { return t.entrant }
func (t *Ticket) Controller() rooms.Controller { return t.ctl }

// Seat hands the ticket its game (once; later ones are dropped).
func (t *Ticket) Seat(s Seating) {
	select {
	case t.seated <- s:
	default:
	}
}

// Seated delivers the program's game, or the tournament's end.
func (t *Ticket) Seated() <-chan Seating { return t.seated }

// Seating is what a ready program gets: the room of its game, or Over when the tournament
// ended (State says how).
type Seating struct {
	Room  roomdir.Room
	Over  bool
	State string
	// Again: the director that held the ticket is gone (a cluster's leader changed); the
	// program lines up again, with the next one.
	Again bool
}

func ticketKey(code, entrant string) string { return code + "\x00" + entrant }

// Ready puts entrant's program in line for its next game of tournament code, which ctl will
// play. Missed lists the forfeits it had while away, for its stderr.
func (d *Director) Ready(code, entrant string, ctl rooms.Controller) (t *Ticket, missed []string, err error) {
	return d.ready(code, entrant, ctl, "")
}

// ready is Ready for a program connected to node origin ("" for this one).
func (d *Director) ready(code, entrant string, ctl rooms.Controller, origin string) (t *Ticket, missed []string, err error) {
	if r := d.leader(); r != nil && origin == "" {
		t := NewTicket(code, entrant, ctl)
		missed, err := r.Ready(t)
		if err != nil {
			return nil, missed, err
		}
		return t, missed, nil
	}
	if err := d.elsewhere(); err != nil {
		return nil, nil, err
	}
	d.mu.Lock()
	if d.standby.Load() {
		// It followed meanwhile (Follow sets standby, then empties the line under d.mu): a
		// ticket put in line now would be held by a director that leads nothing. A local
		// program asks again, of the leader; another node's is told that this one does
		// not lead, and asks the one it hears lead.
		d.mu.Unlock()
		if origin != "" {
			return nil, nil, ErrElsewhere
		}
		return d.ready(code, entrant, ctl, origin)
	}
	defer d.mu.Unlock()
	l := d.live[code]
	key := ticketKey(code, entrant)
	if l == nil {
		// Over, or not started: what it missed while away is told all the same.
		missed = said(d.missed[key])
		delete(d.missed, key)
		return nil, missed, ErrNotLive
	}
	e, ok := l.byID[entrant]
	if !ok {
		return nil, nil, ErrNotEntrant
	}
	if e.Kind != store.EntrantProgram {
		return nil, nil, lang.Errorf("%s is entered as a %s, not as a program", e.Name, e.Kind)
	}
	if slices.Contains(l.opts.Withdrawn, entrant) {
		missed = said(d.missed[key])
		delete(d.missed, key)
		return nil, missed, ErrRemoved
	}
	if d.tickets[key] != nil {
		return nil, nil, lang.Errorf("another connection of this key is already waiting for this tournament's games")
	}
	t = &Ticket{code: code, entrant: entrant, ctl: ctl, seated: make(chan Seating, 1), Origin: origin, since: d.now()}
	d.tickets[key] = t
	delete(d.held, key) // its last game's ticket: the program asks for the next
	missed = said(d.missed[key])
	delete(d.missed, key)
	d.poke()
	return t, missed, nil
}

// Unready takes a program out of line as it disconnects. It reports false when the program
// was seated meanwhile (its Seated channel holds the room, whose seat its controller gives up).
//
// A session calls it too as it ends after a game, with the ticket of that game: the director
// holds that ticket while the program plays and until it asks for its next game, and counts
// the program as connected meanwhile (see presence.go). Unready of a held ticket lets it go
// and reports false.
func (d *Director) Unready(t *Ticket) bool {
	if r := d.leader(); r != nil {
		return r.Unready(t)
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	key := ticketKey(t.code, t.entrant)
	if d.held[key] == t {
		delete(d.held, key)
	}
	if d.tickets[key] != t {
		return false
	}
	delete(d.tickets, key)
	return true
}

// said are texts in English: what Ready tells a program of its forfeits (a session that
// knew its reader's language could say them in it: the director keeps them as texts).
func said(texts []lang.Text) []string {
	if texts == nil {
		return nil
	}
	out := make([]string, len(texts))
	for i, t := range texts {
		out[i] = t.String()
	}
	return out
}

// Errors of Ready.
var (
	ErrNotLive    = lang.Errorf("this tournament is not running: it has not started, or it is over")
	ErrNotEntrant = lang.Errorf("this key is not entered in the tournament")
)
