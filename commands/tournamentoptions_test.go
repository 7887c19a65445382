package commands_test

import (
	"math"
	"strings"
	"testing"
	"time"

	"github.com/arena-classroom/arena/internal/sshtest"
	"github.com/arena-classroom/arena/internal/until"
)

// A format option the format does not take is refused over SSH with a sentence and exit
// status 2, as other mistakes are, and so is an option that is also the game's setting
// (Garden Tensions's rounds): nothing is created. Before, --rounds 3 for a round robin was
// silently ignored and a Garden round robin printed settings {"rounds":50}.
func TestCreateRefusesOptionsThatDoNotApply(t *testing.T) {
	teacher := sshtest.NewKey(t)
	addr := tournamentArena(t, teacher)
	prof := sshtest.Dial(t, addr, "prof", teacher)
	for cmd, want := range map[string]string{
		"tournament create --game sevencolors --format round-robin --rounds 3":            "--rounds does not apply to a round robin, which plays every pairing once (a double round robin twice), in as many rounds as the entrants need: to play every pairing K times, use --games-per-pairing K (round-robin takes --games-per-pairing)",
		"tournament create --game sevencolors --format swiss --table-size 3":              "--table-size does not apply to Swiss",
		"tournament create --game perfectaim --format pools --rounds 2":                   "--rounds does not apply to pools",
		"tournament create --game sevencolors --format elimination --games-per-pairing 2": "to make each match longer, use --best-of N",
		"tournament create --game garden --format round-robin --rounds 3":                 "--rounds is the tournament's option: Garden Tensions's own rounds setting is --config rounds=N",
		"tournament create --game garden --format swiss --rounds 3":                       "say which you mean, --format swiss:3 for the tournament's rounds, --config rounds=3 for the game's own",
	} {
		out, errOut, status := sshtest.Exec(t, prof, cmd)
		if status != 2 || !strings.Contains(errOut, want) || out != "" {
			t.Errorf("%s: exit %d, %q %q; want exit 2 and %q", cmd, status, out, errOut, want)
		}
	}
	// What is meant, said unambiguously, is taken.
	for _, cmd := range []string{
		"tournament create --game garden --format round-robin --config rounds=30",
		"tournament create --game garden --format swiss:3 --config rounds=30",
	} {
		out, errOut, status := sshtest.Exec(t, prof, cmd)
		if status != 0 || !strings.Contains(out, `settings {"rounds":30}`) {
			t.Errorf("%s: exit %d, %q %q", cmd, status, out, errOut)
		}
	}
}

// A pools tournament of seven house bots over SSH: tables of 4 and 3, then the final
// table and a placement table for the three out of the running, so everyone plays two
// games; the standings count places, in whole points (halves only for ties).
func TestPoolsEveryonePlaysAsMany(t *testing.T) {
	teacher := sshtest.NewKey(t)
	addr := tournamentArena(t, teacher)
	prof := sshtest.Dial(t, addr, "prof", teacher)
	out, errOut, status := sshtest.Exec(t, prof, "tournament create --game dicewars --format pools:3 --games-per-pairing 2 --config areas=16")
	if status != 0 || !strings.Contains(out, "Pools: tables of 3, 2 games a table; the best two of each go on and the others play placement tables, so everyone plays every round.") {
		t.Errorf("create pools: exit %d, %q %q", status, out, errOut)
	}
	code := createTournament(t, prof, "--game dicewars --format pools --config areas=16", "seed,classic,odds,random,seed,classic,odds")
	if _, errOut, status := sshtest.Exec(t, prof, "tournament start "+code); status != 0 {
		t.Fatalf("start: %d %q", status, errOut)
	}
	until.True(t, 60*time.Second, "the tournament finishing", func() bool { return standings(t, prof, code).State == "finished" })
	s := standings(t, prof, code)
	if len(s.Standings) != 7 || s.GamesPlayed != 4 {
		t.Fatalf("standings %+v", s)
	}
	for _, row := range s.Standings {
		if row.Played != 2 || row.Points != math.Round(row.Points*2)/2 {
			t.Errorf("%s played %d games for %g points; want 2 games, whole or half points", row.Name, row.Played, row.Points)
		}
	}
	out, errOut, status = sshtest.Exec(t, prof, "tournament standings "+code)
	if status != 0 || !strings.Contains(out, "RANK  NAME") || !strings.Contains(out, "REACHED  POINTS  GP  1ST  2ND  3RD  4TH  TABLE POINTS") ||
		strings.Contains(out, " W  D  L") {
		t.Errorf("standings: exit %d, %q %q", status, out, errOut)
	}
}
