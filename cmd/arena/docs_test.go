package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"github.com/arena-classroom/arena/lang"
	"io"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/arena-classroom/arena/catalog"
	"github.com/arena-classroom/arena/commands"
	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/internal/docscheck"
)

// Words in code spans that read like `arena …` but are not commands, with why.
var docsNotCommands = map[string]string{
	"arena chance": "the string the games' dice generators are keyed with",
}

// Command lines the docs show on purpose as refused, completed into a whole command: each
// must stay refused, with an error that says the words given.
var docsRefused = map[string]struct {
	whole []string
	want  string
}{
	// docs/security.md: refused with a sentence before anything is allocated.
	"arena match --games 2000000000": {[]string{"match", "--game", "sevencolors", "--seats", "random,greedy", "--games", "2000000000"}, "2000000000"},
}

// Values for a usage line's placeholders (`--seed S`, `--games N`), by flag.
var docsSamples = map[string]string{
	"seed": "1", "games": "2", "size": "10", "players": "2", "seat": "0", "parallel": "1",
	"permutation": "0", "sizes": "10,20", "listen": ":0", "data": "/nonexistent", "metrics": "127.0.0.1:0",
}

// Every `arena …` and `go run ./cmd/arena …` line of the docs and kit READMEs names a real
// command, and the command's own parser, run in-process, accepts its flags and values: the
// game, the house bots of --seats and --bot, the settings. A line with placeholders (`--seed
// N`) is parsed with sample values; one whose placeholders cannot be filled (`--game G`,
// `spec GAME`) is checked for its command word only.
func TestDocsArenaCommands(t *testing.T) {
	root, err := docscheck.Root()
	if err != nil {
		t.Fatal(err)
	}
	files, err := docscheck.Files(root)
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for _, f := range files {
		snips, err := docscheck.ReadSnippets(root, f)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range docscheck.Commands(snips) {
			if c.Kind != docscheck.Arena {
				continue
			}
			line := c.String()
			if _, skip := docsNotCommands[line]; skip {
				continue
			}
			if r, refused := docsRefused[line]; refused {
				whole := c
				whole.Args, whole.Block = r.whole, true
				if err := checkArenaLine(whole); err == nil || !strings.Contains(err.Error(), r.want) {
					t.Errorf("%s: `%s` is shown as refused, but `arena %s` gives %v", c.Where(), line, strings.Join(r.whole, " "), err)
				}
				continue
			}
			err := checkArenaLine(c)
			if err != nil {
				t.Errorf("%s: `%s`: %v", c.Where(), line, err)
			}
			checked++
		}
	}
	if checked < 50 {
		t.Fatalf("only %d arena command lines found in the docs: is the reader broken?", checked)
	}
	t.Logf("%d arena command lines checked", checked)
}

// checkArenaLine parses one doc line with the command it names.
func checkArenaLine(c docscheck.Command) error {
	args, filled := docscheck.Fill(docscheck.Unbracket(c.Args), docsSamples)
	if len(args) == 0 {
		return nil // `arena`: the server, with its defaults
	}
	cmd := args[0]
	if cmd == "--version" || cmd == "-version" {
		cmd = "version" // the one option of arena itself beside --help
	}
	if strings.HasPrefix(cmd, "-") {
		cmd, args = "serve", append([]string{"serve"}, args...)
	}
	if docscheck.IsPlaceholder(cmd) {
		return nil // `arena NAME …`: a pattern, not a command
	}
	rest := args[1:]
	if !c.Block || !filled {
		// A span in prose (`arena match --json`) or a usage line: a fragment of a command.
		return checkArenaFragment(cmd, rest)
	}
	switch cmd {
	case "serve":
		_, err := parseServe(rest, io.Discard, func(string) string { return "" })
		return helpIsFine(err, "arena serve refuses it")
	case "match":
		env := matchEnv{stdout: io.Discard, stderr: io.Discard, games: catalog.All, now: time.Now,
			randomSeed: func() uint64 { return 1 }}
		m, err := env.parse(rest)
		if m != nil {
			m.closePrograms()
		}
		return helpIsFine(err, "arena match refuses it")
	case "position":
		if len(rest) == 0 {
			return nil // `arena position`: the command's name in prose
		}
		sub := rest[0]
		switch sub {
		case "new", "step", "obs", "bot":
		case "--help", "-h":
			return nil
		default:
			return fmt.Errorf("arena position has no command %q (new, step, obs, bot)", sub)
		}
		env := positionEnv{stdin: strings.NewReader(""), stdout: io.Discard, stderr: io.Discard, games: catalog.All}
		if sub == "new" && !c.Stdin {
			// new reads nothing: run it whole, settings and seat count included.
			var errb bytes.Buffer
			env.stderr = &errb
			if code := env.run(rest); code != 0 {
				return fmt.Errorf("arena position refuses it: %s", strings.TrimSpace(errb.String()))
			}
			return nil
		}
		_, err := env.parse(sub, rest[1:])
		return helpIsFine(err, "arena position refuses it")
	case "spec":
		var errb bytes.Buffer
		if code := spec(lang.English, rest, io.Discard, &errb); code != 0 {
			return fmt.Errorf("arena spec refuses it: %s", strings.TrimSpace(errb.String()))
		}
		return nil
	case "check":
		_, err := checkEnv{stdout: io.Discard, stderr: io.Discard, lacks: func() string { return "" }}.parse(rest)
		return helpIsFine(err, "arena check refuses it")
	case "rerun":
		_, err := rerunEnv{stdout: io.Discard, stderr: io.Discard, lacks: func() string { return "" }}.parse(rest)
		return helpIsFine(err, "arena rerun refuses it")
	case "rules":
		var errb bytes.Buffer
		if code := commands.Rules("arena rules", rest, io.Discard, &errb); code != 0 {
			return fmt.Errorf("arena rules refuses it: %s", strings.TrimSpace(errb.String()))
		}
		return nil
	case "store":
		_, err := parseStoreCopy(lang.English, rest, io.Discard)
		return helpIsFine(err, "arena store refuses it")
	case "nats":
		if len(rest) > 0 && rest[0] == "init" {
			_, err := parseNatsInit(lang.English, rest[1:], io.Discard)
			return helpIsFine(err, "arena nats init refuses it")
		}
		_, err := parseNats(rest, io.Discard, func(string) string { return "" })
		return helpIsFine(err, "arena nats refuses it")
	case "help", "version":
		return nil
	}
	tool, ok := catalog.Tool(cmd)
	if !ok {
		return fmt.Errorf("arena has no command %q (serve, match, check, rerun, position, spec, rules, store, nats, version, help, or a game's tool: %s)", cmd, toolNames())
	}
	if slices.Contains(rest, "--ia") {
		// The seed assignments' AI interface: its options, and a house bot of the tool's game.
		a, err := games.ParseIAArgs(rest)
		if err != nil {
			return fmt.Errorf("arena %s refuses it: %v", cmd, err)
		}
		e, ok := catalog.Get(cmd)
		if !ok {
			return fmt.Errorf("arena %s: no game %q to find the --ia bot in", cmd, cmd)
		}
		if _, ok := e.Bot(a.Name, 0); !ok {
			return fmt.Errorf("arena %s --ia %s: %s has no house bot %q", cmd, a.Name, cmd, a.Name)
		}
		return nil
	}
	if c.Stdin {
		return nil
	}
	var errb bytes.Buffer
	if code := tool.Run(rest, io.Discard, &errb); code != 0 {
		return fmt.Errorf("arena %s refuses it (status %d): %s", cmd, code, strings.TrimSpace(errb.String()))
	}
	return nil
}

// checkArenaFragment checks what a fragment of a command says: the command exists, each
// --option is one its --help lists, and a game or house bot it names exists.
func checkArenaFragment(cmd string, args []string) error {
	var help bytes.Buffer
	game := docscheck.FlagValue(args, "game")
	switch cmd {
	case "version":
		return nil
	case "serve":
		parseServe([]string{"--help"}, &help, func(string) string { return "" })
	case "match":
		env := matchEnv{stdout: &help, stderr: io.Discard, games: catalog.All, now: time.Now,
			randomSeed: func() uint64 { return 1 }}
		env.parse([]string{"--help"})
	case "position":
		env := positionEnv{stdin: strings.NewReader(""), stdout: &help, stderr: io.Discard, games: catalog.All}
		env.run([]string{"--help"})
		if len(args) > 0 && !strings.HasPrefix(args[0], "-") && !strings.Contains(help.String(), "arena position "+args[0]+" ") {
			return fmt.Errorf("arena position has no command %q (new, step, obs, bot)", args[0])
		}
	case "check":
		help.WriteString(checkEnv{}.usage())
	case "rerun":
		help.WriteString(rerunEnv{}.usage())
	case "store":
		help.WriteString(storeUsage(lang.English))
	case "nats":
		help.WriteString(natsUsage(lang.English))
	case "spec", "rules", "help":
		if len(args) > 0 && !docscheck.IsPlaceholder(args[0]) {
			game = args[0]
		}
		if cmd == "help" {
			game = ""
		}
	default:
		tool, ok := catalog.Tool(cmd)
		if !ok {
			return fmt.Errorf("arena has no command %q (serve, match, check, rerun, position, spec, rules, store, nats, version, help, or a game's tool: %s)", cmd, toolNames())
		}
		help.WriteString(tool.Usage + " --help ")
		if _, ok := catalog.Get(cmd); ok {
			game = cmd
		}
	}
	for _, a := range args {
		name, _, _ := strings.Cut(a, "=")
		if strings.HasPrefix(name, "--") && name != "--help" && !strings.Contains(help.String(), name+" ") && !strings.Contains(help.String(), name+"=") &&
			!strings.Contains(help.String(), name+"]") && !strings.Contains(help.String(), name+"\n") {
			return fmt.Errorf("arena %s has no option %s (see arena %s --help)", cmd, name, cmd)
		}
	}
	if game == "" || docscheck.IsPlaceholder(game) {
		return nil
	}
	e, ok := catalog.Get(game)
	if !ok {
		return fmt.Errorf("there is no game %q (games: %s)", game, gameIDs())
	}
	for _, opt := range []string{"seats", "bot", "ia"} {
		for _, name := range strings.Split(docscheck.FlagValue(args, opt), ",") {
			if name == "" || name == "-" || strings.HasPrefix(name, "exec:") || docscheck.IsPlaceholder(name) {
				continue
			}
			if _, ok := e.Bot(name, 0); !ok {
				return fmt.Errorf("--%s %s: %s has no house bot %q", opt, name, game, name)
			}
		}
	}
	return nil
}

func gameIDs() string {
	var ids []string
	for _, e := range catalog.All() {
		ids = append(ids, e.Game.ID())
	}
	return strings.Join(ids, ", ")
}

func helpIsFine(err error, what string) error {
	if err == nil || errors.Is(err, flag.ErrHelp) {
		return nil
	}
	return fmt.Errorf("%s: %v", what, err)
}

func toolNames() string {
	var names []string
	for _, e := range catalog.All() {
		for _, t := range e.Tools {
			names = append(names, t.Name)
		}
	}
	return strings.Join(names, ", ")
}
