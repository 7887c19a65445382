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
	ctx, cancel := context.WithTimeout(s.SSH.Context(), 30*time.Second)
	defer cancel()
	g, err := a.archive.Load(ctx, id)
	if err != nil {
		fmt.Fprintln(stderr, "arena:", err)
		return 1
	}
	id = g.Rec.ID
	if !g.Rec.VisibleTo(s.Who.ID, s.Who.Admin) {
		fmt.Fprintf(stderr, "arena: game %s %s\n", id, g.Rec.Hidden())
		return 1
	}
	if seat >= len(g.Rec.Seats) {
		fmt.Fprintf(stderr, "arena: game %s has seats 0 to %d\n", id, len(g.Rec.Seats)-1)
		return 1
	}
	rec := g.Rec.Seats[seat]
	owner := rec.ID != "" && rec.ID == s.Who.ID
	if !owner && !s.Who.Admin {
		fmt.Fprintf(stderr, "arena: a review of seat %d (%s) is for that seat's player and teachers: --seat takes your own seat of game %s\n",
			seat, plaintext.Clean(rec.Name), id)
		return 1
	}
	if _, ok := g.Entry.Game.(games.Positions); !ok {
		fmt.Fprintf(stderr, "arena: game %s is %s, played in real time: --review is for turn-based games\n", id, g.Entry.Game.Name())
		return 1
	}
	opts := review.Options{Seat: seat, Think: func(f func()) { a.rooms.Think(false, f) }}
	for _, sr := range g.Rec.Seats {
		opts.Seats = append(opts.Seats, review.Seat{Name: sr.Name, Bot: sr.Bot})
	}
	if rec.ReplacedBy != "" {
		if rec.LeftAtMove == 0 {
			fmt.Fprintf(stderr, "arena: seat %d of game %s left before its first move: there is nothing to review\n", seat, id)
			return 1
		}
		opts.Until = rec.LeftAtMove // a house bot played on: its moves are not reviewed
	}
	last := time.Now()
	opts.Progress = func(i, n, move int) {
		if now := time.Now(); now.Sub(last) >= time.Second {
			last = now
			fmt.Fprintf(stderr, "reviewing decision %d of %d (move %d)…\n", i, n, move+1)
		}
	}
	rctx, rcancel := context.WithTimeout(s.SSH.Context(), reviewBudget)
	defer rcancel()
	rep, err := review.Review(rctx, g.Entry.Entry, g.Replay, opts)
	if err != nil {
		a.log.Error("reviewing a stored game", "id", id, "seat", seat, "err", err)
		fmt.Fprintf(stderr, "arena: game %s cannot be reviewed with this version of the arena: %v\n", id, err)
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
	printReview(stdout, id, g.Entry.Game.Name(), rep, owner)
	return 0
}

// printReview writes a review for people: how it judged, the best lines, what was left.
func printReview(w io.Writer, id, game string, rep review.Report, owner bool) {
	name := plaintext.Clean(rep.Name)
	who := name
	if owner {
		who = "you"
	}
	fmt.Fprintf(w, "where it turned: game %s (%s), seat %d (%s)\n", id, game, rep.Seat, name)
	fmt.Fprintf(w, "%s; opponents: %s\n", rep.Method, plaintext.Clean(rep.Opponents))
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
			played += " for a late or refused answer"
		}
		score, botScore := fmt.Sprint(f.Score), fmt.Sprint(f.BotScore)
		if f.Rank != f.BotRank {
			score += " (" + games.Ordinal(f.Rank) + ")"
			botScore += " (" + games.Ordinal(f.BotRank) + ")"
		}
		fmt.Fprintf(w, "  move %d: %s played %s, final score %s; %s plays %s, final score %s (%+d)\n",
			f.Move, who, played, score, f.Bot, f.BotPlays, botScore, f.Gain)
	}
	if shown == 0 && rep.Reviewed > 0 {
		fmt.Fprintf(w, "  no decision played out where %s's move ends better\n", rep.Bot)
	}
	fmt.Fprintf(w, "%s plays otherwise at %d of %d decisions of seat %d", rep.Bot, rep.Differs, rep.Decisions, rep.Seat)
	switch {
	case rep.Chosen < rep.Differs:
		fmt.Fprintf(w, "; %d of them, evenly spread, played out", rep.Chosen)
	case rep.Differs > 0:
		fmt.Fprintf(w, ", all played out")
	}
	if better > 0 {
		fmt.Fprintf(w, "; at %d the move played ends as well or better", better)
	}
	fmt.Fprintln(w)
	if rep.Stopped != "" {
		fmt.Fprintf(w, "stopped after %d of %d decisions: %s\n", rep.Reviewed, rep.Chosen, rep.Stopped)
	}
}
