package botsession

import (
	"context"
	"time"

	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/program"
	"github.com/arena-classroom/arena/rooms"
	"github.com/arena-classroom/arena/store"
)

// A program's own notes on its moves (the "note" of an action line: docs/bots.md, "Notes
// on your moves") are kept with its stored games, apart from their replays, for their owner
// and teachers: a live game's once its match is stored (notesKeeper), a practice game's
// with it (keepPractice). Notes of a game that is not stored are dropped.

// NotesStore keeps the programs' notes on the moves of stored matches; *store.Store does.
type NotesStore interface {
	SaveNotes(ctx context.Context, id string, notes []store.NoteRecord) (bool, error)
}

// noteRecords are a seat's notes as the store keeps them.
func noteRecords(notes []program.Note, seat int, owner string) []store.NoteRecord {
	out := make([]store.NoteRecord, len(notes))
	for i, n := range notes {
		out[i] = store.NoteRecord{Seat: seat, Turn: n.Turn, Owner: owner, Text: n.Text}
	}
	return out
}

// Waiting for a live game to be stored, when its program left before its end: how often
// the store is asked, how long at most, and how many times once the room's game is over
// (it is stored a moment after).
const (
	notesPoll      = 2 * time.Second
	notesPatience  = 3 * time.Hour
	notesAfterOver = 5
)

// newController is NewController for owner's program, whose notes on its moves are kept
// when the game is stored.
func (a *Sessions) newController(conn *program.Conn, g games.Game, maxStrikes int, owner string) *Controller {
	ctl := NewController(conn, g, maxStrikes)
	if a.notes != nil && owner != "" {
		ctl.keepNotes = func(r rooms.Seated, match string, seat int, stored bool) <-chan struct{} {
			notes := conn.TakeNotes(match)
			if len(notes) == 0 || match == "" {
				return nil
			}
			saved := make(chan struct{})
			go func() {
				defer close(saved)
				a.saveLiveNotes(r, match, noteRecords(notes, seat, owner), stored)
			}()
			if !stored {
				return nil // the game goes on without the program: nobody waits for it
			}
			return saved
		}
	}
	return ctl
}

// saveLiveNotes stores the notes of a live game once its match is: at once when the game
// is over for the program (stored: it was told the result, which the store had first),
// else (it left, a house bot plays on) when the room's game ends and is stored. A game
// that is not stored keeps none.
func (a *Sessions) saveLiveNotes(r rooms.Seated, match string, notes []store.NoteRecord, stored bool) {
	deadline := time.Now().Add(notesPatience)
	tries := 0
	for {
		ctx, cancel := context.WithTimeout(context.Background(), keepTimeout)
		ok, err := a.notes.SaveNotes(ctx, match, notes)
		cancel()
		switch {
		case err != nil:
			a.log.Error("a program's notes could not be stored", "match", match, "err", err)
			return
		case ok:
			return
		}
		if r == nil || stored {
			tries = notesAfterOver
		} else if st := r.Info().Status; st == rooms.Finished || st == rooms.Closed {
			tries++
		}
		if tries >= notesAfterOver || time.Now().After(deadline) {
			return // the game was not stored (void, or the store failed): its notes go with it
		}
		time.Sleep(notesPoll)
	}
}
