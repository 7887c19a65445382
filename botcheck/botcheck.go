// Package botcheck is `arena check` and `ssh HOST check`: a short scripted series of games
// against a house bot that tells a student, rule by rule, what their program does right and
// wrong before its first real game — each fault in the sentence the arena uses everywhere
// (package program). It stores nothing: it is not a practice.
package botcheck

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/arena-classroom/arena/botproto"
	"github.com/arena-classroom/arena/bots"
	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/games/playable"
	"github.com/arena-classroom/arena/lang"
	"github.com/arena-classroom/arena/match"
	"github.com/arena-classroom/arena/program"
)

// Options tune a check; the zero value is the default.
type Options struct {
	// Games is how many games are played on the connection (default 3, at least 3: the
	// program must play game after game, and the last one has long lines).
	Games int
	// Clock is the program's clock (default program.DefaultClock()).
	Clock program.Clock
	// Pad lengthens the turn lines of the last game by this many bytes (default
	// LongLine): the program must read whole lines.
	Pad int
	// Seed is the first game's seed (default 1: a check is the same every time).
	Seed uint64
	// Exited, when set, says how the program ended once its connection did ("exit status
	// 1", in the connection's language), for a program the caller started; "" when unknown.
	Exited func() string
}

// LongLine is how much longer the last game's turn lines are made: longer than any game's real
// turn lines, shorter than the protocol's limit.
const LongLine = 40_000

func (o Options) withDefaults() Options {
	o.Games = max(o.Games, DefaultGames)
	if o.Clock.Move == 0 {
		o.Clock = program.DefaultClock()
	}
	o.Clock = o.Clock.WithDefaults()
	if o.Pad <= 0 {
		o.Pad = LongLine
	}
	if o.Seed == 0 {
		o.Seed = 1
	}
	return o
}

// Rules, in the order they are reported. They name the rules (Report.Set finds a rule by
// them); WriteIn says them in the reader's language (they are in the catalog).
const (
	RuleIDs    = "answers each turn with its id and match"                                  // lang:keep identifier, said with l.Say
	RuleFlush  = "flushes stdout after each line"                                           // lang:keep identifier, said with l.Say
	RuleSilent = "writes nothing on stdout but protocol lines"                              // lang:keep identifier, said with l.Say
	RuleLegal  = "plays legal moves"                                                        // lang:keep identifier, said with l.Say
	RuleInTime = "answers within the time limit"                                            // lang:keep identifier, said with l.Say
	RuleLong   = "reads long lines whole"                                                   // lang:keep identifier, said with l.Say
	RuleGames  = "plays game after game"                                                    // lang:keep identifier, said with l.Say
	RuleEnd    = "exits when told the session is over (an error line, or its input closed)" // lang:keep identifier, said with l.Say
)

// NotChecked starts the detail of a rule that could not be judged (it counts as no fault);
// WriteIn says it in the reader's language.
const NotChecked = "not checked: " // lang:keep a marker, said with l.Sprintf("not checked: %s")

// DefaultGames is how many games a check plays.
const DefaultGames = 3

// Result is one rule's verdict.
type Result struct {
	Rule   string
	OK     bool
	Detail string // what was seen: the sentence of the first fault, or a figure
}

// Report is a check's verdicts.
type Report struct {
	Game    string
	Against string
	Config  games.Config
	Results []Result
	left    bool
}

// Left reports whether the program left, or stopped playing, before the last game's end.
func (r Report) Left() bool { return r.left }

// Failed counts the rules broken.
func (r Report) Failed() int {
	n := 0
	for _, res := range r.Results {
		if !res.OK && !strings.HasPrefix(res.Detail, NotChecked) {
			n++
		}
	}
	return n
}

// Write prints the report for people, in English.
func (r Report) Write(w io.Writer) { r.WriteIn(w, lang.English) }

// WriteIn prints the report for people, in l (the details are said in the language of the
// connection they were seen on). The marks ok, --, FAIL are the same in every language.
func (r Report) WriteIn(w io.Writer, l lang.Lang) {
	for _, res := range r.Results {
		mark := "ok  "
		detail := res.Detail
		switch {
		case strings.HasPrefix(res.Detail, NotChecked):
			mark = "--  "
			detail = l.Sprintf("not checked: %s", strings.TrimPrefix(res.Detail, NotChecked))
		case !res.OK:
			mark = "FAIL"
		}
		line := fmt.Sprintf("  %s %s", mark, l.Say(res.Rule))
		if detail != "" {
			line += l.Sprintf(": %s", detail)
		}
		fmt.Fprintln(w, line)
	}
	if n := r.Failed(); n > 0 {
		fmt.Fprintln(w, Prefix+l.Sprintf("%d of %d rules broken: fix the first one, then check again", n, len(r.Results)))
	} else {
		fmt.Fprintln(w, Prefix+l.Sprintf("your program keeps every rule checked; it is ready to play"))
	}
}

// Prefix starts each line arena check writes for people but the rules' verdicts.
const Prefix = "arena check: " // lang:keep the command's name

// Set sets the verdict of rule (the first fault of a rule is the one kept).
func (r *Report) Set(rule string, ok bool, detail string) {
	for i := range r.Results {
		if r.Results[i].Rule == rule {
			if r.Results[i].OK || ok {
				r.Results[i] = Result{rule, ok, detail}
			}
			return
		}
	}
	r.Results = append(r.Results, Result{rule, ok, detail})
}

// Config is the settings a check plays g at: the defaults, on a small board where the game
// has a size, and short where it counts rounds, so that a check takes seconds.
func Config(g games.Game) (games.Config, error) {
	cfg, err := g.Normalize(nil)
	if err != nil {
		return nil, err
	}
	d := g.Describe()
	for key, want := range map[string]int{"size": 11, "rounds": 10} {
		if s, ok := d.Setting(key); ok && !s.ByArena && cfg[key] > want {
			cfg[key] = max(want, s.Min)
		}
	}
	return g.Normalize(cfg)
}

// Intro says what a check of e will play, for program (its command, or its name), in
// English.
func Intro(e playable.Entry, program string) string { return IntroIn(e, program, lang.English) }

// IntroIn says what a check of e will play, for program (its command, or its name), in l.
func IntroIn(e playable.Entry, program string, l lang.Lang) string {
	cfg, _ := Config(e.Game)
	var settings []string
	for _, k := range cfg.Keys() {
		if s, ok := e.Game.Describe().Setting(k); ok && !s.ByArena {
			settings = append(settings, fmt.Sprintf("%s=%d", k, cfg[k]))
		}
	}
	return l.Sprintf("%s, %d games against %s (%s), your program: %s",
		e.Game.Name(), DefaultGames, Opponent(e).Name, strings.Join(settings, " "), program)
}

// Opponent is the house bot a check plays against: random where the game has one (it
// answers at once and tries every kind of move), else the first listed.
func Opponent(e playable.Entry) bots.Info {
	if b, ok := bots.Find(e.Bots, "random"); ok {
		return b
	}
	return e.Bots[0]
}

// Run plays the check's games on conn, which has sent "hello", and judges the program by
// them. It does not judge how the program ends (RuleEnd): the caller, who owns the
// program, does.
func Run(ctx context.Context, conn *program.Conn, e playable.Entry, name string, opts Options) (Report, error) {
	opts = opts.withDefaults()
	g := e.Game
	cfg, err := Config(g)
	if err != nil {
		return Report{}, err
	}
	house := Opponent(e)
	rep := Report{Game: g.Name(), Against: house.Name, Config: cfg}
	var mu sync.Mutex
	var seen []warning
	var agents []*program.Agent
	conn.OnWarn(func(w program.Warning) {
		mu.Lock()
		seen = append(seen, warning{game: len(agents), code: w.Code, msg: w.Msg, kind: w.Kind})
		mu.Unlock()
	})
	defer conn.OnWarn(nil)
	conn.Plan(opts.Games)

	me := match.Entrant{Name: name, New: func(s match.Start) (match.Agent, error) {
		pad := 0
		if s.Index == opts.Games-1 { // the last game: a program that chokes on it has shown the rest
			pad = opts.Pad
		}
		a := program.NewAgent(conn, program.Game{Game: g, Config: s.Config, Seed: s.GameSeed, Seat: s.Seat,
			Players: s.Players, Match: fmt.Sprintf("c_%d", s.Index+1), Clock: opts.Clock, Pad: pad})
		if opts.Exited != nil {
			a.Note = func(status string, _ lang.Text) {
				if how := opts.Exited(); status == program.StatusCrashed && how != "" {
					a.Explain(conn.EndedEarly(how, a.Moves()))
				}
			}
		}
		mu.Lock()
		agents = append(agents, a)
		mu.Unlock()
		return a, nil
	}}
	bot, err := match.Resolve(g, e.Bots, match.SeatSpec{Bot: house.Name}, nil)
	if err != nil {
		return rep, err
	}
	minSeats, _ := g.Seats()
	entrants := []match.Entrant{me}
	for len(entrants) < max(minSeats, 2) {
		entrants = append(entrants, bot)
	}
	jobs, err := match.Series(g, cfg, len(entrants), opts.Games, opts.Seed)
	if err != nil {
		return rep, err
	}
	plan := match.Plan{Game: g, Entrants: entrants, Jobs: jobs}
	errLeft := errors.New("the program left") // lang:keep never said: a sentinel
	err = match.Run(ctx, plan, match.Options{Parallel: 1}, func(match.Result) error {
		mu.Lock()
		a := agents[len(agents)-1]
		mu.Unlock()
		if a.Status() != "" {
			return errLeft // gone, too slow or resigned: no game more
		}
		return nil
	})
	if err != nil && !errors.Is(err, errLeft) {
		return rep, err
	}
	mu.Lock()
	defer mu.Unlock()
	judge(&rep, seen, agents, opts, conn.Lang())
	return rep, nil
}

// warning is one warning the program was sent, in its game (1, 2, …).
type warning struct {
	game            int
	code, msg, kind string
}

// protocolCodes are the warnings about the protocol; any other code is a move the game
// refused.
var protocolCodes = []string{botproto.CodeMalformed, botproto.CodeUnknownType, botproto.CodeLineTooLong,
	botproto.CodeStale, botproto.CodeTimeout, botproto.CodeStrikes, botproto.CodeResigned,
	botproto.CodeWrongMatch, botproto.CodeMissingMatch, botproto.CodeNoteTooLong, botproto.CodeNotesFull}

// judge turns what was seen into the rules' verdicts.
func judge(rep *Report, seen []warning, agents []*program.Agent, opts Options, l lang.Lang) {
	first := func(match func(w warning) bool) (string, bool) {
		for _, w := range seen {
			if match(w) {
				return w.msg, true
			}
		}
		return "", false
	}
	verdict := func(rule string, match func(w warning) bool, okDetail string) {
		if msg, bad := first(match); bad {
			rep.Set(rule, false, msg)
		} else {
			rep.Set(rule, true, okDetail)
		}
	}
	answers, slowest := 0, time.Duration(0)
	leftIn, stoppedIn, why := 0, 0, ""
	for i, a := range agents {
		answers += a.Moves()
		slowest = max(slowest, a.Slowest())
		switch {
		case a.Status() == program.StatusCrashed && leftIn == 0:
			leftIn, why = i+1, a.LeftBecause()
		case a.Status() != "" && stoppedIn == 0:
			stoppedIn, why = i+1, l.Sprintf("%s: %s", program.StatusIn(a.Status(), l), a.LeftBecause())
		}
	}
	// A timeout with nothing received is a program that does not flush, unless it answered
	// late at some point: then it is slow.
	late := false
	for _, w := range seen {
		late = late || w.code == botproto.CodeStale && w.kind == program.KindLate
	}
	silent := func(w warning) bool {
		return !late && w.code == botproto.CodeTimeout && w.kind == program.KindSilent
	}
	last := opts.Games

	verdict(RuleIDs, func(w warning) bool {
		// An answer dropped because something else took its turn first is that other
		// fault's (a debugging line, a late answer).
		return w.code == botproto.CodeStale && w.kind != program.KindLate && w.kind != program.KindDisplaced ||
			w.code == botproto.CodeWrongMatch || w.code == botproto.CodeMissingMatch ||
			w.code == botproto.CodeMalformed && w.kind == program.KindID
	}, l.Sprintf("%d turns answered", answers))
	verdict(RuleFlush, func(w warning) bool { return silent(w) && w.game < last }, "")
	verdict(RuleSilent, func(w warning) bool {
		return w.code == botproto.CodeMalformed && w.kind != program.KindID ||
			w.code == botproto.CodeUnknownType || w.code == botproto.CodeLineTooLong
	}, "")
	verdict(RuleLegal, func(w warning) bool { return !slices.Contains(protocolCodes, w.code) }, "")
	if _, mute := first(silent); mute {
		rep.Set(RuleInTime, false, NotChecked+l.Sprintf("nothing was received in time to measure"))
	} else {
		took := ""
		if slowest > 0 {
			round := time.Millisecond
			if slowest < 10*time.Millisecond {
				round = 10 * time.Microsecond
			}
			took = l.Sprintf("the slowest answer took %s (%s a move, and a bank)", slowest.Round(round), opts.Clock.Move)
		}
		verdict(RuleInTime, func(w warning) bool { return w.code == botproto.CodeTimeout }, took)
	}
	long := l.Sprintf("game %d's turn lines were %d bytes long: read whole lines of any length (a line ends at its newline, not at a buffer's end)", last, opts.Pad)
	rep.left = leftIn > 0 || stoppedIn > 0
	switch {
	case stoppedIn > 0 && stoppedIn < last:
		rep.Set(RuleGames, false, NotChecked+l.Sprintf("the program stopped playing in game %d (%s)", stoppedIn, why))
		rep.Set(RuleLong, false, NotChecked+l.Sprintf("the program stopped playing in game %d", stoppedIn))
	case stoppedIn == last:
		rep.Set(RuleGames, true, l.Sprintf("%d games on one connection", last-1))
		if msg, bad := first(func(w warning) bool { return silent(w) && w.game == last }); bad {
			rep.Set(RuleLong, false, msg)
		} else {
			rep.Set(RuleLong, false, NotChecked+l.Sprintf("the program stopped playing in game %d (%s)", stoppedIn, why))
		}
	case leftIn > 0 && leftIn < last:
		rep.Set(RuleGames, false, why)
		rep.Set(RuleLong, false, NotChecked+l.Sprintf("the program left during game %d", leftIn))
	case leftIn == last:
		rep.Set(RuleGames, true, l.Sprintf("%d games on one connection", last-1))
		rep.Set(RuleLong, false, l.Sprintf("%s; %s", why, long))
	default:
		rep.Set(RuleGames, true, l.Sprintf("%d games on one connection", len(agents)))
		verdict(RuleLong, func(w warning) bool { return silent(w) && w.game == last }, l.Sprintf("turn lines of %d bytes in game %d", opts.Pad, last))
	}
}
