package lobby_test

import (
	"context"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/arena-classroom/arena/catalog"
	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/match"
	"github.com/arena-classroom/arena/replay"
)

// dwKits are the DiceWars starters: the C one around the seed's PlayTurn, and the Python one.
var dwKits = []kit{cKit("dicewars_bot.c", "dicewars_bot"), pythonKit("dicewars_bot.py")}

// Each kit plays practice games over SSH without a refused action, and under exec the two
// make the same moves (one strategy) with no default played.
func TestDiceWarsKits(t *testing.T) {
	addr, _, _ := botArena(t, fastHub(), time.Hour)
	e, _ := catalog.Get("dicewars")
	var first [][]replay.Move
	for i, k := range dwKits {
		t.Run(k.name, func(t *testing.T) {
			server, actions, srvErr, _ := practiseOverSSH(t, addr, k.cmd(t), "bot --game dicewars --practice --vs seed,classic --seed 4 --games 2 --config areas=12")
			if len(ofType(server, "end")) != 2 || len(ofType(server, "warn")) > 0 || len(actions) != len(ofType(server, "turn")) {
				t.Fatalf("ends %v, warns %v, %d answers to %d turns\n%s", ofType(server, "end"), ofType(server, "warn"),
					len(actions), len(ofType(server, "turn")), srvErr)
			}
			var notes lockedBuffer
			prog := execEntrant(t, k.cmd(t), e.Game, &notes)
			seed, _ := match.Resolve(e.Game, e.Bots, match.SeatSpec{Bot: "seed"}, nil)
			jobs, err := match.Series(e.Game, games.Config{"areas": 12}, 2, 4, 9)
			if err != nil {
				t.Fatal(err)
			}
			moves := make([][]replay.Move, len(jobs))
			plan := match.Plan{Game: e.Game, Entrants: []match.Entrant{prog, seed}, Jobs: jobs}
			err = match.Run(context.Background(), plan, match.Options{Parallel: 2, Replays: true}, func(r match.Result) error {
				s := slices.Index(jobs[r.Job].Seats, 0)
				if r.Outcome == nil || r.Forfeit >= 0 || r.Defaults[s] != 0 {
					t.Errorf("game %d: %+v\n%s", r.Job, r, notes.String())
				}
				moves[r.Job] = r.Replay.Moves
				return nil
			})
			if err != nil || strings.Contains(notes.String(), "arena:") {
				t.Fatalf("%v\n%s", err, notes.String())
			}
			if i == 0 {
				first = moves
			}
			for g := range first {
				if !reflect.DeepEqual(moves[g], first[g]) {
					t.Errorf("game %d: the %s kit's moves differ from the C kit's", g, k.name)
				}
			}
		})
	}
}
