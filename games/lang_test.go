package games_test

import (
	"errors"
	"testing"

	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/lang"
)

// French places: 1er, 2e; English: 1st, 2nd, 3rd, 4th, 11th, 21st.
func TestOrdinalT(t *testing.T) {
	for n, want := range map[int][2]string{1: {"1st", "1er"}, 2: {"2nd", "2e"}, 3: {"3rd", "3e"}, 4: {"4th", "4e"}, 11: {"11th", "11e"}, 12: {"12th", "12e"}, 21: {"21st", "21e"}, 22: {"22nd", "22e"}} {
		if got := games.OrdinalT(n); got.In(lang.English) != want[0] || got.In(lang.French) != want[1] || games.Ordinal(n) != want[0] {
			t.Errorf("%d: %q, %q", n, got.In(lang.English), got.In(lang.French))
		}
	}
}

// A refusal and a bad position said through the catalog: English for Error(), the reader's
// language for lang.Say, the code and the field kept for errors.As.
func TestErrorsAreSaidInTheReadersLanguage(t *testing.T) {
	err := games.IllegalT("game_over", lang.T("the game is over"))
	var ie *games.IllegalError
	if !errors.As(err, &ie) || ie.Code != "game_over" || err.Error() != "the game is over" {
		t.Fatalf("%#v", err)
	}
	if got := lang.Say(err, lang.French); got != "la partie est terminée" {
		t.Errorf("French %q", got)
	}
	if got := lang.Say(games.Illegal("x", "said %s", "in English"), lang.French); got != "said in English" {
		t.Errorf("an English-only refusal %q", got)
	}

	_, err = games.PositionFields([]byte(`{"game":"x","nope":1}`), "game")
	var pe *games.PositionError
	if !errors.As(err, &pe) || pe.Field != "nope" {
		t.Fatalf("%#v", err)
	}
	if got := err.Error(); got != `nope: unknown field (the fields are "game")` {
		t.Errorf("English %q", got)
	}
	if got := lang.Say(err, lang.French); got != `nope : champ inconnu (les champs sont "game")` {
		t.Errorf("French %q", got)
	}
	if got := lang.Say(pe.Within("players[0]"), lang.French); got != `players[0].nope : champ inconnu (les champs sont "game")` {
		t.Errorf("French, within %q", got)
	}
}

// An event says its sentence in a language; one of a game that says it in English only
// keeps its Text.
func TestEventsSayTheirSentence(t *testing.T) {
	e := games.Tell("end", -1, lang.T("the game is over"), nil)
	if e.Text != "the game is over" || e.In(lang.French) != "la partie est terminée" || e.In(lang.English) != e.Text {
		t.Errorf("%+v", e)
	}
	old := games.Event{Type: "x", Text: "said in English"}
	if old.In(lang.French) != "said in English" {
		t.Error("an English-only event")
	}
}

// Digits are written as the English code always wrote them, and still choose the plural.
func TestDigits(t *testing.T) {
	for n, want := range map[int][2]string{0: {"0 cells", "0 case"}, 1: {"1 cell", "1 case"}, 2: {"2 cells", "2 cases"}, 2500: {"2500 cells", "2500 cases"}} {
		if en, fr := lang.T("%d cells", games.Digits(n)).In(lang.English), lang.T("%d cells", games.Digits(n)).In(lang.French); en != want[0] || fr != want[1] {
			t.Errorf("%d: %q, %q", n, en, fr)
		}
	}
	if got := lang.English.Sprintf("%3d|%-3d|", games.Digits(7), games.Digits(8)); got != "  7|8  |" {
		t.Errorf("widths: %q", got)
	}
}

// An event's English is the catalog's, plural forms included, whichever way it is written.
func TestEventsEnglishIsTheCatalogs(t *testing.T) {
	for _, tc := range []struct {
		t    lang.Text
		want string
	}{
		{lang.T("%d cells", games.Digits(1)), "1 cell"},
		{lang.T("%d cells", games.Digits(2500)), "2500 cells"},
		{lang.T("is out: %s place", games.OrdinalT(3)), "is out: 3rd place"},
		{lang.T("%s: %s", "x", games.ErrNotYourTurn), "x: it is not your turn"},
	} {
		if got := games.Tell("x", -1, tc.t, nil).Text; got != tc.want || got != tc.t.In(lang.English) {
			t.Errorf("%q: %q, want %q", tc.t.Key, got, tc.want)
		}
	}
}
