package commands_test

import (
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/arena-classroom/arena/internal/sshtest"
	"github.com/arena-classroom/arena/internal/until"
)

// The projector's wall of a tournament (ssh -t HOST wall CODE) tells its story: its name,
// round and progress, the standings beside the boards; and the games that ran faster than a
// class can follow are played again at the wall's pace, one move at a time, while the
// tournament itself runs at full speed and finishes.
func TestTheWallOfATournamentIsABroadcast(t *testing.T) {
	teacher := sshtest.NewKey(t)
	addr := tournamentArena(t, teacher)
	prof := sshtest.Dial(t, addr, "prof", teacher)
	code := createTournament(t, prof, "--game sevencolors --format round-robin --size 10 --name Friday class", "greedy,random,mixed,hegemonic")

	wall := sshtest.NewTerm(t, sshtest.Dial(t, addr, "projector", sshtest.NewKey(t)), sshtest.Command("wall "+code), sshtest.Size(120, 40))
	wall.WaitScreen(t, "Friday class", 10*time.Second)
	if _, errOut, status := sshtest.Exec(t, prof, "tournament start "+code); status != 0 {
		t.Fatalf("start: %d %q", status, errOut)
	}
	// The tournament plays its six fast games to the end at full speed.
	until.True(t, 60*time.Second, "the tournament's end", func() bool { return standings(t, prof, code).State == "finished" })

	// The wall says what it is, where the tournament stands, and who leads.
	screen := wall.WaitScreen(t, func(s string) bool {
		return strings.Contains(s, "6 of 6 games") && strings.Contains(s, "Standings") && strings.Contains(s, "7 Colors · round-robin")
	}, 10*time.Second)
	for _, name := range []string{"greedy", "random", "mixed", "hegemonic"} {
		if !strings.Contains(screen, name) {
			t.Fatalf("the standings beside the boards lack %s:\n%s", name, screen)
		}
	}
	// It plays the finished games again, at its pace: a replay's move count goes up, one
	// move after another, long after the tournament ended.
	moveRe := regexp.MustCompile(`replay · round \d+ · move (\d+)/(\d+)`)
	at := func(s string) (int, int, bool) {
		m := moveRe.FindStringSubmatch(s)
		if m == nil {
			return 0, 0, false
		}
		a, _ := strconv.Atoi(m[1])
		n, _ := strconv.Atoi(m[2])
		return a, n, true
	}
	first := wall.WaitScreen(t, func(s string) bool { a, n, ok := at(s); return ok && a < n }, 20*time.Second)
	a0, n0, _ := at(first)
	wall.WaitScreen(t, func(s string) bool { a, n, ok := at(s); return ok && n == n0 && a > a0 }, 20*time.Second)

	// + and - change the pace; esc ends the session opened into the wall, saying so.
	wall.Send(t, "+")
	wall.WaitScreen(t, "/s", 5*time.Second)
	wall.Send(t, "\x1b")
	wall.WaitFor(t, "The wall is closed.", 10*time.Second)
}

// The tournament never waits for the wall: a round robin of five house bots (20 games of
// 7 Colors 20×20, fast) takes as long with a 160×50 wall open on it, replaying its games,
// as without (go test -bench TournamentAndTheWall ./commands/; docs/tournaments.md).
func BenchmarkTournamentAndTheWall(b *testing.B) {
	for _, open := range []bool{false, true} {
		name := "without the wall"
		if open {
			name = "with the wall open"
		}
		b.Run(name, func(b *testing.B) {
			teacher := sshtest.NewKey(b)
			addr := tournamentArena(b, teacher)
			prof := sshtest.Dial(b, addr, "prof", teacher)
			for range b.N {
				b.StopTimer()
				code := createTournament(b, prof, "--game sevencolors --format round-robin --size 20 --games-per-pairing 2 --name bench", "greedy,random,mixed,hegemonic,random_improving")
				var wall *sshtest.Term
				if open {
					wall = sshtest.NewTerm(b, sshtest.Dial(b, addr, "projector", sshtest.NewKey(b)), sshtest.Command("wall "+code), sshtest.Size(160, 50))
					wall.WaitScreen(b, "bench", 10*time.Second)
				}
				b.StartTimer()
				if _, errOut, status := sshtest.Exec(b, prof, "tournament start "+code); status != 0 {
					b.Fatalf("start: %d %q", status, errOut)
				}
				for standings(b, prof, code).State != "finished" {
					time.Sleep(20 * time.Millisecond) // polling the end, not timing anything
				}
				b.StopTimer()
				if wall != nil {
					wall.Close()
				}
				b.StartTimer()
			}
		})
	}
}
