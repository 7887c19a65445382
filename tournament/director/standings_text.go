package director

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/arena-classroom/arena/internal/plaintext"
)

// StandingsText is a tournament's report as text: its state, the standings table, the
// games in progress and those of the round still to start, and the latest events. rows
// bounds the standings shown (0: all). What people wrote in it (names) is cleaned of
// control and escape characters, for a terminal and a plain command alike.
func StandingsText(rep Report, rows int) string {
	return plaintext.CleanLines(standingsLines(rep, rows))
}

func standingsLines(rep Report, rows int) string {
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
	cols := []plaintext.Column{plaintext.Right("RANK"), plaintext.Left("NAME"), plaintext.Right("POINTS"), plaintext.Right("GP"), plaintext.Right("W"), plaintext.Right("D"), plaintext.Right("L")}
	// Games lost by absence, beside those lost at the board: shown once there are any.
	absences := false
	for _, s := range rep.Standings {
		absences = absences || s.Forfeits+s.Absent > 0
	}
	if absences {
		cols = append(cols, plaintext.Right("FORF"), plaintext.Right("ABS"))
	}
	if len(rep.Standings) > 0 {
		for _, tb := range rep.Standings[0].TieBreaks {
			cols = append(cols, plaintext.Right(strings.ToUpper(tb.Name)))
		}
	}
	t := plaintext.NewTable(cols...)
	for i, s := range rep.Standings {
		if rows > 0 && i == rows {
			break
		}
		row := []string{strconv.Itoa(s.Rank), s.Name, plaintext.Points(plaintext.Round2(s.Points)),
			strconv.Itoa(s.Played), strconv.Itoa(s.Wins), strconv.Itoa(s.Draws), strconv.Itoa(s.Losses)}
		if absences {
			row = append(row, strconv.Itoa(s.Forfeits), strconv.Itoa(s.Absent))
		}
		for _, tb := range s.TieBreaks {
			row = append(row, plaintext.Points(plaintext.Round2(tb.Value)))
		}
		t.Add(row...)
	}
	t.Write(&b, "")
	if rows > 0 && len(rep.Standings) > rows {
		fmt.Fprintf(&b, "      … %d more\n", len(rep.Standings)-rows)
	}
	if absences {
		b.WriteString("FORF: games lost by forfeit (absent past the grace, or removed); ABS: games nobody came to. Both are among L.\n")
	}
	if len(rep.Playing) > 0 {
		b.WriteString("\nPlaying now:\n")
		t := plaintext.NewTable(plaintext.Left(""), plaintext.Left(""), plaintext.Left(""), plaintext.Left(""))
		for _, g := range rep.Playing {
			t.Add(fmt.Sprintf("round %d", g.Round), g.Players, "watch "+g.Room, g.Pace)
		}
		t.Write(&b, "  ")
	}
	if len(rep.Waiting) > 0 {
		b.WriteString("\nNext:\n")
		for _, g := range rep.Waiting {
			fmt.Fprintf(&b, "  %s\n", g)
		}
	}
	return b.String()
}
