package store

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"testing"
	"time"
)

// Practice games are kept for their player, private and unrated, the latest keep of each
// key: an older one is deleted with its seats when a new one is stored, another key's
// stay, and a history can choose them, or leave them out.
func TestSavePracticeKeepsTheLatestOfEachKeyUnrated(t *testing.T) {
	eachBackend(t, func(t *testing.T, where string) {
		s := open(t, where)
		ctx := context.Background()
		base := time.Date(2026, 11, 21, 9, 0, 0, 0, time.UTC)
		game := func(id string, i int, who SeatRecord) MatchRecord {
			m := sampleMatch(id, base.Add(time.Duration(i)*time.Minute))
			m.Seats = []SeatRecord{who, {Name: "greedy", Bot: "greedy"}}
			m.Outcome = json.RawMessage(`{"ranks":[1,2]}`)
			return m
		}
		alice, bob := SeatRecord{Name: "alice", ID: "SHA256:aaaa"}, SeatRecord{Name: "bob", ID: "SHA256:bbbb"}
		live := game("m0", 0, alice)
		live.Rated = true
		if err := s.SaveMatch(ctx, live); err != nil {
			t.Fatal(err)
		}
		ratings := func() string {
			board, err := s.Leaderboard(ctx, "sevencolors", 10)
			hist, err2 := s.RatingHistory(ctx, "sevencolors", "SHA256:aaaa")
			return fmt.Sprint(board, err, hist, err2)
		}
		before := ratings()
		if err := s.SavePractice(ctx, game("b1", 1, bob), bob.ID, 3); err != nil {
			t.Fatal(err)
		}
		for i := 1; i <= 5; i++ {
			p := game(fmt.Sprintf("p%d", i), 1+i, alice)
			p.Rated = true // asked for, never done
			if err := s.SavePractice(ctx, p, alice.ID, 3); err != nil {
				t.Fatal(err)
			}
		}
		if err := s.SavePractice(ctx, game("p5", 9, alice), alice.ID, 3); !errors.Is(err, ErrDuplicate) {
			t.Errorf("the same practice game twice: %v", err)
		}
		if got := ratings(); got != before {
			t.Errorf("practice changed ratings:\n%s\nwas\n%s", got, before)
		}
		ids := func(q GameQuery) []string {
			t.Helper()
			got, err := s.HistoryGames(ctx, q)
			if err != nil {
				t.Fatal(err)
			}
			var out []string
			for _, g := range got {
				if g.Practice != (g.ID != "m0") || g.Practice && (!g.Private || g.Rated) {
					t.Errorf("%s read as practice %v, private %v, rated %v", g.ID, g.Practice, g.Private, g.Rated)
				}
				out = append(out, g.ID)
			}
			return out
		}
		for _, c := range []struct {
			q    GameQuery
			want []string
		}{
			{GameQuery{Identity: alice.ID}, []string{"p5", "p4", "p3", "m0"}},
			{GameQuery{Identity: alice.ID, Kind: KindPractice}, []string{"p5", "p4", "p3"}},
			{GameQuery{Identity: alice.ID, Kind: KindOther}, []string{"m0"}},
			{GameQuery{Identity: alice.ID, NoPractice: true}, []string{"m0"}},
			{GameQuery{Identity: bob.ID, Kind: KindPractice}, []string{"b1"}},
			{GameQuery{Bot: "greedy", Kind: KindPractice, Limit: 2}, []string{"p5", "p4"}},
		} {
			if got := ids(c.q); !slices.Equal(got, c.want) {
				t.Errorf("%+v: %v, want %v", c.q, got, c.want)
			}
		}
		for _, id := range []string{"p1", "p2"} {
			if _, err := s.Match(ctx, id); !errors.Is(err, ErrNotFound) {
				t.Errorf("pruned %s: %v", id, err)
			}
			var n int
			if err := s.db.queryRow(ctx, `SELECT COUNT(*) FROM match_seats WHERE match_id = ?`, id).Scan(&n); err != nil || n != 0 {
				t.Errorf("pruned %s keeps %d seats (%v)", id, n, err)
			}
		}
		m, err := s.Match(ctx, "p5")
		if err != nil || !m.Practice || !m.Private || string(m.Replay) != `{"actions":[3,4,5]}` || m.VisibleTo(bob.ID, false) || !m.VisibleTo(alice.ID, false) {
			t.Errorf("p5 read back: %+v, %v", m, err)
		}
	})
}
