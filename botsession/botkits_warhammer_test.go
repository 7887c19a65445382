package botsession_test

import (
	"context"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/arena-classroom/arena/catalog"
	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/internal/arenatest"
	"github.com/arena-classroom/arena/internal/sshtest"
	"github.com/arena-classroom/arena/match"
	"github.com/arena-classroom/arena/replay"
)

// whKits are the War Hammer starters: the C one around the assignment's my_ai_play, and the
// Python one.
var whKits = []kit{cKit("warhammer_bot.c", "warhammer_bot"), pythonKit("warhammer_bot.py")}

// Each kit plays practice games against hunter and random over a real SSH session: every
// line it writes answers a pending turn with a code 0..95, and none is refused.
func TestWarHammerKitsPractiseOverSSH(t *testing.T) {
	addr, _, _ := arenatest.BotArena(t, arenatest.FastHub(), time.Hour)
	for _, k := range whKits {
		t.Run(k.name, func(t *testing.T) {
			server, actions, srvErr, kitErr := practiseOverSSH(t, addr, k.cmd(t), "bot --game warhammer --practice --vs hunter,random --seed 4 --games 2 --config size=11")
			turns, ends := arenatest.OfType(server, "turn"), arenatest.OfType(server, "end")
			if len(turns) < 2 || len(ends) != 2 || len(arenatest.OfType(server, "warn")) > 0 {
				t.Fatalf("%d turns, ends %v, warnings %v", len(turns), ends, arenatest.OfType(server, "warn"))
			}
			if len(actions) != len(turns) {
				t.Fatalf("%d turns, %d lines from the kit", len(turns), len(actions))
			}
			for i, a := range actions {
				code := a.Num("action")
				if a.Str("type") != "action" || a.Num("id") != turns[i].Num("id") || code < 0 || code > 95 {
					t.Fatalf("turn %v answered %v", turns[i]["id"], a)
				}
			}
			if !strings.Contains(srvErr, "practice over: ") || !strings.Contains(kitErr, "game 2: rank") {
				t.Fatalf("server stderr:\n%s\nkit stderr:\n%s", srvErr, kitErr)
			}
		})
	}
}

// Under `arena match --seats exec:…` the kits play every game to its end against hunter and
// random with no refused or missing answer, beat random alone in every game, and, playing one
// strategy, make the same moves as each other.
func TestWarHammerKitsUnderExec(t *testing.T) {
	e, _ := catalog.Get("warhammer")
	const n = 6
	batch := func(t *testing.T, argv []string, opponents ...string) ([][]replay.Move, int) {
		var notes sshtest.Buffer
		prog := execEntrant(t, argv, e.Game, &notes)
		entrants := []match.Entrant{prog}
		for _, name := range opponents {
			bot, _ := match.Resolve(e.Game, e.Bots, match.SeatSpec{Bot: name}, nil)
			entrants = append(entrants, bot)
		}
		jobs, err := match.Series(e.Game, games.Config{"size": 11}, len(entrants), n, 21)
		if err != nil {
			t.Fatal(err)
		}
		moves, wins := make([][]replay.Move, n), 0
		plan := match.Plan{Game: e.Game, Entrants: entrants, Jobs: jobs}
		err = match.Run(context.Background(), plan, match.Options{Parallel: 2, Replays: true}, func(r match.Result) error {
			seat := slices.Index(jobs[r.Job].Seats, 0) // the kit's seat in this game
			if r.Outcome == nil || r.Forfeit >= 0 || r.Defaults[seat] != 0 || r.Replay == nil {
				t.Errorf("game %d: %+v\n%s", r.Job, r, notes.String())
				return nil
			}
			moves[r.Job] = r.Replay.Moves
			if r.Outcome.Ranks[seat] == 1 {
				wins++
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		if strings.Count(notes.String(), "game 1: rank") != n || strings.Contains(notes.String(), "arena:") {
			t.Fatalf("the kit's stderr:\n%s", notes.String())
		}
		return moves, wins
	}
	var first [][]replay.Move
	for i, k := range whKits {
		t.Run(k.name, func(t *testing.T) {
			if _, wins := batch(t, k.cmd(t), "random"); wins != n {
				t.Errorf("the kit won %d of %d games against random", wins, n)
			}
			got, _ := batch(t, k.cmd(t), "hunter", "random")
			if i == 0 {
				first = got
			}
			for g := range first {
				if !reflect.DeepEqual(got[g], first[g]) {
					t.Errorf("game %d: the %s kit's moves differ from the %s kit's", g, k.name, whKits[0].name)
				}
			}
		})
	}
}

// A program that answers outside 0..95 dies at once, as the rules say, and a warn tells it why;
// the game goes on without it to its end.
func TestWarHammerProgramOutsideTheCodesDiesWithAWarn(t *testing.T) {
	addr, _, _ := arenatest.BotArena(t, arenatest.FastHub(), time.Hour)
	b := arenatest.StartBot(t, sshtest.Dial(t, addr, "student", sshtest.NewKey(t)), "--game warhammer --practice --vs hunter,random --seed 2 --games 1 --config size=9")
	turn := b.Until("turn")
	last := turn[len(turn)-1]
	b.Send(`{"type":"action","match":%q,"id":%d,"action":96}`, last.Str("match"), last.Num("id"))
	rest := b.Until("end")
	warns := arenatest.OfType(rest, "warn")
	if len(warns) != 1 || !strings.Contains(warns[0].Str("msg"), "0..95") {
		t.Fatalf("warnings %v, want one naming 0..95", warns)
	}
	if n := len(arenatest.OfType(rest, "turn")); n != 0 {
		t.Fatalf("the dead program was asked %d more turns", n)
	}
	end := arenatest.OfType(rest, "end")[0]
	ranks := end["outcome"].(map[string]any)["ranks"].([]any)
	if ranks[0].(float64) != 3 {
		t.Fatalf("ranks %v: the program died first, so it is last", ranks)
	}
}
