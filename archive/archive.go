// Package archive is the record of finished games as people look them up: a game by its id
// or the start of it, with its replay decoded; whether its seed may be shown; histories and
// leaderboards. The lobby's screens and the text commands read stored games through it.
package archive

import (
	"context"
	"errors"
	"log/slog"
	"strings"

	"github.com/arena-classroom/arena/catalog"
	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/lang"
	"github.com/arena-classroom/arena/replay"
	"github.com/arena-classroom/arena/store"
)

// Store is where finished games are kept; *store.Store is one.
type Store interface {
	Match(ctx context.Context, id string) (store.MatchRecord, error)
	History(ctx context.Context, identity, bot, game string, limit int) ([]store.MatchRecord, error)
	NameOwner(ctx context.Context, name string) (string, error)
	Leaderboard(ctx context.Context, game string, limit int) ([]store.Standing, error)
	RatingHistory(ctx context.Context, game, player string) ([]float64, error)
}

// Archive reads finished games. A nil *Archive is a server that keeps none: its methods
// say so.
type Archive struct {
	st  Store
	log *slog.Logger
}

// New reads games from st (nil: none are kept, and New returns nil).
func New(st Store, log *slog.Logger) *Archive {
	if st == nil {
		return nil
	}
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	return &Archive{st: st, log: log}
}

// ErrNone: a server started without a store (tests, a demo) keeps no games.
var ErrNone = lang.Errorf("this server keeps no games")

// ErrUnavailable is the sentence for a store that failed to answer.
var ErrUnavailable = lang.Errorf("the game could not be read right now; try again")

// Game is a stored match with its replay decoded.
type Game struct {
	Rec    store.MatchRecord
	Entry  catalog.Entry
	Replay replay.Replay
	// Notes are the programs' own notes on their decisions that the reader may see (their
	// owner's, or all for a teacher), by move index from 0; nil when there are none.
	Notes map[int]string
}

// Load reads match id (or the one whose id starts with it), with a sentence for each way
// it can fail.
func (a *Archive) Load(ctx context.Context, id string) (Game, error) {
	if a == nil {
		return Game{}, ErrNone
	}
	rec, err := a.st.Match(ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		var full string
		if full, err = a.completeID(ctx, id); err != nil {
			return Game{}, err
		}
		id = full
		rec, err = a.st.Match(ctx, id)
	}
	if err != nil {
		a.log.Error("loading a match", "id", id, "err", err)
		return Game{}, ErrUnavailable
	}
	e, ok := catalog.Get(rec.Game)
	if !ok {
		return Game{}, lang.Errorf("game %s was a game of %q, which this server no longer has", id, rec.Game)
	}
	rp, err := replay.Decode(rec.Replay, func(id string) (games.Game, bool) { return e.Game, id == e.Game.ID() })
	if err != nil {
		a.log.Error("decoding a replay", "id", id, "err", err)
		return Game{}, lang.Errorf("game %s's replay cannot be read by this version of the arena", id)
	}
	return Game{Rec: rec, Entry: e, Replay: rp}, nil
}

// Reader is who looks at a stored game: their key's identity (keys.Identity.ID, "" for
// nobody known) and whether they are a teacher (an admin).
type Reader struct {
	ID      string
	Teacher bool
}

// LoadFor is Load for reader: the game with the programs' notes reader may see in
// Game.Notes, those of the seats their key played, all of them for a teacher. The notes
// are kept apart from the replay (store.MatchNotes); a store that keeps none, or cannot
// read them now, leaves Notes nil and the game is shown without them.
func (a *Archive) LoadFor(ctx context.Context, id string, reader Reader) (Game, error) {
	g, err := a.Load(ctx, id)
	if err != nil {
		return g, err
	}
	g.Notes = a.notesFor(ctx, g, reader)
	return g, nil
}

// matchNotes reads the notes stored on a match's moves; *store.Store does.
type matchNotes interface {
	MatchNotes(ctx context.Context, id string) ([]store.NoteRecord, error)
}

// notesFor is the notes of g reader may see, by move index: a note is tied to the turn its
// action answered, so it lands on the move of its seat whose clock names that turn (moves
// without one carry none).
func (a *Archive) notesFor(ctx context.Context, g Game, reader Reader) map[int]string {
	if reader.ID == "" && !reader.Teacher || !g.Rec.VisibleTo(reader.ID, reader.Teacher) {
		return nil
	}
	mn, ok := a.st.(matchNotes)
	if !ok {
		return nil
	}
	notes, err := mn.MatchNotes(ctx, g.Rec.ID)
	if err != nil {
		a.log.Error("reading a match's notes", "id", g.Rec.ID, "err", err)
		return nil
	}
	type seatTurn struct{ seat, turn int }
	shown := map[seatTurn]string{}
	for _, n := range notes {
		owns := reader.ID != "" && n.Owner == reader.ID && n.Seat < len(g.Rec.Seats) && g.Rec.Seats[n.Seat].ID == n.Owner
		if owns || reader.Teacher {
			shown[seatTurn{n.Seat, n.Turn}] = n.Text
		}
	}
	if len(shown) == 0 {
		return nil
	}
	out := map[int]string{}
	for i, m := range g.Replay.Moves {
		if m.Clock == nil || m.Clock.Turn == 0 {
			continue
		}
		k := seatTurn{m.Seat, m.Clock.Turn}
		if text, ok := shown[k]; ok {
			out[i] = text
			delete(shown, k) // one move per turn answered
		}
	}
	if len(out) == 0 {
		return nil
	}
	return out
}

// matchIDs finds stored match ids by their start; *store.Store does.
type matchIDs interface {
	MatchIDs(ctx context.Context, prefix string, limit int) ([]string, error)
}

// shownMatches is how many ids a prefix that several share lists.
const shownMatches = 10

// completeID is the one stored match id that starts with prefix: people type what they see
// (`replay m_eh5f` for m_eh5f_mww3u7tr). Several: a sentence listing them; none: the
// sentence for an unknown id.
func (a *Archive) completeID(ctx context.Context, prefix string) (string, error) {
	notFound := lang.Errorf("no stored game %q (`history` lists yours, with their ids)", prefix)
	finder, ok := a.st.(matchIDs)
	if !ok {
		return "", notFound
	}
	ids, err := finder.MatchIDs(ctx, prefix, shownMatches+1)
	if err != nil {
		a.log.Error("completing a match id", "prefix", prefix, "err", err)
		return "", ErrUnavailable
	}
	switch {
	case len(ids) == 0:
		return "", notFound
	case len(ids) == 1:
		return ids[0], nil
	case len(ids) > shownMatches:
		return "", lang.Errorf("more than %d stored games start with %q, such as %s: type more of the id",
			shownMatches, prefix, strings.Join(ids[:shownMatches], ", "))
	default:
		return "", lang.Errorf("%d stored games start with %q: %s; type more of the id", len(ids), prefix, strings.Join(ids, ", "))
	}
}

// matchTournaments says which tournament a stored match was a game of; *store.Store does.
type matchTournaments interface {
	MatchTournament(ctx context.Context, matchID string) (code, state string, err error)
}

// SeedShown reports whether a stored game's seed may be shown. A game of a tournament still
// under way keeps it from players until the tournament is over (teachers see it): every
// seed is keyed (seed.Keyed), so one game's says nothing of another's, but nothing of a
// running tournament's chance is handed out. Other games are over, and their seed is
// theirs alone.
func (a *Archive) SeedShown(ctx context.Context, g Game, admin bool) bool {
	if admin || a == nil {
		return true
	}
	mt, ok := a.st.(matchTournaments)
	if !ok {
		return true
	}
	code, state, err := mt.MatchTournament(ctx, g.Rec.ID)
	if err != nil {
		a.log.Error("replay: the game's tournament", "id", g.Rec.ID, "err", err)
		return false
	}
	if code == "" || state == store.TournamentFinished || state == store.TournamentCancelled {
		return true
	}
	a.log.Info("replay of a running tournament's game: seed withheld", "id", g.Rec.ID, "tournament", code)
	return false
}

// Leaderboard is game's ratings, best first.
func (a *Archive) Leaderboard(ctx context.Context, game string, limit int) ([]store.Standing, error) {
	if a == nil {
		return nil, ErrNone
	}
	return a.st.Leaderboard(ctx, game, limit)
}

// RatingHistory is a player's rating after each of their rated games of game.
func (a *Archive) RatingHistory(ctx context.Context, game, player string) ([]float64, error) {
	if a == nil {
		return nil, ErrNone
	}
	return a.st.RatingHistory(ctx, game, player)
}

// leaderboards reads a leaderboard with its players' histories in one query; *store.Store
// does.
type leaderboards interface {
	LeaderboardWithHistory(ctx context.Context, game string, limit int) ([]store.StandingHistory, error)
}

// LeaderboardWithHistory is Leaderboard with each player's RatingHistory: read together
// from a store that can (one query whatever the number of players), else one by one. A
// history read one by one that fails is nil: its chart is empty, the board still shown.
func (a *Archive) LeaderboardWithHistory(ctx context.Context, game string, limit int) ([]store.StandingHistory, error) {
	if a == nil {
		return nil, ErrNone
	}
	if lb, ok := a.st.(leaderboards); ok {
		return lb.LeaderboardWithHistory(ctx, game, limit)
	}
	board, err := a.st.Leaderboard(ctx, game, limit)
	if err != nil {
		return nil, err
	}
	var out []store.StandingHistory
	for _, st := range board {
		hist, _ := a.st.RatingHistory(ctx, game, st.Player)
		out = append(out, store.StandingHistory{Standing: st, History: hist})
	}
	return out, nil
}

// playerRatings reads one player's rating; *store.Store does.
type playerRatings interface {
	PlayerStanding(ctx context.Context, game, player string) (store.Standing, error)
}

// SeedRating is a player's displayed rating in game, for seeding a tournament (0 when
// unrated or unknown).
func (a *Archive) SeedRating(ctx context.Context, game, player string) float64 {
	if a == nil {
		return 0
	}
	if pr, ok := a.st.(playerRatings); ok {
		st, err := pr.PlayerStanding(ctx, game, player)
		if err != nil {
			return 0
		}
		return st.Rating.Ordinal()
	}
	board, err := a.Leaderboard(ctx, game, 1000)
	if err != nil {
		return 0
	}
	for _, s := range board {
		if s.Player == player {
			return s.Rating.Ordinal()
		}
	}
	return 0
}

// History is the stored games of a player (an identity, or a house bot by name), last first.
func (a *Archive) History(ctx context.Context, identity, bot, game string, limit int) ([]store.MatchRecord, error) {
	if a == nil {
		return nil, ErrNone
	}
	return a.st.History(ctx, identity, bot, game, limit)
}

// historyGames lists stored games with what each was part of; *store.Store does.
type historyGames interface {
	HistoryGames(ctx context.Context, q store.GameQuery) ([]store.GameRecord, error)
}

// Games is the stored games q chooses, last first, with the tournament each was a game of
// and whether it was rated. A store that cannot say (a test's) lists a player's history,
// each game of no known kind, and refuses a choice by tournament or kind.
func (a *Archive) Games(ctx context.Context, q store.GameQuery) ([]store.GameRecord, error) {
	if a == nil {
		return nil, ErrNone
	}
	if hg, ok := a.st.(historyGames); ok {
		return hg.HistoryGames(ctx, q)
	}
	if q.Tournament != "" || q.Kind != "" {
		return nil, lang.Errorf("this server's store cannot choose games by tournament")
	}
	recs, err := a.st.History(ctx, q.Identity, q.Bot, q.Game, q.Limit)
	out := make([]store.GameRecord, len(recs))
	for i, r := range recs {
		out[i] = store.GameRecord{MatchRecord: r}
	}
	return out, err
}

// NameOwner is the key that holds a display name.
func (a *Archive) NameOwner(ctx context.Context, name string) (string, error) {
	if a == nil {
		return "", ErrNone
	}
	return a.st.NameOwner(ctx, name)
}
