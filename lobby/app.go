// Package lobby is what a person sees over SSH: the Bubble Tea lobby (games, live rooms,
// quick match, private rooms, spectating, rules), the game screens, the matchmaker, and the
// plain-text commands such as `rooms`.
package lobby

import (
	"fmt"
	"io"
	"log/slog"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/arena-classroom/arena/catalog"
	"github.com/arena-classroom/arena/rooms"
	"github.com/arena-classroom/arena/server"
	"github.com/arena-classroom/arena/tournament/director"
)

// Options configures the lobby.
// DefaultFillAfter is how long quick match waits for another person by default.
const DefaultFillAfter = 10 * time.Second

type Options struct {
	Hub *rooms.Hub
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
	Archive Archive
	// Assignments keeps teachers' assignments (nil: none).
	Assignments Assignments
	// Tournaments keeps class tournaments, which Director runs (both nil: none).
	Tournaments Tournaments
	Director    *director.Director
	// FrameDrawn hears how long each room snapshot took from the hub to a person's terminal
	// (its lines written to the connection); nil: not timed.
	FrameDrawn func(delay time.Duration)
}

// App is the arena behind the SSH server.
type App struct {
	hub         *rooms.Hub
	mm          *Matchmaker
	log         *slog.Logger
	stall       time.Duration
	names       NameReleaser
	accounts    AccountReader
	archive     Archive
	assignments Assignments
	tournaments Tournaments
	director    *director.Director

	bots *botKeys // bot sessions and message buckets per key

	// seedWatch hears the seed of every practice or assignment game as it starts (tests
	// check that no byte a player receives reveals one); nil outside tests.
	seedWatch func(seed uint64)

	framesSent atomic.Uint64 // snapshots handed to the sessions' screens
	frameDrawn func(delay time.Duration)
	renders    atomic.Uint64 // screens drawn, every session together

	// The lobby's shared state changes (people come and go, rooms open, queues move): its
	// screens are told, at most twice a second, by closing changed (see lobbyChanged).
	presenceVersion atomic.Uint64
	changedMu       sync.Mutex
	changed         chan struct{}
	shownVersion    uint64
	shownAt         time.Time

	mu     sync.Mutex
	online map[any]presence // by session (people) or bot connection
	// onlineList is the sorted names online, shared read-only by every caller; nil when
	// the online set changed since it was built.
	onlineList []string
}

// presence is what the lobby shows of a connected person.
type presence struct {
	name  string
	where string
}

var _ server.App = (*App)(nil)

// New builds the lobby on hub.
func New(opts Options) *App {
	if opts.FillAfter <= 0 {
		opts.FillAfter = DefaultFillAfter
	}
	if opts.Logger == nil {
		opts.Logger = slog.New(slog.DiscardHandler)
	}
	if opts.StallTimeout <= 0 {
		opts.StallTimeout = 30 * time.Second
	}
	a := &App{
		names:       opts.Names,
		accounts:    opts.Accounts,
		archive:     opts.Archive,
		assignments: opts.Assignments,
		tournaments: opts.Tournaments,
		director:    opts.Director,
		hub:         opts.Hub,
		mm:          NewMatchmaker(opts.Hub, opts.FillAfter, opts.Hub.Config().Now),
		log:         opts.Logger,
		stall:       opts.StallTimeout,
		online:      make(map[any]presence),
		bots:        newBotKeys(),
		changed:     make(chan struct{}),
		frameDrawn:  opts.FrameDrawn,
	}
	if r, ok := opts.Names.(AccountReader); ok && a.accounts == nil {
		a.accounts = r
	}
	opts.Hub.OnTick(a.announce)
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
	v := a.presenceVersion.Load() + a.hub.Version() + a.mm.version.Load()
	if a.director != nil {
		v += a.director.Version()
	}
	a.changedMu.Lock()
	defer a.changedMu.Unlock()
	if v == a.shownVersion || now.Sub(a.shownAt) < lobbyRefresh {
		return
	}
	a.shownVersion, a.shownAt = v, now
	close(a.changed)
	a.changed = make(chan struct{})
}

// Matchmaker is the lobby's matchmaker (bot programs queue through it too).
func (a *App) Matchmaker() *Matchmaker { return a.mm }

// Online lists who is connected, sorted by name, with where they are.
func (a *App) Online() []string {
	a.mu.Lock()
	defer a.mu.Unlock()
	// Built once per change, not once per screen drawn: every lobby shows it.
	if a.onlineList == nil {
		out := make([]string, 0, len(a.online))
		for _, p := range a.online {
			out = append(out, p.name)
		}
		slices.Sort(out)
		a.onlineList = slices.Compact(out)
	}
	return a.onlineList
}

func (a *App) setPresence(s *session, where string) { a.SetPresence(s, s.who.Name, where) }

// SetPresence shows name as online (key identifies the connection: a session, a bot).
func (a *App) SetPresence(key any, name, where string) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if old, ok := a.online[key]; !ok || old.name != name {
		a.onlineList = nil
		a.presenceVersion.Add(1)
	}
	a.online[key] = presence{name: name, where: where}
}

// Leave removes a connection from the online list.
func (a *App) Leave(key any) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if _, ok := a.online[key]; ok {
		delete(a.online, key)
		a.onlineList = nil
		a.presenceVersion.Add(1)
	}
}

func (a *App) leave(s *session) { a.Leave(s) }

// Interactive builds the lobby, or the screen a command asks for.
func (a *App) Interactive(s *server.Session) (tea.Model, func(*tea.Program), error) {
	if usage, ok := helpFor(s.Args); ok {
		// ssh -t HOST play --help: the usage on the terminal, as without -t, and exit 0.
		_, _ = io.WriteString(s.SSH, strings.ReplaceAll(usage, "\n", "\r\n"))
		return quitAtOnce{}, nil, nil
	}
	sess := newSession(a, s)
	first, err := sess.screenFor(s.Args)
	if err != nil {
		return nil, nil, err
	}
	m := &model{s: sess, screen: first}
	if _, home := first.(*homeScreen); home {
		m.notice = s.NameNote // why the lobby calls them what it does (ssh root@host)
		// Back after a lost connection: straight into the game that kept the seat.
		if r, ok := a.hub.SeatOf(s.Who.ID); ok {
			m.screen = newGameScreen(r)
			m.notice = "welcome back: your game went on while you were away"
		}
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

// Exec runs a command without a terminal.
func (a *App) Exec(s *server.Session, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(s.Args) == 0 {
		fmt.Fprintln(stderr, "arena: this needs a terminal; connect with plain ssh (or ssh -t)")
		return 1
	}
	if usage, ok := helpFor(s.Args); ok {
		fmt.Fprint(stdout, usage)
		return 0
	}
	switch s.Args[0] {
	case "rooms":
		writeRooms(stdout, a.hub.List())
		return 0
	case "bot":
		return a.botCommand(s, stdin, stdout, stderr)
	case "spec":
		return a.specCommand(s, stdout, stderr)
	case "play", "watch", "wall":
		fmt.Fprintf(stderr, "arena: %q needs a terminal: use ssh -t …\n", s.Args[0])
		return 1
	case "names":
		return a.namesCommand(s, stdout, stderr)
	case "replay":
		return a.replayCommand(s, stdout, stderr)
	case "history":
		return a.historyCommand(s, stdout, stderr)
	case "assignment":
		return a.assignmentCommand(s, stdout, stderr)
	case "leaderboard":
		return a.leaderboardCommand(s, stdout, stderr)
	case "tournament":
		return a.tournamentCommand(s, stdout, stderr)
	case "whoami":
		return a.whoamiCommand(s, stdout, stderr)
	case "help", "--help", "-h":
		fmt.Fprint(stdout, commandsHelp)
		return 0
	default:
		fmt.Fprintf(stderr, "arena: unknown command %q\n\n%s", s.Args[0], commandsHelp)
		return 2
	}
}

const commandsHelp = `Commands (ssh -p PORT HOST COMMAND):
  (none)                              the lobby (needs a terminal)
  play GAME [--vs BOT] [--size N]     start a game at once (ssh -t); without --vs, quick match
  watch ROOM                          watch a live room by id or code (ssh -t)
  wall [CODE]                         every live game (of a tournament) at once, for the projector (ssh -t)
  rooms                               list live rooms as text
  bot --game GAME [options]           play as a program over the bot protocol (ssh -T)
  spec GAME                           print a game's bot observation and action schema
  replay ID [--json]                  watch a stored game again (ssh -t), or export it as JSON
  history [NAME] [--game G] [--json]  a player's stored games (yours by default), with their ids
  leaderboard GAME [--csv|--json]     the game's ratings (OpenSkill, μ − 3σ), with each one's history
  whoami                              your name, your key's fingerprint, your other names, teacher or not
  names release NAME                  teachers: free a display name for the next key that asks
  assignment create|list|export …     teachers: "beat the reference bot" (see assignment --help)
  tournament standings CODE [--json]  a tournament's standings (list shows them all)
  tournament create|add|start|…       teachers: class tournaments (see tournament --help)
  help                                this text
COMMAND --help prints a command's usage.
`

// writeRooms prints live rooms as an aligned text table.
func writeRooms(w io.Writer, list []rooms.Info) {
	if len(list) == 0 {
		fmt.Fprintln(w, "no live rooms")
		return
	}
	t := newTable(left("ROOM"), left("GAME"), left("STATE"), right("WATCHING"), left("PLAYERS"))
	for _, r := range list {
		t.add(r.ID, clean(r.Game), string(r.Status), strconv.Itoa(r.Spectators), clean(r.Players()))
	}
	t.write(w, "")
}

// catalogEntry finds a game, with a sentence listing the games when it is unknown.
func catalogEntry(id string) (catalog.Entry, error) { return catalog.Lookup(id) }

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
}

// Stats reads the lobby's figures now.
func (a *App) Stats() Stats {
	st := Stats{Places: map[string]int{}, Waiting: map[string]int{}, FramesSent: a.framesSent.Load(), Renders: a.renders.Load()}
	a.mu.Lock()
	for _, p := range a.online {
		where, _, _ := strings.Cut(p.where, " ")
		st.Places[where]++
	}
	a.mu.Unlock()
	for _, e := range catalog.All() {
		st.Waiting[e.Game.ID()] = a.mm.Waiting(e.Game.ID())
	}
	return st
}
