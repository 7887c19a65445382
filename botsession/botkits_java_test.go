package botsession_test

// The Java kit joins every kit list: the protocol tests (kits), and each game's starters,
// which play the same moves as the others.
func init() {
	kits = append(kits, javaKit("sevencolors"))
	paKits = append(paKits, javaKit("perfectaim"))
	whKits = append(whKits, javaKit("warhammer"))
	dwKits = append(dwKits, javaKit("dicewars"))
	gardenKits = append(gardenKits, javaKit("garden"))
}

// javaKit builds the Java kit's bot for game with kits/java/command (javac and Gson) into a
// temporary folder and runs the command line it prints; it skips when a tool is missing.
func javaKit(game string) kit { return commandKit("java", game) }
