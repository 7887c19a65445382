package store

import (
	"context"
	"fmt"
)

// NoteRecord is a program's own note on one of its moves (the "note" of an action line):
// kept apart from the replay, which anyone who may see the game reads, and shown only to
// the seat's owner and to teachers.
type NoteRecord struct {
	Seat int
	// Turn is the id of the turn line the noted action answered: the move whose clock
	// names it (replay.Clock.Turn) carries the note.
	Turn int
	// Owner is the keys.Identity.ID of the program's key, the seat's identity.
	Owner string
	Text  string
}

// SaveNotes stores notes on the moves of match id, and reports whether it did: only those
// of a seat the match records with the note's owner are kept, so notes of a game that was
// not stored (or not yet) are not. A note already stored for the same seat and turn stays
// as it was.
func (s *Store) SaveNotes(ctx context.Context, id string, notes []NoteRecord) (bool, error) {
	if len(notes) == 0 {
		return false, nil
	}
	saved := false
	err := s.write(ctx, func() error {
		tx, err := s.db.begin(ctx)
		if err != nil {
			return fmt.Errorf("save notes %s: %w", id, err)
		}
		defer tx.Rollback()
		if saved, err = insertNotes(ctx, tx, id, notes); err != nil {
			return fmt.Errorf("save notes %s: %w", id, err)
		}
		if err := tx.Commit(); err != nil {
			saved = false
			return fmt.Errorf("save notes %s: %w", id, err)
		}
		return nil
	})
	return saved, err
}

// insertNotes inserts the notes of match id whose seat the match records with their owner,
// and reports whether any seat was.
func insertNotes(ctx context.Context, tx writeTx, id string, notes []NoteRecord) (bool, error) {
	type seatOf struct {
		seat  int
		owner string
	}
	owned := map[seatOf]bool{}
	found := false
	for _, n := range notes {
		k := seatOf{n.Seat, n.Owner}
		ok, known := owned[k]
		if !known {
			var count int
			err := tx.queryRow(ctx, `SELECT COUNT(*) FROM match_seats WHERE match_id = ? AND seat = ? AND identity = ?`,
				id, n.Seat, n.Owner).Scan(&count)
			if err != nil {
				return false, err
			}
			ok = count > 0 && n.Owner != ""
			owned[k] = ok
		}
		if !ok {
			continue
		}
		found = true
		if _, err := tx.exec(ctx, `INSERT INTO notes (match_id, seat, turn, owner, note) VALUES (?, ?, ?, ?, ?)
			ON CONFLICT (match_id, seat, turn) DO NOTHING`, id, n.Seat, n.Turn, n.Owner, n.Text); err != nil {
			return false, fmt.Errorf("seat %d turn %d: %w", n.Seat, n.Turn, err)
		}
	}
	return found, nil
}

// MatchNotes returns every note stored on the moves of match id, by seat then turn. Who may
// read which is the caller's to decide (archive: the seat's owner, and teachers).
func (s *Store) MatchNotes(ctx context.Context, id string) ([]NoteRecord, error) {
	rows, err := s.db.query(ctx, `SELECT seat, turn, owner, note FROM notes WHERE match_id = ? ORDER BY seat, turn`, id)
	if err != nil {
		return nil, fmt.Errorf("notes of %s: %w", id, err)
	}
	defer rows.Close()
	var out []NoteRecord
	for rows.Next() {
		var n NoteRecord
		if err := rows.Scan(&n.Seat, &n.Turn, &n.Owner, &n.Text); err != nil {
			return nil, fmt.Errorf("notes of %s: %w", id, err)
		}
		out = append(out, n)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("notes of %s: %w", id, err)
	}
	return out, nil
}
