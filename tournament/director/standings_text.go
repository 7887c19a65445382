package director

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/internal/plaintext"
	"github.com/arena-classroom/arena/tournament"
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
	cols := []plaintext.Column{plaintext.Right("RANK"), plaintext.Left("NAME")}
	// Formats that send players on (elimination, pools) rank by the round reached first.
	stages := slices.ContainsFunc(rep.Standings, func(s tournament.Standing) bool { return s.Stage > 0 })
	if stages {
		cols = append(cols, plaintext.Left("REACHED"))
	}
	cols = append(cols, plaintext.Right("POINTS"), plaintext.Right("GP"))
	// Won, drawn, lost where a game has a winner and a loser (two players); at tables of
	// three or four (pools) the games finished in each place instead.
	places := 0
	if len(rep.Standings) > 0 {
		places = len(rep.Standings[0].Places)
	}
	if places > 0 {
		for p := range places {
			cols = append(cols, plaintext.Right(strings.ToUpper(games.Ordinal(p+1))))
		}
	} else {
		cols = append(cols, plaintext.Right("W"), plaintext.Right("D"), plaintext.Right("L"))
	}
	// Byes make up the games of those who sat a round out: shown once there are any.
	byes := slices.ContainsFunc(rep.Standings, func(s tournament.Standing) bool { return s.Byes > 0 })
	if byes {
		cols = append(cols, plaintext.Right("BYES"))
	}
	// Games lost by absence, beside those lost at the board: shown once there are any.
	absences := slices.ContainsFunc(rep.Standings, func(s tournament.Standing) bool { return s.Forfeits+s.Absent > 0 })
	if absences {
		cols = append(cols, plaintext.Right("FORF"), plaintext.Right("ABS"))
	}
	// A tie-break is shown where it applied to someone (head-to-head only among those tied
	// on points), blank for the others.
	var shown []int
	if len(rep.Standings) > 0 {
		for k, tb := range rep.Standings[0].TieBreaks {
			if slices.ContainsFunc(rep.Standings, func(s tournament.Standing) bool { return k < len(s.TieBreaks) && !s.TieBreaks[k].NA }) {
				shown = append(shown, k)
				cols = append(cols, plaintext.Right(strings.ToUpper(tb.Name)))
			}
		}
	}
	t := plaintext.NewTable(cols...)
	for i, s := range rep.Standings {
		if rows > 0 && i == rows {
			break
		}
		row := []string{strconv.Itoa(s.Rank), s.Name}
		if stages {
			row = append(row, reached(s.Stage, rep.Rounds))
		}
		row = append(row, plaintext.Points(plaintext.Round2(s.Points)), strconv.Itoa(s.Played))
		if places > 0 {
			for p := range places {
				n := 0
				if p < len(s.Places) {
					n = s.Places[p]
				}
				row = append(row, strconv.Itoa(n))
			}
		} else {
			row = append(row, strconv.Itoa(s.Wins), strconv.Itoa(s.Draws), strconv.Itoa(s.Losses))
		}
		if byes {
			row = append(row, strconv.Itoa(s.Byes))
		}
		if absences {
			row = append(row, strconv.Itoa(s.Forfeits), strconv.Itoa(s.Absent))
		}
		for _, k := range shown {
			cell := ""
			if k < len(s.TieBreaks) && !s.TieBreaks[k].NA {
				cell = plaintext.Points(plaintext.Round2(s.TieBreaks[k].Value))
			}
			row = append(row, cell)
		}
		t.Add(row...)
	}
	t.Write(&b, "")
	if rows > 0 && len(rep.Standings) > rows {
		fmt.Fprintf(&b, "      … %d more\n", len(rep.Standings)-rows)
	}
	if absences {
		among := "L"
		if places > 0 {
			among = "the last places"
		}
		fmt.Fprintf(&b, "FORF: games lost by forfeit (absent past the grace, or removed); ABS: games nobody came to. Both are among %s.\n", among)
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

// RecordText is where an entrant finished its games, for the sentence that tells it its
// place: "3 won, 1 drawn, 2 lost", or at tables of more than two (pools) the places,
// "1st in 2 games, 3rd in 1".
func RecordText(s tournament.Standing) string {
	if s.Places == nil {
		return fmt.Sprintf("%d won, %d drawn, %d lost", s.Wins, s.Draws, s.Losses)
	}
	var parts []string
	for p, n := range s.Places {
		if n > 0 {
			parts = append(parts, fmt.Sprintf("%s in %s", games.Ordinal(p+1), games.Count(n, "game", "games")))
		}
	}
	if len(parts) == 0 {
		return "no game finished"
	}
	for i := 1; i < len(parts); i++ {
		parts[i] = strings.TrimSuffix(strings.TrimSuffix(parts[i], " games"), " game")
	}
	return strings.Join(parts, ", ")
}

// reached says how far an entrant went in a format that sends players on: "round 2",
// "final" (the last round, in play or played), "won" (elimination's winner, past it).
func reached(stage, rounds int) string {
	switch {
	case stage > rounds:
		return "won"
	case stage == rounds:
		return "final"
	}
	return fmt.Sprintf("round %d", stage)
}
