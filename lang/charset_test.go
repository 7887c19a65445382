package lang_test

import (
	"bytes"
	"testing"

	"github.com/arena-classroom/arena/lang"
)

func TestALatin1LocaleIsRecognised(t *testing.T) {
	for env, want := range map[string]bool{
		"LANG=fr_FR.ISO-8859-1": true, "LANG=fr_FR.iso88591": true, "LANG=fr_FR.ISO-8859-15": true,
		"LANG=fr_FR@euro": true, "LC_ALL=fr_FR.ISO-8859-1": true, "LC_CTYPE=de_DE.latin1": true,
		"LANG=fr_FR.UTF-8": false, "LANG=fr_FR": false, "LANG=C": false, "TERM=xterm": false,
	} {
		if got := lang.IsLatin1([]string{env}); got != want {
			t.Errorf("%s: Latin-1 %v, want %v", env, got, want)
		}
	}
	if lang.IsLatin1([]string{"LANG=fr_FR.ISO-8859-1", "LC_ALL=fr_FR.UTF-8"}) {
		t.Error("LC_ALL comes before LANG")
	}
}

// A Latin-1 terminal gets French letters as its bytes, and for the screens' other
// characters one it has, as many columns as they took; a character cut between two
// writes comes whole.
func TestLatin1KeepsLettersAndColumns(t *testing.T) {
	var out bytes.Buffer
	w := lang.Latin1Writer(&out)
	in := []byte("\x1b[1mé à · « ─│╭ › ✓ 😀 x\x1b[0m")
	cut := bytes.Index(in, []byte("─")) + 1 // in the middle of ─
	if _, err := w.Write(in[:cut]); err != nil {
		t.Fatal(err)
	}
	if _, err := w.Write(in[cut:]); err != nil {
		t.Fatal(err)
	}
	want := "\x1b[1m\xe9 \xe0 \xb7 \xab -|+ > v ?? x\x1b[0m"
	if out.String() != want {
		t.Fatalf("%q, want %q", out.String(), want)
	}
}

// A locale of another codeset gets ASCII: accents dropped, the screens' characters as
// their look-alikes, one column each (œ as o); UTF-8 and a locale without codeset get UTF-8.
func TestAnotherCharsetGetsASCII(t *testing.T) {
	for env, want := range map[string]lang.Charset{
		"LANG=fr_FR.UTF-8": lang.UTF8, "LANG=fr_FR.utf8": lang.UTF8, "LANG=fr_FR": lang.UTF8, "LANG=C": lang.UTF8,
		"LANG=fr_FR.ISO-8859-15": lang.Latin1, "LANG=fr_FR@euro": lang.Latin1,
		"LANG=C.ANSI_X3.4-1968": lang.ASCII, "LC_ALL=ru_RU.KOI8-R": lang.ASCII, "LANG=pl_PL.ISO-8859-2": lang.ASCII,
	} {
		if got := lang.CharsetOf([]string{env}); got != want {
			t.Errorf("%s: charset %v, want %v", env, got, want)
		}
	}
	var out bytes.Buffer
	w := lang.CharsetOf([]string{"LANG=C.ANSI_X3.4-1968"}).Writer(&out)
	if _, err := w.Write([]byte("\x1b[1mÉlève à · « ─│╭ › ✓ 😀 cœur\u00a0x\x1b[0m")); err != nil {
		t.Fatal(err)
	}
	if want := "\x1b[1mEleve a . \" -|+ > v ?? cour x\x1b[0m"; out.String() != want {
		t.Fatalf("%q, want %q", out.String(), want)
	}
}
