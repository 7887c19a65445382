package program_test

import (
	"context"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/arena-classroom/arena/catalog"
	"github.com/arena-classroom/arena/games"
	pa "github.com/arena-classroom/arena/games/perfectaim"
	"github.com/arena-classroom/arena/games/perfectaim/arenamatch"
	"github.com/arena-classroom/arena/match"
	"github.com/arena-classroom/arena/program"
	"github.com/arena-classroom/arena/replay"
)

// aimBatch plays n games of Perfect Aim between the test bot in mode (RED, seat 0) and
// zidane (BLUE), upstream's tournament scheme (game i on seed 3+i, permutation i), with
// parallel workers. logged says whether the bot logs what it receives (one process at a
// time only).
func aimBatch(t *testing.T, mode string, n, parallel int, logged bool) ([]match.Result, []map[string]any, string) {
	t.Helper()
	e, _ := catalog.Get("perfectaim")
	logFile := ""
	if logged {
		logFile = filepath.Join(t.TempDir(), "received.jsonl")
	}
	stderr := &syncBuffer{}
	prog, err := match.ExecWith(program.ExecOptions{Clock: quick, Stderr: stderr, Grace: time.Second})(botCmd(mode, logFile), e.Game)
	if err != nil {
		t.Fatal(err)
	}
	zidane, err := match.Resolve(e.Game, e.Bots, match.SeatSpec{Bot: "zidane"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	jobs, err := arenamatch.Series(games.Config{}, 2, n, 3, -1)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	var results []match.Result
	plan := match.Plan{Game: e.Game, Entrants: []match.Entrant{prog, zidane}, Jobs: jobs}
	opts := match.Options{Parallel: parallel, Replays: true, Inspect: games.InspectorOf(pa.Game)}
	if err := match.Run(ctx, plan, opts, func(r match.Result) error {
		results = append(results, r)
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	var msgs []map[string]any
	if logged {
		msgs = received(t, logFile)
	}
	return results, msgs, stderr.String()
}

// A program plays whole Perfect Aim games, one process per game: each turn comes at one of
// its decision instants with the full observation and no "legal", and a batch gives the
// same games whatever the number of workers.
func TestExecPerfectAimGamesAreReproducible(t *testing.T) {
	const n = 4
	first, msgs, notes := aimBatch(t, "legal", n, 1, true)
	again, _, _ := aimBatch(t, "legal", n, 2, false)
	for i, r := range first {
		if r.Outcome == nil || r.Forfeit >= 0 || r.Defaults[0] != 0 || r.Moves < 4 {
			t.Fatalf("game %d: %+v (notes %q)", i, r, notes)
		}
		o := again[i]
		if !reflect.DeepEqual(r.Outcome, o.Outcome) || r.Moves != o.Moves || !reflect.DeepEqual(r.Defaults, o.Defaults) ||
			!reflect.DeepEqual(r.Detail, o.Detail) || !reflect.DeepEqual(r.Replay.Moves, o.Replay.Moves) {
			t.Fatalf("game %d differs with two workers:\n%+v\n%+v", i, r, o)
		}
	}
	var order []string
	for _, m := range msgs {
		if typ := m["type"].(string); typ != "turn" {
			order = append(order, typ)
		}
	}
	if got := strings.Join(order, " "); got != strings.TrimSpace(strings.Repeat("hello start end ", n)) {
		t.Fatalf("the bot saw %v, want hello start end %d times", order, n)
	}
	for i, s := range ofType(msgs, "start") {
		cfg := s["config"].(map[string]any)
		if _, seeded := s["seed"]; s["seat"] != float64(0) || seeded || cfg["permutation"] != float64(i) {
			t.Fatalf("game %d: start %v, want seat 0, no seed (hidden: it tells where items appear), permutation %d", i, s, i)
		}
	}
	// Turns follow games in order; each one is at the instant its move was recorded.
	turns := ofType(msgs, "turn")
	k := 0
	for i, r := range first {
		for _, mv := range r.Replay.Moves {
			if mv.Seat != 0 {
				continue
			}
			turn := turns[k]
			k++
			obs := turn["obs"].(map[string]any)
			if _, ok := turn["legal"]; ok {
				t.Fatalf("game %d: a Perfect Aim turn with legal: %v", i, turn["legal"])
			}
			you := obs["you"].(map[string]any)
			if obs["t"] != mv.At || you["color"] != "RED" || len(obs["tile_grid"].([]any)) != 21 || obs["fireballs"] == nil {
				t.Fatalf("game %d: turn at %v for a move at %s: %v", i, obs["t"], mv.At, you)
			}
			if mv.Default {
				t.Fatalf("game %d: a default move at %s for a program that played valid moves", i, mv.At)
			}
		}
	}
	if k != len(turns) {
		t.Fatalf("%d turns for %d recorded moves", len(turns), k)
	}
	if ends := ofType(msgs, "end"); ends[0]["outcome"] == nil {
		t.Fatalf("end %v", ends[0])
	}
}

// Refused answers are warned with the reason and played as WAIT; the game goes on.
func TestExecPerfectAimRefusalsAreWarnedAndWait(t *testing.T) {
	results, msgs, _ := aimBatch(t, "illegal:1,unreadable:2,garbage:3", 1, 1, true)
	r := results[0]
	if r.Outcome == nil || r.Defaults[0] != 3 {
		t.Fatalf("result %+v, want a finished game with 3 defaults", r)
	}
	var codes []string
	for _, w := range ofType(msgs, "warn") {
		codes = append(codes, w["code"].(string))
		if w["applied"] != "WAIT" {
			t.Fatalf("warn %v does not say WAIT was applied", w)
		}
	}
	if want := []string{"wall", "malformed_action", "malformed"}; !reflect.DeepEqual(codes, want) {
		t.Fatalf("warnings %v, want %v", codes, want)
	}
	var mine []replay.Move
	for _, mv := range r.Replay.Moves {
		if mv.Seat == 0 {
			mine = append(mine, mv)
		}
	}
	for i, mv := range mine[:4] {
		if refused := i < 3; mv.Default != refused || (refused && mv.Action != pa.Wait) {
			t.Fatalf("move %d of the program: %+v", i, mv)
		}
	}
}
