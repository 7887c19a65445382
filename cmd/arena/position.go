package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/arena-classroom/arena/botproto"
	"github.com/arena-classroom/arena/bots"
	"github.com/arena-classroom/arena/catalog"
	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/lang"
	"github.com/arena-classroom/arena/match"
	"github.com/arena-classroom/arena/seed"
)

// This file knows no game by name: everything comes from the catalog and the games'
// optional games.Positions.

// usage is arena position --help in env's language.
func (env positionEnv) usage() string {
	return env.lang.Sprintf(`Usage:
  arena position new  --game G [--players N] [--config KEY=VALUE]… [--seed S]
  arena position step --game G [--seed S] ACTION      < position.json
  arena position obs  --game G [--seat K]             < position.json
  arena position bot  --game G --bot NAME [--seed S]  < position.json

A position is one JSON object holding everything needed to go on with a turn-based game:
an exercise, a fixed situation to test a bot on, a rules case. Every position has "game",
"to_move" (the seat to play) and "players" (in seat order); docs/positions.md gives each
game's own fields. Games with positions: %s.

  new   prints the position a game starts from: the same as game 0 of "arena match" with
        seed S (default 1) and N seats (default: the fewest the game takes).
  step  plays ACTION for the seat to move, written as the bot protocol writes it (4,
        '"end"', '{"attack":[1,3]}'; one starting with - goes after --), and prints
        {"events":[…],"position":{…},"over":false,"outcome":null}; once the game is over,
        "over" is true and "outcome" has "ranks" and "scores". Chance comes from --seed
        (default 1): the same position, action and seed give the same result. An illegal
        action prints {"error":{"code":"…","msg":"…"}} and exits with status 1; nothing is
        played in its place.
  obs   prints the bot protocol's "obs" for seat K (default: the seat to move), exactly what
        a program receives in its "turn".
  bot   prints the action house bot NAME chooses, as JSON on one line. A random bot is
        seeded as the bot of that seat in an "arena match" game of seed S (default 1).

Exit status: 0 done; 1 an illegal action; 2 bad input (not JSON, a field missing or out of
range, an unknown game, bot or option), with one line on stderr naming what is wrong.
`, env.gamesWithPositions())
}

// maxPosition bounds what is read from stdin: the largest position of any game is a few
// tens of kilobytes.
const maxPosition = 1 << 20

func runPosition(l lang.Lang, args []string) int {
	env := positionEnv{lang: l, stdin: os.Stdin, stdout: os.Stdout, stderr: os.Stderr, games: catalog.All}
	if fi, err := os.Stdin.Stat(); err == nil && fi.Mode()&os.ModeCharDevice != 0 {
		env.stdinIsTerminal = true
	}
	return env.run(args)
}

// positionEnv is what the command touches outside itself, so tests can replace it.
type positionEnv struct {
	lang            lang.Lang // what it says to people; English when unset
	stdin           io.Reader
	stdinIsTerminal bool // nobody will type a position: say so instead of waiting
	stdout, stderr  io.Writer
	games           func() []catalog.Entry
}

// usageError is bad input: exit status 2, one line on stderr.
type usageError struct{ err error }

func (e usageError) Error() string { return e.err.Error() }
func (e usageError) Unwrap() error { return e.err }

func bad(err error) error { return usageError{err} }

// illegalError is the rules refusing an action: exit status 1, the error object on stdout.
type illegalError struct {
	Code string `json:"code"`
	Msg  string `json:"msg"`
}

func (e illegalError) Error() string { return e.Msg }

func (env positionEnv) run(args []string) int {
	if len(args) == 0 {
		complain(env.stderr, env.lang, "arena position", lang.Errorf("new, step, obs or bot is required (see arena position --help)")) // lang:keep the command's name
		return 2
	}
	var err error
	switch cmd := args[0]; cmd {
	case "-h", "--help", "-help", "help":
		fmt.Fprint(env.stdout, env.usage())
		return 0
	case "new", "step", "obs", "bot":
		err = env.command(cmd, args[1:])
	default:
		err = bad(lang.Errorf("unknown command %q: new, step, obs or bot (see arena position --help)", cmd))
	}
	var ill illegalError
	switch {
	case err == nil:
		return 0
	case errors.Is(err, flag.ErrHelp):
		fmt.Fprint(env.stdout, env.usage())
		return 0
	case errors.As(err, &ill):
		line, _ := json.Marshal(map[string]illegalError{"error": ill})
		fmt.Fprintf(env.stdout, "%s\n", line)
		return 1
	default:
		fmt.Fprintf(env.stderr, "arena position %s: %s\n", args[0], oneLine(lang.Say(err, env.lang))) // lang:keep the command's name
		return 2
	}
}

// positionArgs is one parsed command line.
type positionArgs struct {
	entry   catalog.Entry
	pos     games.Positions
	seed    uint64
	players int
	cfg     games.Config
	seat    int // --seat, -1 when not given
	bot     string
	action  string
	set     map[string]bool
}

func (env positionEnv) command(cmd string, args []string) error {
	a, err := env.parse(cmd, args)
	if err != nil {
		return err
	}
	if cmd == "new" {
		return env.newPosition(a)
	}
	st, err := env.readPosition(a)
	if err != nil {
		return err
	}
	switch cmd {
	case "step":
		return env.step(a, st)
	case "obs":
		return env.obs(a, st)
	default:
		return env.botChoice(a, st)
	}
}

func (env positionEnv) parse(cmd string, args []string) (*positionArgs, error) {
	fs := flag.NewFlagSet("position "+cmd, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	gameID := fs.String("game", "", "")
	seedText := fs.String("seed", "1", "")
	a := &positionArgs{cfg: games.Config{}, seat: -1}
	setErr := &setError{}
	switch cmd {
	case "new":
		fs.IntVar(&a.players, "players", 0, "")
		fs.Func("config", "", setErr.record(a.cfg.Set))
	case "obs":
		fs.IntVar(&a.seat, "seat", -1, "")
	case "bot":
		fs.StringVar(&a.bot, "bot", "", "")
	}
	// Flags may come before or after ACTION.
	var positional []string
	for rest := args; ; {
		if err := fs.Parse(rest); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				return nil, err
			}
			return nil, bad(lang.Errorf("%v (see arena position --help)", flagError(err, setErr)))
		}
		if fs.NArg() == 0 {
			break
		}
		positional = append(positional, fs.Arg(0))
		rest = fs.Args()[1:]
	}
	a.set = map[string]bool{}
	fs.Visit(func(f *flag.Flag) { a.set[f.Name] = true })

	if cmd == "step" {
		if len(positional) == 0 {
			return nil, bad(lang.Errorf("ACTION is required, as the bot protocol writes it (4, '\"end\"', …)"))
		}
		a.action = positional[0]
		positional = positional[1:]
	}
	if len(positional) > 0 {
		return nil, bad(lang.Errorf("unexpected argument %q (see arena position --help)", positional[0]))
	}
	s, err := seed.Parse(*seedText, 1)
	if err != nil {
		return nil, bad(lang.Errorf("--%v", err))
	}
	a.seed = s
	if *gameID == "" {
		return nil, bad(lang.Errorf("--game is required; games with positions: %s", env.gamesWithPositions()))
	}
	entry, ok := env.find(*gameID)
	if !ok {
		return nil, bad(lang.Errorf("--game: unknown game %q; games with positions: %s", *gameID, env.gamesWithPositions()))
	}
	a.entry = entry
	pos, ok := entry.Game.(games.Positions)
	if !ok {
		if realTime(entry.Game) {
			return nil, bad(lang.Errorf("--game: %s is played in real time and has no positions (they are for turn-based games: %s)", *gameID, env.gamesWithPositions()))
		}
		return nil, bad(lang.Errorf("--game: %s has no positions yet; games with positions: %s", *gameID, env.gamesWithPositions()))
	}
	a.pos = pos
	if cmd == "bot" && a.bot == "" {
		return nil, bad(lang.Errorf("--bot NAME is required; %s's house bots: %s (the strongest: %s)", *gameID, bots.Names(entry.Bots, true), entry.Strongest))
	}
	if _, ok := entry.Bot(a.bot, 0); cmd == "bot" && !ok {
		return nil, bad(lang.Errorf("--bot: %s has no bot %q; its house bots: %s", *gameID, a.bot, bots.Names(entry.Bots, true)))
	}
	return a, nil
}

func (env positionEnv) find(id string) (catalog.Entry, bool) {
	for _, e := range env.games() {
		if e.Game.ID() == id {
			return e, true
		}
	}
	return catalog.Entry{}, false
}

func (env positionEnv) gamesWithPositions() string {
	var ids []string
	for _, e := range env.games() {
		if _, ok := e.Game.(games.Positions); ok {
			ids = append(ids, e.Game.ID())
		}
	}
	if len(ids) == 0 {
		return env.lang.Sprintf("none yet")
	}
	return strings.Join(ids, ", ")
}

// realTime reports whether g's states are real-time ones, starting a default game to see.
func realTime(g games.Game) bool {
	cfg, err := g.Normalize(nil)
	if err != nil {
		return false
	}
	seats, _ := g.Seats()
	st, err := g.New(cfg, seats, 1)
	if err != nil {
		return false
	}
	_, ok := st.(games.RealTime)
	return ok
}

func (env positionEnv) newPosition(a *positionArgs) error {
	g := a.entry.Game
	minSeats, maxSeats := g.Seats()
	if !a.set["players"] {
		a.players = minSeats
	}
	if a.players < minSeats || a.players > maxSeats {
		if minSeats == maxSeats {
			return bad(lang.Errorf("--players %s: %s is played by %d", typed(a.players), g.ID(), minSeats))
		}
		return bad(lang.Errorf("--players %s: %s is played by %d to %d", typed(a.players), g.ID(), minSeats, maxSeats))
	}
	cfg, err := g.Normalize(a.cfg)
	if err != nil {
		return bad(lang.Errorf("--config: %v", err))
	}
	st, err := g.New(cfg, a.players, a.seed)
	if err != nil {
		return bad(err)
	}
	return env.printPosition(a, st)
}

func (env positionEnv) printPosition(a *positionArgs, st games.State) error {
	raw, err := a.pos.EncodePosition(st)
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(env.stdout, "%s\n", raw)
	return err
}

// readPosition reads and decodes the position on stdin.
func (env positionEnv) readPosition(a *positionArgs) (games.State, error) {
	if env.stdinIsTerminal {
		return nil, bad(lang.Errorf("position: reads a position on stdin; pipe one in, as in arena position new --game %s | arena position obs --game %s", a.entry.Game.ID(), a.entry.Game.ID()))
	}
	raw, err := io.ReadAll(io.LimitReader(env.stdin, maxPosition+1))
	if err != nil {
		return nil, bad(lang.Errorf("position: reading stdin: %v", err))
	}
	if len(raw) > maxPosition {
		return nil, bad(lang.Errorf("position: more than %d bytes on stdin", maxPosition))
	}
	st, err := decodeSafely(a.pos, raw, a.seed)
	if err != nil {
		return nil, bad(err)
	}
	return st, nil
}

// decodeSafely turns a game's panic on odd input into an error: a bug of the game, but the
// user still gets one sentence.
func decodeSafely(p games.Positions, raw []byte, seed uint64) (st games.State, err error) {
	defer func() {
		if r := recover(); r != nil {
			st, err = nil, lang.Errorf("position: the game could not read it (%v)", fmt.Sprint(r))
		}
	}()
	return p.DecodePosition(raw, seed)
}

// toMove is the seat whose decision comes next; decoded positions are never over.
func toMove(st games.State) (int, error) {
	tm := st.ToMove()
	if st.Over() || len(tm) == 0 {
		// lang:keep the JSON error's msg: the output is for programs
		return 0, illegalError{Code: "game_over", Msg: "the game is over"}
	}
	return tm[0], nil
}

type stepOutput struct {
	Events   []games.Event   `json:"events"`
	Position json.RawMessage `json:"position"`
	Over     bool            `json:"over"`
	Outcome  *games.Outcome  `json:"outcome"`
}

func (env positionEnv) step(a *positionArgs, st games.State) error {
	seat, err := toMove(st)
	if err != nil {
		return err
	}
	raw := json.RawMessage(strings.TrimSpace(a.action))
	if !json.Valid(raw) {
		return bad(lang.Errorf("ACTION %q is not JSON: write it as the bot protocol does (a number as 4, a string in quotes as '\"end\"')", a.action))
	}
	act, err := a.entry.Game.DecodeAction(raw)
	if err != nil {
		return bad(lang.Errorf("ACTION: %v", err))
	}
	if err := st.Validate(seat, act); err != nil {
		return illegalError{Code: games.IllegalCode(err), Msg: err.Error()}
	}
	events, err := st.Apply(seat, act)
	if err != nil {
		return illegalError{Code: games.IllegalCode(err), Msg: err.Error()}
	}
	out := stepOutput{Events: events, Over: st.Over()}
	if out.Events == nil {
		out.Events = []games.Event{}
	}
	if out.Position, err = a.pos.EncodePosition(st); err != nil {
		return err
	}
	if out.Over {
		o := st.Outcome()
		out.Outcome = &o
	}
	line, err := json.Marshal(out)
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(env.stdout, "%s\n", line)
	return err
}

func (env positionEnv) obs(a *positionArgs, st games.State) error {
	seat := a.seat
	if !a.set["seat"] {
		var err error
		if seat, err = toMove(st); err != nil {
			return err
		}
	}
	raw, err := a.pos.EncodePosition(st)
	if err != nil {
		return err
	}
	h, err := games.ReadPositionHeader(raw)
	if err != nil {
		return err
	}
	if seat < 0 || seat >= h.Players {
		return bad(lang.Errorf("--seat %s: the seats are 0..%d", typed(seat), h.Players-1))
	}
	// The very turn a program would be sent; only its obs is printed.
	turn := botproto.NewTurn("", 0, st, seat, 0, 0)
	line, err := json.Marshal(turn.Obs)
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(env.stdout, "%s\n", line)
	return err
}

func (env positionEnv) botChoice(a *positionArgs, st games.State) (err error) {
	seat, err := toMove(st)
	if err != nil {
		return err
	}
	b, _ := a.entry.Bot(a.bot, match.AgentSeed(a.seed, seat))
	var act games.Action
	func() {
		defer func() {
			if r := recover(); r != nil {
				err = lang.Errorf("bot %s failed on this position (%v)", a.bot, fmt.Sprint(r))
			}
		}()
		act = b.Choose(st, seat)
	}()
	if err != nil {
		return err
	}
	line, err := json.Marshal(act)
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(env.stdout, "%s\n", line)
	return err
}

// oneLine keeps a message on one line whatever a game put in it.
func oneLine(s string) string {
	return string(bytes.Join(bytes.Fields([]byte(s)), []byte(" ")))
}
