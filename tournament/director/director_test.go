package director_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/internal/storetest"
	"github.com/arena-classroom/arena/rooms"
	"github.com/arena-classroom/arena/seed"
	"github.com/arena-classroom/arena/store"
	"github.com/arena-classroom/arena/tournament/director"
)

type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *clock) Add(d time.Duration) time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
	return c.t
}

// secret is every rig's seed secret, as if all their stores were one: the tournaments of
// different databases are compared game for game.
var secret = seed.Secret(bytes.Repeat([]byte{7}, seed.SecretSize))

// rig is an arena's hub, store and director, driven by a fake clock.
type rig struct {
	st  *store.Store
	hub *rooms.Hub
	c   *clock
	d   *director.Director
}

func newRig(t testing.TB, path string, c *clock) *rig {
	t.Helper()
	st, err := store.Open(context.Background(), storetest.Where(t, path))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return rigOn(t, st, c, director.New(st, nil))
}

// rigOn is the arena of director d on st.
func rigOn(t testing.TB, st *store.Store, c *clock, d *director.Director) *rig {
	t.Helper()
	hub := rooms.NewHub(rooms.Config{Now: c.Now, HumanMove: 10 * time.Second, OnFinish: d.OnFinish(st.SaveMatch), Secret: secret})
	d.SetHub(hub)
	if err := d.Load(context.Background()); err != nil {
		t.Fatal(err)
	}
	return &rig{st: st, hub: hub, c: c, d: d}
}

// step moves the arena on by one tick of fake time.
func (r *rig) step() {
	r.hub.Tick(r.c.Add(50 * time.Millisecond))
	r.hub.WaitThinking()
	r.hub.WaitSaves()
	r.d.Step(context.Background())
}

func (r *rig) runUntil(t *testing.T, cond func(director.Report) bool, code string) director.Report {
	t.Helper()
	for range 200_000 {
		rep, err := r.d.Report(context.Background(), code)
		if err != nil {
			t.Fatal(err)
		}
		if cond(rep) {
			return rep
		}
		r.step()
	}
	t.Fatal("the tournament never got there")
	return director.Report{}
}

func create(t *testing.T, st *store.Store, code, format string, parallel int, bots ...string) {
	t.Helper()
	ctx := context.Background()
	err := st.CreateTournament(ctx, store.Tournament{Code: code, Name: "TP", Game: "sevencolors", Format: format,
		Options: []byte(`{"games_per_pairing":2}`), Config: []byte(`{"size":8}`), Seed: 42, Parallel: parallel,
		Grace: 30 * time.Second, CreatedBy: "SHA256:teacher", CreatedAt: time.Unix(0, 0)})
	if err != nil {
		t.Fatal(err)
	}
	for i, b := range bots {
		e := store.Entrant{ID: fmt.Sprintf("house:%s#%d", b, i), Name: fmt.Sprintf("%s-%d", b, i), Kind: store.EntrantHouse, Bot: b}
		if err := st.AddEntrant(ctx, code, e); err != nil {
			t.Fatal(err)
		}
	}
}

var eight = []string{"greedy", "random", "mixed", "hegemonic", "random_improving", "greedy", "random", "mixed"}

func finished(r director.Report) bool { return r.State == store.TournamentFinished }

// A Swiss tournament of eight house bots plays every game and ranks everyone; the same
// tournament stopped dead in the middle (no clean shutdown: the hub and director are simply
// dropped, their rooms with them) and taken up by a new arena on the same database ends
// with the same standings, its unfinished games played again from their start.
func TestACrashedTournamentEndsAsIfItHadNotStopped(t *testing.T) {
	dir := t.TempDir()
	start := time.Date(2026, 11, 2, 9, 0, 0, 0, time.UTC)

	whole := newRig(t, filepath.Join(dir, "whole.db"), &clock{t: start})
	create(t, whole.st, "T1", "swiss:3", 3, eight...)
	if err := whole.d.Start(context.Background(), "T1"); err != nil {
		t.Fatal(err)
	}
	want := whole.runUntil(t, finished, "T1")
	if want.GamesPlayed != 3*4*2 || want.GamesTotal != want.GamesPlayed {
		t.Fatalf("played %d of %d games, want 24 (3 rounds × 4 pairings × 2 games)", want.GamesPlayed, want.GamesTotal)
	}

	path := filepath.Join(dir, "crashed.db")
	c := &clock{t: start}
	first := newRig(t, path, c)
	create(t, first.st, "T1", "swiss:3", 3, eight...)
	if err := first.d.Start(context.Background(), "T1"); err != nil {
		t.Fatal(err)
	}
	mid := first.runUntil(t, func(r director.Report) bool { return r.GamesPlayed >= 11 && len(r.Playing) > 0 }, "T1")
	if mid.Round != 2 {
		t.Logf("stopped in round %d", mid.Round)
	}
	second := newRig(t, path, c) // the first arena is gone: its rooms never finish
	got := second.runUntil(t, finished, "T1")
	if !reflect.DeepEqual(got.Standings, want.Standings) {
		t.Fatalf("standings after the crash:\n%+v\nwithout it:\n%+v", got.Standings, want.Standings)
	}
	games, err := second.st.TournamentGames(context.Background(), "T1")
	if err != nil || len(games) != 24 {
		t.Fatalf("%d results stored (%v), want 24: a game counted twice or was lost", len(games), err)
	}
}

// Games run in parallel up to the tournament's limit, never more.
func TestParallelLimit(t *testing.T) {
	r := newRig(t, filepath.Join(t.TempDir(), "a.db"), &clock{t: time.Unix(1e9, 0)})
	create(t, r.st, "T1", "round-robin", 2, eight[:6]...)
	if err := r.d.Start(context.Background(), "T1"); err != nil {
		t.Fatal(err)
	}
	most := 0
	rep := r.runUntil(t, func(rep director.Report) bool {
		most = max(most, len(rep.Playing))
		if len(rep.Playing) > 2 {
			t.Fatalf("%d games at once with a limit of 2", len(rep.Playing))
		}
		return finished(rep)
	}, "T1")
	if most != 2 {
		t.Fatalf("at most %d games at once; want the limit, 2", most)
	}
	if rep.GamesPlayed != 15*2 {
		t.Fatalf("played %d games, want 30 (15 pairings × 2)", rep.GamesPlayed)
	}
}

// A student's program that never connects forfeits its games once the grace time is over,
// and is told so when it connects; the others' games go on.
func TestAnAbsentProgramForfeits(t *testing.T) {
	ctx := context.Background()
	r := newRig(t, filepath.Join(t.TempDir(), "a.db"), &clock{t: time.Unix(1e9, 0)})
	create(t, r.st, "T1", "round-robin", 4, "greedy", "random", "mixed")
	if err := r.st.AddEntrant(ctx, "T1", store.Entrant{ID: "SHA256:ada", Name: "ada", Kind: store.EntrantProgram}); err != nil {
		t.Fatal(err)
	}
	if err := r.d.Start(ctx, "T1"); err != nil {
		t.Fatal(err)
	}
	rep := r.runUntil(t, finished, "T1")
	var ada, others int
	for _, s := range rep.Standings {
		if s.Name == "ada" {
			ada = s.Losses
			if s.Wins+s.Draws != 0 || s.Rank != 4 {
				t.Fatalf("ada, who never came: %+v", s)
			}
		} else {
			others += s.Played
		}
	}
	if ada != 3*2 {
		t.Fatalf("ada lost %d games, want all 6 by forfeit", ada)
	}
	// An administrator sees them counted by their reason (arena_tournament_forfeits_total).
	if st := r.d.Stats(); st.Forfeits[director.ForfeitAway] != 6 || !st.Leading || st.Waiting != 0 {
		t.Errorf("the director's figures: %+v", st)
	}
	_, missed, err := r.d.Ready("T1", "SHA256:ada", nil)
	if !errors.Is(err, director.ErrNotLive) || len(missed) != 6 {
		t.Fatalf("a program connecting to a finished tournament: %v, told %q (want its 6 forfeits)", err, missed)
	}
	if _, missed, _ := r.d.Ready("T1", "SHA256:ada", nil); missed != nil {
		t.Fatalf("told again: %q", missed)
	}
	if rep.GamesPlayed != 12 {
		t.Fatalf("%d results, want 12", rep.GamesPlayed)
	}
}

// Pause lets no new game start; resume goes on; cancel stops it for good.
func TestPauseResumeCancel(t *testing.T) {
	ctx := context.Background()
	r := newRig(t, filepath.Join(t.TempDir(), "a.db"), &clock{t: time.Unix(1e9, 0)})
	create(t, r.st, "T1", "round-robin", 1, eight[:4]...)
	if err := r.d.Pause(ctx, "T1"); !director.IsState(err) {
		t.Fatalf("pausing an open tournament: %v", err)
	}
	if err := r.d.Start(ctx, "T1"); err != nil {
		t.Fatal(err)
	}
	if err := r.d.Start(ctx, "T1"); !director.IsState(err) {
		t.Fatalf("starting twice: %v", err)
	}
	r.runUntil(t, func(rep director.Report) bool { return rep.GamesPlayed >= 2 }, "T1")
	if err := r.d.Pause(ctx, "T1"); err != nil {
		t.Fatal(err)
	}
	rep := r.runUntil(t, func(rep director.Report) bool { return len(rep.Playing) == 0 }, "T1")
	for range 2000 {
		r.step()
	}
	after, _ := r.d.Report(ctx, "T1")
	if after.GamesPlayed != rep.GamesPlayed || len(after.Playing) != 0 || after.State != store.TournamentPaused {
		t.Fatalf("paused, yet games went on: %d then %d, playing %v", rep.GamesPlayed, after.GamesPlayed, after.Playing)
	}
	if err := r.d.Resume(ctx, "T1"); err != nil {
		t.Fatal(err)
	}
	r.runUntil(t, func(rep director.Report) bool { return len(rep.Playing) == 1 }, "T1")
	if err := r.d.Cancel(ctx, "T1"); err != nil {
		t.Fatal(err)
	}
	for range 100 {
		r.step()
	}
	end, _ := r.d.Report(ctx, "T1")
	if end.State != store.TournamentCancelled || len(end.Playing) != 0 || end.GamesPlayed < after.GamesPlayed {
		t.Fatalf("after cancel: %+v", end)
	}
	for _, info := range r.hub.List() {
		if info.Tag != "" && info.Status == rooms.Playing {
			t.Fatalf("room %s still plays a game of the cancelled tournament", info.ID)
		}
	}
}

// silent is a program that never answers: its seat plays the default until a house bot
// takes over.
type silent struct{}

func (silent) Start(rooms.Seated, int, games.State)                                   {}
func (silent) Turn(rooms.Seated, int, int, games.State, time.Duration, time.Duration) {}
func (silent) Refused(rooms.Seated, int, int, error, games.Action)                    {}
func (silent) End(rooms.Seated, int, *games.Outcome)                                  {}

// firstGameSeed starts tournament code's first game with program ada seated and returns its
// seed, as the room has it.
func firstGameSeed(t *testing.T, r *rig, code string) uint64 {
	t.Helper()
	ticket, _, err := r.d.Ready(code, "SHA256:ada", silent{})
	if err != nil {
		t.Fatal(err)
	}
	for range 100 {
		r.step()
		select {
		case seat := <-ticket.Seated():
			rp, err := seat.Room.Replay(t.Context())
			if err != nil {
				t.Fatal(err)
			}
			if rp == nil {
				t.Fatal("the game has no replay once started")
			}
			return rp.Seed
		default:
		}
	}
	t.Fatal("ada's game never started")
	return 0
}

// A game that a program played part of, started again after a crash, gets other dice (its
// attempt counts); the same tournament created afresh with the same seed on the same store
// gets the first dice again (a re-run reproduces).
func TestAGameStartedAgainWithAProgramGetsNewDice(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "a.db")
	c := &clock{t: time.Unix(1e9, 0)}
	enter := func(r *rig, code string) {
		create(t, r.st, code, "round-robin", 1, "greedy")
		if err := r.st.AddEntrant(ctx, code, store.Entrant{ID: "SHA256:ada", Name: "ada", Kind: store.EntrantProgram}); err != nil {
			t.Fatal(err)
		}
		if err := r.d.Start(ctx, code); err != nil {
			t.Fatal(err)
		}
	}
	first := newRig(t, path, c)
	enter(first, "T1")
	seen := firstGameSeed(t, first, "T1")

	second := newRig(t, path, c) // the first arena died with ada's game half played
	again := firstGameSeed(t, second, "T1")
	if again == seen {
		t.Fatalf("the game started again after the crash has the seed ada saw, %d", seen)
	}
	enter(second, "T2") // same seed 42, same store: the same first game as T1's first start
	if rerun := firstGameSeed(t, second, "T2"); rerun != seen {
		t.Fatalf("a re-run with the same seed on the same store: seed %d, want %d", rerun, seen)
	}
	for _, s := range []uint64{seen, again} {
		if s < 1<<40 {
			t.Fatalf("seed %d: a tournament game's seed has 53 bits", s)
		}
	}
}

// Two DiceWars tournaments created with the same --seed draw other dice (the first one's
// seeds are shown once it is over: they must not tell the second's), unless the teacher
// asked for a public seed; in 7 Colors, whose seed only draws the board everyone sees, the
// same --seed gives the same games.
func TestHiddenChanceNeverRepeatsAcrossTournaments(t *testing.T) {
	ctx := context.Background()
	c := &clock{t: time.Unix(1e9, 0)}
	r := newRig(t, filepath.Join(t.TempDir(), "a.db"), c)
	seedOf := func(code, game, options string) uint64 {
		err := r.st.CreateTournament(ctx, store.Tournament{Code: code, Name: "TP", Game: game, Format: "round-robin",
			Options: []byte(options), Config: []byte(`{}`), Seed: 777, Parallel: 4, Grace: 30 * time.Second,
			CreatedBy: "SHA256:teacher", CreatedAt: time.Unix(0, 0)})
		if err != nil {
			t.Fatal(err)
		}
		for _, id := range []string{"ada", "bob"} {
			if err := r.st.AddEntrant(ctx, code, store.Entrant{ID: "SHA256:" + id, Name: id, Kind: store.EntrantProgram}); err != nil {
				t.Fatal(err)
			}
		}
		if err := r.d.Start(ctx, code); err != nil {
			t.Fatal(err)
		}
		bob, _, err := r.d.Ready(code, "SHA256:bob", silent{})
		if err != nil {
			t.Fatal(err)
		}
		seen := firstGameSeed(t, r, code)
		r.d.Unready(bob)
		return seen
	}
	if a, b := seedOf("D1", "dicewars", `{}`), seedOf("D2", "dicewars", `{}`); a == b {
		t.Fatalf("two DiceWars tournaments with --seed 777 drew the same first game: %d", a)
	}
	if a, b := seedOf("P1", "dicewars", `{"public_seed":true}`), seedOf("P2", "dicewars", `{"public_seed":true}`); a != b {
		t.Fatalf("--public-seed: %d then %d, want the same game", a, b)
	}
	if a, b := seedOf("S1", "sevencolors", `{}`), seedOf("S2", "sevencolors", `{}`); a != b {
		t.Fatalf("7 Colors, --seed 777 twice: %d then %d, want the same board", a, b)
	}
}

// A director that loses the lead lets go of the programs waiting here for their next game,
// this node's and the other nodes' alike: they hear Again, and line up with the director
// that leads now. (Before, a leader that followed after a database outage kept their
// tickets, and they waited for ever; then it dropped the other nodes' without a word.)
func TestAProgramWaitingAtALeaderThatFollowsLinesUpAgain(t *testing.T) {
	ctx := context.Background()
	r := newRig(t, filepath.Join(t.TempDir(), "a.db"), &clock{t: time.Unix(1e9, 0)})
	err := r.st.CreateTournament(ctx, store.Tournament{Code: "F1", Name: "TP", Game: "sevencolors", Format: "round-robin",
		Options: []byte(`{}`), Config: []byte(`{}`), Seed: 7, Parallel: 4, Grace: 30 * time.Second,
		CreatedBy: "SHA256:teacher", CreatedAt: time.Unix(0, 0)})
	if err != nil {
		t.Fatal(err)
	}
	for _, id := range []string{"ada", "bob"} {
		if err := r.st.AddEntrant(ctx, "F1", store.Entrant{ID: "SHA256:" + id, Name: id, Kind: store.EntrantProgram}); err != nil {
			t.Fatal(err)
		}
	}
	if err := r.d.Start(ctx, "F1"); err != nil {
		t.Fatal(err)
	}
	// Paused: ada, and bob's program connected to node b, wait in line.
	if err := r.d.Pause(ctx, "F1"); err != nil {
		t.Fatal(err)
	}
	ada, _, err := r.d.Ready("F1", "SHA256:ada", silent{})
	if err != nil {
		t.Fatal(err)
	}
	bob, _, err := r.d.ReadyFrom("b", "F1", "SHA256:bob", silent{})
	if err != nil {
		t.Fatal(err)
	}
	r.step()
	r.d.Follow()
	for name, tk := range map[string]*director.Ticket{"ada": ada, "bob (node b)": bob} {
		select {
		case s := <-tk.Seated():
			if !s.Again || s.Room != nil || s.Over {
				t.Fatalf("%s's ticket after the lead was lost: %+v, want Again", name, s)
			}
		default:
			t.Fatalf("%s still waits on the ticket of a director that no longer leads", name)
		}
	}
	// Another node's program that asks a director that follows is told to ask the leader.
	if _, _, err := r.d.ReadyFrom("b", "F1", "SHA256:bob", silent{}); !errors.Is(err, director.ErrElsewhere) {
		t.Fatalf("a program of node b lining up at a director that follows: %v, want ErrElsewhere", err)
	}
}

// A director that takes the lead of a cluster counts nobody absent for its first seconds:
// the nodes are lining their programs up with it, and a program connected all along is
// no absentee. Then an entrant that does not come is waited for, its grace running.
func TestANewLeaderCountsNobodyAbsentWhileTheProgramsLineUp(t *testing.T) {
	ctx := context.Background()
	r := newRig(t, filepath.Join(t.TempDir(), "a.db"), &clock{t: time.Unix(1e9, 0)})
	err := r.st.CreateTournament(ctx, store.Tournament{Code: "L1", Name: "TP", Game: "sevencolors", Format: "round-robin",
		Options: []byte(`{}`), Config: []byte(`{}`), Seed: 7, Parallel: 4, Grace: 30 * time.Second,
		CreatedBy: "SHA256:teacher", CreatedAt: time.Unix(0, 0)})
	if err != nil {
		t.Fatal(err)
	}
	for _, id := range []string{"ada", "bob"} {
		if err := r.st.AddEntrant(ctx, "L1", store.Entrant{ID: "SHA256:" + id, Name: id, Kind: store.EntrantProgram}); err != nil {
			t.Fatal(err)
		}
	}
	if err := r.d.Start(ctx, "L1"); err != nil {
		t.Fatal(err)
	}
	r.d.Follow()
	if err := r.d.Lead(ctx); err != nil {
		t.Fatal(err)
	}
	if _, _, err := r.d.Ready("L1", "SHA256:ada", silent{}); err != nil {
		t.Fatal(err)
	}
	waited := func() bool {
		rep, err := r.d.Report(ctx, "L1")
		if err != nil {
			t.Fatal(err)
		}
		for _, n := range rep.Notes {
			if strings.Contains(n, "waiting for bob: not connected") {
				return true
			}
		}
		return false
	}
	for range 40 { // 2 s
		r.step()
	}
	if waited() {
		t.Fatal("bob counted absent in the leader's first seconds, while the programs line up")
	}
	r.c.Add(5 * time.Second)
	r.step()
	if !waited() {
		t.Fatal("bob, still away once the programs had time to line up, is not waited for")
	}
}

// A leader whose lease ran out without renewal (the store is out: another node may take
// the lead as it comes back) starts no game until it is renewed.
func TestALeaderPastItsLeaseStartsNoGame(t *testing.T) {
	r := newRig(t, filepath.Join(t.TempDir(), "a.db"), &clock{t: time.Unix(1e9, 0)})
	enterPrograms(t, r, "H1", `{}`, 30*time.Second, "ada", "bob")
	r.d.HeldUntil(time.Now().Add(-time.Second))
	ada, _, err := r.d.Ready("H1", "SHA256:ada", silent{})
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := r.d.Ready("H1", "SHA256:bob", silent{}); err != nil {
		t.Fatal(err)
	}
	for range 20 {
		r.step()
	}
	select {
	case s := <-ada.Seated():
		t.Fatalf("a game started on a lease that ran out: %+v", s)
	default:
	}
	r.d.HeldUntil(time.Now().Add(time.Minute))
	r.step()
	select {
	case s := <-ada.Seated():
		if s.Room == nil {
			t.Fatalf("ada's seating once the lease is renewed: %+v", s)
		}
	default:
		t.Fatal("no game started once the lease was renewed")
	}
}

// flakyEntrants is a store whose first read of a tournament's entrants fails.
type flakyEntrants struct {
	*store.Store
	failed bool
}

func (s *flakyEntrants) Entrants(ctx context.Context, code string) ([]store.Entrant, error) {
	if !s.failed {
		s.failed = true
		return nil, errors.New("connection refused")
	}
	return s.Store.Entrants(ctx, code)
}

// A tournament the director could not read as it took the tournaments up (the store
// failed a read) is read again a while later: before, it was left out until the next
// restart, its programs waiting connected, never seated.
func TestATournamentThatCouldNotBeReadIsReadAgain(t *testing.T) {
	ctx := context.Background()
	c := &clock{t: time.Unix(1e9, 0)}
	r := newRig(t, filepath.Join(t.TempDir(), "a.db"), c)
	enterPrograms(t, r, "R1", `{}`, 30*time.Second, "ada", "bob")
	d := director.New(&flakyEntrants{Store: r.st}, nil)
	hub := rooms.NewHub(rooms.Config{Now: c.Now, HumanMove: 10 * time.Second, OnFinish: d.OnFinish(r.st.SaveMatch), Secret: secret})
	d.SetHub(hub)
	if err := d.Load(ctx); err == nil {
		t.Fatal("the store failed a read, and Load says nothing")
	}
	if _, _, err := d.Ready("R1", "SHA256:ada", silent{}); !errors.Is(err, director.ErrNotLive) {
		t.Fatalf("ready before the tournament is read again: %v, want ErrNotLive", err)
	}
	c.Add(10 * time.Second)
	d.Step(ctx)
	if _, _, err := d.Ready("R1", "SHA256:ada", silent{}); err != nil {
		t.Fatalf("ready once the tournament was read again: %v", err)
	}
}
