package dicewars

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/lang"
)

// The view in French says the status, the headline, the keys, the rules, the draft's
// prompt, refusals and moves in French with DiceWars' words (territoire, dés, joueur); in
// English it says what it always said.
func TestTheViewSpeaksFrench(t *testing.T) {
	s, err := NewState(30, 4, 3)
	if err != nil {
		t.Fatal(err)
	}
	seat := s.Turn()
	fr, en := games.ViewIn(View, lang.French), games.ViewIn(View, lang.English)
	status, enStatus := fr.Status(s, seat), en.Status(s, seat)
	if !strings.Contains(status, " terr. · ") || !strings.Contains(status, " dés · groupe ") {
		t.Errorf("French status %q", status)
	}
	if !strings.Contains(enStatus, " areas · ") || !strings.Contains(enStatus, " dice · group ") || enStatus != View.Status(s, seat) {
		t.Errorf("English status %q", enStatus)
	}
	if got := fr.(games.Headliner).Headline(s, -1); got != "manche 1 sur 200 · territoire:dés" {
		t.Errorf("French headline %q", got)
	}
	if got := View.(games.Headliner).Headline(s, -1); got != "round 1 of 200 · labels area:dice" {
		t.Errorf("English headline %q", got)
	}
	for i, k := range fr.Keys() {
		if en := View.Keys()[i]; k.Keys != en.Keys || k.Cluster != en.Cluster || k.Does == en.Does {
			t.Errorf("French key %+v against English %+v", k, en)
		}
	}
	rules := fr.Rules()
	for _, w := range []string{"joueur", "territoire", "dés", "attaqu", "défenseur"} {
		if !strings.Contains(rules, w) {
			t.Errorf("the French rules do not say %q", w)
		}
	}
	for _, line := range strings.Split(rules, "\n") {
		if w := utf8.RuneCountInString(line); w > 74 {
			t.Errorf("a French help line of %d columns: %q", w, line)
		}
	}
	if !strings.HasPrefix(View.Rules(), "DiceWars: 2 to 8 players share") {
		t.Error("the English rules changed")
	}

	d := fr.(games.Composer).Compose(s, seat)
	if p := d.Prompt(); !strings.HasPrefix(p, "Attaquer depuis le territoire ") || !strings.Contains(p, "enter oui") {
		t.Errorf("French prompt %q", p)
	}
	if p := View.(games.Composer).Compose(s, seat).Prompt(); !strings.HasPrefix(p, "Attack from area ") || !strings.Contains(p, "enter yes") {
		t.Errorf("English prompt %q", p)
	}
	for _, k := range []string{"9", "9", "enter"} { // area 99 does not exist
		d.Key(k)
	}
	if p := d.Prompt(); !strings.HasPrefix(p, "pas de tel territoire · esc retour") {
		t.Errorf("French note %q", p)
	}

	// A refusal: an area of someone else's attacks.
	other := 0
	for a := 1; a <= len(s.owner); a++ {
		if s.owner[a-1] != seat {
			other = a
			break
		}
	}
	err = s.Validate(seat, Action{From: other, To: other})
	if got := lang.Say(err, lang.French); !strings.HasPrefix(got, "territoire ") || !strings.Contains(got, "pas à vous") || !strings.HasSuffix(got, "(règles : Attaquer)") {
		t.Errorf("French refusal %q", got)
	}
	if got := err.Error(); !strings.HasSuffix(got, " is not yours: attack from your own areas (rules: Attacking)") {
		t.Errorf("English refusal %q", got)
	}
	if games.IllegalCode(err) != "not_yours" {
		t.Errorf("code %q", games.IllegalCode(err))
	}

	events, err := s.Apply(seat, End)
	if err != nil {
		t.Fatal(err)
	}
	if got := events[0].In(lang.French); !strings.HasPrefix(got, "finit son tour : ") {
		t.Errorf("French event %q", got)
	}
	if got := events[0].Text; !strings.HasPrefix(got, "ends the turn: ") || got != events[0].In(lang.English) {
		t.Errorf("English event %q", got)
	}
}
