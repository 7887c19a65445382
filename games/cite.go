package games

// Cite is the end of a refusal that names the rules it applies, by the heading of the
// game's rules page (docs/rules/GAME.md) that states them: " (rules: Attacking)". A student
// who only has SSH reads that page with `rules GAME` and finds the heading as written.
func Cite(heading string) string { return " (rules: " + heading + ")" }
