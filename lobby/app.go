// Package lobby is what a person sees over SSH: the Bubble Tea model and session, and the
// screens of the lobby (games, live rooms, quick match, private rooms, spectating) and the
// game screen; the tournaments, replays and the texts to read (rules, leaderboards) are
// screens of sub-packages shown through the screen contract (lobby/screen). Rooms, the
// matchmaker's queue, stored games and tournaments are reached through roomdir, matchmaker,
// archive and the tournament director.
package lobby

import (
	"context"
	"log/slog"
	"sync"
	"sync/atomic"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/arena-classroom/arena/archive"
	"github.com/arena-classroom/arena/lobby/screen"
	"github.com/arena-classroom/arena/matchmaker"
	"github.com/arena-classroom/arena/presence"
	"github.com/arena-classroom/arena/roomdir"
	"github.com/arena-classroom/arena/server"
	"github.com/arena-classroom/arena/tournament/director"
)

// Options is what the screens need of the server.
type Options struct {
	Rooms    roomdir.Directory
	Queue    *matchmaker.Matchmaker
	Presence *presence.Board
	// Archive is the record of finished games (nil: none kept).
	Archive *archive.Archive
	// Director runs class tournaments (nil: none).
	Director *director.Director
	Logger   *slog.Logger
	// StallTimeout ends a session whose terminal stopped taking frames for this long.
	StallTimeout time.Duration
	// FrameDrawn hears how long each room snapshot took from the hub to a person's terminal
	// (its lines written to the connection); nil: not timed.
	FrameDrawn func(delay time.Duration)
	// OnlineElsewhere is who is connected to a cluster's other nodes, sorted (nil alone);
	// its changes show in Rooms.Version.
	OnlineElsewhere func() []string
	// Choose keeps a key's choice of language or keyboard (store.SetPreference; nil: the
	// lobby's choices last as long as the session).
	Choose func(ctx context.Context, id, pref, value string) error
}

// App is the lobby's screens, for every terminal session.
type App struct {
	hub      roomdir.Directory
	mm       *matchmaker.Matchmaker
	log      *slog.Logger
	stall    time.Duration
	archive  *archive.Archive
	director *director.Director
	presence *presence.Board
	// elsewhere is Options.OnlineElsewhere; online the last union with it (Online).
	elsewhere func() []string
	online    atomic.Pointer[onlineList]
	// services are what the screens use of the server besides the session.
	services *screen.Services
	choose   func(ctx context.Context, id, pref, value string) error

	framesSent atomic.Uint64 // snapshots handed to the sessions' screens
	frameDrawn func(delay time.Duration)
	renders    atomic.Uint64 // screens drawn, every session together
	announced  atomic.Uint64 // times the lobby's screens were told of a change

	// The lobby's shared state changes (people come and go, rooms open, queues move): its
	// screens are told, at most twice a second, by closing changed (see lobbyChanged).
	changedMu    sync.Mutex
	changed      chan struct{}
	shownVersion uint64
	shownAt      time.Time
	views        lobbyViews // the lobby's view, made once per change (lobbyNow)
}

// New builds the lobby's screens.
func New(opts Options) *App {
	if opts.Logger == nil {
		opts.Logger = slog.New(slog.DiscardHandler)
	}
	if opts.StallTimeout <= 0 {
		opts.StallTimeout = 30 * time.Second
	}
	if opts.Presence == nil {
		opts.Presence = presence.New()
	}
	a := &App{
		choose:     opts.Choose,
		hub:        opts.Rooms,
		mm:         opts.Queue,
		log:        opts.Logger,
		stall:      opts.StallTimeout,
		archive:    opts.Archive,
		director:   opts.Director,
		presence:   opts.Presence,
		elsewhere:  opts.OnlineElsewhere,
		changed:    make(chan struct{}),
		frameDrawn: opts.FrameDrawn,
	}
	a.services = &screen.Services{Director: opts.Director, Archive: opts.Archive, Log: opts.Logger}
	opts.Rooms.OnTick(a.announce)
	return a
}

// lobbyRefresh is the most often the lobby's screens are drawn again for a change.
const lobbyRefresh = 500 * time.Millisecond

// lobbyChanged is closed when the lobby's shared state changes.
func (a *App) lobbyChanged() <-chan struct{} {
	a.changedMu.Lock()
	defer a.changedMu.Unlock()
	return a.changed
}

// announce, on the hub's tick, tells the lobby's screens that something they show changed.
func (a *App) announce(now time.Time) {
	v := a.presence.Version() + a.hub.Version() + a.mm.Version()
	if a.director != nil {
		v += a.director.Version()
	}
	a.changedMu.Lock()
	defer a.changedMu.Unlock()
	if v == a.shownVersion || now.Sub(a.shownAt) < lobbyRefresh {
		return
	}
	a.shownVersion, a.shownAt = v, now
	a.announced.Add(1)
	close(a.changed)
	a.changed = make(chan struct{})
}

// onlineList is who was online everywhere when the versions were key.
type onlineList struct {
	key   [2]uint64 // the board's version, the rooms' (the other nodes' lists with them)
	names []string
}

// Online lists who is connected, here and on a cluster's other nodes, sorted by name. The
// union is made once per change, not once per screen drawn. The slice is shared: never
// change it.
func (a *App) Online() []string {
	if a.elsewhere == nil {
		return a.presence.Online()
	}
	key := [2]uint64{a.presence.Version(), a.hub.Version()}
	if l := a.online.Load(); l != nil && l.key == key {
		return l.names
	}
	names := presence.Union(a.presence.Online(), a.elsewhere())
	a.online.Store(&onlineList{key: key, names: names})
	return names
}

func (a *App) setPresence(s *session, where string) { a.presence.Set(s, s.who.Name, where) }

func (a *App) leave(s *session) { a.presence.Leave(s) }

// Interactive builds the lobby, or the screen a command asks for (play, watch, wall, replay).
func (a *App) Interactive(s *server.Session) (tea.Model, func(*tea.Program), error) {
	sess := newSession(a, s)
	// Back after a lost connection, or a restart of the node: straight into the game that
	// kept the seat, wherever it is now — connecting again the way one first did, with a
	// plain ssh or with play GAME … for that game (not into a new game).
	var back roomdir.Room
	if r, ok := a.hub.SeatOf(s.Who.ID); ok {
		switch {
		case len(s.Args) == 0:
			back = r
		case len(s.Args) >= 2 && s.Args[0] == "play" && r.Game().Game.ID() == s.Args[1] && (away(r, s.Who.ID) || r.Info().Was != ""):
			// A seat they lost, not one they play in another window; or a game moved from a
			// node that restarted, where the session they had there may still count as
			// connected for a moment after that node ended it.
			back = r
		}
	}
	var first screen.Screen
	if back != nil {
		first = newGameScreen(back)
	} else {
		var err error
		if first, err = sess.screenFor(s.Args); err != nil {
			return nil, nil, err
		}
	}
	m := &model{s: sess, screen: first}
	if len(s.Args) > 0 {
		m.command = s.Args[0] // its first screen is its last: going back ends the session
	}
	if _, home := first.(*homeScreen); home {
		m.notice = s.NameNote.In(s.Lang) // why the lobby calls them what it does (ssh root@host)
	}
	if back != nil {
		m.notice = sess.lang.Sprintf("welcome back: your game went on while you were away")
	}
	a.setPresence(sess, "lobby")
	attach := func(p *tea.Program) {
		sess.program = p
		windows := s.TakeWindowChanges()
		// One goroutine a session: it forwards frames and window changes, and when the
		// connection ends it gives up the session's place (a running game keeps the seat a
		// while).
		go func() {
			defer func() {
				sess.drop()
				a.leave(sess)
			}()
			sess.forward(s.SSH.Context(), windows)
		}()
	}
	return m, attach, nil
}

// away reports whether userID holds a seat of r with no session on it: their connection
// dropped, or their node restarted.
func away(r roomdir.Room, userID string) bool {
	for _, seat := range r.Info().Seats {
		if seat.UserID == userID && !seat.Connected {
			return true
		}
	}
	return false
}

// Stats are the lobby's figures for an operator's metrics.
type Stats struct {
	// Places counts the people online by where they are: "lobby", "playing", "watching".
	Places map[string]int
	// Waiting counts the players waiting in quick match, by game id.
	Waiting map[string]int
	// FramesSent counts the room snapshots handed to the sessions' screens.
	FramesSent uint64
	// Renders counts the screens drawn (every session's View), the lobby's main cost.
	Renders uint64
	// Announcements counts the times the lobby's screens were told that what they show
	// changed (each one draws every screen on the lobby again).
	Announcements uint64
}

// Stats reads the lobby's figures now (the places and queues are the caller's to add).
func (a *App) Stats() Stats {
	return Stats{FramesSent: a.framesSent.Load(), Renders: a.renders.Load(), Announcements: a.announced.Load()}
}
