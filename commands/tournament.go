package commands

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/arena-classroom/arena/bots"
	"github.com/arena-classroom/arena/catalog"
	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/internal/plaintext"
	"github.com/arena-classroom/arena/keys"
	"github.com/arena-classroom/arena/lang"
	"github.com/arena-classroom/arena/server"
	"github.com/arena-classroom/arena/store"
	"github.com/arena-classroom/arena/tournament/director"
)

// Tournaments keeps class tournaments; *store.Store is one.
type Tournaments interface {
	director.Store
	CreateTournament(ctx context.Context, t store.Tournament) error
}

var tournamentUsage = lang.N(`usage:
  tournament create --game GAME --format FORMAT [--name NAME] [--rounds N] [--games-per-pairing N]
                    [--best-of N] [--table-size 3|4] [--size N] [--config KEY=VAL] [--parallel N]
                    [--max-entrants N] [--pace fast|live] [--grace 60s] [--seed N]
                    (tournament create --help: every option)
  tournament add CODE --bot BOT[,BOT…]        add house bots as entrants (before the start)
  tournament entrants CODE                    who entered: name, key, when, from where
  tournament remove CODE NAME                 take an entrant out, kept out until allowed back (after the start:
                                              its games not started are forfeited)
  tournament allow CODE NAME|FINGERPRINT      let a removed entrant back in
  tournament close|reopen CODE                close (or reopen) the entries before the start
  tournament pace CODE fast|live              the pace of the games not started yet
  tournament start|pause|resume|cancel CODE
  tournament list
  tournament standings CODE [--csv [--lang fr|en] | --json]
  tournament games CODE [--round N] [--json | --csv [--lang fr|en]]
                                              every game: players, result, points, how it ended
                                              (played, forfeit, absent, voided), its replay id
  tournament replay|void CODE GAME            play a game again, or take it out of the standings
Formats: round-robin, double-round-robin, swiss (--rounds), elimination (--best-of), pools (--table-size;
Perfect Aim, War Hammer, DiceWars). Students join with ssh -T HOST bot --game GAME --tournament CODE, or
from the lobby (Join a tournament).`)

// DefaultGrace is how long a due program is waited for before it forfeits.
const DefaultGrace = 60 * time.Second

// tournamentCommand serves `tournament …`.
func (a *App) tournamentCommand(c call) int {
	s, stdout, stderr := c.s, c.stdout, c.stderr
	l := s.Lang
	if len(s.Args) < 2 {
		fmt.Fprintln(stderr, l.Say(tournamentUsage))
		return 2
	}
	sub := s.Args[1]
	if sub == "--help" || sub == "help" {
		fmt.Fprintln(stdout, l.Say(tournamentUsage))
		return 0
	}
	if a.tournaments == nil || a.director == nil {
		fmt.Fprintln(stderr, l.Sprintf("arena: this server keeps no tournaments (it runs without a data directory)"))
		return 1
	}
	ctx, cancel := context.WithTimeout(s.SSH.Context(), 30*time.Second)
	defer cancel()
	switch sub {
	case "list":
		return a.listTournaments(ctx, l, stdout, stderr)
	case "standings":
		return a.tournamentStandings(ctx, l, s.Args[2:], stdout, stderr)
	case "games":
		return a.tournamentGames(ctx, l, s.Args[2:], stdout, stderr)
	}
	if sub == "create" { // the one that reads stdin (a class list)
		return a.createTournament(ctx, s, c.stdin, stdout, stderr)
	}
	run, ok := teacherTournamentCommands[sub]
	if !ok {
		fmt.Fprintf(stderr, "%s\n%s\n", l.Sprintf("arena: unknown tournament command %q", sub), l.Say(tournamentUsage))
		return 2
	}
	return run(a, ctx, s, stdout, stderr)
}

// teacherTournamentCommands are the tournament commands only teachers may run (the command
// table checks), by name.
var teacherTournamentCommands map[string]func(a *App, ctx context.Context, s *server.Session, stdout, stderr io.Writer) int

func init() {
	teacherTournamentCommands = map[string]func(a *App, ctx context.Context, s *server.Session, stdout, stderr io.Writer) int{
		"create": func(a *App, ctx context.Context, s *server.Session, stdout, stderr io.Writer) int {
			return a.createTournament(ctx, s, strings.NewReader(""), stdout, stderr)
		},
		"add": func(a *App, ctx context.Context, s *server.Session, stdout, stderr io.Writer) int {
			return a.addHouseBots(ctx, s.Lang, s.Args[2:], stdout, stderr)
		},
		"entrants": func(a *App, ctx context.Context, s *server.Session, stdout, stderr io.Writer) int {
			return a.listEntrants(ctx, s.Lang, s.Args[2:], stdout, stderr)
		},
		"remove": (*App).removeEntrant,
		"pace":   (*App).setPace,
		"replay": (*App).correctGame,
		"void":   (*App).correctGame,
		"allow":  (*App).allowEntrant,
	}
	for _, sub := range []string{"start", "pause", "resume", "cancel", "close", "reopen"} {
		teacherTournamentCommands[sub] = (*App).changeTournament
	}
}

// changeTournament starts, pauses, resumes, cancels, closes or reopens a tournament.
func (a *App) changeTournament(ctx context.Context, s *server.Session, stdout, stderr io.Writer) int {
	sub, l := s.Args[1], s.Lang
	if len(s.Args) != 3 {
		fmt.Fprintln(stderr, l.Sprintf("usage: tournament %s CODE", sub))
		return 2
	}
	code := strings.ToUpper(s.Args[2])
	var err error
	switch sub {
	case "start":
		err = a.director.Start(ctx, code)
	case "pause":
		err = a.director.Pause(ctx, code)
	case "resume":
		err = a.director.Resume(ctx, code)
	case "cancel":
		err = a.director.Cancel(ctx, code)
	case "close":
		err = a.director.Close(ctx, code)
	case "reopen":
		err = a.director.Reopen(ctx, code)
	}
	if code := a.tournamentError(err, code, l, stderr); code != 0 {
		return code
	}
	a.log.Info("tournament "+sub, "code", code, "by", s.Who.Name)
	switch sub {
	case "start":
		fmt.Fprintln(stdout, l.Sprintf("Tournament %s started.", code))
		fmt.Fprintln(stdout, l.Sprintf("Follow it: ssh -t HOST wall %s, or ssh HOST tournament standings %s", code, code))
	case "pause":
		fmt.Fprintln(stdout, l.Sprintf("Tournament %s paused: the games in progress finish, no new one starts.", code))
	case "resume":
		fmt.Fprintln(stdout, l.Sprintf("Tournament %s resumed.", code))
	case "cancel":
		fmt.Fprintln(stdout, l.Sprintf("Tournament %s cancelled: its results so far are kept.", code))
	case "close":
		fmt.Fprintln(stdout, l.Sprintf("Tournament %s closed to new entrants (tournament entrants %s lists them; reopen takes more).", code, code))
	case "reopen":
		fmt.Fprintln(stdout, l.Sprintf("Tournament %s open to entrants again.", code))
	}
	return 0
}

// tournamentError reports err to the teacher in a sentence, in l; 0 when there is none.
func (a *App) tournamentError(err error, code string, l lang.Lang, stderr io.Writer) int {
	switch {
	case err == nil:
		return 0
	case errors.Is(err, store.ErrNotFound):
		fmt.Fprintln(stderr, l.Sprintf("arena: no tournament %q (tournament list shows them)", code))
	case director.IsState(err):
		fmt.Fprintln(stderr, l.Sprintf("arena: %s", sayErr(err, l)))
	default:
		a.log.Error("tournament", "code", code, "err", err)
		fmt.Fprintln(stderr, l.Sprintf("arena: the tournament could not be changed right now; try again"))
	}
	return 1
}

// listEntrants shows a teacher who entered a tournament: name, kind, key, when, from where.
func (a *App) listEntrants(ctx context.Context, l lang.Lang, args []string, stdout, stderr io.Writer) int {
	if len(args) != 1 {
		fmt.Fprintln(stderr, l.Sprintf("usage: tournament entrants CODE"))
		return 2
	}
	code := strings.ToUpper(args[0])
	list, err := a.tournaments.Entrants(ctx, code)
	if err != nil {
		return a.tournamentError(err, code, l, stderr)
	}
	if len(list) == 0 {
		if _, err := a.tournaments.Tournament(ctx, code); err != nil {
			return a.tournamentError(err, code, l, stderr)
		}
		fmt.Fprintln(stdout, l.Sprintf("nobody has entered %s yet", code))
		return 0
	}
	perAddr := map[string]int{}
	for _, e := range list {
		if e.Addr != "" {
			perAddr[e.Addr]++
		}
	}
	t := plaintext.NewTable(plaintext.Left(l.Sprintf("NAME")), plaintext.Left(l.Sprintf("KIND")), plaintext.Left(l.Sprintf("KEY")),
		plaintext.Left(l.Sprintf("ENTERED (UTC)")), plaintext.Left(l.Sprintf("FROM")))
	for _, e := range list {
		key, when, from := "-", "-", e.Addr
		if e.Kind != store.EntrantHouse {
			key = keys.Short(e.ID)
		}
		if !e.EnteredAt.IsZero() {
			when = l.DateTime(e.EnteredAt.UTC(), true)
		}
		if from == "" {
			from = "-"
		} else if n := perAddr[e.Addr]; n > 1 {
			from = l.Sprintf("%s (%d entrants)", e.Addr, n)
		}
		kind := e.Kind
		if k, ok := entrantKinds[kind]; ok {
			kind = l.Say(k)
		}
		t.Add(plaintext.Clean(e.Name), kind, key, when, from)
	}
	t.Write(stdout, "")
	fmt.Fprintln(stdout, l.Sprintf("%d entrants; tournament remove %s NAME takes one out before the start", len(list), code))
	return 0
}

// removeEntrant takes an entrant out of a tournament: before the start it is no longer
// entered; after, its games not started are forfeited.
func (a *App) removeEntrant(ctx context.Context, s *server.Session, stdout, stderr io.Writer) int {
	l := s.Lang
	if len(s.Args) < 4 {
		fmt.Fprintln(stderr, l.Sprintf("usage: tournament remove CODE NAME"))
		return 2
	}
	code := strings.ToUpper(s.Args[2])
	name := strings.Join(s.Args[3:], " ")
	e, err := a.director.Remove(ctx, code, name)
	if code := a.tournamentError(err, code, l, stderr); code != 0 {
		return code
	}
	a.log.Info("tournament entrant removed", "code", code, "entrant", e.Name, "id", keys.Short(e.ID), "by", s.Who.Name)
	if rep, err := a.director.Report(ctx, code); err == nil && rep.State != store.TournamentOpen && rep.State != store.TournamentClosed {
		fmt.Fprintln(stdout, l.Sprintf("%s is out of %s: its games not started are forfeited; those played keep their results.", plaintext.Clean(e.Name), code))
		return 0
	}
	if e.Kind == store.EntrantHouse {
		fmt.Fprintln(stdout, l.Sprintf("%s is no longer entered in %s.", plaintext.Clean(e.Name), code))
		return 0
	}
	fmt.Fprintln(stdout, l.Sprintf("%s is no longer entered in %s, and cannot enter again until tournament allow %s %s.",
		plaintext.Clean(e.Name), code, code, plaintext.Clean(e.Name)))
	return 0
}

// allowEntrant lets a removed entrant back in.
func (a *App) allowEntrant(ctx context.Context, s *server.Session, stdout, stderr io.Writer) int {
	l := s.Lang
	if len(s.Args) != 4 {
		fmt.Fprintln(stderr, l.Sprintf("usage: tournament allow CODE NAME|FINGERPRINT"))
		return 2
	}
	code, who := strings.ToUpper(s.Args[2]), s.Args[3]
	if err := a.director.Allow(ctx, code, who); err != nil {
		return a.tournamentError(err, code, l, stderr)
	}
	a.log.Info("tournament entrant allowed back", "code", code, "entrant", who, "by", s.Who.Name)
	fmt.Fprintln(stdout, l.Sprintf("%s may enter %s again.", plaintext.Clean(who), code))
	return 0
}

// setPace changes the pace of a tournament's games not started yet.
func (a *App) setPace(ctx context.Context, s *server.Session, stdout, stderr io.Writer) int {
	l := s.Lang
	if len(s.Args) != 4 {
		fmt.Fprintln(stderr, l.Sprintf("usage: tournament pace CODE fast|live"))
		return 2
	}
	code, pace := strings.ToUpper(s.Args[2]), strings.ToLower(s.Args[3])
	err := a.director.SetPace(ctx, code, pace)
	if code := a.tournamentError(err, code, l, stderr); code != 0 {
		return code
	}
	a.log.Info("tournament pace", "code", code, "pace", pace, "by", s.Who.Name)
	if pace == director.PaceLive {
		fmt.Fprintln(stdout, l.Sprintf("Tournament %s: the games that start from now on are played at a person's pace, to be followed.", code))
	} else {
		fmt.Fprintln(stdout, l.Sprintf("Tournament %s: the games that start from now on are played as fast as the entrants answer.", code))
	}
	return 0
}

// tournamentCode is a tournament's code: "T" and five characters (see shortCode).
func (a *App) addHouseBots(ctx context.Context, l lang.Lang, args []string, stdout, stderr io.Writer) int {
	usage := l.Sprintf("usage: tournament add CODE --bot BOT[,BOT…]")
	if len(args) < 1 || strings.HasPrefix(args[0], "-") {
		fmt.Fprintln(stderr, usage)
		return 2
	}
	code := strings.ToUpper(args[0])
	fs := quietFlags("tournament add") // lang:keep a flag set's name, never printed
	list := fs.String("bot", "", "")
	if err := fs.Parse(args[1:]); err != nil || fs.NArg() > 0 || *list == "" {
		fmt.Fprintln(stderr, usage)
		return 2
	}
	t, err := a.tournaments.Tournament(ctx, code)
	if err != nil {
		return a.tournamentError(err, code, l, stderr)
	}
	e, err := catalog.Lookup(t.Game)
	if err != nil {
		fmt.Fprintln(stderr, l.Sprintf("arena: %s", sayErr(err, l)))
		return 1
	}
	entrants, err := a.tournaments.Entrants(ctx, code)
	if err != nil {
		return a.tournamentError(err, code, l, stderr)
	}
	taken := map[string]bool{}
	for _, en := range entrants {
		taken[en.Name] = true
	}
	for _, n := range strings.Split(*list, ",") {
		info, ok := bots.Find(e.Bots, strings.TrimSpace(n))
		if !ok {
			fmt.Fprintln(stderr, l.Sprintf("arena: %s has no house bot %q; its bots: %s", e.Game.ID(), n, bots.Names(e.Bots, true)))
			return 2
		}
		// A second greedy is "greedy#2": each house entrant is its own player.
		name := info.Name
		for k := 2; taken[name]; k++ {
			name = fmt.Sprintf("%s#%d", info.Name, k)
		}
		en := store.Entrant{ID: "house:" + name, Name: name, Kind: store.EntrantHouse, Bot: info.Name,
			Rating: a.archive.SeedRating(ctx, t.Game, "bot:"+info.Name)}
		if err := a.director.Enter(ctx, code, en); err != nil {
			return a.entryError(err, code, name, l, stderr)
		}
		taken[name] = true
		fmt.Fprintln(stdout, l.Sprintf("%s entered in %s", name, code))
	}
	return 0
}

// entryError says why an entry was refused.
func (a *App) entryError(err error, code, name string, l lang.Lang, stderr io.Writer) int {
	switch {
	case errors.Is(err, store.ErrNotOpen):
		fmt.Fprintln(stderr, l.Sprintf("arena: entries to tournament %s are closed", code))
	case errors.As(err, new(*director.ErrFull)):
		fmt.Fprintln(stderr, l.Sprintf("arena: tournament %s: %s", code, sayErr(err, l)))
	case errors.Is(err, store.ErrEntrantExists):
		fmt.Fprintln(stderr, l.Sprintf("arena: %s is already entered in %s", name, code))
	case errors.Is(err, store.ErrEntrantName):
		fmt.Fprintln(stderr, l.Sprintf("arena: another entrant of %s is called %s", code, name))
	default:
		if refused, _ := director.IsEntryRefused(err); refused {
			fmt.Fprintln(stderr, l.Sprintf("arena: %s", sayErr(err, l)))
			return 1
		}
		return a.tournamentError(err, code, l, stderr)
	}
	return 1
}

func (a *App) listTournaments(ctx context.Context, l lang.Lang, stdout, stderr io.Writer) int {
	list, err := a.tournaments.Tournaments(ctx)
	if err != nil {
		a.log.Error("tournaments", "err", err)
		fmt.Fprintln(stderr, l.Sprintf("arena: the tournaments could not be read right now; try again"))
		return 1
	}
	if len(list) == 0 {
		fmt.Fprintln(stdout, l.Sprintf("no tournaments yet"))
		return 0
	}
	table := plaintext.NewTable(plaintext.Left("CODE"), plaintext.Left(l.Sprintf("STATE")), plaintext.Left(l.Sprintf("GAME")), plaintext.Left(l.Sprintf("FORMAT")),
		plaintext.Right(l.Sprintf("ENTRANTS")), plaintext.Right(l.Sprintf("GAMES")), plaintext.Left(l.Sprintf("NAME")))
	codes := make([]string, len(list))
	for i, t := range list {
		codes[i] = t.Code
	}
	reps, errs := a.director.Reports(ctx, codes) // together: not four queries a tournament
	for i, t := range list {
		rep, err := reps[i], errs[i]
		games, entrants := "?", "?"
		if err == nil {
			games, entrants = fmt.Sprintf("%d/%d", rep.GamesPlayed, rep.GamesTotal), strconv.Itoa(rep.Entrants)
		}
		table.Add(t.Code, tournamentState(t.State, l), t.Game, t.Format, entrants, games, plaintext.Clean(t.Name))
	}
	table.Write(stdout, "")
	return 0
}

// standingsJSON is the JSON of `tournament standings CODE --json`.
type standingsJSON struct {
	Code        string         `json:"code"`
	Name        string         `json:"name"`
	Game        string         `json:"game"`
	Format      string         `json:"format"`
	State       string         `json:"state"`
	Round       int            `json:"round"`
	Rounds      int            `json:"rounds"`
	GamesPlayed int            `json:"games_played"`
	GamesTotal  int            `json:"games_total"`
	Standings   []standingJSON `json:"standings"`
}

type standingJSON struct {
	Rank      int                `json:"rank"`
	Name      string             `json:"name"`
	Points    float64            `json:"points"`
	Played    int                `json:"played"`
	Wins      int                `json:"wins"`
	Draws     int                `json:"draws"`
	Losses    int                `json:"losses"`
	Byes      int                `json:"byes,omitempty"`
	Forfeits  int                `json:"forfeits"` // games lost by forfeit (among losses)
	Absent    int                `json:"absent"`   // games nobody came to (among losses)
	Stage     int                `json:"stage,omitempty"`
	Places    []int              `json:"places,omitempty"` // pools: games finished first, second, …
	TieBreaks map[string]float64 `json:"tie_breaks,omitempty"`
}

func (a *App) tournamentStandings(ctx context.Context, l lang.Lang, args []string, stdout, stderr io.Writer) int {
	usage := l.Sprintf("usage: tournament standings CODE [--csv [--lang fr|en] | --json]")
	if len(args) < 1 || strings.HasPrefix(args[0], "-") {
		fmt.Fprintln(stderr, usage)
		return 2
	}
	fs := quietFlags("tournament standings") // lang:keep a flag set's name, never printed
	asCSV := fs.Bool("csv", false, "")
	asJSON := fs.Bool("json", false, "")
	csvLangFlag := fs.String("lang", "", "")
	if err := fs.Parse(args[1:]); err != nil || fs.NArg() > 0 || *asCSV && *asJSON || *csvLangFlag != "" && !*asCSV {
		fmt.Fprintln(stderr, usage)
		return 2
	}
	csvOut, err := csvLang(*csvLangFlag)
	if err != nil {
		fmt.Fprintln(stderr, l.Sprintf("arena: %s", sayErr(err, l)))
		return 2
	}
	code := strings.ToUpper(args[0])
	rep, err := a.director.Report(ctx, code)
	if err != nil {
		return a.tournamentError(err, code, l, stderr)
	}
	out := standingsJSON{Code: rep.Code, Name: rep.Name, Game: rep.Game, Format: rep.Format, State: rep.State,
		Round: rep.Round, Rounds: rep.Rounds, GamesPlayed: rep.GamesPlayed, GamesTotal: rep.GamesTotal,
		Standings: make([]standingJSON, 0, len(rep.Standings))}
	for _, s := range rep.Standings {
		row := standingJSON{Rank: s.Rank, Name: s.Name, Points: s.Points, Played: s.Played, Wins: s.Wins,
			Draws: s.Draws, Losses: s.Losses, Byes: s.Byes, Forfeits: s.Forfeits, Absent: s.Absent, Stage: s.Stage, Places: s.Places}
		for _, tb := range s.TieBreaks {
			if tb.NA {
				continue // did not apply to this entrant (head-to-head of one tied with nobody)
			}
			if row.TieBreaks == nil {
				row.TieBreaks = map[string]float64{}
			}
			row.TieBreaks[tb.Name] = tb.Value
		}
		out.Standings = append(out.Standings, row)
	}
	switch {
	case *asJSON:
		return encodeJSON(stdout, out)
	case *asCSV:
		w := csvOut.writer(stdout)
		head := csvOut.head("rank", "name", "points", "played", "wins", "draws", "losses", "byes", "forfeits", "absent")
		places := 0 // pools: a column for each place, the games finished there
		var tbNames []string
		if len(rep.Standings) > 0 {
			places = len(rep.Standings[0].Places)
			for p := range places {
				if csvOut.human {
					head = append(head, csvOut.l.Ordinal(p+1))
				} else {
					head = append(head, games.Ordinal(p+1))
				}
			}
			for _, tb := range rep.Standings[0].TieBreaks {
				tbNames = append(tbNames, tb.Name)
			}
		}
		_ = w.Write(append(head, tbNames...))
		for _, s := range rep.Standings {
			rec := []string{strconv.Itoa(s.Rank), s.Name, csvOut.num(plaintext.Points(s.Points)), strconv.Itoa(s.Played), strconv.Itoa(s.Wins),
				strconv.Itoa(s.Draws), strconv.Itoa(s.Losses), strconv.Itoa(s.Byes), strconv.Itoa(s.Forfeits), strconv.Itoa(s.Absent)}
			for p := range places {
				n := 0
				if p < len(s.Places) {
					n = s.Places[p]
				}
				rec = append(rec, strconv.Itoa(n))
			}
			for _, tb := range s.TieBreaks {
				if tb.NA {
					rec = append(rec, "") // did not apply to this entrant
					continue
				}
				rec = append(rec, csvOut.num(plaintext.Points(tb.Value)))
			}
			_ = w.Write(rec)
		}
		w.Flush()
		return 0
	}
	fmt.Fprint(stdout, director.StandingsTextIn(rep, 0, l))
	return 0
}

// entrantKinds are the kinds of entrants said for people (store.EntrantPerson, …).
var entrantKinds = map[string]string{
	store.EntrantPerson:  lang.N("person"),
	store.EntrantProgram: lang.N("program"),
	store.EntrantHouse:   lang.N("house"),
}

// tournamentStates are a tournament's states said for people in another language than
// English (which shows the state as it is stored): their keys say they are a tournament's,
// whose French words agree with « tournoi » (a room's "closed" is « fermée »).
var tournamentStates = map[string]string{
	store.TournamentOpen:      lang.N("open (a tournament)"),
	store.TournamentClosed:    lang.N("closed (a tournament)"),
	store.TournamentRunning:   lang.N("running (a tournament)"),
	store.TournamentPaused:    lang.N("paused (a tournament)"),
	store.TournamentFinished:  lang.N("finished (a tournament)"),
	store.TournamentCancelled: lang.N("cancelled (a tournament)"),
}

// tournamentState is a tournament's state in l.
func tournamentState(state string, l lang.Lang) string {
	if key, ok := tournamentStates[state]; ok {
		return inContext(l, state, key)
	}
	return state
}
