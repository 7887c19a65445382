package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/big"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/arena-classroom/arena/bots"
	perfectaimbots "github.com/arena-classroom/arena/bots/perfectaim"
	"github.com/arena-classroom/arena/catalog"
	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/games/perfectaim"
	"github.com/arena-classroom/arena/games/perfectaim/arenamatch"
	"github.com/arena-classroom/arena/games/playable"
)

type aimGame struct {
	Type        string
	Index       int
	Game        string
	Seed        uint64
	Config      map[string]int
	Seats       []string
	Winner      *int
	Ranks       []int
	Scores      []int
	Moves       int
	Colors      []string
	WinnerColor *string `json:"winner_color"`
	EndTime     *string `json:"end_time"`
	Coins       []int
	Deaths      [][]json.RawMessage
	Forfeit     *int
	Error       string
	Defaults    []int
}

type aimBot struct {
	Name, Color                string
	Games, Wins, Draws, Losses int
	Coins                      int
	MeanCoins                  float64  `json:"mean_coins"`
	MeanLife                   *float64 `json:"mean_life"`
	WinPct                     float64  `json:"win_pct"`
	Forfeits, Defaults         int
	MeanShare                  *float64 `json:"mean_share"` // must stay absent
}

type aimSummary struct {
	Type        string
	Seed        uint64
	Games       int
	Void        int
	Configs     []map[string]int
	Bots        []aimBot
	Permutation *int
	Ranking     []string
	Winner      *string
	Draws       int
	MeanEndTime *float64 `json:"mean_end_time"`
	Simulated   float64  `json:"simulated_s"`
	SimPerS     float64  `json:"sim_s_per_s"`
}

func parseAimLines(t *testing.T, out string) ([]aimGame, aimSummary) {
	t.Helper()
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	var gs []aimGame
	for _, l := range lines[:len(lines)-1] {
		var g aimGame
		dec := json.NewDecoder(strings.NewReader(l))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&g); err != nil || g.Type != "game" {
			t.Fatalf("game line %s: %v", l, err)
		}
		for _, field := range []string{`"winner":`, `"winner_color":`, `"end_time":`, `"coins":`, `"deaths":`, `"colors":`} {
			if !strings.Contains(l, field) {
				t.Fatalf("%s missing from %s", field, l)
			}
		}
		gs = append(gs, g)
	}
	var s aimSummary
	if err := json.Unmarshal([]byte(lines[len(lines)-1]), &s); err != nil || s.Type != "summary" {
		t.Fatalf("summary line %s: %v", lines[len(lines)-1], err)
	}
	return gs, s
}

func rat(t *testing.T, s string) *big.Rat {
	t.Helper()
	r, ok := new(big.Rat).SetString(s)
	if !ok || !regexp.MustCompile(`^\d+/\d+$`).MatchString(s) {
		t.Fatalf("%q is not num/den", s)
	}
	return r
}

// checkAimGame checks one game line against itself: colours, winner, coins, deaths.
func checkAimGame(t *testing.T, g aimGame, colors []string) {
	t.Helper()
	if !slices.Equal(g.Colors, colors) || g.Config["colors"] != colorMask(colors) {
		t.Fatalf("game %d: colours %v, config %v, want %v", g.Index, g.Colors, g.Config, colors)
	}
	if !slices.Equal(g.Coins, g.Scores) || len(g.Coins) != len(g.Seats) {
		t.Fatalf("game %d: coins %v, scores %v", g.Index, g.Coins, g.Scores)
	}
	first := 0
	for _, r := range g.Ranks {
		if r == 1 {
			first++
		}
	}
	switch {
	case first == 1 && (g.Winner == nil || g.WinnerColor == nil || g.Ranks[*g.Winner] != 1 || *g.WinnerColor != colors[*g.Winner]):
		t.Fatalf("game %d: ranks %v, winner %v (%v)", g.Index, g.Ranks, g.Winner, g.WinnerColor)
	case first > 1 && (g.Winner != nil || g.WinnerColor != nil):
		t.Fatalf("game %d: a draw (ranks %v) with a winner %v", g.Index, g.Ranks, *g.Winner)
	}
	end := rat(t, *g.EndTime)
	var prev *big.Rat
	dead := map[int]bool{}
	for _, d := range g.Deaths {
		var seat int
		var at string
		if len(d) != 2 || json.Unmarshal(d[0], &seat) != nil || json.Unmarshal(d[1], &at) != nil {
			t.Fatalf("game %d: death %s", g.Index, d)
		}
		when := rat(t, at)
		if prev != nil && when.Cmp(prev) < 0 {
			t.Fatalf("game %d: deaths not in time order: %s", g.Index, g.Deaths)
		}
		if dead[seat] || (g.Winner != nil && seat == *g.Winner && len(g.Deaths) < len(g.Seats)) {
			t.Fatalf("game %d: seat %d in deaths %s (winner %v)", g.Index, seat, g.Deaths, g.Winner)
		}
		dead[seat], prev = true, when
	}
	if prev == nil || prev.Cmp(end) != 0 || len(g.Deaths) < len(g.Seats)-1 {
		t.Fatalf("game %d: deaths %s, end %s", g.Index, g.Deaths, *g.EndTime)
	}
}

func colorMask(colors []string) int {
	m := 0
	for _, c := range colors {
		m |= 1 << slices.Index([]string{"RED", "BLUE", "YELLOW", "GREEN"}, c)
	}
	return m
}

func TestMatchPerfectAimJSON(t *testing.T) {
	bots := []string{"indianajones", "zidane", "bobmorane", "anouslefouz"}
	args := []string{"--game", "perfectaim", "--seats", strings.Join(bots, ","), "--games", "26", "--seed", "40", "--json"}
	r := cliCatalog(append(args, "--parallel", "1")...)
	if r.code != 0 || r.stderr != "" {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	for _, p := range []string{"2", "4"} {
		if again := cliCatalog(append(args, "--parallel", p)...); again.stdout != r.stdout {
			t.Fatalf("--parallel %s gives different output", p)
		}
	}
	gs, s := parseAimLines(t, r.stdout)
	if len(gs) != 26 {
		t.Fatalf("%d games", len(gs))
	}
	wins := make([]int, 4)
	coins := make([]int, 4)
	draws := 0
	for i, g := range gs {
		// Upstream's tournament: game i on permutation i (period 12) and seed S+i; the seats
		// never move.
		if g.Index != i || g.Seed != 40+uint64(i) || g.Config["permutation"] != i%12 || !slices.Equal(g.Seats, bots) {
			t.Fatalf("game %d: %+v", i, g)
		}
		checkAimGame(t, g, []string{"RED", "BLUE", "YELLOW", "GREEN"})
		if g.Winner != nil {
			wins[*g.Winner]++
		} else {
			draws++
		}
		for seat, c := range g.Coins {
			coins[seat] += c
		}
	}
	if s.Games != 26 || s.Void != 0 || s.Permutation != nil || s.Draws != draws || len(s.Bots) != 4 || s.Simulated <= 0 || s.SimPerS <= 0 {
		t.Fatalf("summary %+v", s)
	}
	for e, b := range s.Bots {
		if b.Name != bots[e] || b.Color != []string{"RED", "BLUE", "YELLOW", "GREEN"}[e] || b.Games != 26 ||
			b.Wins != wins[e] || b.Coins != coins[e] || b.MeanLife == nil || *b.MeanLife <= 0 || *b.MeanLife > 120 || b.MeanShare != nil {
			t.Fatalf("summary for %s: %+v (from the lines: %d wins, %d coins)", bots[e], b, wins[e], coins[e])
		}
	}
	// The ranking is by wins, then coins.
	for k := 1; k < len(s.Ranking); k++ {
		a, b := s.Bots[slices.Index(bots, s.Ranking[k-1])], s.Bots[slices.Index(bots, s.Ranking[k])]
		if a.Wins < b.Wins || (a.Wins == b.Wins && a.Coins < b.Coins) {
			t.Fatalf("ranking %v: %+v before %+v", s.Ranking, a, b)
		}
	}
	if len(s.Ranking) != 4 || s.Winner == nil || *s.Winner != s.Ranking[0] {
		t.Fatalf("ranking %v, winner %v", s.Ranking, s.Winner)
	}
}

// --seats zidane,-,bobmorane is upstream's [zidane, None, bobmorane, None]: RED and YELLOW.
func TestMatchPerfectAimEmptySlot(t *testing.T) {
	r := cliCatalog("--game", "perfectaim", "--seats", "zidane,-,bobmorane", "--games", "14", "--seed", "5", "--json")
	if r.code != 0 {
		t.Fatal(r.stderr)
	}
	gs, s := parseAimLines(t, r.stdout)
	yellowWins := 0
	for i, g := range gs {
		if !slices.Equal(g.Seats, []string{"zidane", "bobmorane"}) || g.Config["permutation"] != i%12 || g.Seed != 5+uint64(i) {
			t.Fatalf("game %d: %+v", i, g)
		}
		checkAimGame(t, g, []string{"RED", "YELLOW"})
		if g.WinnerColor != nil && *g.WinnerColor == "YELLOW" {
			yellowWins++
		}
	}
	if s.Bots[1].Color != "YELLOW" || s.Bots[1].Wins != yellowWins || s.Configs[0]["colors"] != 5 {
		t.Fatalf("summary %+v", s)
	}
	// Green and blue alone, with a fixed permutation.
	r = cliCatalog("--game", "perfectaim", "--seats", "-,zidane,-,bobmorane", "--games", "3", "--seed", "5", "--permutation", "2", "--json")
	if r.code != 0 {
		t.Fatal(r.stderr)
	}
	gs, s = parseAimLines(t, r.stdout)
	for _, g := range gs {
		if g.Config["permutation"] != 2 {
			t.Fatalf("game %d on permutation %d, want 2", g.Index, g.Config["permutation"])
		}
		checkAimGame(t, g, []string{"BLUE", "GREEN"})
	}
	if s.Permutation == nil || *s.Permutation != 2 {
		t.Fatalf("summary permutation %v", s.Permutation)
	}
}

func TestMatchPerfectAimTable(t *testing.T) {
	args := []string{"--game", "perfectaim", "--seats", "indianajones,zidane,bobmorane", "--games", "12", "--seed", "7"}
	_, s := parseAimLines(t, cliCatalog(append(args, "--json")...).stdout)
	r := cliCatalog(args...)
	if r.code != 0 {
		t.Fatal(r.stderr)
	}
	if !strings.HasPrefix(r.stdout, "perfectaim · RED indianajones, BLUE zidane, YELLOW bobmorane · 12 games · game i on seed 7+i, permutation i mod 12\n") {
		t.Fatalf("header:\n%s", r.stdout)
	}
	// Rows come in the summary's ranking, with its numbers.
	var rows []string
	for i, name := range s.Ranking {
		b := s.Bots[slices.IndexFunc(s.Bots, func(b aimBot) bool { return b.Name == name })]
		rows = append(rows, fmt.Sprintf(`%2d +%s +%s +%d +%d +%d +%d +%.1f%% +%d +%.2f +%.1f s`, i+1, name, b.Color,
			b.Games, b.Wins, b.Draws, b.Losses, b.WinPct, b.Coins, b.MeanCoins, *b.MeanLife))
	}
	re := regexp.MustCompile(`(?m)^` + strings.Join(rows, `\n`) + `$`)
	if !re.MatchString(r.stdout) {
		t.Fatalf("rows %v not in\n%s", rows, r.stdout)
	}
	for _, want := range []string{"winner: " + *s.Winner + " (most wins, then coins)",
		fmt.Sprintf("%d drawn · mean end time %.1f s", s.Draws, *s.MeanEndTime), "simulated s/s"} {
		if !strings.Contains(r.stdout, want) {
			t.Fatalf("%q missing from\n%s", want, r.stdout)
		}
	}
}

func TestMatchPerfectAimErrors(t *testing.T) {
	cases := []struct {
		args []string
		want []string
	}{
		{[]string{"--seats", "zidane"}, []string{"2 to 4 players", "seats name 1"}},
		{[]string{"--seats", "zidane,-,-,-"}, []string{"2 to 4 players", "seats name 1"}},
		{[]string{"--seats", "zidane,zidane,zidane,zidane,zidane"}, []string{"four colours", "not 5"}},
		{[]string{"--seats", "zidane,alphago"}, []string{"BLUE seat", `no bot "alphago"`, "bobmorane"}},
		{[]string{"--seats", "zidane,-,rambo"}, []string{"YELLOW seat", `no bot "rambo"`}},
		{[]string{"--seats", "zidane,bobmorane", "--round-robin"}, []string{"no round robin"}},
		{[]string{"--seats", "zidane,bobmorane", "--config", "colors=3"}, []string{"colours come from --seats"}},
		{[]string{"--seats", "zidane,bobmorane", "--permutation", "-2"}, []string{"--permutation must be 0 to 11"}},
		{[]string{"--seats", "zidane,bobmorane", "--permutation", "12"}, []string{"--permutation must be 0 to 11", "not 12"}},
		{[]string{"--seats", "zidane,bobmorane", "--permutation", "2", "--config", "permutation=2"}, []string{"both given"}},
		{[]string{"--seats", "zidane,bobmorane", "--size", "21"}, []string{`no setting "size"`}},
	}
	for _, c := range cases {
		r := cliCatalog(append([]string{"--game", "perfectaim"}, c.args...)...)
		if r.code != 2 || r.stdout != "" {
			t.Errorf("%v: exit %d, stdout %q", c.args, r.code, r.stdout)
		}
		for _, w := range c.want {
			if !strings.Contains(r.stderr, w) {
				t.Errorf("%v: %q not in %q", c.args, w, r.stderr)
			}
		}
	}
	// The Perfect Aim syntax is refused elsewhere, with a reason.
	for args, want := range map[string]string{
		"greedy,-":                    "- (an empty place) is not allowed in sevencolors",
		"greedy,random,--permutation": "--permutation is not an option of sevencolors",
	} {
		seats, extra, _ := strings.Cut(args, ",--")
		cmd := []string{"--game", "sevencolors", "--seats", seats}
		if extra != "" {
			cmd = append(cmd, "--"+extra, "1")
		}
		if r := cliCatalog(cmd...); r.code != 2 || !strings.Contains(r.stderr, want) {
			t.Errorf("%v: exit %d, %q", cmd, r.code, r.stderr)
		}
	}
}

func TestMatchHelpTellsPerfectAim(t *testing.T) {
	h := cliCatalog("--help")
	for _, want := range []string{"--permutation P", "RED, BLUE, YELLOW, GREEN", "zidane,-,bob", `"winner_color"`, `"deaths"`, "wins, then coins"} {
		if !strings.Contains(h.stdout, want) {
			t.Fatalf("help lacks %q:\n%s", want, h.stdout)
		}
	}
}

// wildBot plays a house bot until a given instant, then panics.
type wildBot struct {
	inner bots.Bot
	until float64
}

func (w wildBot) Choose(st games.State, seat int) games.Action {
	if st.(*perfectaim.State).Time().Float64() >= w.until {
		panic("wild bot")
	}
	return w.inner.Choose(st, seat)
}

// A bot that crashes forfeits: its line still has every field, with the forfeit's scores as
// coins and no end time nor deaths, and the batch goes on.
func TestMatchPerfectAimForfeit(t *testing.T) {
	zidane, _ := bots.Find(perfectaimbots.All, "zidane")
	wild := bots.Info{Name: "wild", New: func(seed uint64) bots.Bot { return wildBot{inner: zidane.New(seed), until: 3} }}
	var out, errb bytes.Buffer
	env := matchEnv{stdout: &out, stderr: &errb,
		games: func() []catalog.Entry {
			return []catalog.Entry{{Entry: playable.Entry{Game: perfectaim.Game, Bots: append(slices.Clone(perfectaimbots.All), wild)}, Match: arenamatch.Scheme{}}}
		},
		now: func() time.Time { return time.Unix(0, 0) }, randomSeed: func() uint64 { return 1 }}
	if code := env.run([]string{"--game", "perfectaim", "--seats", "bobmorane,-,wild", "--games", "4", "--seed", "2", "--json"}); code != 0 {
		t.Fatal(errb.String())
	}
	gs, s := parseAimLines(t, out.String())
	for _, g := range gs {
		if g.Forfeit == nil || *g.Forfeit != 1 || !strings.Contains(g.Error, "wild bot") || g.Winner == nil || *g.Winner != 0 ||
			g.WinnerColor == nil || *g.WinnerColor != "RED" || !slices.Equal(g.Coins, g.Scores) || g.EndTime != nil || g.Deaths != nil {
			t.Fatalf("game %d: %+v", g.Index, g)
		}
	}
	if s.Bots[1].Forfeits != 4 || s.Ranking[0] != "bobmorane" || s.MeanEndTime != nil {
		t.Fatalf("summary %+v", s)
	}
}
