package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	gossh "golang.org/x/crypto/ssh"

	"github.com/arena-classroom/arena/keys"
	"github.com/arena-classroom/arena/seed"
)

// seedSecret names the key of the game seeds in the secrets table.
const seedSecret = "seeds"

// SeedSecret is the server's key for seeds of hidden chance (seed.Keyed): 32 random bytes
// made the first time it is asked for, then the same for as long as the database lives, so
// that a tournament re-run with the same --seed on the same store plays the same games. It
// is never shown: anyone who had it could compute every game's dice.
func (s *Store) SeedSecret(ctx context.Context) (seed.Secret, error) {
	v, err := s.secret(ctx, seedSecret, func() ([]byte, error) { return seed.NewSecret(), nil })
	if err != nil {
		return nil, fmt.Errorf("seed secret: %w", err)
	}
	if len(v) < seed.SecretSize {
		return nil, fmt.Errorf("seed secret: %d bytes stored, want %d", len(v), seed.SecretSize)
	}
	return seed.Secret(v), nil
}

// HostKeySecret names the SSH host key in the secrets table, where a store on PostgreSQL
// keeps it (SQLite's data directory keeps it in a file beside the database).
const HostKeySecret = "host_key"

// SharedHostKey is the host key every node of the database presents (HostKey) on
// PostgreSQL, nil on SQLite, whose data directory keeps the key in a file beside the
// database (server.HostKeyKeeper).
func (s *Store) SharedHostKey(ctx context.Context) (gossh.Signer, error) {
	if s.Backend() != "postgres" {
		return nil, nil
	}
	return s.HostKey(ctx)
}

// HostKey is the server's SSH host key kept in the database: made the first time it is
// asked for, then the same for every node that shares the database, so that players'
// known_hosts stay valid whichever node answers.
func (s *Store) HostKey(ctx context.Context) (gossh.Signer, error) {
	pem, err := s.HostKeyPEM(ctx)
	if err != nil {
		return nil, err
	}
	return keys.ParseHostKey(pem)
}

// HostKeyPEM is HostKey as keys.NewHostKeyPEM encodes it.
func (s *Store) HostKeyPEM(ctx context.Context) ([]byte, error) {
	pem, err := s.secret(ctx, HostKeySecret, keys.NewHostKeyPEM)
	if err != nil {
		return nil, fmt.Errorf("host key: %w", err)
	}
	return pem, nil
}

// StoredHostKeyPEM is the host key the database holds, nil when it holds none; unlike
// HostKeyPEM it never makes one (a copy reads its source without writing to it).
func (s *Store) StoredHostKeyPEM(ctx context.Context) ([]byte, error) {
	var v []byte
	err := s.db.queryRow(ctx, `SELECT value FROM secrets WHERE name = ?`, HostKeySecret).Scan(&v)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	return v, err
}

// secret is the value of the secret name, made by fresh and stored the first time it is
// asked for; a secret made by another node at the same time wins once stored.
func (s *Store) secret(ctx context.Context, name string, fresh func() ([]byte, error)) ([]byte, error) {
	var v []byte
	err := s.db.queryRow(ctx, `SELECT value FROM secrets WHERE name = ?`, name).Scan(&v)
	if err == nil || !errors.Is(err, sql.ErrNoRows) {
		return v, err
	}
	made, err := fresh()
	if err != nil {
		return nil, err
	}
	err = s.write(ctx, func() error {
		_, err := s.db.exec(ctx, `INSERT INTO secrets (name, value) VALUES (?, ?) ON CONFLICT (name) DO NOTHING`, name, made)
		return err
	})
	if err != nil {
		return nil, err
	}
	err = s.db.queryRow(ctx, `SELECT value FROM secrets WHERE name = ?`, name).Scan(&v)
	return v, err
}

// StartTournamentGame counts one more start of a tournament game and returns its attempt
// number: 0 the first time, then 1, 2… It is durable before it returns, so a game started
// again after a crash never gets the attempt number (and with it the seed) of a start
// whose dice a player may have seen.
func (s *Store) StartTournamentGame(ctx context.Context, code string, round, pairing, leg int) (int, error) {
	var attempt int
	err := s.write(ctx, func() error {
		tx, err := s.db.begin(ctx)
		if err != nil {
			return err
		}
		defer tx.Rollback()
		err = tx.queryRow(ctx, `INSERT INTO tournament_starts (code, round, pairing, leg, attempts) VALUES (?, ?, ?, ?, 1)
			ON CONFLICT (code, round, pairing, leg) DO UPDATE SET attempts = tournament_starts.attempts + 1 RETURNING attempts`,
			code, round, pairing, leg).Scan(&attempt)
		if err != nil {
			return err
		}
		return tx.Commit()
	})
	if err != nil {
		return 0, fmt.Errorf("start of %s round %d pairing %d leg %d: %w", code, round, pairing, leg, err)
	}
	return attempt - 1, nil
}

// UnstartTournamentGame takes back the last start of a tournament game, whose room never
// opened (no node could take it): nobody saw its dice, and its attempt number is the next
// start's again, so that failed placements do not count as games played again.
func (s *Store) UnstartTournamentGame(ctx context.Context, code string, round, pairing, leg int) error {
	err := s.write(ctx, func() error {
		_, err := s.db.exec(ctx, `UPDATE tournament_starts SET attempts = attempts - 1
			WHERE code = ? AND round = ? AND pairing = ? AND leg = ? AND attempts > 0`, code, round, pairing, leg)
		return err
	})
	if err != nil {
		return fmt.Errorf("take back the start of %s round %d pairing %d leg %d: %w", code, round, pairing, leg, err)
	}
	return nil
}

// TournamentRestarts counts the starts of a tournament's games that were starts again: a
// game cut short (its room lost, a program's connection dropped in it, a crash) and played
// again from its start. Games of house bots only are not counted (they are never cut short
// for anyone).
func (s *Store) TournamentRestarts(ctx context.Context, code string) (int, error) {
	var n int
	err := s.db.queryRow(ctx, `SELECT COALESCE(SUM(attempts - 1), 0) FROM tournament_starts WHERE code = ?`, code).Scan(&n)
	if err != nil {
		return 0, fmt.Errorf("restarts of %s: %w", code, err)
	}
	return n, nil
}

// MatchTournament is the tournament a stored match was a game of, and its state; "" and ""
// for a match of no tournament.
func (s *Store) MatchTournament(ctx context.Context, matchID string) (code, state string, err error) {
	// A game whose result a teacher corrected keeps its match in the corrections: still a
	// game of the tournament, its seed hidden as long as the others'.
	err = s.db.queryRow(ctx, `SELECT t.code, t.state FROM tournaments t WHERE t.code IN (
		SELECT code FROM tournament_games WHERE match_id = ? AND match_id != ''
		UNION SELECT code FROM tournament_corrections WHERE match_id = ? AND match_id != '')`,
		matchID, matchID).Scan(&code, &state)
	if err == nil || errors.Is(err, sql.ErrNoRows) {
		return code, state, nil
	}
	return "", "", fmt.Errorf("tournament of match %s: %w", matchID, err)
}
