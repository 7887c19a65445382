package codes

import (
	"strings"
	"testing"
)

func TestCodesUseOnlyTheAlphabet(t *testing.T) {
	seen := map[string]bool{}
	for range 2000 {
		c := New(5)
		if len(c) != 5 || strings.Trim(c, Alphabet) != "" {
			t.Fatalf("code %q", c)
		}
		seen[c] = true
		if l := Lower(4); l != strings.ToLower(l) || strings.Trim(strings.ToUpper(l), Alphabet) != "" {
			t.Fatalf("lower code %q", l)
		}
	}
	if len(seen) < 1990 {
		t.Fatalf("only %d different codes in 2000 draws of 31^5", len(seen))
	}
	for _, bad := range "01ILO" {
		if strings.ContainsRune(Alphabet, bad) {
			t.Fatalf("the alphabet holds %q, which reads like another", bad)
		}
	}
}

func TestFreshSkipsTakenCodes(t *testing.T) {
	draws := []string{"A", "B", "C"}
	got := Fresh(func() string { d := draws[0]; draws = draws[1:]; return d }, func(c string) bool { return c != "C" })
	if got != "C" {
		t.Fatalf("%q", got)
	}
}
