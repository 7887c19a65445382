package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/arena-classroom/arena/bots"
	"github.com/arena-classroom/arena/catalog"
	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/lang"
	"github.com/arena-classroom/arena/match"
	"github.com/arena-classroom/arena/program"
	"github.com/arena-classroom/arena/sandbox"
	"github.com/arena-classroom/arena/seed"
)

// usage is arena match --help in env's language.
func (env matchEnv) usage() string {
	return env.lang.Sprintf(`Usage: arena match --game ID --seats A,B[,C…] [options]

Plays headless games between house bots and programs, and prints each bot's wins, draws,
losses, win %% and mean share. House bots never wait: a game goes as fast as they answer.
A program (exec:) plays on the clock of a live game: its move limit and bank, with a
start-up allowance before its first move.

  --game ID          the game (%s)
  --seats LIST       comma-separated seats: house bot names, or exec:"cmd args" for a program
                     that speaks the bot protocol (games with a protocol schema); where a
                     game allows it, - leaves a place empty (see the game's notes below)
  --games N          games to play; in a round robin, per pair and per size (default 500)
  --size N           board size: the same as --config size=N
  --sizes N,N,…      a round robin over several sizes
  --config KEY=VAL   another setting of the game; repeat for several
  --round-robin      play every pair of seats instead of all seats in every game
  --seed S           the first game's seed (default: a random one, printed so the run
                     can be repeated)
  --parallel P       worker goroutines (default: the number of CPUs); results never depend on it
  --fresh-process    start a program afresh for every game; by default a program's process
                     plays game after game (start … end, as over SSH), one process per game
                     running at once, which is much faster for interpreted bots

Programs run in a sandbox (Linux, with Landlock): no network, files readable only in the
program's folder (that of the first file its command names) and the system's, writable only
in a scratch folder (its HOME and TMPDIR) removed at the end, no signal to other processes,
caps on CPU time, processes (64), open files and memory; nothing it starts outlives it.
  --allow-read DIR   let the programs read DIR too; repeat for several; SEAT:DIR for the
                     program of one seat only (seats numbered from 1, in --seats' order)
  --allow-net        let the programs use the network; --allow-net=SEAT[,SEAT…] only
                     those seats' programs
  --sandbox-dir DIR  the programs' folder, instead of each one's own
  --sandbox-memory M the memory cap of each process, in MiB (default 2048)
  --no-sandbox       run the programs without a sandbox, with all your rights: only for
                     programs you trust, or where the system has no sandbox
%s  --json             one JSON line per game, then a summary line, instead of the table
  --verbose          show every warning a program gets (by default the first %d of each
                     seat, then how many more); they are the sentences it would read on
                     stderr over SSH

Game i has seed S+i, and seats turn between games: with two bots, the odd games swap them
(a game with notes below may seat them otherwise).
Each bot is seeded from its game's seed and seat. The same seed gives the same results, at
any --parallel.

A round robin is played when there are more bots than the game seats, with --sizes, or with
--round-robin: every pair meets in --games games per size, seats alternating, all pairs on
the same seeds S…S+games-1. It prints, per size, the win %% of each row bot against each
column bot, then an overall ranking by points (win 1, draw ½), then mean share.

The "defaults" column, shown when not all zero, counts answers the game refused (illegal
or malformed) and replaced by its default action: in 7 Colors, a colour that touches nothing
is such a lost turn.

A bot that crashes forfeits its game: it ranks last, its opponents share first place, and
all scores are 0. A game whose rules crash or that does not end is void and counts for
nobody. Either is reported, and the batch goes on.

JSON lines:
  {"type":"game","index":i,"game":ID,"seed":S+i,"config":{…},"seats":[names in seat order],
   "winner":seat or null,"ranks":[…],"scores":[…],"shares":[…],"moves":n}
   (+ "forfeit":seat and "error":"…" for a crash, "defaults":[…] when answers were refused)
  {"type":"summary","game":ID,"seed":S,"games":n,"void":n,"bots":[{"name",…}],
   "pairs":[…] (round robin),"seconds":t,"games_per_s":r}
%s`, env.gameList(), env.schemeFlagsHelp(), shownWarnings, env.schemeNotes())
}

func runMatch(l lang.Lang, args []string) int {
	fi, err := os.Stderr.Stat()
	progress := err == nil && fi.Mode()&os.ModeCharDevice != 0
	env := matchEnv{lang: l, stdout: os.Stdout, stderr: os.Stderr, progress: progress, games: catalog.All,
		now: time.Now, randomSeed: seed.Random}
	return env.run(args)
}

// matchEnv is what the command touches outside itself, so tests can replace it.
type matchEnv struct {
	lang           lang.Lang // what it says to people; English when unset
	stdout, stderr io.Writer
	progress       bool // draw a progress bar on stderr
	games          func() []catalog.Entry
	now            func() time.Time
	randomSeed     func() uint64
	// noSandbox says what the system lacks for a sandbox (sandbox.Unavailable when nil).
	noSandbox func() string
}

// matchRun is one parsed command line.
type matchRun struct {
	lang       lang.Lang
	entry      catalog.Entry
	plan       match.Plan
	groups     []games.Config // normalized; one per size of a round robin
	roundRobin bool
	perPair    int
	seed       uint64
	parallel   int
	json       bool
	scheme     match.SchemeBatch // the game's own scheme (Perfect Aim's tournament); nil for the default
	// closePrograms stops the programs' processes kept between games, once the batch is over.
	closePrograms func()
	sandbox       string // how the programs run, for the JSON summary (English); "" without programs
	sandboxIn     string // the same in lang, for the table
	// warnings are the programs' sentences for people, the first few of each shown.
	warnings []*program.Warnings
	// stderr is the run's stderr, shared with the programs' (one writer at a time).
	stderr io.Writer
}

func (env matchEnv) run(args []string) int {
	m, err := env.parse(args)
	if errors.Is(err, flag.ErrHelp) {
		return 0
	}
	if err != nil {
		complain(env.stderr, env.lang, "arena match", err) // lang:keep the command's name
		return 2
	}
	err = env.play(m)
	// The programs' last warnings are written as they stop: count them after.
	m.closePrograms()
	for _, w := range m.warnings {
		if u := w.Unshown(); u != "" {
			fmt.Fprint(m.stderr, u)
		}
	}
	if err != nil {
		complain(env.stderr, env.lang, "arena match", err) // lang:keep the command's name
		return 1
	}
	return 0
}

// shownWarnings is how many of a seat's warnings arena match shows without --verbose.
const shownWarnings = 5

// clipCommand shortens a program's command line to name it in a sentence.
func clipCommand(cmd string) string {
	if r := []rune(cmd); len(r) > 40 {
		return string(r[:40]) + "…"
	}
	return cmd
}

// schemeFlagsHelp documents the options the games' schemes add (--permutation P …).
func (env matchEnv) schemeFlagsHelp() string {
	var b strings.Builder
	seen := map[string]bool{}
	for _, e := range env.games() {
		if e.Match == nil {
			continue
		}
		for _, f := range e.Match.Flags() {
			if !seen[f.Name] {
				seen[f.Name] = true
				fmt.Fprintf(&b, "  %-18s %s\n", "--"+f.Name+" "+strings.ToUpper(f.Name[:1]), sayData(env.lang, f.Doc))
			}
		}
	}
	return b.String()
}

// schemeNotes are the games' own paragraphs on their batches.
func (env matchEnv) schemeNotes() string {
	var b strings.Builder
	for _, e := range env.games() {
		if e.Match != nil {
			b.WriteString("\n" + sayData(env.lang, e.Match.Usage()))
		}
	}
	return b.String()
}

// schemeHasFlag reports whether scheme takes option name.
func schemeHasFlag(scheme match.Scheme, name string) bool {
	if scheme == nil {
		return false
	}
	for _, f := range scheme.Flags() {
		if f.Name == name {
			return true
		}
	}
	return false
}

func (env matchEnv) gameList() string {
	var ids []string
	for _, e := range env.games() {
		ids = append(ids, e.Game.ID())
	}
	if len(ids) == 0 {
		return env.lang.Sprintf("none available yet")
	}
	return strings.Join(ids, ", ")
}

func (env matchEnv) parse(args []string) (*matchRun, error) {
	fs := flag.NewFlagSet("match", flag.ContinueOnError)
	// Errors are reported by run, help goes to stdout: silence the flag package's own output.
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	gameID := fs.String("game", "", "")
	seatList := fs.String("seats", "", "")
	n := fs.Int("games", 500, "")
	size := fs.Int("size", 0, "")
	sizes := fs.String("sizes", "", "")
	rr := fs.Bool("round-robin", false, "")
	seedText := fs.String("seed", "", "")
	parallel := fs.Int("parallel", 0, "")
	asJSON := fs.Bool("json", false, "")
	verbose := fs.Bool("verbose", false, "")
	fresh := fs.Bool("fresh-process", false, "")
	noSandbox := fs.Bool("no-sandbox", false, "")
	allow := newAllowances()
	fs.Var(netFlag{allow}, "allow-net", "")
	fs.Var(readFlag{allow}, "allow-read", "")
	sandboxDir := fs.String("sandbox-dir", "", "")
	sandboxMemory := fs.Int("sandbox-memory", 0, "")
	schemeFlags := map[string]*int{} // every game's scheme flags; only the chosen game's count
	for _, e := range env.games() {
		if e.Match != nil {
			for _, f := range e.Match.Flags() {
				if _, dup := schemeFlags[f.Name]; !dup {
					schemeFlags[f.Name] = fs.Int(f.Name, 0, "")
				}
			}
		}
	}
	cfg := games.Config{}
	setErr := &setError{}
	fs.Func("config", "", setErr.record(cfg.Set))
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprint(env.stdout, env.usage())
			return nil, err
		}
		if allow.err != nil {
			setErr.last = allow.err
		}
		return nil, lang.Errorf("%v (see arena match --help)", flagError(err, setErr))
	}
	if fs.NArg() > 0 {
		return nil, lang.Errorf("unexpected argument %q (see arena match --help)", fs.Arg(0))
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })

	m := &matchRun{lang: env.lang, perPair: *n, parallel: *parallel, json: *asJSON, closePrograms: func() {}}
	if *gameID == "" {
		return nil, lang.Errorf("--game is required; games: %s", env.gameList())
	}
	found := false
	for _, e := range env.games() {
		if e.Game.ID() == *gameID {
			m.entry, found = e, true
		}
	}
	if !found {
		return nil, lang.Errorf("unknown game %q; games: %s", *gameID, env.gameList())
	}
	if *seatList == "" {
		return nil, lang.Errorf("--seats is required; %s's house bots: %s", *gameID, bots.Names(m.entry.Bots, true))
	}
	if *n < 1 {
		return nil, lang.Errorf("--games must be at least 1, not %s", typed(*n))
	}
	if *parallel < 0 {
		return nil, lang.Errorf("--parallel must be positive, not %s", typed(*parallel))
	}
	scheme := m.entry.Match
	given := map[string]int{}
	for name, v := range schemeFlags {
		if !set[name] {
			continue
		}
		if !schemeHasFlag(scheme, name) {
			return nil, lang.Errorf("--%s is not an option of %s", name, *gameID)
		}
		given[name] = *v
	}
	if set["size"] {
		if _, dup := cfg["size"]; dup {
			return nil, lang.Errorf("--size and --config size=… both given")
		}
		cfg["size"] = *size
	}
	var groups []games.Config
	if set["sizes"] {
		if _, dup := cfg["size"]; dup {
			return nil, lang.Errorf("--sizes and --size (or --config size=…) both given")
		}
		for _, f := range strings.Split(*sizes, ",") {
			v, err := strconv.Atoi(strings.TrimSpace(f))
			if err != nil {
				return nil, lang.Errorf("--sizes %q: %q is not a whole number", *sizes, f)
			}
			c := cfg.Clone()
			c["size"] = v
			groups = append(groups, c)
		}
	} else {
		groups = []games.Config{cfg}
	}

	if *seedText == "" {
		m.seed = env.randomSeed()
	} else {
		s, err := seed.Parse(*seedText, *n)
		if err != nil {
			return nil, lang.Errorf("--%v", err)
		}
		m.seed = s
	}

	specs, err := match.ParseSeats(*seatList)
	if err != nil {
		return nil, err
	}
	m.plan.Game = m.entry.Game
	var seatLabels []string // how errors name each seat
	if scheme != nil {
		if *rr || set["sizes"] {
			return nil, lang.Errorf("%s has no round robin: all its seats play every game (2 to 4, - for an empty colour)", *gameID)
		}
		b, err := scheme.Setup(specs, cfg, given)
		if err != nil {
			return nil, err
		}
		m.scheme, specs, seatLabels = b, b.Seats(), b.Labels()
	} else {
		for i, s := range specs {
			if s.Exec == "" && s.Bot == match.EmptySlot {
				return nil, lang.Errorf("seat %d: %s (an empty place) is not allowed in %s", i+1, match.EmptySlot, *gameID)
			}
			seatLabels = append(seatLabels, env.lang.Sprintf("seat %d", i+1))
		}
	}
	lacks := env.noSandbox
	if lacks == nil {
		lacks = sandbox.Unavailable
	}
	sb, err := sandboxFor(specs, *noSandbox, sandboxFlags{lang: env.lang, allow: allow, dir: *sandboxDir, memory: *sandboxMemory,
		set: set, lacks: lacks})
	if err != nil {
		return nil, err
	}
	m.sandbox, m.sandboxIn = sb.describe(lang.English, specs), sb.describe(env.lang, specs)
	var closers []func()
	m.closePrograms = func() {
		for _, c := range closers {
			c()
		}
	}
	// The programs' stderr is copied by a goroutine each: one writer at a time.
	stderr := &lockedWriter{w: env.stderr}
	m.stderr = stderr
	// programsOf is seat i's way to start its program: the sandbox is the seat's own.
	programsOf := func(i int) match.Programs {
		limit := shownWarnings
		if *verbose {
			limit = 0
		}
		w := program.NewWarningsIn(stderr, seatLabels[i]+" ("+clipCommand(specs[i].Exec)+")", limit, env.lang)
		m.warnings = append(m.warnings, w)
		opts := program.ExecOptions{Sandbox: sb.policy(i), Stderr: stderr, Diag: w, Lang: env.lang}
		if *fresh {
			return match.ExecWith(opts) // a process per game
		}
		programs, closePool := match.ExecPooled(opts)
		closers = append(closers, closePool)
		return programs
	}
	count := map[string]int{}
	for i, s := range specs {
		ent, err := match.Resolve(m.entry.Game, m.entry.Bots, s, programsOf(i))
		if err != nil && s.Exec != "" {
			return nil, lang.Errorf("%s: %v; house bots: %s", seatLabels[i], err, bots.Names(m.entry.Bots, true))
		}
		if err != nil {
			return nil, lang.Errorf("%s: %v", seatLabels[i], err)
		}
		// Two seats of the same bot need two names in tables.
		count[ent.Name]++
		if c := count[ent.Name]; c > 1 {
			ent.Name = fmt.Sprintf("%s#%d", ent.Name, c)
		}
		m.plan.Entrants = append(m.plan.Entrants, ent)
	}

	_, maxSeats := m.entry.Game.Seats()
	m.roundRobin = scheme == nil && (*rr || set["sizes"] || len(specs) > maxSeats)
	if scheme != nil {
		m.plan.Schedule, err = m.scheme.Schedule(*n, m.seed)
	} else if m.roundRobin {
		m.plan.Schedule, err = match.PlanRoundRobin(m.entry.Game, groups, len(specs), *n, m.seed)
	} else {
		m.plan.Schedule, err = match.PlanSeries(m.entry.Game, groups[0], len(specs), *n, m.seed)
	}
	if err != nil {
		return nil, err
	}
	// The normalized configs, for headers and the summary.
	if scheme != nil {
		m.groups = []games.Config{m.scheme.Config()}
		return m, nil
	}
	// Planners order games by group: one pass finds each group's first game.
	for i := 0; i < m.plan.Len() && len(m.groups) < len(groups); i++ {
		if j := m.plan.Job(i); j.Group == len(m.groups) {
			m.groups = append(m.groups, j.Config)
		}
	}
	return m, nil
}

func (env matchEnv) play(m *matchRun) error {
	out := bufio.NewWriter(env.stdout)
	defer out.Flush()
	tally := match.NewTally(m.plan)
	defaults := make([]int, len(m.plan.Entrants))
	var notes []string // crashes and void games, for the table
	troubled := 0
	bar := progressBar{lang: env.lang, w: env.stderr, on: env.progress, total: m.plan.Len()}
	enc := json.NewEncoder(out)
	opts := match.Options{Parallel: m.parallel, Inspect: games.InspectorOf(m.entry.Game)}
	var report match.SchemeReport
	if m.scheme != nil {
		report = m.scheme.Report(m.plan, m.entry.Game.ID(), m.seed, m.perPair)
	}

	start := env.now()
	err := match.Run(context.Background(), m.plan, opts, func(r match.Result) error {
		tally.Add(r)
		if report != nil {
			report.Add(r)
		}
		job := m.plan.Job(r.Job)
		for seat, e := range job.Seats {
			defaults[e] += r.Defaults[seat]
		}
		if r.Err != "" {
			if len(notes) < maxNotes {
				notes = append(notes, m.lang.Sprintf("game %s (seed %s): %s", strconv.Itoa(r.Job), strconv.FormatUint(job.Seed, 10), r.Err))
			}
			troubled++
		}
		bar.step()
		if m.json && report != nil {
			return enc.Encode(report.GameLine(m.gameLine(r), r))
		}
		if m.json {
			return enc.Encode(m.gameLine(r))
		}
		return nil
	})
	bar.clear()
	if err != nil {
		return err
	}
	secs := env.now().Sub(start).Seconds()
	rate := 0.0
	if secs > 0 {
		rate = float64(m.plan.Len()) / secs
	}
	if m.json && report != nil {
		return enc.Encode(report.Summary(m.summary(tally, defaults, secs, rate), tally, defaults, secs))
	}
	if m.json {
		return enc.Encode(m.summary(tally, defaults, secs, rate))
	}
	if troubled > len(notes) {
		notes = append(notes, m.lang.Sprintf("… and %d more", troubled-len(notes)))
	}
	if report != nil {
		report.Table(out, tally, defaults, notes, secs, rate)
	} else {
		m.table(out, tally, defaults, notes)
		fmt.Fprintln(out, m.lang.Sprintf("%d games in %.2f s: %.0f games/s", m.plan.Len(), secs, rate))
	}
	if m.sandbox != "" {
		fmt.Fprintln(out, m.lang.Sprintf("programs: %s", m.sandboxIn)) // how the results were obtained
	}
	return nil
}
