package docs_test

import (
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/arena-classroom/arena/docs"
	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/games/dicewars"
	"github.com/arena-classroom/arena/games/garden"
	"github.com/arena-classroom/arena/games/perfectaim"
	"github.com/arena-classroom/arena/games/sevencolors"
	"github.com/arena-classroom/arena/games/warhammer"
	"github.com/arena-classroom/arena/internal/termtext"
	"github.com/arena-classroom/arena/lang"
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

// The French pages: French for French, English otherwise.
func TestRulesIn(t *testing.T) {
	for id := range citations {
		en, _ := docs.Rules(id)
		if got, ok := docs.RulesIn(id, lang.English); !ok || got != en {
			t.Errorf("RulesIn(%s, English) is not the English page", id)
		}
		fr, ok := docs.RulesIn(id, lang.French)
		if !ok || fr == en {
			t.Errorf("RulesIn(%s, French): no French page", id)
		}
		if want := "docs/rules/fr/" + id + ".md"; docs.RulesPathIn(id, lang.French) != want {
			t.Errorf("RulesPathIn(%s, French) = %q, want %q", id, docs.RulesPathIn(id, lang.French), want)
		}
	}
	if page, ok := docs.RulesIn("garden", lang.French); !ok || !strings.HasPrefix(page, "# Garden Tensions, tel que l'arène le joue") {
		t.Errorf("RulesIn(garden, French) = %.40q, %v", page, ok)
	}
	for _, id := range []string{"", "chess", "../bots", "fr/garden", "../garden"} {
		if _, ok := docs.RulesIn(id, lang.French); ok {
			t.Errorf("RulesIn(%q, French) found a page", id)
		}
	}
}

// frenchPages are each game's English and French rules pages.
func frenchPages(t *testing.T) map[string][2]string {
	t.Helper()
	out := map[string][2]string{}
	for id := range citations {
		en, ok := docs.Rules(id)
		if !ok {
			t.Fatalf("no rules page for %s", id)
		}
		fr, ok := docs.RulesIn(id, lang.French)
		if !ok || fr == en {
			t.Fatalf("no French rules page for %s", id)
		}
		out[id] = [2]string{en, fr}
	}
	return out
}

// numbers are a page's numbers as their runs of digits, counted: "1,800", "1 800", "0.9"
// and "0,9" read the same (1 and 800; 0 and 9), whichever way a language writes them.
func numbers(page string) map[string]int {
	out := map[string]int{}
	for _, n := range regexp.MustCompile(`[0-9]+`).FindAllString(page, -1) {
		out[n]++
	}
	return out
}

// Every number of a French rules page is the English page's, as many times: the rules'
// constants do not change with the language (numbers are written as digits in both).
func TestFrenchRulesKeepEveryNumber(t *testing.T) {
	for id, p := range frenchPages(t) {
		en, fr := numbers(p[0]), numbers(p[1])
		for n, c := range en {
			if fr[n] != c {
				t.Errorf("%s: %s appears %d times in English, %d in French", id, n, c, fr[n])
			}
		}
		for n, c := range fr {
			if en[n] == 0 {
				t.Errorf("%s: %s appears %d times in French, never in English", id, n, c)
			}
		}
	}
}

// A French page has the English page's sections, in the same order, a numbered section
// keeping its number ("§5 Un coup" for "§5 A move"); every heading a refusal cites has a
// French heading (HeadingIn) that is one of the French page's, so that a French citation
// still points to a section a French reader finds.
func TestFrenchRulesHaveTheSameSections(t *testing.T) {
	number := regexp.MustCompile(`^§[0-9]+ `)
	for id, p := range frenchPages(t) {
		en, fr := docs.Headings(p[0]), docs.Headings(p[1])
		if len(en) != len(fr) {
			t.Errorf("%s: %d sections in English, %d in French (%q)", id, len(en), len(fr), fr)
			continue
		}
		for i := range en {
			if number.FindString(en[i]) != number.FindString(fr[i]) {
				t.Errorf("%s: section %d is %q in English, %q in French", id, i+1, en[i], fr[i])
			}
			if got := docs.HeadingIn(id, en[i], lang.French); got != fr[i] {
				t.Errorf("%s: HeadingIn(%q, French) = %q, want %q", id, en[i], got, fr[i])
			}
			if got := docs.HeadingIn(id, en[i], lang.English); got != en[i] {
				t.Errorf("%s: HeadingIn(%q, English) = %q", id, en[i], got)
			}
		}
		if strings.Count(p[0], "\n# ") != strings.Count(p[1], "\n# ") || !strings.HasPrefix(p[1], "# ") {
			t.Errorf("%s: the French page's title is not as the English page's", id)
		}
		for _, c := range citations[id] {
			if h := docs.HeadingIn(id, c, lang.French); !slices.Contains(fr, h) {
				t.Errorf("%s: the cited %q is %q in French, not a heading of the French page", id, c, h)
			}
		}
	}
	if got := docs.HeadingIn("dicewars", "Attacking", lang.French); got != "Attaquer" {
		t.Errorf("HeadingIn(dicewars, Attacking, French) = %q", got)
	}
	if got := docs.HeadingIn("dicewars", "No such rule", lang.French); got != "No such rule" {
		t.Errorf("HeadingIn of a heading the page lacks = %q", got)
	}
}

// seedWords are, for each game, words of its French assignment (in ../shared/seeds/, found
// by the line seedMark names) that its French rules page must use: the seed's names for
// the pieces, actions, clans and powers, so that the arena speaks of the game as the class
// that wrote it does.
var (
	seedMark = map[string]string{
		"warhammer":   "# Arene-war-hammer",
		"sevencolors": "Les 7 merveilles du monde des 7 couleurs",
		"perfectaim":  "# Perfect Aim",
		"garden":      "Projet “Garden Tensions”",
		"dicewars":    "# Jeu DiceWars",
	}
	seedWords = map[string][]string{
		"warhammer": {"plateforme", "case", "points de vie", "PV", "trou", "détruite", "grenade",
			"marteau", "coup de marteau", "invalide", "survivant", "inverse de l'ordre des mort"},
		"sevencolors": {"couleur", "territoire", "coin", "perd son tour", "glouton", "hégémonique",
			"mixte", "frontières", "Je fais n'importe quoi", "faire progresser son territoire",
			"ligne de commande", "tournoi"},
		"perfectaim": {"plateau", "joueur", "sol", "mur", "lave", "sol endommagé", "boule de feu",
			"super boule de feu", "bouclier", "pièce", "bonus de vitesse", "malus de vitesse",
			"vitesse", "attaquer"},
		"garden": {"cellule", "créature", "Cuisiniers", "Forgerons", "Mineurs", "Bûcherons", "Ciel",
			"Sucreries", "Barbecue", "Piscine", "herbe", "sable", "boue", "nourriture", "métaux",
			"pierre", "bois", "point de conquête", "pillage", "attaque de zone", "conquête",
			"renfort", "empoisonn", "protégée", "immobilis"},
		"dicewars": {"carte", "dés", "territoire", "attaque", "ennemi", "voisin", "défend", "égalité"},
	}
)

// fold is text as seedWords are looked for in it: letters in lower case, typographic
// apostrophes as straight ones, any run of spaces and line breaks as one space.
func fold(s string) string {
	return strings.Join(strings.Fields(strings.ToLower(strings.ReplaceAll(s, "’", "'"))), " ")
}

// Each French page uses its seed's words; where the seeds are at hand (../shared/seeds/
// beside the repository), each word is also held to be the seed's.
func TestFrenchRulesUseTheSeedsWords(t *testing.T) {
	seeds := map[string]string{}
	dir := filepath.Join("..", "..", "shared", "seeds")
	files, _ := filepath.Glob(filepath.Join(dir, "*"))
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			continue
		}
		for id, mark := range seedMark {
			if strings.Contains(string(b), mark) {
				seeds[id] = fold(string(b))
			}
		}
	}
	if len(files) == 0 {
		t.Logf("no seeds in %s: the French pages are checked alone", dir)
	}
	for id, p := range frenchPages(t) {
		words := seedWords[id]
		if len(words) < 6 {
			t.Errorf("%s: only %d words of its seed are checked", id, len(words))
		}
		seed, haveSeed := seeds[id]
		if len(files) > 0 && !haveSeed {
			t.Errorf("%s: no seed in %s holds %q", id, dir, seedMark[id])
		}
		page := fold(p[1])
		for _, w := range words {
			if haveSeed && !strings.Contains(seed, fold(w)) {
				t.Errorf("%s: %q is not a word of the seed", id, w)
			}
			if !strings.Contains(page, fold(w)) {
				t.Errorf("%s: the French page does not say %q, as the seed does", id, w)
			}
		}
	}
}

// A French page, as plain text folded to the lobby's pager at 80 columns (78 cells inside
// its margins, as the rules screen folds its text), overflows nowhere the English page does
// not: a line wider is only ever one unbreakable piece (a long table row's cell, a formula),
// and then no more of them than in English; a page's own lines (tables aside) are at most 92
// cells, as its source is read.
func TestFrenchRulesFitThePager(t *testing.T) {
	const width = 78
	over := func(page string) (n int, bad []string) {
		for _, l := range strings.Split(termtext.Reflow(page, width), "\n") {
			if ansi.StringWidth(l) <= width {
				continue
			}
			n++
			if len(strings.Fields(l)) > 1 {
				bad = append(bad, l)
			}
		}
		return n, bad
	}
	widest := func(page string) (w int) {
		for _, l := range strings.Split(page, "\n") {
			if !strings.HasPrefix(l, "|") {
				w = max(w, ansi.StringWidth(l))
			}
		}
		return w
	}
	for id, p := range frenchPages(t) {
		en, fr := docs.Plain(p[0]), docs.PlainIn(p[1], lang.French)
		nEn, _ := over(en)
		nFr, bad := over(fr)
		for _, l := range bad {
			t.Errorf("%s: a French line overflows the pager: %q", id, l)
		}
		if nFr > nEn {
			t.Errorf("%s: %d French lines wider than %d cells, %d English", id, nFr, width, nEn)
		}
		if w := widest(p[1]); w > 92 {
			t.Errorf("%s: the French page has lines of %d cells (tables aside), more than 92", id, w)
		}
	}
}

// Every link of a rules page, English or French, leads to a page of the repository: a
// French page links to English-only pages (docs/warhammer.md) from docs/rules/fr/, and its
// plain text names them by their paths.
func TestRulesLinksLeadToPages(t *testing.T) {
	link := regexp.MustCompile(`\]\(([^)\s#]+)(#[^)]*)?\)`)
	for id, p := range frenchPages(t) {
		for i, l := range []lang.Lang{lang.English, lang.French} {
			base := path.Dir(docs.RulesPathIn(id, l))
			for _, m := range link.FindAllStringSubmatch(p[i], -1) {
				if strings.Contains(m[1], "://") {
					continue
				}
				target := path.Join(base, m[1])
				if _, err := os.Stat(filepath.Join("..", filepath.FromSlash(target))); err != nil {
					t.Errorf("%s (%s): the link %s leads nowhere (%s)", id, l, m[1], target)
				}
				if plain := docs.PlainIn(p[i], l); !strings.Contains(plain, target) {
					t.Errorf("%s (%s): the plain text does not name %s", id, l, target)
				}
			}
		}
	}
}

// A refusal's citation, written by games.Cite with the English heading, is said to a French
// reader with the French page's heading; an English reader's is untouched.
func TestCitationIn(t *testing.T) {
	refusal := "code 96 is outside 0..95: an invalid action kills its player" + games.Cite(warhammer.CitedRules[0])
	if got := docs.CitationIn("warhammer", refusal, lang.English); got != refusal {
		t.Errorf("CitationIn in English = %q", got)
	}
	want := "code 96 is outside 0..95: an invalid action kills its player (règles : §7 Un tour est un code)"
	if got := docs.CitationIn("warhammer", refusal, lang.French); got != want {
		t.Errorf("CitationIn in French = %q, want %q", got, want)
	}
	for id, cited := range citations {
		fr, _ := docs.RulesIn(id, lang.French)
		for _, c := range cited {
			got := docs.CitationIn(id, "non"+games.Cite(c), lang.French)
			h, ok := strings.CutPrefix(got, "non (règles : ")
			if !ok || !slices.Contains(docs.Headings(fr), strings.TrimSuffix(h, ")")) {
				t.Errorf("%s: %q is cited in French as %q", id, c, got)
			}
		}
	}
	if got := docs.CitationIn("dicewars", "no citation here", lang.French); got != "no citation here" {
		t.Errorf("CitationIn without a citation = %q", got)
	}
}
