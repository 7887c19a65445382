package sevencolors

import (
	"bytes"
	"strconv"
	"strings"
	"testing"
)

func runQ13(t *testing.T, args string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	code = AI(strings.Fields(args), &out, &errb, func() uint64 { return 42 })
	return code, out.String(), errb.String()
}

func TestQ13SeedExample(t *testing.T) {
	// The seed's own example: the grid 1 3 / 5 2. random_player answers any colour 3..9.
	seen := map[int]bool{}
	for seed := range 40 {
		code, out, errs := runQ13(t, "2 --ia random_player 1 1 3 5 2 --seed "+strconv.Itoa(seed))
		if code < 3 || code > 9 || out != strconv.Itoa(code)+"\n" || errs != "" {
			t.Fatalf("seed %d: exit %d, stdout %q, stderr %q", seed, code, out, errs)
		}
		seen[code] = true
		again, _, _ := runQ13(t, "2 --ia random_player 1 1 3 5 2 --seed "+strconv.Itoa(seed))
		if again != code {
			t.Fatalf("seed %d: %d then %d", seed, code, again)
		}
	}
	if len(seen) < 5 {
		t.Errorf("40 seeds gave only the colours %v", seen)
	}
	// Without --seed the seed comes from the seed function.
	a, _, _ := runQ13(t, "2 --ia random 1 1 3 5 2")
	b, _, _ := runQ13(t, "2 --ia random 1 1 3 5 2 --seed 42")
	if a != b {
		t.Errorf("default seed not used: %d vs %d", a, b)
	}
}

func TestQ13KnownBoards(t *testing.T) {
	// Greedy takes A (8 cells), hegemonic and mixed take B (frontier 10) — see the bots' tests.
	board := "7 7 7 7 2 " +
		"7 7 7 7 7 " +
		"4 4 4 4 4 " +
		"4 3 3 3 3 " +
		"1 3 3 3 3"
	for name, want := range map[string]int{"greedy": 3, "hegemonic": 4, "mixed": 4, "random_improving": -1} {
		code, out, _ := runQ13(t, "5 --ia "+name+" 1 "+board)
		if want == -1 { // random among the gaining colours, A and B
			if code != 3 && code != 4 {
				t.Errorf("random_improving: %d", code)
			}
			continue
		}
		if code != want || strings.TrimSpace(out) != strconv.Itoa(want) {
			t.Errorf("%s: exit %d, stdout %q, want %d", name, code, out, want)
		}
	}
	// Any board: player 2 bottom-left, player 1 elsewhere, EMPTY cells, split territories.
	code, _, _ := runQ13(t, "3 --ia greedy 2 1 0 1 6 6 5 2 5 9")
	if code != 6 { // 2 at (0,2) touches D (6, 2 cells) and C (5, 1 cell)
		t.Errorf("greedy as player 2: %d, want 6", code)
	}
	// Player 2 reading the seed's example: it touches 3 and 5 (gains 1 each): greedy says 3.
	if code, _, _ := runQ13(t, "2 --ia greedy 2 1 3 5 2"); code != 3 {
		t.Errorf("greedy on the seed's example: %d", code)
	}
}

func TestQ13Errors(t *testing.T) {
	for _, tc := range []struct{ args, msg string }{
		{"", "--ia NAME is required"},
		{"2 1 1 3 5 2", "--ia NAME is required"},
		{"2 --ia nobody 1 1 3 5 2", `no bot called "nobody"`},
		{"2 --ia greedy 1 1 3 5", "needs 4 cell states, got 3"},
		{"2 --ia greedy 3 1 3 5 2", `PLAYER "3" is not 1 or 2`},
		{"1 --ia greedy 1 1", `SIZE "1" is not a board size 2..50`},
		{"x --ia greedy 1 1", `SIZE "x" is not a board size`},
		{"2 --ia greedy 1 1 3 5 12", `cell 3 (x=1, y=1) is "12"`},
		{"2 --ia greedy 1 1 3 -5 2", `cell 2 (x=0, y=1) is "-5"`},
		{"2 --ia greedy 1 1 3 5 2 --seed -1", `--seed "-1"`},
		{"2 --ia greedy 1 1 3 5 2 --fast", "unknown option --fast"},
		{"2 --ia", "--ia needs a value"},
	} {
		code, out, errs := runQ13(t, tc.args)
		if code != 2 || out != "" || !strings.Contains(errs, tc.msg) || !strings.Contains(errs, "Usage:") {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want 2 and %q", tc.args, code, out, errs, tc.msg)
		}
	}
	code, out, _ := runQ13(t, "--help")
	if code != 0 || !strings.Contains(out, "Exit status") || !strings.Contains(out, "random_player") {
		t.Errorf("--help: %d %q", code, out)
	}
}
