// Package replaytest provides a tiny deterministic game and bots for testing referees and
// match runners without depending on a real game.
//
// Race: seats take turns adding 1, 2 or 3 to a shared counter that starts at seed mod 3; the
// seat that brings it to the target wins, the others rank by what they added. The default
// action adds 1. Race-RT is the same game with a clock (Now = "moves/2"), standing in for a
// real-time game.
package replaytest

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"

	"github.com/arena-classroom/arena/bots"
	"github.com/arena-classroom/arena/catalog"
	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/games/playable"
)

// Race is the game; Clocked makes its states implement replay.Clocked.
type Race struct{ Clocked bool }

func (g Race) ID() string {
	if g.Clocked {
		return "race-rt"
	}
	return "race"
}
func (g Race) Name() string          { return "Race" }
func (g Race) Seats() (min, max int) { return 2, 4 }

// Describe: one setting, and no bot protocol (programs are tested on real games).
func (g Race) Describe() games.Description {
	return games.Description{Settings: []games.Setting{{Key: "target", Doc: "the count to reach", Min: 3, Max: 1000, Default: 21}}}
}
func (g Race) Normalize(cfg games.Config) (games.Config, error) {
	out := games.Config{"target": 21}
	for _, k := range cfg.Keys() {
		if k != "target" {
			return nil, fmt.Errorf("unknown config key %q", k)
		}
		out[k] = cfg[k]
	}
	if t := out["target"]; t < 3 || t > 1000 {
		return nil, fmt.Errorf("target %d out of 3..1000", t)
	}
	return out, nil
}

func (g Race) New(cfg games.Config, seats int, seed uint64) (games.State, error) {
	s := &State{Target: cfg["target"], Counter: int(seed % 3), Scores: make([]int, seats), Winner: -1}
	if g.Clocked {
		return &ClockedState{State: s}, nil
	}
	return s, nil
}

func (g Race) DecodeAction(raw json.RawMessage) (games.Action, error) {
	var n int
	if err := json.Unmarshal(raw, &n); err != nil {
		return nil, fmt.Errorf("race: action must be an integer: %w", err)
	}
	return n, nil
}

// State is a race in progress.
type State struct {
	Target, Counter, Turn, Moves int
	Scores                       []int
	Winner                       int // -1 while running; set with the last move
	done                         bool
}

func (s *State) ToMove() []int {
	if s.done {
		return nil
	}
	return []int{s.Turn}
}

func (s *State) Legal(seat int) []games.Action {
	if s.done || seat != s.Turn {
		return nil
	}
	var out []games.Action
	for n := 1; n <= 3 && s.Counter+n <= s.Target; n++ {
		out = append(out, n)
	}
	return out
}

func (s *State) Validate(seat int, a games.Action) error {
	if s.done || seat != s.Turn {
		return games.ErrNotYourTurn
	}
	n, ok := a.(int)
	if !ok {
		return fmt.Errorf("race: action %v is not an int", a)
	}
	if n < 1 || n > 3 {
		return games.Illegal("bad_step", "step %d is not 1, 2 or 3", n)
	}
	if s.Counter+n > s.Target {
		return games.Illegal("overshoot", "step %d passes the target", n)
	}
	return nil
}

func (s *State) Apply(seat int, a games.Action) ([]games.Event, error) {
	if err := s.Validate(seat, a); err != nil {
		return nil, err
	}
	n := a.(int)
	s.Counter += n
	s.Scores[seat] += n
	s.Moves++
	if s.Counter == s.Target {
		s.done = true
		s.Winner = seat
		return []games.Event{{Type: "win", Seat: seat}}, nil
	}
	s.Turn = (s.Turn + 1) % len(s.Scores)
	return nil, nil
}

func (s *State) DefaultAction(int) games.Action { return 1 }
func (s *State) Observation(int) any            { return map[string]int{"counter": s.Counter} }
func (s *State) Over() bool                     { return s.done }

func (s *State) Outcome() games.Outcome {
	o := games.Outcome{Ranks: make([]int, len(s.Scores)), Scores: append([]int(nil), s.Scores...)}
	o.Shares = make([]float64, len(s.Scores))
	for seat, sc := range s.Scores {
		o.Shares[seat] = float64(sc) / float64(s.Target)
		if seat == s.Winner {
			o.Ranks[seat] = 1
			continue
		}
		r := 2
		for other, osc := range s.Scores {
			if other != s.Winner && other != seat && osc > sc {
				r++
			}
		}
		o.Ranks[seat] = r
	}
	return o
}

func (s *State) Clone() games.State {
	c := *s
	c.Scores = append([]int(nil), s.Scores...)
	return &c
}

// ClockedState adds a clock: the instant of the next move is moves/2.
type ClockedState struct{ *State }

func (c *ClockedState) Now() string { return fmt.Sprintf("%d/2", c.Moves) }
func (c *ClockedState) Clone() games.State {
	return &ClockedState{State: c.State.Clone().(*State)}
}

// Bot plays by a fixed function.
type Bot func(st games.State, seat int) games.Action

func (b Bot) Choose(st games.State, seat int) games.Action { return b(st, seat) }

func counter(st games.State) (*State, int) {
	if c, ok := st.(*ClockedState); ok {
		return c.State, c.Counter
	}
	s := st.(*State)
	return s, s.Counter
}

// Bots are the race's house bots: "one" always adds 1; "max" adds as much as it may; "random"
// picks a legal step with its seeded RNG; "illegal" always says 7; "panic" panics on its third
// move; "wrongtype" answers a string.
func Bots() []bots.Info {
	return []bots.Info{
		{Name: "one", New: func(uint64) bots.Bot { return Bot(func(games.State, int) games.Action { return 1 }) }},
		{Name: "max", Aliases: []string{"greedy"}, New: func(uint64) bots.Bot {
			return Bot(func(st games.State, seat int) games.Action {
				s, c := counter(st)
				return min(3, s.Target-c)
			})
		}},
		{Name: "random", New: func(seed uint64) bots.Bot {
			rng := rand.New(rand.NewPCG(seed, 0x5eed))
			return Bot(func(st games.State, seat int) games.Action {
				legal := st.Legal(seat)
				return legal[rng.IntN(len(legal))]
			})
		}},
		{Name: "illegal", New: func(uint64) bots.Bot { return Bot(func(games.State, int) games.Action { return 7 }) }},
		{Name: "panic", New: func(uint64) bots.Bot {
			moves := 0
			return Bot(func(games.State, int) games.Action {
				moves++
				if moves == 3 {
					panic(errors.New("bot bug"))
				}
				return 1
			})
		}},
		{Name: "wrongtype", New: func(uint64) bots.Bot { return Bot(func(games.State, int) games.Action { return "two" }) }},
	}
}

// Entry is the race as a catalog entry (no view).
func Entry(clocked bool) catalog.Entry {
	return catalog.Entry{Entry: Playable(clocked)}
}

// Playable is the race as a room plays it (no view).
func Playable(clocked bool) playable.Entry {
	return playable.Entry{Game: Race{Clocked: clocked}, Bots: Bots(), Strongest: "max"}
}
