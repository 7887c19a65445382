package games

import "github.com/arena-classroom/arena/lang"

// Cite is the end of a refusal that names the rules it applies, by the heading of the
// game's rules page (docs/rules/GAME.md) that states them: " (rules: Attacking)". A student
// who only has SSH reads that page with `rules GAME` and finds the heading as written.
func Cite(heading string) string { return " (rules: " + heading + ")" }

// CiteT is Cite to be said in a reader's language: the heading (a sentence of the
// catalog, marked with lang.N where it is declared) as the rules page in that language
// writes it.
func CiteT(heading string) lang.Text { return lang.T(" (rules: %s)", lang.T(heading)) }
