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
	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/internal/plaintext"
	"github.com/arena-classroom/arena/store"
)

// historyRow is one game of `history --json`.
type historyRow struct {
	ID      string    `json:"id"`
	Game    string    `json:"game"`
	EndedAt time.Time `json:"ended_at"`
	Seats   []string  `json:"seats"`
	Ranks   []int     `json:"ranks"`
	Seat    int       `json:"seat"` // the player's seat (-1 listing a tournament's games without NAME)
	// Kind is what the game was: KindTournament (Tournament is its code; Replaced: its result
	// was played again or voided by the teacher), KindRated or KindUnrated (a live game of no
	// tournament whose ratings did not change: a clock was held, a guest played…), or
	// KindPractice (bot --practice: never rated, its player's and teachers' only).
	Kind       string `json:"kind"`
	Tournament string `json:"tournament,omitempty"`
	Replaced   bool   `json:"replaced,omitempty"`
	Private    bool   `json:"private,omitempty"`
}

// What a stored game was (historyRow.Kind).
const (
	KindTournament = "tournament"
	KindRated      = "rated"
	KindUnrated    = "unrated"
	KindPractice   = "practice"
)

const historyUsage = "usage: history [NAME] [--game GAME] [--tournament CODE | --live | --assignment CODE | --practice] [--limit N] [--json]"

// historyHelp is what `history --help` says beyond its usage.
const historyHelp = `  a player's stored games (yours by default), last first, with their ids (replay ID) and what
  each was (KIND): a game of tournament CODE, a live game of none, rated or not, or practice.
  --tournament CODE only the games of that tournament (those whose result its teacher replaced
                      too); without NAME, everyone's (tournament games CODE lists them by round)
  --live              only the live games of no tournament (the lobby's, quick match, challenges)
  --practice          only practice games (bot --practice): the last 200 of a key are kept,
                      unrated, shown to their player and to teachers only (NAME: teachers)
  --assignment CODE   its games are played on the server without being stored
                      (assignment export CODE has each student's best run)`

// historyCommand lists a player's stored games, theirs by default, last first.
func (a *App) historyCommand(c call) int {
	s, stdout, stderr := c.s, c.stdout, c.stderr
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
		fmt.Fprintf(stderr, "%s\n(--limit is 1..%d)\n", historyUsage, store.HistoryLimit)
		return 2
	}
	filters := 0
	for _, set := range []bool{*tournament != "", *live, *assignment != "", *practice} {
		if set {
			filters++
		}
	}
	if filters > 1 {
		fmt.Fprintf(stderr, "%s\n(one of --tournament, --live, --assignment and --practice)\n", historyUsage)
		return 2
	}
	if *assignment != "" {
		return a.unstoredHistory(c, *assignment, *asJSON)
	}
	if *game != "" {
		if _, err := catalog.Lookup(*game); err != nil {
			fmt.Fprintln(stderr, "arena:", err)
			return 2
		}
	}
	if a.archive == nil {
		fmt.Fprintln(stderr, "arena:", archive.ErrNone)
		return 1
	}
	ctx, cancel := context.WithTimeout(s.SSH.Context(), 30*time.Second)
	defer cancel()
	identity, bot, who := s.Who.ID, "", s.Who.Name
	code := strings.ToUpper(*tournament)
	if code != "" && a.tournaments != nil {
		if _, err := a.tournaments.Tournament(ctx, code); errors.Is(err, store.ErrNotFound) {
			fmt.Fprintf(stderr, "arena: no tournament %q (tournament list shows them)\n", code)
			return 1
		} else if err != nil {
			a.log.Error("history: tournament", "code", code, "err", err)
			fmt.Fprintln(stderr, "arena: the history could not be read right now; try again")
			return 1
		}
	}
	if code != "" && name == "" {
		identity, who = "", "tournament "+code // everyone's games of the tournament
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
			fmt.Fprintf(stderr, "arena: nobody here is called %q\n", name)
			return 1
		default:
			a.log.Error("history: name owner", "name", name, "err", err)
			fmt.Fprintln(stderr, "arena: the history could not be read right now; try again")
			return 1
		}
	}
	if *practice && identity != s.Who.ID && !s.Who.Admin {
		fmt.Fprintf(stderr, "arena: practice games are their player's and teachers' only: history --practice lists yours\n")
		return 1
	}
	// Someone else's practice is not shown to a player: left out by the query, it does not
	// use up the listing's --limit.
	q := store.GameQuery{Identity: identity, Bot: bot, Game: *game, Tournament: code, Limit: *limit,
		NoPractice: !*practice && identity != s.Who.ID}
	switch {
	case *live:
		q.Kind = store.KindOther
	case *practice:
		q.Kind = store.KindPractice
	}
	recs, err := a.archive.Games(ctx, q)
	if err != nil {
		a.log.Error("history", "err", err)
		fmt.Fprintln(stderr, "arena: the history could not be read right now; try again")
		return 1
	}
	rows := make([]historyRow, 0, len(recs))
	for _, rec := range recs {
		if !rec.VisibleTo(s.Who.ID, s.Who.Admin) {
			continue // a private room's game: its players' and teachers' only
		}
		row := historyRow{ID: rec.ID, Game: rec.Game, EndedAt: rec.EndedAt, Seat: -1, Kind: KindUnrated,
			Tournament: rec.Tournament, Replaced: rec.Replaced, Private: rec.Private}
		switch {
		case rec.Practice:
			row.Kind = KindPractice
		case rec.Tournament != "":
			row.Kind = KindTournament
		case rec.Rated:
			row.Kind = KindRated
		}
		for i, seat := range rec.Seats {
			row.Seats = append(row.Seats, seat.Name)
			if row.Seat < 0 && (identity != "" && seat.ID == identity || bot != "" && seat.Bot == bot) {
				row.Seat = i
			}
		}
		var out games.Outcome
		if json.Unmarshal(rec.Outcome, &out) == nil {
			row.Ranks = out.Ranks
		}
		rows = append(rows, row)
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
			fmt.Fprintf(stdout, "no stored games of %s in tournament %s\n", plaintext.Clean(who), code)
		case *live:
			fmt.Fprintf(stdout, "no stored games of %s out of tournaments\n", plaintext.Clean(who))
		case *practice:
			fmt.Fprintf(stdout, "no stored practice games of %s (bot --practice keeps the last %d of a key)\n", plaintext.Clean(who), botsession.DefaultPracticeKept)
		default:
			fmt.Fprintf(stdout, "no stored games of %s\n", plaintext.Clean(who))
		}
		return 0
	}
	t := plaintext.NewTable(plaintext.Left("ID"), plaintext.Left("ENDED (UTC)"), plaintext.Left("GAME"), plaintext.Left("RESULT"), plaintext.Left("PLAYERS"), plaintext.Left("KIND"))
	for _, r := range rows {
		result := placeText(r.Ranks, r.Seat)
		if r.Seat < 0 && identity == "" && bot == "" {
			result = winnerText(r.Seats, r.Ranks)
		}
		t.Add(r.ID, r.EndedAt.UTC().Format("2006-01-02 15:04"), r.Game, plaintext.Clean(result),
			plaintext.Clean(strings.Join(r.Seats, " vs ")), kindText(r))
	}
	t.Write(stdout, "")
	if len(recs) == *limit {
		fmt.Fprintf(stdout, "(the last %d; --limit N lists up to %d)\n", *limit, store.HistoryLimit)
	}
	fmt.Fprintf(stdout, "\nWatch one again: ssh -t HOST replay ID · export it: ssh HOST replay ID --json\n")
	return 0
}

// kindText is what a game was, in a few words: "tournament T4K2QX", "rated".
func kindText(r historyRow) string {
	text := r.Kind
	if r.Kind == KindTournament {
		text += " " + r.Tournament
		if r.Replaced {
			text += " (replaced)"
		}
	}
	if r.Private && r.Kind != KindPractice { // practice is always private: said once, by its kind
		text += ", private"
	}
	return text
}

// winnerText says who won a game: "ada won", "ada and bob won", "draw".
func winnerText(seats []string, ranks []int) string {
	var first []string
	for i, r := range ranks {
		if r == 1 && i < len(seats) {
			first = append(first, seats[i])
		}
	}
	switch {
	case len(first) == 0:
		return "—"
	case len(first) == len(ranks):
		return "draw"
	}
	return strings.Join(first, " and ") + " won"
}

// unstoredHistory answers history --assignment CODE: its games are played on the server
// without being stored (no replay, no rating), so there is nothing to list; it says where
// their results are.
func (a *App) unstoredHistory(c call, assignment string, asJSON bool) int {
	stdout, stderr := c.stdout, c.stderr
	code := strings.ToUpper(assignment)
	if a.assignments == nil {
		fmt.Fprintln(stderr, "arena: this server keeps no assignments")
		return 1
	}
	ctx, cancel := context.WithTimeout(c.s.SSH.Context(), 30*time.Second)
	defer cancel()
	if _, err := a.assignments.Assignment(ctx, code); errors.Is(err, store.ErrNotFound) {
		fmt.Fprintf(stderr, "arena: no assignment %q\n", assignment)
		return 1
	} else if err != nil {
		a.log.Error("history: assignment", "code", code, "err", err)
		fmt.Fprintln(stderr, "arena: the assignment could not be read right now; try again")
		return 1
	}
	if asJSON {
		fmt.Fprintln(stdout, "[]")
		return 0
	}
	fmt.Fprintf(stdout, "assignment %s's games are played on the server without being stored: no history keeps them; "+
		"a complete run is recorded (teachers: assignment export %s lists each student's best)\n", code, code)
	return 0
}

// placeText is a seat's result in a few words: "won", "2nd of 4", "draw".
func placeText(ranks []int, seat int) string {
	if seat < 0 || seat >= len(ranks) {
		return "—"
	}
	r, shared := ranks[seat], 0
	for _, other := range ranks {
		if other == r {
			shared++
		}
	}
	switch {
	case r == 1 && shared == 1:
		return "won"
	case shared == len(ranks):
		return "draw"
	case shared > 1:
		return fmt.Sprintf("%s= of %d", games.Ordinal(r), len(ranks))
	case len(ranks) == 2:
		return "lost"
	default:
		return fmt.Sprintf("%s of %d", games.Ordinal(r), len(ranks))
	}
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
