// Package store keeps the arena's durable data — accounts and their names, finished matches
// — in a SQLite database inside the data directory (modernc.org/sqlite: pure Go, no cgo).
//
// The API is small and query-shaped so that another engine (PostgreSQL) can stand behind it
// later without touching its callers.
package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/url"
	"time"

	_ "modernc.org/sqlite" // registers the "sqlite" driver
)

// FileName is the database's file name inside the data directory.
const FileName = "arena.db"

// ErrNotFound is returned when a looked-up record does not exist.
var ErrNotFound = errors.New("not found")

// Store is an open arena database. It is safe for concurrent use.
type Store struct {
	db *sql.DB
	// writer is held by the one transaction writing at a time. SQLite serializes writers
	// anyway, but by polling a lock: a class of 150 connecting at once on a loaded machine
	// left some waiting past the busy timeout. Waiting here is in order, and ends with the
	// caller's context.
	writer chan struct{}
	// now stamps account rows; tests may replace it.
	now func() time.Time
}

// Open opens (creating if needed) the database at path and brings its schema up to date.
func Open(ctx context.Context, path string) (*Store, error) {
	q := url.Values{}
	// WAL lets readers run beside the one writer; synchronous(FULL) makes a commit durable
	// before it returns (a finished match is on disk before anyone is told); IMMEDIATE
	// transactions take the write lock up front, so read-then-write claims cannot deadlock.
	q.Add("_pragma", "journal_mode(WAL)")
	q.Add("_pragma", "synchronous(FULL)")
	q.Add("_pragma", "busy_timeout(10000)")
	q.Add("_pragma", "foreign_keys(ON)")
	q.Set("_txlock", "immediate")
	dsn := "file:" + (&url.URL{Path: path}).EscapedPath() + "?" + q.Encode()
	db, err := sql.Open("sqlite", dsn)
	if err != nil {
		return nil, fmt.Errorf("open store %s: %w", path, err)
	}
	// A bounded pool: a burst of logins queues for a connection instead of opening a file
	// handle (and a page cache) each. One writer at a time anyway; readers share the rest.
	db.SetMaxOpenConns(8)
	db.SetMaxIdleConns(8)
	s := &Store{db: db, now: time.Now, writer: make(chan struct{}, 1)}
	if err := s.migrate(ctx); err != nil {
		db.Close()
		return nil, fmt.Errorf("open store %s: %w", path, err)
	}
	return s, nil
}

// write runs f holding the writer's turn (see Store.writer).
func (s *Store) write(ctx context.Context, f func() error) error {
	select {
	case s.writer <- struct{}{}:
	case <-ctx.Done():
		return ctx.Err()
	}
	defer func() { <-s.writer }()
	return f()
}

// Close closes the database.
func (s *Store) Close() error { return s.db.Close() }

// migrations are applied in order, each once; PRAGMA user_version records how many ran.
// Append only: never edit a migration that has shipped.
var migrations = []string{
	// 1: accounts, names, matches.
	`CREATE TABLE accounts (
		id         TEXT PRIMARY KEY,          -- key fingerprint "SHA256:…"
		name       TEXT NOT NULL,             -- the name used last
		created_at INTEGER NOT NULL,          -- unix ms
		seen_at    INTEGER NOT NULL
	);
	CREATE TABLE names (
		name       TEXT PRIMARY KEY,
		account_id TEXT NOT NULL REFERENCES accounts(id),
		claimed_at INTEGER NOT NULL
	);
	CREATE INDEX names_account ON names(account_id);
	CREATE TABLE matches (
		id         TEXT PRIMARY KEY,
		game       TEXT NOT NULL,
		seed       INTEGER NOT NULL,          -- the uint64 seed's bits
		config     TEXT NOT NULL,             -- JSON
		outcome    TEXT NOT NULL,             -- JSON
		replay     TEXT NOT NULL,             -- JSON
		started_at INTEGER NOT NULL,          -- unix ms
		ended_at   INTEGER NOT NULL
	);
	CREATE INDEX matches_ended ON matches(ended_at);
	CREATE TABLE match_seats (
		match_id TEXT NOT NULL REFERENCES matches(id),
		seat     INTEGER NOT NULL,
		name     TEXT NOT NULL,
		identity TEXT NOT NULL,              -- keys.Identity.ID, "" for house bots
		bot      TEXT NOT NULL,              -- house bot name, "" for others
		PRIMARY KEY (match_id, seat)
	);
	CREATE INDEX match_seats_identity ON match_seats(identity);`,
	// 2: takeovers: a house bot played on for a person or program who left (who lost).
	`ALTER TABLE match_seats ADD COLUMN left_at_move INTEGER NOT NULL DEFAULT -1;
	ALTER TABLE match_seats ADD COLUMN replaced_by TEXT NOT NULL DEFAULT '';`,
	// 3: assignments ("beat the reference bot") and the students' runs.
	`CREATE TABLE assignments (
		code       TEXT PRIMARY KEY,
		game       TEXT NOT NULL,
		vs         TEXT NOT NULL,              -- house bots, comma-separated
		games      INTEGER NOT NULL,
		config     TEXT NOT NULL,              -- JSON
		seed       INTEGER NOT NULL,           -- the games' first seed: everyone plays the same games
		pass_pct   INTEGER NOT NULL,           -- wins needed, in percent
		created_by TEXT NOT NULL,              -- the teacher's key
		created_at INTEGER NOT NULL
	);
	CREATE TABLE assignment_runs (
		code     TEXT NOT NULL REFERENCES assignments(code),
		identity TEXT NOT NULL,
		name     TEXT NOT NULL,
		games    INTEGER NOT NULL,
		wins     INTEGER NOT NULL,
		draws    INTEGER NOT NULL,
		at       INTEGER NOT NULL
	);
	CREATE INDEX assignment_runs_code ON assignment_runs(code, identity);`,
	// 4: ratings per game (OpenSkill), and each rated game's new rating of each player.
	`CREATE TABLE ratings (
		game       TEXT NOT NULL,
		player     TEXT NOT NULL,              -- a key's fingerprint, or "bot:NAME"
		name       TEXT NOT NULL,              -- the name it was last rated under
		mu         REAL NOT NULL,
		sigma      REAL NOT NULL,
		games      INTEGER NOT NULL,
		updated_at INTEGER NOT NULL,
		PRIMARY KEY (game, player)
	);
	CREATE TABLE rating_history (
		match_id TEXT NOT NULL,
		game     TEXT NOT NULL,
		player   TEXT NOT NULL,
		mu       REAL NOT NULL,
		sigma    REAL NOT NULL,
		at       INTEGER NOT NULL
	);
	CREATE INDEX rating_history_player ON rating_history(game, player, at);`,
	// 5: class tournaments, their entrants and the result of every game (the schedule is
	// rebuilt from these by the format: see package tournament).
	`CREATE TABLE tournaments (
		code       TEXT PRIMARY KEY,
		name       TEXT NOT NULL,
		game       TEXT NOT NULL,
		format     TEXT NOT NULL,              -- "swiss", "elimination:3", …
		options    TEXT NOT NULL,              -- JSON: games per pairing, rounds, best of, table size
		config     TEXT NOT NULL,              -- JSON: the game's settings
		seed       INTEGER NOT NULL,           -- every game's seed derives from it
		parallel   INTEGER NOT NULL,           -- games at once
		grace_ms   INTEGER NOT NULL,           -- how long a due player is waited for
		state      TEXT NOT NULL,              -- open, closed, running, paused, finished, cancelled
		created_by TEXT NOT NULL,
		created_at INTEGER NOT NULL,
		updated_at INTEGER NOT NULL
	);
	CREATE TABLE tournament_entrants (
		code   TEXT NOT NULL REFERENCES tournaments(code),
		seq    INTEGER NOT NULL,               -- order of entry
		id     TEXT NOT NULL,                  -- a key's fingerprint, or "house:NAME" for a house bot
		name   TEXT NOT NULL,
		kind   TEXT NOT NULL,                  -- person, program, house
		bot    TEXT NOT NULL,                  -- the house bot, "" for others
		rating REAL NOT NULL,                  -- seeding strength when entered
		PRIMARY KEY (code, id)
	);
	CREATE UNIQUE INDEX tournament_entrants_name ON tournament_entrants(code, name);
	CREATE TABLE tournament_games (
		code     TEXT NOT NULL REFERENCES tournaments(code),
		round    INTEGER NOT NULL,
		pairing  INTEGER NOT NULL,
		leg      INTEGER NOT NULL,
		seats    TEXT NOT NULL,                -- JSON: entrant ids in seat order
		ranks    TEXT NOT NULL,                -- JSON: per seat, null for a forfeit
		forfeit  TEXT NOT NULL,                -- the entrant who forfeited, "" for none
		match_id TEXT NOT NULL,                -- the stored match, "" for a forfeit
		at       INTEGER NOT NULL,
		PRIMARY KEY (code, round, pairing, leg)
	);`,
	// 6: the server's secrets (the key of the seeds nobody may predict, see package seed),
	// and how many times each tournament game was started with a player who could see it.
	`CREATE TABLE secrets (
		name  TEXT PRIMARY KEY,
		value BLOB NOT NULL
	);
	CREATE TABLE tournament_starts (
		code     TEXT NOT NULL REFERENCES tournaments(code),
		round    INTEGER NOT NULL,
		pairing  INTEGER NOT NULL,
		leg      INTEGER NOT NULL,
		attempts INTEGER NOT NULL,             -- starts so far; the next start is attempt number attempts
		PRIMARY KEY (code, round, pairing, leg)
	);`,
	// 7: when and from where each tournament entrant entered, for the teacher to see who
	// came before the start (throwaway keys show up as a crowd from one address).
	`ALTER TABLE tournament_entrants ADD COLUMN entered_at INTEGER NOT NULL DEFAULT 0;
	ALTER TABLE tournament_entrants ADD COLUMN addr TEXT NOT NULL DEFAULT '';`,
}

func (s *Store) migrate(ctx context.Context) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("migrate: %w", err)
	}
	defer tx.Rollback()
	var version int
	if err := tx.QueryRowContext(ctx, "PRAGMA user_version").Scan(&version); err != nil {
		return fmt.Errorf("migrate: read version: %w", err)
	}
	if version > len(migrations) {
		return fmt.Errorf("database schema version %d is newer than this arena (%d): upgrade the arena", version, len(migrations))
	}
	for i := version; i < len(migrations); i++ {
		if _, err := tx.ExecContext(ctx, migrations[i]); err != nil {
			return fmt.Errorf("migrate to version %d: %w", i+1, err)
		}
	}
	if version < len(migrations) {
		// PRAGMA takes no bound parameters; the value is our own integer.
		if _, err := tx.ExecContext(ctx, fmt.Sprintf("PRAGMA user_version = %d", len(migrations))); err != nil {
			return fmt.Errorf("migrate: write version: %w", err)
		}
	}
	return tx.Commit()
}

// SchemaVersion reports the schema version of the open database.
func (s *Store) SchemaVersion(ctx context.Context) (int, error) {
	var v int
	err := s.db.QueryRowContext(ctx, "PRAGMA user_version").Scan(&v)
	return v, err
}
