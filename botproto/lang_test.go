package botproto_test

import (
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/arena-classroom/arena/botproto"
	"github.com/arena-classroom/arena/games/sevencolors"
	"github.com/arena-classroom/arena/lang"
)

// `spec GAME` for a French reader: its sentences in French, every protocol line exactly as
// in English (the example warning's msg apart, said in French as a French connection
// hears it), no sentence of its own wider than 80 columns; English unchanged.
func TestSpecInFrenchKeepsTheProtocolLines(t *testing.T) {
	en, err := botproto.Spec(sevencolors.Game, 2*time.Second, 5*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	fr, err := botproto.SpecIn(sevencolors.Game, 2*time.Second, 5*time.Second, lang.French)
	if err != nil {
		t.Fatal(err)
	}
	if en2, _ := botproto.SpecIn(sevencolors.Game, 2*time.Second, 5*time.Second, lang.English); en2 != en {
		t.Fatal("SpecIn(English) is not Spec")
	}
	protocol := func(text string) []string {
		var out []string
		for _, l := range strings.Split(text, "\n") {
			if t := strings.TrimSpace(l); (strings.HasPrefix(t, "< ") || strings.HasPrefix(t, "> ")) && !strings.Contains(t, `"type":"warn"`) {
				out = append(out, t)
			}
		}
		return out
	}
	pe, pf := protocol(en), protocol(fr)
	if len(pe) < 5 || strings.Join(pe, "\n") != strings.Join(pf, "\n") {
		t.Errorf("protocol lines differ:\nEnglish\n%s\nFrench\n%s", strings.Join(pe, "\n"), strings.Join(pf, "\n"))
	}
	for _, want := range []string{"protocole des bots de l'arène, version 1", "temps : 2000 ms par coup", "Exemple (les lignes du serveur",
		`"code":"illegal_action"`} {
		if !strings.Contains(fr, want) {
			t.Errorf("French spec lacks %q", want)
		}
	}
	for _, english := range []string{"arena bot protocol", "ms per move", "Example (server lines"} {
		if strings.Contains(fr, english) {
			t.Errorf("French spec says %q", english)
		}
	}
	for _, key := range lang.French.Keys() {
		if !strings.Contains(en, strings.TrimSpace(strings.Split(key, "%")[0])) || !strings.Contains(key, "\n") {
			continue // not one of the spec's paragraphs
		}
		for _, line := range strings.Split(lang.French.Sprintf(key), "\n") {
			if line, _, _ = strings.Cut(line, "%"); utf8.RuneCountInString(line) > 80 {
				t.Errorf("a French line of the spec is %d columns wide: %q", utf8.RuneCountInString(line), line)
			}
		}
	}
}
