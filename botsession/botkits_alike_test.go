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

// kitsPlayAlike checks a game's starters that play one strategy in several languages: each
// plays two practice games over SSH (practice: its --vs and --config options) without a
// refused action, and four games under exec against the house bot opponent on cfg with no
// default played, making the same moves as the first kit.
func kitsPlayAlike(t *testing.T, kits []kit, gameID, practice, opponent string, cfg games.Config) {
	addr, _, _ := arenatest.BotArena(t, arenatest.FastHub(), time.Hour)
	e, _ := catalog.Get(gameID)
	var first [][]replay.Move
	for i, k := range kits {
		t.Run(k.name, func(t *testing.T) {
			server, actions, srvErr, _ := practiseOverSSH(t, addr, k.cmd(t), "bot --game "+gameID+" --practice --seed 4 --games 2 "+practice)
			if len(arenatest.OfType(server, "end")) != 2 || len(arenatest.OfType(server, "warn")) > 0 || len(actions) != len(arenatest.OfType(server, "turn")) {
				t.Fatalf("ends %v, warns %v, %d answers to %d turns\n%s", arenatest.OfType(server, "end"), arenatest.OfType(server, "warn"),
					len(actions), len(arenatest.OfType(server, "turn")), srvErr)
			}
			var notes sshtest.Buffer
			prog := execEntrant(t, k.cmd(t), e.Game, &notes)
			bot, _ := match.Resolve(e.Game, e.Bots, match.SeatSpec{Bot: opponent}, nil)
			jobs, err := match.Series(e.Game, cfg, 2, 4, 9)
			if err != nil {
				t.Fatal(err)
			}
			moves := make([][]replay.Move, len(jobs))
			plan := match.Plan{Game: e.Game, Entrants: []match.Entrant{prog, bot}, Jobs: jobs}
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
					t.Errorf("game %d: the %s kit's moves differ from the %s kit's", g, k.name, kits[0].name)
				}
			}
		})
	}
}
