package sevencolors

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/lang"
)

// The view in French says the status, the keys, the rules, refusals and the moves in
// French with the assignment's words (joueur, case, territoire, couleur); in English it
// says what it always said.
func TestTheViewSpeaksFrench(t *testing.T) {
	s := pos(t, Player1,
		"BAv",
		"A.C",
		"^AG",
	)
	fr := games.ViewIn(View, lang.French)
	if got := fr.Status(s, 0); got != "^ joueur 1 : 1 case (11,1 %)" {
		t.Errorf("French status %q", got)
	}
	if got := games.ViewIn(View, lang.English).Status(s, 0); got != "^ player 1: 1 cell (11.1%)" {
		t.Errorf("English status %q", got)
	}
	if got := fr.Keys(); len(got) != 1 || got[0].Does != "jouer la couleur A–G" || got[0].Keys != "a–g" {
		t.Errorf("French keys %+v", got)
	}
	if got := View.Keys()[0].Does; got != "play colour A–G" {
		t.Errorf("English keys say %q", got)
	}
	rules := fr.Rules()
	for _, w := range []string{"joueur", "case", "territoire", "couleur", "perd son tour"} {
		if !strings.Contains(rules, w) {
			t.Errorf("the French rules do not say %q:\n%s", w, rules)
		}
	}
	for _, line := range strings.Split(rules, "\n") {
		if w := utf8.RuneCountInString(line); w > 74 {
			t.Errorf("a French help line of %d columns, more than 74: %q", w, line)
		}
	}
	if View.Rules() == rules || !strings.HasPrefix(View.Rules(), "Two players flood") {
		t.Error("the English rules changed")
	}

	err := s.Validate(0, 5) // C touches nothing of ^
	if err == nil {
		t.Fatal("C is not refused")
	}
	if got := lang.Say(err, lang.French); got != "la couleur 5 (C) n'est pas adjacente à votre territoire (règles : §5 Un coup)" {
		t.Errorf("French refusal %q", got)
	}
	if got := err.Error(); got != "colour 5 (C) is not next to your territory (rules: §5 A move)" {
		t.Errorf("English refusal %q", got)
	}
	if games.IllegalCode(err) != "illegal_action" {
		t.Errorf("the refusal's code is %q", games.IllegalCode(err))
	}
	if got := lang.Say(games.ErrNotYourTurn, lang.French); got != "ce n'est pas votre tour" {
		t.Errorf("not your turn: %q", got)
	}

	events, _ := s.Apply(0, 3)
	if got := events[0].In(lang.French); got != "^ a joué A (+2 cases)" {
		t.Errorf("French event %q", got)
	}
	if got := events[0].Text; got != "^ played A (+2 cells)" || events[0].In(lang.English) != got {
		t.Errorf("English event %q", got)
	}
	if got := fr.Status(s, 0); got != "^ joueur 1 : 3 cases (33,3 %)" {
		t.Errorf("French status after a move %q", got)
	}
}

// A bad position and a bad config are said in French too.
func TestErrorsSpeakFrench(t *testing.T) {
	_, err := Game.(games.Positions).DecodePosition([]byte(`{"game":"sevencolors","size":1,"board":[],"to_move":0}`), 1)
	if err == nil {
		t.Fatal("size 1 accepted")
	}
	if got := lang.Say(err, lang.French); got != "size : 1 est hors limites : le plateau fait 2..50 cases de côté" {
		t.Errorf("French position error %q", got)
	}
	if got := err.Error(); got != "size: 1 is out of range: the board is 2..50 cells wide" {
		t.Errorf("English position error %q", got)
	}
	_, err = Game.Normalize(games.Config{"colours": 3})
	if got := lang.Say(err, lang.French); got != `7 couleurs n'a pas de réglage "colours" (son seul réglage est size)` {
		t.Errorf("French config error %q", got)
	}
}

// The bot protocol's documentation, the settings and the position format are said in
// French; in English they stay as they were.
func TestTheDocsSpeakFrench(t *testing.T) {
	d := Game.Describe()
	fr := d.Protocol.In(lang.French)
	if !strings.Contains(fr.Action, "adjacente à votre") || !strings.Contains(fr.Rules, "le joueur 1 occupe la case") {
		t.Errorf("French protocol:\n%s\n%s", fr.Action, fr.Rules)
	}
	if en := d.Protocol.In(lang.English); en.Action != d.Protocol.Action || en.Rules != d.Protocol.Rules || en.Obs != d.Protocol.Obs {
		t.Error("the English protocol changed")
	}
	if got := lang.French.Say(d.Settings[0].Doc); got != "le plateau fait size×size cases" {
		t.Errorf("French setting %q", got)
	}
	if got := lang.French.Say(Game.(games.Positions).PositionFormat()); !strings.Contains(got, "la place qui joue") {
		t.Errorf("French position format:\n%s", got)
	}
}
