package reading

import (
	"context"
	"reflect"
	"regexp"
	"strings"
	"sync"
	"testing"

	"github.com/arena-classroom/arena/archive"
	"github.com/arena-classroom/arena/catalog"
	"github.com/arena-classroom/arena/internal/storetest"
	"github.com/arena-classroom/arena/lang"
	"github.com/arena-classroom/arena/lobby/screen"
	"github.com/arena-classroom/arena/store"
)

// openModel is what the leaderboard's load asks of the lobby: the person's context and
// language.
type openModel struct{ screen.Model }

func (openModel) Context() context.Context { return context.Background() }
func (openModel) Lang() lang.Lang          { return lang.English }

// perPlayer is a store with archive.Store's reads alone, counting them: the archive reads
// each player's history with a query of its own, as the leaderboard did.
type perPlayer struct {
	archive.Store
	mu    sync.Mutex
	calls map[string]int
}

func (p *perPlayer) count(method string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.calls[method]++
}

func (p *perPlayer) Leaderboard(ctx context.Context, game string, limit int) ([]store.Standing, error) {
	p.count("Leaderboard")
	return p.Store.Leaderboard(ctx, game, limit)
}

func (p *perPlayer) RatingHistory(ctx context.Context, game, player string) ([]float64, error) {
	p.count("RatingHistory")
	return p.Store.RatingHistory(ctx, game, player)
}

// withHistories is perPlayer with the store's read of a leaderboard and its histories
// together.
type withHistories struct {
	*perPlayer
	st *store.Store
}

func (w withHistories) LeaderboardWithHistory(ctx context.Context, game string, limit int) ([]store.StandingHistory, error) {
	w.count("LeaderboardWithHistory")
	return w.st.LeaderboardWithHistory(ctx, game, limit)
}

// The leaderboard of 200 players (and their charts) is read in one query, and shows what
// reading each player's history in a query of its own showed.
func TestTheLeaderboardIsReadInOneQuery(t *testing.T) {
	st := storetest.Open(t)
	storetest.RatedClass(t, st, "sevencolors", 230, 500)
	e, _ := catalog.Get("sevencolors")
	one := &perPlayer{Store: st, calls: map[string]int{}}
	slow := loaded(t, archive.New(one, nil), e)
	fast := withHistories{&perPlayer{Store: st, calls: map[string]int{}}, st}
	got := loaded(t, archive.New(fast, nil), e)
	if got.err != "" || len(got.lines) != 200 {
		t.Fatalf("%d lines, %q", len(got.lines), got.err)
	}
	if !reflect.DeepEqual(got.lines, slow.lines) {
		t.Fatalf("read together:\n%s\nread one by one:\n%s", strings.Join(got.lines, "\n"), strings.Join(slow.lines, "\n"))
	}
	if !reflect.DeepEqual(fast.calls, map[string]int{"LeaderboardWithHistory": 1}) ||
		!reflect.DeepEqual(one.calls, map[string]int{"Leaderboard": 1, "RatingHistory": 200}) {
		t.Fatalf("the store was asked %v, where one by one it was asked %v", fast.calls, one.calls)
	}
	charted := 0
	for _, l := range got.lines {
		if !strings.HasSuffix(l, "  ") {
			charted++
		}
	}
	if charted < 190 {
		t.Fatalf("%d lines of 200 chart a history:\n%s", charted, strings.Join(got.lines, "\n"))
	}

	if l := loaded(t, nil, e); l.err != "this server keeps no ratings" {
		t.Fatalf("no archive: %q", l.err)
	}
}

// loaded is game e's leaderboard screen once its load has run, as Bubble Tea runs it: the
// command, then its message through Update.
func loaded(t *testing.T, a *archive.Archive, e catalog.Entry) *leaderboardScreen {
	t.Helper()
	l := NewLeaderboard(a, e, nil).(*leaderboardScreen)
	load := l.Load(openModel{})
	if load == nil {
		t.Fatal("the leaderboard does not load")
	}
	if l.Load(openModel{}) != nil {
		t.Fatal("the leaderboard loads twice at once")
	}
	l.Update(openModel{}, load())
	return l
}

// frenchModel is openModel for a person who reads French.
type frenchModel struct{ openModel }

func (frenchModel) Lang() lang.Lang { return lang.French }

// A French reader's leaderboard writes its ratings with a decimal comma, its column heads
// and its error in French.
func TestTheLeaderboardInFrench(t *testing.T) {
	st := storetest.Open(t)
	storetest.RatedClass(t, st, "sevencolors", 30, 60)
	e, _ := catalog.Get("sevencolors")
	l := NewLeaderboard(archive.New(st, nil), e, nil).(*leaderboardScreen)
	l.Update(frenchModel{}, l.Load(frenchModel{})())
	if len(l.lines) == 0 || !regexp.MustCompile(`^ +1  \S.* +-?\d+,\d\d[ *] +\d+  `).MatchString(l.lines[0]) {
		t.Fatalf("the first row in French: %q", l.lines)
	}
	if head := lang.French.Sprintf("RANK  NAME                   RATING GAMES  HISTORY"); !strings.HasPrefix(head, "RANG  NOM") {
		t.Errorf("the heads in French: %q", head)
	}
	none := NewLeaderboard(nil, e, nil).(*leaderboardScreen)
	none.Update(frenchModel{}, none.Load(frenchModel{})())
	if got := lang.French.Say(none.err); got != "ce serveur ne garde pas de cotes" {
		t.Errorf("no archive, in French: %q", got)
	}
}
