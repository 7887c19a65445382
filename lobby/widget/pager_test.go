package widget

import (
	"strings"
	"testing"

	"github.com/arena-classroom/arena/lang"
)

// Where a pager stands is said in the reader's language; English stays as it was.
func TestWhereThePagerStandsInFrench(t *testing.T) {
	p := NewPager()
	p.Set(strings.Repeat("line\n", 63)+"line", 20)
	if got := p.Where(); got != "lines 1–20 of 64 · ↑↓ scroll" {
		t.Errorf("in English: %q", got)
	}
	if got := p.WhereIn(lang.French); got != "lignes 1–20 sur 64 · ↑↓ défiler" {
		t.Errorf("in French: %q", got)
	}
	p.Set("one line", 20)
	if p.WhereIn(lang.French) != "" {
		t.Error("a text that fits says where it stands")
	}
}

// Every help of the widgets' keys is a sentence of the catalogs, in French too.
func TestTheWidgetsKeysAreInTheCatalogs(t *testing.T) {
	c := CodeInput{}
	for _, b := range append(append(NewPagerKeys().All(), c.Editing()...), HelpKey) {
		if does := b.Help().Desc; !lang.French.Has(does) || lang.French.Say(does) == does {
			t.Errorf("%q (%s) is not said in French", does, b.Help().Key)
		}
	}
}
