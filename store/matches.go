package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"
)

// MatchRecord is a finished match as it is kept: enough to list it, rank its players and
// replay it.
type MatchRecord struct {
	ID        string
	Game      string // games.Game.ID()
	Seed      uint64
	Config    json.RawMessage // the normalized games.Config
	Seats     []SeatRecord    // in seat order
	Outcome   json.RawMessage // games.Outcome
	Replay    json.RawMessage // the replay log
	StartedAt time.Time
	EndedAt   time.Time
	// Rated: the game updates its players' ratings, in the same transaction (see rate).
	Rated bool
	// Private: played in a private room: shown only to its players and to teachers.
	Private bool
	// Practice: a game of bot --practice, kept for its player to review (SavePractice):
	// never rated, and private.
	Practice bool
	// Tournament, when set, is the tournament game this match was: its result is recorded
	// in the same transaction, so a crash keeps both or neither.
	Tournament *TournamentEntry
	// Notes are the programs' own notes on their moves, stored with the match in the same
	// transaction (practice: SavePractice); those of a seat whose identity is not their
	// owner are left out. Reading a match does not fill them: MatchNotes reads them.
	Notes []NoteRecord
}

// TournamentEntry names the tournament game a match was, and its result.
type TournamentEntry struct {
	Code string
	Game TournamentGame
}

// SeatRecord is who sat in one seat.
type SeatRecord struct {
	Name string // display name at the time
	// ID is the keys.Identity.ID of the human or remote bot behind the seat ("SHA256:…" or
	// "guest:…"), "" for a house bot.
	ID string
	// Bot is the house bot's name, "" for others.
	Bot string
	// ReplacedBy is the house bot that played on, from move LeftAtMove (an index in the
	// replay), for a person or program who left during the game and is therefore ranked
	// below those who stayed in Outcome; "" when nobody left (LeftAtMove is then 0).
	ReplacedBy string
	LeftAtMove int
}

// ErrDuplicate is returned by SaveMatch for a match already stored.
var ErrDuplicate = errors.New("already stored")

// ErrGameRecorded is returned by SaveMatch for a tournament game that has a result already,
// from another match: a game played again after its room was thought lost (its node died
// just after recording it). Nothing is stored; the first result stands.
var ErrGameRecorded = errors.New("this tournament game has a result already")

// SaveMatch stores a finished match. It returns once the match is committed to disk, so a
// result may be announced as soon as it returns. Saving the same ID twice is an error,
// ErrDuplicate.
func (s *Store) SaveMatch(ctx context.Context, m MatchRecord) error {
	if m.ID == "" || m.Game == "" {
		return errors.New("save match: missing id or game")
	}
	err := s.write(ctx, func() error { return s.saveMatch(ctx, m, nil) })
	if err != nil && s.stored(ctx, m.ID) {
		return fmt.Errorf("save match %s: %w", m.ID, ErrDuplicate)
	}
	if t := m.Tournament; err != nil && t != nil && s.gameRecorded(ctx, t.Code, t.Game) {
		return fmt.Errorf("save match %s: %s round %d pairing %d leg %d: %w", m.ID, t.Code, t.Game.Round, t.Game.Pairing, t.Game.Leg, ErrGameRecorded)
	}
	return err
}

// gameRecorded says whether a tournament game has its result stored.
func (s *Store) gameRecorded(ctx context.Context, code string, g TournamentGame) bool {
	var n int
	err := s.db.queryRow(ctx, `SELECT COUNT(*) FROM tournament_games WHERE code = ? AND round = ? AND pairing = ? AND leg = ?`,
		code, g.Round, g.Pairing, g.Leg).Scan(&n)
	return err == nil && n > 0
}

// stored says whether the match id is stored (false when that cannot be read either).
func (s *Store) stored(ctx context.Context, id string) bool {
	var n int
	err := s.db.queryRow(ctx, `SELECT COUNT(*) FROM matches WHERE id = ?`, id).Scan(&n)
	return err == nil && n > 0
}

// SavePractice stores a finished practice game of owner (a key's fingerprint), unrated and
// private, and deletes that key's practice games but the keep latest (keep < 1: 1), in the
// same transaction: a student's practice history stays bounded however much they practise.
func (s *Store) SavePractice(ctx context.Context, m MatchRecord, owner string, keep int) error {
	if m.ID == "" || m.Game == "" || owner == "" {
		return errors.New("save practice: missing id, game or owner")
	}
	m.Practice, m.Private, m.Rated, m.Tournament = true, true, false, nil
	keep = max(keep, 1)
	err := s.write(ctx, func() error {
		return s.saveMatch(ctx, m, func(tx writeTx) error { return prunePractice(ctx, tx, owner, keep) })
	})
	if err != nil && s.stored(ctx, m.ID) {
		return fmt.Errorf("save practice %s: %w", m.ID, ErrDuplicate)
	}
	return err
}

// prunePractice deletes owner's practice games but the keep latest.
func prunePractice(ctx context.Context, tx writeTx, owner string, keep int) error {
	rows, err := tx.query(ctx, `SELECT m.id FROM matches m JOIN match_seats s ON s.match_id = m.id
		WHERE s.identity = ? AND m.practice = 1 ORDER BY m.ended_at DESC, m.rowid DESC`, owner)
	if err != nil {
		return fmt.Errorf("prune practice: %w", err)
	}
	var old []string
	for n := 0; rows.Next(); n++ {
		var id string
		if err := rows.Scan(&id); err != nil {
			rows.Close()
			return fmt.Errorf("prune practice: %w", err)
		}
		if n >= keep {
			old = append(old, id)
		}
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return fmt.Errorf("prune practice: %w", err)
	}
	// Practice is never rated nor a tournament's: its notes and seats are all there is to
	// delete.
	for _, id := range old {
		if _, err := tx.exec(ctx, `DELETE FROM notes WHERE match_id = ?`, id); err != nil {
			return fmt.Errorf("prune practice %s: %w", id, err)
		}
		if _, err := tx.exec(ctx, `DELETE FROM match_seats WHERE match_id = ?`, id); err != nil {
			return fmt.Errorf("prune practice %s: %w", id, err)
		}
		if _, err := tx.exec(ctx, `DELETE FROM matches WHERE id = ?`, id); err != nil {
			return fmt.Errorf("prune practice %s: %w", id, err)
		}
	}
	return nil
}

// saveMatch stores m, and runs then (if set) in the same transaction.
func (s *Store) saveMatch(ctx context.Context, m MatchRecord, then func(tx writeTx) error) error {
	tx, err := s.db.begin(ctx)
	if err != nil {
		return fmt.Errorf("save match %s: %w", m.ID, err)
	}
	defer tx.Rollback()
	_, err = tx.exec(ctx, `INSERT INTO matches (id, game, seed, config, outcome, replay, started_at, ended_at, private, practice)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		m.ID, m.Game, int64(m.Seed), jsonText(m.Config), jsonText(m.Outcome), jsonText(m.Replay),
		m.StartedAt.UnixMilli(), m.EndedAt.UnixMilli(), boolInt(m.Private), boolInt(m.Practice))
	if err != nil {
		return fmt.Errorf("save match %s: %w", m.ID, err)
	}
	for i, seat := range m.Seats {
		left := seat.LeftAtMove
		if seat.ReplacedBy == "" {
			left = -1
		}
		_, err := tx.exec(ctx, `INSERT INTO match_seats (match_id, seat, name, identity, bot, left_at_move, replaced_by)
			VALUES (?, ?, ?, ?, ?, ?, ?)`,
			m.ID, i, seat.Name, seat.ID, seat.Bot, left, seat.ReplacedBy)
		if err != nil {
			return fmt.Errorf("save match %s: seat %d: %w", m.ID, i, err)
		}
	}
	if len(m.Notes) > 0 {
		if _, err := insertNotes(ctx, tx, m.ID, m.Notes); err != nil {
			return fmt.Errorf("save match %s: notes: %w", m.ID, err)
		}
	}
	if t := m.Tournament; t != nil {
		g := t.Game
		g.MatchID, g.At = m.ID, m.EndedAt
		if err := insertTournamentGame(ctx, tx, t.Code, g); err != nil {
			return fmt.Errorf("save match %s: %w", m.ID, err)
		}
	}
	// Practice never moves a rating, whatever the record says.
	if m.Rated && !m.Practice {
		if err := rate(ctx, tx, m); err != nil {
			return fmt.Errorf("save match %s: ratings: %w", m.ID, err)
		}
	}
	if then != nil {
		if err := then(tx); err != nil {
			return fmt.Errorf("save match %s: %w", m.ID, err)
		}
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("save match %s: %w", m.ID, err)
	}
	return nil
}

// jsonText stores a missing JSON value as null rather than an empty string.
func jsonText(raw json.RawMessage) string {
	if len(raw) == 0 {
		return "null"
	}
	return string(raw)
}

// RecentMatches returns up to limit matches, the last ended first.
func (s *Store) RecentMatches(ctx context.Context, limit int) ([]MatchRecord, error) {
	if limit <= 0 {
		return nil, nil
	}
	rows, err := s.db.query(ctx, `SELECT id, game, seed, config, outcome, replay, started_at, ended_at, private, practice
		FROM matches ORDER BY ended_at DESC, rowid DESC LIMIT ?`, limit)
	if err != nil {
		return nil, fmt.Errorf("recent matches: %w", err)
	}
	var out []MatchRecord
	for rows.Next() {
		m, err := scanMatch(rows)
		if err != nil {
			rows.Close()
			return nil, fmt.Errorf("recent matches: %w", err)
		}
		out = append(out, m)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("recent matches: %w", err)
	}
	for i := range out {
		if out[i].Seats, err = s.seats(ctx, out[i].ID); err != nil {
			return nil, fmt.Errorf("recent matches: %w", err)
		}
	}
	return out, nil
}

// Match returns one match by id, or ErrNotFound.
func (s *Store) Match(ctx context.Context, id string) (MatchRecord, error) {
	row := s.db.queryRow(ctx, `SELECT id, game, seed, config, outcome, replay, started_at, ended_at, private, practice
		FROM matches WHERE id = ?`, id)
	m, err := scanMatch(row)
	if errors.Is(err, sql.ErrNoRows) {
		return MatchRecord{}, ErrNotFound
	}
	if err != nil {
		return MatchRecord{}, fmt.Errorf("match %s: %w", id, err)
	}
	if m.Seats, err = s.seats(ctx, id); err != nil {
		return MatchRecord{}, fmt.Errorf("match %s: %w", id, err)
	}
	return m, nil
}

// MatchIDs lists, in order, at most limit stored match ids that start with prefix: what
// `replay m_eh5f` finds for a person who typed the start of an id.
func (s *Store) MatchIDs(ctx context.Context, prefix string, limit int) ([]string, error) {
	if prefix == "" || limit < 1 {
		return nil, nil
	}
	cond, pattern := s.db.prefix("id", prefix)
	rows, err := s.db.query(ctx, `SELECT id FROM matches WHERE `+cond+` ORDER BY id LIMIT ?`, pattern, limit)
	if err != nil {
		return nil, fmt.Errorf("match ids %q: %w", prefix, err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			return nil, fmt.Errorf("match ids %q: %w", prefix, err)
		}
		out = append(out, id)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("match ids %q: %w", prefix, err)
	}
	return out, nil
}

func scanMatch(r scanner) (MatchRecord, error) {
	var (
		m                       MatchRecord
		seed, started, ended    int64
		config, outcome, replay string
	)
	var private, practice int
	if err := r.Scan(&m.ID, &m.Game, &seed, &config, &outcome, &replay, &started, &ended, &private, &practice); err != nil {
		return MatchRecord{}, err
	}
	m.Private, m.Practice = private != 0, practice != 0
	m.Seed = uint64(seed)
	m.Config, m.Outcome, m.Replay = json.RawMessage(config), json.RawMessage(outcome), json.RawMessage(replay)
	m.StartedAt, m.EndedAt = time.UnixMilli(started).UTC(), time.UnixMilli(ended).UTC()
	return m, nil
}

func (s *Store) seats(ctx context.Context, matchID string) ([]SeatRecord, error) {
	rows, err := s.db.query(ctx, `SELECT name, identity, bot, left_at_move, replaced_by FROM match_seats WHERE match_id = ? ORDER BY seat`, matchID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []SeatRecord
	for rows.Next() {
		var seat SeatRecord
		if err := rows.Scan(&seat.Name, &seat.ID, &seat.Bot, &seat.LeftAtMove, &seat.ReplacedBy); err != nil {
			return nil, err
		}
		if seat.ReplacedBy == "" {
			seat.LeftAtMove = 0
		}
		out = append(out, seat)
	}
	return out, rows.Err()
}

// VisibleTo reports whether the match is shown to person (a key's fingerprint): a match of a
// private room, or of practice, only to its players, and to teachers.
func (m MatchRecord) VisibleTo(person string, teacher bool) bool {
	if !m.Private || teacher {
		return true
	}
	for _, s := range m.Seats {
		if person != "" && s.ID == person {
			return true
		}
	}
	return false
}

// Hidden says why a match VisibleTo refuses is not shown: "was played in a private room: …".
func (m MatchRecord) Hidden() string {
	if m.Practice {
		return "is a practice game: only its player and teachers see it again"
	}
	return "was played in a private room: only its players and teachers see it again"
}

// boolInt is a flag as both databases keep it: 0 or 1.
func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}
