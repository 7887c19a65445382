package director

import (
	"context"
	"errors"
	"fmt"
	"github.com/arena-classroom/arena/lang"
	"strconv"
	"strings"

	"github.com/arena-classroom/arena/store"
	"github.com/arena-classroom/arena/tournament"
)

// A teacher corrects a result they judge wrongly scored: replay plays the game again (a new
// attempt, with new dice), void takes it out of the standings. The result as it stood stays
// in the store's corrections, with who did it.

// GameID names a game of a tournament for people: "3.2.1" is round 3, pairing 2, game 1
// (all counted from 1), as `tournament games` lists them.
func GameID(round, pairing, leg int) string {
	return fmt.Sprintf("%d.%d.%d", round, pairing+1, leg+1)
}

// ParseGameID reads a GameID.
func ParseGameID(s string) (round, pairing, leg int, err error) {
	parts := strings.Split(s, ".")
	if len(parts) != 3 {
		return 0, 0, 0, lang.Errorf("game %q: ROUND.PAIRING.GAME, as tournament games lists them (3.2.1)", s)
	}
	n := make([]int, 3)
	for i, p := range parts {
		v, err := strconv.Atoi(p)
		if err != nil || v < 1 {
			return 0, 0, 0, lang.Errorf("game %q: ROUND.PAIRING.GAME, each a whole number from 1, as tournament games lists them", s)
		}
		n[i] = v
	}
	return n[0], n[1] - 1, n[2] - 1, nil
}

// Correct replays or voids (store.CorrectionReplay, store.CorrectionVoid) game id of
// tournament code, for the teacher by (key and name).
func (d *Director) Correct(ctx context.Context, code, action, id, by, byName string) error {
	if r := d.leader(); r != nil {
		return r.Control(ctx, action, code, id+"\n"+by+"\n"+byName)
	}
	if err := d.elsewhere(); err != nil {
		return err
	}
	round, pairing, leg, err := ParseGameID(id)
	if err != nil {
		return stateErr(err)
	}
	k := gameKey{round, pairing, leg}
	d.lockControl()
	defer d.control.Unlock()
	t, err := d.st.Tournament(ctx, code)
	if err != nil {
		return err
	}
	switch t.State {
	case store.TournamentRunning, store.TournamentPaused, store.TournamentFinished:
	default:
		return stateError(code, t.State, lang.T("only a game of a tournament under way or finished is corrected"))
	}
	d.mu.Lock()
	l := d.live[code]
	d.mu.Unlock()
	if l == nil {
		if l, err = d.load(ctx, t); err != nil {
			return err
		}
	}
	d.mu.Lock()
	was, err := d.correctableLocked(l, k, action)
	d.mu.Unlock()
	if err != nil {
		return err
	}
	c, err := d.st.CorrectTournamentGame(ctx, code, round, pairing, leg, action, by, byName)
	if errors.Is(err, store.ErrNotFound) {
		return stateErr(lang.Errorf("game %s of %s has no result to correct", id, code))
	}
	if err != nil {
		return err
	}
	reopen := action == store.CorrectionReplay && t.State == store.TournamentFinished
	if reopen {
		if err := d.st.SetTournamentState(ctx, code, store.TournamentRunning); err != nil {
			return err
		}
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	if reopen {
		l.t.State = store.TournamentRunning
		d.live[code] = l
	}
	if action == store.CorrectionReplay {
		l.replayed[k] = true // a new attempt, house bots' games too
	}
	for i, r := range l.results {
		if keyOf(r.Game) != k {
			continue
		}
		if action == store.CorrectionReplay {
			l.results = append(l.results[:i], l.results[i+1:]...)
		} else {
			l.results[i] = tournament.Result{Game: r.Game, Forfeit: tournament.Voided}
		}
		l.stale = true
		break
	}
	if action == store.CorrectionVoid {
		l.note(d.now(), lang.T("%s: %s (was: %s) is taken out of the standings, by %s", l.at(round, leg), l.names(c.Was.Seats), resultT(l, was), byName))
	} else {
		l.note(d.now(), lang.T("%s: %s (was: %s) is played again, by %s", l.at(round, leg), l.names(c.Was.Seats), resultT(l, was), byName))
	}
	d.log.Info("tournament result corrected", "code", code, "game", id, "action", action, "by", byName)
	d.changedLocked()
	d.poke()
	return nil
}

// correctableLocked checks that game k of l may be corrected with action and returns its
// result. Caller holds d.mu.
func (d *Director) correctableLocked(l *live, k gameKey, action string) (tournament.Result, error) {
	id := GameID(k.round, k.pairing, k.leg)
	if action == store.CorrectionVoid && !ranksByPoints(l.format) {
		return tournament.Result{}, stateErr(lang.Errorf("a %s tournament must send someone on from every game: play game %s again (tournament replay) instead", l.t.Format, id))
	}
	var was tournament.Result
	found := false
	for _, r := range l.results {
		if keyOf(r.Game) == k {
			was, found = r, true
		}
	}
	if !found {
		return was, stateErr(lang.Errorf("game %s of %s has no result to correct (tournament games %s lists them)", id, l.t.Code, l.t.Code))
	}
	if _, ok := l.format.(tournament.RoundRobin); !ok {
		// Later rounds were paired on this one's result: only the round in progress (or the
		// last one) can change.
		round, err := l.next()
		if err != nil {
			return was, err
		}
		if k.round != round.Number {
			return was, stateErr(lang.Errorf("game %s is of round %d, and round %d was paired on its result: only a game of round %d can be corrected now",
				id, k.round, k.round+1, round.Number))
		}
	}
	return was, nil
}

// correctionText says what a correction did, in words, with the names of l's entrants.
func correctionText(l *live, c store.Correction) lang.Text {
	at, id, was := c.At.Format("2006-01-02 15:04:05"), GameID(c.Was.Round, c.Was.Pairing, c.Was.Leg), resultT(l, resultOf(c.Was))
	if c.Action == store.CorrectionVoid {
		return lang.T("%s game %s, %s: voided by %s (the result was: %s)", at, id, l.names(c.Was.Seats), c.ByName, was)
	}
	return lang.T("%s game %s, %s: played again by %s (the result was: %s)", at, id, l.names(c.Was.Seats), c.ByName, was)
}
