package archive_test

import (
	"context"
	"fmt"
	"reflect"
	"sync"
	"testing"

	"github.com/arena-classroom/arena/archive"
	"github.com/arena-classroom/arena/internal/storetest"
	"github.com/arena-classroom/arena/store"
)

// The archive reads a leaderboard with its histories, and a player's rating, in one query
// from a store that can (*store.Store), as it read them one by one from one that cannot;
// ARENA_TEST_STORE=postgres runs this on PostgreSQL. A wrapper of the store counts its
// reads.

// oneByOne is a store with the reads of archive.Store and no other, counting them: an
// archive reads it one player at a time.
type oneByOne struct {
	archive.Store
	mu    sync.Mutex
	calls map[string]int
}

func (o *oneByOne) count(method string) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.calls[method]++
}

func (o *oneByOne) Leaderboard(ctx context.Context, game string, limit int) ([]store.Standing, error) {
	o.count("Leaderboard")
	return o.Store.Leaderboard(ctx, game, limit)
}

func (o *oneByOne) RatingHistory(ctx context.Context, game, player string) ([]float64, error) {
	o.count("RatingHistory")
	return o.Store.RatingHistory(ctx, game, player)
}

// together is oneByOne with the store's reads of many at once, counted too.
type together struct {
	*oneByOne
	st *store.Store
}

func (t together) LeaderboardWithHistory(ctx context.Context, game string, limit int) ([]store.StandingHistory, error) {
	t.count("LeaderboardWithHistory")
	return t.st.LeaderboardWithHistory(ctx, game, limit)
}

func (t together) PlayerStanding(ctx context.Context, game, player string) (store.Standing, error) {
	t.count("PlayerStanding")
	return t.st.PlayerStanding(ctx, game, player)
}

func stores(st *store.Store) (*oneByOne, together) {
	return &oneByOne{Store: st, calls: map[string]int{}}, together{&oneByOne{Store: st, calls: map[string]int{}}, st}
}

func TestLeaderboardWithHistoryReadsTogetherWhatItReadOneByOne(t *testing.T) {
	st := storetest.Open(t)
	storetest.RatedClass(t, st, "sevencolors", 60, 150)
	ctx := context.Background()
	for _, limit := range []int{1, 50, 200} {
		slow, fast := stores(st)
		want, err := archive.New(slow, nil).LeaderboardWithHistory(ctx, "sevencolors", limit)
		if err != nil {
			t.Fatal(err)
		}
		got, err := archive.New(fast, nil).LeaderboardWithHistory(ctx, "sevencolors", limit)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("limit %d: together\n%+v\none by one\n%+v", limit, got, want)
		}
		players := min(limit, 61)
		if len(got) != players || players > 1 && len(got[1].History) == 0 {
			t.Fatalf("limit %d: %d players read, %+v", limit, len(got), got)
		}
		oneByOne := map[string]int{"Leaderboard": 1, "RatingHistory": players}
		if !reflect.DeepEqual(slow.calls, oneByOne) || !reflect.DeepEqual(fast.calls, map[string]int{"LeaderboardWithHistory": 1}) {
			t.Fatalf("limit %d: the store was asked %v one by one, %v together", limit, slow.calls, fast.calls)
		}
		// Each is what Leaderboard and RatingHistory say.
		board, _ := st.Leaderboard(ctx, "sevencolors", limit)
		for i, s := range board {
			hist, _ := st.RatingHistory(ctx, "sevencolors", s.Player)
			if got[i].Standing != s || !reflect.DeepEqual(got[i].History, hist) {
				t.Fatalf("limit %d: row %d is %+v, want %+v %v", limit, i, got[i], s, hist)
			}
		}
	}
	var none *archive.Archive
	if _, err := none.LeaderboardWithHistory(ctx, "sevencolors", 10); err != archive.ErrNone {
		t.Fatalf("no archive: %v", err)
	}
}

func TestSeedRatingReadsOnePlayer(t *testing.T) {
	st := storetest.Open(t)
	storetest.RatedClass(t, st, "sevencolors", 20, 50)
	ctx := context.Background()
	slow, fast := stores(st)
	players := []string{"SHA256:stranger", "bot:stranger"}
	for k := range 20 {
		players = append(players, fmt.Sprintf("SHA256:p%03d", k))
	}
	players = append(players, "bot:greedy")
	for _, p := range players {
		want := archive.New(slow, nil).SeedRating(ctx, "sevencolors", p)
		got := archive.New(fast, nil).SeedRating(ctx, "sevencolors", p)
		if got != want || (want == 0) != (p == "SHA256:stranger" || p == "bot:stranger") {
			t.Fatalf("%s: %v, read from the leaderboard %v", p, got, want)
		}
		if got := archive.New(fast, nil).SeedRating(ctx, "chess", p); got != 0 {
			t.Fatalf("%s in a game never played: %v", p, got)
		}
	}
	if fast.calls["PlayerStanding"] != 2*len(players) || len(fast.calls) != 1 {
		t.Fatalf("the store was asked %v", fast.calls)
	}
	var none *archive.Archive
	if got := none.SeedRating(ctx, "sevencolors", "bot:greedy"); got != 0 {
		t.Fatalf("no archive: %v", got)
	}
}
