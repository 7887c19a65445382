// Package docs carries the pages the arena prints itself: the games' rules
// (docs/rules/GAME.md, and in French docs/rules/fr/GAME.md), for `rules GAME` over SSH and
// for the refusals that cite them.
//
// A French page has the English page's structure: the same sections in the same order (their
// headings in French, a numbered one keeping its number, "§5 Un coup" for "§5 A move"), the
// same constants. That is how a refusal's citation, written with the English heading in the
// code (games.Cite), is said to a French reader: HeadingIn gives the French page's heading
// at the English one's place. docs_test.go holds the pages to that.
package docs

import (
	"embed"
	"path"
	"regexp"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/arena-classroom/arena/lang"
)

//go:embed rules/*.md rules/fr/*.md
var rules embed.FS

// Rules is the rules page of the game with that id, as written in docs/rules/ID.md, and
// whether there is one: the English page (RulesIn for a reader's language).
func Rules(id string) (string, bool) { return read(dir(lang.English), id) }

// RulesIn is the rules page of game id in l: docs/rules/fr/ID.md for French, and the
// English page for English or when the game has no French page yet.
func RulesIn(id string, l lang.Lang) (string, bool) {
	if page, ok := read(dir(l), id); ok {
		return page, true
	}
	return Rules(id)
}

func read(dir, id string) (string, bool) {
	if id == "" || strings.ContainsAny(id, "/.\\") {
		return "", false
	}
	b, err := rules.ReadFile(dir + "/" + id + ".md")
	if err != nil {
		return "", false
	}
	return string(b), true
}

// dir is where l's rules pages are in the embedded files (rules, rules/fr), as in the
// repository under docs/.
func dir(l lang.Lang) string {
	if l == lang.French {
		return "rules/fr"
	}
	return "rules"
}

// RulesPath is where the (English) rules page of game id lives in the repository.
func RulesPath(id string) string { return "docs/rules/" + id + ".md" }

// RulesPathIn is where the rules page of game id in l lives in the repository: the page
// RulesIn gives.
func RulesPathIn(id string, l lang.Lang) string {
	if _, ok := read(dir(l), id); ok {
		return "docs/" + dir(l) + "/" + id + ".md"
	}
	return RulesPath(id)
}

// HeadingIn is heading, a heading of game id's English rules page (as the games' refusals
// cite them, games.Cite), as l's page writes the same section: the heading at the same
// place among the page's sections. heading itself when l is English, or when it is not a
// heading of the English page or l's page has no section there.
func HeadingIn(id, heading string, l lang.Lang) string {
	if l == lang.English {
		return heading
	}
	en, ok := Rules(id)
	if !ok {
		return heading
	}
	page, ok := read(dir(l), id)
	if !ok {
		return heading
	}
	i := slices.Index(Headings(en), heading)
	if h := Headings(page); i >= 0 && i < len(h) {
		return h[i]
	}
	return heading
}

// Headings lists the section headings of a page (lines "## Title"), as written.
func Headings(page string) []string {
	var out []string
	for _, l := range strings.Split(page, "\n") {
		if t, ok := strings.CutPrefix(l, "## "); ok {
			out = append(out, strings.TrimSpace(t))
		}
	}
	return out
}

// CitationIn is text, a refusal of game id that cites its rules as games.Cite writes them in
// English (" (rules: Attacking)"), with every such citation said in l: " (règles :
// Attaquer)" in French, the French page's heading for the section (HeadingIn), so that a
// French reader finds it with `rules GAME`. Text without a citation of the page's headings
// is returned as it is; so is any text in English.
func CitationIn(id, text string, l lang.Lang) string {
	if l == lang.English || !strings.Contains(text, citeOpen) {
		return text
	}
	en, ok := Rules(id)
	if !ok {
		return text
	}
	for _, h := range Headings(en) {
		if cite := citeOpen + h + ")"; strings.Contains(text, cite) {
			text = strings.ReplaceAll(text, cite, l.Sprintf(" (rules: %s)", HeadingIn(id, h, l)))
		}
	}
	return text
}

// citeOpen is how games.Cite opens a citation.
const citeOpen = " (rules: "

var (
	link     = regexp.MustCompile(`\[([^\]]+)\]\(([^)\s]+)\)`)
	emphasis = regexp.MustCompile(`\*([^*\s][^*]*)\*`)
)

// Plain is an English rules page as plain text for a terminal: headings underlined, no
// Markdown marks, and links to the repository's pages given as their paths
// (docs/warhammer.md).
func Plain(page string) string { return PlainIn(page, lang.English) }

// PlainIn is Plain for a page of l (RulesIn): its links are read from l's directory
// (docs/rules/fr/../../warhammer.md is docs/warhammer.md).
func PlainIn(page string, l lang.Lang) string {
	base := "docs/" + dir(l)
	page = link.ReplaceAllStringFunc(page, func(m string) string {
		sub := link.FindStringSubmatch(m)
		text, target := sub[1], sub[2]
		if !strings.Contains(target, "://") {
			target = path.Join(base, target)
		}
		if strings.Trim(text, "`") == sub[2] {
			return target
		}
		return text + " (" + target + ")"
	})
	page = strings.ReplaceAll(page, "**", "")
	page = strings.ReplaceAll(page, "`", "")
	page = emphasis.ReplaceAllString(page, "$1")
	var b strings.Builder
	for _, l := range strings.SplitAfter(page, "\n") {
		title, mark := l, ""
		if t, ok := strings.CutPrefix(l, "# "); ok {
			title, mark = t, "="
		} else if t, ok := strings.CutPrefix(l, "## "); ok {
			title, mark = t, "-"
		}
		b.WriteString(title)
		if mark != "" {
			b.WriteString(strings.Repeat(mark, utf8.RuneCountInString(strings.TrimSpace(title))) + "\n")
		}
	}
	return b.String()
}

// Text is the rules page of game id in l as plain text for a terminal (RulesIn, then
// PlainIn with the page's own links), and whether the game has a page.
func Text(id string, l lang.Lang) (string, bool) {
	if page, ok := read(dir(l), id); ok {
		return PlainIn(page, l), true
	}
	page, ok := Rules(id)
	if !ok {
		return "", false
	}
	return Plain(page), true
}
