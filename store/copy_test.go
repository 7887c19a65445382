package store

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"
)

// The copy's list of tables and columns is the schema's, on both back ends (PostgreSQL's
// own rowid column and the ephemeral tables aside): a migration that adds one without the
// copy fails here.
func TestCopyCoversTheSchema(t *testing.T) {
	eachBackend(t, func(t *testing.T, where string) {
		ctx := context.Background()
		s := open(t, where)
		q := `SELECT m.name, p.name FROM sqlite_master m, pragma_table_info(m.name) p
			WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite_%' ORDER BY m.name, p.cid`
		if s.Backend() == "postgres" {
			q = `SELECT table_name, column_name FROM information_schema.columns
				WHERE table_schema = current_schema() AND table_name != 'goose_db_version' AND column_name != 'rowid'
				ORDER BY table_name, ordinal_position`
		}
		rows, err := s.db.query(ctx, q)
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		schema := map[string][]string{}
		for rows.Next() {
			var table, column string
			if err := rows.Scan(&table, &column); err != nil {
				t.Fatal(err)
			}
			schema[table] = append(schema[table], column)
		}
		for _, name := range ephemeral {
			if schema[name] == nil {
				t.Fatalf("the ephemeral table %s is not in the schema", name)
			}
			delete(schema, name)
		}
		copied := map[string][]string{}
		for _, tb := range tables {
			copied[tb.name] = strings.Split(strings.ReplaceAll(tb.columns, " ", ""), ",")
		}
		if !reflect.DeepEqual(schema, copied) {
			t.Fatalf("the schema:\n%v\nthe copy's tables:\n%v", schema, copied)
		}
	})
}

// fill stores a little of everything through the API.
func fill(t *testing.T, s *Store) {
	t.Helper()
	ctx := context.Background()
	base := time.Date(2026, 11, 21, 9, 0, 0, 0, time.UTC)
	for _, who := range [][2]string{{"SHA256:aaaa", "alice"}, {"SHA256:cccc", "carol"}, {"SHA256:aaaa", "alicia"}, {"SHA256:bbbb", "alice"}} {
		claim(t, s, who[0], who[1])
	}
	if err := s.CreateTournament(ctx, Tournament{Code: "T1", Name: "final", Game: "sevencolors", Format: "swiss",
		Options: []byte(`{"rounds":2}`), Config: []byte(`{}`), Seed: 9, Parallel: 2, Grace: time.Minute, CreatedAt: base}); err != nil {
		t.Fatal(err)
	}
	for _, e := range []Entrant{{ID: "SHA256:aaaa", Name: "alice", Kind: EntrantPerson, Addr: "10.0.0.1"}, {ID: "house:greedy", Name: "greedy", Kind: EntrantHouse, Bot: "greedy"}} {
		if err := s.AddEntrant(ctx, "T1", e); err != nil {
			t.Fatal(err)
		}
	}
	for i := range 30 {
		m := sampleMatch(fmt.Sprintf("m_%02d", i), base.Add(time.Duration(i%7)*time.Minute)) // ties on ended_at
		m.Rated = true
		if i%10 == 0 {
			m.Tournament = &TournamentEntry{Code: "T1", Game: TournamentGame{Round: i / 10, Seats: []string{"SHA256:aaaa", "house:greedy"}, Ranks: []int{1, 2}}}
		}
		if err := s.SaveMatch(ctx, m); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.CreateAssignment(ctx, Assignment{Code: "A1", Game: "sevencolors", Vs: "greedy", Games: 4, Config: []byte(`{}`), Seed: 3, PassPct: 50, CreatedAt: base}); err != nil {
		t.Fatal(err)
	}
	for i := range 3 {
		if err := s.RecordRun(ctx, Run{Code: "A1", Identity: "SHA256:aaaa", Name: "alice", Games: 4, Wins: i, At: base}); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := s.StartTournamentGame(ctx, "T1", 3, 0, 0); err != nil {
		t.Fatal(err)
	}
	if _, err := s.SeedSecret(ctx); err != nil {
		t.Fatal(err)
	}
}

// view is what the API reads of a store, for comparing two.
func view(t *testing.T, s *Store) string {
	t.Helper()
	ctx := context.Background()
	var b strings.Builder
	show := func(what string, v any, err error) {
		if err != nil {
			t.Fatalf("%s: %v", what, err)
		}
		fmt.Fprintf(&b, "%s: %+v\n", what, v)
	}
	recent, err := s.RecentMatches(ctx, 100)
	show("recent", recent, err)
	hist, err := s.History(ctx, "SHA256:aaaa", "", "", 100)
	show("history", hist, err)
	board, err := s.Leaderboard(ctx, "sevencolors", 100)
	show("leaderboard", board, err)
	rh, err := s.RatingHistory(ctx, "sevencolors", "SHA256:aaaa")
	show("rating history", rh, err)
	for _, id := range []string{"SHA256:aaaa", "SHA256:bbbb", "SHA256:cccc"} {
		a, err := s.Account(ctx, id)
		show("account", fmt.Sprint(a, err), nil)
	}
	tours, err := s.Tournaments(ctx)
	show("tournaments", tours, err)
	ent, err := s.Entrants(ctx, "T1")
	show("entrants", ent, err)
	games, err := s.TournamentGames(ctx, "T1")
	show("results", games, err)
	as, runs, err := s.Assignments(ctx)
	show("assignments", fmt.Sprint(as, runs), err)
	best, err := s.BestRuns(ctx, "A1")
	show("best runs", best, err)
	secret, err := s.SeedSecret(ctx)
	show("secret", secret, err)
	counts, err := s.Counts(ctx)
	show("counts", counts, err)
	return b.String()
}

// A store copied to each back end and back reads the same through the API, row counts,
// order of ties and secrets included; its leases stay behind.
func TestCopyThereAndBack(t *testing.T) {
	eachBackend(t, func(t *testing.T, where string) {
		ctx := context.Background()
		orig := open(t, filepath.Join(t.TempDir(), FileName))
		fill(t, orig)
		want := view(t, orig)
		take(t, orig, "director", "node-a", time.Hour) // ephemeral: left behind
		there := open(t, where)
		counts, err := Copy(ctx, orig, there, CopyOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if got := leases(t, there, ""); got != "" {
			t.Fatalf("leases copied: %q", got)
		}
		if all, _ := orig.Counts(ctx); !reflect.DeepEqual(counts, all) {
			t.Fatalf("copied %v, the source holds %v", counts, all)
		}
		if got := view(t, there); got != want {
			t.Fatalf("after the copy:\n%s\nbefore:\n%s", got, want)
		}
		back := open(t, filepath.Join(t.TempDir(), FileName))
		if _, err := Copy(ctx, there, back, CopyOptions{}); err != nil {
			t.Fatal(err)
		}
		if got := view(t, back); got != want {
			t.Fatalf("back again:\n%s\nbefore:\n%s", got, want)
		}
		// The copies go on as the original does: the next attempt, the same secret.
		if a, err := back.StartTournamentGame(ctx, "T1", 3, 0, 0); err != nil || a != 1 {
			t.Fatalf("next attempt after the copies: %d, %v", a, err)
		}
	})
}

// A target with data is refused, unless told to replace it; a refused copy changes nothing.
func TestCopyRefusesATargetWithData(t *testing.T) {
	eachBackend(t, func(t *testing.T, where string) {
		ctx := context.Background()
		src := open(t, filepath.Join(t.TempDir(), FileName))
		fill(t, src)
		dst := open(t, where)
		claim(t, dst, "SHA256:zzzz", "zoe")
		before := view(t, dst)
		_, err := Copy(ctx, src, dst, CopyOptions{Secrets: map[string][]byte{"x": []byte("y")}})
		if !errors.Is(err, ErrNotEmpty) || !strings.Contains(err.Error(), "accounts 1") {
			t.Fatalf("copy into a store with an account: %v", err)
		}
		if view(t, dst) != before {
			t.Fatal("a refused copy changed the target")
		}
		if _, err := Copy(ctx, src, dst, CopyOptions{Replace: true}); err != nil {
			t.Fatal(err)
		}
		if got, want := view(t, dst), view(t, src); got != want {
			t.Fatalf("after --replace:\n%s\nwant:\n%s", got, want)
		}
		if _, err := dst.Account(ctx, "SHA256:zzzz"); err != ErrNotFound {
			t.Fatalf("the replaced target kept its account: %v", err)
		}
		if !slices.ContainsFunc(tables, func(tb table) bool { return tb.name == "secrets" }) {
			t.Fatal("secrets are not copied")
		}
	})
}
