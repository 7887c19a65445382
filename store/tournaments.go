package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"
)

// Tournament states.
const (
	TournamentOpen      = "open"      // taking entrants
	TournamentClosed    = "closed"    // entries closed by the teacher, not started yet
	TournamentRunning   = "running"   // games are being played
	TournamentPaused    = "paused"    // games in progress finish; no new ones start
	TournamentFinished  = "finished"  // every game has a result
	TournamentCancelled = "cancelled" // stopped by its teacher; results kept
)

// Tournament is a class tournament's settings and state. Its schedule is not stored: the
// format rebuilds it from the entrants and the results.
type Tournament struct {
	Code      string
	Name      string
	Game      string
	Format    string          // tournament.Parse's spec
	Options   json.RawMessage // tournament.Options' free fields
	Config    json.RawMessage // the game's settings
	Seed      uint64
	Parallel  int
	Grace     time.Duration
	State     string
	CreatedBy string
	CreatedAt time.Time
	UpdatedAt time.Time
}

// Entrant kinds.
const (
	EntrantPerson  = "person"  // plays from the lobby
	EntrantProgram = "program" // a student's bot, connecting with bot --tournament
	EntrantHouse   = "house"   // a house bot the teacher added
)

// Entrant is one participant of a tournament.
type Entrant struct {
	ID        string // a key's fingerprint, or "house:NAME" for a house bot
	Name      string
	Kind      string
	Bot       string // the house bot of a house entrant
	Rating    float64
	EnteredAt time.Time // zero for entrants of schema 6 and before
	Addr      string    // the network address it entered from ("" for house bots)
}

// TournamentGame is the result of one game of a tournament.
type TournamentGame struct {
	Round, Pairing, Leg int
	Seats               []string // entrant ids in seat order
	Ranks               []int    // per seat; nil for a forfeit
	Forfeit             string   // the entrant who did not come, "" for none
	MatchID             string   // the stored match, "" for a forfeit
	At                  time.Time
}

// Errors of tournament changes that a teacher or student can meet.
var (
	ErrEntrantExists = errors.New("already entered")
	ErrEntrantName   = errors.New("that name is already entered")
	ErrNotOpen       = errors.New("the tournament has started: entries are closed")
)

// CreateTournament stores a new tournament in the open state.
func (s *Store) CreateTournament(ctx context.Context, t Tournament) error {
	err := s.write(ctx, func() error {
		_, err := s.db.exec(ctx, `INSERT INTO tournaments (code, name, game, format, options, config, seed, parallel,
			grace_ms, state, created_by, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			t.Code, t.Name, t.Game, t.Format, jsonText(t.Options), jsonText(t.Config), int64(t.Seed), t.Parallel,
			t.Grace.Milliseconds(), TournamentOpen, t.CreatedBy, t.CreatedAt.UnixMilli(), t.CreatedAt.UnixMilli())
		return err
	})
	if err != nil {
		if _, found := s.Tournament(ctx, t.Code); found == nil {
			return ErrCodeTaken
		}
		return fmt.Errorf("create tournament: %w", err)
	}
	return nil
}

const tournamentColumns = `code, name, game, format, options, config, seed, parallel, grace_ms, state, created_by, created_at, updated_at`

func scanTournament(r scanner) (Tournament, error) {
	var (
		t                    Tournament
		opts, cfg            string
		seed, grace, at, upd int64
	)
	if err := r.Scan(&t.Code, &t.Name, &t.Game, &t.Format, &opts, &cfg, &seed, &t.Parallel, &grace, &t.State,
		&t.CreatedBy, &at, &upd); err != nil {
		return Tournament{}, err
	}
	t.Options, t.Config, t.Seed = json.RawMessage(opts), json.RawMessage(cfg), uint64(seed)
	t.Grace = time.Duration(grace) * time.Millisecond
	t.CreatedAt, t.UpdatedAt = time.UnixMilli(at).UTC(), time.UnixMilli(upd).UTC()
	return t, nil
}

// Tournament finds one by code, or ErrNotFound.
func (s *Store) Tournament(ctx context.Context, code string) (Tournament, error) {
	t, err := scanTournament(s.db.queryRow(ctx, `SELECT `+tournamentColumns+` FROM tournaments WHERE code = ?`, code))
	if errors.Is(err, sql.ErrNoRows) {
		return Tournament{}, ErrNotFound
	}
	if err != nil {
		return Tournament{}, fmt.Errorf("tournament %s: %w", code, err)
	}
	return t, nil
}

// Tournaments lists every tournament, the newest first.
func (s *Store) Tournaments(ctx context.Context) ([]Tournament, error) {
	rows, err := s.db.query(ctx, `SELECT `+tournamentColumns+` FROM tournaments ORDER BY created_at DESC, rowid DESC`)
	if err != nil {
		return nil, fmt.Errorf("tournaments: %w", err)
	}
	defer rows.Close()
	var out []Tournament
	for rows.Next() {
		t, err := scanTournament(rows)
		if err != nil {
			return nil, fmt.Errorf("tournaments: %w", err)
		}
		out = append(out, t)
	}
	return out, rows.Err()
}

// SetTournamentState moves a tournament to state.
func (s *Store) SetTournamentState(ctx context.Context, code, state string) error {
	return s.write(ctx, func() error {
		n, err := s.db.exec(ctx, `UPDATE tournaments SET state = ?, updated_at = ? WHERE code = ?`,
			state, s.now().UnixMilli(), code)
		if err != nil {
			return fmt.Errorf("tournament %s: %w", code, err)
		}
		if n == 0 {
			return ErrNotFound
		}
		return nil
	})
}

// beginWithState begins a transaction that changes a tournament's entrants, and reads the
// tournament's state in it (ErrNotFound when there is no such tournament).
func (s *Store) beginWithState(ctx context.Context, code string) (writeTx, string, error) {
	tx, err := s.db.begin(ctx)
	if err != nil {
		return nil, "", err
	}
	var state string
	err = tx.queryRow(ctx, `SELECT state FROM tournaments WHERE code = ?`, code).Scan(&state)
	if err != nil {
		tx.Rollback()
		if errors.Is(err, sql.ErrNoRows) {
			return nil, "", ErrNotFound
		}
		return nil, "", err
	}
	return tx, state, nil
}

// AddEntrant enters e in an open tournament.
func (s *Store) AddEntrant(ctx context.Context, code string, e Entrant) error {
	return s.write(ctx, func() error {
		tx, state, err := s.beginWithState(ctx, code)
		if err != nil {
			return fmt.Errorf("enter %s: %w", code, err)
		}
		defer tx.Rollback()
		if state != TournamentOpen {
			return ErrNotOpen
		}
		var idTaken, nameTaken int
		err = tx.queryRow(ctx, `SELECT COUNT(*) FILTER (WHERE id = ?), COUNT(*) FILTER (WHERE name = ?)
			FROM tournament_entrants WHERE code = ?`, e.ID, e.Name, code).Scan(&idTaken, &nameTaken)
		if err != nil {
			return fmt.Errorf("enter %s: %w", code, err)
		}
		switch {
		case idTaken > 0:
			return ErrEntrantExists
		case nameTaken > 0:
			return ErrEntrantName
		}
		at := e.EnteredAt
		if at.IsZero() {
			at = s.now()
		}
		_, err = tx.exec(ctx, `INSERT INTO tournament_entrants (code, seq, id, name, kind, bot, rating, entered_at, addr)
			VALUES (?, (SELECT COALESCE(MAX(seq) + 1, 0) FROM tournament_entrants WHERE code = ?), ?, ?, ?, ?, ?, ?, ?)`,
			code, code, e.ID, e.Name, e.Kind, e.Bot, e.Rating, at.UnixMilli(), e.Addr)
		if err != nil {
			return fmt.Errorf("enter %s: %w", code, err)
		}
		return tx.Commit()
	})
}

// Entrants lists a tournament's entrants in the order they entered.
func (s *Store) Entrants(ctx context.Context, code string) ([]Entrant, error) {
	rows, err := s.db.query(ctx, `SELECT `+entrantColumns+` FROM tournament_entrants WHERE code = ? ORDER BY seq`, code)
	if err != nil {
		return nil, fmt.Errorf("entrants of %s: %w", code, err)
	}
	defer rows.Close()
	var out []Entrant
	for rows.Next() {
		e, err := scanEntrant(rows)
		if err != nil {
			return nil, fmt.Errorf("entrants of %s: %w", code, err)
		}
		out = append(out, e)
	}
	return out, rows.Err()
}

const entrantColumns = `id, name, kind, bot, rating, entered_at, addr`

// scanEntrant reads entrantColumns, after the columns of pre.
func scanEntrant(r scanner, pre ...any) (Entrant, error) {
	var e Entrant
	var at int64
	if err := r.Scan(append(pre, &e.ID, &e.Name, &e.Kind, &e.Bot, &e.Rating, &at, &e.Addr)...); err != nil {
		return Entrant{}, err
	}
	if at > 0 {
		e.EnteredAt = time.UnixMilli(at).UTC()
	}
	return e, nil
}

// RemoveEntrant takes an entrant out of a tournament that has not started (open or
// closed); ErrNotFound if there is no such entrant, ErrNotOpen once it has started.
func (s *Store) RemoveEntrant(ctx context.Context, code, id string) error {
	return s.write(ctx, func() error {
		tx, state, err := s.beginWithState(ctx, code)
		if err != nil {
			return fmt.Errorf("remove from %s: %w", code, err)
		}
		defer tx.Rollback()
		if state != TournamentOpen && state != TournamentClosed {
			return ErrNotOpen
		}
		n, err := tx.exec(ctx, `DELETE FROM tournament_entrants WHERE code = ? AND id = ?`, code, id)
		if err != nil {
			return fmt.Errorf("remove from %s: %w", code, err)
		}
		if n == 0 {
			return ErrNotFound
		}
		return tx.Commit()
	})
}

// SetTournamentOptions replaces a tournament's options (its pace, say).
func (s *Store) SetTournamentOptions(ctx context.Context, code string, options json.RawMessage) error {
	return s.write(ctx, func() error {
		n, err := s.db.exec(ctx, `UPDATE tournaments SET options = ?, updated_at = ? WHERE code = ?`,
			string(options), s.now().UnixMilli(), code)
		if err != nil {
			return fmt.Errorf("tournament %s: %w", code, err)
		}
		if n == 0 {
			return ErrNotFound
		}
		return nil
	})
}

// TournamentGames lists the results recorded for a tournament, in the order of the schedule.
func (s *Store) TournamentGames(ctx context.Context, code string) ([]TournamentGame, error) {
	rows, err := s.db.query(ctx, `SELECT `+tournamentGameColumns+` FROM tournament_games WHERE code = ?
		ORDER BY round, pairing, leg`, code)
	if err != nil {
		return nil, fmt.Errorf("results of %s: %w", code, err)
	}
	defer rows.Close()
	var out []TournamentGame
	for rows.Next() {
		g, err := scanTournamentGame(rows)
		if err != nil {
			return nil, fmt.Errorf("results of %s: %w", code, err)
		}
		out = append(out, g)
	}
	return out, rows.Err()
}

const tournamentGameColumns = `round, pairing, leg, seats, ranks, forfeit, match_id, at`

// scanTournamentGame reads tournamentGameColumns, after the columns of pre.
func scanTournamentGame(r scanner, pre ...any) (TournamentGame, error) {
	var (
		g            TournamentGame
		seats, ranks string
		at           int64
	)
	if err := r.Scan(append(pre, &g.Round, &g.Pairing, &g.Leg, &seats, &ranks, &g.Forfeit, &g.MatchID, &at)...); err != nil {
		return TournamentGame{}, err
	}
	if err := g.decode(seats, ranks); err != nil {
		return TournamentGame{}, err
	}
	g.At = time.UnixMilli(at).UTC()
	return g, nil
}

// RecordForfeit stores the result of a game that was not played.
func (s *Store) RecordForfeit(ctx context.Context, code string, g TournamentGame) error {
	return s.write(ctx, func() error {
		tx, err := s.db.begin(ctx)
		if err != nil {
			return fmt.Errorf("forfeit in %s: %w", code, err)
		}
		defer tx.Rollback()
		if err := insertTournamentGame(ctx, tx, code, g); err != nil {
			return err
		}
		return tx.Commit()
	})
}

// insertTournamentGame records one result; a second result for the same game is refused, so
// a game replayed after a crash can never count twice.
func insertTournamentGame(ctx context.Context, tx writeTx, code string, g TournamentGame) error {
	seats, err := json.Marshal(g.Seats)
	if err != nil {
		return err
	}
	ranks, err := json.Marshal(g.Ranks)
	if err != nil {
		return err
	}
	_, err = tx.exec(ctx, `INSERT INTO tournament_games (code, round, pairing, leg, seats, ranks, forfeit, match_id, at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`, code, g.Round, g.Pairing, g.Leg, string(seats), string(ranks), g.Forfeit,
		g.MatchID, g.At.UnixMilli())
	if err != nil {
		return fmt.Errorf("result of %s round %d pairing %d leg %d: %w", code, g.Round, g.Pairing, g.Leg, err)
	}
	return nil
}

// Corrections of a tournament game's result (CorrectTournamentGame).
const (
	CorrectionReplay = "replay" // the result is taken out and the game played again
	CorrectionVoid   = "void"   // the result is replaced by Voided: the game counts for nobody
)

// Voided is the Forfeit of a game its teacher took out of the standings (tournament.Voided).
const Voided = "-"

// Correction is a teacher's change of a recorded result, with the result as it stood.
type Correction struct {
	Seq    int
	Action string         // CorrectionReplay or CorrectionVoid
	Was    TournamentGame // the result replaced
	By     string         // the teacher's key
	ByName string
	At     time.Time
}

// CorrectTournamentGame changes the recorded result of a game of code, in one transaction:
// the result as it stood goes to the corrections, then a replay deletes it (the game is
// due again) and a void replaces it by Voided. ErrNotFound: the game has no result.
func (s *Store) CorrectTournamentGame(ctx context.Context, code string, round, pairing, leg int, action, by, byName string) (Correction, error) {
	if action != CorrectionReplay && action != CorrectionVoid {
		return Correction{}, fmt.Errorf("correction %q: replay or void", action)
	}
	c := Correction{Action: action, By: by, ByName: byName, At: s.now().UTC().Truncate(time.Millisecond)}
	err := s.write(ctx, func() error {
		tx, err := s.db.begin(ctx)
		if err != nil {
			return err
		}
		defer tx.Rollback()
		var seats, ranks string
		var at int64
		g := TournamentGame{Round: round, Pairing: pairing, Leg: leg}
		err = tx.queryRow(ctx, `SELECT seats, ranks, forfeit, match_id, at FROM tournament_games
			WHERE code = ? AND round = ? AND pairing = ? AND leg = ?`, code, round, pairing, leg).
			Scan(&seats, &ranks, &g.Forfeit, &g.MatchID, &at)
		if errors.Is(err, sql.ErrNoRows) {
			return ErrNotFound
		}
		if err != nil {
			return err
		}
		if err := g.decode(seats, ranks); err != nil {
			return err
		}
		g.At = time.UnixMilli(at).UTC()
		c.Was = g
		if err := tx.queryRow(ctx, `SELECT COUNT(*) FROM tournament_corrections WHERE code = ?`, code).Scan(&c.Seq); err != nil {
			return err
		}
		c.Seq++
		if _, err := tx.exec(ctx, `INSERT INTO tournament_corrections (code, seq, round, pairing, leg, action, seats, ranks,
			forfeit, match_id, at, by_id, by_name, done_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			code, c.Seq, round, pairing, leg, action, seats, ranks, g.Forfeit, g.MatchID, at, by, byName, c.At.UnixMilli()); err != nil {
			return err
		}
		if action == CorrectionReplay {
			_, err = tx.exec(ctx, `DELETE FROM tournament_games WHERE code = ? AND round = ? AND pairing = ? AND leg = ?`,
				code, round, pairing, leg)
		} else {
			_, err = tx.exec(ctx, `UPDATE tournament_games SET ranks = 'null', forfeit = ?, match_id = '', at = ?
				WHERE code = ? AND round = ? AND pairing = ? AND leg = ?`, Voided, c.At.UnixMilli(), code, round, pairing, leg)
		}
		if err != nil {
			return err
		}
		return tx.Commit()
	})
	if err != nil && !errors.Is(err, ErrNotFound) {
		err = fmt.Errorf("%s of %s round %d pairing %d leg %d: %w", action, code, round, pairing, leg, err)
	}
	return c, err
}

// TournamentCorrections lists a tournament's corrections, oldest first.
func (s *Store) TournamentCorrections(ctx context.Context, code string) ([]Correction, error) {
	rows, err := s.db.query(ctx, `SELECT `+correctionColumns+` FROM tournament_corrections WHERE code = ? ORDER BY seq`, code)
	if err != nil {
		return nil, fmt.Errorf("corrections of %s: %w", code, err)
	}
	defer rows.Close()
	var out []Correction
	for rows.Next() {
		c, err := scanCorrection(rows)
		if err != nil {
			return nil, fmt.Errorf("corrections of %s: %w", code, err)
		}
		out = append(out, c)
	}
	return out, rows.Err()
}

const correctionColumns = `seq, round, pairing, leg, action, seats, ranks, forfeit, match_id, at, by_id, by_name, done_at`

// scanCorrection reads correctionColumns, after the columns of pre.
func scanCorrection(r scanner, pre ...any) (Correction, error) {
	var (
		c            Correction
		seats, ranks string
		at, done     int64
	)
	if err := r.Scan(append(pre, &c.Seq, &c.Was.Round, &c.Was.Pairing, &c.Was.Leg, &c.Action, &seats, &ranks, &c.Was.Forfeit,
		&c.Was.MatchID, &at, &c.By, &c.ByName, &done)...); err != nil {
		return Correction{}, err
	}
	if err := c.Was.decode(seats, ranks); err != nil {
		return Correction{}, err
	}
	c.Was.At, c.At = time.UnixMilli(at).UTC(), time.UnixMilli(done).UTC()
	return c, nil
}

// TournamentRecord is what a tournament is rebuilt from (see package director): its
// settings and state, its entrants in the order they entered, its results in the order of
// the schedule and its corrections, oldest first: what Tournament, Entrants,
// TournamentGames and TournamentCorrections read.
type TournamentRecord struct {
	Tournament  Tournament
	Entrants    []Entrant
	Games       []TournamentGame
	Corrections []Correction
}

// TournamentRecords reads the records of the tournaments of codes together: four queries
// whatever their number, where reading them one by one takes four each (a list of every
// tournament with its entrants and games played). A code without a tournament is absent
// from the map.
func (s *Store) TournamentRecords(ctx context.Context, codes []string) (map[string]TournamentRecord, error) {
	out := make(map[string]TournamentRecord, len(codes))
	if len(codes) == 0 {
		return out, nil
	}
	cond, arg := s.db.in("code", codes)
	fail := func(err error) (map[string]TournamentRecord, error) {
		return nil, fmt.Errorf("tournament records: %w", err)
	}
	// each runs query and reads every row with read.
	each := func(query string, read func(r rows) error) error {
		rows, err := s.db.query(ctx, query, arg)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			if err := read(rows); err != nil {
				return err
			}
		}
		return rows.Err()
	}
	err := each(`SELECT `+tournamentColumns+` FROM tournaments WHERE `+cond, func(r rows) error {
		t, err := scanTournament(r)
		if err != nil {
			return err
		}
		out[t.Code] = TournamentRecord{Tournament: t}
		return nil
	})
	if err != nil {
		return fail(err)
	}
	// The rows of the tournaments that exist, in each one's order (code first groups them).
	var code string
	err = each(`SELECT code, `+entrantColumns+` FROM tournament_entrants WHERE `+cond+` ORDER BY code, seq`, func(r rows) error {
		e, err := scanEntrant(r, &code)
		if rec, ok := out[code]; ok && err == nil {
			rec.Entrants = append(rec.Entrants, e)
			out[code] = rec
		}
		return err
	})
	if err != nil {
		return fail(err)
	}
	err = each(`SELECT code, `+tournamentGameColumns+` FROM tournament_games WHERE `+cond+` ORDER BY code, round, pairing, leg`, func(r rows) error {
		g, err := scanTournamentGame(r, &code)
		if rec, ok := out[code]; ok && err == nil {
			rec.Games = append(rec.Games, g)
			out[code] = rec
		}
		return err
	})
	if err != nil {
		return fail(err)
	}
	err = each(`SELECT code, `+correctionColumns+` FROM tournament_corrections WHERE `+cond+` ORDER BY code, seq`, func(r rows) error {
		c, err := scanCorrection(r, &code)
		if rec, ok := out[code]; ok && err == nil {
			rec.Corrections = append(rec.Corrections, c)
			out[code] = rec
		}
		return err
	})
	if err != nil {
		return fail(err)
	}
	return out, nil
}

// decode reads a stored result's seats and ranks (JSON text columns).
func (g *TournamentGame) decode(seats, ranks string) error {
	if err := json.Unmarshal([]byte(seats), &g.Seats); err != nil {
		return fmt.Errorf("seats: %w", err)
	}
	if err := json.Unmarshal([]byte(ranks), &g.Ranks); err != nil {
		return fmt.Errorf("ranks: %w", err)
	}
	return nil
}
