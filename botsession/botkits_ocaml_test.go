package botsession_test

import (
	"errors"
	"os/exec"
	"strings"
	"testing"
)

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
func ocamlKit(game string) kit {
	return kit{"ocaml", func(t *testing.T) []string {
		need(t, "ocamlfind")
		build := exec.Command(abs(t, "../kits/ocaml/command"), game, t.TempDir())
		var stderr strings.Builder
		build.Stderr = &stderr
		out, err := build.Output()
		var exit *exec.ExitError
		if errors.As(err, &exit) && exit.ExitCode() == 3 {
			t.Skip(strings.TrimSpace(stderr.String()))
		}
		if err != nil {
			t.Fatalf("kits/ocaml/command %s: %v\n%s", game, err, stderr.String())
		}
		return strings.Fields(strings.TrimSpace(string(out)))
	}}
}
