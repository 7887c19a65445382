package commands

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/arena-classroom/arena/archive"
	"github.com/arena-classroom/arena/catalog"
	"github.com/arena-classroom/arena/internal/plaintext"
	"github.com/arena-classroom/arena/lang"
	"github.com/arena-classroom/arena/rating"
	"github.com/arena-classroom/arena/store"
)

var leaderboardUsage = lang.N("usage: leaderboard GAME [--limit N] [--csv [--lang fr|en] | --json]")

// leaderboardCommand prints a game's ratings, best first, each with a chart of its history.
func (a *App) leaderboardCommand(c call) int {
	s, stdout, stderr := c.s, c.stdout, c.stderr
	l := s.Lang
	if len(s.Args) < 2 || strings.HasPrefix(s.Args[1], "-") {
		fmt.Fprintln(stderr, l.Say(leaderboardUsage))
		return 2
	}
	e, err := catalog.Lookup(s.Args[1])
	if err != nil {
		fmt.Fprintln(stderr, l.Sprintf("arena: %s", sayErr(err, l)))
		return 2
	}
	fs := quietFlags("leaderboard")
	limit := fs.Int("limit", 50, "")
	asCSV := fs.Bool("csv", false, "")
	asJSON := fs.Bool("json", false, "")
	csvLangFlag := fs.String("lang", "", "")
	if err := fs.Parse(s.Args[2:]); err != nil || fs.NArg() > 0 || *limit < 1 || *limit > 1000 || *asCSV && *asJSON || *csvLangFlag != "" && !*asCSV {
		fmt.Fprintln(stderr, l.Say(leaderboardUsage)+" "+l.Sprintf("(--limit 1..1000; --lang goes with --csv)"))
		return 2
	}
	out, err := csvLang(*csvLangFlag)
	if err != nil {
		fmt.Fprintln(stderr, l.Sprintf("arena: %s", sayErr(err, l)))
		return 2
	}
	if a.archive == nil {
		fmt.Fprintln(stderr, l.Sprintf("arena: %s", sayErr(archive.ErrNone, l)))
		return 1
	}
	ctx, cancel := context.WithTimeout(s.SSH.Context(), 30*time.Second)
	defer cancel()
	// The table charts each player's history: read with the board, in one query.
	var board []store.Standing
	var hists [][]float64
	if *asJSON || *asCSV {
		board, err = a.archive.Leaderboard(ctx, e.Game.ID(), *limit)
	} else {
		var withHist []store.StandingHistory
		withHist, err = a.archive.LeaderboardWithHistory(ctx, e.Game.ID(), *limit)
		for _, st := range withHist {
			board, hists = append(board, st.Standing), append(hists, st.History)
		}
	}
	if err != nil {
		a.log.Error("leaderboard", "err", err)
		fmt.Fprintln(stderr, l.Sprintf("arena: the leaderboard could not be read right now; try again"))
		return 1
	}
	type row struct {
		Rank        int     `json:"rank"`
		Name        string  `json:"name"`
		Rating      float64 `json:"rating"` // μ − 3σ
		Mu          float64 `json:"mu"`
		Sigma       float64 `json:"sigma"`
		Games       int     `json:"games"`
		Provisional bool    `json:"provisional"`
		Bot         bool    `json:"bot"`
	}
	rows := make([]row, len(board))
	for i, st := range board {
		rows[i] = row{i + 1, st.Name, st.Rating.Ordinal(), st.Rating.Mu, st.Rating.Sigma, st.Games,
			rating.Provisional(st.Games), strings.HasPrefix(st.Player, "bot:")}
	}
	switch {
	case *asJSON:
		return encodeJSON(stdout, rows)
	case *asCSV:
		w := out.writer(stdout)
		_ = w.Write(out.head("rank", "name", "rating", "mu", "sigma", "games", "provisional", "bot"))
		for _, r := range rows {
			_ = w.Write([]string{strconv.Itoa(r.Rank), r.Name, out.num(twoDecimals(r.Rating)), out.num(twoDecimals(r.Mu)), out.num(twoDecimals(r.Sigma)),
				strconv.Itoa(r.Games), out.yesNo(r.Provisional), out.yesNo(r.Bot)})
		}
		w.Flush()
		return 0
	}
	if len(rows) == 0 {
		fmt.Fprintln(stdout, l.Sprintf("no rated games of %s yet", l.Say(e.Game.Name())))
		return 0
	}
	fmt.Fprint(stdout, l.Sprintf("%s · rating = μ − 3σ (OpenSkill); * provisional (fewer than %d games)", l.Say(e.Game.Name()), rating.ProvisionalGames)+"\n\n")
	t := plaintext.NewTable(plaintext.Right(l.Sprintf("RANK")), plaintext.Left(l.Sprintf("NAME")), plaintext.Right(l.Sprintf("RATING")),
		plaintext.Right(l.Sprintf("GAMES")), plaintext.Left(""), plaintext.Left(l.Sprintf("HISTORY")))
	for i, r := range rows {
		mark := ""
		if r.Provisional {
			mark = "*"
		}
		t.Add(strconv.Itoa(r.Rank), plaintext.Clean(r.Name), l.Sprintf("%.2f", r.Rating), strconv.Itoa(r.Games), mark, plaintext.Sparkline(hists[i], 24))
	}
	t.Write(stdout, "")
	return 0
}

// twoDecimals is a rating as the leaderboard prints it.
func twoDecimals(v float64) string { return strconv.FormatFloat(v, 'f', 2, 64) }
