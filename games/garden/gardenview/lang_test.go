package gardenview

import (
	"errors"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/games/garden"
	"github.com/arena-classroom/arena/lang"
)

var (
	french  = games.ViewIn(View, lang.French)
	english = games.ViewIn(View, lang.English)
)

// A French reader gets Garden Tensions in the seed's French words (cases, créatures, les
// cuisiniers, forgerons, mineurs et bûcherons, Ciel, Sucreries, Barbecue, Piscine, pillage);
// an English reader gets what the view said before.
func TestTheViewSpeaksFrenchAndEnglishStaysAsItWas(t *testing.T) {
	s := crowded(garden.Lumberjacks).state()
	if got, want := french.Status(s, 0), "a Bûcher. N123 M145 P167 B189 16pt"; got != want {
		t.Errorf("French status %q, want %q", got, want)
	}
	if got, want := english.Status(s, 0), View.Status(s, 0); got != want || want != "a Lumber. F123 M145 S167 W189 16pt" {
		t.Errorf("English status %q, was %q", got, want)
	}
	var does []string
	for i, k := range french.Keys() {
		does = append(does, k.Does)
		if e := View.Keys()[i]; k.Keys != e.Keys || k.Cluster != e.Cluster {
			t.Errorf("the French keys changed the keys: %+v, %+v", k, e)
		}
	}
	if got := strings.Join(does, " | "); got != "curseur | choisir | pouvoirs | fin de phase" {
		t.Errorf("French keys do %q", got)
	}
	if !slices.Equal(english.Keys(), View.Keys()) || english.Rules() != View.Rules() {
		t.Error("English changed")
	}
	for k := range scales {
		if english.(games.Scaler).ScaledBoard(s, 0, games.Plain, k) != View.(games.Scaler).ScaledBoard(s, 0, games.Plain, k) {
			t.Errorf("the English board at scale %d changed", k)
		}
	}
	board := french.(games.Scaler).ScaledBoard(s, 0, games.Plain, 2)
	for _, w := range []string{"CIEL", "SUCRE", "PISC.", "coûte 5 métaux", "créatures", "empoisonnée", "protégée", "forgée", "bloquée", "herbe", "manche 1/50 · a : 5 actions restantes"} {
		if !strings.Contains(board, w) {
			t.Errorf("the French board does not say %q:\n%s", w, board)
		}
	}
	if b := french.Board(s, 0, games.Plain); !strings.Contains(b, "hN2") || !strings.Contains(b, "a 13/37 · b 16/49 (cellules/créatures)") {
		t.Errorf("the French board at scale 0:\n%s", b)
	}
}

func TestTheFrenchRulesSayTheSeedsWordsAndTheSameNumbers(t *testing.T) {
	rules := french.Rules()
	flat := strings.Join(strings.Fields(rules), " ")
	for _, w := range []string{"1. Revenu", "2. Conquête", "3. Renfort", "jusqu'à 5 actions", "Chacune coûte 8 points de conquête",
		"Cuisiniers (nourriture), Poison", "Forgerons (métal), Forge", "Mineurs (pierre), Bloquer", "Bûcherons (bois), Déporter",
		"CIEL (5 métaux)", "BBQ (3 pierres)", "PISC. (3 bois)", "SUCRE (3 nourritures)", "Sucreries", "Piscine", "esc quitte la partie"} {
		if !strings.Contains(flat, w) {
			t.Errorf("the French rules do not say %q", w)
		}
	}
	num := regexp.MustCompile(`\d+`)
	if got, want := num.FindAllString(rules, -1), num.FindAllString(View.Rules(), -1); !slices.Equal(got, want) {
		t.Errorf("French rules' numbers %v, English %v", got, want)
	}
	for _, line := range strings.Split(rules, "\n") {
		if w := ansi.StringWidth(line); w > 74 {
			t.Errorf("a French rules line of %d columns: %q", w, line)
		}
	}
}

func TestTheDraftsPromptInFrench(t *testing.T) {
	s := garden.NewState(garden.DefaultRounds, 1)
	d := french.(games.Composer).Compose(s, s.Turn())
	if got := d.Prompt(); !strings.HasPrefix(got, "Choisissez votre clan : 1-4, r au hasard") {
		t.Errorf("clan prompt %q", got)
	}
	foot := d.(*draft).footer()
	if menu := foot[1] + foot[2]; !strings.Contains(menu, "1 Cuisiniers, poison") || !strings.Contains(menu, "4 Bûcherons, déporter") {
		t.Errorf("the clan menu: %q", menu)
	}
	play(t, s, "clan cooks")
	d = french.(games.Composer).Compose(s, s.Turn())
	d.Key("1")
	if got := d.Prompt(); !strings.HasPrefix(got, "a mène les Cuisiniers : choisissez un autre clan") && !strings.HasPrefix(got, "b mène les Cuisiniers : choisissez un autre clan") {
		t.Errorf("a taken clan: %q", got)
	}
	play(t, s, "clan miners")
	seat := s.Turn()
	d = french.(games.Composer).Compose(s, seat)
	if got := d.Prompt(); !strings.HasPrefix(got, "Déplacer depuis quelle cellule ? (reste 5)") {
		t.Errorf("move prompt %q", got)
	}
	d.Key("enter")
	if got := d.Prompt(); !strings.HasPrefix(got, "aller (2,") || !strings.Contains(got, ": 2 partent, 1 reste") {
		t.Errorf("preview %q", got)
	}
	d.Key("9")
	d.Key("9")
	if got := d.Prompt(); got != "(9,9) n'est pas une cellule du jardin · esc retour" {
		t.Errorf("a typed cell off the garden: %q", got)
	}
	d = french.(games.Composer).Compose(s, seat)
	d.Key("e")
	d.Key("p")
	if got := d.Prompt(); !strings.HasPrefix(got, "aucun pouvoir que vous puissiez payer maintenant") {
		t.Errorf("no power: %q", got)
	}
}

// Every French prompt and footer fits whole, as the English ones do.
func TestFrenchPromptsAndFootersFitWhole(t *testing.T) {
	if testing.Short() {
		t.Skip("walks every choice")
	}
	for _, s := range promptStates(t) {
		walkPrompts(t, s, french)
	}
}

// The rules' refusals are said in the reader's language, and stay IllegalErrors with their
// codes; the prompt says them in French.
func TestRefusalsAreSaidInTheReadersLanguage(t *testing.T) {
	s := crowded(garden.Miners).state()
	a, _ := garden.Parse("move 2 0 2 1")
	err := s.Validate(0, a)
	if err == nil {
		t.Fatal("an own cell accepted")
	}
	if got := lang.Say(err, lang.French); got != "(2,1) est déjà à vous : pas de déplacement entre vos propres cellules (règles : Se déplacer et attaquer)" {
		t.Errorf("in French: %q", got)
	}
	if got := err.Error(); got != "(2,1) is already yours: there is no move between your own cells (rules: Moving and attacking)" {
		t.Errorf("in English: %q", got)
	}
	if games.IllegalCode(err) != "own_cell" || !errors.As(err, new(*games.IllegalError)) {
		t.Errorf("%v is no longer an IllegalError", err)
	}
	p := handMade()
	p.players[0].Clan, p.players[1].Clan = garden.Cooks, garden.Miners
	p.put(at(2, 0), 0, 1).put(at(2, 6), 1, 1)
	s = p.state()
	a, _ = garden.Parse("sky 2 0 2 6")
	if got := lang.Say(s.Validate(0, a), lang.French); got != "Ciel n'est pas à vous : son pouvoir est à qui la tient (règles : Cellules spéciales)" {
		t.Errorf("in French: %q", got)
	}
	a, _ = garden.Parse("move 2 0 2 1")
	if got := lang.Say(s.Validate(0, a), lang.French); got != "(2,0) n'a qu'une créature : elle doit rester, un déplacement en demande 2 ou plus (règles : Se déplacer et attaquer)" {
		t.Errorf("in French: %q", got)
	}
	_, err = garden.Game.(games.Positions).DecodePosition([]byte(`{"game":"garden"}`), 1)
	var pe *games.PositionError
	if !errors.As(err, &pe) || pe.Field != "cells" || lang.Say(err, lang.French) != "cells : 0 cellules : le jardin en a 29" {
		t.Errorf("position refused with %v, %q", err, lang.Say(err, lang.French))
	}
}
