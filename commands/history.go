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
	Seat    int       `json:"seat"` // the player's seat
}

const historyUsage = "usage: history [NAME] [--game GAME] [--limit N] [--json]"

// historyCommand lists a player's stored games, theirs by default, last first.
func (a *App) historyCommand(c call) int {
	s, stdout, stderr := c.s, c.stdout, c.stderr
	fs := quietFlags("history")
	game := fs.String("game", "", "")
	limit := fs.Int("limit", 50, "")
	asJSON := fs.Bool("json", false, "")
	var name string
	args := s.Args[1:]
	if len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		name, args = args[0], args[1:]
	}
	if err := fs.Parse(args); err != nil || fs.NArg() > 0 || *limit < 1 || *limit > store.HistoryLimit {
		fmt.Fprintf(stderr, "%s\n(--limit is 1..%d)\n", historyUsage, store.HistoryLimit)
		return 2
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
	recs, err := a.archive.History(ctx, identity, bot, *game, *limit)
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
		row := historyRow{ID: rec.ID, Game: rec.Game, EndedAt: rec.EndedAt, Seat: -1}
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
		fmt.Fprintf(stdout, "no stored games of %s\n", plaintext.Clean(who))
		return 0
	}
	t := plaintext.NewTable(plaintext.Left("ID"), plaintext.Left("ENDED (UTC)"), plaintext.Left("GAME"), plaintext.Left("RESULT"), plaintext.Left("PLAYERS"))
	for _, r := range rows {
		t.Add(r.ID, r.EndedAt.UTC().Format("2006-01-02 15:04"), r.Game, placeText(r.Ranks, r.Seat),
			plaintext.Clean(strings.Join(r.Seats, " vs ")))
	}
	t.Write(stdout, "")
	fmt.Fprintf(stdout, "\nWatch one again: ssh -t HOST replay ID · export it: ssh HOST replay ID --json\n")
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
