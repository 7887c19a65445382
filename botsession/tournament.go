package botsession

import (
	"context"
	"errors"
	"time"

	"github.com/arena-classroom/arena/internal/plaintext"
	"github.com/arena-classroom/arena/keys"
	"github.com/arena-classroom/arena/lang"
	"github.com/arena-classroom/arena/presence"
	"github.com/arena-classroom/arena/program"
	"github.com/arena-classroom/arena/store"
	"github.com/arena-classroom/arena/tournament/director"
)

// tournamentBot enters a student's program in a class tournament (while it is open) and
// plays its games as they come due, until the tournament is over or the program leaves.
func (a *Sessions) tournamentBot(ctx context.Context, conn *program.Conn, args botArgs, who keys.Identity, name, addr string, presence *presence.Key) int {
	code := args.tournament
	if a.director == nil || a.tournaments == nil {
		conn.Fail(lang.Errorf("this server keeps no tournaments"), time.Second)
		return 1
	}
	if who.Guest {
		conn.Fail(lang.Errorf("a tournament entry belongs to a key: connect with your SSH key (ssh -i KEY …)"), time.Second)
		return 1
	}
	t, err := a.tournaments.Tournament(ctx, code)
	if errors.Is(err, store.ErrNotFound) {
		conn.Fail(lang.Errorf("no tournament %q: check the code your teacher gave", code), time.Second)
		return 1
	}
	if err != nil {
		a.log.Error("tournament", "code", code, "err", err)
		conn.Fail(lang.Errorf("the tournament could not be read right now: the arena's database does not answer. This is temporary; try again in a few seconds (the starter kits do, by themselves)"), time.Second)
		return ExitTryAgain
	}
	if t.Game != args.entry.Game.ID() {
		conn.Fail(lang.Errorf("tournament %s is a tournament of %s: use --game %s", code, t.Game, t.Game), time.Second)
		return 1
	}
	// The tournament's own clock, which its turns' "time" carries (hello's limits are the
	// server's).
	clock := director.ClockOf(t, a.rooms.Config().ProgramClock())
	conn.Tell(lang.T("tournament %s: your program has %s a move and a bank of %s a game", code, clock.Move.String(), clock.Bank.String()))
	switch err := a.enterProgram(ctx, t, who, name, addr); {
	case err == nil:
		conn.Tell(lang.T("tournament %s: %s entered as %s; %s", code, t.Name, name, a.whereItStands(ctx, code)))
	case errors.Is(err, store.ErrEntrantExists):
		conn.Tell(lang.T("tournament %s: %s is entered; %s", code, name, a.whereItStands(ctx, code)))
	case errors.Is(err, store.ErrNotOpen):
		if !a.isEntrant(ctx, code, who.ID) {
			conn.Fail(lang.Errorf("%s: entries are closed", tournamentIs(code, t.State)), time.Second)
			return 1
		}
		conn.Tell(lang.T("tournament %s: %s is back; %s", code, name, a.whereItStands(ctx, code)))
	default:
		return a.failed(conn, code, err)
	}
	e := args.entry
	maxStrikes := a.rooms.Config().MaxStrikes
	told := false // the program knows the tournaments' server is restarting
	// The ticket of the last game: the director counts the program connected between two
	// games by it, until the session ends.
	var last *director.Ticket
	defer func() {
		if last != nil {
			a.director.Unready(last)
		}
	}()
	for {
		changed := a.director.Changed()
		ctl := a.newController(conn, e.Game, maxStrikes, who.ID)
		ticket, missed, err := a.director.Ready(code, who.ID, ctl)
		for _, m := range missed {
			conn.Tell(lang.T("tournament %s: %s", code, m))
		}
		if errors.Is(err, director.ErrNotLive) {
			rep, rerr := a.director.Report(ctx, code)
			// Not over: not started yet, or starting (the store says running a moment
			// before the director takes its games), or paused. Wait for the next change.
			// A report that cannot be read (a cluster's leader changing) is no end either.
			if rerr != nil || rep.State != store.TournamentFinished && rep.State != store.TournamentCancelled {
				a.presence.Set(presence, name, "bot waiting for tournament "+code) // lang:keep presence is stored for other readers (see report)
				select {
				case <-changed:
					continue
				case <-time.After(time.Second): // a cluster's leader may change without a word here
					continue
				case <-ctx.Done():
					return 0
				}
			}
			a.tellFinalPlace(ctx, conn, code, who.ID)
			return 0
		}
		if director.IsUnreachable(err) {
			// A cluster whose leading node restarts: another takes the tournaments up
			// within seconds. The program waits connected, its games to come.
			if !told {
				conn.Tell(lang.T("tournament %s: the server running the tournaments is restarting; waiting for it", code))
				told = true
			}
			select {
			case <-changed:
			case <-time.After(time.Second):
			case <-ctx.Done():
				return 0
			}
			continue
		}
		told = false
		if err != nil {
			return a.failed(conn, code, err)
		}
		a.presence.Set(presence, name, "bot in tournament "+code) // lang:keep presence is stored for other readers (see report)
		var seat director.Seating
		select {
		case seat = <-ticket.Seated():
		case <-ctx.Done():
			if !a.director.Unready(ticket) {
				<-ticket.Seated() // seated as it left: the controller gives the seat up
			}
			return 0
		}
		if seat.Again || seat.Room == nil && !seat.Over { // a cluster's leader changed: line up with the new one
			continue
		}
		last = ticket
		if seat.Over && seat.State == director.Removed {
			conn.Fail(lang.Errorf("tournament %s: %s", code, director.ErrRemoved), time.Second)
			return 1
		}
		if seat.Over {
			a.tellFinalPlace(ctx, conn, code, who.ID)
			return 0
		}
		a.presence.Set(presence, name, "bot playing tournament "+code+" in "+seat.Room.ID()) // lang:keep presence is stored for other readers (see report)
		select {
		case <-ctl.Ended():
		case <-ctx.Done():
			// The controller gives the seat up when the connection ends.
			if conn.Err() != nil {
				conn.Tell(lang.T("tournament %s: your program left during its game in room %s: the first %d times, a game left this way is played again once your program is back (the starter kits reconnect by themselves); after that, its seat resigns and a house bot plays on", code, seat.Room.ID(), director.VoidedStarts))
			}
			return 0
		}
	}
}

// failed ends a tournament's program session on err: 1 for a refusal that waiting does
// not cure (a wrong code, entries closed, removed by the teacher), 75 for the others (many
// new keys at once, a cluster's leader changing or out of reach, the database not
// answering), from which the starter kits come back by themselves.
func (a *Sessions) failed(conn *program.Conn, code string, err error) int {
	var full *director.ErrFull
	if errors.As(err, &full) || director.IsState(err) || errors.Is(err, director.ErrRemoved) || errors.Is(err, director.ErrNotEntrant) ||
		errors.Is(err, director.ErrNotFound) || errors.Is(err, director.ErrNotOpen) || errors.Is(err, director.ErrEntrantName) ||
		errors.Is(err, store.ErrNotFound) || errors.Is(err, store.ErrNotOpen) || errors.Is(err, store.ErrEntrantName) {
		conn.Fail(err, time.Second)
		return 1
	}
	if _, retry := director.IsEntryRefused(err); retry > 0 || errors.Is(err, director.ErrUnreachable) || errors.Is(err, director.ErrElsewhere) {
		conn.Fail(err, time.Second)
		return ExitTryAgain
	}
	a.log.Error("tournament", "code", code, "err", err)
	conn.Fail(lang.Errorf("tournament %s cannot take your program right now (%s). This is temporary; try again in a few seconds (the starter kits do, by themselves)", code, err), time.Second)
	return ExitTryAgain
}

// whereItStands says, for a program that has just (re)connected, where its tournament is:
// how many entrants, and what it waits for.
func (a *Sessions) whereItStands(ctx context.Context, code string) lang.Text {
	rep, err := a.director.Report(ctx, code)
	if err != nil {
		return lang.T("waiting for its games")
	}
	entrants := lang.T("%d entrants", rep.Entrants)
	switch rep.State {
	case store.TournamentOpen, store.TournamentClosed:
		return lang.T("%s; waiting for the teacher to start it", entrants)
	case store.TournamentPaused:
		return lang.T("%s; round %d of %d, paused by the teacher: waiting for it to resume", entrants, rep.Round, rep.Rounds)
	}
	return lang.T("%s; round %d of %d, %d of %d games played: waiting for its next game", entrants, rep.Round, rep.Rounds,
		rep.GamesPlayed, rep.GamesTotal)
}

// tournamentIs says tournament code is in state (a value of the store), as people read it.
func tournamentIs(code, state string) lang.Text {
	switch state {
	case store.TournamentOpen:
		return lang.T("tournament %s is open", code)
	case store.TournamentClosed:
		return lang.T("tournament %s is closed", code)
	case store.TournamentRunning:
		return lang.T("tournament %s is running", code)
	case store.TournamentPaused:
		return lang.T("tournament %s is paused", code)
	case store.TournamentFinished:
		return lang.T("tournament %s is finished", code)
	case store.TournamentCancelled:
		return lang.T("tournament %s is cancelled", code)
	}
	return lang.T("tournament %s is %s", code, state)
}

// enterProgram enters a program's key in an open tournament.
func (a *Sessions) enterProgram(ctx context.Context, t store.Tournament, who keys.Identity, name, addr string) error {
	if t.State != store.TournamentOpen {
		return store.ErrNotOpen
	}
	err := a.director.Enter(ctx, t.Code, store.Entrant{ID: who.ID, Name: name, Kind: store.EntrantProgram,
		Rating: a.archive.SeedRating(ctx, t.Game, who.ID), Addr: addr})
	var full *director.ErrFull
	if errors.As(err, &full) {
		return lang.Errorf("tournament %s is full: %s; ask your teacher", t.Code, err)
	}
	if errors.Is(err, store.ErrEntrantName) {
		return lang.Errorf("%s: another entrant of %s is called %s; choose another --name", err, t.Code, name)
	}
	return err
}

func (a *Sessions) isEntrant(ctx context.Context, code, id string) bool {
	list, err := a.tournaments.Entrants(ctx, code)
	if err != nil {
		return false
	}
	for _, e := range list {
		if e.ID == id {
			return true
		}
	}
	return false
}

// tellFinalPlace tells a program where it finished.
func (a *Sessions) tellFinalPlace(ctx context.Context, conn *program.Conn, code, id string) {
	rep, err := a.director.Report(ctx, code)
	if err != nil {
		return
	}
	for _, s := range rep.Standings {
		if s.ID == id {
			conn.Tell(lang.T("%s: you are %s of %d with %s points (%s)", tournamentIs(code, rep.State),
				conn.Lang().Ordinal(s.Rank), len(rep.Standings), plaintext.Points(plaintext.Round2(s.Points)), director.RecordTextIn(s, conn.Lang())))
			return
		}
	}
	conn.Tell(tournamentIs(code, rep.State))
}
