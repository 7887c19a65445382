package match

import (
	"context"
	"encoding/json"
	"fmt"
	"runtime"
	"time"

	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/lang"
	"github.com/arena-classroom/arena/replay"
)

// Job is one game of a plan.
type Job struct {
	Config games.Config // normalized
	Seed   uint64       // the game's seed
	Seats  []int        // the entrant in each seat, in seat order
	Group  int          // which config of a round robin; 0 otherwise
}

// Plan is a batch: the entrants and the games they play, listed in Jobs or, when
// Schedule.At is set, made on demand by it (long batches).
type Plan struct {
	Game     games.Game
	Entrants []Entrant
	Jobs     []Job
	Schedule Schedule
}

// Len is the number of games of p.
func (p Plan) Len() int {
	if p.Schedule.At != nil {
		return p.Schedule.N
	}
	return len(p.Jobs)
}

// Job is game i of p.
func (p Plan) Job(i int) Job {
	if p.Schedule.At != nil {
		return p.Schedule.At(i)
	}
	return p.Jobs[i]
}

// Options tune a run; the zero value is fine.
type Options struct {
	// Parallel is the number of workers; 0 means GOMAXPROCS. It never changes results.
	Parallel int
	// MaxMoves voids a game still running after that many moves (a game that cannot end is
	// a bug, and must not hang a batch). 0 means 1,000,000.
	MaxMoves int
	// Replays keeps each game's replay in its Result.
	Replays bool
	// Inspect, when set, reads the final state of each game that ended by its rules (not
	// forfeited, not void) and its value becomes Result.Detail: game-specific figures such
	// as Perfect Aim's end time and deaths, taken while the state is still at hand. It runs
	// on the workers, so it must be safe for concurrent use; it must only read the state.
	Inspect func(st games.State) any
	// AgentSeed, when set, replaces AgentSeed as the seed of each seat's agent. A server
	// keys its house bots with its secret (seed.Keyed), so that nobody who knows a game's
	// seed can compute their moves; it must depend on the game seed and seat alone, so
	// that results do not depend on Parallel.
	AgentSeed func(gameSeed uint64, seat int) uint64
	// Clocks records each decision's clock in the replay (replay.Clock: its think time, a
	// program's bank and turn, the warning it earned), as a room does: for games kept for
	// their players (practice). Off by default: a batch's replays then depend on nothing
	// but the seeds.
	Clocks bool
}

// Result is one finished game.
//
// A seat whose agent panics, or cannot be made, forfeits: the game stops there, that seat
// ranks last alone and every other seat shares first place; all scores are 0 and there are
// no shares. A game whose rules panic, or that does not end, is void: no outcome, and it
// counts for nobody.
type Result struct {
	Job     int // the game's index in the plan
	Outcome *games.Outcome
	Forfeit int    // the seat that forfeited, or -1
	Err     string // why the game was forfeited or voided, in English (reports' value)
	// why is Err to say in a reader's language (ErrIn): a lang.Text or an error.
	why   any
	Moves int // moves applied
	// Defaults counts, per seat, the moves where its default action applied (illegal,
	// malformed or failed answers).
	Defaults []int
	Replay   *replay.Replay // with Options.Replays
	Detail   any            // Options.Inspect's value; nil without it, or when it panicked
}

// ErrIn is why the game was forfeited or voided, in l ("" when it was not).
func (r Result) ErrIn(l lang.Lang) string {
	switch why := r.why.(type) {
	case lang.Text:
		return why.In(l)
	case error:
		return lang.Say(why, l)
	}
	return r.Err
}

// fail records why the game was forfeited or voided: a lang.Text or an error.
func (r *Result) fail(why any) {
	r.why = why
	switch why := why.(type) {
	case lang.Text:
		r.Err = why.String()
	case error:
		r.Err = why.Error()
	}
}

// Void reports whether the game counts for nobody.
func (r Result) Void() bool { return r.Outcome == nil }

// Run plays the plan and calls emit with each result in plan order, whatever the number of
// workers. An error from emit, or ctx ending, stops the run and is returned.
func Run(ctx context.Context, p Plan, opt Options, emit func(Result) error) error {
	if opt.MaxMoves <= 0 {
		opt.MaxMoves = 1_000_000
	}
	workers := opt.Parallel
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	workers = min(workers, p.Len())
	if workers <= 1 {
		for i := range p.Len() {
			if err := ctx.Err(); err != nil {
				return err
			}
			if err := emit(playOne(p, i, opt)); err != nil {
				return err
			}
		}
		return nil
	}

	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	// At most window games are in flight or waiting to be emitted, so memory stays bounded
	// however long the batch, and workers never block on a full results channel.
	window := 16 * workers
	tokens := make(chan struct{}, window)
	next := make(chan int)
	results := make(chan Result, window)
	go func() {
		defer close(next)
		for i := range p.Len() {
			select {
			case tokens <- struct{}{}:
			case <-ctx.Done():
				return
			}
			select {
			case next <- i:
			case <-ctx.Done():
				return
			}
		}
	}()
	done := make(chan struct{})
	for range workers {
		go func() {
			defer func() { done <- struct{}{} }()
			for i := range next {
				results <- playOne(p, i, opt)
			}
		}()
	}
	wait := func() {
		cancel()
		for range workers {
			<-done
		}
	}

	pending := make(map[int]Result, window) // looked up by index only, never iterated
	for emitted := 0; emitted < p.Len(); {
		select {
		case r := <-results:
			pending[r.Job] = r
		case <-ctx.Done():
			wait()
			return ctx.Err()
		}
		for {
			r, ok := pending[emitted]
			if !ok {
				break
			}
			delete(pending, emitted)
			if err := emit(r); err != nil {
				wait()
				return err
			}
			<-tokens
			emitted++
		}
	}
	wait()
	return nil
}

// playOne plays job i. It never panics: a panic is charged to the agent that was deciding,
// or voids the game when the rules themselves failed.
func playOne(p Plan, i int, opt Options) (res Result) {
	job := p.Job(i)
	n := len(job.Seats)
	res = Result{Job: i, Forfeit: -1, Defaults: make([]int, n)}
	names := make([]string, n)
	for seat, e := range job.Seats {
		names[seat] = p.Entrants[e].Name
	}
	ref, err := replay.NewReferee(p.Game, job.Config, job.Seed, names)
	if err != nil {
		res.fail(err)
		return res
	}
	agentSeed := opt.AgentSeed
	if agentSeed == nil {
		agentSeed = AgentSeed
	}
	agents := make([]Agent, n)
	blame := -1 // the seat whose agent code is running, for panics
	defer func() {
		if v := recover(); v != nil {
			if blame >= 0 {
				res.forfeit(blame, lang.T("seat %d (%s) crashed: %s", blame, names[blame], fmt.Sprint(v)))
			} else {
				res.Outcome = nil
				res.fail(lang.T("the game crashed: %s", fmt.Sprint(v)))
			}
		}
		res.Moves = ref.Moves()
		if opt.Replays {
			res.Replay = safeReplay(ref)
		}
		finish(agents, res.Outcome)
	}()

	for seat := range n {
		blame = seat
		a, err := p.Entrants[job.Seats[seat]].New(Start{
			Game: p.Game, Config: job.Config, GameSeed: job.Seed, Seat: seat, Players: names,
			Seed: agentSeed(job.Seed, seat), Index: i,
		})
		blame = -1
		if err != nil {
			res.forfeit(seat, lang.T("seat %d (%s) could not start: %s", seat, names[seat], err))
			return res
		}
		agents[seat] = a
	}

	st := ref.State()
	var (
		movers []int
		chosen []games.Action
		failed []bool
		clocks []replay.Clock
	)
	for !st.Over() {
		if ref.Moves() >= opt.MaxMoves {
			res.fail(lang.T("the game did not end after %d moves", opt.MaxMoves))
			return res
		}
		tm := st.ToMove()
		switch len(tm) {
		case 0:
			res.fail(lang.T("the game is not over but nobody is to move"))
			return res
		case 1: // turn-based: the common, fast path
			seat := tm[0]
			blame = seat
			var t0 time.Time
			if opt.Clocks {
				t0 = time.Now()
			}
			a, err := agents[seat].Act(st, seat)
			blame = -1
			var refused error
			if err != nil {
				ref.Timeout(seat)
				res.Defaults[seat]++
			} else if _, refused = ref.Play(seat, a); refused != nil {
				res.Defaults[seat]++
			}
			if opt.Clocks {
				ref.SetClock(clockOf(agents[seat], time.Since(t0), a, err, refused))
			}
		default: // simultaneous decisions: everyone sees the same state, then all apply
			movers = append(movers[:0], tm...)
			chosen = chosen[:0]
			failed = failed[:0]
			clocks = clocks[:0]
			for _, seat := range movers {
				blame = seat
				var t0 time.Time
				if opt.Clocks {
					t0 = time.Now()
				}
				a, err := agents[seat].Act(st, seat)
				blame = -1
				chosen = append(chosen, a)
				failed = append(failed, err != nil)
				if opt.Clocks {
					clocks = append(clocks, clockOf(agents[seat], time.Since(t0), a, err, nil))
				}
			}
			for k, seat := range movers {
				before := ref.Moves()
				if failed[k] {
					ref.Timeout(seat)
					if ref.Moves() > before {
						res.Defaults[seat]++
						if opt.Clocks {
							ref.SetClock(clocks[k])
						}
					}
					continue
				}
				_, err := ref.Play(seat, chosen[k])
				if err != nil && ref.Moves() > before {
					res.Defaults[seat]++
				}
				if opt.Clocks && ref.Moves() > before {
					if err != nil {
						clocks[k] = clockOf(agents[seat], clocks[k].Think, chosen[k], nil, err)
					}
					ref.SetClock(clocks[k])
				}
			}
		}
	}
	o := st.Outcome()
	res.Outcome = &o
	if opt.Inspect != nil {
		res.Detail = inspect(opt.Inspect, st, &res)
	}
	return res
}

// Clocker is an agent that times its own decisions (a program: the turn line it was sent,
// its bank): with Options.Clocks, its clock of the last decision is recorded rather than
// the runner's measure. ok is false when it was not asked (it had left its game).
type Clocker interface {
	LastClock() (c replay.Clock, ok bool)
}

// clockOf is the clock of a decision that took took (the runner's measure) and ended with
// action a, or err from the agent, or refused by the referee.
func clockOf(ag Agent, took time.Duration, a games.Action, err, refused error) replay.Clock {
	c := replay.Clock{Think: took}
	if ck, ok := ag.(Clocker); ok {
		if own, ok := ck.LastClock(); ok {
			c = own
		}
	}
	switch {
	case refused != nil:
		c.Warn = games.IllegalCode(refused)
		c.Sent, _ = json.Marshal(a)
	case err != nil && c.Warn == "":
		c.Warn = "default" // the agent gave no action (a house bot that failed, a program gone)
	}
	return c
}

// inspect runs f on the final state. A panic there is the caller's bug, not a player's: the
// game keeps its outcome and goes without detail, and the panic is noted in res.Err.
func inspect(f func(games.State) any, st games.State, res *Result) (v any) {
	defer func() {
		if p := recover(); p != nil {
			v = nil
			res.fail(lang.T("inspecting the final state crashed: %s", fmt.Sprint(p)))
		}
	}()
	return f(st)
}

func (r *Result) forfeit(seat int, why lang.Text) {
	n := len(r.Defaults)
	o := games.Outcome{Ranks: make([]int, n), Scores: make([]int, n)}
	for s := range o.Ranks {
		o.Ranks[s] = 1
	}
	o.Ranks[seat] = n
	r.Outcome = &o
	r.Forfeit = seat
	r.fail(why)
}

// finish tells agents the game ended. It runs after the result is settled, so a panic there
// changes nothing.
func finish(agents []Agent, o *games.Outcome) {
	for _, a := range agents {
		if f, ok := a.(Finisher); ok {
			func() {
				defer func() { _ = recover() }()
				f.Finish(o)
			}()
		}
	}
}

// safeReplay copies the log of a game that may have crashed: a state broken by a panic may
// panic again when asked whether it is over.
func safeReplay(ref *replay.Referee) (rp *replay.Replay) {
	defer func() {
		if recover() != nil {
			rp = nil
		}
	}()
	r := ref.Replay()
	return &r
}
