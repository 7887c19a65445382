package games

import (
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/arena-classroom/arena/lang"
)

// Tool is a game's own command-line tool, run as `arena NAME args…`: the seed assignment's
// AI interface (`arena sevencolors SIZE --ia NAME …`), a map printer. A game's tools live in
// its folders; the catalog lists them and cmd/arena dispatches them by name.
type Tool struct {
	Name  string // the command word: "sevencolors"
	Usage string // its one-line synopsis for `arena help` (without "arena ")
	Doc   string // what it does, for `arena help`
	// Run runs it; the result is the process's exit status.
	Run func(args []string, stdout, stderr io.Writer) int
}

// IAArgs is the command line of the seed assignments' AI interface: `--ia NAME [--seed S]`
// among positional words.
type IAArgs struct {
	Name       string // the house bot named by --ia ("" when missing)
	Seed       uint64
	Seeded     bool
	Help       bool     // -h, --help: print the usage and stop
	Positional []string // the other words: "-" (stdin) and negative numbers included
}

// ParseIAArgs reads an AI-interface command line, refusing unknown options and options
// without their value with one sentence.
func ParseIAArgs(args []string) (IAArgs, error) {
	var a IAArgs
	for i := 0; i < len(args); i++ {
		arg := args[i]
		switch {
		case arg == "-h" || arg == "--help" || arg == "-help":
			a.Help = true
			return a, nil
		case arg == "--ia" || arg == "--seed":
			if i+1 == len(args) {
				return a, lang.Errorf("%s needs a value", arg)
			}
			i++
			if arg == "--ia" {
				a.Name = args[i]
				continue
			}
			v, err := strconv.ParseUint(args[i], 10, 64)
			if err != nil {
				return a, lang.Errorf("--seed %q is not a whole number ≥ 0", args[i])
			}
			a.Seed, a.Seeded = v, true
		case strings.HasPrefix(arg, "-") && arg != "-" && (arg[1] < '0' || arg[1] > '9'):
			return a, lang.Errorf("unknown option %s", arg)
		default:
			a.Positional = append(a.Positional, arg)
		}
	}
	return a, nil
}

// ToolLang is the language a game's tool speaks in the terminal it runs in: the locale
// the terminal names (LANGUAGE, LC_ALL, LC_MESSAGES, LANG), English otherwise.
func ToolLang() lang.Lang {
	l, _ := lang.Choose("", os.Environ(), lang.English)
	return l
}
