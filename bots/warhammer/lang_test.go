package warhammer_test

import (
	"bytes"
	"strings"
	"testing"

	whbots "github.com/arena-classroom/arena/bots/warhammer"
	"github.com/arena-classroom/arena/lang"
)

// The tool speaks the reader's language: its usage and its refusals, the matrix's line named.
func TestTheToolSpeaksFrench(t *testing.T) {
	run := func(l lang.Lang, stdin string, args ...string) (int, string, string) {
		var out, errb bytes.Buffer
		code := whbots.AIIn(l, args, strings.NewReader(stdin), &out, &errb, func() uint64 { return 42 })
		return code, out.String(), errb.String()
	}
	if _, out, _ := run(lang.French, "", "--help"); !strings.HasPrefix(out, "Usage : arena warhammer --ia NOM [--seed S] [FICHIER]") || !strings.Contains(out, "le bot : random, cautious, survivor, hunter") {
		t.Errorf("French usage:\n%s", out)
	}
	_, _, errs := run(lang.French, "7 2\n0 0 4\n", "--ia", "hunter")
	if !strings.HasPrefix(errs, "arena warhammer: stdin, ligne 2 : 3 nombres, une ligne en a T+N = 7+2 = 9\n") || !strings.Contains(errs, "Lancez « arena warhammer --help » pour les détails.") {
		t.Errorf("French refusal:\n%s", errs)
	}
	_, _, errs = run(lang.French, "3 2\n4 4 4 1 1\n4 -2 4 0 2\n4 4 4 0 2\n", "--ia", "hunter")
	if !strings.HasPrefix(errs, "arena warhammer: stdin, ligne 3 : nombre 2 : PV -2 négatifs\n") {
		t.Errorf("French refusal:\n%s", errs)
	}
	for _, l := range []lang.Lang{lang.English, ""} {
		c1, o1, e1 := run(l, "7 2\n0 0 4\n", "--ia", "hunter")
		var out, errb bytes.Buffer
		c2 := whbots.AI([]string{"--ia", "hunter"}, strings.NewReader("7 2\n0 0 4\n"), &out, &errb, func() uint64 { return 42 })
		if c1 != c2 || o1 != out.String() || e1 != errb.String() || !strings.HasPrefix(e1, "arena warhammer: stdin, line 2: 3 numbers, a row has T+N = 7+2 = 9\n") {
			t.Errorf("English changed: %q", e1)
		}
	}
}
