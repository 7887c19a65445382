package docscheck_test

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/arena-classroom/arena/internal/docscheck"
)

const architectureDoc = "docs/architecture.md"

// docs/architecture.md's package table names every Go package of the module, and only
// packages that exist.
func TestDocsPackageTable(t *testing.T) {
	root, err := docscheck.Root()
	if err != nil {
		t.Fatal(err)
	}
	text, err := readFile(root, architectureDoc)
	if err != nil {
		t.Fatal(err)
	}
	listed := map[string]int{} // package → line
	inTable := false
	code := regexp.MustCompile("`([a-z0-9_/]+)`")
	for i, line := range strings.Split(text, "\n") {
		if strings.HasPrefix(line, "## ") {
			inTable = strings.TrimSpace(line) == "## Packages"
			continue
		}
		if !inTable || !strings.HasPrefix(line, "| `") {
			continue
		}
		first := strings.Split(line, "|")[1] // the package column
		for _, m := range code.FindAllStringSubmatch(first, -1) {
			listed[m[1]] = i + 1
		}
	}
	var missing []string
	for _, p := range packages(t, root) {
		if _, ok := listed[p]; !ok {
			missing = append(missing, p)
		}
		delete(listed, p)
	}
	sort.Strings(missing)
	for _, p := range missing {
		t.Errorf("%s: the package table does not list %s", architectureDoc, p)
	}
	for p, line := range listed {
		t.Errorf("%s line %d: the package table lists %s, which is not a package of the module", architectureDoc, line, p)
	}
}

// packages lists the module's package directories: those with a Go file that is not a
// test, outside testdata, hidden directories and the starter kits (a module of their own).
func packages(t *testing.T, root string) []string {
	seen := map[string]bool{}
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		rel = filepath.ToSlash(rel)
		if d.IsDir() {
			name := d.Name()
			if rel != "." && (strings.HasPrefix(name, ".") || name == "testdata" || rel == "kits") {
				return filepath.SkipDir
			}
			if _, err := os.Stat(filepath.Join(path, "go.mod")); err == nil && rel != "." {
				return filepath.SkipDir // another module
			}
			return nil
		}
		if strings.HasSuffix(rel, ".go") && !strings.HasSuffix(rel, "_test.go") {
			seen[filepath.ToSlash(filepath.Dir(rel))] = true
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for p := range seen {
		out = append(out, p)
	}
	sort.Strings(out)
	if len(out) < 20 {
		t.Fatalf("only %d packages found under %s", len(out), root)
	}
	return out
}
