package lobby

import (
	"context"
	"flag"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"

	"github.com/arena-classroom/arena/archive"
	"github.com/arena-classroom/arena/bots"
	"github.com/arena-classroom/arena/catalog"
	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/internal/plaintext"
	"github.com/arena-classroom/arena/internal/termtext"
	"github.com/arena-classroom/arena/keys"
	"github.com/arena-classroom/arena/lang"
	"github.com/arena-classroom/arena/lobby/replays"
	"github.com/arena-classroom/arena/lobby/roomview"
	"github.com/arena-classroom/arena/lobby/screen"
	"github.com/arena-classroom/arena/lobby/tournaments"
	"github.com/arena-classroom/arena/lobby/widget"
	"github.com/arena-classroom/arena/roomdir"
	"github.com/arena-classroom/arena/rooms"
	"github.com/arena-classroom/arena/tournament/director"
)

// model is a session's Bubble Tea model: a stack-free screen switcher with a help overlay
// and a one-line notice.
type model struct {
	s        *session
	screen   screen.Screen
	showHelp bool
	helpPage *widget.Pager // the ? overlay's text, scrolled when it is taller than the window
	notice   string
	lastGame string // the id of the game last played, watched or replayed: the lobby opens on it
	now      time.Time
	// command is what the session was opened with (play, watch, wall, replay; "" for the
	// lobby): going back from its first screen ends the session (Back).
	command string
	// ending: the session ends once this view is drawn; farewell is what it says then.
	ending   bool
	farewell string
	lobby    *lobbyView // the lobby's shared state as last taken (lobbyNow), drawn by screens
	clockOn  bool       // a clockMsg is on its way
	called   bool       // a tournament calls this person to a game: the countdown runs
	bell     bool       // ring once with the next frame
	rung     director.Call
	// snapAt is when the hub published the room snapshot the next frame draws (zero: none
	// waits), to time its way to the terminal.
	snapAt time.Time
}

type clockMsg time.Time

// lobbyMsg says that what the lobby shows (who is online, the live rooms, the queues) changed.
type lobbyMsg struct{}

// callMsg says that a tournament calls this person, whatever screen they are on.
type callMsg struct{}

// clock refreshes countdowns twice a second, on the screens that show one (screen.Ticker).
func clock() tea.Cmd {
	return tea.Tick(500*time.Millisecond, func(t time.Time) tea.Msg { return clockMsg(t) })
}

// showsLobby reports whether screen p shows the lobby's shared state: it hears lobbyMsg.
func showsLobby(p screen.Screen) bool {
	_, ok := p.(screen.LobbyViewer)
	return ok
}

// schedule starts the clock when the screen needs it, and tells the session whether the
// screen wants lobby changes.
func (m *model) schedule(cmd tea.Cmd) tea.Cmd {
	m.s.wantsLobby.Store(showsLobby(m.screen))
	// A screen showing something that moves with time (a countdown, a spinner) has the
	// clock run while it is shown; others are drawn again only when something changes, so
	// that a thousand people idle in the lobby cost nothing.
	t, ok := m.screen.(screen.Ticker)
	if (ok && t.Ticks() || m.called) && !m.clockOn {
		m.clockOn = true
		return tea.Batch(cmd, clock())
	}
	return cmd
}

func (m *model) Init() tea.Cmd {
	m.now = time.Now()
	m.lobby = m.s.app.lobbyNow()
	var cmd tea.Cmd
	if in, ok := m.screen.(screen.Initer); ok {
		cmd = in.Init(m)
	}
	return m.schedule(cmd)
}

func (m *model) Width() int  { return m.s.ssh.Width }
func (m *model) Height() int { return m.s.ssh.Height }

func (m *model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if snap, ok := msg.(snapMsg); ok && m.snapAt.IsZero() {
		m.snapAt = snap.snap.Published
	}
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.s.ssh.Width, m.s.ssh.Height = msg.Width, msg.Height
	case clockMsg:
		m.now = time.Time(msg)
		m.clockOn = false
		if cmd, called := m.tournamentCall(); called {
			return m, m.schedule(cmd)
		}
		next, cmd := m.screen.Update(m, msg)
		return m, m.schedule(tea.Batch(cmd, m.show(next)))
	case lobbyMsg:
		if !showsLobby(m.screen) {
			return m, nil
		}
		m.now = time.Now()
		m.lobby = m.s.app.lobbyNow()
		cmd, called := m.tournamentCall()
		if !called {
			next, load := m.screen.Update(m, screen.LobbyChanged{})
			m.screen, cmd = next, tea.Batch(cmd, load)
		}
		return m, m.schedule(cmd)
	case callMsg:
		m.now = time.Now()
		cmd, _ := m.tournamentCall()
		return m, m.schedule(cmd)
	case tea.KeyMsg:
		switch {
		case key.Matches(msg, globalKeys.quit):
			return m, m.end("")
		case key.Matches(msg, globalKeys.help):
			if _, typing := m.screen.(*joinScreen); !typing || m.showHelp {
				m.setHelp(!m.showHelp)
				return m, m.schedule(nil)
			}
		}
		if m.showHelp {
			if !m.helpPage.Key(msg) {
				m.setHelp(false) // esc, q or any other key closes the help
			}
			return m, m.schedule(nil)
		}
		m.notice = ""
	}
	m.now = time.Now() // what this message shows (a snapshot, a key's effect) is as of now
	next, cmd := m.screen.Update(m, msg)
	return m, m.schedule(tea.Batch(cmd, m.show(next)))
}

// show makes next the screen shown, and returns what it starts: one that draws the lobby's
// shared state draws it as of now (lobby changes are not taken while a game or a replay is
// shown), and a screen that loads what it shows (screen.Loader) starts loading it.
func (m *model) show(next screen.Screen) tea.Cmd {
	if next == m.screen {
		return nil
	}
	m.screen = next
	if showsLobby(next) {
		m.lobby = m.s.app.lobbyNow()
	}
	if l, ok := next.(screen.Loader); ok {
		return l.Load(m)
	}
	return nil
}

func (m *model) View() string {
	m.s.app.renders.Add(1)
	if m.ending {
		return m.farewell
	}
	var body string
	if m.bell {
		// BEL takes no room on the screen; the terminal rings (or flashes).
		body, m.bell = "\a", false
	}
	if m.showHelp {
		body += m.helpView()
	} else {
		body += m.screen.View(m)
	}
	tail := 1 // the footer
	if m.notice != "" {
		notice := m.s.st.Warn.Render(m.s.st.Wrap(m.notice, m.Width()-1))
		body += "\n" + notice
		tail += strings.Count(notice, "\n") + 1
	}
	return fitWindow(body, m.Height(), tail)
}

// fitWindow keeps a view within the window's rows. A view taller than the window loses
// rows from its middle, never its header (the first row) nor its last tail rows (the
// footer, a notice): the terminal would scroll the header away.
func fitWindow(view string, height, tail int) string {
	if height <= 0 || strings.Count(view, "\n") < height {
		return view
	}
	lines := strings.Split(view, "\n")
	tail = min(tail, height-1)
	return strings.Join(append(lines[:height-tail:height-tail], lines[len(lines)-tail:]...), "\n")
}

// helpHolder is a screen that does something while its help is open (a game stops its
// player's clock where the room allows it).
type helpHolder interface {
	helpShown(m screen.Model, open bool)
}

// helpClock is a screen whose help says how a clock stands ("your move: 0:41").
type helpClock interface{ helpClock(m screen.Model) string }

// setHelp opens or closes the ? overlay.
func (m *model) setHelp(open bool) {
	if open == m.showHelp {
		return
	}
	m.showHelp = open
	if open {
		m.helpPage = widget.NewPager()
	}
	if h, ok := m.screen.(helpHolder); ok {
		h.helpShown(m, open)
	}
}

// helpView is the ? overlay: the screen's help and its keys in a box, folded to the window
// and scrolled (pager) when it is taller, with where it stands and the screen's clock below.
func (m *model) helpView() string {
	st := m.s.st
	// The box's borders and padding take 4 columns; its borders, the footer and a notice 4 rows.
	text := termtext.Reflow(m.screen.Help(m)+"\n\n"+m.keysText(m.screen.Keys(m)), m.Width()-4)
	m.helpPage.Set(text, m.Height()-4)
	l := m.s.lang
	footer := l.Sprintf("any key closes this help")
	if w := m.helpPage.WhereIn(l); w != "" {
		footer = l.Sprintf("%s · any other key closes", w)
	}
	if c, ok := m.screen.(helpClock); ok {
		if clock := c.helpClock(m); clock != "" {
			footer = clock + " · " + footer
		}
	}
	// The box is as wide as the widest line of the whole text, not of the lines shown: it
	// keeps its width as it scrolls. (Width counts the padding, not the border.)
	wide := 0
	for _, l := range strings.Split(text, "\n") {
		wide = max(wide, ansi.StringWidth(l))
	}
	return st.Box.Width(wide+2).Render(m.helpPage.View()) + "\n" + st.Dim.Render(termtext.Fit(footer, m.Width()))
}

// view is the lobby's view the screens draw: the one the model last took (Init, or the
// lobby's change), made at once for a model that has none yet (a screen drawn before Init).
func (m *model) view() *lobbyView {
	if m.lobby == nil {
		m.lobby = m.s.app.lobbyNow()
	}
	return m.lobby
}

// end ends the session, leaving any room, with a farewell that says why: what the person
// did (notice), and how to come back.
func (m *model) end(notice string) tea.Cmd {
	m.s.detach()
	m.ending = true
	m.farewell = ""
	if notice != "" {
		m.farewell = notice + "\n"
	}
	if m.command != "" {
		l := m.s.lang
		m.farewell += l.Say(farewells[m.command]) + " " + l.Sprintf("Without a command, ssh -t HOST opens the lobby.")
	}
	return tea.Quit
}

// farewells say what a session opened into a screen closes when it ends.
var farewells = map[string]string{
	"play":   lang.N("The game is closed for you."),
	"watch":  lang.N("You stopped watching."),
	"wall":   lang.N("The wall is closed."),
	"replay": lang.N("The replay is closed."),
}

// Farewell is what the session says as it ends (the server writes it to the terminal once
// the screen is given back): "" when it ends without a word.
func (m *model) Farewell() string { return m.farewell }

// toLobby returns to the home screen, leaving any room.
func (m *model) toLobby(notice string) (screen.Screen, tea.Cmd) {
	m.s.detach()
	m.command = "" // a session that reached the lobby (a tournament called them) is a lobby session
	m.notice = notice
	return &homeScreen{game: gameIndex(m.lastGame)}, nil
}

// gameIndex is the place of game id in catalog.All() (the first game when id is none).
func gameIndex(id string) int {
	for i, e := range catalog.All() {
		if e.Game.ID() == id {
			return i
		}
	}
	return 0
}

// Header is the top line of every screen.
func (m *model) Header(right string) string {
	left := m.s.st.Title.Render("arena") + m.s.st.Dim.Render(" · ") + plaintext.Clean(m.s.who.Name)
	if m.s.who.Guest {
		left += m.s.st.Dim.Render(m.s.lang.Sprintf(" (guest)"))
	}
	gap := m.Width() - lipgloss.Width(left) - lipgloss.Width(right)
	if gap < 1 {
		gap = 1
	}
	return left + strings.Repeat(" ", gap) + right
}

// boardFits reports whether e's board for cfg fits a width × height window (boards whose view
// does not say how large they are fit by assumption).
func boardFits(e catalog.Entry, cfg games.Config, width, height int) bool {
	w, h := windowFor(e, cfg)
	return w <= width && h <= height
}

// windowFor is the smallest window that shows e's board for cfg beside the side panel
// (0×0 for boards whose view does not say how large they are).
func windowFor(e catalog.Entry, cfg games.Config) (width, height int) {
	f, ok := e.View.(games.Fitter)
	if !ok {
		return 0, 0
	}
	bw, bh := f.BoardSize(cfg)
	rw, rh := roomview.BoardRoom(0, 0) // what the side panel and the chrome take: negative
	return bw - rw, bh - rh
}

// screenFor is the first screen for an exec command on a PTY.
func (s *session) screenFor(args []string) (screen.Screen, error) {
	if len(args) == 0 {
		return &homeScreen{}, nil
	}
	switch args[0] {
	case "play":
		return s.playCommand(args[1:])
	case "wall":
		if len(args) > 2 || len(args) == 2 && strings.HasPrefix(args[1], "-") {
			return nil, lang.Errorf("usage: wall [TOURNAMENT-CODE] (ssh -t)")
		}
		code := ""
		if len(args) == 2 {
			code = strings.ToUpper(args[1])
		}
		return tournaments.NewWall(code, nil), nil
	case "replay":
		if len(args) != 2 || strings.HasPrefix(args[1], "-") {
			return nil, lang.Errorf("usage: replay ID (ssh -t) watches it; --json, --position N, --input N --seat S and --review --seat S print text: run them without -t (ssh HOST replay ID …)")
		}
		ctx, cancel := context.WithTimeout(s.context(), 30*time.Second)
		defer cancel()
		g, err := s.app.archive.LoadFor(ctx, args[1], archive.Reader{ID: s.who.ID, Teacher: s.who.Admin})
		if err != nil {
			return nil, err
		}
		if !g.Rec.VisibleTo(s.who.ID, s.who.Admin) {
			if g.Rec.Practice {
				return nil, lang.Errorf("game %s is a practice game: only its player and teachers see it again", args[1])
			}
			return nil, lang.Errorf("game %s was played in a private room: only its players and teachers see it again", args[1])
		}
		r, err := replays.New(g)
		if err != nil {
			return nil, err
		}
		return r, nil
	case "watch":
		if len(args) != 2 {
			return nil, lang.Errorf("usage: watch ROOM (see `rooms` for the live rooms)")
		}
		r, ok := s.app.hub.Find(args[1])
		if !ok {
			return nil, lang.Errorf("no live room %q (see `ssh … rooms`)", args[1])
		}
		if info := r.Info(); !strings.EqualFold(args[1], info.Code) && !info.VisibleTo(s.who.ID, s.who.Admin) {
			// By its id, a private room is its players' and teachers'; its code opens it.
			return nil, lang.Errorf("no live room %q (see `ssh … rooms`)", args[1])
		}
		return newGameScreen(r), nil
	default:
		// lang:keep a developer's error: the command table sends only those that do
		return nil, fmt.Errorf("%q opens no screen", args[0])
	}
}

// playCommand handles `play GAME [--vs BOT] [--size N]`.
func (s *session) playCommand(args []string) (screen.Screen, error) {
	fs := flag.NewFlagSet("play", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	vs := fs.String("vs", "", "") // no help: the flags' errors are discarded, the usage says them
	size := fs.Int("size", 0, "")
	if len(args) == 0 || strings.HasPrefix(args[0], "-") {
		return nil, lang.Errorf("usage: play GAME [--vs BOT] [--size N]")
	}
	e, err := catalog.Lookup(args[0])
	if err != nil {
		return nil, err
	}
	if err := fs.Parse(args[1:]); err != nil {
		return nil, lang.Errorf("play: %s\nusage: play GAME [--vs BOT] [--size N]", err.Error())
	}
	cfg, err := humanConfig(e, *size, s.ssh.Width, s.ssh.Height)
	if err != nil {
		return nil, err
	}
	if *vs == "" {
		return &queueScreen{entry: e, cfg: cfg}, nil
	}
	r, err := s.vsBot(e, cfg, *vs)
	if err != nil {
		return nil, err
	}
	return newGameScreen(r), nil
}

// vsBot opens a room where the session's user plays the house bots named in list
// ("greedy", or "zidane,bobmorane" for games of more players).
func (s *session) vsBot(e catalog.Entry, cfg map[string]int, list string) (roomdir.Room, error) {
	return vsBots(s.app.hub, s.who, s.addr(), e, cfg, list)
}

// vsBots opens a room in d where who plays the house bots named in list.
func vsBots(d roomdir.Directory, who keys.Identity, addr string, e catalog.Entry, cfg map[string]int, list string) (roomdir.Room, error) {
	if list == "" {
		list = e.Strongest
	}
	seats := []rooms.Seat{{Kind: rooms.Human, Name: who.Name, UserID: who.ID}}
	for _, name := range strings.Split(list, ",") {
		name = strings.TrimSpace(name)
		if _, ok := e.Bot(name, 1); !ok {
			return nil, lang.Errorf("%s has no house bot %q; choose among: %s", lang.T(e.Game.Name()), name, bots.Names(e.Bots, true))
		}
		seats = append(seats, rooms.Seat{Kind: rooms.HouseBot, BotName: name})
	}
	if min, max := e.Game.Seats(); len(seats) < min || len(seats) > max {
		return nil, lang.Errorf("%s takes %d to %d players: name %d to %d bots", lang.T(e.Game.Name()), min, max, min-1, max-1)
	}
	// Only house bots wait on this person: their clock may stop while they read the rules.
	return d.Create(rooms.Spec{Game: e.Entry, Config: cfg, Seats: seats, Owner: who.ID, Addr: addr, MayHoldClock: true})
}

// humanConfig is the game's config for a person: the size asked for, or one that fits.
func humanConfig(e catalog.Entry, size, width, height int) (map[string]int, error) {
	def, err := e.Game.Normalize(nil)
	if err != nil {
		return nil, err
	}
	if size != 0 {
		if _, has := e.Game.Describe().Setting("size"); !has {
			return nil, lang.Errorf("%s has no board size to choose", lang.T(e.Game.Name()))
		}
		def["size"] = size
		return e.Game.Normalize(def)
	}
	if f, ok := e.View.(games.Fitter); ok {
		rw, rh := roomview.BoardRoom(width, height)
		return e.Game.Normalize(f.FitConfig(def, rw, rh))
	}
	return def, nil
}

// Drawn is told by the server that the last view reached the terminal (server.Drawer): the
// room snapshot it showed is timed from the hub to here.
func (m *model) Drawn() {
	if m.snapAt.IsZero() {
		return
	}
	if f := m.s.app.frameDrawn; f != nil {
		f(time.Since(m.snapAt))
	}
	m.snapAt = time.Time{}
}
