package garden

import (
	"errors"
	"testing"

	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/lang"
)

// The events' and refusals' sentences are said in French in the seed's words, and in English
// as they always were.
func TestSentencesAreSaidInFrench(t *testing.T) {
	income := incomeText(7, [NumResources]int{Food: 2, Wood: 1})
	for _, tc := range []struct {
		t      lang.Text
		fr, en string
	}{
		{income, "tour 7 : +2 nourritures +1 bois", "turn 7: +2 food +1 wood"},
		{incomeText(3, [NumResources]int{}), "tour 3 : aucun revenu", "turn 3: no income"},
		{incomeText(4, [NumResources]int{Metal: 1}), "tour 4 : +1 métal", "turn 4: +1 metal"},
		{lang.T("leads the %s", Lumberjacks.Said()), "mène les Bûcherons", "leads the lumberjacks"},
		{lang.T("moves %d creatures from %s into %s", 1, HexAt(2, 0), lang.T("%s %s", "(2,1)", Candy.Said())), "déplace 1 créature de (2,0) vers (2,1) Sucreries", "moves 1 creature from (2,0) into (2,1) Candy"},
	} {
		if got := tc.t.In(lang.French); got != tc.fr {
			t.Errorf("in French %q, want %q", got, tc.fr)
		}
		if got := tc.t.String(); got != tc.en {
			t.Errorf("in English %q, want %q", got, tc.en)
		}
	}
	_, err := Parse("clan elves")
	if got := lang.Say(err, lang.French); got != `"elves" n'est pas un clan : cooks, blacksmiths, miners ou lumberjacks (règles : Clans)` {
		t.Errorf("in French: %q", got)
	}
	if games.IllegalCode(err) != "unknown_clan" || !errors.As(err, new(*games.IllegalError)) {
		t.Errorf("%v is no longer an IllegalError", err)
	}
	if _, err := Game.Normalize(games.Config{"rounds": 1}); lang.Say(err, lang.French) != "Garden Tensions : rounds 1 est hors limites : 5..200" || err.Error() != "Garden Tensions: rounds 1 is out of range: 5..200" {
		t.Errorf("%v, %q", err, lang.Say(err, lang.French))
	}
}
