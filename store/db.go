package store

import (
	"context"
	"database/sql"
	"strconv"
	"strings"
	"sync"
	"time"
)

// The store's queries are written once, with ? placeholders, against the few methods below;
// each back end (sqlite.go, postgres.go) implements them over its own driver. Only what truly
// differs between the two databases lives in the back ends: opening, the migrations' folder
// and version record, how a write transaction takes the writers' lock, a prefix match and a
// list of values passed as one argument.

// querier runs statements: the database itself, or a transaction.
type querier interface {
	// exec runs a statement and returns how many rows it changed.
	exec(ctx context.Context, query string, args ...any) (int64, error)
	// queryRow runs a query of at most one row; Scan reports sql.ErrNoRows for none (pgx's
	// ErrNoRows is one too).
	queryRow(ctx context.Context, query string, args ...any) scanner
	query(ctx context.Context, query string, args ...any) (rows, error)
}

type scanner interface{ Scan(dest ...any) error }

// rows is a query's result, read once.
type rows interface {
	Next() bool
	Scan(dest ...any) error
	Err() error
	Close()
}

// tx is a write transaction, holding the writers' lock of its database until it ends.
type writeTx interface {
	querier
	Commit() error
	Rollback() error
}

// backend is an open database of either kind.
type backend interface {
	querier
	// begin starts a write transaction.
	begin(ctx context.Context) (writeTx, error)
	// prefix is a condition on column that holds for the values starting with prefix, and
	// its argument: SQLite's LIKE ignores case, PostgreSQL has no GLOB.
	prefix(column, prefix string) (cond string, arg string)
	// in is a condition on column that holds for the values of list, and its one argument,
	// so that a query reads many keys at once with a text of its own whatever their number:
	// SQLite has no arrays (a JSON array, json_each), PostgreSQL has (= ANY).
	in(column string, list []string) (cond string, arg any)
	// clock is an expression of the time now in unix milliseconds, and its arguments: on
	// PostgreSQL the server's clock, which every node sharing the database reads alike; on
	// SQLite, used by one process, now (the process's clock) as an argument.
	clock(now time.Time) (expr string, args []any)
	close() error
}

// sqlQuerier runs statements on database/sql (the SQLite back end).
type sqlQuerier struct {
	q interface {
		ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
		QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
		QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
	}
}

func (s sqlQuerier) exec(ctx context.Context, query string, args ...any) (int64, error) {
	res, err := s.q.ExecContext(ctx, query, args...)
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}

func (s sqlQuerier) queryRow(ctx context.Context, query string, args ...any) scanner {
	return s.q.QueryRowContext(ctx, query, args...)
}

func (s sqlQuerier) query(ctx context.Context, query string, args ...any) (rows, error) {
	r, err := s.q.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	return sqlRows{r}, nil
}

type sqlRows struct{ *sql.Rows }

func (r sqlRows) Close() { r.Rows.Close() }

// rebound caches each query with its ? placeholders numbered for PostgreSQL ($1, $2…).
var rebound sync.Map

// rebind numbers the ? placeholders of query. The store's queries hold no ? in a literal.
func rebind(query string) string {
	if q, ok := rebound.Load(query); ok {
		return q.(string)
	}
	var b strings.Builder
	n := 0
	for _, r := range query {
		if r == '?' {
			n++
			b.WriteString("$" + strconv.Itoa(n))
			continue
		}
		b.WriteRune(r)
	}
	rebound.Store(query, b.String())
	return b.String()
}
