package match_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/arena-classroom/arena/bots"
	"github.com/arena-classroom/arena/catalog"
	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/games/perfectaim/arenamatch"
	"github.com/arena-classroom/arena/games/playable"
	"github.com/arena-classroom/arena/match"
	"github.com/arena-classroom/arena/replay"
	"github.com/arena-classroom/arena/replay/replaytest"
)

func TestParseSeats(t *testing.T) {
	good := []struct {
		in   string
		want []match.SeatSpec
	}{
		{"random,greedy", []match.SeatSpec{{Bot: "random"}, {Bot: "greedy"}}},
		{" random , greedy ", []match.SeatSpec{{Bot: "random"}, {Bot: "greedy"}}},
		{`greedy,exec:"python3 bot.py"`, []match.SeatSpec{{Bot: "greedy"}, {Exec: "python3 bot.py"}}},
		{`greedy,exec:python3 bot.py`, []match.SeatSpec{{Bot: "greedy"}, {Exec: "python3 bot.py"}}}, // the shell ate the quotes
		{`exec:'./bot --w 1,2',random`, []match.SeatSpec{{Exec: "./bot --w 1,2"}, {Bot: "random"}}},
		{`exec:python3 "my bot.py"`, []match.SeatSpec{{Exec: `python3 "my bot.py"`}}},
		{`exec:"python3" "my bot.py"`, []match.SeatSpec{{Exec: `"python3" "my bot.py"`}}}, // two quoted words: the shell's
		{`exec:'a' 'b',greedy`, []match.SeatSpec{{Exec: `'a' 'b'`}, {Bot: "greedy"}}},
	}
	for _, c := range good {
		got, err := match.ParseSeats(c.in)
		if err != nil || !reflect.DeepEqual(got, c.want) {
			t.Errorf("ParseSeats(%q) = %+v, %v; want %+v", c.in, got, err, c.want)
		}
	}
	for _, bad := range []string{"", "random,", ",greedy", `exec:`, `exec:""`, `exec:"python3 bot.py`, "my bot"} {
		if got, err := match.ParseSeats(bad); err == nil {
			t.Errorf("ParseSeats(%q) = %+v, want an error", bad, got)
		}
	}
	if s := (match.SeatSpec{Exec: "python3 bot.py"}).String(); s != `exec:"python3 bot.py"` {
		t.Errorf("String() = %s", s)
	}
}

func TestResolve(t *testing.T) {
	e := replaytest.Entry(false)
	ent, err := match.Resolve(e.Game, e.Bots, match.SeatSpec{Bot: "greedy"}, nil)
	if err != nil || ent.Name != "max" {
		t.Fatalf("alias: %+v, %v", ent, err)
	}
	_, err = match.Resolve(e.Game, e.Bots, match.SeatSpec{Bot: "alphazero"}, nil)
	if err == nil || !strings.Contains(err.Error(), "alphazero") || !strings.Contains(err.Error(), "one, max (greedy), random") {
		t.Fatalf("unknown bot: %v", err)
	}
	// nil Programs is match.Exec, which needs the game's bot protocol schema (the test game
	// has none).
	_, err = match.Resolve(e.Game, e.Bots, match.SeatSpec{Exec: "python3 bot.py"}, nil)
	if err == nil || !strings.Contains(err.Error(), "python3 bot.py") || !strings.Contains(err.Error(), "schema") {
		t.Fatalf("exec: %v", err)
	}
	// The bot protocol plugs in through Programs.
	prog := func(cmd string, _ games.Game) (match.Entrant, error) {
		return match.Entrant{Name: "prog:" + cmd}, nil
	}
	if ent, err := match.Resolve(e.Game, e.Bots, match.SeatSpec{Exec: "./b"}, prog); err != nil || ent.Name != "prog:./b" {
		t.Fatalf("programs hook: %+v, %v", ent, err)
	}
}

func TestSeriesAlternatesSeatsAndSeeds(t *testing.T) {
	jobs, err := match.Series(replaytest.Race{}, games.Config{"target": 9}, 2, 5, 100)
	if err != nil {
		t.Fatal(err)
	}
	for i, j := range jobs {
		want := []int{0, 1}
		if i%2 == 1 {
			want = []int{1, 0}
		}
		if j.Seed != 100+uint64(i) || !slices.Equal(j.Seats, want) || j.Config["target"] != 9 {
			t.Fatalf("game %d: %+v", i, j)
		}
	}
	three, err := match.Series(replaytest.Race{}, nil, 3, 3, 0)
	if err != nil {
		t.Fatal(err)
	}
	if got := [][]int{three[0].Seats, three[1].Seats, three[2].Seats}; !reflect.DeepEqual(got, [][]int{{0, 1, 2}, {1, 2, 0}, {2, 0, 1}}) {
		t.Fatalf("rotation %v", got)
	}
	if three[0].Config["target"] != 21 {
		t.Fatal("config not normalized")
	}
	if _, err := match.Series(replaytest.Race{}, nil, 5, 1, 0); err == nil {
		t.Fatal("five seats accepted by a 2–4 seat game")
	}
	if _, err := match.Series(replaytest.Race{}, games.Config{"speed": 1}, 2, 1, 0); err == nil {
		t.Fatal("bad config accepted")
	}
}

func TestRoundRobinPlaysEveryPairBothWays(t *testing.T) {
	cfgs := []games.Config{{"target": 10}, {"target": 20}}
	jobs, err := match.RoundRobin(replaytest.Race{}, cfgs, 3, 4, 7)
	if err != nil {
		t.Fatal(err)
	}
	if len(jobs) != 2*3*4 {
		t.Fatalf("%d jobs", len(jobs))
	}
	count := map[[3]int]int{} // group, seat 0, seat 1
	for _, j := range jobs {
		if j.Config["target"] != cfgs[j.Group]["target"] {
			t.Fatalf("job %+v has the wrong config", j)
		}
		count[[3]int{j.Group, j.Seats[0], j.Seats[1]}]++
	}
	for g := range cfgs {
		for a := range 3 {
			for b := range 3 {
				if want := map[bool]int{true: 0, false: 2}[a == b]; count[[3]int{g, a, b}] != want {
					t.Fatalf("group %d: %d as seat 0 against %d: %d games, want %d", g, a, b, count[[3]int{g, a, b}], want)
				}
			}
		}
	}
}

func plan(t *testing.T, e catalog.Entry, seats string, cfg games.Config, n int, seed uint64) match.Plan {
	t.Helper()
	specs, err := match.ParseSeats(seats)
	if err != nil {
		t.Fatal(err)
	}
	p := match.Plan{Game: e.Game}
	for _, s := range specs {
		ent, err := match.Resolve(e.Game, e.Bots, s, nil)
		if err != nil {
			t.Fatal(err)
		}
		p.Entrants = append(p.Entrants, ent)
	}
	if p.Jobs, err = match.Series(e.Game, cfg, len(specs), n, seed); err != nil {
		t.Fatal(err)
	}
	return p
}

func runAll(t *testing.T, p match.Plan, opt match.Options) []match.Result {
	t.Helper()
	var out []match.Result
	if err := match.Run(context.Background(), p, opt, func(r match.Result) error {
		out = append(out, r)
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	return out
}

func TestRunIsDeterministicForAnyParallelism(t *testing.T) {
	p := plan(t, replaytest.Entry(false), "random,random,max", games.Config{"target": 40}, 60, 1234)
	one := runAll(t, p, match.Options{Parallel: 1, Replays: true})
	for _, par := range []int{1, 4, 7} {
		got := runAll(t, p, match.Options{Parallel: par, Replays: true})
		if !reflect.DeepEqual(got, one) {
			t.Fatalf("parallel %d differs from parallel 1", par)
		}
	}
	for i, r := range one {
		if r.Job != i || r.Void() || r.Forfeit != -1 {
			t.Fatalf("result %d: %+v", i, r)
		}
		st, err := replay.Resimulate(p.Game, *r.Replay)
		if err != nil {
			t.Fatalf("game %d: %v", i, err)
		}
		if !reflect.DeepEqual(st.Outcome(), *r.Outcome) {
			t.Fatalf("game %d: resimulated %+v, played %+v", i, st.Outcome(), *r.Outcome)
		}
		if want := []string{p.Entrants[p.Jobs[i].Seats[0]].Name, p.Entrants[p.Jobs[i].Seats[1]].Name, p.Entrants[p.Jobs[i].Seats[2]].Name}; !slices.Equal(r.Replay.Seats, want) {
			t.Fatalf("game %d seats %v, want %v", i, r.Replay.Seats, want)
		}
	}
	// The random bots are seeded per game and seat: the games are not all the same.
	distinct := map[string]bool{}
	for _, r := range one {
		distinct[fmt.Sprint(r.Outcome.Scores)] = true
	}
	if len(distinct) < 5 {
		t.Fatalf("only %d distinct score lines in 60 random games", len(distinct))
	}
}

func TestPanickingBotForfeitsItsGameOnly(t *testing.T) {
	p := plan(t, replaytest.Entry(false), "panic,one", games.Config{"target": 30}, 4, 0)
	res := runAll(t, p, match.Options{Parallel: 2, Replays: true})
	if len(res) != 4 {
		t.Fatalf("%d results", len(res))
	}
	for i, r := range res {
		seat := p.Jobs[i].Seats[0] // the seat where entrant 0 (panic) sits
		if p.Jobs[i].Seats[1] == 0 {
			seat = 1
		}
		if r.Forfeit != seat || r.Outcome == nil || r.Outcome.Ranks[seat] != 2 || r.Outcome.Ranks[1-seat] != 1 {
			t.Fatalf("game %d: %+v", i, r)
		}
		if !strings.Contains(r.Err, "bot bug") || r.Moves < 4 || r.Replay == nil || r.Replay.Outcome != nil {
			t.Fatalf("game %d: err %q, %d moves, replay %+v", i, r.Err, r.Moves, r.Replay)
		}
	}
	tally := match.NewTally(p)
	for _, r := range res {
		tally.Add(r)
	}
	if got := tally.Total[0]; got.Losses != 4 || got.Forfeits != 4 || tally.Total[1].Wins != 4 {
		t.Fatalf("tally %+v", tally.Total)
	}
}

// crashy's rules panic on the fifth move of games with an odd seed; stuck games never end.
type crashy struct{ replaytest.Race }
type crashyState struct{ *replaytest.State }
type stuckState struct{ *replaytest.State }

func (g crashy) ID() string { return "crashy" }
func (g crashy) New(cfg games.Config, seats int, seed uint64) (games.State, error) {
	st, _ := g.Race.New(cfg, seats, seed)
	if seed%2 == 1 {
		return crashyState{st.(*replaytest.State)}, nil
	}
	return stuckState{st.(*replaytest.State)}, nil
}
func (s crashyState) Apply(seat int, a games.Action) ([]games.Event, error) {
	if s.Moves == 4 {
		panic("rules bug")
	}
	return s.State.Apply(seat, a)
}
func (s stuckState) Apply(seat int, a games.Action) ([]games.Event, error) {
	ev, err := s.State.Apply(seat, a)
	s.Counter = 0
	return ev, err
}

func TestBrokenGamesAreVoid(t *testing.T) {
	e := catalog.Entry{Entry: playable.Entry{Game: crashy{}, Bots: replaytest.Bots()}}
	p := plan(t, e, "one,one", nil, 4, 0)
	res := runAll(t, p, match.Options{Parallel: 2, MaxMoves: 500, Replays: true})
	for i, r := range res {
		want := "did not end after 500 moves"
		if i%2 == 1 {
			want = "rules bug"
		}
		if !r.Void() || r.Forfeit != -1 || !strings.Contains(r.Err, want) {
			t.Fatalf("game %d: %+v", i, r)
		}
	}
	tally := match.NewTally(p)
	for _, r := range res {
		tally.Add(r)
	}
	if tally.Void != 4 || tally.Games != 4 || tally.Total[0].Games != 0 {
		t.Fatalf("tally %+v", tally)
	}
}

func TestRefusedAnswersCountAsDefaults(t *testing.T) {
	p := plan(t, replaytest.Entry(false), "illegal,wrongtype", games.Config{"target": 10}, 2, 0)
	for _, r := range runAll(t, p, match.Options{Parallel: 1}) {
		if r.Void() || r.Defaults[0]+r.Defaults[1] != r.Moves || r.Moves != 10-int(p.Jobs[r.Job].Seed%3) {
			t.Fatalf("%+v", r)
		}
	}
}

// scripted is an agent built in the test: it can fail, and records how its game ended.
type scripted struct {
	fail     bool
	finished *[]*games.Outcome
}

func (s scripted) Act(st games.State, seat int) (games.Action, error) {
	if s.fail {
		return nil, errors.New("no answer")
	}
	return st.Legal(seat)[0], nil
}
func (s scripted) Finish(o *games.Outcome) { *s.finished = append(*s.finished, o) }

func TestAgentErrorsAndFinish(t *testing.T) {
	var finished []*games.Outcome
	mk := func(name string, fail, broken bool) match.Entrant {
		return match.Entrant{Name: name, New: func(s match.Start) (match.Agent, error) {
			if broken {
				return nil, errors.New("cannot start")
			}
			return scripted{fail: fail, finished: &finished}, nil
		}}
	}
	p := match.Plan{Game: replaytest.Race{}, Entrants: []match.Entrant{mk("mute", true, false), mk("ok", false, false)}}
	p.Jobs, _ = match.Series(p.Game, games.Config{"target": 6}, 2, 1, 0)
	r := runAll(t, p, match.Options{})[0]
	if r.Void() || r.Defaults[0] == 0 || r.Defaults[1] != 0 {
		t.Fatalf("failing agent: %+v", r)
	}
	if len(finished) != 2 || finished[0] == nil || !reflect.DeepEqual(*finished[0], *r.Outcome) {
		t.Fatalf("finish calls %v", finished)
	}

	finished = nil
	p.Entrants[1] = mk("broken", false, true)
	r = runAll(t, p, match.Options{})[0]
	if r.Forfeit != 1 || r.Outcome.Winner() != 0 || !strings.Contains(r.Err, "cannot start") {
		t.Fatalf("agent that cannot start: %+v", r)
	}
	if len(finished) != 1 || finished[0] == nil || finished[0].Winner() != 0 {
		t.Fatalf("finish calls %v", finished)
	}
}

func TestRunStopsOnEmitErrorAndCancel(t *testing.T) {
	p := plan(t, replaytest.Entry(false), "random,max", nil, 200, 0)
	stop := errors.New("stop")
	for _, par := range []int{1, 3} {
		n := 0
		err := match.Run(context.Background(), p, match.Options{Parallel: par}, func(match.Result) error {
			n++
			if n == 10 {
				return stop
			}
			return nil
		})
		if !errors.Is(err, stop) || n != 10 {
			t.Fatalf("parallel %d: %v after %d results", par, err, n)
		}
		ctx, cancel := context.WithCancel(context.Background())
		n = 0
		err = match.Run(ctx, p, match.Options{Parallel: par}, func(match.Result) error {
			n++
			if n == 5 {
				cancel()
			}
			return nil
		})
		if !errors.Is(err, context.Canceled) || n >= 200 {
			t.Fatalf("parallel %d: %v after %d results", par, err, n)
		}
	}
}

// duel is a simultaneous game: every round each seat says 0 or 1 without seeing the others;
// after three rounds the seat that said 1 most often wins.
type duel struct{}
type duelState struct {
	round  int
	said   []int // this round, -1 until said
	scores []int
}

func (duel) ID() string                                         { return "duel" }
func (duel) Name() string                                       { return "Duel" }
func (duel) Seats() (int, int)                                  { return 2, 3 }
func (duel) Describe() games.Description                        { return games.Description{} }
func (duel) Normalize(games.Config) (games.Config, error)       { return games.Config{}, nil }
func (duel) DecodeAction(json.RawMessage) (games.Action, error) { return nil, errors.New("unused") }
func (duel) New(_ games.Config, seats int, _ uint64) (games.State, error) {
	s := &duelState{said: make([]int, seats), scores: make([]int, seats)}
	for i := range s.said {
		s.said[i] = -1
	}
	return s, nil
}
func (s *duelState) ToMove() []int {
	var out []int
	for seat, v := range s.said {
		if v < 0 && s.round < 3 {
			out = append(out, seat)
		}
	}
	return out
}
func (s *duelState) Legal(int) []games.Action { return []games.Action{0, 1} }
func (s *duelState) Validate(seat int, a games.Action) error {
	if s.round >= 3 || s.said[seat] >= 0 {
		return games.ErrNotYourTurn
	}
	if n, ok := a.(int); !ok || n < 0 || n > 1 {
		return games.Illegal("bad", "say 0 or 1")
	}
	return nil
}
func (s *duelState) Apply(seat int, a games.Action) ([]games.Event, error) {
	if err := s.Validate(seat, a); err != nil {
		return nil, err
	}
	s.said[seat] = a.(int)
	for _, v := range s.said {
		if v < 0 {
			return nil, nil
		}
	}
	for i, v := range s.said {
		s.scores[i] += v
		s.said[i] = -1
	}
	s.round++
	return nil, nil
}
func (s *duelState) DefaultAction(int) games.Action { return 0 }
func (s *duelState) Observation(int) any            { return nil }
func (s *duelState) Over() bool                     { return s.round >= 3 }
func (s *duelState) Outcome() games.Outcome {
	o := games.Outcome{Ranks: make([]int, len(s.scores)), Scores: slices.Clone(s.scores)}
	for i, a := range s.scores {
		o.Ranks[i] = 1
		for _, b := range s.scores {
			if b > a {
				o.Ranks[i]++
			}
		}
	}
	return o
}
func (s *duelState) Clone() games.State {
	c := *s
	c.said, c.scores = slices.Clone(s.said), slices.Clone(s.scores)
	return &c
}

func TestSimultaneousSeatsDecideOnTheSameState(t *testing.T) {
	var pendingSeen []int
	sayer := func(v int) bots.Info {
		return bots.Info{Name: fmt.Sprint("say", v), New: func(uint64) bots.Bot {
			return replaytest.Bot(func(st games.State, seat int) games.Action {
				pending := 0
				for _, x := range st.(*duelState).said {
					if x >= 0 {
						pending++
					}
				}
				pendingSeen = append(pendingSeen, pending)
				if v > 1 {
					return "nonsense"
				}
				return v
			})
		}}
	}
	e := catalog.Entry{Entry: playable.Entry{Game: duel{}, Bots: []bots.Info{sayer(0), sayer(1), sayer(2)}}}
	p := plan(t, e, "say0,say1,say2", nil, 3, 0)
	for _, r := range runAll(t, p, match.Options{Parallel: 1}) {
		seat1 := slices.Index(p.Jobs[r.Job].Seats, 1)
		seat2 := slices.Index(p.Jobs[r.Job].Seats, 2)
		if r.Void() || r.Outcome.Winner() != seat1 || r.Moves != 9 || r.Defaults[seat2] != 3 {
			t.Fatalf("%+v", r)
		}
	}
	if len(pendingSeen) != 27 || slices.Max(pendingSeen) != 0 {
		t.Fatalf("agents saw others' answers before deciding: %v", pendingSeen)
	}
}

func TestTally(t *testing.T) {
	p := match.Plan{Entrants: make([]match.Entrant, 3), Jobs: []match.Job{
		{Seats: []int{0, 1}}, {Seats: []int{1, 0}}, {Seats: []int{0, 2}, Group: 1}, {Seats: []int{2, 1}, Group: 1}, {Seats: []int{0, 1}},
	}}
	out := func(r0, r1 int, sh ...float64) *games.Outcome {
		return &games.Outcome{Ranks: []int{r0, r1}, Scores: []int{0, 0}, Shares: sh}
	}
	tally := match.NewTally(p)
	for _, r := range []match.Result{
		{Job: 0, Outcome: out(1, 2, 0.75, 0.25), Forfeit: -1},
		{Job: 1, Outcome: out(1, 1, 0.5, 0.5), Forfeit: -1},
		{Job: 2, Outcome: out(2, 1), Forfeit: 0},
		{Job: 3, Outcome: out(1, 2, 0.9, 0.1), Forfeit: -1},
		{Job: 4, Forfeit: -1}, // void
	} {
		tally.Add(r)
	}
	a := tally.Total[0]
	if a.Games != 3 || a.Wins != 1 || a.Draws != 1 || a.Losses != 1 || a.Forfeits != 1 {
		t.Fatalf("entrant 0: %+v", a)
	}
	if share, ok := a.MeanShare(); !ok || share != 0.625 {
		t.Fatalf("mean share %v %v", share, ok)
	}
	if tally.Void != 1 || tally.Games != 5 {
		t.Fatalf("void %d games %d", tally.Void, tally.Games)
	}
	if c := tally.Cross[0][0][1]; c.Games != 2 || c.Wins != 1 || c.Draws != 1 {
		t.Fatalf("cross 0 vs 1: %+v", c)
	}
	if c := tally.Cross[1][2][0]; c.Games != 1 || c.Wins != 1 || tally.Cross[0][2][0].Games != 0 {
		t.Fatalf("cross 2 vs 0, group 1: %+v", c)
	}
	// Points: 0 has 1.5 of 3, 1 has 0.5 of 3, 2 has 2 of 2.
	if got := tally.Ranking(); !slices.Equal(got, []int{2, 0, 1}) {
		t.Fatalf("ranking %v", got)
	}
}

// Issue 13: planning an absurd number of games is refused before anything is allocated.
func TestPlansAreBounded(t *testing.T) {
	e, _ := catalog.Get("sevencolors")
	for _, n := range []int{match.MaxGames + 1, 2_000_000_000, math.MaxInt} {
		if _, err := match.Series(e.Game, nil, 2, n, 1); err == nil || !strings.Contains(err.Error(), "from 1 to 1,000,000 games") {
			t.Fatalf("Series of %d games: %v", n, err)
		}
		if _, err := arenamatch.Series(nil, 2, n, 1, -1); err == nil {
			t.Fatalf("PerfectAimSeries of %d games: no error", n)
		}
	}
	// A round robin multiplies: 20 bots, 3 sizes, 10,000 games a pair is 5.7 million games.
	cfgs := []games.Config{{"size": 10}, {"size": 20}, {"size": 30}}
	if _, err := match.RoundRobin(e.Game, cfgs, 20, 10_000, 1); err == nil || !strings.Contains(err.Error(), "more than 1,000,000 games") {
		t.Fatalf("a 5.7-million-game round robin: %v", err)
	}
	if jobs, err := match.Series(e.Game, nil, 2, 3, 1); err != nil || len(jobs) != 3 {
		t.Fatalf("a small series: %d jobs, %v", len(jobs), err)
	}
}
