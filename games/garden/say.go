package garden

import (
	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/lang"
)

// The rules' refusals and the events' texts are sentences of the catalog, said in the
// reader's language: a refusal is a lang error (lang.Say says it in French) over the
// *games.IllegalError the arena looks for with errors.As, whose sentence is the English one.

// illegal is a refusal of a command, with its code for programs.
func illegal(code string, t lang.Text) error {
	return &lang.Error{Text: t, Wrapped: &games.IllegalError{Code: code, Msg: t.String()}}
}

// event is an event of the rules whose text is a sentence of the catalog: Event.Text says it
// in English, as programs, logs and replays read it; Event.Said in a reader's language.
func event(typ string, seat int, text lang.Text, data any) games.Event {
	return games.Tell(typ, seat, text, data)
}

// kindTitles name the special cells in sentences.
var kindTitles = [...]string{"", lang.N("Sky"), lang.N("Candy"), lang.N("Barbecue"), lang.N("Pool")}

// Title is the special cell's name for people ("Barbecue"), "" for a simple cell.
func (k Kind) Title() string { return kindTitles[k] }

// Said is the special cell's name said in a reader's language.
func (k Kind) Said() lang.Text { return lang.T(kindTitles[k]) }

// clanWords name the clans in sentences ("the cooks"), as the commands do in English.
var clanWords = [...]string{"", lang.N("cooks"), lang.N("blacksmiths"), lang.N("miners"), lang.N("lumberjacks")}

// Said is the clan's name in a sentence ("cooks"), said in a reader's language.
func (c Clan) Said() lang.Text { return lang.T(clanWords[c]) }

// amountTexts say an amount of each resource: "3 wood", "5 metal".
var amountTexts = [...]string{lang.N("%d food"), lang.N("%d metal"), lang.N("%d stone"), lang.N("%d wood")}

// Amount is n of resource r in words: "3 wood" (« 3 bois »).
func Amount(r Resource, n int) lang.Text { return lang.T(amountTexts[r], n) }

// cellText names cell h in an event: "(2,3)", and a special cell's name after it (a
// lang.Text to be said in the reader's language).
func (s *State) cellText(h Hex) any {
	c := s.cells[h]
	if c.Kind != Simple {
		return lang.T("%s %s", h.String(), c.Kind.Said())
	}
	return h.String()
}
