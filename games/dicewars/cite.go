package dicewars

import "github.com/arena-classroom/arena/lang"

// The headings of docs/rules/dicewars.md that refusals cite (games.Cite); a test holds each
// to the page.
var (
	ruleMap    = lang.N("The map and the deal")
	ruleAttack = lang.N("Attacking")
)

// CitedRules lists the headings DiceWars' refusals cite.
var CitedRules = []string{ruleMap, ruleAttack}
