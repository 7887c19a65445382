package lobby_test

import (
	"os/exec"
	"strings"
	"testing"
)

// The screens (lobby and its packages) reach rooms, stored games, tournaments and the queues through roomdir,
// archive, the director and the matchmaker: they import no store, no batch runner and no
// program connection (docs/architecture.md says why the director is the exception).
func TestTheScreensImportNoStoreNoBatchNoProgram(t *testing.T) {
	out, err := exec.Command("go", "list", "-f", `{{.ImportPath}} {{join .Imports " "}}`, "./...").Output()
	if err != nil {
		t.Skipf("go list: %v", err)
	}
	const mod = "github.com/arena-classroom/arena/"
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		pkg, imports, _ := strings.Cut(line, " ")
		for _, imp := range strings.Fields(imports) {
			switch strings.TrimPrefix(imp, mod) {
			case "store", "match", "program", "botsession", "commands":
				t.Errorf("%s imports %s", pkg, imp)
			}
		}
	}
}
