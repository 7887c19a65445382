package store

import (
	"bytes"
	"context"
	"testing"
	"time"
)

// The seed secret is made once and kept: the same after reopening the database, another in
// another database.
func TestSeedSecretIsMadeOnceAndKept(t *testing.T) {
	eachBackend(t, func(t *testing.T, where string) { seedSecretIsMadeOnceAndKept(t, where, otherDatabase(t, where)) })
}

func seedSecretIsMadeOnceAndKept(t *testing.T, where, elsewhere string) {
	ctx := context.Background()
	s, err := Open(ctx, where)
	if err != nil {
		t.Fatal(err)
	}
	first, err := s.SeedSecret(ctx)
	if err != nil || len(first) != 32 {
		t.Fatalf("secret: %d bytes, %v", len(first), err)
	}
	again, _ := s.SeedSecret(ctx)
	s.Close()
	s, err = Open(ctx, where)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	reopened, _ := s.SeedSecret(ctx)
	if !bytes.Equal(first, again) || !bytes.Equal(first, reopened) {
		t.Fatal("the secret changed")
	}
	other, err := Open(ctx, elsewhere)
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	if o, _ := other.SeedSecret(ctx); bytes.Equal(o, first) {
		t.Fatal("two databases share a secret")
	}
}

func TestTournamentGameAttemptsCount(t *testing.T) {
	eachBackend(t, func(t *testing.T, where string) {
		ctx := context.Background()
		s := open(t, where)
		if err := s.CreateTournament(ctx, Tournament{Code: "T1", Name: "t", Game: "sevencolors", Format: "swiss",
			Options: []byte(`{}`), Config: []byte(`{}`), Seed: 1, Parallel: 1, CreatedAt: time.Unix(0, 0)}); err != nil {
			t.Fatal(err)
		}
		for want := range 3 {
			if got, err := s.StartTournamentGame(ctx, "T1", 1, 2, 0); err != nil || got != want {
				t.Fatalf("start %d: attempt %d, %v", want, got, err)
			}
		}
		if got, _ := s.StartTournamentGame(ctx, "T1", 1, 2, 1); got != 0 {
			t.Fatalf("another leg's first start is attempt %d", got)
		}
		if code, state, err := s.MatchTournament(ctx, "m_none"); code != "" || state != "" || err != nil {
			t.Fatalf("a match of no tournament: %q %q %v", code, state, err)
		}
	})
}
