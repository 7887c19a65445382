package commands

import (
	"github.com/arena-classroom/arena/archive"
	"github.com/arena-classroom/arena/replay"
	"github.com/arena-classroom/arena/server"
)

// readerOf is who reads a stored game in session s: the programs' notes shown are those of
// the seats their key played, all of them for a teacher.
func readerOf(s *server.Session) archive.Reader {
	return archive.Reader{ID: s.Who.ID, Teacher: s.Who.Admin}
}

// withNotes puts on the exported moves the notes their reader may see (archive.Game.Notes,
// by move index): `replay ID --json` shows a program's notes to its owner and teachers, and
// nothing of them to anyone else.
func withNotes(moves []replay.ExportedMove, notes map[int]string) {
	for i, text := range notes {
		if i >= 0 && i < len(moves) {
			moves[i].Note = text
		}
	}
}
