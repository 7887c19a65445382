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
		if r.moves > 0 { // taken up (Spec.Resume): the wall clock goes on from the game's
			secs, _ := rt.Clock().Float64()
			r.startedAt = now.Add(-time.Duration(secs * float64(time.Second)))
		}
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
	r.announceRealTime(target)
	for steps := 0; !st.Over() && steps < maxStepsPerTick; steps++ {
		events, deciding := games.Advance(r.rt, st, target)
		r.logEvents(events)
		if !deciding {
			break // the wall clock is reached, or the next decision lies ahead of it
		}
		seat := st.ToMove()[0]
		r.playQuietly(seat, r.realTimeAction(seat, st))
	}
	// Time itself changes the board (fireballs fly, lava spreads), but most ticks change
	// nothing a viewer sees: publish when the board or the headline does.
	if sig := r.realTimeSignature(now); sig != r.rtSig {
		r.rtSig = sig
		r.dirty = true
	}
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
	case Remote:
		rs := s.remote
		turn := rs.turn
		if turn == 0 {
			turn = rs.answered
		}
		rs.turn, rs.at = 0, nil
		a, ok := r.held[seat]
		delete(r.held, seat)
		if !ok {
			rs.ctl.Refused(r, seat, turn, errTimeout, st.DefaultAction(seat))
			break
		}
		// Judged at the instant, as the rules judge everyone; a refusal is warned about.
		if err := st.Validate(seat, a); err != nil {
			rs.ctl.Refused(r, seat, turn, err, st.DefaultAction(seat))
			break
		}
		return a
	}
	return st.DefaultAction(seat)
}

// announceRealTime sends programs their next decision a budget before its instant, with the
// game as it will be at that instant (nothing between now and then depends on anyone's
// input). Every seat deciding at that instant is told, in the order the rules will ask them.
func (r *Room) announceRealTime(target *big.Rat) {
	next, ok := r.rt.NextDecision()
	if !ok || (r.announced != nil && r.announced.Cmp(next) == 0) {
		return
	}
	budget := r.hub.cfg.RemoteBudget
	if new(big.Rat).Sub(next, target).Cmp(big.NewRat(budget.Milliseconds(), 1000)) > 0 {
		return
	}
	r.announced = next
	remotes := false
	for _, s := range r.seats {
		remotes = remotes || s.remote != nil
	}
	if !remotes {
		return
	}
	future := r.ref.State().Clone()
	frt := future.(games.RealTime)
	frt.AdvanceTo(next)
	for range r.seats {
		movers := future.ToMove()
		if len(movers) == 0 || frt.Clock().Cmp(next) != 0 {
			return
		}
		seat := movers[0]
		if rs := r.seats[seat].remote; rs != nil {
			r.turnID++
			rs.turn, rs.at = r.turnID, next
			rs.ctl.Turn(r, seat, rs.turn, future.Clone(), budget, 0)
		}
		if _, err := future.Apply(seat, future.DefaultAction(seat)); err != nil {
			return
		}
	}
}

// RealTime reports whether the room's game runs on a clock.
func (r *Room) RealTime() bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.rt != nil
}

// realTimeSignature is what viewers of a real-time room see of its game: the board, and the
// line above the players. A snapshot is published when it changes.
func (r *Room) realTimeSignature(now time.Time) string {
	st := r.ref.State()
	sig := r.entry.View.Board(st, -1, games.Plain)
	if h, ok := r.entry.View.(games.Headliner); ok {
		sig += "\n" + h.Headline(st, now.Sub(r.startedAt))
	}
	return sig
}
