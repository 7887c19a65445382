package botsession

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/arena-classroom/arena/botproto"
	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/keys"
	"github.com/arena-classroom/arena/lang"
	"github.com/arena-classroom/arena/match"
	"github.com/arena-classroom/arena/presence"
	"github.com/arena-classroom/arena/program"
	"github.com/arena-classroom/arena/record"
	"github.com/arena-classroom/arena/replay"
	"github.com/arena-classroom/arena/roomdir"
	"github.com/arena-classroom/arena/rooms"
	"github.com/arena-classroom/arena/seed"
	"github.com/arena-classroom/arena/store"
)

// practice plays args.games headless games against house bots on the session: game i has
// seed S+i and the seats rotate (Perfect Aim: the start corners; see practiceJobs), so a
// deterministic bot gets the same games every time with the same --seed. Without --seed, a
// game whose seed decides hidden chance (dice) gets a 53-bit keyed seed per game, shown
// once that game is over. The games run on this session's goroutine as fast as the bot
// answers; the hub is not involved. Each game is kept in the player's history (unrated,
// theirs and teachers' only), when the server has a store.
func (a *Sessions) practice(ctx context.Context, conn *program.Conn, args botArgs, who keys.Identity, name string, clock program.Clock, presence *presence.Key) int {
	keep := newKeeper(a.practiceSt, who.ID, int(a.practiceKept.Load()), args.games, conn, a.log)
	status, t := a.practiceTally(ctx, conn, args, name, clock, presence, keep)
	if keep != nil {
		keep.close()
	}
	if status == 0 {
		conn.Tell(lang.T("practice over: %d won, %d drawn, %d lost", t.won, t.drawn, t.lost))
	}
	return status
}

// sharingThinkers makes a house bot's decisions wait for the server's thinkers (Hub.Think),
// as those of rooms without a person do: however many students practise against a search
// bot, practice slows itself, never people's games or connections.
func (a *Sessions) sharingThinkers(ent match.Entrant) match.Entrant {
	newAgent := ent.New
	ent.New = func(s match.Start) (match.Agent, error) {
		ag, err := newAgent(s)
		if err != nil {
			return nil, err
		}
		return &thinkingAgent{Agent: ag, rooms: a.rooms}, nil
	}
	return ent
}

type thinkingAgent struct {
	match.Agent
	rooms roomdir.Directory
	took  time.Duration // the last decision's search, its wait for a thinker excluded
}

func (t *thinkingAgent) Act(st games.State, seat int) (a games.Action, err error) {
	t.rooms.Think(false, func() {
		start := time.Now()
		a, err = t.Agent.Act(st, seat)
		t.took = time.Since(start)
	})
	return a, err
}

// LastClock is the house bot's search, as a room times it (match.Clocker).
func (t *thinkingAgent) LastClock() (replay.Clock, bool) { return replay.Clock{Think: t.took}, true }

// tally is how a practice session went, for assignments.
type tally struct {
	won, drawn, lost, played int
	// stopped says how far the program got when it left before its last game was over
	// ("after 1 of 3 games", "during game 2 of 3"); a zero Text when it did not leave early.
	stopped lang.Text
}

// leaving follows the program's games to say how far it got if it leaves: the arena may
// have started the next game before it noticed, and that game, played on without the
// program, is not one the program played.
type leaving struct {
	mu       sync.Mutex
	answered bool // the program answered a turn of the game being played
	game     int  // the game during which its connection ended (0: none)
	midGame  bool // it had answered a turn of that game
}

func (l *leaving) begin() {
	l.mu.Lock()
	l.answered = false
	l.mu.Unlock()
}

func (l *leaving) answer() {
	l.mu.Lock()
	l.answered = true
	l.mu.Unlock()
}

// left records that the program's connection ended during game.
func (l *leaving) left(game int) {
	l.mu.Lock()
	if l.game == 0 {
		l.game, l.midGame = game, l.answered
	}
	l.mu.Unlock()
}

// stopped is how far the program got of its planned games, of which played are over: ""
// when it played them all.
func (l *leaving) stopped(played, planned int) lang.Text {
	l.mu.Lock()
	defer l.mu.Unlock()
	switch {
	case l.game > 0 && l.midGame:
		return lang.T("during game %d of %d", l.game, planned)
	case l.game > 0:
		// Gone before answering anything of this game: it left after the one before.
		played = l.game - 1
	case played >= planned:
		return lang.Text{}
	}
	return lang.T("after %d of %d games", played, planned)
}

// answering is a program's agent that tells leaving when the program answers a turn.
type answering struct {
	*program.Agent
	l *leaving
}

func (a answering) Act(st games.State, seat int) (games.Action, error) {
	act, err := a.Agent.Act(st, seat)
	if err == nil {
		a.l.answer()
	}
	return act, err
}

// practiceTally is practice, with the tally of the games played; the caller sums it up
// (practice, or the assignment the games were). keep, when set, stores each game over.
func (a *Sessions) practiceTally(ctx context.Context, conn *program.Conn, args botArgs, name string, clock program.Clock, presence *presence.Key, keep *keeper) (int, tally) {
	e := args.entry
	secret := a.rooms.Config().Secret
	if !args.seedSet && args.seedOf == nil {
		args.seed = seed.Random() // printed, so the games can be played again
		if !botproto.SeedPublic(e.Game) {
			// The seed decides chance the bot must not foresee: each game's is drawn from
			// 2^53 and keyed, and shown only once the game is over.
			base := seed.Wide()
			args.seed, args.seedOf = 0, func(i int) uint64 { return seed.Keyed(secret, "practice", base, i) }
		}
	}
	doing := "practising "
	if args.assignment != "" {
		doing = "running assignment " + args.assignment + " of " // lang:keep presence is stored for other readers (see report)
	}
	a.presence.Set(presence, name, doing+e.Game.Name())
	var gone leaving
	var kept keptGames
	me := match.Entrant{Name: name, New: func(s match.Start) (match.Agent, error) {
		kept.start(s.Index)
		if a.seedWatch != nil {
			a.seedWatch(s.GameSeed)
		}
		ag := program.NewAgent(conn, program.Game{
			Game: s.Game, Config: s.Config, Seed: s.GameSeed, Seat: s.Seat, Players: s.Players,
			Match: practiceMatch(s.Index), Clock: clock,
		})
		game := s.Index + 1
		gone.begin()
		ag.Note = func(status string, why lang.Text) {
			if status == program.StatusCrashed {
				gone.left(game)
				// Why the connection ended was said as it ended: not twice.
				conn.Tell(lang.T("game %d: your program left it at its decision %d: default actions are played for its seat to the end", game, ag.Moves()))
				return
			}
			conn.Tell(lang.T("game %d: %s: %s", game, program.StatusIn(status, conn.Lang()), why))
		}
		return answering{Agent: ag, l: &gone}, nil
	}}
	entrants := []match.Entrant{me}
	for _, v := range args.vs {
		ent, err := match.Resolve(e.Game, e.Bots, match.SeatSpec{Bot: v}, nil)
		if err != nil {
			conn.Fail(err, time.Second)
			return 1, tally{}
		}
		entrants = append(entrants, a.sharingThinkers(ent))
	}
	jobs, err := practiceJobs(args, len(entrants))
	if err != nil {
		conn.Fail(err, time.Second)
		return 1, tally{}
	}
	seedText := strconv.FormatUint(args.seed, 10) // copied into a command line: no digit grouping
	seeds := lang.T("seeds %s… (repeat with --seed %s)", seedText, seedText)
	switch {
	case args.seedsHidden:
		seeds = lang.T("their seeds stay secret")
	case args.seedOf != nil:
		seeds = lang.T("each game's seed is shown once it is over")
	}
	what := lang.T("practice")
	if args.assignment != "" {
		what = lang.T("assignment %s run", args.assignment)
	}
	conn.Plan(args.games)
	conn.Tell(lang.T("%s: %d game(s) of %s against %s, %s; %s",
		what, args.games, lang.T(e.Game.Name()), strings.Join(args.vs, ", "), seeds, practiceScheme(args)))

	var t tally
	errGone := errors.New("the bot left") // lang:keep never said: a sentinel
	plan := match.Plan{Game: e.Game, Entrants: entrants, Schedule: jobs}
	// House bots are keyed with the server's secret: knowing a game's seed (War Hammer's is
	// public, a student may choose one) tells nothing of their moves.
	opts := match.Options{Parallel: 1, Inspect: games.InspectorOf(e.Game), Replays: keep != nil, Clocks: keep != nil,
		AgentSeed: func(gameSeed uint64, seat int) uint64 { return rooms.BotSeed(secret, gameSeed, seat) }}
	err = match.Run(ctx, plan, opts, func(r match.Result) error {
		t.played++
		job := plan.Job(r.Job)
		seat := 0
		for s, ent := range job.Seats {
			if ent == 0 {
				seat = s
			}
		}
		where := practiceResult(args, job, seat, r)
		replayed := a.keepPractice(keep, t.played, r, plan, kept.started(r.Job), practiceNotes{
			seat: seat, notes: conn.TakeNotes(practiceMatch(r.Job))})
		switch {
		case r.Outcome == nil:
			conn.Tell(lang.T("game %d (%s): void: %s", t.played, where, r.ErrIn(conn.Lang())))
		case r.Outcome.Ranks[seat] == 1 && r.Outcome.Winner() == seat:
			t.won++
			conn.Tell(lang.T("game %d (%s): won %s%s", t.played, where, scores(r.Outcome.Scores), replayed))
		case r.Outcome.Ranks[seat] == 1:
			t.drawn++
			conn.Tell(lang.T("game %d (%s): drawn %s%s", t.played, where, scores(r.Outcome.Scores), replayed))
		default:
			t.lost++
			conn.Tell(lang.T("game %d (%s): lost %s%s", t.played, where, scores(r.Outcome.Scores), replayed))
		}
		select {
		case <-conn.Done():
			return errGone
		default:
			return nil
		}
	})
	if errors.Is(err, errGone) {
		t.stopped = gone.stopped(t.played, args.games)
		if t.stopped.Key == "" {
			return 0, t // it left once its games were over
		}
		if args.assignment == "" {
			conn.Tell(lang.T("practice: stopped %s: %s", t.stopped, whyGone(conn)))
		}
	}
	if err != nil {
		return 1, t
	}
	return 0, t
}

// practiceNotes is what a practising program noted in one game: its notes, by the turn
// each answered (the clock of its move names it), and its seat.
type practiceNotes struct {
	seat  int
	notes []program.Note
}

// keepPractice queues game n of a practice (result r of plan, started at started) to be
// kept, with the program's notes on its moves, and says where to watch it again ("; replay
// ID" for the result line); "" for a game not kept: void, or without a keeper.
func (a *Sessions) keepPractice(keep *keeper, n int, r match.Result, plan match.Plan, started time.Time, pn practiceNotes) string {
	if keep == nil || r.Outcome == nil || r.Replay == nil {
		return ""
	}
	ended := time.Now()
	var seats []store.SeatRecord
	for _, ent := range plan.Job(r.Job).Seats {
		if ent == 0 {
			seats = append(seats, store.SeatRecord{Name: plan.Entrants[0].Name, ID: keep.owner})
		} else {
			bot := plan.Entrants[ent].Name
			seats = append(seats, store.SeatRecord{Name: bot, Bot: bot})
		}
	}
	if started.IsZero() {
		started = ended
	}
	rp := *r.Replay
	rp.Match = practiceMatch(r.Job) // what the program was told, not the stored id
	rec, err := record.Practice(practiceID(ended), rp, seats, started, ended)
	if err != nil {
		a.log.Error("a practice game's record", "err", err)
		return ""
	}
	if len(pn.notes) > 0 {
		rec.Notes = noteRecords(pn.notes, pn.seat, keep.owner)
	}
	if !keep.add(n, rec) {
		return ""
	}
	return "; replay " + rec.ID // lang:keep the command to type (replay ID)
}

// scores are a game's scores as the session's stderr shows them: [512 388].
func scores(s []int) string { return fmt.Sprint(s) }

// practiceMatch is the match id of a practice session's game i (from 0) in the program's
// lines: its number, for a match id says nothing of a seed.
func practiceMatch(i int) string { return fmt.Sprintf("p_%d", i+1) }

// whyGone says why a program's connection ended: the program left, or the arena ended it
// (too many messages, a program that stopped reading), as said above.
func whyGone(conn *program.Conn) lang.Text {
	err := conn.Err()
	if err == nil || errors.Is(err, io.EOF) || strings.HasPrefix(err.Error(), "write: ") {
		return lang.T("your program left") // its output ended, or its input was closed
	}
	why, _, _ := strings.Cut(lang.Say(err, conn.Lang()), ":")
	return lang.T("the arena disconnected your program (%s)", why)
}
