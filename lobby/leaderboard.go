package lobby

import (
	"context"
	"encoding/csv"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/arena-classroom/arena/catalog"
	"github.com/arena-classroom/arena/rating"
	"github.com/arena-classroom/arena/server"
)

const leaderboardUsage = "usage: leaderboard GAME [--limit N] [--csv|--json]"

// leaderboardCommand prints a game's ratings, best first, each with a chart of its history.
func (a *App) leaderboardCommand(s *server.Session, stdout, stderr io.Writer) int {
	if len(s.Args) < 2 || strings.HasPrefix(s.Args[1], "-") {
		fmt.Fprintln(stderr, leaderboardUsage)
		return 2
	}
	e, err := catalogEntry(s.Args[1])
	if err != nil {
		fmt.Fprintln(stderr, "arena:", err)
		return 2
	}
	fs := flag.NewFlagSet("leaderboard", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	limit := fs.Int("limit", 50, "")
	asCSV := fs.Bool("csv", false, "")
	asJSON := fs.Bool("json", false, "")
	if err := fs.Parse(s.Args[2:]); err != nil || fs.NArg() > 0 || *limit < 1 || *limit > 1000 || *asCSV && *asJSON {
		fmt.Fprintln(stderr, leaderboardUsage+" (--limit 1..1000)")
		return 2
	}
	if a.archive == nil {
		fmt.Fprintln(stderr, "arena:", errNoArchive)
		return 1
	}
	ctx, cancel := context.WithTimeout(s.SSH.Context(), 30*time.Second)
	defer cancel()
	board, err := a.archive.Leaderboard(ctx, e.Game.ID(), *limit)
	if err != nil {
		a.log.Error("leaderboard", "err", err)
		fmt.Fprintln(stderr, "arena: the leaderboard could not be read right now; try again")
		return 1
	}
	type row struct {
		Rank        int     `json:"rank"`
		Name        string  `json:"name"`
		Rating      float64 `json:"rating"` // μ − 3σ
		Mu          float64 `json:"mu"`
		Sigma       float64 `json:"sigma"`
		Games       int     `json:"games"`
		Provisional bool    `json:"provisional"`
		Bot         bool    `json:"bot"`
	}
	rows := make([]row, len(board))
	for i, st := range board {
		rows[i] = row{i + 1, st.Name, st.Rating.Ordinal(), st.Rating.Mu, st.Rating.Sigma, st.Games,
			rating.Provisional(st.Games), strings.HasPrefix(st.Player, "bot:")}
	}
	switch {
	case *asJSON:
		return encodeJSON(stdout, rows)
	case *asCSV:
		w := csv.NewWriter(stdout)
		_ = w.Write([]string{"rank", "name", "rating", "mu", "sigma", "games", "provisional", "bot"})
		for _, r := range rows {
			_ = w.Write([]string{strconv.Itoa(r.Rank), r.Name, f2(r.Rating), f2(r.Mu), f2(r.Sigma), strconv.Itoa(r.Games),
				strconv.FormatBool(r.Provisional), strconv.FormatBool(r.Bot)})
		}
		w.Flush()
		return 0
	}
	if len(rows) == 0 {
		fmt.Fprintf(stdout, "no rated games of %s yet\n", e.Game.Name())
		return 0
	}
	fmt.Fprintf(stdout, "%s · rating = μ − 3σ (OpenSkill); * provisional (fewer than %d games)\n\n", e.Game.Name(), rating.ProvisionalGames)
	t := newTable(right("RANK"), left("NAME"), right("RATING"), right("GAMES"), left(""), left("HISTORY"))
	for i, r := range rows {
		hist, _ := a.archive.RatingHistory(ctx, e.Game.ID(), board[i].Player)
		mark := ""
		if r.Provisional {
			mark = "*"
		}
		t.add(strconv.Itoa(r.Rank), clean(r.Name), f2(r.Rating), strconv.Itoa(r.Games), mark, sparkline(hist, 24))
	}
	t.write(stdout, "")
	return 0
}

func f2(v float64) string { return strconv.FormatFloat(v, 'f', 2, 64) }

// sparkline draws the last width values as a small chart of block heights.
func sparkline(values []float64, width int) string {
	if len(values) > width {
		values = values[len(values)-width:]
	}
	if len(values) == 0 {
		return ""
	}
	lo, hi := values[0], values[0]
	for _, v := range values {
		lo, hi = min(lo, v), max(hi, v)
	}
	const bars = "▁▂▃▄▅▆▇█"
	levels := []rune(bars)
	var b strings.Builder
	for _, v := range values {
		k := 0
		if hi > lo {
			k = int((v - lo) / (hi - lo) * float64(len(levels)-1))
		}
		b.WriteRune(levels[k])
	}
	return b.String()
}

// leaderboardScreen shows a game's ratings in the lobby, each with its history as a chart.
type leaderboardScreen struct {
	game  string
	name  string
	lines []string // drawn once when opened: ratings change only when games end
	err   string
	home  *homeScreen
	page  *pager
}

func newLeaderboardScreen(m *model, e catalog.Entry, home *homeScreen) *leaderboardScreen {
	l := &leaderboardScreen{game: e.Game.ID(), name: e.Game.Name(), home: home}
	if m.s.app.archive == nil {
		l.err = "this server keeps no ratings"
		return l
	}
	ctx, cancel := context.WithTimeout(m.s.context(), 10*time.Second)
	defer cancel()
	board, err := m.s.app.archive.Leaderboard(ctx, l.game, 200)
	if err != nil {
		l.err = "the leaderboard could not be read right now; try again"
		return l
	}
	for i, st := range board {
		hist, _ := m.s.app.archive.RatingHistory(ctx, l.game, st.Player)
		mark := " "
		if rating.Provisional(st.Games) {
			mark = "*"
		}
		l.lines = append(l.lines, fmt.Sprintf("%4d  %-20s %7.2f%s %5d  %s", i+1, fit(clean(st.Name), 20), st.Rating.Ordinal(), mark, st.Games, sparkline(hist, 20)))
	}
	return l
}

func (l *leaderboardScreen) pager() *pager {
	if l.page == nil {
		l.page = newPager()
	}
	return l.page
}

func (l *leaderboardScreen) keys(m *model) keyMap {
	return keyMap{short: []key.Binding{pair("back", backKey)}, full: [][]key.Binding{{backKey}, l.pager().keys.all()}}
}

func (l *leaderboardScreen) update(m *model, msg tea.Msg) (screen, tea.Cmd) {
	if k, ok := msg.(tea.KeyMsg); ok {
		if key.Matches(k, backKey) {
			return l.home, nil
		}
		l.pager().key(k)
	}
	return l, nil
}

func (l *leaderboardScreen) view(m *model) string {
	st := m.s.st
	var b strings.Builder
	b.WriteString(m.header(st.dim.Render(l.name)) + "\n\n" + st.heading.Render("Leaderboard: "+l.name) + "\n\n")
	switch {
	case l.err != "":
		b.WriteString(st.warn.Render(l.err) + "\n")
	case len(l.lines) == 0:
		b.WriteString(st.dim.Render("No rated games yet: every game played here counts.") + "\n")
	default:
		b.WriteString(st.dim.Render(fmt.Sprintf("%4s  %-20s %8s %5s  %s", "RANK", "NAME", "RATING", "GAMES", "HISTORY")) + "\n")
		// Header, blank, title, blank, column heads; blank, legend, blank, keys.
		l.pager().set(strings.Join(l.lines, "\n"), m.height()-9)
		b.WriteString(l.page.view() + "\n")
	}
	b.WriteString("\n" + st.dim.Render(fit("rating = μ − 3σ (OpenSkill) · * provisional, fewer than 10 games", m.width())) + "\n\n")
	keys := m.footer(l.keys(m))
	if l.page != nil && l.page.where() != "" {
		keys += st.dim.Render(" · " + l.page.where())
	}
	b.WriteString(keys)
	return b.String()
}

func (l *leaderboardScreen) help(m *model) string {
	return `Every game played here is rated (OpenSkill): the rating shown is μ − 3σ, a
cautious estimate that grows as a player wins and as the arena grows sure of
them. Guests and practice games are not rated. From a shell:
  ssh HOST leaderboard GAME [--csv|--json]`
}
