package store

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"strconv"
	"strings"
	"time"
)

// table is one table of the schema as a copy reads it: its columns, and the order that
// keeps its rows' insertion order (rowid) where listings depend on it.
type table struct {
	name, columns, order string
}

// tables lists every table, each after those it references. TestCopyCoversTheSchema holds
// it to the schema: a migration that adds a table or a column adds it here.
var tables = []table{
	{"accounts", "id, name, created_at, seen_at, lang, keyboard", "id"},
	{"names", "name, account_id, claimed_at", "rowid"},
	{"matches", "id, game, seed, config, outcome, replay, started_at, ended_at, private, practice", "rowid"},
	{"match_seats", "match_id, seat, name, identity, bot, left_at_move, replaced_by", "match_id, seat"},
	{"assignments", "code, game, vs, games, config, seed, pass_pct, created_by, created_at", "rowid"},
	{"assignment_runs", "code, identity, name, games, wins, draws, at", "rowid"},
	{"ratings", "game, player, name, mu, sigma, games, updated_at", "game, player"},
	{"rating_history", "match_id, game, player, mu, sigma, at", "rowid"},
	{"tournaments", "code, name, game, format, options, config, seed, parallel, grace_ms, state, created_by, created_at, updated_at", "rowid"},
	{"tournament_entrants", "code, seq, id, name, kind, bot, rating, entered_at, addr", "code, seq"},
	{"tournament_games", "code, round, pairing, leg, seats, ranks, forfeit, match_id, at", "code, round, pairing, leg"},
	{"secrets", "name, value", "name"},
	{"tournament_starts", "code, round, pairing, leg, attempts", "code, round, pairing, leg"},
	{"tournament_corrections", "code, seq, round, pairing, leg, action, seats, ranks, forfeit, match_id, at, by_id, by_name, done_at", "code, seq"},
	{"notes", "match_id, seat, turn, owner, note", "match_id, seat, turn"},
}

// ephemeral lists the tables a copy leaves behind, neither copied, counted nor emptied:
// leases belong to the running nodes of one database (their holders, and expiry times on
// that database's clock), and a copy is made with the servers stopped, so the source's
// leases would only stand, on the target, for nodes that are not there. Those the target
// holds run out on their own. TestCopyCoversTheSchema holds the schema to tables and
// ephemeral together.
var ephemeral = []string{"leases"}

// TableCount is how many rows a table holds.
type TableCount struct {
	Table string
	Rows  int
}

// ErrNotEmpty is returned by Copy into a database that already holds data.
var ErrNotEmpty = errors.New("the target database is not empty")

// CopyOptions are Copy's choices.
type CopyOptions struct {
	// Replace empties a target that holds data first, instead of refusing it.
	Replace bool
	// Secrets are written to the target's secrets after the copy (the host key of a data
	// directory, which SQLite keeps beside the database rather than in it).
	Secrets map[string][]byte
}

// Copy copies every row of every table of from into to, in one transaction of to: all of
// it or nothing. Rows keep their order, so listings read the same on both. Each table's
// count is verified on both sides and returned. Neither database should be in use by a
// server meanwhile (both are held for writing, which stops this node's writers).
func Copy(ctx context.Context, from, to *Store, opts CopyOptions) ([]TableCount, error) {
	var counts []TableCount
	err := from.write(ctx, func() error {
		src, err := from.db.begin(ctx) // held for a consistent read of every table
		if err != nil {
			return fmt.Errorf("copy: source: %w", err)
		}
		defer src.Rollback()
		return to.write(ctx, func() error {
			dst, err := to.db.begin(ctx)
			if err != nil {
				return fmt.Errorf("copy: target: %w", err)
			}
			defer dst.Rollback()
			if err := emptyTarget(ctx, dst, opts.Replace); err != nil {
				return err
			}
			for _, t := range tables {
				n, err := copyTable(ctx, src, dst, t)
				if err != nil {
					return fmt.Errorf("copy %s: %w", t.name, err)
				}
				counts = append(counts, TableCount{t.name, n})
			}
			for name, value := range opts.Secrets {
				if _, err := dst.exec(ctx, `INSERT INTO secrets (name, value) VALUES (?, ?)
					ON CONFLICT (name) DO UPDATE SET value = excluded.value`, name, value); err != nil {
					return fmt.Errorf("copy: secret %s: %w", name, err)
				}
			}
			return dst.Commit()
		})
	})
	if err != nil {
		return nil, err
	}
	return counts, nil
}

// emptyTarget refuses a target with data in it, or empties it when told to.
func emptyTarget(ctx context.Context, dst writeTx, replace bool) error {
	var held []string
	for _, t := range tables {
		n, err := count(ctx, dst, t.name)
		if err != nil {
			return fmt.Errorf("copy: target: %w", err)
		}
		if n > 0 {
			held = append(held, fmt.Sprintf("%s %d", t.name, n))
		}
	}
	if len(held) == 0 {
		return nil
	}
	if !replace {
		return fmt.Errorf("%w (%s)", ErrNotEmpty, strings.Join(held, ", "))
	}
	for i := len(tables) - 1; i >= 0; i-- {
		if _, err := dst.exec(ctx, "DELETE FROM "+tables[i].name); err != nil {
			return fmt.Errorf("copy: empty the target's %s: %w", tables[i].name, err)
		}
	}
	return nil
}

// copyTable copies one table's rows in order and checks both sides hold as many.
func copyTable(ctx context.Context, src, dst writeTx, t table) (int, error) {
	rows, err := src.query(ctx, "SELECT "+t.columns+" FROM "+t.name+" ORDER BY "+t.order)
	if err != nil {
		return 0, err
	}
	defer rows.Close()
	width := len(strings.Split(t.columns, ","))
	insert := "INSERT INTO " + t.name + " (" + t.columns + ") VALUES (" + strings.TrimSuffix(strings.Repeat("?, ", width), ", ") + ")"
	values := make([]any, width)
	dest := make([]any, width)
	for i := range values {
		dest[i] = &values[i]
	}
	n := 0
	for rows.Next() {
		if err := rows.Scan(dest...); err != nil {
			return n, err
		}
		if _, err := dst.exec(ctx, insert, values...); err != nil {
			return n, err
		}
		n++
	}
	if err := rows.Err(); err != nil {
		return n, err
	}
	rows.Close()
	for side, q := range map[string]writeTx{"source": src, "target": dst} {
		got, err := count(ctx, q, t.name)
		if err != nil {
			return n, err
		}
		if got != n {
			return n, fmt.Errorf("%d rows copied, but the %s holds %d", n, side, got)
		}
	}
	return n, nil
}

func count(ctx context.Context, q querier, table string) (int, error) {
	var n int
	err := q.queryRow(ctx, "SELECT COUNT(*) FROM "+table).Scan(&n)
	return n, err
}

// Counts is how many rows each table holds.
func (s *Store) Counts(ctx context.Context) ([]TableCount, error) {
	var out []TableCount
	for _, t := range tables {
		n, err := count(ctx, s.db, t.name)
		if err != nil {
			return nil, fmt.Errorf("count %s: %w", t.name, err)
		}
		out = append(out, TableCount{t.name, n})
	}
	return out, nil
}

// ErrNotAnArenaStore is returned by OpenSource for a database that holds no arena store.
var ErrNotAnArenaStore = errors.New("not an arena store")

// OpenSource opens an arena's store to copy from, writing nothing to it: it runs no
// migration (a mistyped database would get the arena's tables), and refuses a database
// without an arena's schema (ErrNotAnArenaStore) or with another version than this arena's,
// with a sentence saying what to do.
func OpenSource(ctx context.Context, where string) (*Store, error) {
	c := DefaultConfig()
	c.Where = where
	s := &Store{now: time.Now, writer: make(chan struct{}, 1)}
	var version int
	var err error
	if IsURL(where) {
		s.backend = "postgres"
		s.db, err = openPostgres(ctx, where, c)
		if err == nil {
			version, err = s.recordedVersion(ctx)
		}
	} else {
		// Read the version from the file's header read-only first: opening it for use sets
		// its journal mode, a write to a file that may be no arena's.
		s.backend = "sqlite"
		if version, err = sqliteVersion(ctx, where); err == nil && version > 0 {
			s.db, err = openSQLite(where, c)
		}
	}
	if err != nil {
		if s.db != nil {
			s.db.close()
		}
		return nil, fmt.Errorf("open %s: %w", Redact(where), err)
	}
	latest := schemaVersionOfThisArena()
	switch {
	case version == 0:
		if s.db != nil {
			s.db.close()
		}
		return nil, fmt.Errorf("%s: %w (no arena schema in it: is it the right database?)", Redact(where), ErrNotAnArenaStore)
	case version != latest:
		s.db.close()
		return nil, fmt.Errorf("%s holds an arena store of schema %d, this arena's is %d: run this arena once on it (arena serve --store …, or --data) to bring it up to date, then copy", Redact(where), version, latest)
	}
	return s, nil
}

// recordedVersion reads the schema version a PostgreSQL database records, without creating
// anything: its goose table's (0 when there is none).
func (s *Store) recordedVersion(ctx context.Context) (int, error) {
	var v int
	var table *string
	if err := s.db.queryRow(ctx, `SELECT to_regclass('goose_db_version')::text`).Scan(&table); err != nil {
		return 0, err
	}
	if table == nil {
		return 0, nil
	}
	err := s.db.queryRow(ctx, `SELECT COALESCE(MAX(version_id), 0) FROM goose_db_version WHERE is_applied`).Scan(&v)
	return v, err
}

// schemaVersionOfThisArena is the schema version of this arena: its last migration's.
func schemaVersionOfThisArena() int {
	entries, err := fs.ReadDir(migrations, "migrations/sqlite")
	if err != nil || len(entries) == 0 {
		return 0
	}
	name := entries[len(entries)-1].Name()
	n, _ := strconv.Atoi(strings.SplitN(name, "_", 2)[0])
	return n
}

// Empty reports whether the store holds nothing worth copying: no row in any table but
// the secrets (which every store makes as it opens).
func (s *Store) Empty(ctx context.Context) (bool, error) {
	counts, err := s.Counts(ctx)
	if err != nil {
		return false, err
	}
	for _, c := range counts {
		if c.Table != "secrets" && c.Rows > 0 {
			return false, nil
		}
	}
	return true, nil
}
