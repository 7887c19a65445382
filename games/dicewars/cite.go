package dicewars

// The headings of docs/rules/dicewars.md that refusals cite (games.Cite); a test holds each
// to the page.
const (
	ruleMap    = "The map and the deal"
	ruleAttack = "Attacking"
)

// CitedRules lists the headings DiceWars' refusals cite.
var CitedRules = []string{ruleMap, ruleAttack}
