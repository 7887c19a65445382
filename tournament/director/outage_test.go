package director_test

import (
	"context"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/arena-classroom/arena/internal/pgtest"
	"github.com/arena-classroom/arena/rooms"
	"github.com/arena-classroom/arena/store"
	"github.com/arena-classroom/arena/tournament/director"
)

// watchLog is a log that calls on the first record whose message starts with a prefix.
type watchLog struct {
	mu    sync.Mutex
	text  strings.Builder
	hooks map[string]func()
}

func (w *watchLog) Enabled(context.Context, slog.Level) bool { return true }
func (w *watchLog) WithAttrs([]slog.Attr) slog.Handler       { return w }
func (w *watchLog) WithGroup(string) slog.Handler            { return w }
func (w *watchLog) Handle(_ context.Context, r slog.Record) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.text.WriteString(r.Message + "\n")
	for prefix, f := range w.hooks {
		if strings.HasPrefix(r.Message, prefix) {
			delete(w.hooks, prefix)
			go f()
		}
	}
	return nil
}

func (w *watchLog) String() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.text.String()
}

// outage runs a round robin of four house bots on PostgreSQL through a proxy, cuts the
// database while games are being played, and gives it back once the log says
// comeBackAfter. It returns the finished tournament's report and the log.
func outage(t *testing.T, retry time.Duration, comeBackAfter string) (director.Report, *store.Store, string) {
	proxy := pgtest.NewProxy(t, pgtest.Database(t))
	ctx := context.Background()
	st, err := store.OpenConfig(ctx, store.Config{Where: proxy.URL(), Timeout: 2 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	logs := &watchLog{hooks: map[string]func(){comeBackAfter: proxy.Up}}
	d := director.New(st, slog.New(logs))
	d.SaveRetry = retry
	r := rigOn(t, st, &clock{t: time.Unix(1e9, 0)}, d)
	create(t, st, "T1", "round-robin", 2, eight[:4]...)
	if err := d.Start(ctx, "T1"); err != nil {
		t.Fatal(err)
	}
	r.runUntil(t, func(rep director.Report) bool { return rep.GamesPlayed >= 2 }, "T1")
	for !playing(r.hub) {
		r.step()
	}
	proxy.Down()
	// The steps' saves wait for the store, which comes back once the log says so.
	for i := 0; i < 200_000 && !strings.Contains(logs.String(), comeBackAfter); i++ {
		r.step()
	}
	if !strings.Contains(logs.String(), comeBackAfter) {
		t.Fatalf("the log never said %q:\n%s", comeBackAfter, logs.String())
	}
	rep := r.runUntil(t, finished, "T1")
	return rep, st, logs.String()
}

func playing(h *rooms.Hub) bool {
	for _, info := range h.List() {
		if info.Status == rooms.Playing {
			return true
		}
	}
	return false
}

// The database goes away while tournament games finish: their results wait, asked again,
// and are stored when it comes back; every game is recorded once.
func TestAResultWaitsForTheDatabaseToComeBack(t *testing.T) {
	rep, st, logs := outage(t, time.Minute, "the store did not take a result")
	if rep.GamesPlayed != 12 || rep.GamesTotal != 12 {
		t.Fatalf("%d of %d games, want 12", rep.GamesPlayed, rep.GamesTotal)
	}
	games, err := st.TournamentGames(context.Background(), "T1")
	if err != nil || len(games) != 12 {
		t.Fatalf("%d results stored, %v", len(games), err)
	}
	if !strings.Contains(logs, "a result was stored after the store came back") || strings.Contains(logs, "is lost") {
		t.Fatalf("the log:\n%s", logs)
	}
}

// A result the database never takes in time is said lost in the log, and its game is
// played again: the tournament still ends with every game recorded once.
func TestALostResultsGameIsPlayedAgain(t *testing.T) {
	rep, st, logs := outage(t, 0, "a result could not be stored and is lost")
	if rep.GamesPlayed != 12 || rep.GamesTotal != 12 {
		t.Fatalf("%d of %d games, want 12", rep.GamesPlayed, rep.GamesTotal)
	}
	games, err := st.TournamentGames(context.Background(), "T1")
	if err != nil || len(games) != 12 {
		t.Fatalf("%d results stored, %v", len(games), err)
	}
	if !strings.Contains(logs, "a result could not be stored and is lost") {
		t.Fatalf("the log:\n%s", logs)
	}
}
