package main

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/games/perfectaim"
	"github.com/arena-classroom/arena/match"
)

// aimRun is what a Perfect Aim batch adds to a matchRun: upstream's tournament scheme
// (docs/rules/perfectaim.md §12), where the seats keep their colours and game i starts from
// permutation i.
type aimRun struct {
	specs       []match.SeatSpec   // the seats that play, in seat order
	colors      []perfectaim.Color // each seat's colour
	cfg         games.Config       // --config with the colours, without the permutation
	permutation int                // every game's permutation; -1 when game i uses i
	shown       games.Config       // the summary's config: permutation only when fixed
}

func parseAim(cfg games.Config, slots []match.SeatSpec, permSet bool, perm int) (*aimRun, error) {
	if _, ok := cfg[perfectaim.KeyColors]; ok {
		return nil, errors.New("Perfect Aim's colours come from --seats (RED, BLUE, YELLOW, GREEN in order, - for an empty one), not --config colors")
	}
	if p, ok := cfg[perfectaim.KeyPermutation]; ok {
		if permSet {
			return nil, errors.New("--permutation and --config permutation=… both given")
		}
		perm, permSet = p, true
	}
	a := &aimRun{permutation: -1}
	if permSet {
		if perm < 0 || perm > 11 {
			return nil, fmt.Errorf("--permutation must be 0 to 11 (it has period 12), not %d", perm)
		}
		a.permutation = perm
	}
	seats, mask, err := match.PerfectAimSlots(slots)
	if err != nil {
		return nil, err
	}
	a.specs = seats
	a.cfg = cfg.Clone()
	delete(a.cfg, perfectaim.KeyPermutation)
	a.cfg[perfectaim.KeyColors] = mask
	a.colors = match.SeatColors(a.cfg, len(seats))
	if a.shown, err = perfectaim.Game.Normalize(a.cfg.Clone()); err != nil {
		return nil, fmt.Errorf("%s: %w", perfectaim.Game.ID(), err)
	}
	if a.permutation < 0 {
		delete(a.shown, perfectaim.KeyPermutation)
	} else {
		a.shown[perfectaim.KeyPermutation] = a.permutation
	}
	return a, nil
}

// aimTotals is what the batch sums beyond the tally.
type aimTotals struct {
	stats *match.PerfectAimStats
	draws int // games that nobody won alone
}

func (t *aimTotals) add(r match.Result) {
	t.stats.Add(r)
	if r.Outcome != nil && r.Outcome.Winner() < 0 {
		t.draws++
	}
}

type aimGameLine struct {
	gameLine
	Colors      []string                `json:"colors"`
	WinnerColor *string                 `json:"winner_color"`
	EndTime     *string                 `json:"end_time"`
	Coins       []int                   `json:"coins"`
	Deaths      []match.PerfectAimDeath `json:"deaths"`
}

func (m *matchRun) aimGameLine(r match.Result) aimGameLine {
	l := aimGameLine{gameLine: m.gameLine(r)}
	for _, c := range m.aim.colors {
		l.Colors = append(l.Colors, c.String())
	}
	if l.Winner != nil {
		c := m.aim.colors[*l.Winner].String()
		l.WinnerColor = &c
	}
	if e, ok := r.Detail.(*match.PerfectAimEnd); ok && e != nil {
		end := e.End.String()
		l.EndTime, l.Coins = &end, e.Coins
		l.Deaths = append([]match.PerfectAimDeath{}, e.Deaths...)
	} else if r.Outcome != nil {
		// A forfeit stops the game early: its scores (all 0) are the coins that count.
		l.Coins = r.Outcome.Scores
	}
	return l
}

type aimBotLine struct {
	Name      string   `json:"name"`
	Color     string   `json:"color"`
	Games     int      `json:"games"`
	Wins      int      `json:"wins"`
	Draws     int      `json:"draws"`
	Losses    int      `json:"losses"`
	Forfeits  int      `json:"forfeits"`
	Defaults  int      `json:"defaults"`
	WinPct    float64  `json:"win_pct"`
	Coins     int      `json:"coins"`
	MeanCoins float64  `json:"mean_coins"`
	MeanLife  *float64 `json:"mean_life"` // seconds alive per game
}

type aimSummaryLine struct {
	summaryLine
	Bots        []aimBotLine `json:"bots"` // entrant order; shadows summaryLine's
	Permutation *int         `json:"permutation"`
	Ranking     []string     `json:"ranking"`
	Winner      *string      `json:"winner"`
	Draws       int          `json:"draws"`
	MeanEndTime *float64     `json:"mean_end_time"`
	Simulated   float64      `json:"simulated_s"`
	SimPerS     float64      `json:"sim_s_per_s"`
}

func (m *matchRun) aimSummary(t *match.Tally, a *aimTotals, defaults []int, secs, rate float64) aimSummaryLine {
	s := aimSummaryLine{summaryLine: m.summary(t, defaults, secs, rate), Draws: a.draws,
		Simulated: a.stats.Simulated(), Ranking: []string{}}
	s.summaryLine.Bots = nil
	if secs > 0 {
		s.SimPerS = s.Simulated / secs
	}
	if m.aim.permutation >= 0 {
		s.Permutation = &m.aim.permutation
	}
	for e, rec := range t.Total {
		b := aimBotLine{Name: m.plan.Entrants[e].Name, Color: m.aim.colors[e].String(), Games: rec.Games,
			Wins: rec.Wins, Draws: rec.Draws, Losses: rec.Losses, Forfeits: rec.Forfeits, Defaults: defaults[e],
			WinPct: rec.WinPct(), Coins: rec.Score}
		if rec.Games > 0 {
			b.MeanCoins = float64(rec.Score) / float64(rec.Games)
		}
		if life, ok := a.stats.MeanLife(e); ok {
			b.MeanLife = &life
		}
		s.Bots = append(s.Bots, b)
	}
	order := t.RankingByWins()
	for _, e := range order {
		s.Ranking = append(s.Ranking, m.plan.Entrants[e].Name)
	}
	if w, ok := aimWinner(t, order); ok {
		s.Winner = &m.plan.Entrants[w].Name
	}
	if end, ok := a.stats.MeanEnd(); ok {
		s.MeanEndTime = &end
	}
	return s
}

// aimWinner is upstream's compute_winner: the greatest (wins, coins), none when two share it.
func aimWinner(t *match.Tally, order []int) (int, bool) {
	if len(order) == 0 {
		return 0, false
	}
	best := t.Total[order[0]]
	if len(order) > 1 {
		next := t.Total[order[1]]
		if next.Wins == best.Wins && next.Score == best.Score {
			return 0, false
		}
	}
	return order[0], true
}

func (m *matchRun) aimTable(w io.Writer, t *match.Tally, a *aimTotals, defaults []int, notes []string) {
	var line []string
	for e, c := range m.aim.colors {
		line = append(line, c.String()+" "+m.plan.Entrants[e].Name)
	}
	scheme := fmt.Sprintf("game i on seed %d+i, permutation i mod 12", m.seed)
	if m.aim.permutation >= 0 {
		scheme = fmt.Sprintf("game i on seed %d+i, permutation %d", m.seed, m.aim.permutation)
	}
	fmt.Fprintf(w, "%s · %s · %d games · %s\n", m.entry.Game.ID(), strings.Join(line, ", "), m.perPair, scheme)

	nw := nameWidth(m.plan.Entrants)
	anyDefaults := false
	for _, d := range defaults {
		anyDefaults = anyDefaults || d > 0
	}
	head := fmt.Sprintf(" #  %-*s  %-6s  %5s  %5s  %5s  %6s  %6s  %5s  %10s  %9s", nw, "bot", "colour",
		"games", "wins", "draws", "losses", "win %", "coins", "coins/game", "mean life")
	if anyDefaults {
		head += "  defaults"
	}
	fmt.Fprintln(w, head)
	order := t.RankingByWins()
	for i, e := range order {
		r := t.Total[e]
		perGame, life := "—", "—"
		if r.Games > 0 {
			perGame = fmt.Sprintf("%.2f", float64(r.Score)/float64(r.Games))
		}
		if l, ok := a.stats.MeanLife(e); ok {
			life = fmt.Sprintf("%.1f s", l)
		}
		row := fmt.Sprintf("%2d  %-*s  %-6s  %5d  %5d  %5d  %6d  %5.1f%%  %5d  %10s  %9s", i+1, nw, m.plan.Entrants[e].Name,
			m.aim.colors[e], r.Games, r.Wins, r.Draws, r.Losses, r.WinPct(), r.Score, perGame, life)
		if anyDefaults {
			row += fmt.Sprintf("  %8d", defaults[e])
		}
		if r.Forfeits > 0 {
			row += fmt.Sprintf("  (%d crashes)", r.Forfeits)
		}
		fmt.Fprintln(w, row)
	}
	if e, ok := aimWinner(t, order); ok {
		fmt.Fprintf(w, "winner: %s (most wins, then coins)\n", m.plan.Entrants[e].Name)
	} else if len(order) > 0 {
		fmt.Fprintln(w, "no winner: the best share their wins and coins")
	}
	if end, ok := a.stats.MeanEnd(); ok {
		fmt.Fprintf(w, "%d drawn · mean end time %.1f s (shortest %.1f s, longest %.1f s)\n", a.draws, end,
			a.stats.Shortest.Float64(), a.stats.Longest.Float64())
	}
	if t.Void > 0 {
		fmt.Fprintf(w, "%d void games (counted for nobody)\n", t.Void)
	}
	for _, n := range notes {
		fmt.Fprintf(w, "  %s\n", n)
	}
}
