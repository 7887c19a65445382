// Package pgtest gives tests a fresh PostgreSQL database of their own on the server that
// ARENA_TEST_POSTGRES names (scripts/with-postgres starts one and sets it; CI always does).
//
// Without the variable, a test that asks for PostgreSQL is skipped with a sentence saying
// how to run it (and fails in CI, where CI is set); with it, a server that cannot be
// reached fails the test: CI never skips PostgreSQL.
package pgtest

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"net/url"
	"os"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
)

// Env names the variable holding the URL of a database on the test server from which
// databases can be created (its maintenance database, "postgres").
const Env = "ARENA_TEST_POSTGRES"

// Available says whether the test server is configured.
func Available() bool { return os.Getenv(Env) != "" }

// Database creates an empty database for t, dropped when t ends, and returns its URL.
func Database(t testing.TB) string {
	t.Helper()
	return create(t, "")
}

// Clone creates a database for t holding a copy of the database at from (CREATE DATABASE
// … TEMPLATE): a data directory copied, on PostgreSQL. Sessions still open on from (a
// killed server's) are ended first.
func Clone(t testing.TB, from string) string {
	t.Helper()
	u, err := url.Parse(from)
	if err != nil {
		t.Fatalf("pgtest: %v", err)
	}
	return create(t, u.Path[1:])
}

func create(t testing.TB, template string) string {
	t.Helper()
	admin := os.Getenv(Env)
	if admin == "" && os.Getenv("CI") != "" {
		t.Fatalf("PostgreSQL is required in CI: %s is not set (.ci/run starts a server with scripts/with-postgres)", Env)
	}
	if admin == "" {
		t.Skipf("PostgreSQL half skipped: set %s to a server's URL, or run scripts/with-postgres go test …", Env)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	conn, err := pgx.Connect(ctx, admin)
	if err != nil {
		t.Fatalf("pgtest: the PostgreSQL server of %s: %v", Env, err)
	}
	defer conn.Close(ctx)
	name := "arena_test_" + randomHex()
	stmt := "CREATE DATABASE " + name
	if template != "" {
		if _, err := conn.Exec(ctx, "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1", template); err != nil {
			t.Fatalf("pgtest: %v", err)
		}
		stmt += " TEMPLATE " + pgx.Identifier{template}.Sanitize()
	}
	if _, err := conn.Exec(ctx, stmt); err != nil {
		t.Fatalf("pgtest: %s: %v", stmt, err)
	}
	t.Cleanup(func() { drop(t, admin, name) })
	u, err := url.Parse(admin)
	if err != nil {
		t.Fatalf("pgtest: %s: %v", Env, err)
	}
	u.Path = "/" + name
	return u.String()
}

func drop(t testing.TB, admin, name string) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	conn, err := pgx.Connect(ctx, admin)
	if err != nil {
		t.Errorf("pgtest: drop %s: %v", name, err)
		return
	}
	defer conn.Close(ctx)
	if _, err := conn.Exec(ctx, "DROP DATABASE IF EXISTS "+name+" WITH (FORCE)"); err != nil {
		t.Errorf("pgtest: drop %s: %v", name, err)
	}
}

func randomHex() string {
	b := make([]byte, 8)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}
