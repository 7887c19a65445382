package sevencolors

import (
	"bytes"
	"strings"
	"testing"

	"github.com/arena-classroom/arena/bots"
	"github.com/arena-classroom/arena/lang"
)

// The seed's command line speaks French to a French terminal; the bots say what they do
// in French with the assignment's names (glouton, hégémonique, mixte).
func TestQ13SpeaksFrench(t *testing.T) {
	var out, errb bytes.Buffer
	code := AIIn(lang.French, strings.Fields("2 --ia greedy 3 1 3 5 2"), &out, &errb, func() uint64 { return 1 })
	if code != 2 || !strings.Contains(errb.String(), `JOUEUR "3" n'est ni 1 ni 2`) || !strings.Contains(errb.String(), "Lancez 'arena sevencolors --help'") {
		t.Errorf("exit %d: %s", code, errb.String())
	}
	out.Reset()
	if code := AIIn(lang.French, []string{"--help"}, &out, &errb, nil); code != 0 || !strings.Contains(out.String(), "le plateau fait TAILLE×TAILLE") {
		t.Errorf("exit %d: %s", code, out.String())
	}
	errb.Reset()
	if code := AIIn(lang.French, strings.Fields("1 --ia greedy 1 1"), &out, &errb, nil); code != 2 || !strings.Contains(errb.String(), `TAILLE "1" n'est pas une taille de plateau 2..50`) {
		t.Errorf("exit %d: %s", code, errb.String())
	}
	info, _ := bots.Find(All, "greedy")
	if got := lang.French.Say(info.About); !strings.Contains(got, "glouton") || info.About != "the colour that gains the most cells now" {
		t.Errorf("greedy is %q in French, %q in English", got, info.About)
	}
}
