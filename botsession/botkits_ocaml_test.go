package botsession_test

// The OCaml kit joins the kit lists of every game: its five bots play the same strategies as
// the Python and C starters (7 Colors aside: it plays greedily), so they make the same moves.
func init() {
	kits = append(kits, ocamlKit("sevencolors"))
	paKits = append(paKits, ocamlKit("perfectaim"))
	whKits = append(whKits, ocamlKit("warhammer"))
	dwKits = append(dwKits, ocamlKit("dicewars"))
	gardenKits = append(gardenKits, ocamlKit("garden"))
}

// ocamlKit builds the OCaml kit's bot for game with its command script (ocamlfind ocamlopt
// and Yojson), into a temporary folder; it skips the test when a tool is missing (status 3).
func ocamlKit(game string) kit { return commandKit("ocaml", game) }
