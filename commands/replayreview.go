package commands

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/internal/plaintext"
	"github.com/arena-classroom/arena/lang"
	"github.com/arena-classroom/arena/review"
)

// reviewBudget is the longest a review thinks (its play-outs queue among the server's
// thinkers, behind the rooms with people).
const reviewBudget = 20 * time.Second

// reviewShown is how many decisions `replay ID --review` lists.
const reviewShown = 10

// reviewArgs are replay's --review and --seat S.
type reviewArgs struct {
	on   bool
	seat int // -1 while not given
}

// reviewedGame is `replay ID --review --seat S --json`.
type reviewedGame struct {
	ID string `json:"id"`
	review.Report
}

// reviewCommand is `replay ID --review --seat S`: where the game turned for seat S, for the
// seat's player and teachers. Progress goes to stderr (at most a line a second), the findings
// to stdout.
func (a *App) reviewCommand(c call, id string, seat int, asJSON bool) int {
	s, stdout, stderr := c.s, c.stdout, c.stderr
	l := s.Lang
	ctx, cancel := context.WithTimeout(s.SSH.Context(), 30*time.Second)
	defer cancel()
	g, err := a.archive.Load(ctx, id)
	if err != nil {
		fmt.Fprintln(stderr, l.Sprintf("arena: %s", sayErr(err, l)))
		return 1
	}
	id = g.Rec.ID
	if !g.Rec.VisibleTo(s.Who.ID, s.Who.Admin) {
		fmt.Fprintln(stderr, l.Sprintf("arena: game %s %s", id, sayText(g.Rec.Hidden(), l)))
		return 1
	}
	if seat >= len(g.Rec.Seats) {
		fmt.Fprintln(stderr, l.Sprintf("arena: game %s has seats 0 to %d", id, len(g.Rec.Seats)-1))
		return 1
	}
	rec := g.Rec.Seats[seat]
	owner := rec.ID != "" && rec.ID == s.Who.ID
	if !owner && !s.Who.Admin {
		fmt.Fprintln(stderr, l.Sprintf("arena: a review of seat %d (%s) is for that seat's player and teachers: --seat takes your own seat of game %s",
			seat, plaintext.Clean(rec.Name), id))
		return 1
	}
	if _, ok := g.Entry.Game.(games.Positions); !ok {
		fmt.Fprintln(stderr, l.Sprintf("arena: game %s is %s, played in real time: --review is for turn-based games", id, l.Say(g.Entry.Game.Name())))
		return 1
	}
	opts := review.Options{Seat: seat, Think: func(f func()) { a.rooms.Think(false, f) }}
	for _, sr := range g.Rec.Seats {
		opts.Seats = append(opts.Seats, review.Seat{Name: sr.Name, Bot: sr.Bot})
	}
	if rec.ReplacedBy != "" {
		if rec.LeftAtMove == 0 {
			fmt.Fprintln(stderr, l.Sprintf("arena: seat %d of game %s left before its first move: there is nothing to review", seat, id))
			return 1
		}
		opts.Until = rec.LeftAtMove // a house bot played on: its moves are not reviewed
	}
	last := time.Now()
	opts.Progress = func(i, n, move int) {
		if now := time.Now(); now.Sub(last) >= time.Second {
			last = now
			fmt.Fprintln(stderr, l.Sprintf("reviewing decision %d of %d (move %d)…", i, n, move+1))
		}
	}
	rctx, rcancel := context.WithTimeout(s.SSH.Context(), reviewBudget)
	defer rcancel()
	rep, err := review.Review(rctx, g.Entry.Entry, g.Replay, opts)
	if err != nil {
		a.log.Error("reviewing a stored game", "id", id, "seat", seat, "err", err)
		fmt.Fprintln(stderr, l.Sprintf("arena: game %s cannot be reviewed with this version of the arena: %s", id, sayErr(err, l)))
		return 1
	}
	if errors.Is(s.SSH.Context().Err(), context.Canceled) {
		return 1 // the client went away
	}
	if asJSON {
		if err := json.NewEncoder(stdout).Encode(reviewedGame{ID: id, Report: rep}); err != nil {
			return 1
		}
		return 0
	}
	printReview(stdout, id, l.Say(g.Entry.Game.Name()), rep, owner, l)
	return 0
}

// printReview writes a review for people, in l: how it judged, the best lines, what was left.
func printReview(w io.Writer, id, game string, rep review.Report, owner bool, l lang.Lang) {
	name := plaintext.Clean(rep.Name)
	fmt.Fprintln(w, l.Sprintf("where it turned: game %s (%s), seat %d (%s)", id, game, rep.Seat, name))
	fmt.Fprintln(w, l.Sprintf("%s; opponents: %s", rep.MethodIn(l), plaintext.Clean(rep.OpponentsIn(l))))
	shown, better := 0, 0
	for _, f := range rep.Findings {
		if f.Gain <= 0 && f.RanksGain <= 0 {
			better++
			continue
		}
		if shown == reviewShown {
			continue
		}
		shown++
		played := f.Played
		if f.Default {
			played = l.Sprintf("%s for a late or refused answer", played)
		}
		score, botScore := fmt.Sprint(f.Score), fmt.Sprint(f.BotScore)
		if f.Rank != f.BotRank {
			score += " (" + l.Ordinal(f.Rank) + ")"
			botScore += " (" + l.Ordinal(f.BotRank) + ")"
		}
		if owner {
			fmt.Fprintln(w, l.Sprintf("  move %d: you played %s, final score %s; %s plays %s, final score %s (%+d)",
				f.Move, played, score, f.Bot, f.BotPlays, botScore, f.Gain))
		} else {
			fmt.Fprintln(w, l.Sprintf("  move %d: %s played %s, final score %s; %s plays %s, final score %s (%+d)",
				f.Move, name, played, score, f.Bot, f.BotPlays, botScore, f.Gain))
		}
	}
	if shown == 0 && rep.Reviewed > 0 {
		fmt.Fprintln(w, l.Sprintf("  no decision played out where %s's move ends better", rep.Bot))
	}
	fmt.Fprint(w, l.Sprintf("%s plays otherwise at %d of %d decisions of seat %d", rep.Bot, rep.Differs, rep.Decisions, rep.Seat))
	switch {
	case rep.Chosen < rep.Differs:
		fmt.Fprint(w, l.Sprintf("; %d of them, evenly spread, played out", rep.Chosen))
	case rep.Differs > 0:
		fmt.Fprint(w, l.Sprintf(", all played out"))
	}
	if better > 0 {
		fmt.Fprint(w, l.Sprintf("; at %d the move played ends as well or better", better))
	}
	fmt.Fprintln(w)
	if rep.Stopped != "" {
		fmt.Fprintln(w, l.Sprintf("stopped after %d of %d decisions: %s", rep.Reviewed, rep.Chosen, rep.StoppedIn(l)))
	}
}
