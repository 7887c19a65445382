package commands_test

import (
	"context"
	"fmt"
	"log/slog"
	"maps"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	gossh "golang.org/x/crypto/ssh"

	"github.com/arena-classroom/arena/archive"
	"github.com/arena-classroom/arena/commands"
	"github.com/arena-classroom/arena/internal/arenatest"
	"github.com/arena-classroom/arena/internal/sshtest"
	"github.com/arena-classroom/arena/internal/storetest"
	"github.com/arena-classroom/arena/rooms"
	"github.com/arena-classroom/arena/server"
	"github.com/arena-classroom/arena/store"
	"github.com/arena-classroom/arena/tournament/director"
)

// The text commands that list many players or tournaments read them together: a number of
// store reads that does not grow with them. The store has no hook that counts its queries:
// readCounter wraps it and counts the reads (each one query; TournamentRecords four).

// readCounter counts the reads the commands and the director make.
type readCounter struct {
	mu    sync.Mutex
	calls map[string]int
}

func (c *readCounter) count(method string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.calls[method]++
}

// taken is the reads counted since the last taken.
func (c *readCounter) taken() map[string]int {
	c.mu.Lock()
	defer c.mu.Unlock()
	calls := c.calls
	c.calls = map[string]int{}
	return calls
}

// countedStore is the store, its reads of ratings and tournaments counted.
type countedStore struct {
	*store.Store
	*readCounter
}

func (c countedStore) Leaderboard(ctx context.Context, game string, limit int) ([]store.Standing, error) {
	c.count("Leaderboard")
	return c.Store.Leaderboard(ctx, game, limit)
}

func (c countedStore) RatingHistory(ctx context.Context, game, player string) ([]float64, error) {
	c.count("RatingHistory")
	return c.Store.RatingHistory(ctx, game, player)
}

func (c countedStore) LeaderboardWithHistory(ctx context.Context, game string, limit int) ([]store.StandingHistory, error) {
	c.count("LeaderboardWithHistory")
	return c.Store.LeaderboardWithHistory(ctx, game, limit)
}

func (c countedStore) Tournaments(ctx context.Context) ([]store.Tournament, error) {
	c.count("Tournaments")
	return c.Store.Tournaments(ctx)
}

func (c countedStore) Tournament(ctx context.Context, code string) (store.Tournament, error) {
	c.count("Tournament")
	return c.Store.Tournament(ctx, code)
}

func (c countedStore) Entrants(ctx context.Context, code string) ([]store.Entrant, error) {
	c.count("Entrants")
	return c.Store.Entrants(ctx, code)
}

func (c countedStore) TournamentGames(ctx context.Context, code string) ([]store.TournamentGame, error) {
	c.count("TournamentGames")
	return c.Store.TournamentGames(ctx, code)
}

func (c countedStore) TournamentCorrections(ctx context.Context, code string) ([]store.Correction, error) {
	c.count("TournamentCorrections")
	return c.Store.TournamentCorrections(ctx, code)
}

func (c countedStore) TournamentRecords(ctx context.Context, codes []string) (map[string]store.TournamentRecord, error) {
	c.count("TournamentRecords")
	return c.Store.TournamentRecords(ctx, codes)
}

// oneAtATime is an archive's store with archive.Store's reads alone (countedStore's,
// counted): the archive reads each player's history with a query of its own.
type oneAtATime struct{ archive.Store }

// countedArena is an arena whose commands and director read st through a countedStore; its
// archive reads one player at a time if oneByOne. teacher's key is an admin's.
func countedArena(t *testing.T, st *store.Store, teacher gossh.Signer, oneByOne bool) (addr string, reads *readCounter, d *director.Director) {
	t.Helper()
	reads = &readCounter{calls: map[string]int{}}
	counted := countedStore{st, reads}
	var arch archive.Store = counted
	if oneByOne {
		arch = oneAtATime{counted}
	}
	d = director.New(counted, nil)
	hub := rooms.NewHub(arenatest.FastHub())
	d.SetHub(hub)
	app := commands.New(commands.Options{Hub: hub, Archive: arch, Tournaments: counted, Director: d, Logger: slog.New(slog.DiscardHandler)})
	adminFile := arenatest.AdminKeys(t, teacher)
	addr, _ = sshtest.Start(t, app, func(c *server.Config) { c.AdminKeysFile = adminFile; c.Logger = slog.New(slog.DiscardHandler) })
	return addr, reads, d
}

// `leaderboard GAME` charts each player's history from one read of the store, and prints
// what it printed reading each history on its own; the exports read no history.
func TestLeaderboardReadsTheHistoriesTogether(t *testing.T) {
	st := storetest.Open(t)
	storetest.RatedClass(t, st, "sevencolors", 120, 300)
	key := sshtest.NewKey(t)
	together, reads, _ := countedArena(t, st, key, false)
	oneByOne, readsOneByOne, _ := countedArena(t, st, key, true)
	for _, cmd := range []string{"leaderboard sevencolors", "leaderboard sevencolors --limit 200", "leaderboard sevencolors --limit 1"} {
		want, _, status := sshtest.Exec(t, sshtest.Dial(t, oneByOne, "ada", key), cmd)
		if status != 0 {
			t.Fatalf("%s: %d", cmd, status)
		}
		got, errOut, status := sshtest.Exec(t, sshtest.Dial(t, together, "ada", key), cmd)
		if status != 0 || got != want {
			t.Fatalf("%s: %d %q\nread together:\n%s\nread one by one:\n%s", cmd, status, errOut, got, want)
		}
		players := strings.Count(got, "\n") - 3 // the legend, a blank line, the columns' heads
		if !strings.Contains(got, "▁") || players < 1 {
			t.Fatalf("%s: no history charted:\n%s", cmd, got)
		}
		if r := reads.taken(); !maps.Equal(r, map[string]int{"LeaderboardWithHistory": 1}) {
			t.Fatalf("%s read %v, want LeaderboardWithHistory once", cmd, r)
		}
		if r := readsOneByOne.taken(); !maps.Equal(r, map[string]int{"Leaderboard": 1, "RatingHistory": players}) {
			t.Fatalf("%s, one by one, read %v (%d players)", cmd, r, players)
		}
	}
	for _, cmd := range []string{"leaderboard sevencolors --json", "leaderboard sevencolors --csv --limit 300"} {
		if _, errOut, status := sshtest.Exec(t, sshtest.Dial(t, together, "ada", key), cmd); status != 0 {
			t.Fatalf("%s: %d %q", cmd, status, errOut)
		}
		if r := reads.taken(); !maps.Equal(r, map[string]int{"Leaderboard": 1}) {
			t.Fatalf("%s read %v, want Leaderboard once", cmd, r)
		}
	}
}

// `tournament list` reads every tournament's entrants and games together, and lists for
// each what its report says.
func TestTournamentListReadsTheTournamentsTogether(t *testing.T) {
	st := storetest.Open(t)
	ctx := context.Background()
	teacher := sshtest.NewKey(t)
	addr, reads, d := countedArena(t, st, teacher, false)
	bots := []string{"greedy", "random", "mixed", "greedy", "random", "mixed"}
	var codes []string
	for i := range 12 {
		code := fmt.Sprintf("T%05d", i)
		codes = append(codes, code)
		format := []string{"round-robin", "swiss:3", "double-round-robin"}[i%3]
		if err := st.CreateTournament(ctx, store.Tournament{Code: code, Name: fmt.Sprintf("class %d", i), Game: "sevencolors",
			Format: format, Options: []byte(`{}`), Config: []byte(`{"size":8}`), Seed: uint64(i), Parallel: 2, Grace: time.Minute,
			CreatedBy: "SHA256:teacher", CreatedAt: time.Unix(int64(i), 0)}); err != nil {
			t.Fatal(err)
		}
		for k, b := range bots[:2+i%5] {
			e := store.Entrant{ID: fmt.Sprintf("house:%s#%d", b, k), Name: fmt.Sprintf("%s-%d", b, k), Kind: store.EntrantHouse, Bot: b}
			if err := st.AddEntrant(ctx, code, e); err != nil {
				t.Fatal(err)
			}
		}
		switch i % 4 {
		case 1: // running: the director runs it, from memory
			if err := d.Start(ctx, code); err != nil {
				t.Fatal(err)
			}
		case 2: // a result stored, the tournament over
			if err := st.SetTournamentState(ctx, code, store.TournamentRunning); err != nil {
				t.Fatal(err)
			}
			if err := st.RecordForfeit(ctx, code, store.TournamentGame{Round: 1, Pairing: 0, Leg: 0,
				Seats: []string{"house:greedy#0", "house:random#1"}, Forfeit: "house:random#1", At: time.Unix(100, 0)}); err != nil {
				t.Fatal(err)
			}
			if err := st.SetTournamentState(ctx, code, store.TournamentCancelled); err != nil {
				t.Fatal(err)
			}
		case 3:
			if err := d.Close(ctx, code); err != nil {
				t.Fatal(err)
			}
		}
	}
	reads.taken()
	out, errOut, status := sshtest.Exec(t, sshtest.Dial(t, addr, "ada", teacher), "tournament list")
	if status != 0 {
		t.Fatalf("tournament list: %d %q", status, errOut)
	}
	if r := reads.taken(); !maps.Equal(r, map[string]int{"Tournaments": 1, "TournamentRecords": 1}) {
		t.Fatalf("tournament list read %v, want Tournaments and TournamentRecords once each", r)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 1+len(codes) {
		t.Fatalf("tournament list:\n%s", out)
	}
	unknown := 0
	for k, line := range lines[1:] {
		code := codes[len(codes)-1-k] // the newest first
		tr, err := st.Tournament(ctx, code)
		if err != nil {
			t.Fatal(err)
		}
		entrants, games := "?", "?" // a report that cannot be made: a result the schedule does not have
		if rep, err := d.Report(ctx, code); err == nil {
			entrants, games = fmt.Sprint(rep.Entrants), fmt.Sprintf("%d/%d", rep.GamesPlayed, rep.GamesTotal)
		} else {
			unknown++
		}
		want := []string{code, tr.State, "sevencolors", tr.Format, entrants, games, "class", strings.TrimPrefix(tr.Name, "class ")}
		if got := strings.Fields(line); !slices.Equal(got, want) {
			t.Fatalf("the line of %s is %q, its report says %q", code, line, want)
		}
	}
	if unknown == 0 || unknown == len(codes) {
		t.Fatalf("%d reports of %d could not be made: not what this test means to list\n%s", unknown, len(codes), out)
	}
}
