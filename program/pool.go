package program

import (
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/arena-classroom/arena/botproto"
	"github.com/arena-classroom/arena/games"

	"github.com/arena-classroom/arena/lang"
)

// ExecPool keeps a program's processes running from one headless game to the next, as a
// session over SSH plays many games: a game takes an idle process (or starts one, which is
// sent "hello"), plays start … end on it, and gives it back when it ended in good health. A
// batch then starts as many processes as games run at once, not one a game: an interpreter's
// start-up is paid once. A program that keeps no state between games plays the same games
// either way.
type ExecPool struct {
	cmd  string
	opts ExecOptions

	mu     sync.Mutex
	idle   []*Process
	closed bool
}

// NewExecPool makes a pool of cmdline's processes; Close stops them.
func NewExecPool(cmdline string, opts ExecOptions) *ExecPool {
	return &ExecPool{cmd: cmdline, opts: opts.withDefaults()}
}

// Seat starts game g on an idle process, or on a new one.
func (p *ExecPool) Seat(g Game) (*ExecSeat, error) {
	opts := p.opts
	p.mu.Lock()
	var proc *Process
	if n := len(p.idle); n > 0 {
		proc, p.idle = p.idle[n-1], p.idle[:n-1]
	}
	p.mu.Unlock()
	if proc == nil {
		s, err := StartExecSeat(p.cmd, g, opts)
		if err != nil {
			return nil, err
		}
		s.pool = p
		return s, nil
	}
	// A warm process: its start-up is behind it, so its first move gets no allowance.
	g.Clock = opts.Clock
	g.Clock.Startup = 0
	return newExecSeat(proc, p.cmd, g, opts, p), nil
}

// put gives a process back after a game, or stops it when it is no longer fit to play.
func (p *ExecPool) put(proc *Process, healthy bool) {
	select {
	case <-proc.Conn.Done():
		if healthy && errors.Is(proc.Conn.Err(), io.EOF) {
			// It played its game well, then left: the next game starts another process,
			// but the program is wrong, and would be over SSH.
			l := p.opts.Lang
			how, _ := proc.ExitIn(200*time.Millisecond, l)
			fmt.Fprintf(p.opts.Stderr, "arena: %s\n", l.Sprintf("%s (%s); a new process plays the next game",
				proc.Conn.EndedEarly(l.Sprintf("exited (%s)", how), 0).In(l), clip(p.cmd, 60)))
		}
		healthy = false
	default:
	}
	p.mu.Lock()
	keep := healthy && !p.closed
	if keep {
		p.idle = append(p.idle, proc)
	}
	p.mu.Unlock()
	if !keep {
		proc.Stop(p.opts.Grace)
	}
}

// Close stops the idle processes; processes still in a game stop when it ends.
func (p *ExecPool) Close() {
	p.mu.Lock()
	idle := p.idle
	p.idle, p.closed = nil, true
	p.mu.Unlock()
	var wg sync.WaitGroup
	for _, proc := range idle {
		wg.Add(1)
		go func() { defer wg.Done(); proc.Stop(p.opts.Grace) }()
	}
	wg.Wait()
}

// newExecSeat starts game g on proc (hello already sent).
func newExecSeat(proc *Process, cmdline string, g Game, opts ExecOptions, pool *ExecPool) *ExecSeat {
	s := &ExecSeat{p: proc, opts: opts, pool: pool, Agent: NewAgent(proc.Conn, g), cmdline: cmdline, seat: g.Seat, seed: g.Seed}
	l := opts.Lang
	s.Agent.Note = func(status string, why lang.Text) {
		said := why.In(l)
		if status == StatusCrashed {
			// How the process ended says more than the pipe error that revealed it.
			if exit, ok := proc.ExitIn(200*time.Millisecond, l); ok {
				said = proc.Conn.EndedEarly(l.Sprintf("exited (%s)", exit), s.Agent.moves).In(l)
				if refused := proc.Sandboxed(); len(refused) > 0 {
					said = l.Sprintf("%s: %s", said, strings.Join(refused, l.Sprintf("; ")))
					proc.NewRefusals() // said here: not again at the game's end
				}
			} else {
				said = l.Sprintf("%s (the program is still running)", said)
			}
		}
		fmt.Fprintf(opts.Stderr, "arena: %s\n", l.Sprintf("seat %d (%s), game seed %s: %s: %s; its seat plays default actions",
			g.Seat, clip(cmdline, 60), strconv.FormatUint(g.Seed, 10), StatusIn(status, l), said))
	}
	return s
}

func sendHello(proc *Process, g Game) {
	proc.Conn.Send(botproto.Hello{Type: botproto.TypeHello, Protocol: botproto.Version, Game: g.Game.ID(), Name: g.Players[g.Seat],
		Limits: ClockLimits(g.Clock)})
}

// finishSeat ends s's game: the process goes back to its pool, or stops.
func (s *ExecSeat) finishSeat(o *games.Outcome) {
	s.Agent.Finish(o)
	for _, why := range s.p.NewRefusals() {
		fmt.Fprintf(s.opts.Stderr, "arena: %s\n", s.opts.Lang.Sprintf("seat %d (%s), game seed %s: %s", s.seat, clip(s.cmdline, 60), strconv.FormatUint(s.seed, 10), why))
	}
	if s.pool != nil {
		s.pool.put(s.p, s.Agent.Status() == "")
		return
	}
	s.p.Stop(s.opts.Grace)
}
