package rooms

import (
	"github.com/arena-classroom/arena/lang"
	"time"
)

// ErrClockRuns: the clock cannot be held in this room (see HoldClock).
var ErrClockRuns = lang.Errorf("the clock runs in this game: it stops only in your own game against house bots")

// clockHold is a person's stopped clock (HoldClock): whose, and the time their turn had
// left when it stopped (zero until their turn is handed out).
type clockHold struct {
	on   bool
	seat int
	left time.Duration
}

// HoldClock stops (on) or restarts seat's clock, for a person reading the rules in the middle
// of a turn-based game. Only a room opened with Spec.MayHoldClock allows it, and only while
// every other seat is a house bot: nobody waits on them but bots. The turn keeps the time it
// had left; a game whose clock was held rates nobody (Info.Unrated), so that stopping the
// clock is never an edge in a rated game. Real-time games never stop.
func (r *Room) HoldClock(seat int, on bool) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	now := r.hub.now()
	if !on {
		r.releaseLocked(seat, now)
		return nil
	}
	if !r.mayHoldLocked(seat) {
		return ErrClockRuns
	}
	if r.hold.on {
		return nil
	}
	r.hold = clockHold{on: true, seat: seat}
	r.unrated = true
	if r.turnRunningFor(seat) {
		r.hold.left = max(r.deadline.Sub(now), time.Millisecond)
	}
	r.dirty = true
	return nil
}

// mayHoldLocked reports whether seat's clock may stop now. Caller holds the lock.
func (r *Room) mayHoldLocked(seat int) bool {
	if !r.mayHold || r.rt != nil || r.status != Playing || seat < 0 || seat >= len(r.seats) {
		return false
	}
	for i, s := range r.seats {
		switch {
		case i == seat && (s.Kind != Human || s.left):
			return false
		case i != seat && s.Kind != HouseBot:
			return false
		}
	}
	return true
}

// turnRunningFor reports whether seat's turn has been handed out and its deadline runs.
func (r *Room) turnRunningFor(seat int) bool {
	return r.ref != nil && toMove(r.ref.State(), seat) && r.turnMove == r.moves && !r.deadline.IsZero()
}

// releaseLocked restarts seat's held clock with the time its turn had left. Caller holds
// the lock.
func (r *Room) releaseLocked(seat int, now time.Time) {
	if !r.hold.on || r.hold.seat != seat {
		return
	}
	if r.turnRunningFor(seat) && r.hold.left > 0 {
		r.deadline = now.Add(r.hold.left)
	}
	r.hold = clockHold{}
	r.dirty = true
}

// heldTurn is turn's answer for a seat whose clock is held: the turn waits, with the time it
// had left (all of it, for a turn handed out while held). started: the turn began now.
func (r *Room) heldTurn(seat int, started bool) bool {
	if !r.hold.on || r.hold.seat != seat {
		return false
	}
	if started || r.hold.left == 0 {
		r.hold.left = r.limit(seat)
		r.dirty = true
	}
	return true
}
