// Package docs carries the pages the arena prints itself: the games' rules
// (docs/rules/GAME.md), for `rules GAME` over SSH and for the refusals that cite them.
package docs

import (
	"embed"
	"strings"
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
