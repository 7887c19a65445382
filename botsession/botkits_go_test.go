package botsession_test

// The Go kit's starters for the three games it gained (War Hammer, DiceWars, Garden) join
// those games' kit lists, so that every kit test of those games runs them too: practice over
// SSH, exec batches, and the same moves as the C and Python starters (one strategy). Its 7
// Colors and Perfect Aim starters are in kits and paKits already (kits/go and
// kits/go/perfectaim).
func init() {
	whKits = append(whKits, goKit("warhammer", "warhammer_bot"))
	dwKits = append(dwKits, goKit("dicewars", "dicewars_bot"))
	gardenKits = append(gardenKits, goKit("garden", "garden_bot"))
}
