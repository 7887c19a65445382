package keys

import (
	"os"
	"strings"
	"testing"
)

// docs/names.md lists every reserved word, so that a student can check before connecting.
func TestDocsListEveryReservedName(t *testing.T) {
	doc, err := os.ReadFile("../docs/names.md")
	if err != nil {
		t.Fatal(err)
	}
	_, list, _ := strings.Cut(string(doc), "## Reserved names")
	listed := map[string]bool{}
	for _, w := range strings.FieldsFunc(list, func(r rune) bool { return r == ',' || r == ' ' || r == '\n' }) {
		listed[w] = true
	}
	for _, w := range ReservedWords() {
		if !listed[w] {
			t.Errorf("docs/names.md does not list %q", w)
		}
	}
}
