package commands

import (
	"context"
	"flag"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/arena-classroom/arena/internal/plaintext"
	"github.com/arena-classroom/arena/lang"
	"github.com/arena-classroom/arena/server"
	"github.com/arena-classroom/arena/store"
	"github.com/arena-classroom/arena/tournament/director"
)

var tournamentGamesUsage = lang.N("usage: tournament games CODE [--round N] [--json | --csv [--lang fr|en]]")

// tournamentGamesJSON is the JSON of `tournament games CODE --json`.
type tournamentGamesJSON struct {
	Code   string `json:"code"`
	Name   string `json:"name"`
	Game   string `json:"game"`
	Format string `json:"format"`
	State  string `json:"state"`
	Round  int    `json:"round"`  // the round in progress, or the last
	Rounds int    `json:"rounds"` // of how many
	// Paired is false while later rounds wait to be paired on this one's results: their
	// games are not listed yet.
	Paired      bool                `json:"paired"`
	Games       []director.GameLine `json:"games"`
	Corrections []correctionJSON    `json:"corrections"`
}

type correctionJSON struct {
	Game   string `json:"game"`
	Action string `json:"action"`
	By     string `json:"by"`
	At     string `json:"at"`
	Text   string `json:"text"`
}

// tournamentGames lists a tournament's games: every one with a result (how it ended, its
// points, its replay), those being played and those due, with the teacher's corrections.
// Anyone who knows the code may, as for its standings.
func (a *App) tournamentGames(ctx context.Context, l lang.Lang, args []string, stdout, stderr io.Writer) int {
	if len(args) == 1 && (args[0] == "--help" || args[0] == "-h") {
		fmt.Fprintln(stdout, l.Say(tournamentGamesUsage)+"\n"+l.Sprintf("  every game of a tournament: its id (GAME, for tournament replay|void), round, players in seat order,\n  result and points, how it ended (played, forfeit, absent, voided) or that it is being played or not\n  played yet, and its replay id (REPLAY, for replay ID); the teacher's corrections under it"))
		return 0
	}
	if len(args) < 1 || strings.HasPrefix(args[0], "-") {
		fmt.Fprintln(stderr, l.Say(tournamentGamesUsage))
		return 2
	}
	fs := quietFlags("tournament games") // lang:keep a flag set's name, never printed
	round := fs.Int("round", 0, "")
	asJSON := fs.Bool("json", false, "")
	asCSV := fs.Bool("csv", false, "")
	csvLangFlag := fs.String("lang", "", "")
	if err := fs.Parse(args[1:]); err != nil || fs.NArg() > 0 || *asJSON && *asCSV || *round < 0 || *csvLangFlag != "" && !*asCSV {
		fmt.Fprintln(stderr, l.Say(tournamentGamesUsage))
		return 2
	}
	out, err := csvLang(*csvLangFlag)
	if err != nil {
		fmt.Fprintln(stderr, l.Sprintf("arena: %s", sayErr(err, l)))
		return 2
	}
	roundSet := false
	fs.Visit(func(f *flag.Flag) { roundSet = roundSet || f.Name == "round" })
	if roundSet && *round < 1 {
		fmt.Fprintln(stderr, l.Sprintf("arena: --round counts from 1"))
		return 2
	}
	code := strings.ToUpper(args[0])
	list, err := a.director.Games(ctx, code)
	if err != nil {
		return a.tournamentError(err, code, l, stderr)
	}
	if *round > 0 {
		list.Games = slices.DeleteFunc(list.Games, func(g director.GameLine) bool { return g.Round != *round })
		list.Corrections = slices.DeleteFunc(list.Corrections, func(c director.CorrectionLine) bool { return c.Was.Round != *round })
	}
	switch {
	case *asJSON:
		out := tournamentGamesJSON{Code: list.Code, Name: list.Name, Game: list.Game, Format: list.Format, State: list.State,
			Round: list.Round, Rounds: list.Rounds, Paired: list.Paired, Games: list.Games, Corrections: []correctionJSON{}}
		if out.Games == nil {
			out.Games = []director.GameLine{}
		}
		for _, c := range list.Corrections {
			out.Corrections = append(out.Corrections, correctionJSON{Game: director.GameID(c.Was.Round, c.Was.Pairing, c.Was.Leg),
				Action: c.Action, By: c.ByName, At: c.At.Format("2006-01-02T15:04:05Z07:00"), Text: c.Text})
		}
		return encodeJSON(stdout, out)
	case *asCSV:
		w := out.writer(stdout)
		_ = w.Write(out.head(gamesCSVHead...))
		for _, g := range list.Games {
			_ = w.Write(gameCSV(g, out))
		}
		w.Flush()
		return 0
	}
	writeGames(stdout, list, *round, l)
	return 0
}

// gamesCSVHead is the first line of `tournament games CODE --csv`.
var gamesCSVHead = []string{"id", "round", "pairing", "leg", "players", "ranks", "points", "result", "how", "forfeit", "replay", "room", "at"}

// gameCSV is a game's line of the CSV: the lists of seats joined (players with " vs ",
// ranks and points with spaces), in seat order; how it ended said for people with --lang.
func gameCSV(g director.GameLine, out csvOut) []string {
	ranks := make([]string, len(g.Ranks))
	for i, r := range g.Ranks {
		ranks[i] = strconv.Itoa(r)
	}
	return []string{g.ID, strconv.Itoa(g.Round), strconv.Itoa(g.Pairing), strconv.Itoa(g.Leg), strings.Join(g.Players, " vs "),
		strings.Join(ranks, " "), out.num(pointsText(g.Points, " ")), g.Result, out.word(g.How), g.Forfeit, g.Match, g.Room, out.when(g.At)}
}

// pointsText is the seats' points in seat order: "1-0", "0.5-0.5", "1-0.67-0.33-0".
func pointsText(points []float64, sep string) string {
	out := make([]string, len(points))
	for i, p := range points {
		out[i] = plaintext.Points(plaintext.Round2(p))
	}
	return strings.Join(out, sep)
}

// writeGames is the text of `tournament games`: a table, what its ids are for, the rounds
// not paired yet, and the corrections.
func writeGames(w io.Writer, list director.GameList, round int, l lang.Lang) {
	code := list.Code
	switch {
	case len(list.Games) > 0:
	case list.State == store.TournamentOpen || list.State == store.TournamentClosed:
		fmt.Fprintln(w, l.Sprintf("%s has not started: its games are paired at tournament start %s", code, code))
		return
	case round > 0 && !list.Paired && round > list.Round && round <= list.Rounds:
		fmt.Fprintln(w, l.Sprintf("round %d of %s is not paired yet: it is paired on the results of the rounds before it", round, code))
		return
	case round > 0:
		fmt.Fprintln(w, l.Sprintf("round %d of %s has no game (it has %d rounds)", round, code, list.Rounds))
	default:
		fmt.Fprintln(w, l.Sprintf("no game of %s yet", code))
	}
	t := plaintext.NewTable(plaintext.Left(inContext(l, "GAME", lang.N("GAME (a tournament's game)"))), plaintext.Right(l.Sprintf("ROUND")), plaintext.Left(l.Sprintf("PLAYERS")), plaintext.Left(l.Sprintf("RESULT")),
		plaintext.Left(l.Sprintf("POINTS")), plaintext.Left(l.Sprintf("HOW")), plaintext.Left(l.Sprintf("REPLAY")))
	for _, g := range list.Games {
		replay := g.Match
		if replay == "" {
			replay = "-"
		}
		t.Add(g.ID, strconv.Itoa(g.Round), plaintext.Clean(strings.Join(g.Players, " vs ")), plaintext.Clean(director.ResultText(g, l)),
			pointsText(g.Points, "-"), plaintext.Clean(howText(g, list.State, l)), replay)
	}
	t.Write(w, "")
	if len(list.Games) > 0 {
		fmt.Fprintln(w, l.Sprintf("GAME is round.pairing.game: tournament replay %s GAME plays it again, tournament void %s GAME takes it\nout of the standings. REPLAY is the stored game: ssh -t HOST replay ID watches it, replay ID --json exports it.", code, code))
	}
	if !list.Paired && list.Round > 0 && list.Round < list.Rounds && (round == 0 || round > list.Round) {
		fmt.Fprintln(w, l.Sprintf("Rounds %d to %d are paired on the results of the rounds before them: their games are listed once paired.", list.Round+1, list.Rounds))
	}
	if len(list.Corrections) > 0 {
		fmt.Fprintln(w, "\n"+l.Sprintf("Corrections:"))
		for _, c := range list.Corrections {
			fmt.Fprintf(w, "  %s\n", plaintext.Clean(c.TextIn(l)))
		}
	}
}

// howText says how a game ended, or where it stands, in a few words, in l.
func howText(g director.GameLine, state string, l lang.Lang) string {
	switch g.How {
	case director.HowForfeit:
		return l.Sprintf("forfeit by %s", g.Forfeit)
	case director.HowAbsent:
		return l.Sprintf("absent (nobody came)")
	case director.HowPlaying:
		return l.Sprintf("playing: watch %s", g.Room)
	case director.HowPending:
		if state == store.TournamentCancelled {
			return l.Sprintf("not played (cancelled)")
		}
		return l.Sprintf("not played yet")
	}
	if label, ok := csvValues[g.How]; ok {
		return l.Say(label)
	}
	return g.How
}

// correctGame replays or voids a game of a tournament (a teacher's correction).
func (a *App) correctGame(ctx context.Context, s *server.Session, stdout, stderr io.Writer) int {
	action, l := s.Args[1], s.Lang
	if len(s.Args) != 4 {
		fmt.Fprintln(stderr, l.Sprintf("usage: tournament %s CODE GAME (GAME as tournament games CODE lists them: round.pairing.game)", action))
		return 2
	}
	code, id := strings.ToUpper(s.Args[2]), s.Args[3]
	err := a.director.Correct(ctx, code, action, id, s.Who.ID, s.Who.Name)
	if code := a.tournamentError(err, code, l, stderr); code != 0 {
		return code
	}
	a.log.Info("tournament game corrected", "code", code, "game", id, "action", action, "by", s.Who.Name)
	if action == store.CorrectionVoid {
		fmt.Fprintln(stdout, l.Sprintf("Game %s of %s is out of the standings; its result stays in tournament games %s.", id, code, code))
		return 0
	}
	fmt.Fprintln(stdout, l.Sprintf("Game %s of %s is played again (new dice, as soon as its entrants are free); its old result stays in tournament games %s.", id, code, code))
	return 0
}
