package commands

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/arena-classroom/arena/archive"
	"github.com/arena-classroom/arena/bots"
	"github.com/arena-classroom/arena/botsession"
	"github.com/arena-classroom/arena/catalog"
	"github.com/arena-classroom/arena/history"
	"github.com/arena-classroom/arena/internal/plaintext"
	"github.com/arena-classroom/arena/lang"
	"github.com/arena-classroom/arena/store"
)

var historyUsage = lang.N("usage: history [NAME] [--game GAME] [--tournament CODE | --live | --assignment CODE | --practice] [--limit N] [--json]")

// historyHelp is what `history --help` says beyond its usage.
var historyHelp = lang.N(`  a player's stored games (yours by default), last first, with their ids (replay ID) and what
  each was (KIND): a game of tournament CODE, a live game of none, rated or not, or practice.
  --tournament CODE only the games of that tournament (those whose result its teacher replaced
                      too); without NAME, everyone's (tournament games CODE lists them by round)
  --live              only the live games of no tournament (the lobby's, quick match, challenges)
  --practice          only practice games (bot --practice): the last 200 of a key are kept,
                      unrated, shown to their player and to teachers only (NAME: teachers)
  --assignment CODE   its games are played on the server without being stored
                      (assignment export CODE has each student's best run)`)

// historyCommand lists a player's stored games, theirs by default, last first.
func (a *App) historyCommand(c call) int {
	s, stdout, stderr := c.s, c.stdout, c.stderr
	l := s.Lang
	fs := quietFlags("history")
	game := fs.String("game", "", "")
	limit := fs.Int("limit", 50, "")
	asJSON := fs.Bool("json", false, "")
	tournament := fs.String("tournament", "", "")
	live := fs.Bool("live", false, "")
	assignment := fs.String("assignment", "", "")
	practice := fs.Bool("practice", false, "")
	var name string
	args := s.Args[1:]
	if len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		name, args = args[0], args[1:]
	}
	if err := fs.Parse(args); err != nil || fs.NArg() > 0 || *limit < 1 || *limit > store.HistoryLimit {
		fmt.Fprintf(stderr, "%s\n%s\n", l.Say(historyUsage), l.Sprintf("(--limit is 1..%d)", store.HistoryLimit))
		return 2
	}
	filters := 0
	for _, set := range []bool{*tournament != "", *live, *assignment != "", *practice} {
		if set {
			filters++
		}
	}
	if filters > 1 {
		fmt.Fprintf(stderr, "%s\n%s\n", l.Say(historyUsage), l.Sprintf("(one of --tournament, --live, --assignment and --practice)"))
		return 2
	}
	if *assignment != "" {
		return a.unstoredHistory(c, *assignment, *asJSON)
	}
	if *game != "" {
		if _, err := catalog.Lookup(*game); err != nil {
			fmt.Fprintln(stderr, l.Sprintf("arena: %s", sayErr(err, l)))
			return 2
		}
	}
	if a.archive == nil {
		fmt.Fprintln(stderr, l.Sprintf("arena: %s", sayErr(archive.ErrNone, l)))
		return 1
	}
	ctx, cancel := context.WithTimeout(s.SSH.Context(), 30*time.Second)
	defer cancel()
	identity, bot, who := s.Who.ID, "", s.Who.Name
	code := strings.ToUpper(*tournament)
	if code != "" && a.tournaments != nil {
		if _, err := a.tournaments.Tournament(ctx, code); errors.Is(err, store.ErrNotFound) {
			fmt.Fprintln(stderr, l.Sprintf("arena: no tournament %q (tournament list shows them)", code))
			return 1
		} else if err != nil {
			a.log.Error("history: tournament", "code", code, "err", err)
			fmt.Fprintln(stderr, l.Sprintf("arena: the history could not be read right now; try again"))
			return 1
		}
	}
	if code != "" && name == "" {
		identity, who = "", l.Sprintf("tournament %s", code) // everyone's games of the tournament
	}
	if name != "" {
		identity, who = "", name
		owner, err := a.archive.NameOwner(ctx, name)
		switch {
		case err == nil:
			identity = owner
		case errors.Is(err, store.ErrNotFound) && isHouseBot(name):
			bot = name
		case errors.Is(err, store.ErrNotFound):
			fmt.Fprintln(stderr, l.Sprintf("arena: nobody here is called %q", name))
			return 1
		default:
			a.log.Error("history: name owner", "name", name, "err", err)
			fmt.Fprintln(stderr, l.Sprintf("arena: the history could not be read right now; try again"))
			return 1
		}
	}
	if *practice && identity != s.Who.ID && !s.Who.Admin {
		fmt.Fprintln(stderr, l.Sprintf("arena: practice games are their player's and teachers' only: history --practice lists yours"))
		return 1
	}
	q := history.Query{Identity: identity, Bot: bot, Game: *game, Tournament: code, Limit: *limit,
		Reader: archive.Reader{ID: s.Who.ID, Teacher: s.Who.Admin}}
	switch {
	case *live:
		q.Only = history.Live
	case *practice:
		q.Only = history.Practice
	}
	rows, more, err := history.Read(ctx, a.archive, q)
	if err != nil {
		a.log.Error("history", "err", err)
		fmt.Fprintln(stderr, l.Sprintf("arena: the history could not be read right now; try again"))
		return 1
	}
	if *asJSON {
		if err := json.NewEncoder(stdout).Encode(rows); err != nil {
			return 1
		}
		return 0
	}
	if len(rows) == 0 {
		switch {
		case code != "" && name != "":
			fmt.Fprintln(stdout, l.Sprintf("no stored games of %s in tournament %s", plaintext.Clean(who), code))
		case *live:
			fmt.Fprintln(stdout, l.Sprintf("no stored games of %s out of tournaments", plaintext.Clean(who)))
		case *practice:
			fmt.Fprintln(stdout, l.Sprintf("no stored practice games of %s (bot --practice keeps the last %d of a key)", plaintext.Clean(who), botsession.DefaultPracticeKept))
		default:
			fmt.Fprintln(stdout, l.Sprintf("no stored games of %s", plaintext.Clean(who)))
		}
		return 0
	}
	t := plaintext.NewTable(plaintext.Left("ID"), plaintext.Left(l.Sprintf("ENDED (UTC)")), plaintext.Left(l.Sprintf("GAME")), plaintext.Left(l.Sprintf("RESULT")),
		plaintext.Left(l.Sprintf("PLAYERS")), plaintext.Left(l.Sprintf("KIND")))
	for _, r := range rows {
		t.Add(r.ID, l.DateTime(r.EndedAt.UTC(), false), r.Game, plaintext.Clean(r.Result(l)),
			plaintext.Clean(strings.Join(r.Seats, " vs ")), r.KindText(l))
	}
	t.Write(stdout, "")
	if more {
		fmt.Fprintln(stdout, l.Sprintf("(the last %d; --limit N lists up to %d)", *limit, store.HistoryLimit))
	}
	fmt.Fprintln(stdout, "\n"+l.Sprintf("Watch one again: ssh -t HOST replay ID · export it: ssh HOST replay ID --json"))
	return 0
}

// unstoredHistory answers history --assignment CODE: its games are played on the server
// without being stored (no replay, no rating), so there is nothing to list; it says where
// their results are.
func (a *App) unstoredHistory(c call, assignment string, asJSON bool) int {
	stdout, stderr := c.stdout, c.stderr
	l := c.s.Lang
	code := strings.ToUpper(assignment)
	if a.assignments == nil {
		fmt.Fprintln(stderr, l.Sprintf("arena: this server keeps no assignments"))
		return 1
	}
	ctx, cancel := context.WithTimeout(c.s.SSH.Context(), 30*time.Second)
	defer cancel()
	if _, err := a.assignments.Assignment(ctx, code); errors.Is(err, store.ErrNotFound) {
		fmt.Fprintln(stderr, l.Sprintf("arena: no assignment %q", assignment))
		return 1
	} else if err != nil {
		a.log.Error("history: assignment", "code", code, "err", err)
		fmt.Fprintln(stderr, l.Sprintf("arena: the assignment could not be read right now; try again"))
		return 1
	}
	if asJSON {
		fmt.Fprintln(stdout, "[]")
		return 0
	}
	fmt.Fprintln(stdout, l.Sprintf("assignment %s's games are played on the server without being stored: no history keeps them; a complete run is recorded (teachers: assignment export %s lists each student's best)", code, code))
	return 0
}

// isHouseBot reports whether name is a house bot of some game.
func isHouseBot(name string) bool {
	for _, e := range catalog.All() {
		if _, ok := bots.Find(e.Bots, name); ok {
			return true
		}
	}
	return false
}
