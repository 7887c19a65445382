package director_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/arena-classroom/arena/lang"
	"github.com/arena-classroom/arena/tournament"
	"github.com/arena-classroom/arena/tournament/director"
)

// rowIn is the standings row of name in text, its cells split on spaces.
func rowIn(text, name string) []string {
	for _, line := range strings.Split(text, "\n") {
		if f := strings.Fields(line); len(f) > 1 && f[1] == name {
			return f
		}
	}
	return nil
}

// A French class reads its standings in French: the headings, the state and the format,
// the places (1er, 2e), half points with a comma, the record with French plurals (0 and 1
// singular); the English text is as it was.
func TestStandingsTextInFrench(t *testing.T) {
	f := tournament.RoundRobin{}
	// Everyone draws but e01, who beats everyone: half points, and a head-to-head.
	rep := playAll(t, f, entrants(4), func(g tournament.Game) []int {
		switch {
		case g.Seats[0] == "e01":
			return []int{1, 2}
		case g.Seats[1] == "e01":
			return []int{2, 1}
		}
		return []int{1, 1}
	})
	en, fr := director.StandingsText(rep, 0), director.StandingsTextIn(rep, 0, lang.French)
	if en != director.StandingsTextIn(rep, 0, lang.English) {
		t.Errorf("StandingsText is not StandingsTextIn in English")
	}
	for _, want := range []string{"TABCDE  class — game, round-robin, finished\n", "round 3 of 3 · 6 of 6 games played\n",
		"RANK  NAME  POINTS  GP  W  D  L  HEAD-TO-HEAD  SONNEBORN-BERGER"} {
		if !strings.Contains(en, want) {
			t.Errorf("English standings without %q:\n%s", want, en)
		}
	}
	for _, want := range []string{"TABCDE  class — game, toutes-rondes, terminé\n", "manche 3 sur 3 · 6 parties jouées sur 6\n",
		"RANG  NOM  POINTS  PJ  V  N  D  CONFRONTATION  SONNEBORN-BERGER"} {
		if !strings.Contains(fr, want) {
			t.Errorf("French standings without %q:\n%s", want, fr)
		}
	}
	// e02 drew twice and lost once: 1 point, written "1"; e01's 3 points; the tied ones'
	// Sonneborn-Berger of halves has a comma in French, a point in English.
	if row := rowIn(fr, "e01"); strings.Join(row[:7], " ") != "1 e01 3 3 3 0 0" {
		t.Errorf("e01 in French: %v\n%s", row, fr)
	}
	for _, c := range []struct {
		points float64
		fr, en string
	}{{2.5, "2,5", "2.5"}, {3, "3", "3"}, {1.25, "1,25", "1.25"}, {0, "0", "0"}} {
		if got := director.PointsText(c.points, lang.French); got != c.fr {
			t.Errorf("%v points in French: %q, want %q", c.points, got, c.fr)
		}
		if got := director.PointsText(c.points, lang.English); got != c.en {
			t.Errorf("%v points in English: %q, want %q", c.points, got, c.en)
		}
	}
	if strings.Contains(fr, "round") || strings.Contains(fr, "games") {
		t.Errorf("English left in the French standings:\n%s", fr)
	}

	// Pools: the places' columns are 1ER 2E 3E 4E.
	pools := playAll(t, tournament.Pools{TableSize: 4, MinSeats: 2, AllPlay: true}, entrants(9), bySeed)
	fr = director.StandingsTextIn(pools, 0, lang.French)
	if !strings.Contains(fr, "RANG  NOM  ATTEINT   POINTS  PJ  1ER  2E  3E  4E  POINTS DE TABLE") || !strings.Contains(fr, " finale ") ||
		!strings.Contains(fr, " manche 2 ") {
		t.Errorf("French pools standings:\n%s", fr)
	}

	// Before the start: the entrants, counted with French plurals.
	open := director.Report{Code: "TOPEN1", Name: "class", Game: "game", Format: "swiss:5", State: director.Open, Entrants: 1}
	fr = director.StandingsTextIn(open, 0, lang.French)
	if !strings.Contains(fr, "TOPEN1  class — game, suisse:5, ouvert\n1 participant ; en attente du lancement par l'enseignant\n\nParticipants :") {
		t.Errorf("an open tournament in French:\n%s", fr)
	}
	open.Entrants = 0
	if fr = director.StandingsTextIn(open, 0, lang.French); !strings.Contains(fr, "0 participant ;") {
		t.Errorf("no entrant yet, in French (0 is singular):\n%s", fr)
	}
	open.Entrants = 2
	if fr = director.StandingsTextIn(open, 0, lang.French); !strings.Contains(fr, "2 participants ;") {
		t.Errorf("two entrants, in French:\n%s", fr)
	}
	if en = director.StandingsText(open, 0); !strings.Contains(en, "2 entrant(s); waiting for the teacher to start it") {
		t.Errorf("two entrants, in English:\n%s", en)
	}
}

// The record that tells an entrant its place, in French: victoires, nuls, défaites with
// 0 and 1 singular, and places written 1er, 2e.
func TestRecordTextInFrench(t *testing.T) {
	for _, c := range []struct {
		s    tournament.Standing
		want string
	}{
		{tournament.Standing{Wins: 3, Draws: 1, Losses: 0}, "3 victoires, 1 nul, 0 défaite"},
		{tournament.Standing{Wins: 1, Draws: 0, Losses: 2}, "1 victoire, 0 nul, 2 défaites"},
		{tournament.Standing{Places: []int{2, 0, 1, 0}}, "1er : 2 parties, 3e : 1"},
		{tournament.Standing{Places: []int{0, 1, 0}}, "2e : 1 partie"},
		{tournament.Standing{Places: []int{0, 0, 0}}, "aucune partie terminée"},
	} {
		if got := director.RecordTextIn(c.s, lang.French); got != c.want {
			t.Errorf("%+v: %q, want %q", c.s, got, c.want)
		}
		if director.RecordTextIn(c.s, lang.English) != director.RecordText(c.s) {
			t.Errorf("%+v: RecordText is not RecordTextIn in English", c.s)
		}
	}
}

// Where a person finished, told in their lobby: French when they read French, English as
// it was otherwise.
func TestFinalPlaceInFrench(t *testing.T) {
	s := tournament.Standing{Rank: 2, Points: 2.5, Wins: 2, Draws: 1, Losses: 1}
	c := director.Call{Name: "class", Over: director.OverText("class", director.Finished, s, 8, lang.English),
		Place: &director.FinalPlace{State: director.Finished, Standing: s, Of: 8}}
	if want := "class is finished: you are 2nd of 8 with 2.5 points (2 won, 1 drawn, 1 lost)"; c.Over != want || c.OverIn(lang.English) != want {
		t.Errorf("English: %q, want %q", c.Over, want)
	}
	if got, want := c.OverIn(lang.French), "class est terminé : vous êtes 2e sur 8 avec 2,5 points (2 victoires, 1 nul, 1 défaite)"; got != want {
		t.Errorf("French: %q, want %q", got, want)
	}
	// A call from a leader older than Place says Over, in English.
	c.Place = nil
	if c.OverIn(lang.French) != c.Over {
		t.Errorf("without a place, OverIn is Over")
	}
}

// A refusal said to a French teacher or student is French; its English, and what errors.Is
// and errors.As see, are as they were.
func TestRefusalsInFrench(t *testing.T) {
	err := error(&director.ErrFull{Max: 30})
	if got, want := lang.Say(err, lang.French), "le tournoi est complet (30 participants, le maximum permis par son enseignant)"; got != want {
		t.Errorf("full: %q, want %q", got, want)
	}
	if got, want := err.Error(), "the tournament is full (30 entrants, the most its teacher allows)"; got != want {
		t.Errorf("full, in English: %q, want %q", got, want)
	}
	if got := lang.Say(director.ErrNotLive, lang.French); !strings.HasPrefix(got, "ce tournoi n'est pas en cours") {
		t.Errorf("not live: %q", got)
	}
	_, _, _, err = director.ParseGameID("3.x.1")
	if got := lang.Say(err, lang.French); !strings.HasPrefix(got, `partie "3.x.1" : MANCHE.APPARIEMENT.PARTIE`) {
		t.Errorf("a game's id: %q", got)
	}
	var full *director.ErrFull
	if !errors.As(error(&director.ErrFull{Max: 3}), &full) || full.Max != 3 {
		t.Errorf("errors.As no longer finds the full tournament")
	}
}
