// Package commands is the arena behind the SSH server: one table of the commands people and
// programs type after `ssh HOST` (commands.go), from which dispatch with and without a
// terminal, `help` and every command's --help are made. A command runs here as text, opens
// one of the lobby's screens, or serves a program (botsession).
package commands

import (
	"context"
	"io"
	"log/slog"
	"strings"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/arena-classroom/arena/archive"
	"github.com/arena-classroom/arena/botsession"
	"github.com/arena-classroom/arena/catalog"
	"github.com/arena-classroom/arena/lang"
	"github.com/arena-classroom/arena/lobby"
	"github.com/arena-classroom/arena/matchmaker"
	"github.com/arena-classroom/arena/presence"
	"github.com/arena-classroom/arena/roomdir"
	"github.com/arena-classroom/arena/rooms"
	"github.com/arena-classroom/arena/server"
	"github.com/arena-classroom/arena/store"
	"github.com/arena-classroom/arena/tournament/director"
)

// DefaultFillAfter is how long quick match waits for another person by default.
const DefaultFillAfter = 10 * time.Second

// Options configures the arena. Nil stores turn off what needs them, with a sentence.
type Options struct {
	Hub *rooms.Hub
	// Rooms is where the live rooms are found (nil: the hub's, roomdir.Local); a cluster's
	// node gives the whole cluster's.
	Rooms roomdir.Directory
	// FillAfter is how long quick match waits for humans before house bots fill the table
	// (DefaultFillAfter).
	FillAfter time.Duration
	Logger    *slog.Logger
	// StallTimeout ends a session whose terminal stopped taking frames for this long.
	StallTimeout time.Duration
	// Names lets teachers release display names (nil: the command says it is unavailable).
	Names NameReleaser
	// Accounts reads a key's names for whoami (nil: Names, if it reads them too, else none).
	Accounts AccountReader
	// Archive is the record of finished games, for replays and histories (nil: none kept).
	Archive archive.Store
	// Assignments keeps teachers' assignments (nil: none).
	Assignments Assignments
	// Tournaments keeps class tournaments, which Director runs (both nil: none).
	Tournaments Tournaments
	Director    *director.Director
	// FrameDrawn hears how long each room snapshot took from the hub to a person's terminal
	// (its lines written to the connection); nil: not timed.
	FrameDrawn func(delay time.Duration)
	// OnlineElsewhere is who is connected to a cluster's other nodes (nil alone): the
	// lobby lists everyone.
	OnlineElsewhere func() []string
}

// App is the arena behind the SSH server.
type App struct {
	rooms       roomdir.Directory
	mm          *matchmaker.Matchmaker
	log         *slog.Logger
	names       NameReleaser
	accounts    AccountReader
	archive     *archive.Archive
	assignments Assignments
	tournaments Tournaments
	director    *director.Director
	presence    *presence.Board

	lobby *lobby.App
	bots  *botsession.Sessions
}

var _ server.App = (*App)(nil)

// New builds the arena on opts.Hub.
func New(opts Options) *App {
	if opts.FillAfter <= 0 {
		opts.FillAfter = DefaultFillAfter
	}
	if opts.Logger == nil {
		opts.Logger = slog.New(slog.DiscardHandler)
	}
	dir := opts.Rooms
	if dir == nil {
		dir = roomdir.Local(opts.Hub)
	}
	a := &App{
		rooms:    dir,
		mm:       matchmaker.New(dir, opts.FillAfter, opts.Hub.Config().Now),
		log:      opts.Logger,
		names:    opts.Names,
		accounts: opts.Accounts,
		archive:  archive.New(opts.Archive, opts.Logger),
		director: opts.Director,
		presence: presence.New(),

		assignments: opts.Assignments,
		tournaments: opts.Tournaments,
	}
	if r, ok := opts.Names.(AccountReader); ok && a.accounts == nil {
		a.accounts = r
	}
	lo := lobby.Options{Rooms: dir, Queue: a.mm, Presence: a.presence, Archive: a.archive, Director: opts.Director,
		Logger: opts.Logger, StallTimeout: opts.StallTimeout, FrameDrawn: opts.FrameDrawn, OnlineElsewhere: opts.OnlineElsewhere}
	if w, ok := a.accounts.(PreferenceWriter); ok {
		lo.Choose = func(ctx context.Context, id, pref, value string) error {
			return w.SetPreference(ctx, id, store.Preference(pref), value)
		}
	}
	a.lobby = lobby.New(lo)
	bo := botsession.Options{Rooms: dir, Queue: a.mm, Presence: a.presence, Archive: a.archive, Director: opts.Director,
		Assignments: opts.Assignments, Tournaments: opts.Tournaments, Logger: opts.Logger}
	if ps, ok := opts.Archive.(botsession.PracticeStore); ok {
		bo.Practice = ps // a store that keeps games keeps practice too (*store.Store)
	}
	if ns, ok := opts.Archive.(botsession.NotesStore); ok {
		bo.Notes = ns // and the programs' notes on their moves
	}
	a.bots = botsession.New(bo)
	return a
}

// Director runs the tournaments (nil without a store).
func (a *App) Director() *director.Director { return a.director }

// Matchmaker is quick match (a cluster's node keeps its queues with the others').
func (a *App) Matchmaker() *matchmaker.Matchmaker { return a.mm }

// Bots is the service of bot sessions (its limits may be changed).
func (a *App) Bots() *botsession.Sessions { return a.bots }

// Interactive opens the lobby, or the screen a command asks for, on a terminal.
func (a *App) Interactive(s *server.Session) (tea.Model, func(*tea.Program), error) {
	a.preferences(s)
	if usage, ok := helpFor(s.Args, s.Lang); ok {
		// ssh -t HOST play --help: the usage on the terminal, as without -t, and exit 0.
		_, _ = io.WriteString(s.SSH, crlf(usage))
		return quitAtOnce{}, nil, nil
	}
	if len(s.Args) > 0 {
		c, ok := lookup(s.Args[0])
		switch {
		case !ok:
			return nil, nil, lang.Errorf("unknown command %q\n\n%s", s.Args[0], commandsHelp(s.Lang))
		case !c.screen:
			return nil, nil, lang.Errorf("%s prints text: run it without -t (ssh HOST %s)", c.name, strings.Join(s.Args, " "))
		}
	}
	return a.lobby.Interactive(s)
}

// Stats are the arena's figures for an operator's metrics.
type Stats = lobby.Stats

// Stats reads the arena's figures now.
func (a *App) Stats() Stats {
	st := a.lobby.Stats()
	st.Places = a.presence.Places()
	st.Waiting = map[string]int{}
	for _, e := range catalog.All() {
		st.Waiting[e.Game.ID()] = a.mm.Waiting(e.Game.ID())
	}
	return st
}

// Online lists who is connected to this node (people and programs), sorted by name.
func (a *App) Online() []string { return a.presence.Online() }
