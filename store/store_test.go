package store

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"sync"
	"testing"
	"time"

	"github.com/arena-classroom/arena/keys"
)

func open(t *testing.T, path string) *Store {
	t.Helper()
	s, err := Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

func claim(t *testing.T, s *Store, id, wanted string) string {
	t.Helper()
	name, err := s.ClaimName(context.Background(), id, wanted)
	if err != nil {
		t.Fatalf("ClaimName(%s, %q): %v", id, wanted, err)
	}
	return name
}

func TestClaimNameRules(t *testing.T) {
	eachBackend(t, func(t *testing.T, where string) {
		s := open(t, where)
		a, b := "SHA256:aaaa", "SHA256:bbbb"

		if got := claim(t, s, a, "alice"); got != "alice" {
			t.Fatalf("first claim: %q", got)
		}
		if got := claim(t, s, a, "alice"); got != "alice" {
			t.Fatalf("same key again: %q", got)
		}
		if got := claim(t, s, b, "alice"); got != "alice2" {
			t.Fatalf("taken name: %q, want alice2", got)
		}
		if got := claim(t, s, b, "alice"); got != "alice2" {
			t.Fatalf("same variant next time: %q", got)
		}
		// No hint: the name used last.
		if got := claim(t, s, b, ""); got != "alice2" {
			t.Fatalf("no hint: %q", got)
		}
		// A key may switch to a free name and back.
		if got := claim(t, s, a, "alicia"); got != "alicia" {
			t.Fatalf("new free name: %q", got)
		}
		if got := claim(t, s, a, ""); got != "alicia" {
			t.Fatalf("no hint after switching: %q", got)
		}
		if got := claim(t, s, a, "alice"); got != "alice" {
			t.Fatalf("back to the first name: %q", got)
		}
		// Names are never released: b cannot take alicia although a uses alice now.
		if got := claim(t, s, b, "alicia"); got != "alicia2" {
			t.Fatalf("another key's old name: %q", got)
		}
		acc, err := s.Account(context.Background(), a)
		if err != nil || acc.Name != "alice" || len(acc.Names) != 2 || acc.Names[0] != "alice" || acc.Names[1] != "alicia" {
			t.Fatalf("account a = %+v, %v", acc, err)
		}
		if _, err := s.Account(context.Background(), "SHA256:nobody"); err != ErrNotFound {
			t.Fatalf("unknown account: %v", err)
		}
	})
}

func TestClaimNameCap(t *testing.T) {
	eachBackend(t, func(t *testing.T, where string) {
		s := open(t, where)
		a := "SHA256:cap"
		for i := range MaxNamesPerKey {
			want := fmt.Sprintf("n%d", i)
			if got := claim(t, s, a, want); got != want {
				t.Fatalf("claim %q: %q", want, got)
			}
		}
		last := fmt.Sprintf("n%d", MaxNamesPerKey-1)
		if got := claim(t, s, a, "onemore"); got != last {
			t.Fatalf("over the cap: %q, want %q", got, last)
		}
		if got := claim(t, s, a, "n0"); got != "n0" {
			t.Fatalf("held name at the cap: %q", got)
		}
		// The refused name stays free for others.
		if got := claim(t, s, "SHA256:other", "onemore"); got != "onemore" {
			t.Fatalf("refused name was reserved anyway: %q", got)
		}
	})
}

func TestClaimNameGenerated(t *testing.T) {
	eachBackend(t, func(t *testing.T, where string) {
		s := open(t, where)
		id := "SHA256:nohint"
		got := claim(t, s, id, "")
		if got != keys.GeneratedName(id) {
			t.Fatalf("no hint, new key: %q, want %q", got, keys.GeneratedName(id))
		}
		if again := claim(t, s, id, ""); again != got {
			t.Fatalf("generated name not kept: %q then %q", got, again)
		}
	})
}

func TestClaimNameRefusesGuests(t *testing.T) {
	eachBackend(t, func(t *testing.T, where string) {
		s := open(t, where)
		if _, err := s.ClaimName(context.Background(), "guest:1234", "bob"); err == nil {
			t.Fatal("a guest got a stored name")
		}
		if _, err := s.ClaimName(context.Background(), "SHA256:x", "waytoolongtobeanamehere"); err == nil {
			t.Fatal("an over-long name was stored")
		}
	})
}

func TestClaimNameRace(t *testing.T) {
	eachBackend(t, func(t *testing.T, where string) {
		s := open(t, where)
		const n = 12
		names := make([]string, n)
		var wg sync.WaitGroup
		start := make(chan struct{})
		for i := range n {
			wg.Add(1)
			go func() {
				defer wg.Done()
				<-start
				name, err := s.ClaimName(context.Background(), fmt.Sprintf("SHA256:key%d", i), "alice")
				if err != nil {
					t.Error(err)
				}
				names[i] = name
			}()
		}
		close(start)
		wg.Wait()
		seen := map[string]bool{}
		for _, name := range names {
			if seen[name] {
				t.Fatalf("two keys got %q: %v", name, names)
			}
			seen[name] = true
		}
		if !seen["alice"] {
			t.Fatalf("nobody got alice: %v", names)
		}
		for i := 2; i <= n; i++ {
			if !seen[keys.Variant("alice", i)] {
				t.Fatalf("variants not dense: %v", names)
			}
		}
	})
}

func TestClaimNameSameKeyRace(t *testing.T) {
	eachBackend(t, func(t *testing.T, where string) {
		s := open(t, where)
		const n = 8
		names := make([]string, n)
		var wg sync.WaitGroup
		for i := range n {
			wg.Add(1)
			go func() {
				defer wg.Done()
				name, err := s.ClaimName(context.Background(), "SHA256:same", "bob")
				if err != nil {
					t.Error(err)
				}
				names[i] = name
			}()
		}
		wg.Wait()
		for _, name := range names {
			if name != "bob" {
				t.Fatalf("one key's parallel sessions got %v", names)
			}
		}
	})
}

func TestNamesPersistAcrossReopen(t *testing.T) {
	eachBackend(t, func(t *testing.T, where string) {

		s := open(t, where)
		claim(t, s, "SHA256:first", "carol")
		s.Close()
		s = open(t, where)
		if got := claim(t, s, "SHA256:second", "carol"); got != "carol2" {
			t.Fatalf("after reopen: %q", got)
		}
		if got := claim(t, s, "SHA256:first", ""); got != "carol" {
			t.Fatalf("after reopen, owner: %q", got)
		}
	})
}

func sampleMatch(id string, ended time.Time) MatchRecord {
	return MatchRecord{
		ID:     id,
		Game:   "sevencolors",
		Seed:   math.MaxUint64 - 7,
		Config: json.RawMessage(`{"size":13}`),
		Seats: []SeatRecord{{Name: "alice", ID: "SHA256:aaaa"}, {Name: "greedy", Bot: "greedy"},
			{Name: "carol", ID: "SHA256:cccc", ReplacedBy: "greedy", LeftAtMove: 7}},
		Outcome:   json.RawMessage(`{"ranks":[1,2],"scores":[100,69]}`),
		Replay:    json.RawMessage(`{"actions":[3,4,5]}`),
		StartedAt: ended.Add(-time.Minute),
		EndedAt:   ended,
	}
}

func TestSaveMatchRoundTrip(t *testing.T) {
	eachBackend(t, func(t *testing.T, where string) {

		s := open(t, where)
		ctx := context.Background()
		base := time.Date(2026, 11, 21, 9, 0, 0, 0, time.UTC)
		for i := range 5 {
			if err := s.SaveMatch(ctx, sampleMatch(fmt.Sprintf("m%d", i), base.Add(time.Duration(i)*time.Minute))); err != nil {
				t.Fatal(err)
			}
		}
		if err := s.SaveMatch(ctx, sampleMatch("m2", base)); !errors.Is(err, ErrDuplicate) {
			t.Fatalf("saving the same match twice: %v", err)
		}
		if err := s.SaveMatch(ctx, MatchRecord{Game: "x"}); err == nil {
			t.Fatal("saved a match without id")
		}
		s.Close()
		s = open(t, where)
		recent, err := s.RecentMatches(ctx, 3)
		if err != nil {
			t.Fatal(err)
		}
		if len(recent) != 3 || recent[0].ID != "m4" || recent[1].ID != "m3" || recent[2].ID != "m2" {
			t.Fatalf("recent = %v", ids(recent))
		}
		want := sampleMatch("m4", base.Add(4*time.Minute))
		got := recent[0]
		if got.Game != want.Game || got.Seed != want.Seed || string(got.Config) != string(want.Config) ||
			string(got.Outcome) != string(want.Outcome) || string(got.Replay) != string(want.Replay) ||
			!got.StartedAt.Equal(want.StartedAt) || !got.EndedAt.Equal(want.EndedAt) ||
			len(got.Seats) != 3 || got.Seats[0] != want.Seats[0] || got.Seats[1] != want.Seats[1] || got.Seats[2] != want.Seats[2] {
			t.Fatalf("round trip:\n got %+v\nwant %+v", got, want)
		}
		one, err := s.Match(ctx, "m1")
		if err != nil || one.ID != "m1" || len(one.Seats) != 3 {
			t.Fatalf("Match(m1) = %+v, %v", one, err)
		}
		if _, err := s.Match(ctx, "nope"); err != ErrNotFound {
			t.Fatalf("Match(nope): %v", err)
		}
	})
}

func ids(ms []MatchRecord) []string {
	var out []string
	for _, m := range ms {
		out = append(out, m.ID)
	}
	return out
}

// Issue 13: a returning key asking for the name it has costs a read, not a durable write;
// seen_at is refreshed at most once an hour.
func TestReturningLoginWritesNothing(t *testing.T) {
	eachBackend(t, func(t *testing.T, where string) {
		s := open(t, where)
		ctx := context.Background()
		at := time.Date(2026, 11, 22, 9, 0, 0, 0, time.UTC)
		s.now = func() time.Time { return at }
		if n, err := s.ClaimName(ctx, "SHA256:a", "alice"); err != nil || n != "alice" {
			t.Fatalf("first claim: %q, %v", n, err)
		}
		seen := func() int64 {
			var v int64
			if err := s.db.queryRow(ctx, `SELECT seen_at FROM accounts WHERE id = 'SHA256:a'`).Scan(&v); err != nil {
				t.Fatal(err)
			}
			return v
		}
		first := seen()
		at = at.Add(30 * time.Minute)
		for _, hint := range []string{"alice", ""} {
			if n, err := s.ClaimName(ctx, "SHA256:a", hint); err != nil || n != "alice" {
				t.Fatalf("returning with %q: %q, %v", hint, n, err)
			}
		}
		if seen() != first {
			t.Fatal("a returning login within the hour wrote seen_at")
		}
		at = at.Add(2 * time.Hour)
		if n, err := s.ClaimName(ctx, "SHA256:a", "alice"); err != nil || n != "alice" || seen() != at.UnixMilli() {
			t.Fatalf("after two hours: %q, %v, seen_at %d", n, err, seen())
		}
	})
}

// Issue 13: a teacher frees a squatted name; the next key to ask gets it, and the squatter
// falls back to another of its names.
func TestReleaseName(t *testing.T) {
	eachBackend(t, func(t *testing.T, where string) {
		s := open(t, where)
		ctx := context.Background()
		for _, hint := range []string{"carol", "alice"} {
			if _, err := s.ClaimName(ctx, "SHA256:squat", hint); err != nil {
				t.Fatal(err)
			}
		}
		if n, _ := s.ClaimName(ctx, "SHA256:alice", "alice"); n != "alice2" {
			t.Fatalf("the real alice before the release got %q", n)
		}
		owner, err := s.ReleaseName(ctx, "alice")
		if err != nil || owner != "SHA256:squat" {
			t.Fatalf("release: %q, %v", owner, err)
		}
		if n, _ := s.ClaimName(ctx, "SHA256:alice", "alice"); n != "alice" {
			t.Fatalf("the real alice after the release got %q", n)
		}
		if n, _ := s.ClaimName(ctx, "SHA256:squat", ""); n != "carol" {
			t.Fatalf("the squatter now shows as %q, want its other name carol", n)
		}
		if _, err := s.ReleaseName(ctx, "nobody"); err != ErrNotFound {
			t.Fatalf("releasing a free name: %v", err)
		}
	})
}
