package lang_test

import (
	"encoding/json"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/arena-classroom/arena/lang"
)

// verbs are a sentence's placeholders, in order: %s, %d, %5.1f, %[2]d, …
var verbs = regexp.MustCompile(`%(\[\d+\])?[-+# 0]*\d*(\.\d+)?[a-zA-Z%]`)

func placeholders(s string) []string {
	var out []string
	for _, v := range verbs.FindAllString(s, -1) {
		if v != "%%" {
			out = append(out, v)
		}
	}
	return out
}

// catalogFile reads lang/catalog/LANG.json: each sentence's forms (one for a sentence, two
// or three for plural forms).
func catalogFile(t *testing.T, l lang.Lang) map[string][]string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("catalog", string(l)+".json"))
	if err != nil {
		t.Fatal(err)
	}
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(data, &raw); err != nil {
		t.Fatal(err)
	}
	out := map[string][]string{}
	for k, v := range raw {
		var s string
		if json.Unmarshal(v, &s) == nil {
			out[k] = []string{s}
			continue
		}
		var forms map[string]any
		if err := json.Unmarshal(v, &forms); err != nil {
			t.Fatalf("%s: %q: %v", l, k, err)
		}
		for _, f := range []string{"zero", "one", "other"} {
			if s, ok := forms[f].(string); ok {
				out[k] = append(out[k], s)
			}
		}
	}
	return out
}

// Every sentence is in both catalogs, and each of its forms says the same placeholders
// as its English key, in the same order: a translation cannot drop or swap an argument.
func TestTheCatalogsHaveTheSameSentencesAndPlaceholders(t *testing.T) {
	en, fr := catalogFile(t, lang.English), catalogFile(t, lang.French)
	for k := range en {
		if _, ok := fr[k]; !ok {
			t.Errorf("%q is in the English catalog, not in the French one", k)
		}
	}
	for k := range fr {
		if _, ok := en[k]; !ok {
			t.Errorf("%q is in the French catalog, not in the English one", k)
		}
	}
	for _, cat := range []map[string][]string{en, fr} {
		for k, forms := range cat {
			want := placeholders(k)
			for _, f := range forms {
				if got := placeholders(f); !slices.Equal(got, want) {
					t.Errorf("%q: the form %q says %v, the key %v", k, f, got, want)
				}
			}
		}
	}
}

// Every sentence the code asks a printer for (p.Sprintf("…"), l.Sprintf("…")) is in the
// catalogs: a sentence added in English only would stay English for a French reader.
func TestEverySentenceTheCodeSaysIsInTheCatalogs(t *testing.T) {
	en := catalogFile(t, lang.English)
	root := ".."
	fset := token.NewFileSet()
	seen := 0
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && path != root && (d.Name() == "testdata" || d.Name() == "kits" || strings.HasPrefix(d.Name(), ".")) {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		seen++
		f, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			return err
		}
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok || len(call.Args) == 0 {
				return true
			}
			sel, ok := call.Fun.(*ast.SelectorExpr)
			if !ok || sel.Sel.Name != "Sprintf" {
				return true
			}
			if pkg, ok := sel.X.(*ast.Ident); ok && pkg.Name == "fmt" {
				return true
			}
			lit, ok := call.Args[0].(*ast.BasicLit)
			if !ok || lit.Kind != token.STRING {
				return true
			}
			s, err := strconv.Unquote(lit.Value)
			if err == nil {
				if _, ok := en[s]; !ok {
					t.Errorf("%s: %q is said through a printer but is in no catalog", fset.Position(lit.Pos()), s)
				}
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if seen < 100 {
		t.Fatalf("only %d Go files read: the walk missed the code", seen)
	}
}
