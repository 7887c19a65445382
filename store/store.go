// Package store keeps the arena's durable data — accounts and their names, finished
// matches with their replays, ratings, assignments, tournaments, the server's secrets — in
// one of two databases behind one API: SQLite inside the data directory (modernc.org/sqlite:
// pure Go, no cgo), the default that needs nothing else, or a PostgreSQL server (pgx), for a
// school that runs several nodes or operates its own database. Callers never know which.
package store

import (
	"context"
	"errors"
	"fmt"
	"net"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
)

// FileName is the SQLite database's file name inside the data directory.
const FileName = "arena.db"

// ErrNotFound is returned when a looked-up record does not exist.
var ErrNotFound = errors.New("not found")

// Config says which database to open, and how.
type Config struct {
	// Where is a PostgreSQL URL (postgres://USER@HOST:PORT/DB?sslmode=…) or the path of a
	// SQLite file.
	Where string
	// PoolSize bounds the connections open at once.
	PoolSize int
	// Timeout bounds one statement (PostgreSQL's statement_timeout; SQLite's wait for its
	// file lock) and a connection's set-up.
	Timeout time.Duration
}

// DefaultConfig is the configuration Open uses, without Where.
func DefaultConfig() Config {
	return Config{PoolSize: 8, Timeout: 10 * time.Second}
}

// Store is an open arena database. It is safe for concurrent use.
type Store struct {
	db      backend
	backend string // "sqlite" or "postgres"
	// writer is held by the one transaction writing at a time. SQLite serializes writers
	// anyway, but by polling a lock: a class of 150 connecting at once on a loaded machine
	// left some waiting past the busy timeout. Waiting here is in order, and ends with the
	// caller's context.
	writer chan struct{}
	// now stamps account rows; tests may replace it.
	now func() time.Time
	// newerSchema is the version of a newer schema this arena runs on without migrating it
	// (migrate); 0 for its own.
	newerSchema int
}

// Open opens (creating if needed) the database where (a PostgreSQL URL or a SQLite file's
// path) with the default configuration, and brings its schema up to date.
func Open(ctx context.Context, where string) (*Store, error) {
	c := DefaultConfig()
	c.Where = where
	return OpenConfig(ctx, c)
}

// OpenConfig is Open with a configuration.
func OpenConfig(ctx context.Context, c Config) (*Store, error) {
	d := DefaultConfig()
	if c.PoolSize < 1 {
		c.PoolSize = d.PoolSize
	}
	if c.Timeout <= 0 {
		c.Timeout = d.Timeout
	}
	s := &Store{now: time.Now, writer: make(chan struct{}, 1)}
	var err error
	if IsURL(c.Where) {
		s.backend = "postgres"
		s.db, err = openPostgres(ctx, c.Where, c)
	} else {
		s.backend = "sqlite"
		s.db, err = openSQLite(c.Where, c)
	}
	if err != nil {
		return nil, fmt.Errorf("open store %s: %w", Redact(c.Where), err)
	}
	if err := s.migrate(ctx); err != nil {
		s.db.close()
		return nil, fmt.Errorf("open store %s: %w", Redact(c.Where), err)
	}
	return s, nil
}

// Backend names the database the store runs on: "sqlite" or "postgres".
func (s *Store) Backend() string { return s.backend }

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
func (s *Store) Close() error { return s.db.close() }

// Unreachable reports whether err is a database server that could not be reached (down,
// starting up, the network): a node starting keeps trying then, where a wrong password, a
// missing database or a schema it cannot run on is final.
func Unreachable(err error) bool {
	var connect *pgconn.ConnectError
	var op *net.OpError
	var pg *pgconn.PgError
	if errors.As(err, &pg) {
		// 57P03: the database system is starting up, or shutting down.
		return pg.Code == "57P03"
	}
	if errors.As(err, &connect) {
		// A refused password or a database that does not exist comes wrapped the same way,
		// with the server's error inside: that one is final (above).
		return true
	}
	return errors.As(err, &op) || errors.Is(err, context.DeadlineExceeded)
}

// Ping says nil when the database answers a query within ctx.
func (s *Store) Ping(ctx context.Context) error {
	var one int
	return s.db.queryRow(ctx, "SELECT 1").Scan(&one)
}
