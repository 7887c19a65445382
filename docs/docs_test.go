package docs_test

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/arena-classroom/arena/docs"
	"github.com/arena-classroom/arena/games/dicewars"
	"github.com/arena-classroom/arena/games/garden"
	"github.com/arena-classroom/arena/games/perfectaim"
	"github.com/arena-classroom/arena/games/sevencolors"
	"github.com/arena-classroom/arena/games/warhammer"
)

// citations are the rules each game's refusals cite, by the game's id.
var citations = map[string][]string{
	"sevencolors": sevencolors.CitedRules,
	"perfectaim":  perfectaim.CitedRules,
	"warhammer":   warhammer.CitedRules,
	"dicewars":    dicewars.CitedRules,
	"garden":      garden.CitedRules,
}

// Every heading a refusal cites is a heading of the game's rules page, as written there.
func TestCitedRulesAreHeadingsOfTheRulesPage(t *testing.T) {
	for id, cited := range citations {
		page, ok := docs.Rules(id)
		if !ok {
			t.Fatalf("no rules page for %s", id)
		}
		headings := docs.Headings(page)
		if len(cited) == 0 {
			t.Errorf("%s cites no rules", id)
		}
		for _, c := range cited {
			if !slices.Contains(headings, c) {
				t.Errorf("%s's refusals cite %q, not a heading of %s (%q)", id, c, docs.RulesPath(id), headings)
			}
		}
	}
}

// No refusal in the games' code cites a rule by a number the rules pages do not have
// ("(rule 8)", "(rules §4b)"): every citation goes through games.Cite.
func TestNoRefusalCitesARuleByNumber(t *testing.T) {
	numbered := regexp.MustCompile(`"[^"]*\(rules? (§?[0-9]|§)[^"]*"`)
	for id := range citations {
		files, err := filepath.Glob(filepath.Join("..", "games", id, "*.go"))
		if err != nil || len(files) == 0 {
			t.Fatalf("%s: %v", id, err)
		}
		for _, f := range files {
			if strings.HasSuffix(f, "_test.go") {
				continue
			}
			b, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			for i, l := range strings.Split(string(b), "\n") {
				if strings.HasPrefix(strings.TrimSpace(l), "//") {
					continue
				}
				if m := numbered.FindString(l); m != "" {
					t.Errorf("%s:%d cites a rule by number: %s", f, i+1, m)
				}
			}
		}
	}
}

func TestRulesOfAnUnknownGame(t *testing.T) {
	for _, id := range []string{"", "chess", "../bots", "rules/garden"} {
		if _, ok := docs.Rules(id); ok {
			t.Errorf("Rules(%q) found a page", id)
		}
	}
	if page, ok := docs.Rules("garden"); !ok || !strings.HasPrefix(page, "# Garden Tensions") {
		t.Errorf("Rules(garden) = %.40q, %v", page, ok)
	}
}

// The plain text of a page keeps its words and headings, without Markdown's marks.
func TestPlain(t *testing.T) {
	got := docs.Plain("# Title\n\nA **bold** `code` *word*, [rules/garden.md](rules/garden.md#x) and [../warhammer.md](../warhammer.md).\n\n## §5 A move\n\ntext\n")
	want := "Title\n=====\n\nA bold code word, rules/garden.md (docs/rules/rules/garden.md#x) and docs/warhammer.md.\n\n§5 A move\n---------\n\ntext\n"
	if got != want {
		t.Errorf("Plain:\n%q\nwant\n%q", got, want)
	}
}
