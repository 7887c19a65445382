package match

import (
	"fmt"

	"github.com/arena-classroom/arena/botproto"
	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/lang"
	"github.com/arena-classroom/arena/program"
)

// Exec is the Programs of exec: seats: every game starts the program afresh (sh -c CMD),
// speaks the bot protocol on its stdin and stdout with the default clock, and stops it when
// the game ends. Its stderr goes to ours.
func Exec(cmd string, g games.Game) (Entrant, error) {
	return ExecWith(program.ExecOptions{})(cmd, g)
}

// ExecWith is Exec with other options (clock, limits, where the programs' stderr goes).
func ExecWith(opts program.ExecOptions) Programs {
	return func(cmd string, g games.Game) (Entrant, error) {
		if !botproto.Documented(g) {
			return Entrant{}, lang.Errorf("exec:%q: %s has no bot protocol schema yet", cmd, g.ID())
		}
		return Entrant{
			Name: cmd,
			New: func(s Start) (Agent, error) {
				return program.StartExecSeat(cmd, program.Game{
					Game: s.Game, Config: s.Config, Seed: s.GameSeed, Seat: s.Seat, Players: s.Players,
					Match: fmt.Sprintf("m_%d", s.GameSeed),
				}, opts)
			},
		}, nil
	}
}

// ExecPooled is ExecWith whose programs play game after game on the same processes (one per
// game running at once; see program.ExecPool) instead of a process per game. close stops the
// processes once the batch is over.
func ExecPooled(opts program.ExecOptions) (programs Programs, close func()) {
	var pools []*program.ExecPool
	programs = func(cmd string, g games.Game) (Entrant, error) {
		if !botproto.Documented(g) {
			return Entrant{}, lang.Errorf("exec:%q: %s has no bot protocol schema yet", cmd, g.ID())
		}
		pool := program.NewExecPool(cmd, opts)
		pools = append(pools, pool)
		return Entrant{
			Name: cmd,
			New: func(s Start) (Agent, error) {
				return pool.Seat(program.Game{
					Game: s.Game, Config: s.Config, Seed: s.GameSeed, Seat: s.Seat, Players: s.Players,
					Match: fmt.Sprintf("m_%d", s.GameSeed),
				})
			},
		}, nil
	}
	return programs, func() {
		for _, p := range pools {
			p.Close()
		}
	}
}
