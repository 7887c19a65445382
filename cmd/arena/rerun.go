package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/arena-classroom/arena/botproto"
	"github.com/arena-classroom/arena/bots"
	"github.com/arena-classroom/arena/catalog"
	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/lang"
	"github.com/arena-classroom/arena/match"
	"github.com/arena-classroom/arena/program"
	"github.com/arena-classroom/arena/replay"
	"github.com/arena-classroom/arena/sandbox"
)

// usage is arena rerun --help in env's language.
func (env rerunEnv) usage() string {
	return env.lang.Sprintf(`Usage: arena rerun FILE --seat S [--play-on] [options] exec:"COMMAND"

Feeds your program, again, the turn lines seat S read in a stored game, and says at which
decision it first answers otherwise. FILE is the game exported over SSH:

  ssh -p PORT HOST replay ID --json > game.json

The program is started as arena match and arena check start it (the same sandbox), and
reads what the server sent it: the hello and start lines, then seat S's turn lines in
order, each the position re-simulated from the game's seed and moves, with the id, move
limit and bank the server gave (the clocks kept in the replay; for a seat whose moves have
none, the ids are the move numbers and the time is the arena's default). It stops at the
first decision where the program's answer is not the one in the stored game, prints both
answers, the move number and the commands that reproduce that position.

  --seat S           the seat whose decisions are fed (0 for the first player)
  --play-on          from the first differing decision on, play the rest of the game with
                     your program in seat S: house bots' seats are played by the same house
                     bots, other programs' and people's seats by the game's strongest
                     house bot; prints the outcome beside the stored one
  --allow-read DIR   let the program read DIR too; repeat for several
  --allow-net        let the program use the network
  --no-sandbox       run the program without a sandbox (only a program you trust)

Exit status: 0 every decision matches; 1 one differs (or the program crashed, or did
not answer in time where the stored game has an answer); 2 a usage error, or a FILE that
cannot be rerun (not an export, no seed: replay --json leaves the seed out while the
game's tournament runs).
`)
}

// rerunEnv is what arena rerun touches outside itself, so tests can replace it.
type rerunEnv struct {
	lang           lang.Lang // what it says to people; English when unset
	stdout, stderr io.Writer
	lacks          func() string
}

func runRerun(l lang.Lang, args []string) int {
	return rerunEnv{lang: l, stdout: os.Stdout, stderr: os.Stderr, lacks: func() string { return sandbox.UnavailableIn(l) }}.run(args)
}

// exportedFile is what rerun reads of `replay ID --json`.
type exportedFile struct {
	ID     string       `json:"id"`
	Match  string       `json:"match"` // the match id the programs read, when not ID (practice)
	Game   string       `json:"game"`
	Config games.Config `json:"config"`
	Seed   *uint64      `json:"seed"`
	Seats  []struct {
		Name       string `json:"name"`
		Bot        string `json:"bot"`
		ReplacedBy string `json:"replaced_by"`
		LeftAtMove *int   `json:"left_at_move"`
	} `json:"seats"`
	Outcome *games.Outcome        `json:"outcome"`
	Moves   []replay.ExportedMove `json:"moves"`
}

// rerunRun is one parsed rerun command line.
type rerunRun struct {
	file, cmdline string
	seat          int
	playOn        bool
	sb            programsSandbox
	specs         []match.SeatSpec
}

func (env rerunEnv) parse(args []string) (*rerunRun, error) {
	fs := flag.NewFlagSet("rerun", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	seat := fs.Int("seat", -1, "")
	playOn := fs.Bool("play-on", false, "")
	allow := newAllowances()
	fs.Var(netFlag{allow}, "allow-net", "")
	fs.Var(readFlag{allow}, "allow-read", "")
	noSandbox := fs.Bool("no-sandbox", false, "")
	var words []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				fmt.Fprint(env.stdout, env.usage())
				return nil, err
			}
			return nil, lang.Errorf("%v (arena rerun --help)", flagError(err, &setError{last: allow.err}))
		}
		if fs.NArg() == 0 {
			break
		}
		words, args = append(words, fs.Arg(0)), fs.Args()[1:]
	}
	r := &rerunRun{seat: *seat, playOn: *playOn}
	for _, w := range words {
		switch {
		case strings.HasPrefix(w, "exec:") && r.cmdline == "":
			r.cmdline = strings.TrimPrefix(w, "exec:")
		case !strings.HasPrefix(w, "exec:") && r.file == "":
			r.file = w
		default:
			return nil, lang.Errorf("%q: give one FILE and one exec:\"COMMAND\" (arena rerun --help)", w)
		}
	}
	switch {
	case r.file == "":
		return nil, lang.Errorf("give the game exported by replay ID --json as FILE (arena rerun --help)")
	case r.cmdline == "":
		return nil, lang.Errorf(`give your program as exec:"COMMAND", e.g. exec:"python3 mybot.py" (arena rerun --help)`)
	case r.seat < 0:
		return nil, lang.Errorf("--seat S is required: the seat whose decisions are fed, 0 for the first player (the export's \"seats\" lists them in order)")
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	r.specs = []match.SeatSpec{{Exec: r.cmdline}}
	var err error
	if r.sb, err = sandboxFor(r.specs, *noSandbox, sandboxFlags{lang: env.lang, allow: allow, set: set, lacks: env.lacks}); err != nil {
		return nil, err
	}
	return r, nil
}

// maxExport bounds the file read: the longest games export to a few megabytes.
const maxExport = 64 << 20

// rerunGame is the stored game, ready to be fed again.
type rerunGame struct {
	ex    exportedFile
	entry catalog.Entry
	c     *replay.Cursor
	mine  []int // the indexes of seat's moves, in order
}

// load reads and checks FILE.
func (r *rerunRun) load() (*rerunGame, error) {
	f, err := os.Open(r.file)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var ex exportedFile
	if err := json.NewDecoder(io.LimitReader(f, maxExport)).Decode(&ex); err != nil {
		return nil, lang.Errorf("%s is not a game exported by replay ID --json: %v", r.file, err)
	}
	e, ok := catalog.Get(ex.Game)
	switch {
	case ex.Game == "" || ex.ID == "":
		return nil, lang.Errorf("%s is not a game exported by replay ID --json: it has no \"game\" and \"id\"", r.file)
	case !ok:
		return nil, lang.Errorf("%s is a game of %q, which this arena does not know (%s)", r.file, ex.Game, strings.Join(catalog.IDs(true), ", "))
	case ex.Seed == nil:
		return nil, lang.Errorf("%s has no seed, and the game cannot be played again without it: replay --json leaves it out while the game's tournament runs; export the game again once the tournament is over", r.file)
	}
	if _, ok := e.Game.(games.Positions); !ok {
		return nil, lang.Errorf("%s is a game of %s, played in real time: its decisions cannot be fed again one by one (rerun is for turn-based games)", r.file, nameOf(e.Game))
	}
	if r.seat >= len(ex.Seats) {
		return nil, lang.Errorf("the game has %d seats: --seat takes 0 to %d", len(ex.Seats), len(ex.Seats)-1)
	}
	names := make([]string, len(ex.Seats))
	for i, s := range ex.Seats {
		names[i] = s.Name
	}
	rp, err := replay.Imported(e.Game, ex.Config, *ex.Seed, names, ex.Moves, ex.Outcome)
	if err != nil {
		return nil, lang.Errorf("%s: %v", r.file, err)
	}
	c, err := replay.NewCursor(e.Game, rp)
	if err != nil {
		return nil, lang.Errorf("%s does not replay with this version of the arena: %v", r.file, err)
	}
	g := &rerunGame{ex: ex, entry: e, c: c}
	left := len(ex.Moves)
	if l := ex.Seats[r.seat].LeftAtMove; l != nil {
		left = *l // a house bot played the seat from there
	}
	for i, m := range ex.Moves[:min(left, len(ex.Moves))] {
		if m.Seat == r.seat {
			g.mine = append(g.mine, i)
		}
	}
	if len(g.mine) == 0 {
		return nil, lang.Errorf("seat %d (%s) made no decision in game %s", r.seat, ex.Seats[r.seat].Name, ex.ID)
	}
	return g, nil
}

func (env rerunEnv) run(args []string) int {
	r, err := env.parse(args)
	if errors.Is(err, flag.ErrHelp) {
		return 0
	}
	if err == nil {
		var g *rerunGame
		if g, err = r.load(); err == nil {
			return env.rerun(r, g)
		}
	}
	complain(env.stderr, env.lang, "arena rerun", err) // lang:keep the command's name
	return 2
}

// answer is what a seat answered to one turn: an action (refused says why the rules
// refused it), or none (why).
type answer struct {
	action  games.Action
	refused string    // the rules' code
	none    lang.Text // why there is no action; no Key when there is one
}

// in is the answer as l says it.
func (a answer) in(l lang.Lang) string {
	if a.none.Key != "" {
		return a.none.In(l)
	}
	raw, _ := json.Marshal(a.action)
	if a.refused != "" {
		return l.Sprintf("%s, refused (%s): the default was played", raw, a.refused)
	}
	return string(raw)
}

// same reports whether two answers are the same decision.
func (a answer) same(b answer) bool {
	if a.none.Key != "" || b.none.Key != "" {
		return a.none.String() == b.none.String()
	}
	return replay.SameAction(a.action, b.action)
}

// noAnswerInTime is the answer of a program that let its time run out.
var noAnswerInTime = lang.T("no answer in time")

// storedAnswer is what the stored game says seat answered at move i.
func storedAnswer(g games.Game, m replay.Move) answer {
	k := m.Clock
	switch {
	case k != nil && k.Warn == botproto.CodeTimeout:
		return answer{none: noAnswerInTime}
	case k != nil && k.Warn != "" && len(k.Sent) > 0:
		if a, err := g.DecodeAction(k.Sent); err == nil {
			return answer{action: a, refused: k.Warn}
		}
		return answer{none: lang.T("a refused answer: %s", string(k.Sent))}
	case k != nil && k.Warn != "":
		return answer{none: lang.T("an answer refused (%s)", k.Warn)}
	}
	return answer{action: m.Action}
}

// rerunProgram is the student's program on its connection, asked one turn at a time.
type rerunProgram struct {
	lang  lang.Lang // the warnings' sentences
	proc  *program.Process
	g     games.Game
	match string
	first bool
}

// ask sends turn t for seat in st and waits for the answer, up to the turn's move limit
// and bank (and, for the first, the start-up allowance of a program started for a game).
func (p *rerunProgram) ask(t botproto.Turn, st games.State, seat int) answer {
	def := st.DefaultAction(seat)
	got := make(chan program.Reply, 1)
	c := p.proc.Conn
	c.Expect(&program.Pending{ID: t.ID, Match: p.match, Default: def, Deliver: func(r program.Reply) { got <- r }})
	c.SendTurn(t)
	wait := time.Duration(t.Time.MoveMS+t.Time.BankMS) * time.Millisecond
	if p.first {
		wait += program.DefaultStartup
		p.first = false
	}
	timer := time.NewTimer(wait)
	defer timer.Stop()
	var r program.Reply
	select {
	case r = <-got:
	case <-timer.C:
		if c.Settle(t.ID) {
			c.Warn(p.match, t.ID, botproto.CodeTimeout, p.lang.Sprintf("no answer within %d ms and a bank of %d ms", t.Time.MoveMS, t.Time.BankMS), def)
			return answer{none: noAnswerInTime}
		}
		r = <-got
	}
	switch {
	case r.Closed:
		// lang:keep a value of program.ExitStatus
		if exit := p.proc.ExitStatus(time.Second); exit != "still running" {
			return answer{none: lang.T("the program ended (%s)", exit)}
		}
		return answer{none: lang.T("the program ended")}
	case r.Resign:
		return answer{none: lang.T("resigned")}
	case r.Failed:
		return answer{none: lang.T("a malformed line (warned)")}
	}
	a, err := p.g.DecodeAction(r.Action)
	if err != nil {
		c.Warn(p.match, t.ID, botproto.CodeMalformedAction, lang.Say(err, p.lang), def)
		return answer{none: lang.T("an action the game cannot read: %s", string(r.Action))}
	}
	if err := st.Validate(seat, a); err != nil {
		c.Warn(p.match, t.ID, games.IllegalCode(err), lang.Say(err, p.lang), def)
		return answer{action: a, refused: games.IllegalCode(err)}
	}
	return answer{action: a}
}

// roomOf is the live room's id in a stored match id m_ROOM_TIME, "" for others.
func roomOf(id string) string {
	parts := strings.Split(id, "_")
	if len(parts) == 3 && parts[0] == "m" {
		return parts[1]
	}
	return ""
}

func (env rerunEnv) rerun(r *rerunRun, g *rerunGame) int {
	ex, gm := g.ex, g.entry.Game
	stderr := &lockedWriter{w: env.stderr}
	def := program.DefaultClock()
	// hello states the clock of the seat's first turn, as the server's did.
	move, bank := def.Move, def.Bank
	if k := g.c.Moves()[g.mine[0]].Clock; k != nil && k.Turn > 0 {
		move, bank = k.Move, k.Told
	}
	reconstructed := false
	for _, i := range g.mine {
		if k := g.c.Moves()[i].Clock; k == nil || k.Turn == 0 {
			reconstructed = true
		}
	}
	seatName := ex.Seats[r.seat].Name
	l := env.lang
	// lang:keep the command's name
	fmt.Fprintf(env.stdout, "arena rerun: %s\n", l.Sprintf("%s game %s, seat %d (%s): %d decisions, fed to %s",
		nameOf(gm).In(l), ex.ID, r.seat, seatName, len(g.mine), r.cmdline))
	if reconstructed {
		// lang:keep the command's name
		fmt.Fprintf(env.stdout, "arena rerun: %s\n", l.Sprintf("some of seat %d's moves have no program's clock (a house bot's or a person's seat, or a game stored before clocks were kept): their turn lines are reconstructed, with the move number as id and %d ms a move, a bank of %d ms",
			r.seat, def.Move.Milliseconds(), def.Bank.Milliseconds()))
	}
	if d := r.sb.describe(l, r.specs); d != "" {
		// lang:keep the command's name
		fmt.Fprintf(stderr, "arena rerun: %s\n", d)
	}
	proc, err := program.StartProcessIn(r.cmdline, program.DefaultLimits(), stderr, nil, r.sb.policy(0), l)
	if err != nil {
		complain(env.stderr, l, "arena rerun", err) // lang:keep the command's name
		return 2
	}
	defer proc.Stop(time.Second)
	matchID := ex.ID
	if ex.Match != "" {
		matchID = ex.Match
	}
	p := &rerunProgram{lang: l, proc: proc, g: gm, match: matchID, first: true}
	names := make([]string, len(ex.Seats))
	for i, s := range ex.Seats {
		names[i] = s.Name
	}
	var seed *uint64
	if botproto.SeedPublic(gm) {
		seed = ex.Seed
	}
	proc.Conn.Send(botproto.Hello{Type: botproto.TypeHello, Protocol: botproto.Version, Game: gm.ID(), Name: seatName,
		Limits: botproto.LimitsOf(move, bank)})
	proc.Conn.GameBegins(gm)
	proc.Conn.Send(botproto.NewStart(matchID, r.seat, names, ex.Config, seed, roomOf(ex.ID)))

	lastID := 0
	for k, i := range g.mine {
		t, _, err := g.c.Turn(matchID, i, def.Move, def.Bank)
		if err != nil {
			complain(env.stderr, l, "arena rerun", err) // lang:keep the command's name
			return 2
		}
		lastID, move, bank = t.ID, time.Duration(t.Time.MoveMS)*time.Millisecond, time.Duration(t.Time.BankMS)*time.Millisecond
		st := g.c.State() // before move i
		got := p.ask(t, st, r.seat)
		want := storedAnswer(gm, g.c.Moves()[i])
		if got.same(want) {
			continue
		}
		n := strconv.Itoa(i + 1) // the move number, typed again below
		fmt.Fprintln(env.stdout, l.Sprintf("decision %d of %d (move %s, turn %s) differs:", k+1, len(g.mine), n, strconv.Itoa(t.ID)))
		stored, yours := l.Sprintf("the stored game:"), l.Sprintf("your program:")
		width := max(utf8.RuneCountInString(stored), utf8.RuneCountInString(yours)) + 1
		fmt.Fprintf(env.stdout, "  %s%s\n  %s%s\n", pad(stored, width, true), want.in(l), pad(yours, width, true), got.in(l))
		fmt.Fprintln(env.stdout, l.Sprintf("reproduce it:"))
		// lang:keep commands, typed as they are
		fmt.Fprintf(env.stdout, "  ssh HOST replay %s --input %s --seat %d > turn.json        # %s\n  ssh HOST replay %s --position %s > position.json\n  arena position obs --game %s --seat %d < position.json\n",
			ex.ID, n, r.seat, l.Sprintf("the turn line, byte for byte"), ex.ID, n, gm.ID(), r.seat)
		if r.playOn {
			env.playOn(r, g, p, st.Clone(), got, lastID, move, bank)
		} else {
			proc.Conn.Send(botproto.End{Type: botproto.TypeEnd, Match: ex.ID, Note: l.Sprintf("arena rerun stopped at the first differing decision")})
		}
		endSession(l, proc)
		return 1
	}
	fmt.Fprintln(env.stdout, l.Sprintf("all %d decisions of seat %d match the stored game", len(g.mine), r.seat))
	proc.Conn.Send(botproto.End{Type: botproto.TypeEnd, Match: ex.ID, Outcome: ex.Outcome})
	endSession(l, proc)
	return 0
}

// nameOf is g's name, said in a reader's language where the catalogs have it ("7 Colors").
func nameOf(g games.Game) lang.Text { return lang.Text{Key: g.Name()} }

// endSession tells the program the session is over, in l, and lets it end.
func endSession(l lang.Lang, proc *program.Process) {
	proc.Conn.GameEnds()
	proc.Conn.Send(botproto.Error{Type: botproto.TypeError, Msg: l.Sprintf("arena rerun is over: this session ends here")})
	proc.Conn.Flush(time.Second)
	proc.Stop(endGrace)
}

// maxPlayOn bounds a game played on: every game ends long before.
const maxPlayOn = 1_000_000

// playOn plays the rest of the game from st, where the program just answered first: the
// program keeps seat r.seat, house bots their seats, the strongest house bot the seats
// of other programs and people.
func (env rerunEnv) playOn(r *rerunRun, g *rerunGame, p *rerunProgram, st games.State, first answer, id int, move, bank time.Duration) {
	ex, e, l := g.ex, g.entry, env.lang
	agents := map[int]bots.Bot{}
	var who []string
	for i, s := range ex.Seats {
		if i == r.seat {
			continue
		}
		name, how := s.Bot, l.Sprintf("the same house bot")
		if s.ReplacedBy != "" {
			name, how = s.ReplacedBy, l.Sprintf("the house bot that played on for %s", s.Name)
		}
		if name == "" {
			name, how = e.Strongest, l.Sprintf("the game's strongest house bot, in place of %s", s.Name)
		}
		b, ok := e.Bot(name, match.AgentSeed(*ex.Seed, i))
		if !ok {
			name, how = e.Strongest, l.Sprintf("the game's strongest house bot, in place of %s", s.Name)
			b, _ = e.Bot(name, match.AgentSeed(*ex.Seed, i))
		}
		agents[i] = b
		who = append(who, l.Sprintf("seat %d: %s (%s)", i, name, how))
	}
	fmt.Fprintln(env.stdout, l.Sprintf("playing on with your program in seat %d; %s. House bots that draw at random are seeded as in arena match, not as on the server, whose seeds are secret",
		r.seat, strings.Join(who, "; ")))
	apply := func(seat int, a games.Action, refused bool) {
		if a == nil || refused || st.Validate(seat, a) != nil {
			a = st.DefaultAction(seat)
		}
		if _, err := st.Apply(seat, a); err != nil {
			_, _ = st.Apply(seat, st.DefaultAction(seat))
		}
	}
	seat := r.seat
	apply(seat, first.action, first.refused != "" || first.none.Key != "")
	for moves := 0; !st.Over() && len(st.ToMove()) > 0 && moves < maxPlayOn; moves++ {
		seat = st.ToMove()[0]
		if seat != r.seat {
			apply(seat, agents[seat].Choose(st, seat), false)
			continue
		}
		id++
		got := p.ask(botproto.NewTurn(ex.ID, id, st, seat, move, bank), st, seat)
		apply(seat, got.action, got.refused != "" || got.none.Key != "")
	}
	if !st.Over() {
		fmt.Fprintln(env.stdout, l.Sprintf("the game did not end within %d moves", maxPlayOn))
		return
	}
	out := st.Outcome()
	p.proc.Conn.Send(botproto.End{Type: botproto.TypeEnd, Match: ex.ID, Outcome: &out})
	fmt.Fprintln(env.stdout, l.Sprintf("played on: ranks %v, scores %v; seat %d places %d", out.Ranks, out.Scores, r.seat, out.Ranks[r.seat]))
	if ex.Outcome != nil && r.seat < len(ex.Outcome.Ranks) {
		fmt.Fprintln(env.stdout, l.Sprintf("the stored game: ranks %v, scores %v; seat %d placed %d", ex.Outcome.Ranks, ex.Outcome.Scores, r.seat, ex.Outcome.Ranks[r.seat]))
	}
}
