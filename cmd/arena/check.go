package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/arena-classroom/arena/botcheck"
	"github.com/arena-classroom/arena/botproto"
	"github.com/arena-classroom/arena/catalog"
	"github.com/arena-classroom/arena/lang"
	"github.com/arena-classroom/arena/match"
	"github.com/arena-classroom/arena/program"
	"github.com/arena-classroom/arena/sandbox"
)

// usage is arena check --help in env's language.
func (env checkEnv) usage() string {
	return env.lang.Sprintf(`Usage: arena check --game ID [options] exec:"COMMAND"

Checks a program that speaks the bot protocol before its first real game: it plays %d
short games against a house bot on one process (the last with very long turn lines),
then tells the program the session is over, and reports rule by rule what the program
does right and wrong, with how to fix each fault. It exits with status 1 if a rule is
broken. Nothing is stored. The program runs in the sandbox of arena match.

  --game ID          the game (%s)
  --allow-read DIR   let the program read DIR too; repeat for several
  --allow-net        let the program use the network
  --no-sandbox       run the program without a sandbox (only a program you trust)

The same check runs over SSH for a program that connects itself:
  ssh -T -p PORT HOST check --game ID      (instead of bot --game ID)
`, botcheck.DefaultGames, strings.Join(catalog.IDs(true), ", "))
}

// checkEnv is what arena check touches outside itself, so tests can replace it.
type checkEnv struct {
	lang           lang.Lang // what it says to people; English when unset
	stdout, stderr io.Writer
	lacks          func() string // what the system lacks for a sandbox (sandbox.Unavailable)
	// clock, when its Move is set, replaces the programs' default clock (tests of slow
	// programs).
	clock program.Clock
}

func runCheck(l lang.Lang, args []string) int {
	return checkEnv{lang: l, stdout: os.Stdout, stderr: os.Stderr, lacks: func() string { return sandbox.UnavailableIn(l) }}.run(args)
}

// checkRun is one parsed check command line.
type checkRun struct {
	entry   catalog.Entry
	cmdline string
	sb      programsSandbox
	specs   []match.SeatSpec
}

// parse reads a check command line; --help prints the usage on stdout (flag.ErrHelp).
func (env checkEnv) parse(args []string) (*checkRun, error) {
	fs := flag.NewFlagSet("check", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	gameID := fs.String("game", "", "")
	allow := newAllowances()
	fs.Var(netFlag{allow}, "allow-net", "")
	fs.Var(readFlag{allow}, "allow-read", "")
	noSandbox := fs.Bool("no-sandbox", false, "")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprint(env.stdout, env.usage())
			return nil, err
		}
		return nil, lang.Errorf("%v (arena check --help)", flagError(err, &setError{last: allow.err}))
	}
	if fs.NArg() != 1 || !strings.HasPrefix(fs.Arg(0), "exec:") {
		return nil, lang.Errorf(`give the program to check as exec:"COMMAND", e.g. exec:"python3 mybot.py" (arena check --help)`)
	}
	c := &checkRun{cmdline: strings.TrimPrefix(fs.Arg(0), "exec:")}
	if *gameID == "" {
		return nil, lang.Errorf("--game is required (%s)", strings.Join(catalog.IDs(true), ", "))
	}
	var err error
	if c.entry, err = catalog.Lookup(*gameID); err != nil {
		return nil, err
	}
	if !botproto.Documented(c.entry.Game) {
		return nil, lang.Errorf("%s cannot be played by programs yet", nameOf(c.entry.Game))
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	c.specs = []match.SeatSpec{{Exec: c.cmdline}}
	if c.sb, err = sandboxFor(c.specs, *noSandbox, sandboxFlags{lang: env.lang, allow: allow, set: set, lacks: env.lacks}); err != nil {
		return nil, err
	}
	return c, nil
}

func (env checkEnv) run(args []string) int {
	c, err := env.parse(args)
	if errors.Is(err, flag.ErrHelp) {
		return 0
	}
	if err != nil {
		complain(env.stderr, env.lang, "arena check", err) // lang:keep the command's name
		return 2
	}
	fail := func(err error) int {
		complain(env.stderr, env.lang, "arena check", err) // lang:keep the command's name
		return 2
	}
	e, cmdline, sb, specs := c.entry, c.cmdline, c.sb, c.specs

	clock := program.DefaultClock()
	if env.clock.Move > 0 {
		clock = env.clock
	}
	clock.Startup = program.DefaultStartup
	stderr := &lockedWriter{w: env.stderr}
	proc, err := program.StartProcessIn(cmdline, program.DefaultLimits(), stderr, nil, sb.policy(0), env.lang)
	if err != nil {
		return fail(err)
	}
	defer proc.Stop(time.Second)
	name := "you"
	proc.Conn.Send(botproto.Hello{Type: botproto.TypeHello, Protocol: botproto.Version, Game: e.Game.ID(), Name: name,
		Limits: program.ClockLimits(clock)})
	// lang:keep the command's name
	fmt.Fprintf(stderr, "arena check: %s\n", botcheck.IntroIn(e.Entry, cmdline, env.lang))
	if d := sb.describe(env.lang, specs); d != "" {
		// lang:keep the command's name
		fmt.Fprintf(stderr, "arena check: %s\n", d)
	}
	exited := func() string {
		if exit, ok := proc.ExitIn(200*time.Millisecond, env.lang); ok {
			return env.lang.Sprintf("exited (%s)", exit)
		}
		return ""
	}
	rep, err := botcheck.Run(context.Background(), proc.Conn, e.Entry, name, botcheck.Options{Clock: clock, Exited: exited})
	if err != nil {
		return fail(err)
	}
	ok, detail := endsWhenTold(env.lang, proc, rep)
	rep.Set(botcheck.RuleEnd, ok, detail)
	rep.WriteIn(stderr, env.lang)
	if rep.Failed() > 0 {
		return 1
	}
	return 0
}

// endGrace is how long a program may take to exit once told the session is over.
const endGrace = 2 * time.Second

// endsWhenTold sends the program the error line that ends a session, closes its input, and
// judges how it ends, in l.
func endsWhenTold(l lang.Lang, proc *program.Process, rep botcheck.Report) (bool, string) {
	if rep.Left() {
		return false, botcheck.NotChecked + l.Sprintf("the program did not play to the end")
	}
	proc.Conn.Send(botproto.Error{Type: botproto.TypeError, Msg: l.Sprintf("arena check is over: this session ends here")})
	proc.Conn.Flush(time.Second)
	start := time.Now()
	proc.Stop(endGrace)
	// Any exit status will do (an error line may well be an error to the program); a
	// program that has to be killed, or dies of a signal, does not end well.
	switch exit := proc.ExitStatus(time.Second); {
	case strings.HasPrefix(exit, "exit status"): // lang:keep os/exec's words
		return true, l.Sprintf("%s within %v", exit, time.Since(start).Round(10*time.Millisecond))
	case strings.Contains(exit, "killed"):
		return false, l.Sprintf("your program was still running %v after an error line and the end of its input: stop when a line says error, or when your input ends", endGrace)
	default:
		return false, l.Sprintf("your program died (%s) after an error line and the end of its input: print the error's msg on stderr and exit", exit)
	}
}
