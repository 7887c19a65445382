package store

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/arena-classroom/arena/internal/pgtest"
)

// eachBackend runs f on a fresh database of each back end: SQLite always, PostgreSQL on
// the server of pgtest.Env (skipped, saying so, without one; failed if it cannot be
// reached).
func eachBackend(t *testing.T, f func(t *testing.T, where string)) {
	t.Helper()
	t.Run("sqlite", func(t *testing.T) { f(t, filepath.Join(t.TempDir(), FileName)) })
	t.Run("postgres", func(t *testing.T) { f(t, pgtest.Database(t)) })
}

// otherDatabase is another fresh database of where's back end.
func otherDatabase(t *testing.T, where string) string {
	if IsURL(where) {
		return pgtest.Database(t)
	}
	return filepath.Join(t.TempDir(), FileName)
}

// The query adapter numbers placeholders once, for PostgreSQL.
func TestRebind(t *testing.T) {
	for in, want := range map[string]string{
		"SELECT 1":                     "SELECT 1",
		"a = ? AND (? = '' OR b = ?)":  "a = $1 AND ($2 = '' OR b = $3)",
		strings.Repeat("?,", 11) + "?": "$1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12",
	} {
		if got := rebind(in); got != want {
			t.Errorf("rebind(%q) = %q, want %q", in, got, want)
		}
	}
}
