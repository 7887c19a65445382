package garden

// The headings of docs/rules/garden.md that refusals cite (games.Cite); a test holds each
// to the page.
const (
	ruleGarden   = "The garden"
	ruleClans    = "Clans"
	ruleCells    = "Cells"
	ruleTurn     = "A turn"
	ruleMove     = "Moving and attacking"
	ruleSpecial  = "Special cells"
	ruleAbility  = "Clan abilities"
	ruleCommands = "Commands"
)

// CitedRules lists the headings Garden Tensions' refusals cite.
var CitedRules = []string{ruleGarden, ruleClans, ruleCells, ruleTurn, ruleMove, ruleSpecial, ruleAbility, ruleCommands}
