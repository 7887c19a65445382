package reading

import (
	"context"
	"strings"
	"time"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/arena-classroom/arena/archive"
	"github.com/arena-classroom/arena/catalog"
	"github.com/arena-classroom/arena/internal/plaintext"
	"github.com/arena-classroom/arena/internal/termtext"
	"github.com/arena-classroom/arena/lang"
	"github.com/arena-classroom/arena/lobby/screen"
	"github.com/arena-classroom/arena/lobby/widget"
	"github.com/arena-classroom/arena/rating"
)

// leaderboardScreen shows a game's ratings in the lobby, each with its history as a chart.
// It loads them in a command when shown (screen.Loader): ratings change only when games
// end, so once.
type leaderboardScreen struct {
	game    string
	name    string
	archive *archive.Archive
	loading bool     // the read is on its way
	loaded  bool     // lines or err hold what it read
	lines   []string // one a player, drawn as loaded
	err     string   // why it could not be read: a sentence of the catalog, said as drawn
	back    screen.Screen
	page    *widget.Pager
}

// leaderboardLoaded is what the leaderboard's command read.
type leaderboardLoaded struct {
	lines []string
	err   string
}

// NewLeaderboard is game e's leaderboard as archive a keeps it (nil: none kept); esc goes
// back to back.
func NewLeaderboard(a *archive.Archive, e catalog.Entry, back screen.Screen) screen.Screen {
	return &leaderboardScreen{game: e.Game.ID(), name: e.Game.Name(), archive: a, back: back}
}

// Load reads the leaderboard with its players' histories, in one query.
func (l *leaderboardScreen) Load(m screen.Model) tea.Cmd {
	if l.loading || l.loaded {
		return nil
	}
	l.loading = true
	a, game, ctx, lg := l.archive, l.game, m.Context(), m.Lang()
	return func() tea.Msg {
		if a == nil {
			return leaderboardLoaded{err: lang.N("this server keeps no ratings")}
		}
		ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
		defer cancel()
		board, err := a.LeaderboardWithHistory(ctx, game, 200) // one query, not one a player
		if err != nil {
			return leaderboardLoaded{err: lang.N("the leaderboard could not be read right now; try again")}
		}
		var lines []string
		for i, st := range board {
			mark := " "
			if rating.Provisional(st.Games) {
				mark = "*"
			}
			// A row of figures, written as the reader writes numbers (12,35 in French).
			lines = append(lines, lg.Sprintf("%4d  %-20s %7.2f%s %5d  %s", i+1, termtext.Fit(plaintext.Clean(st.Name), 20), st.Rating.Ordinal(), mark, st.Games, plaintext.Sparkline(st.History, 20)))
		}
		return leaderboardLoaded{lines: lines}
	}
}

func (l *leaderboardScreen) pager() *widget.Pager {
	if l.page == nil {
		l.page = widget.NewPager()
	}
	return l.page
}

func (l *leaderboardScreen) Keys(m screen.Model) widget.KeyMap {
	back := widget.Back(m.BackTo(l.back), true)
	return widget.KeyMap{Short: []key.Binding{back}, Full: [][]key.Binding{{back}, l.pager().Keys.All()}}
}

func (l *leaderboardScreen) Update(m screen.Model, msg tea.Msg) (screen.Screen, tea.Cmd) {
	if got, ok := msg.(leaderboardLoaded); ok {
		l.loading, l.loaded = false, true
		l.lines, l.err = got.lines, got.err
		return l, nil
	}
	if k, ok := msg.(tea.KeyMsg); ok {
		if key.Matches(k, widget.Back("", true)) {
			return m.Back(l.back, "")
		}
		l.pager().Key(k)
	}
	return l, nil
}

func (l *leaderboardScreen) View(m screen.Model) string {
	st, lg := m.Styles(), m.Lang()
	name := lg.Say(l.name)
	var b strings.Builder
	b.WriteString(m.Header(st.Dim.Render(name)) + "\n\n" + st.Heading.Render(lg.Sprintf("Leaderboard: %s", name)) + "\n\n")
	switch {
	case !l.loaded:
		b.WriteString(st.Dim.Render(lg.Sprintf("loading…")) + "\n")
	case l.err != "":
		b.WriteString(st.Warn.Render(lg.Say(l.err)) + "\n")
	case len(l.lines) == 0:
		b.WriteString(st.Dim.Render(lg.Sprintf("No rated games yet: every game played here counts.")) + "\n")
	default:
		// The columns' heads, over the rows' figures (Load): one line of the catalog.
		b.WriteString(st.Dim.Render(lg.Sprintf("RANK  NAME                   RATING GAMES  HISTORY")) + "\n")
		// Header, blank, title, blank, column heads; blank, legend, blank, keys.
		l.pager().Set(strings.Join(l.lines, "\n"), m.Height()-9)
		b.WriteString(l.page.View() + "\n")
	}
	b.WriteString("\n" + st.Dim.Render(termtext.Fit(lg.Sprintf("rating = μ − 3σ (OpenSkill) · * provisional, fewer than 10 games"), m.Width())) + "\n\n")
	keys := m.Footer(l.Keys(m))
	if l.page != nil && l.page.WhereIn(lg) != "" {
		keys += st.Dim.Render(" · " + l.page.WhereIn(lg))
	}
	b.WriteString(keys)
	return b.String()
}

func (l *leaderboardScreen) Help(m screen.Model) string {
	return m.Lang().Sprintf("Every game played here is rated (OpenSkill): the rating shown is μ − 3σ, a\ncautious estimate that grows as a player wins and as the arena grows sure of\nthem. Guests and practice games are not rated. From a shell:") +
		"\n  ssh HOST leaderboard GAME [--csv|--json]" // lang:keep a command to type
}
