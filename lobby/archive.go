package lobby

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/arena-classroom/arena/bots"
	"github.com/arena-classroom/arena/catalog"
	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/replay"
	"github.com/arena-classroom/arena/server"
	"github.com/arena-classroom/arena/store"
)

// Archive is the record of finished games; *store.Store is one.
type Archive interface {
	Match(ctx context.Context, id string) (store.MatchRecord, error)
	History(ctx context.Context, identity, bot, game string, limit int) ([]store.MatchRecord, error)
	NameOwner(ctx context.Context, name string) (string, error)
	Leaderboard(ctx context.Context, game string, limit int) ([]store.Standing, error)
	RatingHistory(ctx context.Context, game, player string) ([]float64, error)
}

// errNoArchive: a server started without a store (tests, a demo) keeps no games.
var errNoArchive = errors.New("this server keeps no games")

// storedGame is a stored match with its replay decoded.
type storedGame struct {
	rec   store.MatchRecord
	entry catalog.Entry
	rp    replay.Replay
}

// loadGame reads match id from the archive, with a sentence for each way it can fail.
func (a *App) loadGame(ctx context.Context, id string) (storedGame, error) {
	if a.archive == nil {
		return storedGame{}, errNoArchive
	}
	rec, err := a.archive.Match(ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		var full string
		if full, err = a.completeMatchID(ctx, id); err != nil {
			return storedGame{}, err
		}
		id = full
		rec, err = a.archive.Match(ctx, id)
	}
	if err != nil {
		a.log.Error("loading a match", "id", id, "err", err)
		return storedGame{}, errors.New("the game could not be read right now; try again")
	}
	e, ok := catalog.Get(rec.Game)
	if !ok {
		return storedGame{}, fmt.Errorf("game %s was a game of %q, which this server no longer has", id, rec.Game)
	}
	rp, err := replay.Decode(rec.Replay, func(id string) (games.Game, bool) { return e.Game, id == e.Game.ID() })
	if err != nil {
		a.log.Error("decoding a replay", "id", id, "err", err)
		return storedGame{}, fmt.Errorf("game %s's replay cannot be read by this version of the arena", id)
	}
	return storedGame{rec: rec, entry: e, rp: rp}, nil
}

// matchIDs finds stored match ids by their start; *store.Store does.
type matchIDs interface {
	MatchIDs(ctx context.Context, prefix string, limit int) ([]string, error)
}

// shownMatches is how many ids a prefix that several share lists.
const shownMatches = 10

// completeMatchID is the one stored match id that starts with prefix: people type what they
// see (`replay m_eh5f` for m_eh5f_mww3u7tr). Several: a sentence listing them; none: the
// sentence for an unknown id.
func (a *App) completeMatchID(ctx context.Context, prefix string) (string, error) {
	notFound := fmt.Errorf("no stored game %q (`history` lists yours, with their ids)", prefix)
	finder, ok := a.archive.(matchIDs)
	if !ok {
		return "", notFound
	}
	ids, err := finder.MatchIDs(ctx, prefix, shownMatches+1)
	if err != nil {
		a.log.Error("completing a match id", "prefix", prefix, "err", err)
		return "", errors.New("the game could not be read right now; try again")
	}
	switch {
	case len(ids) == 0:
		return "", notFound
	case len(ids) == 1:
		return ids[0], nil
	case len(ids) > shownMatches:
		return "", fmt.Errorf("more than %d stored games start with %q, such as %s: type more of the id",
			shownMatches, prefix, strings.Join(ids[:shownMatches], ", "))
	default:
		return "", fmt.Errorf("%d stored games start with %q: %s; type more of the id", len(ids), prefix, strings.Join(ids, ", "))
	}
}

// exportedGame is `replay ID --json`: the stored match and every move with its events and,
// for turn-based games, the position after it.
type exportedGame struct {
	ID        string                `json:"id"`
	Game      string                `json:"game"`
	Config    games.Config          `json:"config"`
	Seed      *uint64               `json:"seed,omitempty"` // left out while its tournament runs (see seedShown)
	StartedAt time.Time             `json:"started_at"`
	EndedAt   time.Time             `json:"ended_at"`
	Seats     []exportedSeat        `json:"seats"`
	Outcome   json.RawMessage       `json:"outcome"`
	Start     json.RawMessage       `json:"start,omitempty"`
	Moves     []replay.ExportedMove `json:"moves"`
}

type exportedSeat struct {
	Name string `json:"name"`
	Bot  string `json:"bot,omitempty"`
	// A house bot played on from this move for a player who left (ranked last in outcome).
	ReplacedBy string `json:"replaced_by,omitempty"`
	LeftAtMove *int   `json:"left_at_move,omitempty"`
}

const replayUsage = "usage: replay ID [--json]   (ssh -t HOST replay ID watches it; --json exports it)"

// replayCommand is `replay ID --json`; without --json it needs a terminal.
func (a *App) replayCommand(s *server.Session, stdout, stderr io.Writer) int {
	args := s.Args[1:]
	id, asJSON := "", false
	for _, arg := range args {
		switch {
		case arg == "--json":
			asJSON = true
		case strings.HasPrefix(arg, "-") || id != "":
			fmt.Fprintln(stderr, replayUsage)
			return 2
		default:
			id = arg
		}
	}
	if id == "" {
		fmt.Fprintln(stderr, replayUsage)
		return 2
	}
	if !asJSON {
		fmt.Fprintf(stderr, "arena: watching a replay needs a terminal: ssh -t … replay %s (or --json to export it)\n", id)
		return 1
	}
	ctx, cancel := context.WithTimeout(s.SSH.Context(), 30*time.Second)
	defer cancel()
	g, err := a.loadGame(ctx, id)
	if err != nil {
		fmt.Fprintln(stderr, "arena:", err)
		return 1
	}
	start, moves, err := replay.Export(g.entry.Game, g.rp)
	if err != nil {
		a.log.Error("exporting a replay", "id", id, "err", err)
		fmt.Fprintf(stderr, "arena: game %s does not replay with this version of the arena: %v\n", id, err)
		return 1
	}
	out := exportedGame{ID: g.rec.ID, Game: g.rec.Game, Config: g.rp.Config,
		StartedAt: g.rec.StartedAt, EndedAt: g.rec.EndedAt, Outcome: g.rec.Outcome, Start: start, Moves: moves}
	if a.seedShown(ctx, g, s.Who.Admin) {
		out.Seed = &g.rec.Seed
	}
	for _, seat := range g.rec.Seats {
		es := exportedSeat{Name: seat.Name, Bot: seat.Bot, ReplacedBy: seat.ReplacedBy}
		if seat.ReplacedBy != "" {
			left := seat.LeftAtMove
			es.LeftAtMove = &left
		}
		out.Seats = append(out.Seats, es)
	}
	enc := json.NewEncoder(stdout)
	if err := enc.Encode(out); err != nil {
		return 1
	}
	return 0
}

// matchTournaments says which tournament a stored match was a game of; *store.Store does.
type matchTournaments interface {
	MatchTournament(ctx context.Context, matchID string) (code, state string, err error)
}

// seedShown reports whether `replay --json` may show a stored game's seed. A game of a
// tournament still under way keeps it from players until the tournament is over (teachers
// see it): every seed is keyed (seed.Keyed), so one game's says nothing of another's, but
// nothing of a running tournament's chance is handed out. Other games are over, and their
// seed is theirs alone.
func (a *App) seedShown(ctx context.Context, g storedGame, admin bool) bool {
	if admin {
		return true
	}
	mt, ok := a.archive.(matchTournaments)
	if !ok {
		return true
	}
	code, state, err := mt.MatchTournament(ctx, g.rec.ID)
	if err != nil {
		a.log.Error("replay: the game's tournament", "id", g.rec.ID, "err", err)
		return false
	}
	if code == "" || state == store.TournamentFinished || state == store.TournamentCancelled {
		return true
	}
	a.log.Info("replay of a running tournament's game: seed withheld", "id", g.rec.ID, "tournament", code)
	return false
}

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
func (a *App) historyCommand(s *server.Session, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("history", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
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
		if _, err := catalogEntry(*game); err != nil {
			fmt.Fprintln(stderr, "arena:", err)
			return 2
		}
	}
	if a.archive == nil {
		fmt.Fprintln(stderr, "arena:", errNoArchive)
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
		fmt.Fprintf(stdout, "no stored games of %s\n", clean(who))
		return 0
	}
	t := newTable(left("ID"), left("ENDED (UTC)"), left("GAME"), left("RESULT"), left("PLAYERS"))
	for _, r := range rows {
		t.add(r.ID, r.EndedAt.UTC().Format("2006-01-02 15:04"), r.Game, placeText(r.Ranks, r.Seat),
			clean(strings.Join(r.Seats, " vs ")))
	}
	t.write(stdout, "")
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
