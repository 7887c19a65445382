package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"github.com/arena-classroom/arena/lang"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/arena-classroom/arena/catalog"
	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/games/playable"
	"github.com/arena-classroom/arena/match"
	"github.com/arena-classroom/arena/replay/replaytest"
)

// sizedRace is the test race with its target called "size", like a board game's setting.
type sizedRace struct{ replaytest.Race }

func (sizedRace) ID() string { return "sizedrace" }
func (g sizedRace) Normalize(cfg games.Config) (games.Config, error) {
	in := games.Config{}
	for k, v := range cfg {
		if k != "size" {
			return nil, fmt.Errorf("sizedrace has no setting %q", k)
		}
		in["target"] = v
	}
	out, err := g.Race.Normalize(in)
	if err != nil {
		return nil, err
	}
	return games.Config{"size": out["target"]}, nil
}
func (g sizedRace) New(cfg games.Config, seats int, seed uint64) (games.State, error) {
	return g.Race.New(games.Config{"target": cfg["size"]}, seats, seed)
}

type cliResult struct {
	code           int
	stdout, stderr string
}

// cli runs the command with test games, a clock that ticks one second per reading and a
// fixed "random" seed.
func cli(progress bool, args ...string) cliResult { return cliIn(lang.English, progress, args...) }

// cliIn is cli in language l.
func cliIn(l lang.Lang, progress bool, args ...string) cliResult {
	var out, errb bytes.Buffer
	clock := time.Unix(0, 0)
	env := matchEnv{
		lang:   l,
		stdout: &out, stderr: &errb, progress: progress,
		games: func() []catalog.Entry {
			return []catalog.Entry{replaytest.Entry(false), {Entry: playable.Entry{Game: sizedRace{}, Bots: replaytest.Bots()}}}
		},
		now:        func() time.Time { clock = clock.Add(time.Second); return clock },
		randomSeed: func() uint64 { return 777 },
	}
	code := env.run(args)
	return cliResult{code, out.String(), errb.String()}
}

type parsedGame struct {
	Type     string
	Index    int
	Game     string
	Seed     uint64
	Config   map[string]int
	Seats    []string
	Winner   *int
	Ranks    []int
	Scores   []int
	Shares   []float64
	Moves    int
	Forfeit  *int
	Error    string
	Defaults []int
}

type parsedSummary struct {
	Type    string
	Game    string
	Seed    uint64
	Games   int
	Void    int
	Configs []map[string]int
	Bots    []struct {
		Name                                 string
		Games, Wins, Draws, Losses, Forfeits int
		Defaults                             int
		WinPct                               float64  `json:"win_pct"`
		MeanShare                            *float64 `json:"mean_share"`
	}
	Pairs []struct {
		Config       map[string]int
		A, B         string
		Games, Draws int
		AWins        int `json:"a_wins"`
		BWins        int `json:"b_wins"`
	}
	GamesPerS float64 `json:"games_per_s"`
	Sandbox   string  // how the programs ran
}

func parseJSONLines(t *testing.T, out string) ([]parsedGame, parsedSummary) {
	t.Helper()
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	var gs []parsedGame
	for _, l := range lines[:len(lines)-1] {
		var g parsedGame
		dec := json.NewDecoder(strings.NewReader(l))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&g); err != nil || g.Type != "game" {
			t.Fatalf("game line %s: %v", l, err)
		}
		gs = append(gs, g)
	}
	var s parsedSummary
	if err := json.Unmarshal([]byte(lines[len(lines)-1]), &s); err != nil || s.Type != "summary" {
		t.Fatalf("summary line %s: %v", lines[len(lines)-1], err)
	}
	return gs, s
}

func TestMatchJSONLines(t *testing.T) {
	r := cli(false, "--game", "race", "--seats", "max,random", "--games", "21", "--seed", "40", "--json", "--config", "target=30")
	if r.code != 0 || r.stderr != "" {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	gs, s := parseJSONLines(t, r.stdout)
	if len(gs) != 21 {
		t.Fatalf("%d game lines", len(gs))
	}
	wins := map[string]int{}
	for i, g := range gs {
		want := []string{"max", "random"}
		if i%2 == 1 {
			want = []string{"random", "max"}
		}
		if g.Index != i || g.Seed != 40+uint64(i) || g.Game != "race" || g.Config["target"] != 30 || !slices.Equal(g.Seats, want) {
			t.Fatalf("game %d: %+v", i, g)
		}
		if g.Winner == nil || len(g.Ranks) != 2 || g.Ranks[*g.Winner] != 1 || len(g.Shares) != 2 || g.Moves == 0 {
			t.Fatalf("game %d outcome: %+v", i, g)
		}
		if sum := g.Scores[0] + g.Scores[1]; sum != 30-int(g.Seed%3) {
			t.Fatalf("game %d: scores %v do not add up to the distance run", i, g.Scores)
		}
		wins[g.Seats[*g.Winner]]++
	}
	if s.Seed != 40 || s.Games != 21 || s.Void != 0 || len(s.Bots) != 2 || s.GamesPerS <= 0 {
		t.Fatalf("summary %+v", s)
	}
	for _, b := range s.Bots {
		if b.Games != 21 || b.Wins != wins[b.Name] || b.Wins+b.Losses+b.Draws != 21 || b.MeanShare == nil {
			t.Fatalf("summary for %s: %+v (wins counted from lines: %d)", b.Name, b, wins[b.Name])
		}
	}
}

func TestMatchSameSeedSameBytes(t *testing.T) {
	args := []string{"--game", "race", "--seats", "random,random,max", "--games", "50", "--seed", "9", "--json"}
	first := cli(false, append(args, "--parallel", "1")...)
	if first.code != 0 {
		t.Fatal(first.stderr)
	}
	for _, p := range []string{"1", "2", "4"} {
		if again := cli(false, append(args, "--parallel", p)...); again.stdout != first.stdout {
			t.Fatalf("--parallel %s gives different output", p)
		}
	}
	if other := cli(false, "--game", "race", "--seats", "random,random,max", "--games", "50", "--seed", "10", "--json"); other.stdout == first.stdout {
		t.Fatal("another seed gives the same output")
	}
	// Without --seed, the seed drawn is reported so the run can be repeated.
	drawn := cli(false, "--game", "race", "--seats", "random,max", "--games", "3", "--json")
	_, s := parseJSONLines(t, drawn.stdout)
	if s.Seed != 777 {
		t.Fatalf("drawn seed %d not reported", s.Seed)
	}
	table := cli(false, "--game", "race", "--seats", "random,max", "--games", "3")
	if !strings.Contains(table.stdout, "seed 777") {
		t.Fatalf("table does not show the seed:\n%s", table.stdout)
	}
}

func TestMatchTable(t *testing.T) {
	j := cli(false, "--game", "race", "--seats", "max,one,max", "--games", "30", "--seed", "3", "--json")
	_, s := parseJSONLines(t, j.stdout)
	r := cli(false, "--game", "race", "--seats", "max,one,max", "--games", "30", "--seed", "3")
	if r.code != 0 {
		t.Fatal(r.stderr)
	}
	if !strings.HasPrefix(r.stdout, "race · target=21 · 30 games · seed 3") {
		t.Fatalf("header:\n%s", r.stdout)
	}
	// Every bot's row carries the same numbers as the JSON summary; the second max is max#2.
	for _, b := range s.Bots {
		share := fmt.Sprintf("%.1f%%", 100**b.MeanShare)
		re := regexp.MustCompile(fmt.Sprintf(`(?m)^%s +%d +%d +%d +%d +%.1f%% +%s$`,
			regexp.QuoteMeta(b.Name), b.Games, b.Wins, b.Draws, b.Losses, b.WinPct, regexp.QuoteMeta(share)))
		if !re.MatchString(r.stdout) {
			t.Fatalf("no row for %+v in\n%s", b, r.stdout)
		}
	}
	if s.Bots[2].Name != "max#2" {
		t.Fatalf("names %+v", s.Bots)
	}
	if !regexp.MustCompile(`(?m)^30 games in 1\.00 s: 30 games/s$`).MatchString(r.stdout) {
		t.Fatalf("no rate line in\n%s", r.stdout)
	}
}

func TestMatchRoundRobin(t *testing.T) {
	args := []string{"--game", "sizedrace", "--seats", "one,max,random", "--sizes", "10,20", "--games", "4", "--seed", "1"}
	r := cli(false, append(args, "--json")...)
	if r.code != 0 {
		t.Fatal(r.stderr)
	}
	gs, s := parseJSONLines(t, r.stdout)
	if len(gs) != 2*3*4 {
		t.Fatalf("%d games", len(gs))
	}
	orders := map[string]int{}
	for _, g := range gs {
		orders[fmt.Sprint(g.Config["size"], g.Seats)]++
	}
	for _, size := range []int{10, 20} {
		for _, a := range []string{"one", "max", "random"} {
			for _, b := range []string{"one", "max", "random"} {
				if want := map[bool]int{true: 0, false: 2}[a == b]; orders[fmt.Sprint(size, []string{a, b})] != want {
					t.Fatalf("size %d, %s then %s: %d games, want %d", size, a, b, orders[fmt.Sprint(size, []string{a, b})], want)
				}
			}
		}
	}
	if len(s.Pairs) != 6 || len(s.Configs) != 2 || s.Configs[1]["size"] != 20 {
		t.Fatalf("summary %+v", s)
	}
	for _, p := range s.Pairs {
		if p.Games != 4 || p.AWins+p.BWins+p.Draws != 4 {
			t.Fatalf("pair %+v", p)
		}
	}

	table := cli(false, args...)
	if table.code != 0 {
		t.Fatal(table.stderr)
	}
	for _, want := range []string{"size=10: win % of the row bot against the column bot", "size=20: win %", "overall ranking"} {
		if !strings.Contains(table.stdout, want) {
			t.Fatalf("%q missing from\n%s", want, table.stdout)
		}
	}
	// max always reaches the target first against one: 100 % in its row, 0 % in one's.
	if !regexp.MustCompile(`(?m)^max +100\.0 +— `).MatchString(table.stdout) ||
		!regexp.MustCompile(`(?m)^one +— +0\.0 `).MatchString(table.stdout) {
		t.Fatalf("cross table:\n%s", table.stdout)
	}
	// More bots than seats also makes a round robin.
	if r := cli(false, "--game", "race", "--seats", "one,max,random,one,max", "--games", "2", "--seed", "1", "--json"); r.code != 0 ||
		!strings.Contains(r.stdout, `"pairs"`) {
		t.Fatalf("five bots in a 2–4 seat game: %d %s", r.code, r.stderr)
	}
}

func TestMatchErrors(t *testing.T) {
	cases := []struct {
		args []string
		want []string
	}{
		{[]string{"--game", "race", "--seats", "max,alphago"}, []string{`seat 2`, `"alphago"`, "one, max (greedy), random"}},
		{[]string{"--game", "chess", "--seats", "a,b"}, []string{`unknown game "chess"`, "race, sizedrace"}},
		{[]string{"--seats", "a,b"}, []string{"--game is required", "race, sizedrace"}},
		{[]string{"--game", "race"}, []string{"--seats is required", "one, max"}},
		{[]string{"--game", "race", "--seats", `max,exec:python3 bot.py`}, []string{`exec:"python3 bot.py"`, "no bot protocol schema", "house bots: one, max"}},
		{[]string{"--game", "race", "--seats", "max,one", "--games", "0"}, []string{"--games must be at least 1"}},
		{[]string{"--game", "race", "--seats", "max,one", "--config", "target"}, []string{"KEY=VALUE"}},
		{[]string{"--game", "race", "--seats", "max,one", "--config", "target=1"}, []string{"target 1"}},
		{[]string{"--game", "race", "--seats", "max,one", "--size", "10"}, []string{`"size"`}},
		{[]string{"--game", "sizedrace", "--seats", "max,one", "--size", "10", "--sizes", "10,20"}, []string{"--sizes and --size"}},
		{[]string{"--game", "sizedrace", "--seats", "max,one", "--sizes", "10,x"}, []string{`"x" is not a whole number`}},
		{[]string{"--game", "race", "--seats", "max,one", "--seed", "-1"}, []string{"--seed"}},
		{[]string{"--game", "race", "--seats", "max,one", "--seed", "18446744073709551615"}, []string{"--seed 18446744073709551615", "2^53-1"}},
		{[]string{"--game", "race", "--seats", "max,one", "--seed", "9007199254740991", "--games", "2"}, []string{"game i plays seed+i"}},
		{[]string{"--game", "race", "--seats", "max,one", "--bogus"}, []string{"-bogus", "--help"}},
		{[]string{"--game", "race", "--seats", "max", "--games", "1"}, []string{"2 to 4 players, not 1"}},
	}
	for _, c := range cases {
		r := cli(false, c.args...)
		if r.code != 2 || r.stdout != "" {
			t.Errorf("%v: exit %d, stdout %q", c.args, r.code, r.stdout)
		}
		for _, w := range c.want {
			if !strings.Contains(r.stderr, w) {
				t.Errorf("%v: %q not in %q", c.args, w, r.stderr)
			}
		}
	}
}

func TestMatchHelpAndProgress(t *testing.T) {
	h := cli(false, "--help")
	if h.code != 0 || !strings.Contains(h.stdout, "--sizes") || !strings.Contains(h.stdout, "race, sizedrace") || strings.Contains(h.stdout, "%!") {
		t.Fatalf("help: %d %q", h.code, h.stdout)
	}
	quiet := cli(false, "--game", "race", "--seats", "max,one", "--games", "5", "--seed", "1")
	if quiet.stderr != "" {
		t.Fatalf("progress drawn on a non-terminal: %q", quiet.stderr)
	}
	bar := cli(true, "--game", "race", "--seats", "max,one", "--games", "5", "--seed", "1")
	if !strings.Contains(bar.stderr, "5/5 games") || !strings.HasSuffix(bar.stderr, "\r\033[K") || bar.stdout != quiet.stdout {
		t.Fatalf("progress bar: %q", bar.stderr)
	}
}

func TestMatchReportsCrashes(t *testing.T) {
	r := cli(false, "--game", "race", "--seats", "one,panic,max", "--games", "14", "--seed", "1")
	if r.code != 0 {
		t.Fatal(r.stderr)
	}
	for _, want := range []string{"seats rotate", "(14 crashes)", "game 0 (seed 1): seat 1 (panic) crashed: bot bug", "… and 4 more"} {
		if !strings.Contains(r.stdout, want) {
			t.Fatalf("%q missing from\n%s", want, r.stdout)
		}
	}
}

// Where the system has no sandbox, programs do not run unconfined unless asked to; the
// sandbox's options make no sense without one.
func TestMatchRefusesProgramsWithoutASandbox(t *testing.T) {
	var out, errb bytes.Buffer
	env := matchEnv{stdout: &out, stderr: &errb, games: func() []catalog.Entry { return []catalog.Entry{replaytest.Entry(false)} },
		now: time.Now, randomSeed: func() uint64 { return 1 },
		noSandbox: func() string {
			return "the sandbox needs Linux (with Landlock) on amd64 or arm64; this is darwin/arm64"
		}}
	if code := env.run([]string{"--game", "race", "--seats", "exec:python3 bot.py,max"}); code != 2 ||
		!strings.Contains(errb.String(), "this is darwin/arm64") || !strings.Contains(errb.String(), "--no-sandbox") {
		t.Fatalf("exit %d: %q", code, errb.String())
	}
	errb.Reset()
	if code := env.run([]string{"--game", "race", "--seats", "max,one", "--games", "1"}); code != 0 {
		t.Fatalf("house bots alone need no sandbox: exit %d: %q", code, errb.String())
	}
	errb.Reset()
	if code := env.run([]string{"--game", "race", "--seats", "exec:python3 bot.py,max", "--no-sandbox", "--allow-net"}); code != 2 ||
		!strings.Contains(errb.String(), "--allow-net shapes the sandbox") {
		t.Fatalf("exit %d: %q", code, errb.String())
	}
}

// Allowances widen every program's sandbox, or one seat's; the output says which.
func TestSandboxAllowancesPerSeat(t *testing.T) {
	dir := t.TempDir()
	specs, err := match.ParseSeats(`exec:python3 a.py,max,exec:python3 b.py`)
	if err != nil {
		t.Fatal(err)
	}
	allow := newAllowances()
	for _, f := range []struct {
		v   flag.Value
		arg string
	}{{netFlag{allow}, "3"}, {readFlag{allow}, "1:" + dir}, {readFlag{allow}, dir}} {
		if err := f.v.Set(f.arg); err != nil {
			t.Fatal(err)
		}
	}
	sb, err := sandboxFor(specs, false, sandboxFlags{allow: allow, set: map[string]bool{}, lacks: func() string { return "" }})
	if err != nil {
		t.Fatal(err)
	}
	a, c := sb.policy(0), sb.policy(2)
	if a.Net || !c.Net || len(a.Reads) != 2 || len(c.Reads) != 1 {
		t.Fatalf("seat 1: %+v; seat 3: %+v", a, c)
	}
	got := sb.describe(lang.English, specs)
	for _, want := range []string{"no network", "seat 1 (exec:python3 a.py): reads " + dir, "seat 3 (exec:python3 b.py): network allowed"} {
		if !strings.Contains(got, want) {
			t.Errorf("%q not in %q", want, got)
		}
	}
	if err := (netFlag{newAllowances()}).Set("x"); err == nil {
		t.Error("--allow-net=x taken")
	}
	allow = newAllowances()
	allow.net[2] = true
	if _, err := sandboxFor(specs, false, sandboxFlags{allow: allow, set: map[string]bool{}, lacks: func() string { return "" }}); err == nil ||
		!strings.Contains(err.Error(), "seat 2 has no program") {
		t.Errorf("an allowance for a house bot's seat: %v", err)
	}
}
