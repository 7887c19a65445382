package director

import (
	"context"
	"strings"

	"github.com/arena-classroom/arena/lang"
	"github.com/arena-classroom/arena/tournament"

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

// StateText is a tournament's state (Open, Running, …) as l's readers say it: "running",
// "en cours". Its keys in the catalogs say what the word is of ("tournament state: open"
// is "open" in English, "ouvert" in French: a room's "open" is not a tournament's). A
// state this arena does not know is shown as it is.
func StateText(state string, l lang.Lang) string { return StateT(state).In(l) }

// StateT is StateText to be said later (in an error, a note).
func StateT(state string) lang.Text {
	switch state {
	case Open:
		return lang.T("tournament state: open")
	case Closed:
		return lang.T("tournament state: closed")
	case Running:
		return lang.T("tournament state: running")
	case Paused:
		return lang.T("tournament state: paused")
	case Finished:
		return lang.T("tournament state: finished")
	case Cancelled:
		return lang.T("tournament state: cancelled")
	}
	return lang.Text{Key: state} // not in the catalogs: said as it is
}

// paceT is a tournament's pace (PaceFast, PaceLive) for sentences.
func paceT(pace string) lang.Text {
	switch pace {
	case PaceFast:
		return lang.T("tournament pace: fast")
	case PaceLive:
		return lang.T("tournament pace: live")
	}
	return lang.Text{Key: pace}
}

// FormatText is a tournament's format as l's readers say it: "swiss:5" is "suisse:5" in
// French (the command line takes the English names).
func FormatText(spec string, l lang.Lang) string {
	name, rest, colon := strings.Cut(spec, ":")
	var s string
	switch name {
	case "round-robin":
		s = l.Sprintf("round-robin")
	case "double-round-robin":
		s = l.Sprintf("double-round-robin")
	case "swiss":
		s = l.Sprintf("swiss")
	case "elimination":
		s = l.Sprintf("elimination")
	case "pools":
		s = l.Sprintf("pools")
	default:
		return spec
	}
	if colon {
		s += ":" + rest
	}
	return s
}

// TieBreakText is a tie-break's name (tournament.Buchholz, …) as l's readers say it.
func TieBreakText(name string, l lang.Lang) string {
	switch name {
	case tournament.HeadToHead:
		return l.Sprintf("head-to-head")
	case tournament.TablePoints:
		return l.Sprintf("table points")
	}
	return name // Buchholz, Sonneborn-Berger: names
}
