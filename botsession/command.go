package botsession

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/arena-classroom/arena/botproto"
	"github.com/arena-classroom/arena/bots"
	"github.com/arena-classroom/arena/catalog"
	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/keys"
	"github.com/arena-classroom/arena/lang"
	"github.com/arena-classroom/arena/presence"
	"github.com/arena-classroom/arena/program"
	"github.com/arena-classroom/arena/seed"
	"github.com/arena-classroom/arena/server"
)

// botArgs is a parsed `bot` command line.
type botArgs struct {
	entry    catalog.Entry
	config   games.Config
	name     string
	practice bool
	vs       []string
	seed     uint64
	seedSet  bool
	games    int // 0: play on until the bot leaves
	// assignment is the code of a teacher's assignment to play ("" for none).
	assignment string
	// tournament is the code of a class tournament to play in ("" for none).
	tournament string
	// setKeys are the settings given on the command line (a batch seating scheme may vary
	// the others from game to game, as Perfect Aim's permutation).
	setKeys []string
	// seedOf, when set, is game i's seed instead of seed+i: seeds of hidden chance the
	// server drew, keyed with its secret, which nobody can foresee.
	seedOf func(i int) uint64
	// seedsHidden: no seed is shown at all, not even once a game is over (assignments).
	seedsHidden bool
}

// MaxPracticeGames bounds one practice session: its games run on the server.
const MaxPracticeGames = 10_000

// Usage is the bot command's usage line.
// lang:keep the command line syntax
const Usage = `usage: bot --game GAME [--name NAME] [--practice [--vs BOT[,BOT…]] [--seed N]] [--games N] [--size N] [--config KEY=VAL] | bot --game GAME --assignment CODE | bot --game GAME --tournament CODE [--name NAME]`

// parseBotArgs reads the options of the bot protocol (docs/bots.md), plus --size and --config for the game's
// settings.
func parseBotArgs(args []string) (botArgs, error) {
	fs := flag.NewFlagSet("bot", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	gameID := fs.String("game", "", "")
	name := fs.String("name", "", "")
	practice := fs.Bool("practice", false, "")
	vs := fs.String("vs", "", "")
	seedText := fs.String("seed", "", "")
	n := fs.Int("games", 0, "")
	size := fs.Int("size", 0, "")
	assignment := fs.String("assignment", "", "")
	tournamentCode := fs.String("tournament", "", "")
	cfg := games.Config{}
	fs.Func("config", "", cfg.Set)
	if err := fs.Parse(args); err != nil {
		return botArgs{}, lang.Errorf("%s (%s)", err, Usage)
	}
	for _, fixed := range []struct{ flag, value string }{{"assignment", *assignment}, {"tournament", *tournamentCode}} {
		if fixed.value == "" {
			continue
		}
		if *seedText != "" {
			return botArgs{}, lang.Errorf("--seed does not go with --%s: its games are set by the teacher, and where they hold dice their seeds stay secret (practise with --practice --seed N)", fixed.flag)
		}
		// The assignment or tournament sets the games: nothing but the game and a name goes with it.
		set := 0
		fs.Visit(func(f *flag.Flag) {
			if f.Name != "game" && f.Name != "name" && f.Name != fixed.flag {
				set++
			}
		})
		if set > 0 {
			return botArgs{}, lang.Errorf("--%s sets the opponents, games and settings itself: give only --game (and --name)", fixed.flag)
		}
	}
	if fs.NArg() > 0 {
		return botArgs{}, lang.Errorf("unexpected argument %q (%s)", fs.Arg(0), Usage)
	}
	var b botArgs
	if *gameID == "" {
		return b, lang.Errorf("--game is required (%s)", Usage)
	}
	e, err := catalog.Lookup(*gameID)
	if err != nil {
		return b, err
	}
	if !botproto.Documented(e.Game) {
		return b, lang.Errorf("%s cannot be played by programs yet", lang.T(e.Game.Name()))
	}
	b.entry, b.name, b.practice, b.games, b.assignment, b.tournament = e, *name, *practice, *n, *assignment, strings.ToUpper(*tournamentCode)
	if *size != 0 {
		cfg["size"] = *size
	}
	desc := e.Game.Describe()
	for _, k := range cfg.Keys() {
		if st, ok := desc.Setting(k); ok && st.ByArena {
			return b, lang.Errorf("%s's %s setting comes from the seats (in practice yours is the first, then the --vs bots'), not --config %s", lang.T(e.Game.Name()), k, k)
		}
	}
	b.setKeys = cfg.Keys()
	// Without --size, a board a person can watch on an 80×24 terminal (a person may
	// challenge the program, a teacher watch its practice).
	if b.config, err = e.Watchable(cfg); err != nil {
		return b, err
	}
	if b.games < 0 {
		return b, lang.Errorf("--games must be positive, not %s", strconv.Itoa(b.games))
	}
	if b.games > MaxPracticeGames {
		return b, lang.Errorf("--games %s: a practice session plays at most %d games; run several sessions, or arena match on your own machine", strconv.Itoa(b.games), MaxPracticeGames)
	}
	if *seedText != "" {
		if b.seed, err = seed.Parse(*seedText, b.games); err != nil {
			return b, lang.Errorf("--%s", err)
		}
		b.seedSet = true
	}
	if !b.practice && (*vs != "" || b.seedSet) {
		return b, lang.Errorf("--vs and --seed go with --practice (without it, the matchmaker picks opponents)")
	}
	if b.practice {
		if b.games == 0 {
			b.games = 1
		}
		if err := b.pickOpponents(*vs); err != nil {
			return b, err
		}
	}
	return b, nil
}

// anySize reports whether the program left the board size to whoever challenges it: its
// game has one and --size (or --config size=) was not given.
func (b botArgs) anySize() bool {
	_, sized := b.entry.Game.Describe().Setting("size")
	return sized && !slices.Contains(b.setKeys, "size")
}

// Check reports whether the bot command would take these arguments (those after `bot`),
// and why not.
func Check(args []string) error {
	_, err := parseBotArgs(args)
	return err
}

// pickOpponents fills the table with the named house bots, the last one repeated, or the
// game's strongest.
func (b *botArgs) pickOpponents(list string) error {
	minSeats, maxSeats := b.entry.Game.Seats()
	names := []string{b.entry.Strongest}
	if list != "" {
		names = strings.Split(list, ",")
	}
	for i, n := range names {
		n = strings.TrimSpace(n)
		info, ok := bots.Find(b.entry.Bots, n)
		if !ok {
			return lang.Errorf("%s has no house bot %q; its bots: %s", b.entry.Game.ID(), n, bots.Names(b.entry.Bots, true))
		}
		names[i] = info.Name
	}
	for len(names)+1 < minSeats {
		names = append(names, names[len(names)-1])
	}
	if len(names)+1 > maxSeats {
		return lang.Errorf("%s seats at most %d players: name at most %d house bots", lang.T(b.entry.Game.Name()), maxSeats, maxSeats-1)
	}
	b.vs = names
	return nil
}

// refusal refuses a session before its connection exists (nothing is queued yet): one
// error line for the program, the sentence for people (msg, in their language), and
// status.
func refusal(stdout, stderr io.Writer, status int, msg string) int {
	line, _ := json.Marshal(botproto.Error{Type: botproto.TypeError, Msg: msg})
	fmt.Fprintf(stdout, "%s\n", line)
	fmt.Fprintf(stderr, "arena: %s\n", msg)
	return status
}

// ExitTryAgain is a bot session's exit status when the server is shutting down under a
// tournament's program: it may come back in a moment (EX_TEMPFAIL of sysexits.h).
const ExitTryAgain = 75

// Serve serves `bot --game GAME …`: a program playing over the bot protocol. stdout
// carries protocol only; sentences for people go to stderr.
func (a *Sessions) Serve(s *server.Session, stdin io.Reader, stdout, stderr io.Writer) int {
	// Before the connection exists, refusals are written directly: nothing is queued yet.
	// The sentences (msg of warn and error lines, stderr) speak the session's language;
	// codes and values do not change.
	l := s.Lang
	refuse := func(status int, err error) int { return refusal(stdout, stderr, status, lang.Say(err, l)) }
	args, err := parseBotArgs(s.Args[1:])
	if err != nil {
		return refuse(2, err)
	}
	if s.Who.Guest {
		return refuse(1, lang.Errorf("bot sessions need a public key: connect with ssh -i KEY (make one with ssh-keygen -t ed25519)"))
	}
	reg := a.bots
	lim, release, err := reg.acquire(s.Who.ID)
	if err != nil {
		// A wait cures it (a session of a connection just lost may linger): come back.
		return refuse(ExitTryAgain, err)
	}
	defer release()

	name := botName(s.Who, args.name)
	cfg := a.rooms.Config()
	clock := program.Clock{Move: cfg.BotMove, Bank: cfg.BotBank, MaxStrikes: cfg.MaxStrikes}
	conn := program.NewConn(stdin, stdout, program.ConnOptions{
		Limits: lim.Limits,
		Bucket: reg.bucket(s.Who.ID),
		Diag:   stderr,
		Lang:   l,
		First: botproto.Hello{Type: botproto.TypeHello, Protocol: botproto.Version, Game: args.entry.Game.ID(),
			Name: name, Limits: program.ClockLimits(clock)},
	})
	ctx, cancel := context.WithCancel(s.SSH.Context())
	defer cancel()
	// The session ending under a connected bot means the server is shutting down (or the
	// client has just gone, and the line is lost): say so, once, whoever notices first.
	var shutdown sync.Once
	sayShutdown := func() {
		shutdown.Do(func() {
			if conn.Err() == nil {
				conn.Fail(lang.Errorf("the session is ending: the server is shutting down (please reconnect in a minute)"), time.Second)
			}
		})
	}
	go func() {
		select {
		case <-s.SSH.Context().Done():
			sayShutdown()
		case <-conn.Done():
		}
		cancel()
	}()
	defer func() {
		if s.SSH.Context().Err() != nil {
			sayShutdown()
		}
		// What is queued (the last "end", a summary) reaches a client that still reads.
		conn.Flush(5 * time.Second)
		conn.Close(nil)
	}()

	presence := presence.NewKey()
	defer a.presence.Leave(presence)
	if args.assignment != "" {
		args, as, err := a.assignmentArgs(ctx, args, s.Who)
		if err != nil {
			conn.Fail(err, time.Second)
			return 1
		}
		return a.runAssignment(ctx, conn, args, as, s.Who, name, clock, presence)
	}
	if args.tournament != "" {
		code := a.tournamentBot(ctx, conn, args, s.Who, name, s.Host(), presence)
		if code == 0 && s.SSH.Context().Err() != nil {
			// The server is going away, not the tournament: 75 (EX_TEMPFAIL) tells the
			// starter kits to come back (see docs/bots.md).
			return ExitTryAgain
		}
		return code
	}
	if args.practice {
		return a.practice(ctx, conn, args, s.Who, name, clock, presence)
	}
	return a.queueBot(ctx, conn, args, s.Who, name, presence)
}

// botName is how a bot is shown: its key's name, or name/botname for a bot named with
// --name, so that no bot can pass for another player.
func botName(who keys.Identity, name string) string {
	n := keys.SanitizeName(name)
	if n == "" || n == who.Name {
		return who.Name
	}
	return who.Name + "/" + n
}
