package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"net/url"
	"strings"
	"time"

	_ "modernc.org/sqlite" // registers the "sqlite" driver
)

// sqliteDB is the embedded back end: one file in the data directory.
type sqliteDB struct {
	sqlQuerier
	db *sql.DB
}

// sqliteVersion reads the schema version in the header of the SQLite file at path
// (PRAGMA user_version), opened read-only: nothing is written to it.
func sqliteVersion(ctx context.Context, path string) (int, error) {
	db, err := sql.Open("sqlite", "file:"+(&url.URL{Path: path}).EscapedPath()+"?mode=ro")
	if err != nil {
		return 0, err
	}
	defer db.Close()
	var v int
	err = db.QueryRowContext(ctx, `PRAGMA user_version`).Scan(&v)
	return v, err
}

func openSQLite(path string, c Config) (*sqliteDB, error) {
	q := url.Values{}
	// WAL lets readers run beside the one writer; synchronous(FULL) makes a commit durable
	// before it returns (a finished match is on disk before anyone is told); IMMEDIATE
	// transactions take the write lock up front, so read-then-write claims cannot deadlock.
	q.Add("_pragma", "journal_mode(WAL)")
	q.Add("_pragma", "synchronous(FULL)")
	q.Add("_pragma", fmt.Sprintf("busy_timeout(%d)", c.Timeout.Milliseconds()))
	q.Add("_pragma", "foreign_keys(ON)")
	q.Set("_txlock", "immediate")
	dsn := "file:" + (&url.URL{Path: path}).EscapedPath() + "?" + q.Encode()
	db, err := sql.Open("sqlite", dsn)
	if err != nil {
		return nil, err
	}
	// A bounded pool: a burst of logins queues for a connection instead of opening a file
	// handle (and a page cache) each. One writer at a time anyway; readers share the rest.
	db.SetMaxOpenConns(c.PoolSize)
	db.SetMaxIdleConns(c.PoolSize)
	return &sqliteDB{sqlQuerier: sqlQuerier{db}, db: db}, nil
}

func (s *sqliteDB) begin(ctx context.Context) (writeTx, error) {
	t, err := s.db.BeginTx(ctx, nil) // IMMEDIATE (see openSQLite): writers are serialized
	if err != nil {
		return nil, err
	}
	return sqliteTx{sqlQuerier{t}, t}, nil
}

type sqliteTx struct {
	sqlQuerier
	*sql.Tx
}

func (s *sqliteDB) prefix(column, prefix string) (string, string) {
	// GLOB is case-sensitive as ids are, and a prefix pattern uses the primary key's index;
	// its own wildcards in prefix are taken literally.
	var pattern strings.Builder
	for _, r := range prefix {
		switch r {
		case '*', '?', '[':
			pattern.WriteString("[" + string(r) + "]")
		default:
			pattern.WriteRune(r)
		}
	}
	pattern.WriteString("*")
	return column + " GLOB ?", pattern.String()
}

func (s *sqliteDB) in(column string, list []string) (string, any) {
	if list == nil {
		list = []string{} // "null" would be no array at all
	}
	b, _ := json.Marshal(list) // strings always marshal
	return column + " IN (SELECT value FROM json_each(?))", string(b)
}

func (s *sqliteDB) clock(now time.Time) (string, []any) { return "?", []any{now.UnixMilli()} }

func (s *sqliteDB) close() error { return s.db.Close() }
