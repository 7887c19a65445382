package perfectaim

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/lang"
)

// The view in French says the status, the headline, the keys, the rules, refusals and
// the events in French with the assignment's words (joueur, boule de feu, bouclier, lave,
// rouge); in English it says what it always said.
func TestTheViewSpeaksFrench(t *testing.T) {
	s, _ := NewBoard(lane("#R...B#"), BoardOptions{NoRegen: true, SpeedQ: [4]int64{Red: 5}, Supers: [4]int{Red: 1}, Shield: [4]bool{Red: true}})
	fr := games.ViewIn(View, lang.French)
	if got := fr.Status(s, 0); got != "ROUGE · vitesse 1,25 · 0 pièce · bouclier · 1 super boule de feu" {
		t.Errorf("French status %q", got)
	}
	if got := games.ViewIn(View, lang.English).Status(s, 0); got != "RED · speed 1.25 · 0 coins · shield · 1 super fireball" {
		t.Errorf("English status %q", got)
	}
	if got := fr.(games.Headliner).Headline(s, -1); got != "temps 0 s · anneau 1 fissuré à 35 s" {
		t.Errorf("French headline %q", got)
	}
	if got := View.(games.Headliner).Headline(s, -1); got != "time 0 s · ring 1 cracks at 35 s" {
		t.Errorf("English headline %q", got)
	}
	want := []string{"se déplacer", "tirer", "attendre"}
	for i, k := range fr.Keys() {
		if en := View.Keys()[i]; k.Does != want[i] || k.Keys != en.Keys || k.Cluster != en.Cluster {
			t.Errorf("French key %+v (English %+v)", k, en)
		}
	}
	rules := fr.Rules()
	for _, w := range []string{"joueurs", "boule de feu", "bouclier", "lave", "mur", "pièces"} {
		if !strings.Contains(rules, w) {
			t.Errorf("the French rules do not say %q", w)
		}
	}
	for _, line := range strings.Split(rules, "\n") {
		if w := utf8.RuneCountInString(line); w > 74 {
			t.Errorf("a French help line of %d columns: %q", w, line)
		}
	}
	if !strings.HasPrefix(View.Rules(), "Two to four players in a maze") {
		t.Error("the English rules changed")
	}

	err := s.Validate(0, MoveLeft) // a wall
	if got := lang.Say(err, lang.French); got != "MOVE_LEFT : ROUGE ne peut pas aller à gauche, un mur barre le passage (règles : §5 Actions)" {
		t.Errorf("French refusal %q", got)
	}
	if got := err.Error(); got != "MOVE_LEFT: RED cannot move left, a wall is in the way (rules: §5 Actions)" {
		t.Errorf("English refusal %q", got)
	}
	if games.IllegalCode(err) != "wall" {
		t.Errorf("code %q", games.IllegalCode(err))
	}

	events, err := s.Apply(0, AttackRight)
	if err != nil {
		t.Fatal(err)
	}
	var fr1, en1 []string
	for _, e := range events {
		fr1, en1 = append(fr1, e.In(lang.French)), append(en1, e.Text)
	}
	if !strings.Contains(strings.Join(fr1, "\n"), "ROUGE lance une super boule de feu") {
		t.Errorf("French events %q", fr1)
	}
	if !strings.Contains(strings.Join(en1, "\n"), "RED casts a super fireball") {
		t.Errorf("English events %q", en1)
	}
}

// The bot protocol's documentation (its rules written from the constants) and the map tool
// are said in French; in English they stay as they were.
func TestTheDocsSpeakFrench(t *testing.T) {
	p := Game.Describe().Protocol
	fr := p.In(lang.French)
	if !strings.Contains(fr.Rules, "boules de feu : 4 cases par seconde") || !strings.Contains(fr.Time, "Perfect Aim a sa propre horloge") {
		t.Errorf("French protocol:\n%s\n%s", fr.Rules, fr.Time)
	}
	if en := p.In(lang.English); en.Rules != p.Rules || !strings.Contains(p.Rules, "fireballs: 4 cells a second") {
		t.Errorf("the English protocol changed:\n%s", en.Rules)
	}
	var out, errs strings.Builder
	if code := MapCommandIn(lang.French, []string{"map", "--seed", "1"}, &out, &errs, nil); code != 0 {
		t.Fatalf("exit %d: %s", code, errs.String())
	}
	if !strings.Contains(out.String(), "# mur  . sol  o pièce") || !strings.Contains(out.String(), "graine 1, symétrie") {
		t.Errorf("French map:\n%s", out.String())
	}
	errs.Reset()
	if code := MapCommandIn(lang.French, nil, &out, &errs, nil); code != 2 || !strings.Contains(errs.String(), "quelle sous-commande ? (map)") || !strings.Contains(errs.String(), "Usage : arena perfectaim map") {
		t.Errorf("exit %d: %s", code, errs.String())
	}
}
