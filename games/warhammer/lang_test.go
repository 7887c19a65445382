package warhammer

import (
	"encoding/json"
	"errors"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/lang"
)

// A French reader gets War Hammer in French, in the seed's words (« Arène War Hammer »: case,
// PV, grenade, marteau, trou); an English reader gets what the view said before.
func TestTheViewSpeaksFrenchAndEnglishStaysAsItWas(t *testing.T) {
	fr := games.ViewIn(View, lang.French)
	en := games.ViewIn(View, lang.English)
	s := board(9, 0, at(4, 4), Player{Alive: false, Row: 0, Col: 1}, at(8, 8))
	s.deaths = []int{1}
	s.hp[4*9+4] = 3
	for _, tc := range []struct{ got, want string }{
		{fr.Status(s, 0), "P1 · vivant · PV 3"},
		{fr.Status(s, 1), "P2 · tombé 1er"},
		{en.Status(s, 0), "P1 · alive · HP 3"},
		{en.Status(s, 1), "P2 · fell 1st"},
	} {
		if tc.got != tc.want {
			t.Errorf("status %q, want %q", tc.got, tc.want)
		}
	}
	var does []string
	for i, k := range fr.Keys() {
		does = append(does, k.Does)
		if e := View.Keys()[i]; k.Keys != e.Keys || k.Cluster != e.Cluster {
			t.Errorf("the French keys changed the keys: %+v, %+v", k, e)
		}
	}
	if got := strings.Join(does, " | "); got != "grenade | pas, marteau | prendre | retour" {
		t.Errorf("French keys do %q", got)
	}
	if !slices.Equal(en.Keys(), View.Keys()) || en.Rules() != View.Rules() {
		t.Error("English changed")
	}
	rules := fr.Rules()
	for _, w := range []string{"Arène War Hammer", "marteau", "grenade", "PV", "trou", "case"} {
		if !strings.Contains(rules, w) {
			t.Errorf("the French rules do not say %q", w)
		}
	}
	for _, line := range strings.Split(rules, "\n") {
		if utf8.RuneCountInString(line) > 74 {
			t.Errorf("French rules line too long: %q", line)
		}
	}
	// The French rules say the English page's numbers, in the same order.
	num := regexp.MustCompile(`\d+`)
	if got, want := num.FindAllString(rules, -1), num.FindAllString(View.Rules(), -1); !slices.Equal(got, want) {
		t.Errorf("French rules' numbers %v, English %v", got, want)
	}
}

func TestTheDraftPromptsInTheReadersLanguage(t *testing.T) {
	s := board(9, 0, at(4, 4), at(3, 6), at(8, 8))
	compose := func(v games.View, ks ...string) games.Draft {
		d := v.(games.Composer).Compose(s, 0)
		for _, k := range ks {
			d.Key(k)
		}
		return d
	}
	fr, en := games.ViewIn(View, lang.French), games.ViewIn(View, lang.English)
	for _, tc := range []struct {
		keys []string
		want string
	}{
		{nil, "Action : flèches = grenade"},
		{[]string{"up"}, "Action (entrée : la prendre) : lance une grenade en haut : elle tombe en (0,4)"},
		{[]string{"up", "enter"}, "Marteau (grenade en haut) : lettres ou flèches · backspace : retour"},
		{[]string{"d", "d", "e"}, "Marteau (entrée : jouer · backspace : retour) : frappe (3,6) au marteau, sous le joueur 2; joueur 2 tombe par la case détruite (3,6)"},
	} {
		if got := compose(fr, tc.keys...).Prompt(); !strings.HasPrefix(got, tc.want) && !strings.Contains(got, tc.want) {
			t.Errorf("%v: French prompt %q, want %q", tc.keys, got, tc.want)
		}
		if got, want := compose(en, tc.keys...).Prompt(), compose(View, tc.keys...).Prompt(); got != want {
			t.Errorf("%v: English prompt %q, was %q", tc.keys, got, want)
		}
	}
}

func TestAFatalChoiceIsSaidInFrench(t *testing.T) {
	s := board(9, 0, at(0, 4), at(3, 6))
	d := games.ViewIn(View, lang.French).(games.Composer).Compose(s, 0)
	d.Key("w")
	if got, want := d.Prompt(), "Action (VOUS TUE : entrée deux fois pour la jouer) : sort du plateau en haut et meurt"; got != want {
		t.Errorf("prompt %q, want %q", got, want)
	}
}

// The rules' refusals are said in the reader's language, and stay what programs and the
// arena look for: an *IllegalError with its code, a *PositionError naming the field.
func TestRefusalsAreSaidInTheReadersLanguage(t *testing.T) {
	s := board(9, 0, at(4, 4), at(3, 6))
	err := s.Validate(0, 96)
	if got := lang.Say(err, lang.French); got != "le code 96 est hors de 0..95 : une action invalide tue son joueur (règles : §7 Un tour est un code)" {
		t.Errorf("in French: %q", got)
	}
	if got := err.Error(); got != "code 96 is outside 0..95: an invalid action kills its player (rules: §7 A turn is one code)" {
		t.Errorf("in English: %q", got)
	}
	if games.IllegalCode(err) != "invalid_code" || !errors.As(err, new(*games.IllegalError)) {
		t.Errorf("%v is no longer an IllegalError", err)
	}
	_, err = Game.(games.Positions).DecodePosition(json.RawMessage(`{"game":"warhammer","size":3,"hp":[[4,4,4],[4,4,4],[4,4,4]],"players":[{"alive":true,"row":0,"col":0},{"alive":true,"col":0}],"to_move":0}`), 1)
	var pe *games.PositionError
	if !errors.As(err, &pe) || pe.Field != "players[1].row" || err.Error() != "players[1].row: missing: the player's row" {
		t.Errorf("refused with %v", err)
	}
	if got := lang.Say(err, lang.French); got != "players[1].row : manquant : la ligne du joueur" {
		t.Errorf("in French: %q", got)
	}
	if _, err := Game.Normalize(games.Config{"size": 3}); lang.Say(err, lang.French) != "Arène War Hammer : la taille 3 est hors limites : le plateau fait 7..35 cases de large" {
		t.Errorf("in French: %q", lang.Say(err, lang.French))
	}
	_, err = FromMatrix([][]int{{4, 4, 4, 1, 1}, {4, -2, 4, 0, 2}, {4, 4, 4, 0, 2}}, 2)
	var me *MatrixError
	if !errors.As(err, &me) || me.Row != 1 || me.Col != 1 || lang.Say(err, lang.French) != "ligne 1, colonne 1 : PV -2 négatifs" {
		t.Errorf("matrix refused with %v, %q", err, lang.Say(err, lang.French))
	}
}

// The French prompts that say no event yet fit 80 columns, as the English ones do: the
// action's, and the hammer's after each of the twelve first choices.
func TestFrenchStagePromptsFitEightyColumns(t *testing.T) {
	s := board(9, 0, at(4, 4), at(3, 6), at(8, 8))
	keys := []string{"right", "up", "left", "down", "d", "e", "w", "q", "a", "z", "x", "c"}
	for _, v := range []games.View{View, games.ViewIn(View, lang.French)} {
		d := v.(games.Composer).Compose(s, 0)
		if p := d.Prompt(); utf8.RuneCountInString(p) > 80 {
			t.Errorf("a prompt of %d columns: %q", utf8.RuneCountInString(p), p)
		}
		for _, k := range keys {
			d := v.(games.Composer).Compose(s, 0)
			d.Key(k)
			d.Key("enter")
			if p := d.Prompt(); utf8.RuneCountInString(p) > 80 {
				t.Errorf("%s: a prompt of %d columns: %q", k, utf8.RuneCountInString(p), p)
			}
		}
	}
}
