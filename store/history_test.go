package store

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"
)

func TestHistoryListsAPlayersGamesLastFirst(t *testing.T) {
	eachBackend(t, func(t *testing.T, where string) {
		s := open(t, where)
		ctx := context.Background()
		base := time.Date(2026, 11, 21, 9, 0, 0, 0, time.UTC)
		for i := range 4 {
			m := sampleMatch(fmt.Sprintf("m%d", i), base.Add(time.Duration(i)*time.Minute))
			if i == 2 {
				m.Seats = m.Seats[1:] // alice sat out game 2
				m.Game = "warhammer"
			}
			if err := s.SaveMatch(ctx, m); err != nil {
				t.Fatal(err)
			}
		}
		got, err := s.History(ctx, "SHA256:aaaa", "", "", 10)
		if err != nil || !slices.Equal(ids(got), []string{"m3", "m1", "m0"}) {
			t.Fatalf("alice's history: %v, %v", ids(got), err)
		}
		if got[0].Replay != nil || len(got[0].Seats) != 3 || got[0].Seats[1].Bot != "greedy" {
			t.Fatalf("a history row: %+v", got[0])
		}
		if got, _ := s.History(ctx, "SHA256:aaaa", "", "", 2); !slices.Equal(ids(got), []string{"m3", "m1"}) {
			t.Fatalf("limited: %v", ids(got))
		}
		if got, _ := s.History(ctx, "", "greedy", "warhammer", 10); !slices.Equal(ids(got), []string{"m2"}) {
			t.Fatalf("greedy's War Hammer games: %v", ids(got))
		}
		if got, _ := s.History(ctx, "SHA256:nobody", "", "", 10); len(got) != 0 {
			t.Fatalf("a stranger's history: %v", ids(got))
		}
		if _, err := s.History(ctx, "", "", "", 10); err == nil {
			t.Fatal("a history of nobody")
		}
	})
}

func TestNameOwner(t *testing.T) {
	eachBackend(t, func(t *testing.T, where string) {
		s := open(t, where)
		claim(t, s, "SHA256:aaaa", "alice")
		if id, err := s.NameOwner(context.Background(), "alice"); err != nil || id != "SHA256:aaaa" {
			t.Fatalf("alice: %q, %v", id, err)
		}
		if _, err := s.NameOwner(context.Background(), "bob"); err != ErrNotFound {
			t.Fatalf("bob: %v", err)
		}
	})
}

func TestMatchIDsByPrefix(t *testing.T) {
	eachBackend(t, func(t *testing.T, where string) {
		s := open(t, where)
		ctx := context.Background()
		base := time.Date(2026, 11, 21, 9, 0, 0, 0, time.UTC)
		for i, id := range []string{"m_eh5f_mww3u7tr", "m_eh5g_aaaaaaaa", "m_eh5g_bbbbbbbb", "m_x*y_cccccccc", "p_1"} {
			if err := s.SaveMatch(ctx, sampleMatch(id, base.Add(time.Duration(i)*time.Minute))); err != nil {
				t.Fatal(err)
			}
		}
		for _, c := range []struct {
			prefix string
			limit  int
			want   []string
		}{
			{"m_eh5f", 10, []string{"m_eh5f_mww3u7tr"}},
			{"m_eh5g", 10, []string{"m_eh5g_aaaaaaaa", "m_eh5g_bbbbbbbb"}},
			{"m_eh5", 2, []string{"m_eh5f_mww3u7tr", "m_eh5g_aaaaaaaa"}},
			{"m_eh5f_mww3u7tr", 10, []string{"m_eh5f_mww3u7tr"}},
			{"M_EH5F", 10, nil}, // ids are case-sensitive
			{"m_x*", 10, []string{"m_x*y_cccccccc"}},
			{"m_*", 10, nil}, // a star is a star, not a wildcard
			{"m_?h5f", 10, nil},
			{"zz", 10, nil},
			{"", 10, nil},
		} {
			got, err := s.MatchIDs(ctx, c.prefix, c.limit)
			if err != nil || !slices.Equal(got, c.want) {
				t.Errorf("MatchIDs(%q, %d) = %v, %v; want %v", c.prefix, c.limit, got, err, c.want)
			}
		}
	})
}
