package games

import "io"

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
