// Package docs carries the pages the arena prints itself: the games' rules
// (docs/rules/GAME.md), for `rules GAME` over SSH and for the refusals that cite them.
package docs

import (
	"embed"
	"path"
	"regexp"
	"strings"
	"unicode/utf8"
)

//go:embed rules/*.md
var rules embed.FS

// Rules is the rules page of the game with that id, as written in docs/rules/ID.md, and
// whether there is one.
func Rules(id string) (string, bool) {
	if id == "" || strings.ContainsAny(id, "/.\\") {
		return "", false
	}
	b, err := rules.ReadFile("rules/" + id + ".md")
	if err != nil {
		return "", false
	}
	return string(b), true
}

// RulesPath is where the rules page of game id lives in the repository.
func RulesPath(id string) string { return "docs/rules/" + id + ".md" }

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

var (
	link     = regexp.MustCompile(`\[([^\]]+)\]\(([^)\s]+)\)`)
	emphasis = regexp.MustCompile(`\*([^*\s][^*]*)\*`)
)

// Plain is a rules page as plain text for a terminal: headings underlined, no Markdown
// marks, and links to the repository's pages given as their paths (docs/warhammer.md).
func Plain(page string) string {
	page = link.ReplaceAllStringFunc(page, func(m string) string {
		sub := link.FindStringSubmatch(m)
		text, target := sub[1], sub[2]
		if !strings.Contains(target, "://") {
			target = path.Join("docs/rules", target)
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
