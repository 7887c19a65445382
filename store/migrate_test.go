package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"net"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/arena-classroom/arena/rating"
	"github.com/arena-classroom/arena/seed"
)

// latestVersion is the newest migration of a back end's folder.
func latestVersion(t *testing.T, backend string) int {
	t.Helper()
	files, err := fs.Glob(migrations, "migrations/"+backend+"/*.sql")
	if err != nil || len(files) == 0 {
		t.Fatalf("migrations of %s: %v", backend, err)
	}
	var v int
	fmt.Sscanf(filepath.Base(files[len(files)-1]), "%d_", &v)
	return v
}

func TestMigrationsAreVersioned(t *testing.T) {
	eachBackend(t, func(t *testing.T, where string) {
		ctx := context.Background()
		s := open(t, where)
		latest := latestVersion(t, s.Backend())
		if v, err := s.SchemaVersion(ctx); err != nil || v != latest {
			t.Fatalf("version %d, %v; want %d", v, err, latest)
		}
		s.Close()
		// Reopening applies nothing twice (CREATE TABLE would fail).
		s = open(t, where)
		if v, _ := s.SchemaVersion(ctx); v != latest {
			t.Fatalf("version after reopen %d", v)
		}
		if s.Backend() == "sqlite" {
			var mode string
			if err := s.db.queryRow(ctx, "PRAGMA journal_mode").Scan(&mode); err != nil || mode != "wal" {
				t.Fatalf("journal mode %q, %v", mode, err)
			}
		}
		// A database from a newer arena is refused rather than misread.
		newer := fmt.Sprintf("PRAGMA user_version = %d", latest+1)
		if s.Backend() == "postgres" {
			newer = fmt.Sprintf("INSERT INTO goose_db_version (version_id, is_applied) VALUES (%d, true)", latest+1)
		}
		if _, err := s.db.exec(ctx, newer); err != nil {
			t.Fatal(err)
		}
		s.Close()
		_, err := Open(ctx, where)
		want := fmt.Sprintf("the database's schema (version %d) is newer than this arena's (%d): upgrade the arena", latest+1, latest)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Fatalf("opening a newer database: %v, want %q", err, want)
		}
	})
}

// Expand, then contract: a newer schema that records it may be read by this arena's
// (arena_schema_readers) is served without migrating it, as a node of the previous release
// does during a rolling upgrade; one that records a later reader, or none, is refused.
func TestANewerSchemaMadeForThisArenaIsServed(t *testing.T) {
	eachBackend(t, func(t *testing.T, where string) {
		ctx := context.Background()
		s := open(t, where)
		latest := latestVersion(t, s.Backend())
		newer := fmt.Sprintf("PRAGMA user_version = %d", latest+1)
		if s.Backend() == "postgres" {
			newer = fmt.Sprintf("INSERT INTO goose_db_version (version_id, is_applied) VALUES (%d, true)", latest+1)
		}
		// What the next release's expanding migration does: a new table, and its readers.
		for _, q := range []string{newer, "CREATE TABLE arena_schema_readers (readers_from INTEGER NOT NULL)",
			fmt.Sprintf("INSERT INTO arena_schema_readers (readers_from) VALUES (%d)", latest),
			"CREATE TABLE next_release_thing (id INTEGER PRIMARY KEY)"} {
			if _, err := s.db.exec(ctx, q); err != nil {
				t.Fatal(err)
			}
		}
		s.Close()
		s, err := Open(ctx, where)
		if err != nil {
			t.Fatalf("a newer schema readable by this arena: %v", err)
		}
		if s.NewerSchema() != latest+1 {
			t.Errorf("NewerSchema %d, want %d", s.NewerSchema(), latest+1)
		}
		// It serves: an account is made and read back, on the newer schema, unchanged.
		if _, err := s.Account(ctx, "SHA256:upgrade"); err != nil && !errors.Is(err, ErrNotFound) {
			t.Fatalf("reading on the newer schema: %v", err)
		}
		if v, _ := s.SchemaVersion(ctx); v != latest+1 {
			t.Errorf("the schema was changed to %d", v)
		}
		// The release after contracts: what this arena reads is gone.
		if _, err := s.db.exec(ctx, fmt.Sprintf("UPDATE arena_schema_readers SET readers_from = %d", latest+1)); err != nil {
			t.Fatal(err)
		}
		s.Close()
		_, err = Open(ctx, where)
		var tooNew *SchemaTooNewError
		if !errors.As(err, &tooNew) || tooNew.Database != int64(latest+1) || tooNew.Arena != int64(latest) {
			t.Fatalf("a contracted schema: %v", err)
		}
	})
}

// TestSaveMatchDurableWithoutClose saves a match in a child process that exits without
// closing the database: the match must be there on the next open.
func TestSaveMatchDurableWithoutClose(t *testing.T) {
	if where := os.Getenv("ARENA_STORE_CHILD"); where != "" {
		s, err := Open(context.Background(), where)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(3)
		}
		if err := s.SaveMatch(context.Background(), sampleMatch("crash", time.Unix(1e9, 0))); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(4)
		}
		os.Exit(0) // no Close, no checkpoint
	}
	eachBackend(t, func(t *testing.T, where string) {
		cmd := exec.Command(os.Args[0], "-test.run=^TestSaveMatchDurableWithoutClose$")
		cmd.Env = append(os.Environ(), "ARENA_STORE_CHILD="+where)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("child: %v\n%s", err, out)
		}
		s := open(t, where)
		m, err := s.Match(context.Background(), "crash")
		if err != nil || m.Seed != math.MaxUint64-7 {
			t.Fatalf("match saved before exit is missing: %+v, %v", m, err)
		}
	})
}

// oldDatabase makes a SQLite database the way releases before the migration files did:
// statements run in one transaction, then PRAGMA user_version.
func oldDatabase(t *testing.T, version int, stmts ...string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), FileName)
	db, err := sql.Open("sqlite", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	tx, err := db.Begin()
	if err != nil {
		t.Fatal(err)
	}
	for _, stmt := range append(stmts, fmt.Sprintf("PRAGMA user_version = %d", version)) {
		if _, err := tx.Exec(stmt); err != nil {
			t.Fatalf("%s: %v", stmt, err)
		}
	}
	if err := tx.Commit(); err != nil {
		t.Fatal(err)
	}
	return path
}

// A database made before takeovers were recorded opens, gains the columns, and its seats
// read as "nobody left".
func TestMigrationFromVersion1KeepsMatches(t *testing.T) {
	first, err := fs.ReadFile(migrations, "migrations/sqlite/00001_accounts_names_matches.sql")
	if err != nil {
		t.Fatal(err)
	}
	path := oldDatabase(t, 1, string(first),
		`INSERT INTO matches VALUES ('old', 'sevencolors', 1, '{}', '{"ranks":[1,2]}', '{}', 0, 0)`,
		`INSERT INTO match_seats VALUES ('old', 0, 'alice', 'SHA256:aaaa', '')`)
	s := open(t, path)
	m, err := s.Match(context.Background(), "old")
	if err != nil || len(m.Seats) != 1 || m.Seats[0] != (SeatRecord{Name: "alice", ID: "SHA256:aaaa"}) {
		t.Fatalf("old match after the migration: %+v, %v", m, err)
	}
}

// A data directory of the last release before goose (schema version 7 in user_version,
// testdata/release-v7-schema.sql) opens, migrated to the latest schema, with every row of
// every table kept and read back through the API as that release wrote it.
func TestOpeningARelease7DataDirectory(t *testing.T) {
	schema, err := os.ReadFile("testdata/release-v7-schema.sql")
	if err != nil {
		t.Fatal(err)
	}
	secret := strings.Repeat("k", seed.SecretSize)
	path := oldDatabase(t, 7, string(schema),
		`INSERT INTO accounts VALUES ('SHA256:ada', 'ada', 1000, 2000), ('SHA256:bob', 'bob', 1000, 2000)`,
		`INSERT INTO names VALUES ('ada', 'SHA256:ada', 1000), ('adele', 'SHA256:ada', 1500), ('bob', 'SHA256:bob', 1000)`,
		`INSERT INTO matches VALUES ('m_1', 'sevencolors', -2, '{"size":10}', '{"ranks":[1,2]}', '{"actions":[1]}', 5000, 6000)`,
		`INSERT INTO match_seats VALUES ('m_1', 0, 'ada', 'SHA256:ada', '', -1, ''), ('m_1', 1, 'bob', 'SHA256:bob', '', 3, 'greedy')`,
		`INSERT INTO assignments VALUES ('A1', 'sevencolors', 'greedy', 10, '{}', 7, 60, 'SHA256:prof', 100)`,
		`INSERT INTO assignment_runs VALUES ('A1', 'SHA256:ada', 'ada', 10, 7, 1, 200)`,
		`INSERT INTO ratings VALUES ('sevencolors', 'SHA256:ada', 'ada', 27.5, 7.9, 1, 6000), ('sevencolors', 'SHA256:bob', 'bob', 22.5, 7.9, 1, 6000)`,
		`INSERT INTO rating_history VALUES ('m_1', 'sevencolors', 'SHA256:ada', 27.5, 7.9, 6000)`,
		`INSERT INTO tournaments VALUES ('T1', 'final', 'sevencolors', 'swiss', '{"rounds":3}', '{}', 42, 2, 30000, 'running', 'SHA256:prof', 100, 300)`,
		`INSERT INTO tournament_entrants VALUES ('T1', 0, 'SHA256:ada', 'ada', 'person', '', 25, 150, '10.0.0.1'), ('T1', 1, 'house:greedy', 'greedy', 'house', 'greedy', 20, 0, '')`,
		`INSERT INTO tournament_games VALUES ('T1', 1, 0, 0, '["SHA256:ada","house:greedy"]', '[1,2]', '', 'm_1', 6000)`,
		`INSERT INTO secrets VALUES ('seeds', CAST('`+secret+`' AS BLOB))`,
		`INSERT INTO tournament_starts VALUES ('T1', 1, 0, 0, 1)`)

	ctx := context.Background()
	s := open(t, path)
	if v, err := s.SchemaVersion(ctx); err != nil || v != latestVersion(t, "sqlite") {
		t.Fatalf("schema version %d, %v; want %d", v, err, latestVersion(t, "sqlite"))
	}
	check := func(what string, got, want any) {
		t.Helper()
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s:\n got %+v\nwant %+v", what, got, want)
		}
	}
	acc, err := s.Account(ctx, "SHA256:ada")
	check("account", fmt.Sprint(acc, err), fmt.Sprint(Account{ID: "SHA256:ada", Name: "ada", Names: []string{"ada", "adele"}, Since: time.UnixMilli(1000).UTC()}, nil))
	m, err := s.Match(ctx, "m_1")
	check("match", fmt.Sprint(m.Seed, string(m.Config), string(m.Outcome), string(m.Replay), m.StartedAt.UnixMilli(), m.EndedAt.UnixMilli(), err),
		fmt.Sprint(uint64(math.MaxUint64-1), `{"size":10}`, `{"ranks":[1,2]}`, `{"actions":[1]}`, 5000, 6000, nil))
	check("seats", m.Seats, []SeatRecord{{Name: "ada", ID: "SHA256:ada"}, {Name: "bob", ID: "SHA256:bob", ReplacedBy: "greedy", LeftAtMove: 3}})
	board, err := s.Leaderboard(ctx, "sevencolors", 10)
	check("leaderboard", fmt.Sprint(board, err), fmt.Sprint([]Standing{
		{Player: "SHA256:ada", Name: "ada", Rating: ratingOf(27.5, 7.9), Games: 1},
		{Player: "SHA256:bob", Name: "bob", Rating: ratingOf(22.5, 7.9), Games: 1}}, nil))
	hist, err := s.RatingHistory(ctx, "sevencolors", "SHA256:ada")
	check("rating history", fmt.Sprint(hist, err), fmt.Sprint([]float64{ratingOf(27.5, 7.9).Ordinal()}, nil))
	runs, err := s.BestRuns(ctx, "A1")
	check("runs", fmt.Sprint(runs, err), fmt.Sprint([]Run{{Code: "A1", Identity: "SHA256:ada", Name: "ada", Games: 10, Wins: 7, Draws: 1, At: time.UnixMilli(200).UTC()}}, nil))
	a, err := s.Assignment(ctx, "A1")
	check("assignment", fmt.Sprint(a.Vs, a.Seed, a.PassPct, err), fmt.Sprint("greedy", 7, 60, nil))
	tour, err := s.Tournament(ctx, "T1")
	check("tournament", fmt.Sprint(tour.State, tour.Seed, tour.Grace, string(tour.Options), err), fmt.Sprint("running", 42, 30*time.Second, `{"rounds":3}`, nil))
	entrants, err := s.Entrants(ctx, "T1")
	check("entrants", fmt.Sprint(entrants, err), fmt.Sprint([]Entrant{
		{ID: "SHA256:ada", Name: "ada", Kind: "person", Rating: 25, EnteredAt: time.UnixMilli(150).UTC(), Addr: "10.0.0.1"},
		{ID: "house:greedy", Name: "greedy", Kind: "house", Bot: "greedy", Rating: 20}}, nil))
	games, err := s.TournamentGames(ctx, "T1")
	check("results", fmt.Sprint(games, err), fmt.Sprint([]TournamentGame{{Round: 1, Seats: []string{"SHA256:ada", "house:greedy"},
		Ranks: []int{1, 2}, MatchID: "m_1", At: time.UnixMilli(6000).UTC()}}, nil))
	sec, err := s.SeedSecret(ctx)
	check("seed secret", fmt.Sprint(string(sec), err), fmt.Sprint(secret, nil))
	attempt, err := s.StartTournamentGame(ctx, "T1", 1, 0, 0)
	check("next attempt", fmt.Sprint(attempt, err), fmt.Sprint(1, nil))
	code, state, err := s.MatchTournament(ctx, "m_1")
	check("match's tournament", fmt.Sprint(code, state, err), fmt.Sprint("T1", "running", nil))
	if name := claim(t, s, "SHA256:carol", "ada"); name != "ada2" {
		t.Errorf("a new key asking for an old name got %q", name)
	}
}

func ratingOf(mu, sigma float64) rating.Rating { return rating.Rating{Mu: mu, Sigma: sigma} }

// A database server that is down is unreachable (a starting node waits for it); a refused
// login is not (the node says so and stops).
func TestAnUnreachableServerIsToldFromARefusal(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	// A port nothing listens on: the listener is closed before the store dials it.
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	down := "postgres://arena@" + l.Addr().String() + "/arena?sslmode=disable&connect_timeout=5"
	l.Close()
	if _, err := Open(ctx, down); err == nil || !Unreachable(err) {
		t.Errorf("a server that is down: %v, unreachable %v", err, Unreachable(err))
	}
	eachBackend(t, func(t *testing.T, where string) {
		if err := open(t, where).Ping(ctx); err != nil {
			t.Errorf("ping: %v", err)
		}
		if !IsURL(where) {
			return
		}
		u, err := url.Parse(where)
		if err != nil {
			t.Fatal(err)
		}
		u.Path = "/no_such_database_here"
		if _, err := Open(ctx, u.String()); err == nil || Unreachable(err) {
			t.Errorf("a database that does not exist: %v, unreachable %v", err, Unreachable(err))
		}
	})
}
