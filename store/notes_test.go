package store

import (
	"context"
	"fmt"
	"testing"
	"time"
)

// Notes are kept only for a stored match, on a seat the match records with their owner; the
// first note of a seat's turn stays; a practice game keeps its notes with it, and loses them
// when it is pruned.
func TestNotesAreKeptForTheSeatsTheirOwnerHeld(t *testing.T) {
	eachBackend(t, func(t *testing.T, where string) {
		s := open(t, where)
		ctx := context.Background()
		at := time.Date(2026, 11, 28, 2, 0, 0, 0, time.UTC)
		alice := []NoteRecord{{Seat: 0, Turn: 3, Owner: "SHA256:aaaa", Text: "I expected +12, got +3"},
			{Seat: 0, Turn: 5, Owner: "SHA256:aaaa", Text: "é ✓"}}
		if ok, err := s.SaveNotes(ctx, "m1", alice); ok || err != nil {
			t.Fatalf("notes of a match not stored: %v, %v", ok, err)
		}
		if err := s.SaveMatch(ctx, sampleMatch("m1", at)); err != nil {
			t.Fatal(err)
		}
		notes := func(id string) string {
			t.Helper()
			got, err := s.MatchNotes(ctx, id)
			return fmt.Sprint(got, err)
		}
		if got := notes("m1"); got != fmt.Sprint([]NoteRecord(nil), nil) {
			t.Fatalf("notes before any: %s", got)
		}
		if ok, err := s.SaveNotes(ctx, "m1", alice); !ok || err != nil {
			t.Fatalf("notes of a stored match: %v, %v", ok, err)
		}
		// Another key's notes on alice's seat, or on a house bot's, are not kept; carol's on
		// hers are (she left: her seat is still hers); alice's turn 3 again stays as it was.
		intruder := []NoteRecord{{Seat: 0, Turn: 4, Owner: "SHA256:bbbb", Text: "not mine"},
			{Seat: 1, Turn: 4, Owner: "SHA256:aaaa", Text: "the bot's"}}
		if ok, err := s.SaveNotes(ctx, "m1", intruder); ok || err != nil {
			t.Fatalf("notes on others' seats: %v, %v", ok, err)
		}
		carol := []NoteRecord{{Seat: 2, Turn: 1, Owner: "SHA256:cccc", Text: "bye"},
			{Seat: 0, Turn: 3, Owner: "SHA256:aaaa", Text: "again"}}
		if ok, err := s.SaveNotes(ctx, "m1", carol); !ok || err != nil {
			t.Fatalf("carol's notes: %v, %v", ok, err)
		}
		want := append(append([]NoteRecord{}, alice...), carol[0])
		if got := notes("m1"); got != fmt.Sprint(want, nil) {
			t.Fatalf("notes %s\nwant %v", got, want)
		}

		// Practice: the notes come with the game, and go with it.
		owner := "SHA256:aaaa"
		for i := 1; i <= 3; i++ {
			p := sampleMatch(fmt.Sprintf("p%d", i), at.Add(time.Duration(i)*time.Minute))
			p.Seats = []SeatRecord{{Name: "alice", ID: owner}, {Name: "greedy", Bot: "greedy"}}
			p.Notes = []NoteRecord{{Seat: 0, Turn: 1, Owner: owner, Text: p.ID}, {Seat: 1, Turn: 2, Owner: owner, Text: "not a seat of hers"}}
			if err := s.SavePractice(ctx, p, owner, 2); err != nil {
				t.Fatal(err)
			}
		}
		if got := notes("p3"); got != fmt.Sprint([]NoteRecord{{Seat: 0, Turn: 1, Owner: owner, Text: "p3"}}, nil) {
			t.Errorf("practice notes: %s", got)
		}
		var left int
		if err := s.db.queryRow(ctx, `SELECT COUNT(*) FROM notes WHERE match_id = 'p1'`).Scan(&left); err != nil || left != 0 {
			t.Errorf("notes of a pruned practice game: %d, %v", left, err)
		}
		counts, err := s.Counts(ctx)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range counts {
			if c.Table == "notes" && c.Rows != 5 {
				t.Errorf("notes counted %d, want 5 (m1's 3, p2's and p3's)", c.Rows)
			}
		}
	})
}
