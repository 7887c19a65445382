package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
)

// HistoryLimit bounds one history listing.
const HistoryLimit = 500

// NameOwner is the key fingerprint that holds name, or ErrNotFound.
func (s *Store) NameOwner(ctx context.Context, name string) (string, error) {
	var id string
	err := s.db.queryRow(ctx, `SELECT account_id FROM names WHERE name = ?`, name).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return "", ErrNotFound
	}
	if err != nil {
		return "", fmt.Errorf("name owner %q: %w", name, err)
	}
	return id, nil
}

// History lists up to limit matches in which identity sat (a key's fingerprint), or, with
// identity "", in which house bot bot sat; game "" means every game. The last ended comes
// first. Replays are left out: a listing does not need them.
func (s *Store) History(ctx context.Context, identity, bot, game string, limit int) ([]MatchRecord, error) {
	if limit <= 0 || limit > HistoryLimit {
		limit = HistoryLimit
	}
	column, who := "identity", identity
	if identity == "" {
		column, who = "bot", bot
	}
	if who == "" {
		return nil, errors.New("history: whose games?")
	}
	rows, err := s.db.query(ctx, `SELECT DISTINCT m.id, m.game, m.seed, m.config, m.outcome, 'null', m.started_at, m.ended_at, m.private, m.practice, m.rowid
		FROM matches m JOIN match_seats s ON s.match_id = m.id
		WHERE s.`+column+` = ? AND (? = '' OR m.game = ?)
		ORDER BY m.ended_at DESC, m.rowid DESC LIMIT ?`, who, game, game, limit)
	if err != nil {
		return nil, fmt.Errorf("history: %w", err)
	}
	var out []MatchRecord
	for rows.Next() {
		var rowid int64
		m, err := scanMatch(rowScanner{rows, &rowid})
		if err != nil {
			rows.Close()
			return nil, fmt.Errorf("history: %w", err)
		}
		m.Replay = nil
		out = append(out, m)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("history: %w", err)
	}
	for i := range out {
		if out[i].Seats, err = s.seats(ctx, out[i].ID); err != nil {
			return nil, fmt.Errorf("history: %w", err)
		}
	}
	return out, nil
}

// rowScanner scans a match row followed by one extra column (the ordering's rowid, which
// DISTINCT needs selected).
type rowScanner struct {
	rows  rows
	extra *int64
}

func (r rowScanner) Scan(dest ...any) error { return r.rows.Scan(append(dest, r.extra)...) }
