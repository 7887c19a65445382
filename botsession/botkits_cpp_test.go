package botsession_test

// The C++ kit (kits/cpp) joins every kit test: its 7 Colors starter the protocol, SSH,
// reconnection and stderr tests of kits, and each game's starter its game's list.
func init() {
	kits = append(kits, cppKit("sevencolors"))
	paKits = append(paKits, cppKit("perfectaim"))
	whKits = append(whKits, cppKit("warhammer"))
	dwKits = append(dwKits, cppKit("dicewars"))
	gardenKits = append(gardenKits, cppKit("garden"))
}

// cppKit builds the C++ kit's bot for game with its command script (g++, C++17, nlohmann/json,
// warnings as errors) into a temporary folder. Without g++ or nlohmann/json it skips, except
// in CI, which installs them.
func cppKit(game string) kit { return commandKit("cpp", game) }
