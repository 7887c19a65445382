// Package arenamatch is Perfect Aim's `arena match` scheme (a match.Scheme): batches played
// as upstream's tournament (docs/rules/perfectaim.md §12) — entrants keep their colours, game
// i starts from permutation i, and the table ranks by wins, then coins.
package arenamatch

import (
	"errors"
	"fmt"
	"io"
	"math/big"
	"strings"

	"github.com/arena-classroom/arena/games"
	pa "github.com/arena-classroom/arena/games/perfectaim"
	"github.com/arena-classroom/arena/match"
)

// Perfect Aim batches follow upstream's 50-game tournament (docs/rules/perfectaim.md §3, §12):
// the bots keep their colours in every game, and game i starts from permutation i, which
// moves everyone's start corner instead of rotating the seats.

// PerfectAimSlots reads a seat list written in colour order (RED, BLUE, YELLOW, GREEN),
// match.EmptySlot standing for an absent colour. It returns the seats that play, in seat order,
// and the "colors" mask of the game's config.
func Slots(slots []match.SeatSpec) (seats []match.SeatSpec, colors int, err error) {
	if len(slots) > 4 {
		return nil, 0, fmt.Errorf("Perfect Aim has four colours (RED, BLUE, YELLOW, GREEN), so at most four seats, not %d", len(slots))
	}
	for i, s := range slots {
		if s.Exec == "" && s.Bot == match.EmptySlot {
			continue
		}
		colors |= 1 << i
		seats = append(seats, s)
	}
	if len(seats) < 2 {
		return nil, 0, fmt.Errorf("Perfect Aim is played by 2 to 4 players, and the seats name %d (%s leaves a colour empty)", len(seats), match.EmptySlot)
	}
	return seats, colors, nil
}

// PerfectAimSeries plans n games of Perfect Aim between k entrants, entrant s in seat s of
// every game. Game i has seed seed+i and, when permutation is negative, permutation i (mod
// 12, its period); otherwise every game uses permutation.
func Series(cfg games.Config, k, n int, seed uint64, permutation int) ([]match.Job, error) {
	s, err := PlanSeries(cfg, k, n, seed, permutation)
	if err != nil {
		return nil, err
	}
	return s.List(), nil
}

// PlanPerfectAimSeries is PerfectAimSeries made on demand: PlanSeries through Perfect Aim's
// games.Seater hook, the permutation fixed in the config when not negative.
func PlanSeries(cfg games.Config, k, n int, seed uint64, permutation int) (match.Schedule, error) {
	c := cfg.Clone()
	if c == nil {
		c = games.Config{}
	}
	delete(c, pa.KeyPermutation)
	if permutation >= 0 {
		c[pa.KeyPermutation] = permutation
	}
	return match.PlanSeries(pa.Game, c, k, n, seed)
}

// Stats sums, over the games of a batch that have a *pa.End, their end
// times and each entrant's time alive. Sums are exact, so any order of adding would do;
// Run's order is used anyway.
type Stats struct {
	Games             int        // games with an end
	Shortest, Longest pa.Instant // their end times, when Games > 0
	end               big.Rat
	life              []big.Rat // per entrant
	lifeGames         []int
	plan              match.Plan
}

// NewStats prepares the sums for plan's entrants.
func NewStats(p match.Plan) *Stats {
	return &Stats{life: make([]big.Rat, len(p.Entrants)), lifeGames: make([]int, len(p.Entrants)), plan: p}
}

// Add counts r if it has a *pa.End.
func (s *Stats) Add(r match.Result) {
	e, ok := r.Detail.(*pa.End)
	if !ok || e == nil {
		return
	}
	if s.Games == 0 || e.End.Cmp(s.Shortest) < 0 {
		s.Shortest = e.End
	}
	if s.Games == 0 || e.End.Cmp(s.Longest) > 0 {
		s.Longest = e.End
	}
	s.Games++
	s.end.Add(&s.end, e.End.Rat())
	for seat, ent := range s.plan.Job(r.Job).Seats {
		s.life[ent].Add(&s.life[ent], e.Life[seat].Rat())
		s.lifeGames[ent]++
	}
}

// MeanEnd is the mean end time in seconds; ok is false without games.
func (s *Stats) MeanEnd() (secs float64, ok bool) {
	return mean(&s.end, s.Games)
}

// Simulated is the game time of all the games added, in seconds.
func (s *Stats) Simulated() float64 {
	f, _ := s.end.Float64()
	return f
}

// MeanLife is entrant's mean time alive in seconds; ok is false without games.
func (s *Stats) MeanLife(entrant int) (secs float64, ok bool) {
	return mean(&s.life[entrant], s.lifeGames[entrant])
}

func mean(sum *big.Rat, n int) (float64, bool) {
	if n == 0 {
		return 0, false
	}
	f, _ := new(big.Rat).Quo(sum, big.NewRat(int64(n), 1)).Float64()
	return f, true
}

// aimRun is what a Perfect Aim batch adds to a matchRun: upstream's tournament scheme
// (docs/rules/pa.md §12), where the seats keep their colours and game i starts from
// permutation i.
type aimRun struct {
	specs       []match.SeatSpec // the seats that play, in seat order
	colors      []pa.Color       // each seat's colour
	cfg         games.Config     // --config with the colours, without the permutation
	permutation int              // every game's permutation; -1 when game i uses i
	shown       games.Config     // the summary's config: permutation only when fixed
}

func parseAim(cfg games.Config, slots []match.SeatSpec, permSet bool, perm int) (*aimRun, error) {
	if _, ok := cfg[pa.KeyColors]; ok {
		return nil, errors.New("Perfect Aim's colours come from --seats (RED, BLUE, YELLOW, GREEN in order, - for an empty one), not --config colors")
	}
	if p, ok := cfg[pa.KeyPermutation]; ok {
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
	seats, mask, err := Slots(slots)
	if err != nil {
		return nil, err
	}
	a.specs = seats
	a.cfg = cfg.Clone()
	delete(a.cfg, pa.KeyPermutation)
	a.cfg[pa.KeyColors] = mask
	a.colors = pa.SeatColors(a.cfg, len(seats))
	if a.shown, err = pa.Game.Normalize(a.cfg.Clone()); err != nil {
		return nil, fmt.Errorf("%s: %w", pa.Game.ID(), err)
	}
	if a.permutation < 0 {
		delete(a.shown, pa.KeyPermutation)
	} else {
		a.shown[pa.KeyPermutation] = a.permutation
	}
	return a, nil
}

// report is a batch's report: what it sums beyond the tally, and how it prints.
type report struct {
	aim     *aimRun
	plan    match.Plan
	gameID  string
	seed    uint64
	perPair int

	stats *Stats
	draws int // games that nobody won alone
}

// Add counts a game.
func (t *report) Add(r match.Result) {
	t.stats.Add(r)
	if r.Outcome != nil && r.Outcome.Winner() < 0 {
		t.draws++
	}
}

type aimGameLine struct {
	match.GameLine
	Colors      []string   `json:"colors"`
	WinnerColor *string    `json:"winner_color"`
	EndTime     *string    `json:"end_time"`
	Coins       []int      `json:"coins"`
	Deaths      []pa.Death `json:"deaths"`
}

// GameLine adds the colours, the winner's colour, the end time, coins and deaths.
func (m *report) GameLine(base match.GameLine, r match.Result) any {
	l := aimGameLine{GameLine: base}
	for _, c := range m.aim.colors {
		l.Colors = append(l.Colors, c.String())
	}
	if l.Winner != nil {
		c := m.aim.colors[*l.Winner].String()
		l.WinnerColor = &c
	}
	if e, ok := r.Detail.(*pa.End); ok && e != nil {
		end := e.End.String()
		l.EndTime, l.Coins = &end, e.Coins
		l.Deaths = append([]pa.Death{}, e.Deaths...)
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
	match.SummaryLine
	Bots        []aimBotLine `json:"bots"` // entrant order; shadows match.SummaryLine's
	Permutation *int         `json:"permutation"`
	Ranking     []string     `json:"ranking"`
	Winner      *string      `json:"winner"`
	Draws       int          `json:"draws"`
	MeanEndTime *float64     `json:"mean_end_time"`
	Simulated   float64      `json:"simulated_s"`
	SimPerS     float64      `json:"sim_s_per_s"`
}

// Summary ranks by wins then coins, with colours, coins, mean life and end times.
func (m *report) Summary(base match.SummaryLine, t *match.Tally, defaults []int, secs float64) any {
	a := m
	s := aimSummaryLine{SummaryLine: base, Draws: a.draws,
		Simulated: a.stats.Simulated(), Ranking: []string{}}
	s.SummaryLine.Bots = nil
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

// Table prints the tournament's table and its timing line.
func (m *report) Table(w io.Writer, t *match.Tally, defaults []int, notes []string, secs, rate float64) {
	a := m
	var line []string
	for e, c := range m.aim.colors {
		line = append(line, c.String()+" "+m.plan.Entrants[e].Name)
	}
	scheme := fmt.Sprintf("game i on seed %d+i, permutation i mod 12", m.seed)
	if m.aim.permutation >= 0 {
		scheme = fmt.Sprintf("game i on seed %d+i, permutation %d", m.seed, m.aim.permutation)
	}
	fmt.Fprintf(w, "%s · %s · %d games · %s\n", m.gameID, strings.Join(line, ", "), m.perPair, scheme)

	nw := match.NameWidth(m.plan.Entrants)
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
	simRate := 0.0
	if secs > 0 {
		simRate = a.stats.Simulated() / secs
	}
	fmt.Fprintf(w, "%d games in %.2f s: %.0f games/s, %.0f simulated s/s\n", m.plan.Len(), secs, rate, simRate)
}

// Scheme is Perfect Aim's `arena match` scheme; the catalog lists it.
type Scheme struct{}

var _ match.Scheme = Scheme{}

// Usage is Perfect Aim's paragraph of `arena match --help`.
func (Scheme) Usage() string { return usage }

const usage = `Perfect Aim (--game perfectaim) is played as a tournament: 2 to 4 bots listed in colour
order RED, BLUE, YELLOW, GREEN, where - leaves a colour empty (--seats zidane,-,bob
is RED zidane against YELLOW bob). Seats keep their colours in every game; game i has seed
S+i and start permutation i mod 12, which moves the start corners instead. The table ranks
bots by wins, then coins summed over the games (the winner has the greatest (wins, coins);
none when two share it). It shows draws (a shared first place: the last players
died at the same instant), coins, mean time alive and the mean end time. A game's score is
the coins its player held at the end, or when it died. There is no round robin.
  Examples: arena match --game perfectaim --seats indianajones,zidane,bobmorane,anouslefouz
                        --games 50 --seed 1
            arena match --game perfectaim --seats zidane,-,bobmorane --permutation 3 --json
Perfect Aim's game lines add "colors":[each seat's colour],"winner_color":"RED"… or null,
  "end_time":"num/den" (exact seconds),"coins":[per seat, held at the end or at death],
  "deaths":[[seat,"num/den"],…] in order of death. Its summary's bots have "color","coins",
  "mean_coins","mean_life" (seconds alive) instead of "mean_share"; the summary adds
  "permutation" (null: game i uses i),"ranking":[names, best first],"winner":name or null,
  "draws":n,"mean_end_time":s,"simulated_s":s,"sim_s_per_s":r.
`

// Flags: --permutation.
func (Scheme) Flags() []match.SchemeFlag {
	return []match.SchemeFlag{{Name: "permutation", Doc: "perfectaim: every game starts from permutation P (0 to 11) instead of\n                     game i from permutation i"}}
}

// Setup reads the seats in colour order and the permutation, if fixed.
func (Scheme) Setup(slots []match.SeatSpec, cfg games.Config, flags map[string]int) (match.SchemeBatch, error) {
	perm, set := flags["permutation"]
	a, err := parseAim(cfg, slots, set, perm)
	if err != nil {
		return nil, err
	}
	return a, nil
}

// Seats are the colours present, in colour order.
func (a *aimRun) Seats() []match.SeatSpec { return a.specs }

// Labels name each seat by its colour.
func (a *aimRun) Labels() []string {
	labels := make([]string, len(a.colors))
	for i, c := range a.colors {
		labels[i] = "the " + c.String() + " seat"
	}
	return labels
}

// Schedule: game i on seed S+i and permutation i mod 12, or the fixed one.
func (a *aimRun) Schedule(n int, seed uint64) (match.Schedule, error) {
	return PlanSeries(a.cfg, len(a.specs), n, seed, a.permutation)
}

// Config is the summary's config: the permutation only when fixed.
func (a *aimRun) Config() games.Config { return a.shown }

// Report starts the tournament's report.
func (a *aimRun) Report(plan match.Plan, gameID string, seed uint64, n int) match.SchemeReport {
	return &report{aim: a, plan: plan, gameID: gameID, seed: seed, perPair: n, stats: NewStats(plan)}
}
