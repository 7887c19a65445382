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

// Transitively, the screens reach no cluster (its bus, frames, NATS), no command, no program
// session, no metrics and no HTTP: a room of another node, a queue or a tournament of the
// cluster come to them through the interfaces above (roomdir, matchmaker, director). (The
// store package comes in for its record types, through archive and the director, with its
// drivers; the direct check above keeps the screens from calling it.)
func TestTheScreensReachNoClusterNoCommandNoNetwork(t *testing.T) {
	out, err := exec.Command("go", "list", "-f", `{{.ImportPath}} {{join .Deps " "}}`, "./...").Output()
	if err != nil {
		t.Skipf("go list: %v", err)
	}
	const mod = "github.com/arena-classroom/arena/"
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		pkg, deps, _ := strings.Cut(line, " ")
		for _, dep := range strings.Fields(deps) {
			rest := strings.TrimPrefix(dep, mod)
			switch {
			case rest == "cluster", strings.HasPrefix(rest, "cluster/"), rest == "commands", rest == "botsession",
				rest == "metrics", rest == "net/http", strings.HasPrefix(dep, "github.com/nats-io/"),
				strings.HasPrefix(dep, "github.com/prometheus/"):
				t.Errorf("%s depends on %s", pkg, dep)
			}
		}
	}
}
