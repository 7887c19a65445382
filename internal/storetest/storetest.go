// Package storetest opens the store the end-to-end tests run on: SQLite in the test's
// temporary directory, or, with ARENA_TEST_STORE=postgres, a fresh PostgreSQL database
// of its own (package pgtest). CI runs the end-to-end suites both ways.
package storetest

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/arena-classroom/arena/internal/pgtest"
	"github.com/arena-classroom/arena/store"
)

// Env names the variable that chooses the end-to-end tests' database: "postgres", or
// "sqlite" (the default).
const Env = "ARENA_TEST_STORE"

// OnPostgres says whether the end-to-end tests run on PostgreSQL. Asking for it without a
// test server (pgtest.Env) fails the tests that open a store, rather than skipping them.
func OnPostgres() bool { return os.Getenv(Env) == "postgres" }

var (
	mu     sync.Mutex
	stands = map[string]string{} // SQLite path → the PostgreSQL database standing for it
)

// Where is the database a test opens where it would open the SQLite file path: path
// itself, or, on PostgreSQL, the URL of a database made for path the first time it is
// asked for (so that two openings of one path share a database, as they share a file),
// dropped when t ends.
func Where(t testing.TB, path string) string {
	t.Helper()
	if !OnPostgres() {
		return path
	}
	if !pgtest.Available() {
		t.Fatalf("storetest: %s=postgres needs %s (scripts/with-postgres sets it)", Env, pgtest.Env)
	}
	mu.Lock()
	defer mu.Unlock()
	if url, ok := stands[path]; ok {
		return url
	}
	url := pgtest.Database(t)
	stands[path] = url
	t.Cleanup(func() {
		mu.Lock()
		delete(stands, path)
		mu.Unlock()
	})
	return url
}

// Open opens a fresh store for t, closed when t ends.
func Open(t testing.TB) *store.Store {
	t.Helper()
	st, err := store.Open(context.Background(), Where(t, filepath.Join(t.TempDir(), store.FileName)))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return st
}

// Copy makes the database of the SQLite path to stand for a copy of from's, after from's
// directory was copied to to's: on PostgreSQL, a clone of from's database (pgtest.Clone);
// on SQLite the copied file is the copy already.
func Copy(t testing.TB, from, to string) {
	t.Helper()
	if !OnPostgres() {
		return
	}
	src := Where(t, from)
	clone := pgtest.Clone(t, src)
	mu.Lock()
	stands[to] = clone
	mu.Unlock()
	t.Cleanup(func() {
		mu.Lock()
		delete(stands, to)
		mu.Unlock()
	})
}

// Flags are the arguments of `arena serve` that put the store of the data directory data
// where the tests run it: none on SQLite, --store URL on PostgreSQL.
func Flags(t testing.TB, data string) []string {
	t.Helper()
	if !OnPostgres() {
		return nil
	}
	return []string{"--store", Where(t, filepath.Join(data, store.FileName))}
}

// RatedClass stores games rated games of game among players people (p000, p001, …, keys
// SHA256:p000, …) and a house bot named greedy, so that each has a rating and a history of
// a few games, as a class's leaderboard has.
func RatedClass(t testing.TB, st *store.Store, game string, players, games int) {
	t.Helper()
	at := time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)
	seat := func(k int) store.SeatRecord {
		if k == players {
			return store.SeatRecord{Name: "greedy", Bot: "greedy"}
		}
		return store.SeatRecord{Name: fmt.Sprintf("p%03d", k), ID: fmt.Sprintf("SHA256:p%03d", k)}
	}
	for i := range games {
		a, b := i%players, (i*7+3)%players
		if a == b || i%10 == 0 {
			b = players
		}
		ranks := `[1,2]`
		if i%3 == 0 {
			ranks = `[2,1]`
		}
		m := store.MatchRecord{ID: fmt.Sprintf("m_%04d", i), Game: game, Config: json.RawMessage(`{}`),
			Outcome: json.RawMessage(`{"ranks":` + ranks + `}`), Replay: json.RawMessage(`{}`), Seats: []store.SeatRecord{seat(a), seat(b)},
			StartedAt: at, EndedAt: at.Add(time.Duration(i) * time.Minute), Rated: true}
		if err := st.SaveMatch(context.Background(), m); err != nil {
			t.Fatal(err)
		}
	}
}
