package store

import (
	"context"
	"encoding/json"
	"testing"
	"time"
)

func TestAssignmentsAndTheirBestRuns(t *testing.T) {
	eachBackend(t, func(t *testing.T, where string) {
		s := open(t, where)
		ctx := context.Background()
		at := time.Date(2026, 11, 22, 10, 0, 0, 0, time.UTC)
		a := Assignment{Code: "TP7C1", Game: "sevencolors", Vs: "greedy", Games: 100, Config: json.RawMessage(`{"size":20}`),
			Seed: 42, PassPct: 60, CreatedBy: "SHA256:prof", CreatedAt: at}
		if err := s.CreateAssignment(ctx, a); err != nil {
			t.Fatal(err)
		}
		if err := s.CreateAssignment(ctx, a); err != ErrCodeTaken {
			t.Fatalf("the same code twice: %v", err)
		}
		got, err := s.Assignment(ctx, "TP7C1")
		if err != nil || got.Game != "sevencolors" || got.Seed != 42 || got.PassPct != 60 || string(got.Config) != `{"size":20}` || !got.CreatedAt.Equal(at) {
			t.Fatalf("%+v %v", got, err)
		}
		if _, err := s.Assignment(ctx, "NOPE"); err != ErrNotFound {
			t.Fatalf("unknown code: %v", err)
		}
		for _, r := range []Run{
			{Code: "TP7C1", Identity: "SHA256:bob", Name: "bob", Games: 100, Wins: 40, At: at.Add(time.Minute)},
			{Code: "TP7C1", Identity: "SHA256:bob", Name: "bob", Games: 100, Wins: 65, At: at.Add(2 * time.Minute)},
			{Code: "TP7C1", Identity: "SHA256:bob", Name: "bob", Games: 100, Wins: 65, At: at.Add(3 * time.Minute)},
			{Code: "TP7C1", Identity: "SHA256:ann", Name: "ann", Games: 100, Wins: 10, Draws: 3, At: at.Add(4 * time.Minute)},
		} {
			if err := s.RecordRun(ctx, r); err != nil {
				t.Fatal(err)
			}
		}
		best, err := s.BestRuns(ctx, "TP7C1")
		if err != nil || len(best) != 2 || best[0].Name != "ann" || best[1].Name != "bob" || best[1].Wins != 65 || !best[1].At.Equal(at.Add(2*time.Minute)) {
			t.Fatalf("best runs %+v %v", best, err)
		}
		list, runs, err := s.Assignments(ctx)
		if err != nil || len(list) != 1 || runs[0] != 4 {
			t.Fatalf("list %+v %v %v", list, runs, err)
		}
	})
}
