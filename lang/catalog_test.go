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

// catalogFile reads lang/catalog/LANG/*.json: each sentence's forms (one for a sentence,
// two or three for plural forms).
func catalogFile(t *testing.T, l lang.Lang) map[string][]string {
	t.Helper()
	if err := lang.LoadError(); err != nil {
		t.Fatal(err)
	}
	files, err := filepath.Glob(filepath.Join("catalog", string(l), "*.json"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no catalog files for %s: %v", l, err)
	}
	raw := map[string]json.RawMessage{}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var some map[string]json.RawMessage
		if err := json.Unmarshal(data, &some); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		for k, v := range some {
			raw[k] = v
		}
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

// catalogCall is the sentence of a call that says one of the catalog's sentences, and
// whether n is such a call: p.Sprintf("…") and l.Sprintf("…") (any Sprintf but fmt's),
// p.Fprintf(w, "…"), lang.T("…"), lang.Errorf("…"), lang.N("…").
func catalogCall(n ast.Node) (*ast.BasicLit, bool) {
	call, ok := n.(*ast.CallExpr)
	if !ok || len(call.Args) == 0 {
		return nil, false
	}
	arg := -1
	if id, ok := call.Fun.(*ast.Ident); ok && (id.Name == "T" || id.Name == "Errorf" || id.Name == "N") {
		arg = 0 // package lang's own calls
	}
	sel, _ := call.Fun.(*ast.SelectorExpr)
	var pkg *ast.Ident
	if sel != nil {
		pkg, _ = sel.X.(*ast.Ident)
	}
	switch {
	case sel == nil:
	case pkg != nil && pkg.Name == "fmt":
	case sel.Sel.Name == "Sprintf":
		arg = 0
	case sel.Sel.Name == "Fprintf" && len(call.Args) > 1:
		arg = 1
	case pkg != nil && pkg.Name == "lang" && (sel.Sel.Name == "T" || sel.Sel.Name == "Errorf" || sel.Sel.Name == "N"):
		arg = 0
	}
	if arg < 0 {
		return nil, false
	}
	lit, ok := call.Args[arg].(*ast.BasicLit)
	if !ok || lit.Kind != token.STRING {
		return nil, false
	}
	return lit, true
}

// goFiles calls fn with every Go file of the repository but tests, test data and the
// starter kits (which keep their English), parsed with comments; path is relative to the
// repository's root.
func goFiles(t *testing.T, fn func(path string, fset *token.FileSet, f *ast.File)) {
	t.Helper()
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
		f, err := parser.ParseFile(fset, path, nil, parser.ParseComments)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		fn(filepath.ToSlash(rel), fset, f)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if seen < 100 {
		t.Fatalf("only %d Go files read: the walk missed the code", seen)
	}
}

// Every sentence the code asks a printer for (p.Sprintf("…"), l.Sprintf("…"), lang.T,
// lang.Errorf, lang.N) is in the catalogs: a sentence added in English only would stay
// English for a French reader.
func TestEverySentenceTheCodeSaysIsInTheCatalogs(t *testing.T) {
	en := catalogFile(t, lang.English)
	goFiles(t, func(path string, fset *token.FileSet, f *ast.File) {
		ast.Inspect(f, func(n ast.Node) bool {
			lit, ok := catalogCall(n)
			if !ok {
				return true
			}
			if s, err := strconv.Unquote(lit.Value); err == nil {
				if _, ok := en[s]; !ok {
					t.Errorf("%s: %q is said through a printer but is in no catalog", fset.Position(lit.Pos()), s)
				}
			}
			return true
		})
	})
}

// speaking are the packages (directories) whose every sentence goes through the catalogs:
// what they write reaches a person's screen, a session's output or stderr, or a program.
// A package joins the list once its sentences are translated; the test below holds it there.
var speaking = []string{
	"lang",
	"keyboard",
}

// sentence is a string literal with words in it: two words of two letters or more.
var sentence = regexp.MustCompile(`\p{L}{2,}[ ,:;.'’]+\p{L}{2,}`)

// keepMark, in a comment on a literal's line or the line above, says why a sentence is not
// translated ("lang:keep log line", "lang:keep protocol value"): logs are for the
// administrator and stay English; codes and values of the protocol never change.
const keepMark = "lang:keep"

// No sentence of a speaking package is built outside the catalogs: every string literal
// with words in it is a catalog call's sentence, part of a log line or a panic, or marked
// lang:keep with its reason.
func TestNoSentenceOfASpeakingPackageIsOutsideTheCatalogs(t *testing.T) {
	listed := map[string]bool{}
	for _, p := range speaking {
		listed[p] = true
	}
	goFiles(t, func(path string, fset *token.FileSet, f *ast.File) {
		if !listed[filepath.ToSlash(filepath.Dir(path))] {
			return
		}
		kept := map[int]bool{}
		for _, g := range f.Comments {
			for _, c := range g.List {
				if strings.Contains(c.Text, keepMark) {
					line := fset.Position(c.Pos()).Line
					kept[line], kept[line+1] = true, true
				}
			}
		}
		said := map[*ast.BasicLit]bool{}
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.ImportSpec, *ast.Field:
				return false // import paths, struct tags
			case *ast.CallExpr:
				if lit, ok := catalogCall(n); ok {
					said[lit] = true
				}
				if logged(n) {
					return false
				}
			case *ast.BasicLit:
				if n.Kind != token.STRING || said[n] || kept[fset.Position(n.Pos()).Line] {
					return true
				}
				if s, err := strconv.Unquote(n.Value); err == nil && sentence.MatchString(s) {
					t.Errorf("%s: %q is a sentence outside the catalogs (say it with a printer, lang.T or lang.Errorf; or mark it %s with the reason)", fset.Position(n.Pos()), s, keepMark)
				}
			}
			return true
		})
	})
}

// logged reports whether call writes a log line or panics: slog.Info(…), log.Printf(…),
// logger.Warn(…), panic(…). Their sentences are for the administrator and the developer.
func logged(call *ast.CallExpr) bool {
	switch fn := call.Fun.(type) {
	case *ast.Ident:
		return fn.Name == "panic"
	case *ast.SelectorExpr:
		if pkg, ok := fn.X.(*ast.Ident); ok && (pkg.Name == "slog" || pkg.Name == "log") {
			return true
		}
		switch fn.Sel.Name {
		case "Debug", "Info", "Warn", "Error", "DebugContext", "InfoContext", "WarnContext", "ErrorContext", "Log", "LogAttrs":
			return true
		}
	}
	return false
}
