package arenamatch_test

import (
	"context"
	"encoding/json"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/arena-classroom/arena/bots"
	"github.com/arena-classroom/arena/catalog"
	"github.com/arena-classroom/arena/games"
	pa "github.com/arena-classroom/arena/games/perfectaim"
	"github.com/arena-classroom/arena/games/perfectaim/arenamatch"
	"github.com/arena-classroom/arena/match"
	"github.com/arena-classroom/arena/replay"
)

func perfectAim(t testing.TB) catalog.Entry {
	t.Helper()
	e, ok := catalog.Get("perfectaim")
	if !ok {
		t.Fatal("perfectaim is not in the catalog")
	}
	return e
}

func TestPerfectAimSlots(t *testing.T) {
	specs := func(list string) []match.SeatSpec {
		s, err := match.ParseSeats(list)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	for _, c := range []struct {
		list  string
		bots  []string
		mask  int
		color []pa.Color
	}{
		{"a,b", []string{"a", "b"}, 3, []pa.Color{pa.Red, pa.Blue}},
		{"zidane,-,bobmorane", []string{"zidane", "bobmorane"}, 5, []pa.Color{pa.Red, pa.Yellow}},
		{"-,a,-,b", []string{"a", "b"}, 10, []pa.Color{pa.Blue, pa.Green}},
		{"a,b,c,-", []string{"a", "b", "c"}, 7, []pa.Color{pa.Red, pa.Blue, pa.Yellow}},
		{"a,b,c,d", []string{"a", "b", "c", "d"}, 15, []pa.Color{pa.Red, pa.Blue, pa.Yellow, pa.Green}},
	} {
		seats, mask, err := arenamatch.Slots(specs(c.list))
		if err != nil {
			t.Fatalf("%s: %v", c.list, err)
		}
		var bots []string
		for _, s := range seats {
			bots = append(bots, s.Bot)
		}
		got := pa.SeatColors(games.Config{pa.KeyColors: mask}, len(seats))
		if !slices.Equal(bots, c.bots) || mask != c.mask || !slices.Equal(got, c.color) {
			t.Fatalf("%s: seats %v mask %d colours %v", c.list, bots, mask, got)
		}
	}
	for list, want := range map[string]string{
		"a":         "2 to 4 players",
		"a,-,-,-":   "2 to 4 players",
		"-,-":       "2 to 4 players",
		"a,b,c,d,e": "at most four seats, not 5",
	} {
		if _, _, err := arenamatch.Slots(specs(list)); err == nil || !strings.Contains(err.Error(), want) {
			t.Fatalf("%s: error %v, want %q", list, err, want)
		}
	}
	// A mask of 0 is the first n colours, as the engine reads it.
	if got := pa.SeatColors(games.Config{}, 3); !slices.Equal(got, []pa.Color{pa.Red, pa.Blue, pa.Yellow}) {
		t.Fatalf("colours for mask 0: %v", got)
	}
}

func TestPerfectAimSeriesScheme(t *testing.T) {
	jobs, err := arenamatch.Series(games.Config{pa.KeyColors: 13}, 3, 30, 100, -1)
	if err != nil {
		t.Fatal(err)
	}
	for i, j := range jobs {
		if j.Seed != 100+uint64(i) || j.Config[pa.KeyPermutation] != i%12 || j.Config[pa.KeyColors] != 13 ||
			!slices.Equal(j.Seats, []int{0, 1, 2}) {
			t.Fatalf("game %d: %+v", i, j)
		}
	}
	jobs, err = arenamatch.Series(games.Config{}, 2, 5, 7, 3)
	if err != nil {
		t.Fatal(err)
	}
	for i, j := range jobs {
		if j.Seed != 7+uint64(i) || j.Config[pa.KeyPermutation] != 3 || !slices.Equal(j.Seats, []int{0, 1}) {
			t.Fatalf("fixed permutation, game %d: %+v", i, j)
		}
	}
	for _, bad := range []struct {
		cfg  games.Config
		k    int
		want string
	}{
		{games.Config{pa.KeyColors: 7}, 2, "does not name 2 colours"},
		{games.Config{}, 5, "2 to 4 players, not 5"},
		{games.Config{}, 1, "2 to 4 players, not 1"},
		{games.Config{"size": 3}, 2, `no setting "size"`},
	} {
		if _, err := arenamatch.Series(bad.cfg, bad.k, 3, 1, -1); err == nil || !strings.Contains(err.Error(), bad.want) {
			t.Fatalf("%v with %d seats: error %v, want %q", bad.cfg, bad.k, err, bad.want)
		}
	}
}

// startSpy is an agent that notes where its player stands at its first decision (t = 1,
// before any move lands) and then plays a house bot.
type startSpy struct {
	inner match.Agent
	seen  *[2]int
}

func (s *startSpy) Act(st games.State, seat int) (games.Action, error) {
	if s.seen[0] == 0 {
		ps := st.(*pa.State)
		p := ps.Player(ps.SeatColor(seat))
		s.seen[0], s.seen[1] = p.X, p.Y
	}
	return s.inner.Act(st, seat)
}

// The games really start from the planned permutation and colours, and every game's end
// detail agrees with its outcome and with a re-simulation of its replay.
func TestPerfectAimBatchPlaysThePlan(t *testing.T) {
	e := perfectAim(t)
	const n = 24
	// seen[game][seat] is filled by the agents; games run in parallel, each writes its own.
	seen := make([][3][2]int, n)
	p := match.Plan{Game: e.Game}
	for i, name := range []string{"bobmorane", "zidane", "anouslefouz"} {
		info, ok := bots.Find(e.Bots, name)
		if !ok {
			t.Fatal(name)
		}
		house := match.HouseBot(info)
		p.Entrants = append(p.Entrants, match.Entrant{Name: name, New: func(s match.Start) (match.Agent, error) {
			a, err := house.New(s)
			return &startSpy{inner: a, seen: &seen[s.GameSeed-50][i]}, err
		}})
	}
	var err error
	// RED, YELLOW, GREEN.
	p.Jobs, err = arenamatch.Series(games.Config{pa.KeyColors: 13}, 3, n, 50, -1)
	if err != nil {
		t.Fatal(err)
	}
	var results []match.Result
	err = match.Run(context.Background(), p, match.Options{Parallel: 3, Inspect: games.InspectorOf(pa.Game), Replays: true},
		func(r match.Result) error { results = append(results, r); return nil })
	if err != nil {
		t.Fatal(err)
	}
	colors := []pa.Color{pa.Red, pa.Yellow, pa.Green}
	wins := 0
	for i, r := range results {
		starts := pa.StartCells(i % 12)
		for seat, c := range colors {
			if got := seen[i][seat]; got != starts[c] {
				t.Fatalf("game %d: %s started on %v, permutation %d puts it on %v", i, c, got, i%12, starts[c])
			}
		}
		end, ok := r.Detail.(*pa.End)
		if !ok || r.Void() || r.Err != "" {
			t.Fatalf("game %d: %+v", i, r)
		}
		checkEnd(t, i, *r.Outcome, end)
		if r.Outcome.Winner() >= 0 {
			wins++
		}
		st, err := replay.Resimulate(e.Game, *r.Replay)
		if err != nil {
			t.Fatalf("game %d: %v", i, err)
		}
		if again := games.InspectorOf(pa.Game)(st); !reflect.DeepEqual(again, end) {
			t.Fatalf("game %d: re-simulated end %+v, batch end %+v", i, again, end)
		}
	}
	if wins == 0 {
		t.Fatal("no game was won alone in 24")
	}
}

// checkEnd checks that an end agrees with the outcome: coins are the scores, deaths come in
// time order and the last one ends the game, survivors (at most one) are first and alone,
// and a seat that died later never ranks below one that died earlier.
func checkEnd(t *testing.T, game int, o games.Outcome, e *pa.End) {
	t.Helper()
	if !slices.Equal(e.Coins, o.Scores) {
		t.Fatalf("game %d: coins %v, scores %v", game, e.Coins, o.Scores)
	}
	n := len(o.Ranks)
	if len(e.Deaths) < n-1 || len(e.Deaths) > n {
		t.Fatalf("game %d: %d deaths among %d seats", game, len(e.Deaths), n)
	}
	dead := map[int]bool{}
	for k, d := range e.Deaths {
		if k > 0 && d.At.Cmp(e.Deaths[k-1].At) < 0 {
			t.Fatalf("game %d: deaths out of order: %v", game, e.Deaths)
		}
		if e.Life[d.Seat].Cmp(d.At) != 0 {
			t.Fatalf("game %d: seat %d lived %v, died at %v", game, d.Seat, e.Life[d.Seat], d.At)
		}
		for _, later := range e.Deaths[k+1:] {
			if later.At.Cmp(d.At) > 0 && o.Ranks[later.Seat] >= o.Ranks[d.Seat] {
				t.Fatalf("game %d: seat %d died after seat %d but ranks %v", game, later.Seat, d.Seat, o.Ranks)
			}
		}
		dead[d.Seat] = true
	}
	if last := e.Deaths[len(e.Deaths)-1].At; last.Cmp(e.End) != 0 {
		t.Fatalf("game %d: last death %v, end %v", game, last, e.End)
	}
	w := o.Winner()
	for seat := range n {
		if !dead[seat] && seat != w {
			t.Fatalf("game %d: seat %d survived but the winner is %d (ranks %v)", game, seat, w, o.Ranks)
		}
	}
	if w >= 0 && dead[w] && len(e.Deaths) == n {
		// Everyone died: the winner died last and alone.
		if e.Deaths[n-1].Seat != w || e.Deaths[n-2].At.Cmp(e.Deaths[n-1].At) == 0 {
			t.Fatalf("game %d: winner %d, deaths %v", game, w, e.Deaths)
		}
	}
	if raw, err := json.Marshal(e.Deaths); err != nil || !strings.HasPrefix(string(raw), "[[") {
		t.Fatalf("game %d: deaths JSON %s %v", game, raw, err)
	}
}

func TestPerfectAimBatchIsDeterministic(t *testing.T) {
	e := perfectAim(t)
	p := match.Plan{Game: e.Game}
	// gangsterino and random use their seeds; the four others are deterministic anyway.
	for _, name := range []string{"gangsterino", "random", "bobmorane", "gangsterino"} {
		ent, err := match.Resolve(e.Game, e.Bots, match.SeatSpec{Bot: name}, nil)
		if err != nil {
			t.Fatal(err)
		}
		p.Entrants = append(p.Entrants, ent)
	}
	var err error
	p.Jobs, err = arenamatch.Series(games.Config{}, 4, 16, 3, -1)
	if err != nil {
		t.Fatal(err)
	}
	play := func(parallel int) (out []string) {
		err := match.Run(context.Background(), p, match.Options{Parallel: parallel, Inspect: games.InspectorOf(pa.Game)},
			func(r match.Result) error {
				raw, err := json.Marshal([]any{r.Outcome, r.Detail, r.Moves})
				out = append(out, string(raw))
				return err
			})
		if err != nil {
			t.Fatal(err)
		}
		return out
	}
	first := play(1)
	for _, par := range []int{2, 5} {
		if again := play(par); !slices.Equal(again, first) {
			t.Fatalf("parallel %d differs:\n%v\n%v", par, again, first)
		}
	}
}

func TestInspectPanicKeepsTheOutcome(t *testing.T) {
	e := perfectAim(t)
	p := match.Plan{Game: e.Game}
	for _, name := range []string{"zidane", "bobmorane"} {
		ent, _ := match.Resolve(e.Game, e.Bots, match.SeatSpec{Bot: name}, nil)
		p.Entrants = append(p.Entrants, ent)
	}
	p.Jobs, _ = arenamatch.Series(games.Config{}, 2, 2, 1, -1)
	var got []match.Result
	err := match.Run(context.Background(), p, match.Options{Parallel: 1, Inspect: func(games.State) any { panic("oops") }},
		func(r match.Result) error { got = append(got, r); return nil })
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range got {
		if r.Void() || r.Detail != nil || r.Forfeit != -1 || !strings.Contains(r.Err, "oops") {
			t.Fatalf("%+v", r)
		}
	}
}

func TestRankingByWinsThenScore(t *testing.T) {
	p := match.Plan{Entrants: make([]match.Entrant, 3), Jobs: []match.Job{
		{Seats: []int{0, 1, 2}}, {Seats: []int{0, 1, 2}}, {Seats: []int{0, 1, 2}},
	}}
	tally := match.NewTally(p)
	for i, o := range []games.Outcome{
		{Ranks: []int{1, 2, 3}, Scores: []int{0, 5, 1}},
		{Ranks: []int{3, 1, 2}, Scores: []int{0, 0, 2}},
		{Ranks: []int{2, 3, 1}, Scores: []int{1, 0, 0}},
	} {
		tally.Add(match.Result{Job: i, Outcome: &o, Forfeit: -1})
	}
	// One win each: coins decide (1: 5, 2: 3, 0: 1).
	if got := tally.RankingByWins(); !slices.Equal(got, []int{1, 2, 0}) {
		t.Fatalf("ranking %v, scores %d %d %d", got, tally.Total[0].Score, tally.Total[1].Score, tally.Total[2].Score)
	}
	tally.Add(match.Result{Job: 0, Outcome: &games.Outcome{Ranks: []int{1, 2, 2}, Scores: []int{0, 0, 0}}, Forfeit: -1})
	if got := tally.RankingByWins(); !slices.Equal(got, []int{0, 1, 2}) {
		t.Fatalf("ranking %v after a second win for 0", got)
	}
}

// BenchmarkMatchPerfectAimFourBots plays 4-way Perfect Aim games between the four
// deterministic house bots through the whole runner, on upstream's tournament scheme (game
// i on permutation i). sim-s/s is game time simulated per wall-clock second; run it with
// -cpu 1 to compare with the bare engine (bots/perfectaim BenchmarkFourDeterministicBots).
func BenchmarkMatchPerfectAimFourBots(b *testing.B) {
	e := perfectAim(b)
	p := match.Plan{Game: e.Game}
	for _, name := range []string{"indianajones", "zidane", "bobmorane", "anouslefouz"} {
		ent, err := match.Resolve(e.Game, e.Bots, match.SeatSpec{Bot: name}, nil)
		if err != nil {
			b.Fatal(err)
		}
		p.Entrants = append(p.Entrants, ent)
	}
	jobs, err := arenamatch.Series(games.Config{}, 4, b.N, 1, -1)
	if err != nil {
		b.Fatal(err)
	}
	p.Jobs = jobs
	stats := arenamatch.NewStats(p)
	b.ReportAllocs()
	b.ResetTimer()
	err = match.Run(context.Background(), p, match.Options{Inspect: games.InspectorOf(pa.Game)}, func(r match.Result) error {
		stats.Add(r)
		return nil
	})
	if err != nil {
		b.Fatal(err)
	}
	if stats.Games != b.N {
		b.Fatalf("%d of %d games ended", stats.Games, b.N)
	}
	b.ReportMetric(stats.Simulated()/b.Elapsed().Seconds(), "sim-s/s")
	b.ReportMetric(stats.Simulated()/float64(b.N), "sim-s/game")
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
}
