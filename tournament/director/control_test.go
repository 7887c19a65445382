package director_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"reflect"
	"testing"
	"time"

	"github.com/arena-classroom/arena/internal/storetest"
	"github.com/arena-classroom/arena/rooms"
	"github.com/arena-classroom/arena/store"
	"github.com/arena-classroom/arena/tournament"
	"github.com/arena-classroom/arena/tournament/director"
)

// holdingStore holds Start between storing "running" and going on, as a slow disk would.
type holdingStore struct {
	*store.Store
	written, release chan struct{}
}

func (s *holdingStore) SetTournamentState(ctx context.Context, code, state string) error {
	err := s.Store.SetTournamentState(ctx, code, state)
	if state == store.TournamentRunning && s.written != nil {
		close(s.written)
		s.written = nil
		<-s.release
	}
	return err
}

// A pause that comes between the two steps of a start (the state stored, the tournament
// not yet taken up) waits for the start, then pauses it (it used to dereference nil).
func TestPauseBetweenTheTwoStepsOfStart(t *testing.T) {
	ctx := context.Background()
	st, err := store.Open(ctx, storetest.Where(t, filepath.Join(t.TempDir(), "a.db")))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	hs := &holdingStore{Store: st, written: make(chan struct{}), release: make(chan struct{})}
	d := director.New(hs, nil)
	waits := make(chan struct{}, 1)
	director.OnControlWait(d, func() {
		select {
		case waits <- struct{}{}:
		default:
		}
	})
	c := &clock{t: time.Unix(1e9, 0)}
	d.SetHub(rooms.NewHub(rooms.Config{Now: c.Now, Secret: secret}))
	create(t, st, "T1", "round-robin", 2, eight[:4]...)
	written := hs.written
	started := make(chan error, 1)
	go func() { started <- d.Start(ctx, "T1") }()
	<-written
	paused := make(chan error, 1)
	go func() { paused <- d.Pause(ctx, "T1") }()
	// The start is held: the pause either finds it under way and waits for it, or, not
	// waiting, returns.
	select {
	case err := <-paused:
		t.Fatalf("the pause did not wait for the start: %v", err)
	case <-waits:
	}
	close(hs.release)
	if err := <-started; err != nil {
		t.Fatal(err)
	}
	if err := <-paused; err != nil {
		t.Fatal(err)
	}
	if rep, _ := d.Report(ctx, "T1"); rep.State != store.TournamentPaused {
		t.Fatalf("state %s, want paused", rep.State)
	}
}

// A game nobody came to scores nothing for either side; the absent programs end with no
// points at all, instead of one of them being credited with the other's forfeit.
func TestAGameNobodyCameToScoresNothing(t *testing.T) {
	ctx := context.Background()
	r := newRig(t, filepath.Join(t.TempDir(), "a.db"), &clock{t: time.Unix(1e9, 0)})
	create(t, r.st, "T1", "round-robin", 4, "greedy", "random")
	for _, n := range []string{"ada", "bob"} {
		if err := r.st.AddEntrant(ctx, "T1", store.Entrant{ID: "SHA256:" + n, Name: n, Kind: store.EntrantProgram}); err != nil {
			t.Fatal(err)
		}
	}
	if err := r.d.Start(ctx, "T1"); err != nil {
		t.Fatal(err)
	}
	rep := r.runUntil(t, finished, "T1")
	for _, s := range rep.Standings {
		if (s.Name == "ada" || s.Name == "bob") && (s.Points != 0 || s.Wins+s.Draws != 0 || s.Absent != 2 || s.Forfeits != 4) {
			t.Fatalf("%s, who never came: %+v (want 2 games nobody came to, 4 forfeits)", s.Name, s)
		}
	}
	games, err := r.st.TournamentGames(ctx, "T1")
	if err != nil {
		t.Fatal(err)
	}
	nobody := 0
	for _, g := range games {
		if g.Forfeit == tournament.NobodyCame {
			nobody++
		}
	}
	if nobody != 2 || len(games) != 12 {
		t.Fatalf("%d games nobody came to, of %d; want ada vs bob's 2 of 12", nobody, len(games))
	}
}

// serveFast drives a hub's fast rooms and the director without a single tick: the fake
// clock never moves.
func serveFast(t *testing.T, r *rig, code string) director.Report {
	t.Helper()
	for range 200_000 {
		rep, err := r.d.Report(context.Background(), code)
		if err != nil {
			t.Fatal(err)
		}
		if finished(rep) {
			return rep
		}
		r.hub.ServeReady(1000)
		r.hub.WaitThinking()
		r.hub.WaitSaves()
		r.d.Step(context.Background())
	}
	t.Fatal("the fast tournament never finished")
	return director.Report{}
}

// A fast tournament plays its games as fast as its entrants answer, without the hub's
// ticks; a live one keeps the hub's pace (a decision a tick, as before fast rooms); with the
// same entrants and seed both end with the same standings.
func TestFastAndLiveTournamentsEndAlike(t *testing.T) {
	ctx := context.Background()
	start := time.Unix(1e9, 0)
	newOne := func(pace string) *rig {
		c := &clock{t: start}
		r := newRig(t, filepath.Join(t.TempDir(), pace+".db"), c)
		create(t, r.st, "T1", "round-robin", 4, eight[:4]...)
		if pace == director.PaceLive {
			if err := r.d.SetPace(ctx, "T1", director.PaceLive); err != nil {
				t.Fatal(err)
			}
		}
		if err := r.d.Start(ctx, "T1"); err != nil {
			t.Fatal(err)
		}
		return r
	}
	fast := newOne(director.PaceFast)
	fastRep := serveFast(t, fast, "T1")
	if !fast.c.Now().Equal(start) {
		t.Fatalf("the fast tournament took %v of the hub's time", fast.c.Now().Sub(start))
	}

	live := newOne(director.PaceLive)
	moves := 0
	liveRep := live.runUntil(t, func(rep director.Report) bool {
		for _, info := range live.hub.List() {
			if info.Fast {
				t.Fatalf("room %s of a live tournament is fast", info.ID)
			}
		}
		return finished(rep)
	}, "T1")
	matches, err := live.st.TournamentGames(ctx, "T1")
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range matches {
		m, err := live.st.Match(ctx, g.MatchID)
		if err != nil {
			t.Fatal(err)
		}
		var rp struct{ Moves []json.RawMessage }
		if err := json.Unmarshal(m.Replay, &rp); err != nil {
			t.Fatal(err)
		}
		moves += len(rp.Moves)
	}
	// Games run 4 at once, 2 moves a second (LiveMoveGap): the tournament took at least
	// its average game's moves at that pace.
	if took, least := live.c.Now().Sub(start), time.Duration(moves/len(matches)-1)*director.LiveMoveGap; took < least {
		t.Fatalf("the live tournament took %v of fake time for %d moves in %d games; the live pace needs at least %v",
			took, moves, len(matches), least)
	}
	if !reflect.DeepEqual(fastRep.Standings, liveRep.Standings) {
		t.Fatalf("standings fast:\n%+v\nlive:\n%+v", fastRep.Standings, liveRep.Standings)
	}
}

// Entries: a cap, closing and reopening them, removing an entrant before the start, and a
// start refused when the entrants would schedule more games than a tournament may hold.
func TestEntriesAreTheTeachers(t *testing.T) {
	ctx := context.Background()
	r := newRig(t, filepath.Join(t.TempDir(), "a.db"), &clock{t: time.Unix(1e9, 0)})
	err := r.st.CreateTournament(ctx, store.Tournament{Code: "T1", Name: "TP", Game: "sevencolors", Format: "round-robin",
		Options: []byte(`{"max_entrants":3}`), Config: []byte(`{"size":8}`), Seed: 42, Parallel: 4,
		Grace: 30 * time.Second, CreatedBy: "SHA256:teacher", CreatedAt: time.Unix(0, 0)})
	if err != nil {
		t.Fatal(err)
	}
	enter := func(n string) error {
		return r.d.Enter(ctx, "T1", store.Entrant{ID: "SHA256:" + n, Name: n, Kind: store.EntrantProgram, Addr: "10.1.1.1"})
	}
	for _, n := range []string{"a", "b", "c"} {
		if err := enter(n); err != nil {
			t.Fatal(err)
		}
	}
	var full *director.ErrFull
	if err := enter("d"); !errors.As(err, &full) || full.Max != 3 {
		t.Fatalf("a fourth entrant of three: %v", err)
	}
	if _, err := r.d.Remove(ctx, "T1", "B"); err != nil {
		t.Fatal(err)
	}
	if err := r.d.Close(ctx, "T1"); err != nil {
		t.Fatal(err)
	}
	if err := enter("d"); !errors.Is(err, store.ErrNotOpen) {
		t.Fatalf("entering closed entries: %v", err)
	}
	rep, _ := r.d.Report(ctx, "T1")
	if rep.State != store.TournamentClosed || len(rep.Entries) != 2 || rep.Entries[0].Addr != "10.1.1.1" || rep.Entries[1].EnteredAt.IsZero() {
		t.Fatalf("the teacher's view of the entries: %+v", rep)
	}
	if err := r.d.Reopen(ctx, "T1"); err != nil {
		t.Fatal(err)
	}
	if err := enter("d"); err != nil {
		t.Fatal(err)
	}
	if err := r.d.Start(ctx, "T1"); err != nil {
		t.Fatal(err)
	}
	// After the start an entrant stays in the schedule, withdrawn (its games forfeited:
	// TestRemovingAnEntrantAfterTheStartForfeitsItsGames); twice is refused.
	if _, err := r.d.Remove(ctx, "T1", "a"); err != nil {
		t.Fatalf("removing after the start: %v", err)
	}
	if _, err := r.d.Remove(ctx, "T1", "a"); !director.IsState(err) {
		t.Fatalf("removing again after the start: %v", err)
	}
	if list, _ := r.st.Entrants(ctx, "T1"); len(list) != 3 {
		t.Fatalf("%d entrants stored after a removal past the start; the schedule keeps all 3", len(list))
	}

	// 60 entrants of a double round robin at 99 games a pairing: 350,460 games.
	err = r.st.CreateTournament(ctx, store.Tournament{Code: "T2", Name: "typo", Game: "sevencolors", Format: "double-round-robin",
		Options: []byte(`{"games_per_pairing":99,"max_entrants":1000}`), Config: []byte(`{"size":8}`), Seed: 42, Parallel: 4,
		Grace: 30 * time.Second, CreatedBy: "SHA256:teacher", CreatedAt: time.Unix(0, 0)})
	if err != nil {
		t.Fatal(err)
	}
	for i := range 60 {
		if err := r.st.AddEntrant(ctx, "T2", store.Entrant{ID: fmt.Sprintf("house:%d", i), Name: fmt.Sprint(i), Kind: store.EntrantHouse, Bot: "greedy"}); err != nil {
			t.Fatal(err)
		}
	}
	if err := r.d.Start(ctx, "T2"); !director.IsState(err) {
		t.Fatalf("starting 350,460 games: %v", err)
	}
}

// The standings do not depend on how many games are played at once.
func TestStandingsDoNotDependOnParallel(t *testing.T) {
	var got [][]tournament.Standing
	for _, parallel := range []int{1, director.MaxParallel} {
		r := newRig(t, filepath.Join(t.TempDir(), fmt.Sprint(parallel, ".db")), &clock{t: time.Unix(1e9, 0)})
		create(t, r.st, "T1", "swiss:3", parallel, eight...)
		if err := r.d.Start(context.Background(), "T1"); err != nil {
			t.Fatal(err)
		}
		got = append(got, serveFast(t, r, "T1").Standings)
	}
	if !reflect.DeepEqual(got[0], got[1]) {
		t.Fatalf("standings at --parallel 1:\n%+v\nat %d:\n%+v", got[0], director.MaxParallel, got[1])
	}
}
