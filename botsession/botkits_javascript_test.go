package botsession_test

import "testing"

// (This file is not botkits_js_test.go: a name ending in _js is Go's build constraint for
// GOOS=js, and the file would be left out of every build on Linux.)
//
// The JavaScript kit (kits/js, node) joins every kit list of the botsession tests: it plays
// the 7 Colors tests of every kit, and, since its strategies are the Python kit's move for
// move, the tests that check each game's starters make the same moves.
func init() {
	kits = append(kits, jsKit("mybot.js"))
	paKits = append(paKits, jsKit("perfectaim_bot.js"))
	whKits = append(whKits, jsKit("warhammer_bot.js"))
	dwKits = append(dwKits, jsKit("dicewars_bot.js"))
	gardenKits = append(gardenKits, jsKit("garden_bot.js"))
}

// jsKit runs kits/js/FILE with node (Debian's nodejs), arena.js beside it.
func jsKit(file string) kit {
	return kit{"js", func(t *testing.T) []string {
		need(t, "node")
		return []string{"node", abs(t, "../kits/js/"+file)}
	}}
}
