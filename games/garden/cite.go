package garden

import "github.com/arena-classroom/arena/lang"

// The headings of docs/rules/garden.md that refusals cite (games.Cite); a test holds each
// to the page.
var (
	ruleGarden   = lang.N("The garden")
	ruleClans    = lang.N("Clans")
	ruleCells    = lang.N("Cells")
	ruleTurn     = lang.N("A turn")
	ruleMove     = lang.N("Moving and attacking")
	ruleSpecial  = lang.N("Special cells")
	ruleAbility  = lang.N("Clan abilities")
	ruleCommands = lang.N("Commands")
)

// CitedRules lists the headings Garden Tensions' refusals cite.
var CitedRules = []string{ruleGarden, ruleClans, ruleCells, ruleTurn, ruleMove, ruleSpecial, ruleAbility, ruleCommands}
