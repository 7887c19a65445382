package lobby

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/arena-classroom/arena/tournament/director"
)

// standingsText is a tournament's report as text: its state, the standings table, the
// games in progress and those of the round still to start, and the latest events. rows
// bounds the standings shown (0: all). What people wrote in it (names) is cleaned of
// control and escape characters, for a terminal and a plain command alike.
func standingsText(rep director.Report, rows int) string {
	return cleanLines(standingsLines(rep, rows))
}

func standingsLines(rep director.Report, rows int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s  %s — %s, %s, %s\n", rep.Code, rep.Name, rep.Game, rep.Format, rep.State)
	switch {
	case rep.State == "open":
		fmt.Fprintf(&b, "%d entrant(s); waiting for the teacher to start it\n", rep.Entrants)
	default:
		fmt.Fprintf(&b, "round %d of %d · %d of %d games played\n", rep.Round, rep.Rounds, rep.GamesPlayed, rep.GamesTotal)
	}
	b.WriteString("\n")
	if rep.State == "open" {
		b.WriteString("Entrants:\n")
		for _, s := range rep.Standings {
			fmt.Fprintf(&b, "  %s\n", s.Name)
		}
		return b.String()
	}
	cols := []column{right("RANK"), left("NAME"), right("POINTS"), right("GP"), right("W"), right("D"), right("L")}
	if len(rep.Standings) > 0 {
		for _, tb := range rep.Standings[0].TieBreaks {
			cols = append(cols, right(tieBreakLabel(tb.Name)))
		}
	}
	t := newTable(cols...)
	for i, s := range rep.Standings {
		if rows > 0 && i == rows {
			break
		}
		row := []string{strconv.Itoa(s.Rank), s.Name, fmtPoints(round2(s.Points)),
			strconv.Itoa(s.Played), strconv.Itoa(s.Wins), strconv.Itoa(s.Draws), strconv.Itoa(s.Losses)}
		for _, tb := range s.TieBreaks {
			row = append(row, fmtPoints(round2(tb.Value)))
		}
		t.add(row...)
	}
	t.write(&b, "")
	if rows > 0 && len(rep.Standings) > rows {
		fmt.Fprintf(&b, "      … %d more\n", len(rep.Standings)-rows)
	}
	if len(rep.Playing) > 0 {
		b.WriteString("\nPlaying now:\n")
		t := newTable(left(""), left(""), left(""))
		for _, g := range rep.Playing {
			t.add(fmt.Sprintf("round %d", g.Round), g.Players, "watch "+g.Room)
		}
		t.write(&b, "  ")
	}
	if len(rep.Waiting) > 0 {
		b.WriteString("\nNext:\n")
		for _, g := range rep.Waiting {
			fmt.Fprintf(&b, "  %s\n", g)
		}
	}
	return b.String()
}

func round2(v float64) float64 { return float64(int64(v*100+0.5*sign(v))) / 100 }

func sign(v float64) float64 {
	if v < 0 {
		return -1
	}
	return 1
}

// tieBreakLabel is a tie-break's column heading: its whole name (the column is as wide).
func tieBreakLabel(name string) string { return strings.ToUpper(name) }
