package commands

import (
	"strings"
	"testing"

	"github.com/arena-classroom/arena/botsession"
	"github.com/arena-classroom/arena/catalog"
	"github.com/arena-classroom/arena/internal/docscheck"
	"github.com/arena-classroom/arena/lang"
)

// Every `ssh … HOST COMMAND …` line of the docs and kit READMEs names a command the server
// knows (its help lists it); a `bot` line is parsed by the bot command's own parser (game,
// options, --vs house bots, settings), and a `play` line names a game and its house bots.
func TestDocsSSHCommands(t *testing.T) {
	root, err := docscheck.Root()
	if err != nil {
		t.Fatal(err)
	}
	files, err := docscheck.Files(root)
	if err != nil {
		t.Fatal(err)
	}
	known := map[string]bool{}
	for _, line := range strings.Split(commandsHelp(lang.English), "\n")[1:] {
		if f := strings.Fields(line); len(f) > 0 && !strings.HasPrefix(f[0], "(") {
			known[f[0]] = true
		}
	}
	bots := 0
	for _, f := range files {
		snips, err := docscheck.ReadSnippets(root, f)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range docscheck.Commands(snips) {
			if c.Kind != docscheck.SSH || len(c.Args) == 0 {
				continue // the lobby
			}
			args := docscheck.Unbracket(c.Args)
			cmd := args[0]
			if docscheck.IsPlaceholder(cmd) || strings.Contains(cmd, "@") {
				continue // `ssh HOST COMMAND`, `ssh … student@HOST …`: a pattern
			}
			if !known[cmd] {
				t.Errorf("%s: `%s`: the server has no command %q (ssh HOST help lists them)", c.Where(), c, cmd)
				continue
			}
			filled, ok := docscheck.Fill(args[1:], map[string]string{"seed": "1", "games": "2", "size": "10", "name": "mybot"})
			switch {
			case cmd == "bot" && ok && c.Block:
				bots++
				if err := botsession.Check(filled); err != nil {
					t.Errorf("%s: `%s`: the bot command refuses it: %v", c.Where(), c, err)
				}
			case cmd == "play" && len(args) > 1 && !docscheck.IsPlaceholder(args[1]):
				e, ok := catalog.Get(args[1])
				if !ok {
					t.Errorf("%s: `%s`: there is no game %q", c.Where(), c, args[1])
					continue
				}
				for _, name := range strings.Split(docscheck.FlagValue(args, "vs"), ",") {
					if _, ok := e.Bot(name, 0); name != "" && !ok {
						t.Errorf("%s: `%s`: %s has no house bot %q", c.Where(), c, args[1], name)
					}
				}
			}
		}
	}
	if bots < 20 {
		t.Fatalf("only %d bot command lines found in the docs: is the reader broken?", bots)
	}
}
