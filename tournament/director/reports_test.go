package director_test

import (
	"context"
	"errors"
	"maps"
	"path/filepath"
	"reflect"
	"sync"
	"testing"
	"time"

	"github.com/arena-classroom/arena/internal/storetest"
	"github.com/arena-classroom/arena/store"
	"github.com/arena-classroom/arena/tournament/director"
)

// countedStore counts the director's reads of tournaments (the store has no hook that
// counts its queries; each of these is one query, TournamentRecords four).
type countedStore struct {
	*store.Store
	mu    sync.Mutex
	calls map[string]int
}

func (c *countedStore) count(method string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.calls[method]++
}

// taken is the reads counted since the last taken.
func (c *countedStore) taken() map[string]int {
	c.mu.Lock()
	defer c.mu.Unlock()
	calls := c.calls
	c.calls = map[string]int{}
	return calls
}

func (c *countedStore) Tournament(ctx context.Context, code string) (store.Tournament, error) {
	c.count("Tournament")
	return c.Store.Tournament(ctx, code)
}

func (c *countedStore) Entrants(ctx context.Context, code string) ([]store.Entrant, error) {
	c.count("Entrants")
	return c.Store.Entrants(ctx, code)
}

func (c *countedStore) TournamentGames(ctx context.Context, code string) ([]store.TournamentGame, error) {
	c.count("TournamentGames")
	return c.Store.TournamentGames(ctx, code)
}

func (c *countedStore) TournamentCorrections(ctx context.Context, code string) ([]store.Correction, error) {
	c.count("TournamentCorrections")
	return c.Store.TournamentCorrections(ctx, code)
}

func (c *countedStore) TournamentRecords(ctx context.Context, codes []string) (map[string]store.TournamentRecord, error) {
	c.count("TournamentRecords")
	return c.Store.TournamentRecords(ctx, codes)
}

// leaderOf is the leading director as a follower reaches it (director.Remote), counting
// the reports it is asked for; down: it does not answer.
type leaderOf struct {
	director.Remote // the rest: not called
	d               *director.Director
	mu              sync.Mutex
	asked           []string
	down            bool
}

func (l *leaderOf) Report(ctx context.Context, code string) (director.Report, error) {
	l.mu.Lock()
	l.asked = append(l.asked, code)
	down := l.down
	l.mu.Unlock()
	if down {
		return director.Report{}, director.ErrUnreachable
	}
	return l.d.Report(ctx, code)
}

func (l *leaderOf) takeAsked() []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	asked := l.asked
	l.asked = nil
	return asked
}

// sameReports fails unless reports and errs are what Report says of each code.
func sameReports(t *testing.T, d *director.Director, codes []string, reports []director.Report, errs []error) {
	t.Helper()
	if len(reports) != len(codes) || len(errs) != len(codes) {
		t.Fatalf("%d reports and %d errors for %d codes", len(reports), len(errs), len(codes))
	}
	for i, code := range codes {
		want, wantErr := d.Report(context.Background(), code)
		if (errs[i] == nil) != (wantErr == nil) || errs[i] != nil && errs[i].Error() != wantErr.Error() ||
			errors.Is(wantErr, store.ErrNotFound) != errors.Is(errs[i], store.ErrNotFound) {
			t.Fatalf("%s: error %v, Report's %v", code, errs[i], wantErr)
		}
		if !reflect.DeepEqual(reports[i], want) {
			t.Fatalf("%s: reported together\n%+v\nReport\n%+v", code, reports[i], want)
		}
	}
}

// Reports says of many tournaments what Report says of each, the leader's running ones
// from memory and the others read from the store together, in one read (four queries)
// where Report reads four for each; a director that stands by asks the leader for the
// tournaments it runs only, and reads the others as the leader would.
func TestReportsAreReportsReadTogether(t *testing.T) {
	ctx := context.Background()
	st, err := store.Open(ctx, storetest.Where(t, filepath.Join(t.TempDir(), "a.db")))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	counted := &countedStore{Store: st, calls: map[string]int{}}
	r := rigOn(t, st, &clock{t: time.Unix(1e9, 0)}, director.New(counted, nil))

	// Every state: open, closed, running with games played and in play, paused, finished
	// with a correction, cancelled; a tournament of a game this arena no longer has; none.
	create(t, st, "T1", "round-robin", 2, eight[:4]...)
	create(t, st, "T2", "swiss:3", 2, eight[:5]...)
	if err := r.d.Close(ctx, "T2"); err != nil {
		t.Fatal(err)
	}
	create(t, st, "T3", "round-robin", 2, eight[:4]...)
	create(t, st, "T4", "swiss:3", 2, eight[:6]...)
	create(t, st, "T5", "round-robin", 2, eight[:3]...)
	create(t, st, "T6", "round-robin", 2, eight[:3]...)
	for _, code := range []string{"T3", "T4", "T5", "T6"} {
		if err := r.d.Start(ctx, code); err != nil {
			t.Fatal(err)
		}
	}
	if err := r.d.Cancel(ctx, "T6"); err != nil {
		t.Fatal(err)
	}
	r.runUntil(t, finished, "T5")
	if err := r.d.Correct(ctx, "T5", store.CorrectionVoid, director.GameID(1, 0, 0), "SHA256:teacher", "marie"); err != nil {
		t.Fatal(err)
	}
	r.runUntil(t, func(rep director.Report) bool { return rep.GamesPlayed >= 3 && len(rep.Playing) > 0 }, "T3")
	if err := r.d.Pause(ctx, "T4"); err != nil {
		t.Fatal(err)
	}
	if err := st.CreateTournament(ctx, store.Tournament{Code: "T7", Name: "gone", Game: "chess", Format: "swiss",
		Options: []byte(`{}`), Config: []byte(`{}`), CreatedAt: time.Unix(0, 0)}); err != nil {
		t.Fatal(err)
	}
	codes := []string{"T1", "T2", "T3", "T4", "T5", "T6", "T7", "NOPE", "T3", "T1"}

	counted.taken()
	reports, errs := r.d.Reports(ctx, codes)
	if got := counted.taken(); !maps.Equal(got, map[string]int{"TournamentRecords": 1}) {
		t.Fatalf("Reports read %v, want TournamentRecords once", got)
	}
	sameReports(t, r.d, codes, reports, errs)
	t.Logf("Report, one by one, read %v", counted.taken())
	states := map[string]string{}
	for i, code := range codes {
		states[code] = reports[i].State
		if errs[i] != nil {
			states[code] = errs[i].Error()
		}
	}
	if states["T1"] != store.TournamentOpen || states["T2"] != store.TournamentClosed || states["T3"] != store.TournamentRunning ||
		states["T4"] != store.TournamentPaused || states["T5"] != store.TournamentFinished || states["T6"] != store.TournamentCancelled ||
		states["NOPE"] != store.ErrNotFound.Error() || errs[6] == nil || len(reports[2].Playing) == 0 {
		t.Fatalf("what was compared: %v", states)
	}
	if reports, errs := r.d.Reports(ctx, nil); len(reports) != 0 || len(errs) != 0 {
		t.Fatalf("no codes: %v %v", reports, errs)
	}

	// A director that stands by, on the same database, asks the leader for its running and
	// paused tournaments; without a leader, it says what it read.
	follower := director.New(counted, nil)
	follower.Follow()
	lead := &leaderOf{d: r.d}
	follower.SetRemote(lead)
	counted.taken()
	reports, errs = follower.Reports(ctx, codes)
	if got := counted.taken(); !maps.Equal(got, map[string]int{"TournamentRecords": 1}) {
		t.Fatalf("a follower's Reports read %v, want TournamentRecords once", got)
	}
	if asked := lead.takeAsked(); !reflect.DeepEqual(asked, []string{"T3", "T4", "T3"}) {
		t.Fatalf("the leader was asked for %v, want the running and paused tournaments", asked)
	}
	sameReports(t, follower, codes, reports, errs)
	lead.takeAsked()
	lead.down = true
	reports, errs = follower.Reports(ctx, codes)
	sameReports(t, follower, codes, reports, errs)
	if len(reports[2].Playing) != 0 || reports[2].GamesPlayed < 3 {
		t.Fatalf("without a leader, the stored standings without the games under way: %+v", reports[2])
	}
}
