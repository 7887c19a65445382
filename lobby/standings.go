package lobby

import (
	"fmt"
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
	var tbNames []string
	if len(rep.Standings) > 0 {
		for _, tb := range rep.Standings[0].TieBreaks {
			tbNames = append(tbNames, tb.Name)
		}
	}
	fmt.Fprintf(&b, "%4s  %-20s %6s %4s %4s %4s %4s", "RANK", "NAME", "POINTS", "GP", "W", "D", "L")
	for _, n := range tbNames {
		fmt.Fprintf(&b, " %9s", tieBreakLabel(n))
	}
	b.WriteString("\n")
	for i, s := range rep.Standings {
		if rows > 0 && i == rows {
			fmt.Fprintf(&b, "      … %d more\n", len(rep.Standings)-rows)
			break
		}
		fmt.Fprintf(&b, "%4d  %-20s %6s %4d %4d %4d %4d", s.Rank, truncate(s.Name, 20), fmtPoints(round2(s.Points)),
			s.Played, s.Wins, s.Draws, s.Losses)
		for _, tb := range s.TieBreaks {
			fmt.Fprintf(&b, " %9s", fmtPoints(round2(tb.Value)))
		}
		b.WriteString("\n")
	}
	if len(rep.Playing) > 0 {
		b.WriteString("\nPlaying now:\n")
		for _, g := range rep.Playing {
			fmt.Fprintf(&b, "  round %d  %-40s watch %s\n", g.Round, truncate(g.Players, 40), g.Room)
		}
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

// truncate cuts s to n runes, marking the cut.
func truncate(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}

// tieBreakLabel is a tie-break's column heading, nine cells at most.
func tieBreakLabel(name string) string {
	if name == "head-to-head" {
		return "H2H"
	}
	return truncate(strings.ToUpper(name), 9)
}
