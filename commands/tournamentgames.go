package commands

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/arena-classroom/arena/internal/plaintext"
	"github.com/arena-classroom/arena/server"
	"github.com/arena-classroom/arena/store"
	"github.com/arena-classroom/arena/tournament/director"
)

// tournamentGames lists a tournament's games with a result, how each was decided, and the
// teacher's corrections: the games a teacher may replay or void, by their ids.
func (a *App) tournamentGames(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	usage := "usage: tournament games CODE [--json]"
	if len(args) < 1 || len(args) > 2 || strings.HasPrefix(args[0], "-") || len(args) == 2 && args[1] != "--json" {
		fmt.Fprintln(stderr, usage)
		return 2
	}
	code := strings.ToUpper(args[0])
	lines, corrections, err := a.director.Games(ctx, code)
	if err != nil {
		return a.tournamentError(err, code, stderr)
	}
	if len(args) == 2 {
		type correctionJSON struct {
			Game   string `json:"game"`
			Action string `json:"action"`
			By     string `json:"by"`
			At     string `json:"at"`
			Text   string `json:"text"`
		}
		out := struct {
			Code        string              `json:"code"`
			Games       []director.GameLine `json:"games"`
			Corrections []correctionJSON    `json:"corrections"`
		}{Code: code, Games: lines, Corrections: []correctionJSON{}}
		for _, c := range corrections {
			out.Corrections = append(out.Corrections, correctionJSON{Game: director.GameID(c.Was.Round, c.Was.Pairing, c.Was.Leg),
				Action: c.Action, By: c.ByName, At: c.At.Format("2006-01-02T15:04:05Z07:00"), Text: c.Text})
		}
		return encodeJSON(stdout, out)
	}
	if len(lines) == 0 {
		fmt.Fprintf(stdout, "no game of %s has a result yet\n", code)
	}
	t := plaintext.NewTable(plaintext.Left("GAME"), plaintext.Left("PLAYERS"), plaintext.Left("RESULT"), plaintext.Left("HOW"), plaintext.Left("REPLAY"))
	for _, l := range lines {
		t.Add(l.ID, strings.Join(l.Players, " vs "), l.Result, l.How, l.Match)
	}
	t.Write(stdout, "")
	if len(lines) > 0 {
		fmt.Fprintf(stdout, "GAME is round.pairing.game: tournament replay %s GAME plays one again, tournament void %s GAME takes it out of the standings; replay ID shows a game.\n", code, code)
	}
	if len(corrections) > 0 {
		fmt.Fprintln(stdout, "\nCorrections:")
		for _, c := range corrections {
			fmt.Fprintf(stdout, "  %s\n", plaintext.Clean(c.Text))
		}
	}
	return 0
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
