package store

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"
	"time"
)

// Rated games move ratings, in the same transaction as the match; guests and unrated games
// move nothing; the leaderboard orders by μ − 3σ.
func TestRatedGamesMoveTheLeaderboard(t *testing.T) {
	eachBackend(t, func(t *testing.T, where string) {
		s := open(t, where)
		ctx := context.Background()
		at := time.Date(2026, 11, 22, 10, 0, 0, 0, time.UTC)
		save := func(id string, rated bool, ranks string, seats ...SeatRecord) {
			t.Helper()
			m := MatchRecord{ID: id, Game: "sevencolors", Config: json.RawMessage(`{}`), Outcome: json.RawMessage(`{"ranks":` + ranks + `}`),
				Replay: json.RawMessage(`{}`), Seats: seats, StartedAt: at, EndedAt: at, Rated: rated}
			if err := s.SaveMatch(ctx, m); err != nil {
				t.Fatal(err)
			}
		}
		ann, bob := SeatRecord{Name: "ann", ID: "SHA256:ann"}, SeatRecord{Name: "bob", ID: "SHA256:bob"}
		greedy, guest := SeatRecord{Name: "greedy", Bot: "greedy"}, SeatRecord{Name: "guest1", ID: "guest:1"}
		for i := range 5 {
			save(fmt.Sprintf("a%d", i), true, "[1,2]", ann, greedy)
		}
		save("b0", true, "[2,1]", bob, greedy)
		save("c0", true, "[1,2]", bob, guest) // one rated player: rates nobody
		save("d0", false, "[1,2]", bob, ann)  // unrated
		board, err := s.Leaderboard(ctx, "sevencolors", 10)
		if err != nil || len(board) != 3 {
			t.Fatalf("%+v %v", board, err)
		}
		if board[0].Name != "ann" || board[0].Games != 5 || board[2].Name != "bob" || board[2].Games != 1 {
			t.Fatalf("leaderboard %+v", board)
		}
		if board[0].Rating.Ordinal() <= board[1].Rating.Ordinal() {
			t.Fatalf("not in order: %+v", board)
		}
		hist, err := s.RatingHistory(ctx, "sevencolors", "SHA256:ann")
		if err != nil || len(hist) != 5 || hist[4] <= hist[0] {
			t.Fatalf("ann's history %v %v", hist, err)
		}
	})
}
