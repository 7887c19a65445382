package games

import "math/big"

// RealTime is implemented by the states of real-time games (Perfect Aim). Time inside the
// rules is exact (big.Rat seconds, "num/den" on the wire) and the rules, not the room, decide
// when a seat must act.
//
// Decisions. At a decision instant ToMove lists the seat that must decide now: one seat at
// a time, because at one instant the rules ask players in a fixed order and each one sees
// what the previous ones just did (a fireball thrown, a cell taken). Apply records the
// action and lets the simulation go on; the next seat deciding at the same instant, if any,
// is listed after. The state also implements replay.Clocked (Now), so the referee records
// each move's instant.
//
// Time. A state runs in one of two modes, which give the same game because nothing between
// two decisions depends on input:
//   - unpaced (the default after New): the state always rests at a decision or at the end.
//     Apply runs the simulation on to the next decision, so drivers written for turn-based
//     games (headless matches, replay.Resimulate) need nothing more.
//   - paced (SetPaced(true), for live rooms): Apply finishes the current instant only, and
//     ToMove is empty between decisions. The room calls AdvanceTo with the game time its
//     wall clock has reached, so viewers see fireballs fly between decisions; AdvanceTo stops
//     at the next decision instant, where ToMove lists the seat again.
type RealTime interface {
	// Clock is the instant of the last event simulated. Nothing changes between events, so
	// the state is also the game at any instant from Clock up to the next event.
	Clock() *big.Rat
	// NextDecision is the exact instant at which some seat must decide next (Clock itself
	// while a decision is pending); ok is false when no seat will decide again (the game is
	// over, or ends before anyone decides).
	NextDecision() (t *big.Rat, ok bool)
	// AdvanceTo simulates every event up to and including t, stopping early at a decision,
	// and returns the events produced. It does nothing while a decision is pending.
	AdvanceTo(t *big.Rat) []Event
	// SetPaced chooses the mode (see above).
	SetPaced(on bool)
}

// maxAdvanceSteps bounds the events one Advance simulates (a live room's tick, a mirror's
// frame), so that a game that would run on for long cannot hold its caller.
const maxAdvanceSteps = 10000

// Advance runs a paced real-time state on toward target: through every event up to the
// first decision, stopping there if it falls at or before target, else at target itself.
// A nil target runs on to the next decision, however far. It returns the events simulated
// and whether a decision is pending now (at or before target): the caller plays it, then
// calls Advance again. Rooms and the cluster's mirrors of them both advance through it, so
// that a mirror plays the room's game exactly as its room does.
func Advance(rt RealTime, st State, target *big.Rat) (events []Event, deciding bool) {
	for range maxAdvanceSteps {
		if len(st.ToMove()) > 0 {
			return events, target == nil || rt.Clock().Cmp(target) <= 0
		}
		next, ok := rt.NextDecision()
		if !ok || target != nil && next.Cmp(target) > 0 {
			if target != nil {
				events = append(events, rt.AdvanceTo(target)...)
			}
			return events, false
		}
		events = append(events, rt.AdvanceTo(next)...)
	}
	return events, false
}
