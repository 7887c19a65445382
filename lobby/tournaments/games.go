package tournaments

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/arena-classroom/arena/archive"
	"github.com/arena-classroom/arena/internal/plaintext"
	"github.com/arena-classroom/arena/internal/termtext"
	"github.com/arena-classroom/arena/lang"
	"github.com/arena-classroom/arena/lobby/replays"
	"github.com/arena-classroom/arena/lobby/screen"
	"github.com/arena-classroom/arena/lobby/widget"
	"github.com/arena-classroom/arena/tournament/director"
)

// gamesScreen lists a tournament's games, as `tournament games CODE` does: enter replays a
// game played, or watches one being played.
type gamesScreen struct {
	svc     *screen.Services
	code    string
	back    screen.Screen
	list    director.GameList
	at      uint64 // the director's version the list was read at
	have    bool   // list holds what was read
	loading bool
	again   bool
	opening bool // a replay's read is on its way
	cursor  int
	drawn   []director.GameLine // the games as last drawn: enter opens the one shown
}

// gamesLoaded is a tournament's list of games, read by loadGames.
type gamesLoaded struct {
	code string
	list director.GameList
	at   uint64
	err  error
}

// gameReplay is a stored game of the list, read to be replayed.
type gameReplay struct {
	g   archive.Game
	err error
}

// NewGames is tournament code's list of games; leaving it goes back to back.
func NewGames(svc *screen.Services, code string, back screen.Screen) screen.Screen {
	return &gamesScreen{svc: svc, code: code, back: back}
}

func (g *gamesScreen) Name() string { return "games" }
func (g *gamesScreen) ShowsLobby()  {}

// Load reads the list when the screen is shown, and again when the director moved on.
func (g *gamesScreen) Load(m screen.Model) tea.Cmd { return g.load(m, !g.have) }

func (g *gamesScreen) load(m screen.Model, force bool) tea.Cmd {
	d := g.svc.Director
	if d == nil || !force && d.Version() == g.at {
		return nil
	}
	if g.loading {
		g.again = true
		return nil
	}
	g.loading = true
	code, ctx := g.code, m.Context()
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
		defer cancel()
		v := d.Version()
		list, err := d.Games(ctx, code)
		if err != nil {
			err = lang.Errorf("the tournament's games could not be read right now; try again")
		}
		return gamesLoaded{code: code, list: list, at: v, err: err}
	}
}

var gamesKeys = struct{ up, down, open key.Binding }{
	up:   widget.Bind("↑/k", lang.N("the game above"), "up", "k"),
	down: widget.Bind("↓/j", lang.N("the game below"), "down", "j"),
	open: widget.Bind("enter", lang.N("replay the game (or watch it, while it is played)"), "enter"),
}

func (g *gamesScreen) Keys(m screen.Model) widget.KeyMap {
	k := gamesKeys
	back := widget.Back(m.BackTo(g.back), true)
	return widget.KeyMap{
		Short: []key.Binding{widget.Pair(lang.N("choose"), k.up, k.down), widget.Pair(lang.N("replay"), k.open), back, widget.HelpKey},
		Full:  [][]key.Binding{{k.up, k.down, k.open, back}},
	}
}

func (g *gamesScreen) Update(m screen.Model, msg tea.Msg) (screen.Screen, tea.Cmd) {
	switch msg := msg.(type) {
	case gamesLoaded:
		if msg.code != g.code {
			return g, nil
		}
		g.loading, g.at = false, msg.at
		if msg.err != nil {
			m.Notify(lang.Say(msg.err, m.Lang()))
		} else {
			g.list, g.have = msg.list, true
		}
		force := g.again
		g.again = false
		return g, g.load(m, force)
	case gameReplay:
		g.opening = false
		if msg.err != nil {
			m.Notify(lang.Say(msg.err, m.Lang()))
			return g, nil
		}
		if !msg.g.Rec.VisibleTo(m.Who().ID, m.Who().Admin) {
			m.Notify(m.Lang().Sprintf("that game was played in a private room: only its players and teachers see it again"))
			return g, nil
		}
		return replays.Open(m, msg.g, g)
	case tea.KeyMsg:
		return g.key(m, msg)
	}
	return g, g.load(m, false) // the lobby changed, a clock ticked: read again if due
}

func (g *gamesScreen) key(m screen.Model, k tea.KeyMsg) (screen.Screen, tea.Cmd) {
	list := g.drawn
	switch keys := gamesKeys; {
	case key.Matches(k, keys.up):
		g.cursor = max(g.cursor-1, 0)
	case key.Matches(k, keys.down):
		g.cursor = min(g.cursor+1, max(len(list)-1, 0))
	case key.Matches(k, widget.Back("", true)):
		return m.Back(g.back, "")
	case key.Matches(k, keys.open):
		if g.cursor >= len(list) || g.opening {
			return g, nil
		}
		switch line := list[g.cursor]; {
		case line.How == director.HowPlaying && line.Room != "":
			if r, ok := m.Rooms().Find(line.Room); ok {
				return m.Watch(r, g)
			}
			m.Notify(m.Lang().Sprintf("that game has just ended: its replay is on its way"))
		case line.Match != "" && g.svc.Archive != nil:
			g.opening = true
			a, id, ctx, who := g.svc.Archive, line.Match, m.Context(), m.Who()
			return g, func() tea.Msg {
				ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
				defer cancel()
				game, err := a.LoadFor(ctx, id, archive.Reader{ID: who.ID, Teacher: who.Admin})
				return gameReplay{game, err}
			}
		default:
			m.Notify(m.Lang().Sprintf("game %s has no replay: %s", line.ID, howText(line, m.Lang())))
		}
	}
	return g, nil
}

// howText says how a game ended, or where it stands, in words.
func howText(l director.GameLine, in lang.Lang) string {
	switch l.How {
	case director.HowForfeit:
		return in.Sprintf("forfeit by %s", plaintext.Clean(l.Forfeit))
	case director.HowAbsent:
		return in.Sprintf("nobody came")
	case director.HowPending:
		return in.Sprintf("not played yet")
	case director.HowPlaying:
		return in.Sprintf("being played")
	}
	return l.How
}

func (g *gamesScreen) View(m screen.Model) string {
	st, lg := m.Styles(), m.Lang()
	var b strings.Builder
	b.WriteString(m.Header(st.Dim.Render(lg.Sprintf("tournament %s · games", g.code))) + "\n\n")
	if !g.have {
		b.WriteString(st.Dim.Render(lg.Sprintf("loading…")) + "\n\n" + m.Footer(g.Keys(m)))
		return b.String()
	}
	b.WriteString(st.Heading.Render(termtext.Fit(lg.Sprintf("Games of %s", plaintext.Clean(g.list.Name)), m.Width()-1)) + "\n\n")
	g.drawn = g.list.Games
	if len(g.drawn) == 0 {
		b.WriteString(st.Dim.Render(termtext.Fit(lg.Sprintf("No game yet: the first round is paired when the tournament starts."), m.Width()-1)) + "\n")
	}
	g.cursor = min(g.cursor, max(len(g.drawn)-1, 0))
	// As many lines as the window has rows for, the chosen one among them.
	rows := max(m.Height()-6, 1)
	top := max(min(g.cursor-rows/2, len(g.drawn)-rows), 0)
	for i := top; i < len(g.drawn) && i < top+rows; i++ {
		l := g.drawn[i]
		result := director.ResultText(l, lg)
		if result == "" {
			result = howText(l, lg)
		}
		line := fmt.Sprintf("%-7s %s %-30s %s", l.ID, lg.Sprintf("r%-3d", l.Round), termtext.Fit(plaintext.Clean(strings.Join(l.Players, " vs ")), 30), result)
		b.WriteString(widget.Item(st, line, m.Width()-4, i == g.cursor) + "\n")
	}
	b.WriteString("\n" + m.Footer(g.Keys(m)))
	return b.String()
}

func (g *gamesScreen) Help(m screen.Model) string {
	return m.Lang().Sprintf(`The tournament's games, in the order of its schedule: each with its round, its
players, and its result or where it stands. enter replays a game played (esc comes back
here), or watches a game being played. From a shell:
  ssh HOST tournament games CODE [--round N] [--json|--csv]`)
}
