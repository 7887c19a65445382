package rooms

import (
	"math/big"
	"time"

	"github.com/arena-classroom/arena/games"
)

// maxStepsPerTick bounds the work of one tick in a real-time room (decisions and events),
// so that a rules bug cannot spin the hub.
const maxStepsPerTick = 10000

// startRealTime switches a real-time state to paced mode: the room, not Apply, moves time
// on, following the wall clock from now.
func (r *Room) startRealTime(now time.Time) {
	if rt, ok := r.ref.State().(games.RealTime); ok {
		rt.SetPaced(true)
		r.rt = rt
		r.startedAt = now
	}
}

// advanceRealTime plays a real-time game up to the game time the wall clock has reached:
// decisions at their exact instants (a house bot is asked synchronously, a person's last key
// pressed before the instant applies, nothing means the default), events in between.
func (r *Room) advanceRealTime(now time.Time) {
	st := r.ref.State()
	for _, in := range r.inbox {
		r.held[in.seat] = in.action // latest key wins until the seat's next decision
	}
	r.inbox = r.inbox[:0]
	target := big.NewRat(now.Sub(r.startedAt).Milliseconds(), 1000)
	for steps := 0; !st.Over() && steps < maxStepsPerTick; steps++ {
		if movers := st.ToMove(); len(movers) > 0 {
			if r.rt.Clock().Cmp(target) > 0 {
				break // the decision lies ahead of the wall clock
			}
			seat := movers[0]
			r.playQuietly(seat, r.realTimeAction(seat, st))
			continue
		}
		next, ok := r.rt.NextDecision()
		if !ok || next.Cmp(target) > 0 {
			r.logEvents(r.rt.AdvanceTo(target))
			break
		}
		r.logEvents(r.rt.AdvanceTo(next))
	}
	// Time itself changes the board (fireballs fly, lava spreads): publish every tick.
	r.dirty = true
	if st.Over() {
		r.finish(now)
	}
}

func (r *Room) realTimeAction(seat int, st games.State) games.Action {
	s := &r.seats[seat]
	switch s.Kind {
	case HouseBot:
		if a, ok := r.askBot(seat, st); ok {
			return a
		}
	case Human:
		if a, ok := r.held[seat]; ok {
			delete(r.held, seat)
			return a
		}
	}
	return st.DefaultAction(seat)
}

// RealTime reports whether the room's game runs on a clock.
func (r *Room) RealTime() bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.rt != nil
}
