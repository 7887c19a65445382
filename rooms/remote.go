package rooms

import (
	"encoding/json"
	"math/big"
	"time"

	"github.com/arena-classroom/arena/replay"
	"github.com/arena-classroom/arena/timebank"

	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/lang"
)

// Controller speaks for a Remote seat: a program playing over the bot protocol. The room
// calls it from the hub goroutine, under the room's lock, so every method must return at
// once (queue the message; never write to a network connection here).
type Controller interface {
	// Start tells the program its game begins.
	Start(r Seated, seat int, st games.State)
	// Turn asks for a decision. turn identifies it (answers carrying another id are stale);
	// moveLimit and bank are the time the program has before its deadline.
	Turn(r Seated, seat int, turn int, st games.State, moveLimit, bank time.Duration)
	// Refused tells the program its answer was illegal, malformed or late, and what was
	// applied instead.
	Refused(r Seated, seat int, turn int, err error, applied games.Action)
	// End tells the program how the game ended. outcome is nil if the room closed early.
	End(r Seated, seat int, outcome *games.Outcome)
}

// Seated is the room as a Controller sees it: what it tells the program of the room, and
// how the program's answers and resignation reach it. *Room is one; a seat played from
// another node could be another.
type Seated interface {
	ID() string
	MatchID() string
	Info() Info
	Replay() *replay.Replay
	Answer(seat, turn int, a games.Action) bool
	// AnswerMalformed is an answer the game could not read (the program was warned with
	// code): the seat's default plays, and the move's clock keeps code and what was sent.
	AnswerMalformed(seat, turn int, code string, sent json.RawMessage) bool
	Resign(seat int)
	// Lost: the program's connection is gone (it did not resign): the game is void where
	// the room says so (Spec.VoidWhenLost), else the program resigns.
	Lost(seat int)
}

// remoteState is one Remote seat: its controller, its time (counted by timebank, as in
// headless play) and the turn it owes.
type remoteState struct {
	ctl      Controller
	time     *timebank.Account
	turn     int // id of the pending turn; 0 when none
	answered int // id of the last turn answered
	// told is the last turn as the program read it (its id, move limit and bank), for the
	// move's clock in the replay (clockMove).
	told struct {
		turn       int
		move, bank time.Duration
	}
	at *big.Rat // instant of the pending real-time decision
	// thought and answers add up the program's answers in this game: how long it takes a
	// move, for a teacher's console ("slow: 0.45 s a move").
	thought time.Duration
	answers int
	// away: the program's node is out of reach (a cluster's bus restarts): its turn waits
	// with the time it had left, awayLeft, rather than time out (HoldPrograms).
	away     bool
	awayLeft time.Duration
}

// HoldPrograms stops (on) or starts again the clocks of the programs whose controllers
// match: their node is out of reach while a cluster's bus restarts, so a turn of theirs
// waits, with the time it had left, rather than time out and count a strike. Real-time
// games go on: their decisions come at their instants whoever answers.
func (r *Room) HoldPrograms(match func(Controller) bool, on bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.rt != nil {
		return
	}
	now := r.hub.now()
	for i := range r.seats {
		rs := r.seats[i].remote
		if rs == nil || rs.away == on || !match(rs.ctl) {
			continue
		}
		running := rs.turn != 0 && r.turnRunningFor(i)
		rs.away = on
		switch {
		case on && running:
			rs.awayLeft = max(r.deadline.Sub(now), time.Millisecond)
		case on:
			rs.awayLeft = 0
		case running:
			left := rs.awayLeft
			if left <= 0 {
				left = rs.time.Allowed()
			}
			r.deadline = now.Add(left)
		}
		r.dirty = true
	}
}

// awayTurn is turn's answer for a program whose node is out of reach: its turn waits (all
// of its time kept, for a turn handed out meanwhile). started: the turn began now.
func (r *Room) awayTurn(seatNo int, started bool) bool {
	rs := r.seats[seatNo].remote
	if rs == nil || !rs.away {
		return false
	}
	if started {
		rs.awayLeft = rs.time.Allowed()
	}
	return true
}

// Answer delivers a program's action for turn. It returns false for a stale turn (already
// answered, timed out, or not this seat's), which the caller reports to the program.
func (r *Room) Answer(seatNo, turn int, a games.Action) bool {
	return r.answer(seatNo, turn, input{action: a})
}

// AnswerMalformed takes an answer the game could not read: see Seated.
func (r *Room) AnswerMalformed(seatNo, turn int, code string, sent json.RawMessage) bool {
	return r.answer(seatNo, turn, input{warn: code, sent: sent})
}

// answer queues in, a program's answer to turn.
func (r *Room) answer(seatNo, turn int, in input) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	if seatNo < 0 || seatNo >= len(r.seats) || r.status != Playing {
		return false
	}
	rs := r.seats[seatNo].remote
	if rs == nil || rs.turn != turn || turn == 0 {
		return false
	}
	rs.turn, rs.answered = 0, turn
	in.seat, in.at, in.remote = seatNo, r.hub.now(), true
	r.inbox = append(r.inbox, in)
	if r.fast {
		r.hub.poke(r) // played now, not at the next tick
	}
	return true
}

// ControllerOf is the controller speaking for seat seatNo, nil for a seat that is not a
// program's: the cluster checks that a program's answers come from the node it is on.
func (r *Room) ControllerOf(seatNo int) Controller {
	r.mu.Lock()
	defer r.mu.Unlock()
	if seatNo < 0 || seatNo >= len(r.seats) || r.seats[seatNo].remote == nil {
		return nil
	}
	return r.seats[seatNo].remote.ctl
}

// Lost: seat's program lost its connection during the game. In a room that voids such a
// game (a tournament's: its director plays it again), the room closes without a result;
// elsewhere the program resigns.
func (r *Room) Lost(seatNo int) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if seatNo < 0 || seatNo >= len(r.seats) || r.seats[seatNo].Kind != Remote || r.seats[seatNo].remote == nil {
		return
	}
	if r.voidLost && r.status == Playing {
		now := r.hub.now()
		r.close(now, lang.T("%s's connection was lost: the game is void, and played again", r.seats[seatNo].Name))
		r.publishLocked(now)
		return
	}
	r.seats[seatNo].note = say(lang.T("resigned"))
	r.handToBot(seatNo)
}

// Resign makes a Remote seat's program give up: a house bot plays on for it, so that the
// others can finish, as when a person leaves.
func (r *Room) Resign(seatNo int) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if seatNo >= 0 && seatNo < len(r.seats) && r.seats[seatNo].Kind == Remote {
		r.seats[seatNo].note = say(lang.T("resigned"))
		r.handToBot(seatNo)
	}
}

// remoteTurn starts a Remote seat's turn: the deadline is the move limit plus what is left
// in its bank.
func (r *Room) remoteTurn(seatNo int, st games.State, now time.Time) {
	rs := r.seats[seatNo].remote
	r.turnID++
	rs.turn = r.turnID
	r.deadline = now.Add(rs.time.Allowed())
	rs.told.turn, rs.told.move, rs.told.bank = rs.turn, rs.time.Rules().Move, rs.time.Bank()
	rs.ctl.Turn(r, seatNo, rs.turn, st, rs.told.move, rs.told.bank)
}

// chargeRemote takes from the bank what an answer used beyond the move limit.
func (r *Room) chargeRemote(seatNo int, at time.Time) {
	rs := r.seats[seatNo].remote
	rs.time.Charge(at.Sub(r.turnAt))
	rs.thought += at.Sub(r.turnAt)
	rs.answers++
}

// remoteTimedOut records a strike; a program that keeps missing its deadlines is replaced by
// a house bot.
func (r *Room) remoteTimedOut(seatNo int) {
	rs := r.seats[seatNo].remote
	rs.turn = 0
	if rs.time.Miss() {
		r.seats[seatNo].note = say(lang.T("too slow: replaced"))
		r.logT(lang.T("%s missed %d deadlines; %s plays on for it", r.seats[seatNo].Name, games.Digits(rs.time.Strikes()), r.entry.Strongest))
		r.handToBot(seatNo)
	}
}

// handToBot gives seat to the game's strongest house bot for the rest of the game.
func (r *Room) handToBot(seatNo int) {
	s := &r.seats[seatNo]
	if s.remote != nil {
		s.remote.ctl.End(r, seatNo, nil)
		s.remote = nil
	}
	if r.status == Playing && s.takeover == nil && (s.Kind == Human || s.Kind == Remote) {
		s.takeover = &Takeover{FromMove: r.ref.Moves(), By: r.entry.Strongest}
	}
	s.left = true
	if err := r.seatBot(seatNo, r.entry.Strongest); err == nil {
		s.Kind = HouseBot
	}
	r.dirty = true
}
