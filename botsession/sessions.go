// Package botsession serves students' programs over SSH (`bot --game …`, the bot protocol
// of docs/bots.md): practice against house bots, quick match, a teacher's assignment, a
// class tournament. The Controller plays a program's seat in a live room.
package botsession

import (
	"context"
	"log/slog"
	"sync/atomic"

	"github.com/arena-classroom/arena/archive"
	"github.com/arena-classroom/arena/matchmaker"
	"github.com/arena-classroom/arena/presence"
	"github.com/arena-classroom/arena/roomdir"
	"github.com/arena-classroom/arena/store"
	"github.com/arena-classroom/arena/tournament/director"
)

// Assignments reads teachers' assignments and records the students' runs; *store.Store
// does.
type Assignments interface {
	Assignment(ctx context.Context, code string) (store.Assignment, error)
	RecordRun(ctx context.Context, r store.Run) error
}

// Options is what bot sessions need of the server. Nil stores turn their commands off with
// a sentence.
type Options struct {
	Rooms    roomdir.Directory
	Queue    *matchmaker.Matchmaker
	Presence *presence.Board
	// Archive seeds a program's tournament entry with its rating (nil: unrated).
	Archive     *archive.Archive
	Assignments Assignments
	// Practice keeps practice games in their player's history (nil: they are not kept).
	Practice PracticeStore
	// Notes keeps the programs' notes on the moves of their live games once those are
	// stored (nil: they are dropped); a practice game's are kept with it.
	Notes NotesStore
	// Tournaments and Director run class tournaments (both nil: none).
	Tournaments director.Store
	Director    *director.Director
	Logger      *slog.Logger
}

// Sessions serves bot sessions.
type Sessions struct {
	rooms       roomdir.Directory
	queue       *matchmaker.Matchmaker
	presence    *presence.Board
	archive     *archive.Archive
	assignments Assignments
	practiceSt  PracticeStore
	notes       NotesStore
	tournaments director.Store
	director    *director.Director
	log         *slog.Logger

	bots *botKeys // bot sessions and message buckets per key

	practiceKept atomic.Int64 // practice games kept per key (KeepPractice)

	// seedWatch hears the seed of every practice or assignment game as it starts (tests
	// check that no byte a player receives reveals one); nil outside tests.
	seedWatch func(seed uint64)
}

// New makes the bot sessions' service.
func New(o Options) *Sessions {
	if o.Logger == nil {
		o.Logger = slog.New(slog.DiscardHandler)
	}
	a := &Sessions{rooms: o.Rooms, queue: o.Queue, presence: o.Presence, archive: o.Archive, log: o.Logger,
		assignments: o.Assignments, practiceSt: o.Practice, notes: o.Notes, tournaments: o.Tournaments, director: o.Director, bots: newBotKeys()}
	a.KeepPractice(DefaultPracticeKept)
	return a
}

// WatchSeeds makes f hear the seed of every practice and assignment game as it starts.
func (a *Sessions) WatchSeeds(f func(seed uint64)) { a.seedWatch = f }
