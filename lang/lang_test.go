package lang_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/arena-classroom/arena/lang"
)

func TestTheCatalogsLoad(t *testing.T) {
	if err := lang.LoadError(); err != nil {
		t.Fatal(err)
	}
}

// gettext's order: LANGUAGE (unless the locale is C), LC_ALL, LC_MESSAGES, LANG.
func TestTheClientsLocaleInGettextsOrder(t *testing.T) {
	cases := []struct {
		env  []string
		want lang.Lang
		from string
	}{
		{[]string{"LANG=fr_FR.UTF-8"}, lang.French, "LANG=fr_FR.UTF-8"},
		{[]string{"LANG=en_US.UTF-8", "LC_MESSAGES=fr_CA.UTF-8"}, lang.French, "LC_MESSAGES=fr_CA.UTF-8"},
		{[]string{"LANG=fr_FR.UTF-8", "LC_ALL=en_GB.UTF-8"}, lang.English, "LC_ALL=en_GB.UTF-8"},
		{[]string{"LANG=en_US.UTF-8", "LANGUAGE=de:fr:en"}, lang.French, "LANGUAGE=de:fr:en"},
		{[]string{"LANG=de_DE.UTF-8"}, "", ""},
		{[]string{"LC_ALL=C", "LANGUAGE=fr"}, "", ""}, // a C locale: no translation, whatever LANGUAGE says
		{[]string{"LANG=fr_FR@euro"}, lang.French, "LANG=fr_FR@euro"},
		{[]string{"TERM=xterm"}, "", ""},
	}
	for _, c := range cases {
		l, src, ok := lang.FromEnv(c.env)
		if ok != (c.want != "") || l != c.want || src.Variable != c.from {
			t.Errorf("%v: %q from %q (%v), want %q from %q", c.env, l, src.Variable, ok, c.want, c.from)
		}
	}
}

func TestAStoredChoiceComesFirstThenTheClientThenTheServer(t *testing.T) {
	fr := []string{"LANG=fr_FR.UTF-8"}
	if l, src := lang.Choose("en", fr, lang.French); l != lang.English || src.Kind != lang.FromChoice {
		t.Errorf("a stored choice: %q %+v", l, src)
	}
	if l, src := lang.Choose("", fr, lang.English); l != lang.French || src.Kind != lang.FromClient {
		t.Errorf("the client's LANG: %q %+v", l, src)
	}
	if l, src := lang.Choose("", nil, lang.French); l != lang.French || src.Kind != lang.FromDefault {
		t.Errorf("the server's default: %q %+v", l, src)
	}
	if l, _ := lang.Choose("", []string{"LANG=ja_JP.UTF-8"}, ""); l != lang.English {
		t.Errorf("no language the arena speaks, no default: %q", l)
	}
}

// French counts 0 and 1 as singular, English only 1; a sentence a catalog lacks is said as
// written.
func TestPluralsFollowEachLanguagesRules(t *testing.T) {
	for _, c := range []struct {
		l    lang.Lang
		n    int
		want string
	}{
		{lang.French, 0, "0 partie"}, {lang.French, 1, "1 partie"}, {lang.French, 2, "2 parties"},
		{lang.English, 0, "0 games"}, {lang.English, 1, "1 game"}, {lang.English, 2, "2 games"},
	} {
		if got := c.l.Sprintf("%d games", c.n); got != c.want {
			t.Errorf("%s, %d: %q, want %q", c.l, c.n, got, c.want)
		}
	}
	if got := lang.French.Sprintf("a sentence nobody translated: %d", 3); got != "a sentence nobody translated: 3" {
		t.Errorf("a missing sentence: %q", got)
	}
}

// French readers group thousands with a (no-break) space.
func TestNumbersAsTheirReadersWriteThem(t *testing.T) {
	if got := lang.French.Sprintf("%d games", 1234); got != "1\u00a0234 parties" {
		t.Errorf("%q", got)
	}
	if got := lang.English.Sprintf("%d games", 1234); got != "1,234 games" {
		t.Errorf("%q", got)
	}
}

// An error of the catalog is said in the reader's language, with its wrapped cause said
// too, and still matches what it wraps.
func TestAnErrorIsSaidInTheReadersLanguage(t *testing.T) {
	inner := errors.New("dvorak")
	err := lang.Errorf("--lang %s: the arena speaks en (English) and fr (français)", "de")
	if got := lang.Say(err, lang.French); !strings.HasPrefix(got, "--lang de : l'arène parle") {
		t.Errorf("in French: %q", got)
	}
	if got := err.Error(); !strings.HasPrefix(got, "--lang de: the arena speaks") {
		t.Errorf("in English: %q", got)
	}
	wrapped := lang.Errorf("%q: the layouts are qwerty and azerty", inner)
	if !errors.Is(wrapped, inner) {
		t.Error("the wrapped error is not seen by errors.Is")
	}
	if got := lang.Say(fmt.Errorf("plain"), lang.French); got != "plain" {
		t.Errorf("an error from outside the catalog: %q", got)
	}
}

// Dates as each language's readers write them: English as the arena always did, French
// day first.
func TestDatesAsReadersWriteThem(t *testing.T) {
	at := time.Date(2026, 11, 28, 14, 5, 9, 0, time.UTC)
	if got := lang.English.DateTime(at, false); got != "2026-11-28 14:05" {
		t.Errorf("English: %q", got)
	}
	if got := lang.French.DateTime(at, true); got != "28/11/2026 14:05:09" {
		t.Errorf("French: %q", got)
	}
}

// A French reader reads durations with French units, spaces and a decimal comma; English
// keeps Go's form, which the command lines take.
func TestDurationsAreWrittenTheReadersWay(t *testing.T) {
	for _, c := range []struct {
		d      time.Duration
		fr, en string
	}{
		{0, "0 s", "0s"},
		{250 * time.Microsecond, "250 µs", "250µs"},
		{295 * time.Millisecond, "295 ms", "295ms"},
		{time.Second, "1 s", "1s"},
		{1500 * time.Millisecond, "1,5 s", "1.5s"},
		{90 * time.Second, "1 min 30 s", "1m30s"},
		{10 * time.Minute, "10 min", "10m0s"},
		{2*time.Hour + 5*time.Second, "2 h 5 s", "2h0m5s"},
	} {
		if got := lang.French.Duration(c.d); got != c.fr {
			t.Errorf("French %v: %q, want %q", c.d, got, c.fr)
		}
		if got := lang.English.Duration(c.d); got != c.en {
			t.Errorf("English %v: %q, want %q", c.d, got, c.en)
		}
	}
	// In a sentence: %v and %s say it; %d still counts nanoseconds.
	if got, want := lang.French.Sprintf("%v|%s|%d", 1500*time.Millisecond, 2*time.Second, time.Microsecond), "1,5 s|2 s|"+lang.French.Sprintf("%d", 1000); got != want {
		t.Errorf("in a French sentence: %q", got)
	}
	if got := lang.English.Sprintf("%v", 1500*time.Millisecond); got != "1.5s" {
		t.Errorf("in an English sentence: %q", got)
	}
}
