package main

import (
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"

	"golang.org/x/text/number"

	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/lang"
	"github.com/arena-classroom/arena/match"
)

// maxNotes is how many crashed or void games the table lists one by one.
const maxNotes = 10

func (m *matchRun) gameLine(r match.Result) match.GameLine {
	job := m.plan.Job(r.Job)
	l := match.GameLine{Type: "game", Index: r.Job, Game: m.entry.Game.ID(), Seed: job.Seed, Config: job.Config,
		Seats: make([]string, len(job.Seats)), Moves: r.Moves, Error: r.Err}
	for seat, e := range job.Seats {
		l.Seats[seat] = m.plan.Entrants[e].Name
	}
	if o := r.Outcome; o != nil {
		l.Ranks, l.Scores, l.Shares = o.Ranks, o.Scores, o.Shares
		if w := o.Winner(); w >= 0 {
			l.Winner = &w
		}
	}
	if r.Forfeit >= 0 {
		l.Forfeit = &r.Forfeit
	}
	for _, d := range r.Defaults {
		if d > 0 {
			l.Defaults = r.Defaults
			break
		}
	}
	return l
}

func (m *matchRun) summary(t *match.Tally, defaults []int, secs, rate float64) match.SummaryLine {
	s := match.SummaryLine{Type: "summary", Game: m.entry.Game.ID(), Seed: m.seed, Games: t.Games, Void: t.Void,
		Configs: m.groups, Seconds: secs, GamesPerS: rate, Sandbox: m.sandbox}
	for e, rec := range t.Total {
		b := match.BotLine{Name: m.plan.Entrants[e].Name, Games: rec.Games, Wins: rec.Wins, Draws: rec.Draws,
			Losses: rec.Losses, Forfeits: rec.Forfeits, Defaults: defaults[e], WinPct: rec.WinPct()}
		if share, ok := rec.MeanShare(); ok {
			b.MeanShare = &share
		}
		s.Bots = append(s.Bots, b)
	}
	if m.roundRobin {
		k := len(m.plan.Entrants)
		for g, cfg := range m.groups {
			for a := 0; a < k; a++ {
				for b := a + 1; b < k; b++ {
					rec := t.Cross[g][a][b]
					s.Pairs = append(s.Pairs, match.PairLine{Config: cfg, A: m.plan.Entrants[a].Name, B: m.plan.Entrants[b].Name,
						Games: rec.Games, AWins: rec.Wins, BWins: t.Cross[g][b][a].Wins, Draws: rec.Draws})
				}
			}
		}
	}
	return s
}

func configLabel(c games.Config) string {
	var parts []string
	for _, k := range c.Keys() {
		parts = append(parts, fmt.Sprintf("%s=%d", k, c[k]))
	}
	return strings.Join(parts, " ")
}

func (m *matchRun) table(w io.Writer, t *match.Tally, defaults []int, notes []string) {
	id, l := m.entry.Game.ID(), m.lang
	seed := strconv.FormatUint(m.seed, 10) // as it is typed again, in every language
	if m.roundRobin {
		var labels []string
		for _, c := range m.groups {
			labels = append(labels, configLabel(c))
		}
		fmt.Fprintln(w, l.Sprintf("%s round robin · %d bots · %s · %d games per pair per setting · seed %s",
			id, len(m.plan.Entrants), strings.Join(labels, " | "), m.perPair, seed))
		for g, c := range m.groups {
			fmt.Fprintf(w, "\n%s\n", l.Sprintf("%s: win %% of the row bot against the column bot", configLabel(c)))
			crossTable(w, l, m.plan.Entrants, t.Cross[g])
		}
		fmt.Fprintf(w, "\n%s\n", l.Sprintf("overall ranking"))
		m.botTable(w, t, defaults, t.Ranking(), true)
	} else {
		turn := l.Sprintf("seats alternate")
		if len(m.plan.Entrants) > 2 {
			turn = l.Sprintf("seats rotate")
		}
		fmt.Fprintln(w, l.Sprintf("%s · %s · %d games · seed %s · %s", id, configLabel(m.groups[0]), m.perPair, seed, turn))
		order := make([]int, len(m.plan.Entrants))
		for i := range order {
			order[i] = i
		}
		m.botTable(w, t, defaults, order, false)
	}
	if t.Void > 0 {
		fmt.Fprintln(w, l.Sprintf("%d void games (counted for nobody)", t.Void))
	}
	for _, n := range notes {
		fmt.Fprintf(w, "  %s\n", n)
	}
}

// decimal is x with d decimals as l writes it: 45.2, 45,2.
func decimal(l lang.Lang, x float64, d int) string {
	return l.Printer().Sprint(number.Decimal(x, number.Scale(d)))
}

// percent is x % with one decimal as l writes it: 45.2%, 45,2 %.
func percent(l lang.Lang, x float64) string {
	if l == lang.French {
		return decimal(l, x, 1) + "\u00a0%"
	}
	return decimal(l, x, 1) + "%"
}

// count is n as l writes it: 1,234, 1 234.
func count(l lang.Lang, n int) string { return l.Printer().Sprint(n) }

// pad is s right-aligned (left-aligned when left) in width runes.
func pad(s string, width int, left bool) string {
	n := width - utf8.RuneCountInString(s)
	if n <= 0 {
		return s
	}
	if left {
		return s + strings.Repeat(" ", n)
	}
	return strings.Repeat(" ", n) + s
}

func (m *matchRun) botTable(w io.Writer, t *match.Tally, defaults []int, order []int, ranked bool) {
	l := m.lang
	nw := match.NameWidth(m.plan.Entrants)
	anyDefaults := false
	for _, d := range defaults {
		anyDefaults = anyDefaults || d > 0
	}
	// The columns: their headings in l, each at least as wide as the English one's numbers.
	heads := []string{l.Sprintf("games"), l.Sprintf("wins"), l.Sprintf("draws"), l.Sprintf("losses"), l.Sprintf("win %%"), l.Sprintf("mean share")}
	widths := []int{6, 6, 6, 6, 6, 10}
	if anyDefaults {
		heads, widths = append(heads, l.Sprintf("defaults")), append(widths, 8)
	}
	for i, h := range heads {
		widths[i] = max(widths[i], utf8.RuneCountInString(h))
	}
	var head strings.Builder
	if ranked {
		head.WriteString(" #  ")
	}
	head.WriteString(pad(l.Sprintf("bot"), nw, true))
	for i, h := range heads {
		head.WriteString("  " + pad(h, widths[i], false))
	}
	fmt.Fprintln(w, head.String())
	for i, e := range order {
		r := t.Total[e]
		share := "—"
		if s, ok := r.MeanShare(); ok {
			share = percent(l, 100*s)
		}
		var line strings.Builder
		if ranked {
			fmt.Fprintf(&line, "%2d  ", i+1)
		}
		line.WriteString(pad(m.plan.Entrants[e].Name, nw, true))
		cells := []string{count(l, r.Games), count(l, r.Wins), count(l, r.Draws), count(l, r.Losses), percent(l, r.WinPct()), share}
		if anyDefaults {
			cells = append(cells, count(l, defaults[e]))
		}
		for c, cell := range cells {
			line.WriteString("  " + pad(cell, widths[c], false))
		}
		if r.Forfeits > 0 {
			line.WriteString("  " + l.Sprintf("(%d crashes)", r.Forfeits))
		}
		fmt.Fprintln(w, line.String())
	}
}

func crossTable(w io.Writer, l lang.Lang, ents []match.Entrant, cross [][]match.Record) {
	nw := match.NameWidth(ents)
	cw := 6
	for _, e := range ents {
		cw = max(cw, len(e.Name))
	}
	fmt.Fprintf(w, "%-*s", nw, "")
	for _, e := range ents {
		fmt.Fprintf(w, "  %*s", cw, e.Name)
	}
	fmt.Fprintln(w)
	for a, e := range ents {
		fmt.Fprintf(w, "%-*s", nw, e.Name)
		for b := range ents {
			cell := "—"
			if a != b && cross[a][b].Games > 0 {
				cell = decimal(l, cross[a][b].WinPct(), 1)
			}
			fmt.Fprintf(w, "  %s", pad(cell, cw, false))
		}
		fmt.Fprintln(w)
	}
}

// progressBar draws on a terminal's stderr only, and only when the shown width changes.
type progressBar struct {
	lang        lang.Lang
	w           io.Writer
	on          bool
	total, done int
	shown       int
}

const barWidth = 40

func (b *progressBar) step() {
	if !b.on {
		return
	}
	b.done++
	if filled := b.done * barWidth / b.total; filled != b.shown || b.done == 1 {
		b.shown = filled
		fmt.Fprintf(b.w, "\r[%s%s] %s", strings.Repeat("#", filled), strings.Repeat(" ", barWidth-filled), b.lang.Sprintf("%d/%d games", b.done, b.total))
	}
}

func (b *progressBar) clear() {
	if b.on {
		fmt.Fprint(b.w, "\r\033[K")
	}
}
