package plaintext

import "testing"

// Names and titles keep what people see and lose what changes how text reads unseen:
// escape sequences, controls, bidi controls, zero-width characters, separators.
func TestCleanDropsControlsAndInvisibleCharacters(t *testing.T) {
	for in, want := range map[string]string{
		"TP 7 couleurs":             "TP 7 couleurs",
		"Élève Zoë 🎲":               "Élève Zoë 🎲",
		"\x1b[31mred\x1b[0m":        "[31mred[0m",
		"evil\u202eexe.txt":         "evilexe.txt", // right-to-left override
		"a\u2066b\u2069c":           "abc",         // isolates
		"zero\u200bwidth\u200djoin": "zerowidthjoin",
		"\ufeffbom":                 "bom",
		"soft\u00adhyphen":          "softhyphen",
		"line\u2028para\u2029end":   "lineparaend",
	} {
		if got := Clean(in); got != want {
			t.Errorf("Clean(%q) = %q, want %q", in, got, want)
		}
	}
}
