package store

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"testing"
	"time"
)

// A history says which games were a tournament's (those a teacher replaced too), and which
// were rated, and chooses by tournament or kind, on both back ends.
func TestHistoryGamesSaysWhatEachGameWas(t *testing.T) {
	eachBackend(t, func(t *testing.T, where string) {
		s := open(t, where)
		ctx := context.Background()
		newTournament(t, s, "T1")
		newTournament(t, s, "T2")
		base := time.Date(2026, 11, 21, 9, 0, 0, 0, time.UTC)
		match := func(i int, code string, pairing int) {
			t.Helper()
			m := sampleMatch(fmt.Sprintf("m%d", i), base.Add(time.Duration(i)*time.Minute))
			m.Seats = m.Seats[:2] // alice and greedy
			m.Outcome = json.RawMessage(`{"ranks":[1,2]}`)
			if code == "" {
				m.Rated = i != 4 // a game whose clock was held is not
			} else {
				m.Tournament = &TournamentEntry{Code: code, Game: TournamentGame{Round: 1, Pairing: pairing,
					Seats: []string{"SHA256:aaaa", "house:greedy"}, Ranks: []int{1, 2}}}
			}
			if err := s.SaveMatch(ctx, m); err != nil {
				t.Fatal(err)
			}
		}
		match(0, "", 0)
		match(1, "T1", 0)
		match(2, "T2", 0)
		match(3, "T1", 1)
		if _, err := s.CorrectTournamentGame(ctx, "T1", 1, 1, 0, CorrectionReplay, "SHA256:teacher", "marie"); err != nil {
			t.Fatal(err)
		}
		match(4, "", 0)
		match(5, "T1", 1) // round 1, pairing 1 played again
		kinds := func(got []GameRecord) (out []string) {
			for _, g := range got {
				k := g.ID + ":" + g.Tournament
				if g.Replaced {
					k += "(replaced)"
				}
				if g.Rated {
					k += ":rated"
				}
				out = append(out, k)
			}
			return out
		}
		for _, c := range []struct {
			q    GameQuery
			want []string
		}{
			{GameQuery{Identity: "SHA256:aaaa"}, []string{"m5:T1", "m4:", "m3:T1(replaced)", "m2:T2", "m1:T1", "m0::rated"}},
			{GameQuery{Identity: "SHA256:aaaa", Limit: 2}, []string{"m5:T1", "m4:"}},
			{GameQuery{Tournament: "T1"}, []string{"m5:T1", "m3:T1(replaced)", "m1:T1"}},
			{GameQuery{Bot: "greedy", Tournament: "T2"}, []string{"m2:T2"}},
			{GameQuery{Identity: "SHA256:aaaa", Kind: KindOther}, []string{"m4:", "m0::rated"}},
			{GameQuery{Bot: "greedy", Kind: KindTournament, Limit: 3}, []string{"m5:T1", "m3:T1(replaced)", "m2:T2"}},
			{GameQuery{Identity: "SHA256:aaaa", Game: "warhammer"}, nil},
			{GameQuery{Identity: "SHA256:nobody"}, nil},
			{GameQuery{Tournament: "T9"}, nil},
		} {
			got, err := s.HistoryGames(ctx, c.q)
			if err != nil || !slices.Equal(kinds(got), c.want) {
				t.Errorf("%+v: %v, %v; want %v", c.q, kinds(got), err, c.want)
			}
			for _, g := range got {
				if len(g.Seats) != 2 || g.Seats[1].Bot != "greedy" || g.Replay != nil {
					t.Errorf("%+v: game %s read as %+v", c.q, g.ID, g.MatchRecord)
				}
			}
		}
		if _, err := s.HistoryGames(ctx, GameQuery{}); err == nil {
			t.Error("a history of nobody")
		}
		if _, err := s.HistoryGames(ctx, GameQuery{Identity: "SHA256:aaaa", Kind: "assignment"}); err == nil {
			t.Error("a kind of game that is not stored")
		}
	})
}
