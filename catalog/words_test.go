package catalog_test

import (
	"bytes"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/arena-classroom/arena/botproto"
	"github.com/arena-classroom/arena/catalog"
	"github.com/arena-classroom/arena/internal/docscheck"
)

// historyWords are the words that tell a student where a game or the arena came from
// instead of what it does (issue 35, item 6): the assignment's question numbers, the project
// the games were copied from and its files, the code a game was ported from, and "the
// default move", which names where a move came from where the reader wants what happened
// (a lost turn, WAIT, the end of a turn). Every text a student or a program reads is checked
// against this one table: the games' rules, keys, house bots and bot protocol, the tools'
// help, every message in the code, the bot writer's docs and the starter kits. Names are
// not words: DiceWars' house bot `seed` keeps its name, and no entry matches it.
var historyWords = []struct {
	re  *regexp.Regexp
	why string
}{
	{regexp.MustCompile(`\(Q\d+\)|\bQ\d+\b|(?i:\bquestion \d+)`), "a question of the assignment"},
	{regexp.MustCompile(`(?i)seed project|seed assignment|the seed's`), "the project the games were copied from"},
	{regexp.MustCompile(`GameState\.h`), "a file of that project, which a student does not have"},
	{regexp.MustCompile(`(?i)upstream|\boriginal\b|class project`), "the game a port copies"},
	{regexp.MustCompile(`(?i)default move`), "where a move came from, not what it did"},
}

// historyIn lists the history words text says, each with why it is one.
func historyIn(text string) []string {
	var found []string
	for _, w := range historyWords {
		for _, m := range w.re.FindAllString(text, -1) {
			found = append(found, strconv.Quote(m)+" ("+w.why+")")
		}
	}
	return found
}

// checkWords fails t for every history word of text, saying where it is.
func checkWords(t *testing.T, where, text string) {
	t.Helper()
	for _, f := range historyIn(text) {
		t.Errorf("%s says %s", where, f)
	}
}

// TestGameTextsSayWhatTheGameDoes: what a person reads of a game in the lobby (its rules, its
// keys, its house bots) and what a program or its author reads (spec, the tools' help) say
// what the game does, in words of the game.
func TestGameTextsSayWhatTheGameDoes(t *testing.T) {
	for _, e := range catalog.All() {
		id := e.Game.ID()
		checkWords(t, id+" rules", e.View.Rules())
		for _, k := range e.View.Keys() {
			checkWords(t, id+" keys", k.Keys+" "+k.Does)
		}
		for _, b := range e.Bots {
			checkWords(t, id+" house bot "+b.Name, b.About) // a bot's name is a name
		}
		d := e.Game.Describe()
		for _, s := range d.Settings {
			checkWords(t, id+" setting "+s.Key, s.Doc)
		}
		if d.Protocol != nil {
			spec, err := botproto.Spec(e.Game, 500*time.Millisecond, 5*time.Second)
			if err != nil {
				t.Fatalf("%s: spec: %v", id, err)
			}
			checkWords(t, "spec "+id, spec)
		}
		for _, tool := range e.Tools {
			var out, errOut bytes.Buffer
			tool.Run([]string{"--help"}, &out, &errOut)
			checkWords(t, "arena "+tool.Name+" --help", tool.Usage+"\n"+tool.Doc+"\n"+out.String()+errOut.String())
		}
	}
}

// TestMessagesSayWhatHappens: every string of the arena's code (not its tests, nor the
// games' test suite gametest) is a message someone may read, so none says a history word:
// what the rooms log when a bot is too slow, the replay's lines, commands' help and refusals.
func TestMessagesSayWhatHappens(t *testing.T) {
	root, err := docscheck.Root()
	if err != nil {
		t.Fatal(err)
	}
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			switch d.Name() {
			case ".git", "testdata", "gametest":
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		ast.Inspect(f, func(n ast.Node) bool {
			if lit, ok := n.(*ast.BasicLit); ok && lit.Kind == token.STRING {
				if s, err := strconv.Unquote(lit.Value); err == nil {
					rel, _ := filepath.Rel(root, fset.Position(lit.Pos()).String())
					checkWords(t, rel, s)
				}
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestStudentDocsSayWhatTheArenaDoes: what a student reads to write a bot (docs/bots.md, the
// README, every file of the starter kits, comments included) says what the arena does.
func TestStudentDocsSayWhatTheArenaDoes(t *testing.T) {
	root, err := docscheck.Root()
	if err != nil {
		t.Fatal(err)
	}
	paths := []string{filepath.Join(root, "docs", "bots.md"), filepath.Join(root, "README.md")}
	err = filepath.WalkDir(filepath.Join(root, "kits"), func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && !strings.HasSuffix(path, ".sum") {
			paths = append(paths, path)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, path := range paths {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		rel, _ := filepath.Rel(root, path)
		for i, line := range strings.Split(string(data), "\n") {
			checkWords(t, rel+":"+strconv.Itoa(i+1), line)
		}
	}
}

// The table finds what it is for, and leaves the bot named seed and Garden's cells alone.
func TestHistoryWords(t *testing.T) {
	for _, text := range []string{"greedy (Q8)", "the seed project's bot", "the seed's GameState.h",
		"as in the original Perfect Aim game this class project copies", "played the default move",
		"upstream's names", "the assignment's question 13"} {
		if len(historyIn(text)) == 0 {
			t.Errorf("%q passes", text)
		}
	}
	for _, text := range []string{"seed: the attack of best expected score", "`seed` (the strongest)",
		"move r1 q1 r2 q2", "q quits", "--seed S: the seed of the first game", "the default: 30"} {
		if f := historyIn(text); len(f) > 0 {
			t.Errorf("%q is refused: %v", text, f)
		}
	}
}
