package commands

import (
	"context"
	"encoding/csv"
	"flag"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/arena-classroom/arena/internal/plaintext"
	"github.com/arena-classroom/arena/server"
	"github.com/arena-classroom/arena/store"
	"github.com/arena-classroom/arena/tournament/director"
)

const tournamentGamesUsage = "usage: tournament games CODE [--round N] [--json|--csv]"

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
func (a *App) tournamentGames(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	if len(args) == 1 && (args[0] == "--help" || args[0] == "-h") {
		fmt.Fprintln(stdout, tournamentGamesUsage+"\n  every game of a tournament: its id (GAME, for tournament replay|void), round, players in seat order,\n"+
			"  result and points, how it ended (played, forfeit, absent, voided) or that it is being played or not\n"+
			"  played yet, and its replay id (REPLAY, for replay ID); the teacher's corrections under it")
		return 0
	}
	if len(args) < 1 || strings.HasPrefix(args[0], "-") {
		fmt.Fprintln(stderr, tournamentGamesUsage)
		return 2
	}
	fs := quietFlags("tournament games")
	round := fs.Int("round", 0, "")
	asJSON := fs.Bool("json", false, "")
	asCSV := fs.Bool("csv", false, "")
	if err := fs.Parse(args[1:]); err != nil || fs.NArg() > 0 || *asJSON && *asCSV || *round < 0 {
		fmt.Fprintln(stderr, tournamentGamesUsage)
		return 2
	}
	roundSet := false
	fs.Visit(func(f *flag.Flag) { roundSet = roundSet || f.Name == "round" })
	if roundSet && *round < 1 {
		fmt.Fprintln(stderr, "arena: --round counts from 1")
		return 2
	}
	code := strings.ToUpper(args[0])
	list, err := a.director.Games(ctx, code)
	if err != nil {
		return a.tournamentError(err, code, stderr)
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
		w := csv.NewWriter(stdout)
		_ = w.Write(gamesCSVHead)
		for _, g := range list.Games {
			_ = w.Write(gameCSV(g))
		}
		w.Flush()
		return 0
	}
	writeGames(stdout, list, *round)
	return 0
}

// gamesCSVHead is the first line of `tournament games CODE --csv`.
var gamesCSVHead = []string{"id", "round", "pairing", "leg", "players", "ranks", "points", "result", "how", "forfeit", "replay", "room", "at"}

// gameCSV is a game's line of the CSV: the lists of seats joined (players with " vs ",
// ranks and points with spaces), in seat order.
func gameCSV(g director.GameLine) []string {
	ranks := make([]string, len(g.Ranks))
	for i, r := range g.Ranks {
		ranks[i] = strconv.Itoa(r)
	}
	return []string{g.ID, strconv.Itoa(g.Round), strconv.Itoa(g.Pairing), strconv.Itoa(g.Leg), strings.Join(g.Players, " vs "),
		strings.Join(ranks, " "), pointsText(g.Points, " "), g.Result, g.How, g.Forfeit, g.Match, g.Room, g.At}
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
func writeGames(w io.Writer, list director.GameList, round int) {
	code := list.Code
	switch {
	case len(list.Games) > 0:
	case list.State == store.TournamentOpen || list.State == store.TournamentClosed:
		fmt.Fprintf(w, "%s has not started: its games are paired at tournament start %s\n", code, code)
		return
	case round > 0 && !list.Paired && round > list.Round && round <= list.Rounds:
		fmt.Fprintf(w, "round %d of %s is not paired yet: it is paired on the results of the rounds before it\n", round, code)
		return
	case round > 0:
		fmt.Fprintf(w, "round %d of %s has no game (it has %d rounds)\n", round, code, list.Rounds)
	default:
		fmt.Fprintf(w, "no game of %s yet\n", code)
	}
	t := plaintext.NewTable(plaintext.Left("GAME"), plaintext.Right("ROUND"), plaintext.Left("PLAYERS"), plaintext.Left("RESULT"),
		plaintext.Left("POINTS"), plaintext.Left("HOW"), plaintext.Left("REPLAY"))
	for _, g := range list.Games {
		replay := g.Match
		if replay == "" {
			replay = "-"
		}
		t.Add(g.ID, strconv.Itoa(g.Round), plaintext.Clean(strings.Join(g.Players, " vs ")), plaintext.Clean(g.Result),
			pointsText(g.Points, "-"), plaintext.Clean(howText(g, list.State)), replay)
	}
	t.Write(w, "")
	if len(list.Games) > 0 {
		fmt.Fprintf(w, "GAME is round.pairing.game: tournament replay %s GAME plays it again, tournament void %s GAME takes it\n"+
			"out of the standings. REPLAY is the stored game: ssh -t HOST replay ID watches it, replay ID --json exports it.\n", code, code)
	}
	if !list.Paired && list.Round > 0 && list.Round < list.Rounds && (round == 0 || round > list.Round) {
		fmt.Fprintf(w, "Rounds %d to %d are paired on the results of the rounds before them: their games are listed once paired.\n", list.Round+1, list.Rounds)
	}
	if len(list.Corrections) > 0 {
		fmt.Fprintln(w, "\nCorrections:")
		for _, c := range list.Corrections {
			fmt.Fprintf(w, "  %s\n", plaintext.Clean(c.Text))
		}
	}
}

// howText says how a game ended, or where it stands, in a few words.
func howText(g director.GameLine, state string) string {
	switch g.How {
	case director.HowForfeit:
		return "forfeit by " + g.Forfeit
	case director.HowAbsent:
		return "absent (nobody came)"
	case director.HowPlaying:
		return "playing: watch " + g.Room
	case director.HowPending:
		if state == store.TournamentCancelled {
			return "not played (cancelled)"
		}
		return "not played yet"
	}
	return g.How
}

// correctGame replays or voids a game of a tournament (a teacher's correction).
func (a *App) correctGame(ctx context.Context, s *server.Session, stdout, stderr io.Writer) int {
	action := s.Args[1]
	if len(s.Args) != 4 {
		fmt.Fprintf(stderr, "usage: tournament %s CODE GAME (GAME as tournament games CODE lists them: round.pairing.game)\n", action)
		return 2
	}
	code, id := strings.ToUpper(s.Args[2]), s.Args[3]
	err := a.director.Correct(ctx, code, action, id, s.Who.ID, s.Who.Name)
	if code := a.tournamentError(err, code, stderr); code != 0 {
		return code
	}
	a.log.Info("tournament game corrected", "code", code, "game", id, "action", action, "by", s.Who.Name)
	if action == store.CorrectionVoid {
		fmt.Fprintf(stdout, "Game %s of %s is out of the standings; its result stays in tournament games %s.\n", id, code, code)
		return 0
	}
	fmt.Fprintf(stdout, "Game %s of %s is played again (new dice, as soon as its entrants are free); its old result stays in tournament games %s.\n", id, code, code)
	return 0
}
