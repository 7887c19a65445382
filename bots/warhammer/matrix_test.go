package warhammer_test

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	whbots "github.com/arena-classroom/arena/bots/warhammer"
	"github.com/arena-classroom/arena/games"
	wh "github.com/arena-classroom/arena/games/warhammer"
)

// The seed's own 6×6 example, blank lines and all: player 1 (to move) alive at (2,3),
// player 2 alive at (1,4).
const seedExample = `6 2
0 0 4 4 0 0 1 1

0 4 4 4 4 0 2 1

4 4 4 4 4 4 3 4

4 4 4 4 4 4 0 0

0 4 4 4 4 0 0 0

0 0 4 4 0 0 0 0
`

func TestReadMatrixTheSeedsExample(t *testing.T) {
	st, err := whbots.ReadMatrix(strings.NewReader(seedExample))
	if err != nil {
		t.Fatal(err)
	}
	if st.Size() != 6 || st.NumPlayers() != 2 || st.Turn() != 0 {
		t.Fatalf("size %d, players %d, turn %d", st.Size(), st.NumPlayers(), st.Turn())
	}
	if p := st.Player(0); !p.Alive || p.Row != 2 || p.Col != 3 {
		t.Fatalf("player to move %+v, want alive at (2,3)", p)
	}
	if p := st.Player(1); !p.Alive || p.Row != 1 || p.Col != 4 {
		t.Fatalf("next player %+v, want alive at (1,4)", p)
	}
	if st.HP(0, 1) != 0 || st.HP(0, 2) != 4 || st.HP(5, 5) != 0 {
		t.Fatal("the HP grid is misread")
	}
	// Back to the matrix it came from.
	var b strings.Builder
	fmt.Fprintln(&b, "6 2")
	for _, row := range st.Matrix(0) {
		fmt.Fprintln(&b, strings.Trim(fmt.Sprint(row), "[]"))
		fmt.Fprintln(&b)
	}
	if b.String() != seedExample+"\n" {
		t.Fatalf("the matrix of the state read:\n%s", b.String())
	}
}

func TestReadMatrixIsTheObservation(t *testing.T) {
	// Any game's observation, written as text, reads back to a state where the house bots
	// play what they play in the game itself (turn order from the player to move).
	for seed := range uint64(20) {
		s, _ := wh.NewState(9+int(seed), 2+int(seed%7), seed)
		for range 3 + seed%5 {
			if !s.Over() {
				s.Play(int(seed*7) % wh.Codes)
			}
		}
		if s.Over() {
			continue
		}
		m := s.Observation(s.Turn()).(wh.Observation)
		var b strings.Builder
		fmt.Fprintln(&b, m.Size, m.Players)
		for _, row := range m.Matrix {
			fmt.Fprintln(&b, strings.Trim(fmt.Sprint(row), "[]"))
		}
		st, err := whbots.ReadMatrix(strings.NewReader(b.String()))
		if err != nil {
			t.Fatalf("%v\n%s", err, b.String())
		}
		for _, name := range []string{"survivor", "hunter"} {
			want, _ := whbots.BotCode(name, s, 1)
			got, _ := whbots.BotCode(name, st, 1)
			if got != want {
				t.Fatalf("seed %d: %s plays %d in the game, %d from its matrix", seed, name, want, got)
			}
		}
	}
}

func TestReadMatrixRefusesMalformedInputNamingTheLine(t *testing.T) {
	rows := func(lines ...string) string { return strings.Join(lines, "\n") + "\n" }
	const r0 = "0 4 4 1 1"
	const r1 = "4 4 4 0 2"
	const r2 = "4 4 4 0 2"
	for _, tc := range []struct{ in, want string }{
		{"", "line 1: empty input"},
		{"3\n", "line 1: 1 numbers"},
		{"3 2 1\n", "line 1: 3 numbers"},
		{"2 2\n", "line 1: T = 2"},
		{"36 2\n", "line 1: T = 36"},
		{"3 9\n", "line 1: N = 9"},
		{"3 x\n", `line 1: "x" is not a whole number`},
		{rows("3 2", r0, r1), "line 4: the input ends after 2 of the 3 rows"},
		{rows("3 2", r0, "4 4 4 0", r2), "line 3: 4 numbers, a row has T+N = 3+2 = 5"},
		{rows("3 2", r0, "4 4 4 0 2 7", r2), "line 3: 6 numbers"},
		{rows("3 2", r0, r1, r2, "1"), "line 5: more input after the 3 rows"},
		{rows("3 2", r0, "4 4 4.5 0 2", r2), `line 3: "4.5" is not a whole number`},
		{rows("3 2", r0, "4 -1 4 0 2", r2), "line 3: number 2: HP -1 is negative"},
		{rows("3 2", "0 4 4 2 1", r1, r2), "line 2: number 4: 2: a player column starts with 1"},
		{rows("3 2", r0, "4 4 4 3 2", r2), "line 3: number 4: 3 is off the board"},
		{rows("3 2", r0, r1, "4 4 4 0 3"), "line 4: number 5: 3 is off the board"},
		{rows("4 2", "0 4 4 4 1 1", "4 4 4 4 0 2", "4 4 4 4 0 2", "4 4 4 4 5 0"), "line 5: number 5: 5: a player column holds 0"},
		{rows("3 2", "0 4 4 0 1", r1, r2), "line 2: number 4: the player to move"},
		{rows("3 2", "0 4 4 1 0", r1, r2), "line 2: only one player is alive"},
		{rows("3 2", r0, "4 4 4 0 0", "4 4 4 2 2"), "line 3: number 5: players 1 and 2 both stand on (0,2)"},
		{"3 2\n" + strings.Repeat("4", 70000) + "\n", "line 2: longer than"},
	} {
		_, err := whbots.ReadMatrix(strings.NewReader(tc.in))
		if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("%q:\n  %v\n  want %q…", tc.in, err, tc.want)
		}
	}
}

func runAI(t *testing.T, stdin string, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	code := whbots.AI(args, strings.NewReader(stdin), &out, &errb, func() uint64 { return 42 })
	return code, out.String(), errb.String()
}

func TestTheSeedTool(t *testing.T) {
	// The tool's own example (its usage): 7×7, player to move at (3,5), the other at (3,1).
	const example = "7 2\n0 0 4 4 4 0 0 1 1\n0 4 4 4 4 4 0 3 3\n4 4 4 4 4 4 4 5 1\n4 4 4 4 4 4 4 0 0\n4 4 4 4 4 4 4 0 0\n0 4 4 4 4 4 0 0 0\n0 0 4 4 4 0 0 0 0\n"
	st, err := whbots.ReadMatrix(strings.NewReader(example))
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"random", "cautious", "survivor", "hunter"} {
		want, _ := whbots.BotCode(name, st, 5)
		status, out, errs := runAI(t, example, "--ia", name, "--seed", "5")
		if status != 0 || out != fmt.Sprintln(want) || errs != "" {
			t.Errorf("%s: exit %d, stdout %q, stderr %q; want %d", name, status, out, errs, want)
		}
	}
	// Without --seed, the seed function's seed.
	_, a, _ := runAI(t, example, "--ia", "random")
	_, b, _ := runAI(t, example, "--ia", "random", "--seed", "42")
	if a != b {
		t.Errorf("default seed not used: %s vs %s", a, b)
	}
	// From a file.
	path := filepath.Join(t.TempDir(), "m.txt")
	if err := os.WriteFile(path, []byte(example), 0o600); err != nil {
		t.Fatal(err)
	}
	if status, out, _ := runAI(t, "", "--ia", "hunter", path); status != 0 || out == "" {
		t.Errorf("from a file: %d %q", status, out)
	}
	if status, out, _ := runAI(t, "", "--help"); status != 0 || !strings.Contains(out, "Usage: arena warhammer") {
		t.Errorf("--help: %d %q", status, out)
	}
	for _, tc := range []struct {
		stdin string
		args  []string
		want  string
	}{
		{example, nil, "--ia NAME is required"},
		{example, []string{"--ia", "clever"}, `no bot called "clever"`},
		{example, []string{"--ia", "hunter", "--seed", "-3"}, "--seed"},
		{example, []string{"--ia", "hunter", "--size", "7"}, "unknown option --size"},
		{example, []string{"--ia", "hunter", "a", "b"}, "one FILE at most"},
		{example, []string{"--ia", "hunter", filepath.Join(t.TempDir(), "none")}, "cannot read"},
		{"7 2\n1 2 3\n", []string{"--ia", "hunter"}, "stdin, line 2: 3 numbers"},
	} {
		status, out, errs := runAI(t, tc.stdin, tc.args...)
		if status != 2 || out != "" || !strings.Contains(errs, tc.want) || strings.Count(errs, "\n") != 3 {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want status 2 and %q", tc.args, status, out, errs, tc.want)
		}
	}
	var _ games.Tool = whbots.Tool
}
