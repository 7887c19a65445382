package program

import (
	"errors"
	"sync/atomic"
	"time"

	"github.com/arena-classroom/arena/botproto"
	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/replay"
	"github.com/arena-classroom/arena/timebank"

	"github.com/arena-classroom/arena/lang"
)

// Clock is a program's time rules (timebank.Rules, counted the same way live and headless).
type Clock = timebank.Rules

// DefaultClock is the arena's default for programs (rooms.DefaultConfig agrees).
func DefaultClock() Clock { return timebank.Default() }

// DefaultStartup is the start-up allowance of a program started for a game.
const DefaultStartup = timebank.DefaultStartup

// ClockLimits is the clock as the protocol's hello states it.
func ClockLimits(c Clock) botproto.Limits {
	l := botproto.LimitsOf(c.Move, c.Bank)
	l.StartupMS = c.Startup.Milliseconds()
	return l
}

// Game is one headless game as an Agent sees it.
type Game struct {
	Game    games.Game
	Config  games.Config // normalized
	Seed    uint64       // the game's seed
	Seat    int
	Players []string // names in seat order
	Match   string   // the protocol's match id
	Clock   Clock
	// Pad lengthens every turn line by about this many bytes (an unknown field, which
	// programs ignore): arena check's test that a program reads whole lines.
	Pad int
}

// Seat statuses: how a program's game went, when not as planned.
// They are values (an "end" line's note starts with one), the same in every language;
// StatusIn says them to people.
const (
	StatusCrashed  = "crashed"  // the connection ended (the process exited, the pipe broke)
	StatusTooSlow  = "too slow" // lang:keep a status value; MaxStrikes missed deadlines
	StatusResigned = "resigned"
)

// StatusIn is status (one of the Status constants) in l.
func StatusIn(status string, l lang.Lang) string {
	switch status {
	case StatusCrashed:
		return l.Sprintf("crashed")
	case StatusTooSlow:
		return l.Sprintf("too slow")
	case StatusResigned:
		return l.Sprintf("resigned")
	}
	return status
}

// Errors Act returns: the seat's default action applies.
var (
	errMalformed = errors.New("the program sent a malformed line")  // lang:keep match.Run's, for logs
	errTimeout   = errors.New("the program did not answer in time") // lang:keep match.Run's, for logs
)

// Agent plays one headless game (match.Run) for a program on a Conn. Each turn is sent as a
// "turn" line and Act waits for the answer, up to the move limit plus the bank: in headless
// play the virtual clock waits for programs, so a batch of deterministic programs that
// answer in time is deterministic. It implements match.Agent and match.Finisher.
type Agent struct {
	c      *Conn
	g      Game
	time   *timebank.Account
	status string
	ended  bool // "end" was sent
	moves  int  // decisions asked, for diagnostics
	// slowest is the longest a taken answer took, from its turn line written.
	slowest time.Duration
	why     lang.Text // why it left the game (Status)
	// resignAsked is set by the reader when a resign line comes between two turns.
	resignAsked atomic.Bool
	// Note, when set, hears one sentence when the program leaves the game early: its status
	// (a value) and why, to be said in the reader's language.
	Note func(status string, why lang.Text)
	// last is the clock of the last decision asked (LastClock); lastOK is false until one
	// was asked, and after a decision the program was not asked for (it had left).
	last   replay.Clock
	lastOK bool
}

// LastClock is the clock of the last decision the program was asked for: the turn line's
// id, move limit and bank, how long it took, the bank after it, and a timeout or a
// malformed answer (match.Clocker).
func (a *Agent) LastClock() (replay.Clock, bool) { return a.last, a.lastOK }

// NewAgent starts game g on c: it sends "start" (the caller sent "hello").
func NewAgent(c *Conn, g Game) *Agent {
	a := &Agent{c: c, g: g, time: timebank.New(g.Clock)}
	g.Clock = a.time.Rules()
	a.g.Clock = g.Clock
	var seed *uint64
	if botproto.SeedPublic(g.Game) {
		seed = &g.Seed
	}
	c.GameBegins(g.Game)
	c.Send(botproto.NewStart(g.Match, g.Seat, g.Players, g.Config, seed, ""))
	c.OnResignOf(g.Match, func() { a.resignAsked.Store(true) })
	return a
}

// Slowest is the longest the program took to answer a turn of this game.
func (a *Agent) Slowest() time.Duration { return a.slowest }

// Explain replaces the sentence of why the program left (its owner knows better: the
// process's exit status).
func (a *Agent) Explain(why lang.Text) { a.why = why }

// LeftBecause says why the program left its game, in the connection's language ("" while
// it plays it).
func (a *Agent) LeftBecause() string {
	if a.why.Key == "" {
		return ""
	}
	return a.why.In(a.c.l)
}

// Moves is how many decisions the program was asked for in this game.
func (a *Agent) Moves() int { return a.moves }

// Status is "" while the program plays its own game, else one of the Status constants.
func (a *Agent) Status() string { return a.status }

// Act asks the program for seat's action in st.
func (a *Agent) Act(st games.State, seat int) (games.Action, error) {
	if a.status == "" && a.resignAsked.Load() {
		a.leave(StatusResigned, lang.T("the program resigned"))
	}
	a.lastOK = false
	if a.status != "" {
		return nil, errors.New(a.status)
	}
	a.moves++
	def := st.DefaultAction(seat)
	id := a.c.NextTurnID()
	a.last, a.lastOK = replay.Clock{Turn: id, Move: a.g.Clock.Move, Told: a.time.Bank(), HasBank: true}, true
	got := make(chan Reply, 1)
	written := make(chan time.Time, 1)
	a.c.Expect(&Pending{ID: id, Match: a.g.Match, Default: def, Deliver: func(r Reply) { got <- r }})
	a.c.sendTurn(botproto.NewTurn(a.g.Match, id, st, seat, a.g.Clock.Move, a.time.Bank()), a.g.Pad, written)
	var r Reply
	var start time.Time
	select {
	case start = <-written:
	case r = <-got: // the connection ended before the line went out
	}
	if start.IsZero() {
		start = r.At
	} else {
		timer := time.NewTimer(a.time.Allowed() - a.c.now().Sub(start))
		select {
		case r = <-got:
		case <-timer.C:
			if a.c.Settle(id) {
				timer.Stop()
				a.last.Think, a.last.Warn = a.c.now().Sub(start), botproto.CodeTimeout
				err := a.timeout(id, def)
				a.last.Bank = a.time.Bank()
				return nil, err
			}
			r = <-got // the answer was delivered as the timer fired: it counts
		}
		timer.Stop()
	}
	a.time.Charge(r.At.Sub(start))
	a.last.Think, a.last.Bank = max(r.At.Sub(start), 0), a.time.Bank()
	if r.Action != nil {
		a.slowest = max(a.slowest, r.At.Sub(start))
	}
	switch {
	case r.Closed:
		a.last.Warn = StatusCrashed
		a.leave(StatusCrashed, a.c.EndedEarly("", a.moves))
		return nil, errors.New(StatusCrashed)
	case r.Resign:
		a.last.Warn = botproto.CodeResigned
		a.leave(StatusResigned, lang.T("the program resigned"))
		return nil, errors.New(StatusResigned)
	case r.Failed:
		a.last.Warn = botproto.CodeMalformed
		return nil, errMalformed
	}
	act, err := a.g.Game.DecodeAction(r.Action)
	if err != nil {
		a.last.Warn, a.last.Sent = botproto.CodeMalformedAction, r.Action
		a.c.Warn(a.g.Match, id, botproto.CodeMalformedAction, lang.Say(err, a.c.l), def)
		return nil, err
	}
	if err := st.Validate(seat, act); err != nil {
		// The referee refuses it too and plays the default: say so now, with the reason.
		a.c.Warn(a.g.Match, id, games.IllegalCode(err), lang.Say(err, a.c.l), def)
	}
	return act, nil
}

func (a *Agent) timeout(id int, def games.Action) error {
	out := a.time.Miss()
	msg := a.c.l.Sprintf("no answer within %d ms and an empty bank: a lost turn (strike %d of %d)",
		a.g.Clock.Move.Milliseconds(), a.time.Strikes(), a.g.Clock.MaxStrikes)
	kind := ""
	if why := a.c.Silence(id); why != "" {
		msg, kind = a.c.l.Sprintf("%s; %s", msg, why), KindSilent
	}
	a.c.warn(a.g.Match, id, botproto.CodeTimeout, msg, def, kind)
	if out {
		a.leave(StatusTooSlow, lang.T("%d missed deadlines", a.time.Strikes()))
	}
	return errTimeout
}

// leave takes the program out of its game: default actions from now on. It is told at once
// (a null outcome), as in live rooms, unless its connection is gone.
func (a *Agent) leave(status string, why lang.Text) {
	a.status, a.why = status, why
	if status != StatusCrashed {
		a.ended = true
		// The note is a value of the protocol, in English whatever the connection's
		// language (only warn's and error's msg are said in it).
		a.c.Send(botproto.End{Type: botproto.TypeEnd, Match: a.g.Match,
			Note: lang.English.Sprintf("%s: %s; default actions are played for you until the game ends", status, why)})
	}
	if a.Note != nil {
		a.Note(status, why)
	}
}

// Finish sends "end" with the outcome (nil for a void game).
func (a *Agent) Finish(o *games.Outcome) {
	a.c.OnResign(nil)
	defer a.c.GameEnds()
	if a.ended {
		return
	}
	a.ended = true
	end := botproto.End{Type: botproto.TypeEnd, Match: a.g.Match, Outcome: o}
	if o == nil {
		end.Note = "the game was void (it could not finish)" // lang:keep a protocol value (English)
	}
	a.c.Send(end)
}
