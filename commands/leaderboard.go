package commands

import (
	"context"
	"encoding/csv"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/arena-classroom/arena/archive"
	"github.com/arena-classroom/arena/catalog"
	"github.com/arena-classroom/arena/internal/plaintext"
	"github.com/arena-classroom/arena/rating"
	"github.com/arena-classroom/arena/store"
)

const leaderboardUsage = "usage: leaderboard GAME [--limit N] [--csv|--json]"

// leaderboardCommand prints a game's ratings, best first, each with a chart of its history.
func (a *App) leaderboardCommand(c call) int {
	s, stdout, stderr := c.s, c.stdout, c.stderr
	if len(s.Args) < 2 || strings.HasPrefix(s.Args[1], "-") {
		fmt.Fprintln(stderr, leaderboardUsage)
		return 2
	}
	e, err := catalog.Lookup(s.Args[1])
	if err != nil {
		fmt.Fprintln(stderr, "arena:", err)
		return 2
	}
	fs := quietFlags("leaderboard")
	limit := fs.Int("limit", 50, "")
	asCSV := fs.Bool("csv", false, "")
	asJSON := fs.Bool("json", false, "")
	if err := fs.Parse(s.Args[2:]); err != nil || fs.NArg() > 0 || *limit < 1 || *limit > 1000 || *asCSV && *asJSON {
		fmt.Fprintln(stderr, leaderboardUsage+" (--limit 1..1000)")
		return 2
	}
	if a.archive == nil {
		fmt.Fprintln(stderr, "arena:", archive.ErrNone)
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
		fmt.Fprintln(stderr, "arena: the leaderboard could not be read right now; try again")
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
		w := csv.NewWriter(stdout)
		_ = w.Write([]string{"rank", "name", "rating", "mu", "sigma", "games", "provisional", "bot"})
		for _, r := range rows {
			_ = w.Write([]string{strconv.Itoa(r.Rank), r.Name, twoDecimals(r.Rating), twoDecimals(r.Mu), twoDecimals(r.Sigma), strconv.Itoa(r.Games),
				strconv.FormatBool(r.Provisional), strconv.FormatBool(r.Bot)})
		}
		w.Flush()
		return 0
	}
	if len(rows) == 0 {
		fmt.Fprintf(stdout, "no rated games of %s yet\n", e.Game.Name())
		return 0
	}
	fmt.Fprintf(stdout, "%s · rating = μ − 3σ (OpenSkill); * provisional (fewer than %d games)\n\n", e.Game.Name(), rating.ProvisionalGames)
	t := plaintext.NewTable(plaintext.Right("RANK"), plaintext.Left("NAME"), plaintext.Right("RATING"), plaintext.Right("GAMES"), plaintext.Left(""), plaintext.Left("HISTORY"))
	for i, r := range rows {
		mark := ""
		if r.Provisional {
			mark = "*"
		}
		t.Add(strconv.Itoa(r.Rank), plaintext.Clean(r.Name), twoDecimals(r.Rating), strconv.Itoa(r.Games), mark, plaintext.Sparkline(hists[i], 24))
	}
	t.Write(stdout, "")
	return 0
}

// twoDecimals is a rating as the leaderboard prints it.
func twoDecimals(v float64) string { return strconv.FormatFloat(v, 'f', 2, 64) }
