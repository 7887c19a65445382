package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/arena-classroom/arena/games"
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
	id := m.entry.Game.ID()
	if m.roundRobin {
		var labels []string
		for _, c := range m.groups {
			labels = append(labels, configLabel(c))
		}
		fmt.Fprintf(w, "%s round robin · %d bots · %s · %d games per pair per setting · seed %d\n",
			id, len(m.plan.Entrants), strings.Join(labels, " | "), m.perPair, m.seed)
		for g, c := range m.groups {
			fmt.Fprintf(w, "\n%s: win %% of the row bot against the column bot\n", configLabel(c))
			crossTable(w, m.plan.Entrants, t.Cross[g])
		}
		fmt.Fprintf(w, "\noverall ranking\n")
		m.botTable(w, t, defaults, t.Ranking(), true)
	} else {
		turn := "seats alternate"
		if len(m.plan.Entrants) > 2 {
			turn = "seats rotate"
		}
		fmt.Fprintf(w, "%s · %s · %d games · seed %d · %s\n", id, configLabel(m.groups[0]), m.perPair, m.seed, turn)
		order := make([]int, len(m.plan.Entrants))
		for i := range order {
			order[i] = i
		}
		m.botTable(w, t, defaults, order, false)
	}
	if t.Void > 0 {
		fmt.Fprintf(w, "%d void games (counted for nobody)\n", t.Void)
	}
	for _, n := range notes {
		fmt.Fprintf(w, "  %s\n", n)
	}
}

func (m *matchRun) botTable(w io.Writer, t *match.Tally, defaults []int, order []int, ranked bool) {
	nw := match.NameWidth(m.plan.Entrants)
	anyDefaults := false
	for _, d := range defaults {
		anyDefaults = anyDefaults || d > 0
	}
	prefix := func(i int) string {
		if ranked {
			return fmt.Sprintf("%2d  ", i+1)
		}
		return ""
	}
	head := fmt.Sprintf("%s%-*s  %6s  %6s  %6s  %6s  %6s  %10s", map[bool]string{true: " #  ", false: ""}[ranked],
		nw, "bot", "games", "wins", "draws", "losses", "win %", "mean share")
	if anyDefaults {
		head += "  defaults"
	}
	fmt.Fprintln(w, head)
	for i, e := range order {
		r := t.Total[e]
		share := "—"
		if s, ok := r.MeanShare(); ok {
			share = fmt.Sprintf("%.1f%%", 100*s)
		}
		line := fmt.Sprintf("%s%-*s  %6d  %6d  %6d  %6d  %5.1f%%  %10s", prefix(i), nw, m.plan.Entrants[e].Name,
			r.Games, r.Wins, r.Draws, r.Losses, r.WinPct(), share)
		if anyDefaults {
			line += fmt.Sprintf("  %8d", defaults[e])
		}
		if r.Forfeits > 0 {
			line += fmt.Sprintf("  (%d crashes)", r.Forfeits)
		}
		fmt.Fprintln(w, line)
	}
}

func crossTable(w io.Writer, ents []match.Entrant, cross [][]match.Record) {
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
				cell = fmt.Sprintf("%.1f", cross[a][b].WinPct())
			}
			fmt.Fprintf(w, "  %*s", cw, cell)
		}
		fmt.Fprintln(w)
	}
}

// progressBar draws on a terminal's stderr only, and only when the shown width changes.
type progressBar struct {
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
		fmt.Fprintf(b.w, "\r[%s%s] %d/%d games", strings.Repeat("#", filled), strings.Repeat(" ", barWidth-filled), b.done, b.total)
	}
}

func (b *progressBar) clear() {
	if b.on {
		fmt.Fprint(b.w, "\r\033[K")
	}
}
