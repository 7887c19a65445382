package botsession

import (
	"sync"
	"time"

	"github.com/arena-classroom/arena/botproto"
	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/lang"
	"github.com/arena-classroom/arena/program"
	"github.com/arena-classroom/arena/rooms"
)

// Controller plays one live room's seat for a program on a Conn (rooms.Controller). The
// room calls it under its lock: every method only queues lines. Answers go back to the room
// from the Conn's reader goroutine (room.Answer); a program that resigns or disconnects gives
// its seat to a house bot (room.Resign), so that the others can finish.
type Controller struct {
	c          *program.Conn
	game       games.Game
	maxStrikes int

	mu       sync.Mutex
	room     rooms.Seated
	seat     int
	match    string
	strikes  int
	resigned bool
	gone     bool // resigned or disconnected: the room has been told
	quiet    int  // a turn whose refusal the program was already warned of
	ended    chan struct{}
	endOnce  sync.Once
	outcome  *games.Outcome
	// keepNotes, when set, hears the end of the program's game (stored: it was over, its
	// result stored first) to keep the program's notes on its moves (Sessions.newController);
	// it never blocks, and returns a channel closed once they are stored, if it is storing
	// them now (nil otherwise).
	keepNotes func(r rooms.Seated, match string, seat int, stored bool) <-chan struct{}
}

var _ rooms.Controller = (*Controller)(nil)

// NewController makes the controller of one seat; maxStrikes is the room's (for notes).
func NewController(c *program.Conn, g games.Game, maxStrikes int) *Controller {
	ctl := &Controller{c: c, game: g, maxStrikes: maxStrikes, seat: -1, ended: make(chan struct{})}
	go func() {
		defer c.Recover("controller")
		select {
		case <-c.Done():
			ctl.abandon(false)
		case <-ctl.ended:
		}
	}()
	return ctl
}

// Ended is closed once the room has told the program its game is over (or over for it).
func (ctl *Controller) Ended() <-chan struct{} { return ctl.ended }

// Outcome is the game's outcome once Ended, nil if the program left it early.
func (ctl *Controller) Outcome() *games.Outcome {
	ctl.mu.Lock()
	defer ctl.mu.Unlock()
	return ctl.outcome
}

// Room is the room the program was seated in, nil before Start.
func (ctl *Controller) Room() (rooms.Seated, int) {
	ctl.mu.Lock()
	defer ctl.mu.Unlock()
	return ctl.room, ctl.seat
}

// Start queues "start"; the players and config are read from the room when the line is
// written, outside the room's lock.
func (ctl *Controller) Start(r rooms.Seated, seat int, _ games.State) {
	ctl.mu.Lock()
	ctl.room, ctl.seat, ctl.match = r, seat, r.MatchID()
	match, gone, resigned := ctl.match, ctl.gone, ctl.resigned
	ctl.mu.Unlock()
	if gone { // the program left while it was being seated: as abandon would have
		if resigned {
			go r.Resign(seat)
		} else {
			go r.Lost(seat) // a dropped connection: a tournament's game is void, not lost
		}
		return
	}
	seedPublic := botproto.SeedPublic(ctl.game)
	ctl.c.GameBegins(ctl.game)
	ctl.c.SendLazy(func() any {
		info := r.Info()
		names := make([]string, len(info.Seats))
		for i, s := range info.Seats {
			names[i] = s.Name
		}
		var seed *uint64
		if rp := r.Replay(); rp != nil && seedPublic {
			seed = &rp.Seed
		}
		return botproto.NewStart(match, seat, names, info.Config, seed, r.ID())
	})
	ctl.c.Tell(lang.T("game %s starts in room %s (watch it: ssh HOST watch %s)", match, r.ID(), r.ID()))
	ctl.c.OnResignOf(match, func() { ctl.abandon(true) })
}

// Turn queues the observation and waits, without blocking, for the answer.
func (ctl *Controller) Turn(r rooms.Seated, seat int, turn int, st games.State, move, bank time.Duration) {
	ctl.mu.Lock()
	match := ctl.match
	ctl.mu.Unlock()
	def := st.DefaultAction(seat)
	ctl.c.Expect(&program.Pending{ID: turn, Match: match, Default: def, Deliver: func(rep program.Reply) {
		ctl.deliver(r, seat, turn, def, rep)
	}})
	ctl.c.SendTurn(botproto.NewTurn(match, turn, st, seat, move, bank))
}

// deliver hands an answer to the room. Actions and malformed lines come from the Conn's
// reader goroutine, which holds no lock; resign and close may come from under the room's
// lock (a Turn on a closed Conn), so they reach the room from a goroutine of their own.
func (ctl *Controller) deliver(r rooms.Seated, seat, turn int, def games.Action, rep program.Reply) {
	switch {
	case rep.Closed:
		go ctl.abandon(false)
	case rep.Resign:
		go ctl.abandon(true)
	case rep.Failed: // already warned by the Conn
		ctl.setQuiet(turn)
		r.AnswerMalformed(seat, turn, botproto.CodeMalformed, nil)
	default:
		a, err := ctl.game.DecodeAction(rep.Action)
		if err != nil {
			ctl.setQuiet(turn)
			ctl.c.Warn(ctl.matchID(), turn, botproto.CodeMalformedAction, lang.Say(err, ctl.c.Lang()), def)
			r.AnswerMalformed(seat, turn, botproto.CodeMalformedAction, rep.Action)
			return
		}
		if !r.Answer(seat, turn, a) {
			ctl.c.Warn(ctl.matchID(), turn, botproto.CodeStale, ctl.c.Lang().Sprintf("turn %d ran out of time just before your answer: action dropped", turn), nil)
		}
	}
}

func (ctl *Controller) setQuiet(turn int) {
	ctl.mu.Lock()
	ctl.quiet = turn
	ctl.mu.Unlock()
}

func (ctl *Controller) matchID() string {
	ctl.mu.Lock()
	defer ctl.mu.Unlock()
	return ctl.match
}

// Refused warns the program that its answer (or its silence) got the default action.
func (ctl *Controller) Refused(_ rooms.Seated, _ int, turn int, err error, applied games.Action) {
	ctl.c.Settle(turn)
	code := games.IllegalCode(err)
	ctl.mu.Lock()
	if code == botproto.CodeTimeout {
		ctl.strikes++
	}
	quiet, match := ctl.quiet == turn, ctl.match
	ctl.mu.Unlock()
	if quiet {
		return
	}
	l := ctl.c.Lang()
	msg := lang.Say(err, l)
	if code == botproto.CodeTimeout {
		if why := ctl.c.Silence(turn); why != "" {
			msg = l.Sprintf("%s; %s", msg, why)
		}
	}
	ctl.c.Warn(match, turn, code, msg, applied)
}

// End sends "end": the outcome, or a null outcome and why the game went on without it.
func (ctl *Controller) End(r rooms.Seated, seat int, outcome *games.Outcome) {
	ctl.c.Forget()
	ctl.c.OnResign(nil)
	ctl.mu.Lock()
	match := ctl.match
	// The note is a value of the protocol, in English; stderr says it in the session's
	// language.
	var note lang.Text
	if outcome == nil {
		switch {
		case ctl.resigned:
			note = lang.T("resigned: a house bot plays on for you")
		case ctl.gone:
			note = lang.T("disconnected: a house bot plays on for you")
		case ctl.strikes >= ctl.maxStrikes:
			note = lang.T("too slow: %d missed deadlines; a house bot plays on for you", ctl.strikes)
		default:
			note = lang.T("the room closed before the end of the game")
		}
	}
	ctl.outcome = outcome
	ctl.mu.Unlock()
	end := botproto.End{Type: botproto.TypeEnd, Match: match, Outcome: outcome}
	if note.Key != "" {
		end.Note = note.In(lang.English)
	}
	if outcome != nil && r != nil {
		end.Replay = r.MatchID() // the stored match holds the replay
	}
	finish := func() {
		ctl.c.Send(end)
		ctl.c.GameEnds()
		if note.Key != "" {
			ctl.c.Tell(lang.T("game %s: %s", match, note))
		}
		ctl.endOnce.Do(func() { close(ctl.ended) })
	}
	if ctl.keepNotes != nil {
		// As the result, the program's notes are stored before it hears of the end: what
		// its "end" names shows them at once.
		if saved := ctl.keepNotes(r, match, seat, outcome != nil); saved != nil {
			go func() {
				defer ctl.c.Recover("controller")
				<-saved
				finish()
			}()
			return
		}
	}
	finish()
}

// abandon gives the seat up (a resign line, or the connection gone). It must not be called
// under the room's lock.
func (ctl *Controller) abandon(resign bool) {
	ctl.mu.Lock()
	r, seat := ctl.room, ctl.seat
	if ctl.gone {
		ctl.mu.Unlock()
		return
	}
	ctl.gone = true
	ctl.resigned = resign
	ctl.mu.Unlock()
	switch {
	case r == nil:
	case resign:
		r.Resign(seat)
	default:
		r.Lost(seat) // a tournament's game is void, and played again (rooms.Spec.VoidWhenLost)
	}
}
