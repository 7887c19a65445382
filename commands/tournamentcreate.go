package commands

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/arena-classroom/arena/botproto"
	"github.com/arena-classroom/arena/catalog"
	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/internal/plaintext"
	"github.com/arena-classroom/arena/lang"
	"github.com/arena-classroom/arena/seed"
	"github.com/arena-classroom/arena/server"
	"github.com/arena-classroom/arena/store"
	"github.com/arena-classroom/arena/tournament"
	"github.com/arena-classroom/arena/tournament/director"
)

// createUsage is tournament create's help in l, every option with its default; the games
// are the catalog's.
func createUsage(l lang.Lang) string {
	return l.Sprintf(`usage: tournament create --game GAME --format FORMAT [options]

  --game GAME             %s
  --format FORMAT         round-robin, double-round-robin, swiss, elimination, pools
  --name NAME             shown to everyone (default: the game and the format). Over ssh
                          the command is split again on the server: quote a name of several
                          words twice, --name "'TP 7 couleurs'" (unquoted words that follow
                          --name are taken as the name too)
  --games-per-pairing N   round robins, Swiss, pools: games each pairing or table plays,
                          seats alternating (default 1, at most 100)
  --rounds N              Swiss only: its rounds (default ceil(log2 n)+1, at most 100)
  --best-of N             elimination only: games a match (default 1, at most 99)
  --table-size 3|4        pools only: players a table (default 4)
                          A format refuses the options it does not take; a game's own
                          settings are --config KEY=VAL (Garden Tensions: --config rounds=N)
  --size N                the board (default: the game's); --config KEY=VAL for other settings
  --parallel N            games played at once (default 256: every game of a round that can
                          start; an entrant plays one game at a time)
  --max-entrants N        entries close once N have entered (default 64, at most 1000)
  --pace fast|live        games without a person: fast plays them as fast as the entrants
                          answer (default); live at a person's pace, to follow on the
                          projector (tournament pace CODE changes it later)
  --grace D               how long a program may keep the tournament waiting, all its
                          absences together, before the games due while it is away are
                          forfeited (default 60s; a program between two games is not away)
  --move D                a program's time for one decision, in every game of this
                          tournament (default: the server's, 500ms)
  --bank D                a program's time bank for a whole game, beyond --move (default:
                          the server's, 5s). Perfect Aim at the fast pace runs on the game's
                          own clock with these; at the live pace on the wall clock, a
                          program asked 100ms before each decision instant (spec GAME)
  --seed N                the tournament's seed: the same seed on the same server replays it
                          where the seed is public (7 Colors, War Hammer); in games of hidden
                          chance (DiceWars, Garden Tensions, Perfect Aim) each tournament's
                          games are its own, whatever the seed
  --entrants known|-       who may enter (default: anyone with a key). known: the keys this
                          arena knew before the tournament was created; -: a class list on
                          stdin, one name or key fingerprint a line (ssh HOST tournament
                          create … --entrants - < class.txt)
  --public-seed           games of hidden chance too follow from --seed alone: the same seed
                          replays the tournament. It gives the dice away: once a tournament is
                          over its seeds are shown, and another run with the same seed has
                          the same dice, which its students could then know in advance

The last line printed is the code students enter.`, gameIDs(false))
}

// maxClassList bounds the class list a teacher sends on stdin.
const maxClassList = 64 << 10

// joinNameWords gathers the words that follow --name up to the next option into one name:
// ssh joins a command's words with spaces and the server splits them again, so the
// quotes of --name "TP 7 couleurs" do not survive the trip.
func joinNameWords(args []string) []string {
	out := make([]string, 0, len(args))
	for i := 0; i < len(args); i++ {
		out = append(out, args[i])
		if args[i] != "--name" && args[i] != "-name" {
			continue
		}
		j := i + 1
		for j < len(args) && (j == i+1 || !strings.HasPrefix(args[j], "-")) {
			j++
		}
		if j > i+1 {
			out = append(out, strings.Join(args[i+1:j], " "))
		}
		i = j - 1
	}
	return out
}

func (a *App) createTournament(ctx context.Context, s *server.Session, stdin io.Reader, stdout, stderr io.Writer) int {
	args := s.Args[2:]
	l := s.Lang
	if slices.ContainsFunc(args, isHelpFlag) || slices.Contains(args, "help") {
		fmt.Fprintln(stdout, createUsage(l))
		return 0
	}
	fs := quietFlags("tournament create") // lang:keep a flag set's name, never printed
	gameID := fs.String("game", "", "")
	format := fs.String("format", "", "")
	name := fs.String("name", "", "")
	var o director.Options
	fs.IntVar(&o.Rounds, "rounds", 0, "")
	fs.IntVar(&o.GamesPerPairing, "games-per-pairing", 0, "")
	fs.IntVar(&o.BestOf, "best-of", 0, "")
	fs.IntVar(&o.TableSize, "table-size", 0, "")
	fs.IntVar(&o.MaxEntrants, "max-entrants", director.DefaultMaxEntrants, "")
	size := fs.Int("size", 0, "")
	parallel := fs.Int("parallel", director.MaxParallel, "")
	fs.StringVar(&o.Pace, "pace", director.PaceFast, "")
	grace := fs.Duration("grace", DefaultGrace, "")
	server := a.rooms.Config().ProgramClock()
	move := fs.Duration("move", server.Move, "")
	bank := fs.Duration("bank", server.Bank, "")
	seedText := fs.String("seed", "", "")
	fs.BoolVar(&o.PublicSeed, "public-seed", false, "")
	entrants := fs.String("entrants", "", "")
	cfg := map[string]int{}
	fs.Func("config", "", games.Config(cfg).Set)
	// bad says what is wrong (a sentence of the catalog, said in l) and where the options are.
	bad := func(err error) int {
		fmt.Fprintln(stderr, l.Sprintf("arena: tournament create: %s", sayErr(err, l)))
		fmt.Fprintln(stderr, l.Sprintf("(tournament create --help lists the options)"))
		return 2
	}
	if err := fs.Parse(joinNameWords(args)); err != nil {
		return bad(err)
	}
	if fs.NArg() > 0 {
		return bad(lang.Errorf("unexpected argument %q", fs.Arg(0)))
	}
	e, err := catalog.Lookup(*gameID)
	if err != nil {
		return bad(lang.Errorf("--game: %s", err))
	}
	if *format == "" {
		return bad(lang.Errorf("--format: one of %s", strings.Join(tournament.Names, ", ")))
	}
	if err := formatOptionsApply(fs, e, *format); err != nil {
		return bad(err)
	}
	// Pools created from now on keep everyone playing every round (placement tables).
	o.AllPlay = tournament.FormatName(*format) == "pools"
	f, err := director.Format(e, *format, o)
	if err != nil {
		return bad(lang.Errorf("--format: %s", err))
	}
	if o.MaxEntrants < 2 || o.MaxEntrants > director.MaxEntrants {
		// Numbers a teacher types as a flag's value: written as typed, without grouping.
		return bad(lang.Errorf("--max-entrants: from 2 to %s, not %s", strconv.Itoa(director.MaxEntrants), strconv.Itoa(o.MaxEntrants)))
	}
	if n := tournament.GamesAtMost(f, o.MaxEntrants); n > tournament.MaxGames {
		return bad(lang.Errorf("%s would schedule up to %s games with %s entrants; a tournament has at most %s: fewer games per pairing, rounds or --max-entrants",
			*format, strconv.Itoa(n), strconv.Itoa(o.MaxEntrants), strconv.Itoa(tournament.MaxGames)))
	}
	if o.Pace != director.PaceFast && o.Pace != director.PaceLive {
		return bad(lang.Errorf("--pace: fast or live, not %q", o.Pace))
	}
	if *parallel < 1 || *parallel > director.MaxParallel {
		return bad(lang.Errorf("--parallel: from 1 to %d games at once, not %d", director.MaxParallel, *parallel))
	}
	if *grace < 5*time.Second || *grace > time.Hour {
		return bad(lang.Errorf("--grace: from 5s to 1h, not %s", *grace))
	}
	if *move < 10*time.Millisecond || *move > time.Minute {
		return bad(lang.Errorf("--move: from 10ms to 1m, not %s", *move))
	}
	if *bank < 0 || *bank > 10*time.Minute {
		return bad(lang.Errorf("--bank: from 0 to 10m, not %s", *bank))
	}
	switch *entrants {
	case "", "anyone":
	case "known":
		o.Entrants = director.EntrantsKnown
	case "-":
		text, err := io.ReadAll(io.LimitReader(stdin, maxClassList+1))
		if err != nil {
			return bad(lang.Errorf("--entrants -: %s", err))
		}
		if len(text) > maxClassList {
			return bad(lang.Errorf("--entrants -: the class list is over %d KiB", maxClassList>>10))
		}
		if o.Allowed, err = director.ParseClassList(string(text)); err != nil {
			return bad(lang.Errorf("--entrants - (the class list on stdin): %s", err))
		}
		o.Entrants = director.EntrantsList
	default:
		return bad(lang.Errorf("--entrants: known (keys this arena knew before), or - (a class list on stdin), not %q", *entrants))
	}
	o.MoveMS = int(move.Milliseconds())
	bankMS := int(bank.Milliseconds())
	o.BankMS = &bankMS
	if *size != 0 {
		cfg["size"] = *size
	}
	normalized, err := e.Game.Normalize(cfg)
	if err != nil {
		return bad(err)
	}
	*name = strings.TrimSpace(plaintext.Clean(*name)) // shown to everyone: no escape sequences
	if *name == "" {
		*name = l.Say(e.Game.Name()) + " " + *format // in the words of the teacher who creates it
	}
	if len(*name) > 60 {
		return bad(lang.Errorf("--name: at most 60 characters"))
	}
	gameSeed := seed.Random()
	if *seedText != "" {
		if gameSeed, err = seed.Parse(*seedText, 1); err != nil || gameSeed == 0 {
			return bad(lang.Errorf("--seed: a whole number from 1 to %s", strconv.FormatUint(uint64(seed.Max), 10)))
		}
	}
	opts, _ := json.Marshal(o)
	settings, _ := json.Marshal(normalized)
	t := store.Tournament{Name: *name, Game: e.Game.ID(), Format: *format, Options: opts, Config: settings,
		Seed: gameSeed, Parallel: *parallel, Grace: *grace, CreatedBy: s.Who.ID, CreatedAt: time.Now().UTC()}
	t.Code, err = storeWithCode("T", func(code string) error {
		t.Code = code
		return a.tournaments.CreateTournament(ctx, t)
	})
	if err != nil {
		a.log.Error("create tournament", "err", err)
		fmt.Fprintln(stderr, l.Sprintf("arena: the tournament could not be stored right now; try again"))
		return 1
	}
	a.log.Info("tournament created", "code", t.Code, "by", s.Who.Name, "game", t.Game, "format", t.Format)
	fmt.Fprintln(stdout, l.Sprintf("Tournament %s %q: %s, %s, settings %s, %s at once.", t.Code, t.Name, l.Say(e.Game.Name()),
		*format, settings, l.Sprintf("%d games", t.Parallel)))
	if o.PublicSeed && !botproto.SeedPublic(e.Game) {
		fmt.Fprintln(stdout, l.Sprintf("Public seed: the same --seed replays these games, dice and all; a tournament run again with seed %s has dice known from this one's replays.", strconv.FormatUint(gameSeed, 10)))
	}
	fmt.Fprintln(stdout, l.Sprintf("Programs have %s a decision and a bank of %s a game; the grace for absences is %s in all.",
		*move, *bank, *grace))
	if p, ok := f.(tournament.Pools); ok && p.AllPlay {
		fmt.Fprintln(stdout, l.Sprintf("Pools: tables of %d, %s a table; the best two of each go on and the others play placement tables, so everyone plays every round.",
			p.TableSize, l.Sprintf("%d games", max(p.Legs, 1))))
	}
	switch o.Entrants {
	case director.EntrantsKnown:
		fmt.Fprintln(stdout, l.Sprintf("Entries: only the keys this arena knew before now."))
	case director.EntrantsList:
		fmt.Fprintln(stdout, l.Sprintf("Entries: only the class list's %d names and keys.", len(o.Allowed)))
	}
	fmt.Fprintln(stdout, l.Sprintf("Entrants join: ssh -T HOST bot --game %s --tournament %s (programs), or Join a tournament in the lobby.", t.Game, t.Code))
	fmt.Fprintln(stdout, l.Sprintf("Add house bots: ssh HOST tournament add %s --bot %s; then: ssh HOST tournament start %s", t.Code, e.Strongest, t.Code))
	fmt.Fprintln(stdout, t.Code)
	return 0
}

// formatOptionsApply refuses, with a sentence, a format option given on the command line
// that the format does not take (--rounds for a round robin: it used to be ignored), and
// one whose name is also a setting of the game (Garden Tensions's rounds), since the
// teacher may have meant either: the sentence says which is which. An option the format
// takes and the game has too is refused only where the format's name can carry it
// (swiss:R, elimination:N, pools:T), so that there is a way to say each.
func formatOptionsApply(fs *flag.FlagSet, e catalog.Entry, format string) error {
	given := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { given[f.Name] = true })
	for _, opt := range tournament.FormatOptionNames {
		if !given[opt] {
			continue
		}
		setting, clash := e.Game.Describe().Setting(opt)
		err := tournament.Inapplicable(format, opt)
		switch {
		case err != nil && clash:
			return lang.Errorf("%s; --%s is the tournament's option: %s's own %s setting is --config %s=N (%d to %d, default %d)",
				err, opt, lang.T(e.Game.Name()), opt, opt, setting.Min, setting.Max, setting.Default)
		case err != nil:
			return err
		case clash && tournament.ColonOption(format) == opt:
			name, _, _ := strings.Cut(format, ":")
			v := fs.Lookup(opt).Value
			return lang.Errorf("--%s is both the tournament's option and a setting of %s: say which you mean, --format %s:%s for the tournament's %s, --config %s=%s for the game's own (%d to %d, default %d)",
				opt, lang.T(e.Game.Name()), name, v, opt, opt, v, setting.Min, setting.Max, setting.Default)
		}
	}
	return nil
}
