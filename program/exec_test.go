package program_test

import (
	"bytes"
	"context"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/arena-classroom/arena/catalog"
	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/match"
	"github.com/arena-classroom/arena/program"
)

// syncBuffer is a bytes.Buffer the programs' stderr copier and the test may share.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// batch plays n games of 8×8 7 Colors between the test bot in mode and greedy, seats
// alternating, and returns the results, what the bot received and the arena's notes. Each
// game starts the program afresh.
func batch(t *testing.T, mode string, clock program.Clock, n int) ([]match.Result, []map[string]any, string) {
	t.Helper()
	return runBatch(t, mode, n, 1, func(opts program.ExecOptions) (match.Programs, func()) { return match.ExecWith(opts), func() {} }, clock)
}

// runBatch is batch with the programs made by programs, on parallel workers; their close
// runs before the bot's log is read (a process kept between games writes its last lines
// until it stops).
func runBatch(t *testing.T, mode string, n, parallel int, programs func(program.ExecOptions) (match.Programs, func()), clock program.Clock) ([]match.Result, []map[string]any, string) {
	t.Helper()
	e, _ := catalog.Get("sevencolors")
	logFile := filepath.Join(t.TempDir(), "received.jsonl")
	stderr := &syncBuffer{}
	makePrograms, closePrograms := programs(program.ExecOptions{Clock: clock, Stderr: stderr, Grace: time.Second})
	prog, err := makePrograms(botCmd(mode, logFile), e.Game)
	if err != nil {
		t.Fatal(err)
	}
	greedy, err := match.Resolve(e.Game, e.Bots, match.SeatSpec{Bot: "greedy"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	jobs, err := match.Series(e.Game, games.Config{"size": 8}, 2, n, 100)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	var results []match.Result
	plan := match.Plan{Game: e.Game, Entrants: []match.Entrant{prog, greedy}, Jobs: jobs}
	if err := match.Run(ctx, plan, match.Options{Parallel: parallel}, func(r match.Result) error {
		results = append(results, r)
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	closePrograms()
	return results, received(t, logFile), stderr.String()
}

// progSeat is the program's seat in game i of a batch (seats alternate).
func progSeat(i int) int { return i % 2 }

var quick = program.Clock{Move: 2 * time.Second, Bank: 5 * time.Second, MaxStrikes: 3}

func TestExecPlaysWholeGamesReproducibly(t *testing.T) {
	first, msgs, notes := batch(t, "legal", quick, 4)
	again, _, _ := batch(t, "legal", quick, 4)
	for i, r := range first {
		if r.Outcome == nil || r.Forfeit >= 0 || r.Defaults[progSeat(i)] != 0 {
			t.Fatalf("game %d: %+v (notes %q)", i, r, notes)
		}
		if !reflect.DeepEqual(r.Outcome, again[i].Outcome) || r.Moves != again[i].Moves {
			t.Fatalf("game %d differs between two runs: %+v then %+v", i, r, again[i])
		}
	}
	// One process per game: hello, start, turns, end, in that order, every time.
	var order []string
	for _, m := range msgs {
		if typ := m["type"].(string); typ != "turn" {
			order = append(order, typ)
		}
	}
	if got := strings.Join(order, " "); got != strings.Repeat("hello start end ", 4)[:len(got)] || len(order) != 12 {
		t.Fatalf("the bot saw %v, want hello start end four times", order)
	}
	ends := ofType(msgs, "end")
	for i, end := range ends {
		o := end["outcome"].(map[string]any)
		if int(o["scores"].([]any)[0].(float64)) != first[i].Outcome.Scores[0] {
			t.Fatalf("end %d: %v, result %+v", i, end, first[i].Outcome)
		}
	}
	starts := ofType(msgs, "start")
	if starts[0]["seat"].(float64) != 0 || starts[1]["seat"].(float64) != 1 || starts[0]["seed"].(float64) != 100 {
		t.Fatalf("starts %v", starts[:2])
	}
	for _, turn := range ofType(msgs, "turn") {
		obs := turn["obs"].(map[string]any)
		if len(obs["board"].([]any)) != 8 || len(turn["legal"].([]any)) == 0 {
			t.Fatalf("turn without a full observation and legal actions: %v", turn)
		}
	}
}

func TestExecCrashedProgramPlaysDefaultsAndTheGameGoesOn(t *testing.T) {
	results, msgs, notes := batch(t, "crash:2", quick, 2)
	for i, r := range results {
		if r.Outcome == nil || r.Forfeit >= 0 || r.Defaults[progSeat(i)] == 0 {
			t.Fatalf("game %d: %+v", i, r)
		}
		if w := r.Outcome.Winner(); w != 1-progSeat(i) {
			t.Fatalf("game %d: winner %d, want greedy's seat", i, w)
		}
	}
	if strings.Count(notes, "crashed") != 2 || !strings.Contains(notes, "exit status 3") {
		t.Fatalf("notes %q, want two crashes with the exit status", notes)
	}
	if n := len(ofType(msgs, "turn")); n != 2*3 {
		t.Fatalf("the bot saw %d turns, want 3 per game (two answered, then it crashed)", n)
	}
}

// A program that exits cleanly is reported as its connection ending (EOF), with exit status
// 0, never as a read from a pipe the arena had already closed.
func TestExecCleanExitIsReportedAsSuch(t *testing.T) {
	_, _, notes := batch(t, "quit:1", quick, 12)
	if strings.Contains(notes, "file already closed") || strings.Contains(notes, "broken pipe") ||
		strings.Count(notes, "your program exited (exit status 0) during game 1, at its decision 2") != 12 {
		t.Fatalf("notes %q: want 12 clean exits, each with exit status 0", notes)
	}
}

func TestExecMalformedOversizedStaleAndIllegalLinesAreWarned(t *testing.T) {
	results, msgs, _ := batch(t, "garbage:1,long:2,stale:3,illegal:4,ping", quick, 1)
	r := results[0]
	if r.Outcome == nil || r.Defaults[0] != 3 {
		t.Fatalf("result %+v, want a finished game with 3 defaults (garbage, long line, illegal)", r)
	}
	var codes []string
	for _, w := range ofType(msgs, "warn") {
		codes = append(codes, w["code"].(string))
		if w["code"] != "stale_id" && w["applied"] != float64(0) {
			t.Fatalf("warn %v does not say the default (0) was applied", w)
		}
	}
	want := []string{"malformed", "line_too_long", "stale_id", "illegal_action"}
	if !reflect.DeepEqual(codes, want) {
		t.Fatalf("warnings %v, want %v", codes, want)
	}
	turns := len(ofType(msgs, "turn"))
	if pongs := len(ofType(msgs, "pong")); pongs != turns {
		t.Fatalf("%d pongs for %d turns", pongs, turns)
	}
}

func TestExecMissedDeadlinesStrikeOut(t *testing.T) {
	clock := program.Clock{Move: 20 * time.Millisecond, Bank: 30 * time.Millisecond, MaxStrikes: 2}
	results, msgs, notes := batch(t, "silent", clock, 1)
	r := results[0]
	if r.Outcome == nil || r.Outcome.Winner() != 1 {
		t.Fatalf("result %+v: greedy should win against a silent bot", r)
	}
	turns := ofType(msgs, "turn")
	if len(turns) != 2 {
		t.Fatalf("%d turns sent, want 2 (then the program is out)", len(turns))
	}
	banks := []float64{turns[0]["time"].(map[string]any)["bank_ms"].(float64), turns[1]["time"].(map[string]any)["bank_ms"].(float64)}
	if banks[0] != 30 || banks[1] != 0 {
		t.Fatalf("banks %v, want 30 then 0 (a timeout empties the bank)", banks)
	}
	warns := ofType(msgs, "warn")
	if len(warns) != 2 || warns[0]["code"] != "timeout" || warns[1]["code"] != "timeout" {
		t.Fatalf("warnings %v, want two timeouts", warns)
	}
	ends := ofType(msgs, "end")
	if len(ends) != 1 || ends[0]["outcome"] != nil || !strings.Contains(ends[0]["note"].(string), "too slow") {
		t.Fatalf("ends %v, want one, at once, saying too slow", ends)
	}
	if !strings.Contains(notes, "too slow") {
		t.Fatalf("notes %q", notes)
	}
}

func TestExecSlowAnswersDrainTheBank(t *testing.T) {
	clock := program.Clock{Move: 10 * time.Millisecond, Bank: 200 * time.Millisecond, MaxStrikes: 3}
	_, msgs, _ := batch(t, "slow:40", clock, 1)
	turns := ofType(msgs, "turn")
	var banks []float64
	for _, turn := range turns {
		banks = append(banks, turn["time"].(map[string]any)["bank_ms"].(float64))
	}
	// The first decision has the start-up allowance (2 s by default): it costs no bank.
	if banks[0] != 200 || banks[1] != 200 || banks[2] > 170 {
		t.Fatalf("banks %v: the first answer is covered by the start-up allowance; then a 40 ms answer with a 10 ms limit takes at least 30 ms from the bank", banks)
	}
	for i := 1; i < len(banks); i++ {
		if banks[i] > banks[i-1] {
			t.Fatalf("the bank grew: %v", banks)
		}
	}
}

func TestExecResign(t *testing.T) {
	results, msgs, notes := batch(t, "resign:2", quick, 1)
	if results[0].Outcome.Winner() != 1 {
		t.Fatalf("result %+v", results[0])
	}
	if n := len(ofType(msgs, "turn")); n != 2 {
		t.Fatalf("%d turns after resigning at the second", n)
	}
	ends := ofType(msgs, "end")
	if len(ends) != 1 || ends[0]["outcome"] != nil || !strings.Contains(ends[0]["note"].(string), "resigned") {
		t.Fatalf("ends %v", ends)
	}
	if !strings.Contains(notes, "resigned") {
		t.Fatalf("notes %q", notes)
	}
}

func TestExecProgramThatNeverReadsIsStopped(t *testing.T) {
	clock := program.Clock{Move: 20 * time.Millisecond, Bank: 0, MaxStrikes: 2}
	results, _, notes := batch(t, "deaf", clock, 1)
	if results[0].Outcome == nil || !strings.Contains(notes, "too slow") {
		t.Fatalf("result %+v, notes %q", results[0], notes)
	}
}

// A program started for a game may spend its start-up allowance on its first decision: with
// a 20 ms move limit and no bank, a 300 ms start costs nothing; without the allowance it is a
// timeout. hello states the allowance.
func TestExecStartupAllowance(t *testing.T) {
	clock := program.Clock{Move: 20 * time.Millisecond, Bank: 0, MaxStrikes: 3}
	results, msgs, notes := batch(t, "slowstart:300", clock, 1)
	if r := results[0]; r.Outcome == nil || r.Defaults[0] != 0 {
		t.Fatalf("with the allowance: %+v (notes %q)", r, notes)
	}
	hello := ofType(msgs, "hello")
	if len(hello) != 1 || hello[0]["limits"].(map[string]any)["startup_ms"] != float64(program.DefaultStartup.Milliseconds()) {
		t.Fatalf("hello %v: want limits.startup_ms %d", hello, program.DefaultStartup.Milliseconds())
	}

	clock.Startup = -1 // none
	results, _, _ = batch(t, "slowstart:300", clock, 1)
	if r := results[0]; r.Defaults[0] == 0 {
		t.Fatalf("without the allowance a 300 ms first answer should miss a 20 ms limit: %+v", r)
	}
}

// A Python program (an interpreter to start for every game) plays the same games at any
// --parallel, and never loses a move to its start-up: results depend on the seed alone.
func TestExecPythonKitSameAtAnyParallel(t *testing.T) {
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skip("python3 not installed")
	}
	e, _ := catalog.Get("sevencolors")
	kit, err := filepath.Abs("../kits/python/mybot.py")
	if err != nil {
		t.Fatal(err)
	}
	play := func(parallel int) []match.Result {
		prog, err := match.ExecWith(program.ExecOptions{Stderr: &syncBuffer{}})("python3 "+kit, e.Game)
		if err != nil {
			t.Fatal(err)
		}
		random, err := match.Resolve(e.Game, e.Bots, match.SeatSpec{Bot: "random"}, nil)
		if err != nil {
			t.Fatal(err)
		}
		jobs, err := match.Series(e.Game, games.Config{"size": 12}, 2, 6, 7)
		if err != nil {
			t.Fatal(err)
		}
		var out []match.Result
		plan := match.Plan{Game: e.Game, Entrants: []match.Entrant{prog, random}, Jobs: jobs}
		if err := match.Run(context.Background(), plan, match.Options{Parallel: parallel}, func(r match.Result) error {
			out = append(out, r)
			return nil
		}); err != nil {
			t.Fatal(err)
		}
		return out
	}
	one, two := play(1), play(2)
	for i := range one {
		if one[i].Outcome == nil || one[i].Defaults[progSeat(i)] != 0 || two[i].Defaults[progSeat(i)] != 0 {
			t.Fatalf("game %d: the program lost moves to the clock: %+v / %+v", i, one[i], two[i])
		}
		if !reflect.DeepEqual(one[i].Outcome, two[i].Outcome) || one[i].Moves != two[i].Moves {
			t.Fatalf("game %d differs between --parallel 1 and 2: %+v vs %+v", i, one[i].Outcome, two[i].Outcome)
		}
	}
}
