package director

import (
	"context"

	"github.com/arena-classroom/arena/store"
)

// The tournaments' vocabulary, as the director's callers use it: the lobby's screens and
// the bot sessions reach tournaments through the director and name no store.
type (
	// Tournament is a stored tournament.
	Tournament = store.Tournament
	// Entrant is one entrant of a tournament.
	Entrant = store.Entrant
)

// A tournament's states.
const (
	Open      = store.TournamentOpen
	Closed    = store.TournamentClosed
	Running   = store.TournamentRunning
	Paused    = store.TournamentPaused
	Finished  = store.TournamentFinished
	Cancelled = store.TournamentCancelled
)

// Kinds of entrant.
const (
	EntrantPerson  = store.EntrantPerson
	EntrantProgram = store.EntrantProgram
)

// Why an entry or a lookup was refused.
var (
	ErrNotFound      = store.ErrNotFound
	ErrNotOpen       = store.ErrNotOpen
	ErrEntrantExists = store.ErrEntrantExists
	ErrEntrantName   = store.ErrEntrantName
)

// Tournaments lists every tournament, newest first.
func (d *Director) Tournaments(ctx context.Context) ([]Tournament, error) {
	return d.st.Tournaments(ctx)
}
