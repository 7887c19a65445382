// Package match plays headless batches of games between seats (house bots now, programs
// later) on a virtual clock: nobody waits for a deadline, a game goes as fast as its seats
// answer. Batches are deterministic: the same plan gives the same results whatever the
// number of workers.
package match

import (
	"fmt"
	"strings"

	"github.com/arena-classroom/arena/bots"
	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/lang"
)

// Agent decides for one seat of one game. House bots and programs are both agents.
type Agent interface {
	// Act returns seat's action in st, the live state, which it must only read (clone it to
	// search). An error stands for a malformed or missing answer: the seat's default action
	// applies.
	Act(st games.State, seat int) (games.Action, error)
}

// Finisher is implemented by agents that want to hear how their game ended (a program is
// sent the protocol's "end"). outcome is nil for a game that was voided.
type Finisher interface {
	Finish(outcome *games.Outcome)
}

// Start is what an agent is told when its game begins.
type Start struct {
	Game     games.Game
	Config   games.Config // normalized; read only
	GameSeed uint64
	Seat     int
	Players  []string // names in seat order; read only
	// Seed is the agent's own seed, derived from the game seed and the seat (AgentSeed, or
	// Options.AgentSeed).
	Seed uint64
	// Index is the game's index in the plan.
	Index int
}

// Entrant is one named participant of a batch; it makes a fresh agent for every game.
type Entrant struct {
	Name string
	New  func(s Start) (Agent, error)
}

// SeatSpec is one seat as written on the command line: a house bot name, or exec:"cmd args"
// for a local program.
type SeatSpec struct {
	Bot  string // house bot name; "" for a program
	Exec string // the program's command line; "" for a house bot
}

func (s SeatSpec) String() string {
	if s.Exec != "" {
		return fmt.Sprintf("exec:%q", s.Exec)
	}
	return s.Bot
}

// EmptySlot leaves a place of a seat list empty, where a game's scheme allows it (Perfect
// Aim: an absent colour, as upstream's None slot).
const EmptySlot = "-"

// ParseSeats reads a comma-separated list of seats. A program seat is exec:CMD; CMD may be
// quoted ("…" or '…') so that it can hold commas. The shell usually eats the quotes of
// exec:"python3 bot.py", leaving exec:python3 bot.py, which reads the same.
func ParseSeats(list string) ([]SeatSpec, error) {
	var items []string
	var cur strings.Builder
	var quote rune
	for _, c := range list {
		switch {
		case quote != 0:
			if c == quote {
				quote = 0
			}
			cur.WriteRune(c)
		case c == '"' || c == '\'':
			quote = c
			cur.WriteRune(c)
		case c == ',':
			items = append(items, cur.String())
			cur.Reset()
		default:
			cur.WriteRune(c)
		}
	}
	if quote != 0 {
		return nil, lang.Errorf("seats %q: unclosed quote %c", list, quote)
	}
	items = append(items, cur.String())

	specs := make([]SeatSpec, 0, len(items))
	for i, it := range items {
		it = strings.TrimSpace(it)
		if it == "" {
			return nil, lang.Errorf("seats %q: seat %d is empty", list, i+1)
		}
		if cmd, ok := strings.CutPrefix(it, "exec:"); ok {
			cmd = strings.TrimSpace(unquote(strings.TrimSpace(cmd)))
			if cmd == "" {
				return nil, lang.Errorf("seats %q: seat %d: exec: needs a command, as in exec:\"python3 bot.py\"", list, i+1)
			}
			specs = append(specs, SeatSpec{Exec: cmd})
			continue
		}
		if strings.ContainsAny(it, "\"' \t") {
			return nil, lang.Errorf("seats %q: seat %d %q is not a bot name (programs are written exec:\"cmd args\")", list, i+1, it)
		}
		specs = append(specs, SeatSpec{Bot: it})
	}
	return specs, nil
}

// unquote removes the quotes around a command written as one quoted string
// (exec:"python3 bot.py"); a command of several quoted words (exec:"python3" "my bot.py")
// is left for the shell, which reads its quotes.
func unquote(s string) string {
	if len(s) >= 2 && (s[0] == '"' || s[0] == '\'') && strings.IndexByte(s[1:], s[0]) == len(s)-2 {
		return s[1 : len(s)-1]
	}
	return s
}

// Programs turns an exec: seat into an entrant; Resolve uses Exec when given nil.
type Programs func(cmd string, g games.Game) (Entrant, error)

// Resolve makes the entrant for spec in game g: one of its house bots, or a program via
// programs. (The batch runner knows games and bots, never the catalog, so that a game's own
// packages may use it.)
func Resolve(g games.Game, house []bots.Info, spec SeatSpec, programs Programs) (Entrant, error) {
	if spec.Exec != "" {
		if programs == nil {
			programs = Exec
		}
		return programs(spec.Exec, g)
	}
	info, ok := bots.Find(house, spec.Bot)
	if !ok {
		return Entrant{}, lang.Errorf("%s has no bot %q; its house bots: %s", g.ID(), spec.Bot, bots.Names(house, true))
	}
	return HouseBot(info), nil
}

// HouseBot makes an entrant of a house bot, seeded per game and seat.
func HouseBot(info bots.Info) Entrant {
	return Entrant{
		Name: info.Name,
		New: func(s Start) (Agent, error) {
			return botAgent{info.New(s.Seed)}, nil
		},
	}
}

type botAgent struct{ b bots.Bot }

func (a botAgent) Act(st games.State, seat int) (games.Action, error) {
	return a.b.Choose(st, seat), nil
}

// AgentSeed derives a seat's agent seed from the game seed (splitmix64 finalizer), so that
// two seats of one game, or one seat of two neighbouring games, never share an RNG stream.
func AgentSeed(gameSeed uint64, seat int) uint64 {
	z := gameSeed + uint64(seat+1)*0x9e3779b97f4a7c15
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}
