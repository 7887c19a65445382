package botsession

import (
	"context"
	"crypto/rand"
	"encoding/binary"
	"encoding/json"
	"errors"
	"strings"
	"time"

	"github.com/arena-classroom/arena/botproto"
	"github.com/arena-classroom/arena/catalog"
	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/keys"
	"github.com/arena-classroom/arena/lang"
	"github.com/arena-classroom/arena/presence"
	"github.com/arena-classroom/arena/program"
	"github.com/arena-classroom/arena/seed"
	"github.com/arena-classroom/arena/store"
)

// assignmentArgs turns `bot --assignment CODE` into the practice session the assignment
// sets: its game, bots, games and settings, the same for every student. Where the seed is
// public (it makes a board everyone sees) every student plays the same seeds; where it
// decides hidden chance (dice), each run of each student gets its own, keyed with the
// server's secret (else one run's games would foretell the next's dice). No seed is shown.
func (a *Sessions) assignmentArgs(ctx context.Context, args botArgs, who keys.Identity) (botArgs, store.Assignment, error) {
	if a.assignments == nil {
		return args, store.Assignment{}, lang.Errorf("this server keeps no assignments")
	}
	as, err := a.assignments.Assignment(ctx, strings.ToUpper(args.assignment))
	if errors.Is(err, store.ErrNotFound) {
		return args, as, lang.Errorf("no assignment %q: check the code your teacher gave", args.assignment)
	}
	if err != nil {
		a.log.Error("assignment", "code", args.assignment, "err", err)
		return args, as, lang.Errorf("the assignment could not be read right now; try again")
	}
	if as.Game != args.entry.Game.ID() {
		return args, as, lang.Errorf("assignment %s is a game of %s, not %s: use --game %s", as.Code, as.Game, args.entry.Game.ID(), as.Game)
	}
	cfg := games.Config{}
	if err := json.Unmarshal(as.Config, &cfg); err != nil {
		return args, as, lang.Errorf("assignment %s cannot be read by this version of the arena", as.Code)
	}
	args.practice, args.games, args.seed, args.seedSet, args.seedsHidden = true, as.Games, as.Seed, true, true
	if !botproto.SeedPublic(args.entry.Game) {
		secret, run := a.rooms.Config().Secret, runNumber()
		args.seedOf = func(i int) uint64 { return seed.Keyed(secret, "assignment", as.Seed, who.ID, run, i) }
	}
	args.setKeys = cfg.Keys()
	if args.config, err = args.entry.Watchable(cfg); err != nil {
		return args, as, lang.Errorf("assignment %s: %s", as.Code, err)
	}
	if err := args.pickOpponents(as.Vs); err != nil {
		return args, as, lang.Errorf("assignment %s: %s", as.Code, err)
	}
	return args, as, nil
}

// runAssignment plays the assignment's games and, when they were all played, records the run
// and tells the student how it went.
func (a *Sessions) runAssignment(ctx context.Context, conn *program.Conn, args botArgs, as store.Assignment, who keys.Identity, name string, clock program.Clock, presence *presence.Key) int {
	conn.Tell(lang.T("assignment %s: %d games of %s against %s; %d%% of wins needed", as.Code, as.Games, lang.T(args.entry.Game.Name()), as.Vs, as.PassPct))
	status, t := a.practiceTally(ctx, conn, args, name, clock, presence, nil) // not kept
	if t.played < as.Games || t.stopped.Key != "" {
		stopped := t.stopped
		if stopped.Key == "" {
			stopped = lang.T("after %d of %d games", t.played, as.Games)
		}
		conn.Tell(lang.T("assignment %s: this run is not recorded: it stopped %s, and a run counts once all its games are played; run it again", as.Code, stopped))
		return max(status, 1)
	}
	rec, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	err := a.assignments.RecordRun(rec, store.Run{Code: as.Code, Identity: who.ID, Name: name, Games: t.played,
		Wins: t.won, Draws: t.drawn, At: time.Now().UTC()})
	if err != nil {
		a.log.Error("record run", "code", as.Code, "err", err)
		conn.Tell(lang.T("assignment %s: the run could not be recorded; please run it again", as.Code))
		return 1
	}
	conn.Tell(lang.T("%s; recorded — your best run counts", assignmentVerdict(as, t)))
	return status
}

// assignmentVerdict sums up a complete run: "assignment AK7Q2X: 6 won, 1 drawn, 3 lost of
// 10 (60.0% won): passed (60% needed)".
func assignmentVerdict(as store.Assignment, t tally) lang.Text {
	verdict := lang.T("failed")
	if Passed(t.won, t.played, as.PassPct) {
		verdict = lang.T("passed")
	}
	return lang.T("assignment %s: %d won, %d drawn, %d lost of %d (%.1f%% won): %s (%d%% needed)",
		as.Code, t.won, t.drawn, t.lost, t.played, 100*float64(t.won)/float64(max(t.played, 1)), verdict, as.PassPct)
}

// runNumber tells one run of an assignment from the others in its seeds: random, never
// shown or stored, so that no two runs share dice, even a run stopped half-way and started
// again.
func runNumber() uint64 {
	var b [8]byte
	_, _ = rand.Read(b[:])
	return binary.LittleEndian.Uint64(b[:])
}

// Passed reports whether a run of games with wins passes an assignment that needs pct% of wins.
func Passed(wins, games, pct int) bool { return 100*wins >= pct*games }

// CheckAssignment checks a teacher's assignment as its practice sessions will play it: the
// settings, and the house bots to beat (the last one repeated to fill the table). It returns
// the settings given, to store, and the opponents by their names.
func CheckAssignment(e catalog.Entry, cfg games.Config, n int, vs string) (games.Config, []string, error) {
	args := botArgs{entry: e, practice: true, games: n}
	var err error
	// Without --size, a board a person can watch on an 80×24 terminal, stored with the
	// assignment: its record says the size its games are played at.
	if args.config, err = e.Watchable(cfg); err != nil {
		return nil, nil, err
	}
	args.setKeys = cfg.Keys()
	if _, sized := cfg["size"]; !sized && args.config["size"] != 0 {
		args.setKeys = append(args.setKeys, "size")
	}
	if err := args.pickOpponents(vs); err != nil {
		return nil, nil, err
	}
	return args.given(), args.vs, nil
}
