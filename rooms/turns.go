package rooms

import (
	"encoding/json"
	"errors"
	"slices"
	"time"

	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/lang"
	"github.com/arena-classroom/arena/replay"
)

// tick advances the room to now: applies queued inputs, asks house bots, enforces deadlines
// and publishes a snapshot if anything changed. Called by the hub only.
func (r *Room) tick(now time.Time) {
	r.mu.Lock()
	defer r.mu.Unlock()
	switch r.status {
	case Waiting:
		if r.hub.cfg.WaitingTTL > 0 && now.Sub(r.created) > r.hub.cfg.WaitingTTL {
			r.close(now, lang.T("nobody joined in time"))
		}
	case Playing:
		if r.advance(now) && r.fast {
			r.hub.poke(r)
		}
		if r.status == Playing && r.desertedLocked() {
			r.logT(lang.T("everyone has left and nobody watches: the game ends here, lost by those who left"))
			r.finishWith(now, nil)
		}
	case Finished:
		linger := r.hub.cfg.Linger
		if r.fast {
			// A tournament of programs finishes dozens of games a second: they stay on the
			// wall a moment ("just finished"), not long enough to fill the server's rooms.
			linger = min(linger, fastLinger)
		}
		if now.Sub(r.endedAt) > linger && len(r.subs) == 0 {
			r.close(now, lang.Text{})
		}
	}
	if r.dirty {
		r.publishLocked(now)
	}
}

// serve advances a fast room between ticks, as soon as an answer or a bot's decision came
// (the hub's ready queue), or a person's move in a turn-based room. A fast room's snapshot
// is published at the next tick: viewers follow at the hub's frame rate, and the game never
// waits for them; a person's move is published at once.
func (r *Room) serve(now time.Time) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.status != Playing || r.rt != nil {
		return
	}
	if r.advance(now) {
		r.hub.poke(r) // more to do: back of the queue, after the others
	}
	if !r.fast && r.dirty {
		// A person's move (Submit): its player and viewers see it now, not at the tick.
		r.publishLocked(now)
	}
}

// advance plays what can be played now. It reports whether it stopped at maxMovesPerTick
// with more to play.
func (r *Room) advance(now time.Time) (more bool) {
	// A seated human with no session for AbsentGrace (dropped connection, cancelled just as
	// they were seated) gives the seat to a bot rather than stalling the others.
	for i := range r.seats {
		s := &r.seats[i]
		if s.Kind == Human && !s.left && !s.absent.IsZero() && now.Sub(s.absent) >= r.grace {
			r.leaveSeatLocked(i)
		}
	}
	if r.rt != nil {
		r.advanceRealTime(now)
		return false
	}
	movesBefore := r.moves
	if r.gap > 0 {
		if r.moves > 0 && now.Sub(r.lastMove) < r.gap {
			return false // the live pace: the next move waits, and so does its turn
		}
		defer func() {
			if r.moves != movesBefore {
				r.lastMove = now
			}
		}()
	}
	st := r.ref.State()
	inbox := r.inbox
	r.inbox = r.inbox[:0]
	for _, in := range inbox {
		if st.Over() || !toMove(st, in.seat) {
			continue // a key pressed out of turn: the UI already told the player
		}
		if in.remote && r.seats[in.seat].remote != nil {
			r.chargeRemote(in.seat, in.at)
		}
		if in.warn != "" {
			r.playDefault(in.seat, in.at.Sub(r.turnAt), in.warn, in.sent)
			continue
		}
		r.play(in.seat, in.action, in.at.Sub(r.turnAt))
	}
	// An unpaced room goes on while its house bots answer at once: the next bot starts
	// thinking in the tick that played the last move, so a game of bots takes a tick a move.
	if st.Over() {
		r.finish(now)
		return false
	}
	for range maxMovesPerTick {
		if r.gap > 0 && r.moves != movesBefore {
			return false // one move, then the gap
		}
		played := r.turn(now, st)
		if st.Over() {
			r.finish(now)
			return false
		}
		if !played {
			return false
		}
		if r.pace > 0 {
			// One move a tick in a paced room, but the next turn starts in this tick: the
			// snapshot published now shows the next player's own clock, not the last
			// mover's, which a person's screen would take for a new turn a tick later.
			if r.turn(now, st) && st.Over() {
				r.finish(now)
			}
			return false
		}
	}
	return true
}

// fastLinger is how long a finished fast room nobody watches stays listed.
const fastLinger = 3 * time.Second

// maxMovesPerTick bounds the moves an unpaced room plays in one tick, so that one room's
// bots cannot hold the hub's loop.
const maxMovesPerTick = 4

// turn starts or ends the current turn: it hands it to whoever must decide, plays a house
// bot's decision once it has come, and applies the default when time is up. It reports
// whether a move was played.
func (r *Room) turn(now time.Time, st games.State) bool {
	movers := st.ToMove()
	if len(movers) == 0 {
		return false
	}
	seatNo := movers[0]
	s := &r.seats[seatNo]
	started := false
	if r.turnMove != r.moves || r.deadline.IsZero() {
		started = true
		r.turnMove, r.turnAt = r.moves, now
		if s.remote != nil {
			r.remoteTurn(seatNo, st, now)
		} else {
			r.deadline = now.Add(r.limit(seatNo))
		}
		r.dirty = true
	}
	switch {
	case s.Kind == HouseBot && r.houseBotTurn(seatNo, st, now):
		return true
	case s.Kind == Human && r.heldTurn(seatNo, started):
		return false // the person reads the rules: their clock waits
	case r.awayTurn(seatNo, started):
		return false // the program's node is out of reach: its clock waits
	case s.Kind == Human && !s.seen && !s.left:
		// Seated before they came (a tournament calls its people in): their clock starts
		// when they arrive (Attach), and if they do not, a house bot takes the seat after
		// the room's grace (advance).
		return false
	case !now.Before(r.deadline):
		name := s.Name
		turn := 0
		if s.remote != nil {
			turn = s.remote.turn
		}
		events := r.ref.Timeout(seatNo)
		r.clockMove(seatNo, now.Sub(r.turnAt), warnTimeout, nil)
		r.moves++
		// The move's events say what the game made of it, in its words ("lost the turn",
		// "ends the turn", "gives no valid code and dies").
		if s.Kind == HouseBot {
			r.logT(lang.T("%s thought too long", name))
		} else {
			r.logT(lang.T("%s ran out of time", name))
		}
		r.logEvents(events)
		if s.remote != nil {
			s.remote.ctl.Refused(r, seatNo, turn, errTimeout, st.DefaultAction(seatNo))
			r.remoteTimedOut(seatNo)
		}
		return true
	}
	return false
}

func toMove(st games.State, seatNo int) bool {
	for _, s := range st.ToMove() {
		if s == seatNo {
			return true
		}
	}
	return false
}

func (r *Room) limit(seatNo int) time.Duration {
	switch r.seats[seatNo].Kind {
	case Human:
		return r.hub.cfg.HumanMove
	case HouseBot:
		return r.pace + r.hub.cfg.BotThink
	}
	return r.hub.cfg.BotMove
}

// askBot asks a house bot, containing its panics: ok is false when the bot panicked, and
// the seat then plays the default.
func (r *Room) askBot(seatNo int, st games.State) (a games.Action, ok bool) {
	defer func() {
		if p := recover(); p != nil {
			r.hub.log.Error("house bot panicked", "room", r.id, "bot", r.seats[seatNo].BotName, "panic", p)
			a, ok = nil, false
		}
	}()
	return r.seats[seatNo].bot.Choose(st, seatNo), true
}

// playQuietly plays without logging a refusal: in a real-time game a person holding a key
// against a wall would fill the log.
func (r *Room) playQuietly(seatNo int, a games.Action) {
	events, _ := r.ref.Play(seatNo, a)
	r.moves++
	r.logEvents(events)
}

// play applies seat's decision, which took think since its turn began.
func (r *Room) play(seatNo int, a games.Action, think time.Duration) {
	var def games.Action
	if rs := r.seats[seatNo].remote; rs != nil {
		def = r.ref.State().DefaultAction(seatNo)
	}
	events, refused := r.ref.Play(seatNo, a)
	if refused == nil {
		r.clockMove(seatNo, think, "", nil)
	} else if !errors.Is(refused, replay.ErrNotToMove) && !errors.Is(refused, replay.ErrOver) {
		r.clockMove(seatNo, think, games.IllegalCode(refused), a)
	}
	r.moves++
	r.dirty = true
	if refused != nil {
		// One line says why; the default move's own events would only repeat it.
		r.logT(lang.T("%s: %s", r.seats[seatNo].Name, refused))
		if rs := r.seats[seatNo].remote; rs != nil {
			rs.ctl.Refused(r, seatNo, r.turnID, refused, def)
		}
		events = slices.DeleteFunc(events, func(e games.Event) bool { return e.Seat == seatNo })
	}
	r.logEvents(events)
}

// warnTimeout is the code of errTimeout, as a move's clock keeps it.
const warnTimeout = "timeout"

// playDefault plays seat's default for an answer the game could not read (the program
// was warned already).
func (r *Room) playDefault(seatNo int, think time.Duration, warn string, sent json.RawMessage) {
	events := r.ref.Timeout(seatNo)
	r.clockMove(seatNo, think, warn, sent)
	r.moves++
	r.dirty = true
	r.logEvents(events)
}

// clockMove gives the move just applied for seat its clock in the replay: how long the
// decision took, the program's bank after it, and the warning it earned (sent: the action
// refused).
func (r *Room) clockMove(seatNo int, think time.Duration, warn string, sent games.Action) {
	c := replay.Clock{Think: max(think, 0), Warn: warn}
	if rs := r.seats[seatNo].remote; rs != nil {
		c.Turn, c.Move, c.Told = rs.told.turn, rs.told.move, rs.told.bank
		c.Bank, c.HasBank = rs.time.Bank(), true
		if warn == warnTimeout {
			c.Bank = 0 // a missed deadline empties the bank (timebank.Account.Miss)
		}
	}
	if sent != nil {
		c.Sent, _ = json.Marshal(sent)
	}
	r.ref.SetClock(c)
}

func (r *Room) logEvents(events []games.Event) {
	for _, e := range events {
		if e.Text == "" {
			continue
		}
		var said any = e.Text // a game that says it in English only
		if e.Said.Key != "" {
			said = e.Said
		}
		if e.Seat >= 0 && e.Seat < len(r.seats) {
			r.logT(lang.T("%s %s", r.seats[e.Seat].Name, said))
		} else {
			r.logT(lang.T("%s", said))
		}
	}
}

func (r *Room) finish(now time.Time) {
	out := r.ref.State().Outcome()
	r.finishWith(now, &out)
}

// finishWith ends the game with the rules' outcome, or, for a game cut short (nil), with
// everyone tied; either way those who left rank below everyone who stayed.
func (r *Room) finishWith(now time.Time, played *games.Outcome) {
	r.status = Finished
	r.over.Store(true)
	r.endedAt = now
	r.deadline = time.Time{}
	var base games.Outcome
	if played != nil {
		base = *played
	} else {
		n := len(r.seats)
		base = games.Outcome{Ranks: make([]int, n), Scores: make([]int, n)}
		for i := range base.Ranks {
			base.Ranks[i] = 1
		}
	}
	left := make([]bool, len(r.seats))
	for i, s := range r.seats {
		left[i] = s.takeover != nil
	}
	out := rankLeaversLast(base, left)
	r.outcome = &out
	r.dirty = true
	// Programs hear of the end once the result is stored, as people see it: the "end" line
	// names the stored replay, which `history` and `replay` then find.
	tellPrograms := func() {
		for i, s := range r.seats {
			if s.remote != nil {
				s.remote.ctl.End(r, i, &out)
			}
		}
	}
	rp := r.ref.Replay()
	info := r.infoLocked()
	if r.hub.cfg.OnFinish == nil {
		r.saved = true
		tellPrograms()
		return
	}
	// Durable before announced: the result is marked saved once the store has it. The hub
	// does not wait for the disk.
	r.hub.saving.Add(1)
	go func() {
		defer r.hub.saving.Done()
		defer func() {
			if p := recover(); p != nil {
				r.hub.log.Error("saving a match panicked", "room", r.id, "panic", p)
			}
		}()
		err := r.hub.cfg.OnFinish(info, rp)
		r.mu.Lock()
		defer r.mu.Unlock()
		if err != nil {
			r.hub.log.Error("saving a match", "room", r.id, "err", err)
			r.logT(lang.T("the result could not be saved"))
		}
		r.saved = true
		r.dirty = true
		tellPrograms()
	}()
}

func (r *Room) close(now time.Time, why lang.Text) {
	if r.status != Finished {
		for i, s := range r.seats {
			if s.remote != nil {
				s.remote.ctl.End(r, i, nil)
				r.seats[i].remote = nil
			}
		}
	}
	r.status = Closed
	r.over.Store(true)
	r.endedAt = now
	r.errText = say(why)
	if why.Key != "" {
		r.logT(why)
	}
	r.dirty = true
}
