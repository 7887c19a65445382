package director

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/arena-classroom/arena/internal/plaintext"
	"github.com/arena-classroom/arena/lang"
	"github.com/arena-classroom/arena/tournament"
)

// StandingsText is a tournament's report as text: its state, the standings table, the
// games in progress and those of the round still to start, and the latest events. rows
// bounds the standings shown (0: all). What people wrote in it (names) is cleaned of
// control and escape characters, for a terminal and a plain command alike.
func StandingsText(rep Report, rows int) string { return StandingsTextIn(rep, rows, lang.English) }

// StandingsTextIn is StandingsText in l: its sentences, column headings, places and
// points as l's readers write them (the projector's wall and a French class's standings).
func StandingsTextIn(rep Report, rows int, l lang.Lang) string {
	return plaintext.CleanLines(standingsLines(rep, rows, l))
}

func standingsLines(rep Report, rows int, l lang.Lang) string {
	p := l.Printer()
	var b strings.Builder
	b.WriteString(rep.Code + "  " + rep.Name + " — " + rep.Game + ", " + FormatText(rep.Format, l) + ", " + StateText(rep.State, l) + "\n")
	switch {
	case rep.State == "open":
		b.WriteString(p.Sprintf("%d entrant(s); waiting for the teacher to start it", rep.Entrants) + "\n")
	default:
		b.WriteString(p.Sprintf("round %d of %d · %d of %d games played", rep.Round, rep.Rounds, rep.GamesPlayed, rep.GamesTotal) + "\n")
	}
	b.WriteString("\n")
	if rep.State == "open" {
		b.WriteString(p.Sprintf("Entrants:") + "\n")
		for _, s := range rep.Standings {
			fmt.Fprintf(&b, "  %s\n", s.Name)
		}
		return b.String()
	}
	cols := []plaintext.Column{plaintext.Right(p.Sprintf("RANK")), plaintext.Left(p.Sprintf("NAME"))}
	// Formats that send players on (elimination, pools) rank by the round reached first.
	stages := slices.ContainsFunc(rep.Standings, func(s tournament.Standing) bool { return s.Stage > 0 })
	if stages {
		cols = append(cols, plaintext.Left(p.Sprintf("REACHED")))
	}
	cols = append(cols, plaintext.Right(p.Sprintf("POINTS")), plaintext.Right(p.Sprintf("GP")))
	// Won, drawn, lost where a game has a winner and a loser (two players); at tables of
	// three or four (pools) the games finished in each place instead.
	places := 0
	if len(rep.Standings) > 0 {
		places = len(rep.Standings[0].Places)
	}
	if places > 0 {
		for p := range places {
			cols = append(cols, plaintext.Right(strings.ToUpper(l.Ordinal(p+1))))
		}
	} else {
		cols = append(cols, plaintext.Right(p.Sprintf("W")), plaintext.Right(p.Sprintf("D")), plaintext.Right(p.Sprintf("L")))
	}
	// Byes make up the games of those who sat a round out: shown once there are any.
	byes := slices.ContainsFunc(rep.Standings, func(s tournament.Standing) bool { return s.Byes > 0 })
	if byes {
		cols = append(cols, plaintext.Right(p.Sprintf("BYES")))
	}
	// Games lost by absence, beside those lost at the board: shown once there are any.
	absences := slices.ContainsFunc(rep.Standings, func(s tournament.Standing) bool { return s.Forfeits+s.Absent > 0 })
	if absences {
		cols = append(cols, plaintext.Right(p.Sprintf("FORF")), plaintext.Right(p.Sprintf("ABS")))
	}
	// A tie-break is shown where it applied to someone (head-to-head only among those tied
	// on points), blank for the others.
	var shown []int
	if len(rep.Standings) > 0 {
		for k, tb := range rep.Standings[0].TieBreaks {
			if slices.ContainsFunc(rep.Standings, func(s tournament.Standing) bool { return k < len(s.TieBreaks) && !s.TieBreaks[k].NA }) {
				shown = append(shown, k)
				cols = append(cols, plaintext.Right(strings.ToUpper(TieBreakText(tb.Name, l))))
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
			row = append(row, reached(s.Stage, rep.Rounds, l))
		}
		row = append(row, PointsText(s.Points, l), strconv.Itoa(s.Played))
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
				cell = PointsText(s.TieBreaks[k].Value, l)
			}
			row = append(row, cell)
		}
		t.Add(row...)
	}
	t.Write(&b, "")
	if rows > 0 && len(rep.Standings) > rows {
		b.WriteString("      " + p.Sprintf("… %d more", len(rep.Standings)-rows) + "\n")
	}
	if absences {
		if places > 0 {
			b.WriteString(p.Sprintf("FORF: games lost by forfeit (absent past the grace, or removed); ABS: games nobody came to. Both are among the last places.") + "\n")
		} else {
			b.WriteString(p.Sprintf("FORF: games lost by forfeit (absent past the grace, or removed); ABS: games nobody came to. Both are among L.") + "\n")
		}
	}
	if len(rep.Playing) > 0 {
		b.WriteString("\n" + p.Sprintf("Playing now:") + "\n")
		t := plaintext.NewTable(plaintext.Left(""), plaintext.Left(""), plaintext.Left(""), plaintext.Left(""))
		for _, g := range rep.Playing {
			t.Add(p.Sprintf("round %d", g.Round), g.Players, "watch "+g.Room, g.PaceIn(l))
		}
		t.Write(&b, "  ")
	}
	if len(rep.Waiting) > 0 {
		b.WriteString("\n" + p.Sprintf("Next:") + "\n")
		for _, g := range rep.WaitingIn(l) {
			fmt.Fprintf(&b, "  %s\n", g)
		}
	}
	return b.String()
}

// RecordText is where an entrant finished its games, for the sentence that tells it its
// place: "3 won, 1 drawn, 2 lost", or at tables of more than two (pools) the places,
// "1st in 2 games, 3rd in 1".
func RecordText(s tournament.Standing) string { return RecordTextIn(s, lang.English) }

// RecordTextIn is RecordText in l: "3 victoires, 1 nul, 0 défaite", "1re … " places as l
// writes them ("1er dans 2 parties, 3e dans 1").
func RecordTextIn(s tournament.Standing, l lang.Lang) string {
	p := l.Printer()
	if s.Places == nil {
		return p.Sprintf("%d won", s.Wins) + ", " + p.Sprintf("%d drawn", s.Draws) + ", " + p.Sprintf("%d lost", s.Losses)
	}
	var parts []string
	for i, n := range s.Places {
		if n == 0 {
			continue
		}
		if len(parts) == 0 {
			parts = append(parts, p.Sprintf("%s in %d games", l.Ordinal(i+1), n))
		} else {
			parts = append(parts, p.Sprintf("%s in %d", l.Ordinal(i+1), n))
		}
	}
	if len(parts) == 0 {
		return p.Sprintf("no game finished")
	}
	return strings.Join(parts, ", ")
}

// reached says how far an entrant went in a format that sends players on: "round 2",
// "final" (the last round, in play or played), "won" (elimination's winner, past it).
func reached(stage, rounds int, l lang.Lang) string {
	switch {
	case stage > rounds:
		return l.Sprintf("won (an elimination's winner)")
	case stage == rounds:
		return l.Sprintf("final")
	}
	return l.Sprintf("round %d", stage)
}

// PointsText writes points (a standing's, a tie-break's) rounded to two decimals, as l's
// readers write them: "2.5", "2,5" in French; whole numbers without decimals.
func PointsText(v float64, l lang.Lang) string {
	s := plaintext.Points(plaintext.Round2(v))
	if l == lang.French {
		s = strings.Replace(s, ".", ",", 1)
	}
	return s
}
