package main

import (
	"bytes"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/arena-classroom/arena/catalog"
)

// cliCatalog runs the command on the real catalog.
func cliCatalog(args ...string) cliResult {
	var out, errb bytes.Buffer
	clock := time.Unix(0, 0)
	env := matchEnv{stdout: &out, stderr: &errb, games: catalog.All,
		now:        func() time.Time { clock = clock.Add(time.Second); return clock },
		randomSeed: func() uint64 { return 1 }}
	code := env.run(args)
	return cliResult{code, out.String(), errb.String()}
}

func TestMatchSevenColorsJSON(t *testing.T) {
	args := []string{"--game", "sevencolors", "--seats", "random,greedy", "--games", "20", "--size", "10", "--seed", "3", "--json"}
	r := cliCatalog(append(args, "--parallel", "1")...)
	if r.code != 0 {
		t.Fatal(r.stderr)
	}
	if again := cliCatalog(append(args, "--parallel", "2")...); again.stdout != r.stdout {
		t.Fatal("--parallel 2 gives different output")
	}
	gs, s := parseJSONLines(t, r.stdout)
	if len(gs) != 20 {
		t.Fatalf("%d games", len(gs))
	}
	greedyWins := 0
	for i, g := range gs {
		want := []string{"random", "greedy"}
		if i%2 == 1 {
			want = []string{"greedy", "random"}
		}
		if !slices.Equal(g.Seats, want) || g.Seed != 3+uint64(i) || g.Config["size"] != 10 {
			t.Fatalf("game %d: %+v", i, g)
		}
		if g.Scores[0]+g.Scores[1] > 100 || g.Shares[0] != float64(g.Scores[0])/100 || g.Shares[1] != float64(g.Scores[1])/100 {
			t.Fatalf("game %d: scores %v shares %v", i, g.Scores, g.Shares)
		}
		if g.Winner != nil && g.Seats[*g.Winner] == "greedy" {
			greedyWins++
		}
	}
	if greedyWins < 17 || s.Bots[1].Name != "greedy" || s.Bots[1].Wins != greedyWins {
		t.Fatalf("greedy won %d; summary %+v", greedyWins, s.Bots)
	}
}

// The command line of the issue, as a table.
func TestMatchSevenColorsTable(t *testing.T) {
	r := cliCatalog("--game", "sevencolors", "--seats", "random,greedy", "--games", "500", "--size", "30", "--seed", "12")
	if r.code != 0 {
		t.Fatal(r.stderr)
	}
	if !strings.HasPrefix(r.stdout, "sevencolors · size=30 · 500 games · seed 12 · seats alternate\n") ||
		!regexp.MustCompile(`(?m)^random +500 +\d+ +\d+ +\d+ +\d+\.\d% +\d+\.\d%`).MatchString(r.stdout) ||
		!regexp.MustCompile(`(?m)^greedy +500 +(4[5-9]\d|500) +\d+ +\d+ +(9\d|100)\.\d% +[5-9]\d\.\d%`).MatchString(r.stdout) ||
		!strings.Contains(r.stdout, "500 games in 1.00 s: 500 games/s") {
		t.Fatalf("table:\n%s", r.stdout)
	}
}

func TestMatchSevenColorsRoundRobin(t *testing.T) {
	r := cliCatalog("--game", "sevencolors", "--seats", "random,random_improving,greedy,hegemonic,mixed",
		"--sizes", "10,20,30", "--games", "2", "--seed", "5")
	if r.code != 0 {
		t.Fatal(r.stderr)
	}
	if n := strings.Count(r.stdout, ": win % of the row bot against the column bot"); n != 3 {
		t.Fatalf("%d cross tables:\n%s", n, r.stdout)
	}
	if !regexp.MustCompile(`(?m)^ 5  \S+ +24 `).MatchString(r.stdout) || !strings.Contains(r.stdout, "60 games in") {
		t.Fatalf("ranking:\n%s", r.stdout)
	}
	bad := cliCatalog("--game", "sevencolors", "--seats", "greedy,minimax")
	if bad.code != 2 || !strings.Contains(bad.stderr, "random (random_player), random_improving, greedy, hegemonic, mixed") {
		t.Fatalf("bad bot: %d %q", bad.code, bad.stderr)
	}
}
