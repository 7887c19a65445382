package store

import (
	"context"
	"database/sql"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"maps"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/jackc/pgx/v5/stdlib"
	"github.com/pressly/goose/v3"
	"github.com/pressly/goose/v3/database"
	"github.com/pressly/goose/v3/lock"
)

// migrations are the schema's history, one folder per database, run in order by goose. A
// version names the same schema in both folders. Append only: never edit a migration that
// has shipped.
//
//go:embed migrations
var migrations embed.FS

// Upgrades without fear: migrations expand, then contract a release later. A migration that
// only adds (a table, a column with a default, an index) leaves a schema the previous
// release can still run on: it records so in the table arena_schema_readers (one row, its
// readers_from: the oldest schema version whose arena may run on this database), and a
// node of that older release, finding a newer schema, serves on it without migrating
// (during a rolling upgrade, and after a rollback). A migration that takes away what an
// older release reads (a column dropped, renamed) sets readers_from to its own version, in
// a release after the one that stopped reading it. Without the table, a newer schema is
// refused, as every release before this rule did.

// SchemaTooNewError is a database whose schema is newer than this arena's and not made to
// be read by it.
type SchemaTooNewError struct{ Database, Arena int64 }

func (e *SchemaTooNewError) Error() string {
	return fmt.Sprintf("the database's schema (version %d) is newer than this arena's (%d): upgrade the arena to the release the other nodes run (arena version), or restore the backup taken before the upgrade (docs/operations.md, \"Upgrades\")", e.Database, e.Arena)
}

// migrate brings the schema up to date; it serves a newer schema made to be read by this
// arena, and refuses another one.
func (s *Store) migrate(ctx context.Context) error {
	p, done, err := s.migrator()
	if err != nil {
		return err
	}
	defer done()
	current, err := p.GetDBVersion(ctx)
	if err != nil {
		return fmt.Errorf("read the schema version: %w", err)
	}
	sources := p.ListSources()
	latest := sources[len(sources)-1].Version
	if current > latest {
		from, ok, err := s.readersFrom(ctx)
		if err != nil {
			return fmt.Errorf("read which arenas may run on schema %d: %w", current, err)
		}
		if ok && from <= latest {
			s.newerSchema = int(current)
			return nil
		}
		return &SchemaTooNewError{Database: current, Arena: latest}
	}
	if _, err := p.Up(ctx); err != nil {
		return fmt.Errorf("migrate: %w", err)
	}
	return nil
}

// readersFrom is the oldest schema version whose arena may run on the database, as its
// newest migration recorded it; ok is false for a database that records none.
func (s *Store) readersFrom(ctx context.Context) (from int64, ok bool, err error) {
	exists := "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'arena_schema_readers'"
	if s.Backend() == "postgres" {
		exists = "SELECT count(*) FROM information_schema.tables WHERE table_schema = current_schema() AND table_name = 'arena_schema_readers'"
	}
	var n int
	if err := s.db.queryRow(ctx, exists).Scan(&n); err != nil || n == 0 {
		return 0, false, err
	}
	if err := s.db.queryRow(ctx, "SELECT min(readers_from) FROM arena_schema_readers").Scan(&from); err != nil {
		return 0, false, err
	}
	return from, true, nil
}

// NewerSchema is the schema version of a database newer than this arena's that it runs on
// without migrating (see migrate), or 0 when the database's schema is this arena's.
func (s *Store) NewerSchema() int { return s.newerSchema }

// SchemaVersion reports the schema version of the open database.
func (s *Store) SchemaVersion(ctx context.Context) (int, error) {
	p, done, err := s.migrator()
	if err != nil {
		return 0, err
	}
	defer done()
	v, err := p.GetDBVersion(ctx)
	return int(v), err
}

// migrator is goose on the open database; done releases what it holds.
func (s *Store) migrator() (*goose.Provider, func(), error) {
	opts := []goose.ProviderOption{goose.WithDisableGlobalRegistry(true), goose.WithLogger(goose.NopLogger())}
	var (
		dialect goose.Dialect
		db      *sql.DB
		dir     string
		done    = func() {}
	)
	switch b := s.db.(type) {
	case *sqliteDB:
		// SQLite's version stays where every release recorded it: a data directory made
		// before the migrations moved to files opens with nothing to convert, and an older
		// arena still refuses a newer database.
		dialect, db, dir = goose.DialectCustom, b.db, "migrations/sqlite"
		opts = append(opts, goose.WithStore(userVersion{}))
	case *postgresDB:
		// Migrations run without the statements' timeout: one may rewrite a large table,
		// and a node must not fail to start because its database is big or its machine
		// busy (a CI machine under load timed out a migration of an empty database).
		cfg := b.pool.Config()
		params := maps.Clone(cfg.ConnConfig.RuntimeParams)
		params["statement_timeout"] = "0"
		cfg.ConnConfig.RuntimeParams, cfg.MaxConns = params, 4
		pool, err := pgxpool.NewWithConfig(context.Background(), cfg)
		if err != nil {
			return nil, nil, err
		}
		dialect, db, dir = goose.DialectPostgres, stdlib.OpenDBFromPool(pool), "migrations/postgres"
		done = func() { db.Close(); pool.Close() }
		// Several nodes starting at once migrate one at a time.
		locker, err := lock.NewPostgresSessionLocker()
		if err != nil {
			return nil, nil, err
		}
		opts = append(opts, goose.WithSessionLocker(locker))
	}
	files, err := fs.Sub(migrations, dir)
	if err != nil {
		return nil, nil, err
	}
	p, err := goose.NewProvider(dialect, db, files, opts...)
	if err != nil {
		done()
		return nil, nil, fmt.Errorf("migrations: %w", err)
	}
	return p, done, nil
}

// userVersion keeps goose's record of the schema in SQLite's PRAGMA user_version: the
// migrations ran in order, so version N means 1 to N applied.
type userVersion struct{}

var _ database.Store = userVersion{}

func (userVersion) Tablename() string { return "PRAGMA user_version" }

// CreateVersionTable has nothing to create: the header of every SQLite file holds it.
func (userVersion) CreateVersionTable(context.Context, database.DBTxConn) error { return nil }

func (userVersion) Insert(ctx context.Context, db database.DBTxConn, req database.InsertRequest) error {
	return setUserVersion(ctx, db, req.Version)
}

func (userVersion) Delete(ctx context.Context, db database.DBTxConn, version int64) error {
	return setUserVersion(ctx, db, version-1)
}

func (userVersion) GetMigration(ctx context.Context, db database.DBTxConn, version int64) (*database.GetMigrationResult, error) {
	v, err := readUserVersion(ctx, db)
	if err != nil {
		return nil, err
	}
	if version > v {
		return nil, database.ErrVersionNotFound
	}
	return &database.GetMigrationResult{IsApplied: true}, nil
}

func (userVersion) GetLatestVersion(ctx context.Context, db database.DBTxConn) (int64, error) {
	return readUserVersion(ctx, db)
}

func (userVersion) ListMigrations(ctx context.Context, db database.DBTxConn) ([]*database.ListMigrationsResult, error) {
	v, err := readUserVersion(ctx, db)
	if err != nil {
		return nil, err
	}
	var out []*database.ListMigrationsResult
	for ; v >= 0; v-- {
		out = append(out, &database.ListMigrationsResult{Version: v, IsApplied: true})
	}
	return out, nil
}

func readUserVersion(ctx context.Context, db database.DBTxConn) (int64, error) {
	var v int64
	if err := db.QueryRowContext(ctx, "PRAGMA user_version").Scan(&v); err != nil {
		return 0, fmt.Errorf("read user_version: %w", err)
	}
	return v, nil
}

func setUserVersion(ctx context.Context, db database.DBTxConn, v int64) error {
	if v < 0 {
		return errors.New("user_version below 0")
	}
	// PRAGMA takes no bound parameters; the value is goose's own integer.
	_, err := db.ExecContext(ctx, fmt.Sprintf("PRAGMA user_version = %d", v))
	return err
}
