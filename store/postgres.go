package store

import (
	"context"
	"errors"
	"strconv"
	"strings"
	"time"

	neturl "net/url"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
)

// postgresDB is the database-server back end (pgx, a pool of connections).
type postgresDB struct {
	pgQuerier
	pool *pgxpool.Pool
}

// writersLock is the advisory lock every write transaction takes first: PostgreSQL's
// counterpart of SQLite's IMMEDIATE transactions, so that a read-then-write (a name
// claimed, an entrant added) sees every earlier writer's commit, on every node.
const writersLock = 0x6172656e61 // "arena"

// IsURL says whether where names a PostgreSQL database (postgres:// or postgresql://)
// rather than a SQLite file.
func IsURL(where string) bool {
	return strings.HasPrefix(where, "postgres://") || strings.HasPrefix(where, "postgresql://")
}

func openPostgres(ctx context.Context, url string, c Config) (*postgresDB, error) {
	pc, err := pgxpool.ParseConfig(url)
	if err != nil {
		return nil, errors.New("not a PostgreSQL URL (postgres://USER@HOST:PORT/DB?sslmode=…)")
	}
	pc.MaxConns = int32(c.PoolSize)
	if pc.ConnConfig.ConnectTimeout == 0 {
		pc.ConnConfig.ConnectTimeout = c.Timeout
	}
	// A statement that runs longer than the timeout (a lock never released, a server
	// that stopped answering) fails instead of holding a player's result forever.
	pc.ConnConfig.RuntimeParams["statement_timeout"] = strconv.FormatInt(c.Timeout.Milliseconds(), 10)
	pool, err := pgxpool.NewWithConfig(ctx, pc)
	if err != nil {
		return nil, err
	}
	if err := pool.Ping(ctx); err != nil {
		pool.Close()
		return nil, err
	}
	return &postgresDB{pgQuerier{pool}, pool}, nil
}

// pgQuerier runs statements on a pool or a transaction, numbering their placeholders.
type pgQuerier struct {
	q interface {
		Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error)
		QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
		Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error)
	}
}

func (p pgQuerier) exec(ctx context.Context, query string, args ...any) (int64, error) {
	tag, err := p.q.Exec(ctx, rebind(query), args...)
	if err != nil {
		return 0, err
	}
	return tag.RowsAffected(), nil
}

func (p pgQuerier) queryRow(ctx context.Context, query string, args ...any) scanner {
	return p.q.QueryRow(ctx, rebind(query), args...)
}

func (p pgQuerier) query(ctx context.Context, query string, args ...any) (rows, error) {
	return p.q.Query(ctx, rebind(query), args...)
}

func (p *postgresDB) begin(ctx context.Context) (writeTx, error) {
	t, err := p.pool.Begin(ctx)
	if err != nil {
		return nil, err
	}
	if _, err := t.Exec(ctx, "SELECT pg_advisory_xact_lock($1)", int64(writersLock)); err != nil {
		t.Rollback(ctx)
		return nil, err
	}
	return &postgresTx{pgQuerier{t}, t, ctx}, nil
}

func (p *postgresDB) prefix(column, prefix string) (string, string) {
	// LIKE is case-sensitive here, and with the C collation a prefix pattern uses the
	// index; its own wildcards in prefix are escaped.
	r := strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`)
	return column + " LIKE ?", r.Replace(prefix) + "%"
}

func (p *postgresDB) in(column string, list []string) (string, any) {
	if list == nil {
		list = []string{} // nil would be NULL, an array of nothing only by chance
	}
	return column + " = ANY(?)", list
}

// clock is the server's statement_timestamp(): one instant for the whole statement (two
// calls of clock_timestamp() in one statement differ), taken when the statement arrived,
// so never before the caller sent it. now() would be the start of the transaction: inside
// a longer one, a time already past, so that a lease taken would end before the ttl its
// holder counts from sending the statement, and one that ran out would still look held.
func (p *postgresDB) clock(time.Time) (string, []any) {
	return "CAST(FLOOR(EXTRACT(EPOCH FROM statement_timestamp()) * 1000) AS BIGINT)", nil
}

func (p *postgresDB) close() error {
	p.pool.Close()
	return nil
}

// postgresTx is a write transaction; its statements run under the context it began with
// when they are given none of their own (Commit, Rollback).
type postgresTx struct {
	pgQuerier
	t   pgx.Tx
	ctx context.Context
}

func (t *postgresTx) Commit() error { return t.t.Commit(t.ctx) }

// Rollback after Commit does nothing, as database/sql's does (the store defers it).
func (t *postgresTx) Rollback() error {
	err := t.t.Rollback(context.WithoutCancel(t.ctx))
	if errors.Is(err, pgx.ErrTxClosed) {
		return nil
	}
	return err
}

// Redact is where with a URL's password hidden, for logs and messages.
func Redact(where string) string {
	if !IsURL(where) {
		return where
	}
	u, err := neturl.Parse(where)
	if err != nil {
		return "postgres://…"
	}
	return u.Redacted()
}
