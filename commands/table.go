package commands

import (
	"flag"
	"fmt"
	"io"
	"slices"
	"strings"
	"unicode/utf8"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/arena-classroom/arena/botsession"
	"github.com/arena-classroom/arena/catalog"
	"github.com/arena-classroom/arena/keys"
	"github.com/arena-classroom/arena/lang"
	"github.com/arena-classroom/arena/server"
)

// A command is one word people and programs type after `ssh HOST`. Adding one is a file
// with its function and a line in table.
type command struct {
	name string
	// help is its lines in `help`: a synopsis and what it does, sentences of the catalog
	// (lang.N: the synopsis too, whose words in capitals are translated).
	help [][2]string
	// usage is what `COMMAND --help` prints in the reader's language, with or without a
	// terminal (exit 0).
	usage func(l lang.Lang) string
	// exec runs it without a terminal; nil: it needs one (ssh -t).
	exec func(a *App, c call) int
	// screen: on a terminal it opens one of the lobby's screens.
	screen bool
	// teacher says whether these arguments (after the command's name) ask for something
	// only teachers (keys of the admin keys file) may do; nil: nothing. refusal tells a
	// student who tried what they may do instead (a sentence of the catalog, lang.N).
	teacher func(args []string) bool
	refusal string
}

// call is one run of a command without a terminal.
type call struct {
	s              *server.Session
	stdin          io.Reader
	stdout, stderr io.Writer
}

// table is every command, in the order `help` lists them. Built in init: its usages read
// the catalog and the commands' own usage texts.
var table []command

func init() {
	table = []command{
		{name: "play", screen: true,
			help: [][2]string{{lang.N("play GAME [--vs BOT] [--size N]"), lang.N("start a game at once (ssh -t); without --vs, quick match")}},
			usage: func(l lang.Lang) string {
				return l.Sprintf("usage: play GAME [--vs BOT[,BOT…]] [--size N]   (ssh -t)\n  start a game at once against house bots; without --vs, quick match. The games: %s", gameIDs(false))
			}},
		{name: "watch", screen: true,
			help: [][2]string{{lang.N("watch ROOM"), lang.N("watch a live room by id or code (ssh -t)")}},
			usage: func(l lang.Lang) string {
				return l.Sprintf("usage: watch ROOM   (ssh -t)\n  watch a live room by its id or code (rooms lists them)")
			}},
		{name: "wall", screen: true,
			help: [][2]string{{lang.N("wall [CODE]"), lang.N("every live game (of a tournament) at once, for the projector (ssh -t)")}},
			usage: func(l lang.Lang) string {
				return l.Sprintf("usage: wall [TOURNAMENT-CODE]   (ssh -t)\n  every live game (of a tournament) at once, for the projector")
			}},
		{name: "rooms", exec: (*App).roomsCommand,
			help: [][2]string{{"rooms", lang.N("list live rooms as text")}},
			usage: func(l lang.Lang) string {
				return l.Sprintf("usage: rooms\n  the live rooms: id, game, state, spectators, players (ssh -t HOST watch ROOM watches one)")
			}},
		{name: "bot", exec: (*App).botCommand,
			help: [][2]string{{lang.N("bot --game GAME [options]"), lang.N("play as a program over the bot protocol (ssh -T)")}},
			usage: func(l lang.Lang) string {
				return l.Sprintf("%s\n  play as a program over the bot protocol (ssh -T); see docs/bots.md", l.Say(botsession.Usage))
			}},
		{name: "check", exec: (*App).checkCommand,
			help: [][2]string{{lang.N("check --game GAME"), lang.N("check a program before its first game: a few games, a report on stderr (ssh -T)")}},
			usage: func(l lang.Lang) string {
				return l.Sprintf("%s\n  a program connects with check instead of bot; see docs/bots.md", l.Say(botsession.CheckUsage))
			}},
		{name: "spec", exec: (*App).specCommand,
			help:  [][2]string{{lang.N("spec GAME"), lang.N("print a game's bot observation and action schema")}},
			usage: func(l lang.Lang) string { return specUsage("spec", l) }},
		{name: "rules", exec: (*App).rulesCommand,
			help:  [][2]string{{lang.N("rules GAME"), lang.N("print a game's rules as text (the headings refusals cite)")}},
			usage: func(l lang.Lang) string { return rulesUsageIn("rules", l) }},
		{name: "replay", exec: (*App).replayCommand, screen: true,
			help: [][2]string{{lang.N("replay ID [--json | --position N]"), lang.N("watch a stored game (ssh -t), or print it as JSON or one position")},
				{lang.N("replay ID --input N --seat S"), lang.N("the turn line seat S read at move N, to feed your program")},
				{lang.N("replay ID --review --seat S"), lang.N("where the game turned for your seat: moves the strongest house bot plays otherwise")}},
			usage: func(l lang.Lang) string {
				return l.Say(replayUsage) + "\n" + l.Sprintf("  ID may be the start of an id, when only one stored game has it")
			}},
		{name: "history", exec: (*App).historyCommand,
			help: [][2]string{{lang.N("history [NAME] [--game G] [--json]"), lang.N("a player's stored games (yours by default), with their ids")},
				{lang.N("history [NAME] --tournament CODE"), lang.N("… of a tournament (--live: of none); KIND says which")}},
			usage: func(l lang.Lang) string { return l.Say(historyUsage) + "\n" + l.Say(historyHelp) }},
		{name: "leaderboard", exec: (*App).leaderboardCommand,
			help: [][2]string{{lang.N("leaderboard GAME [--csv|--json]"), lang.N("the game's ratings (OpenSkill, μ − 3σ), with each one's history")}},
			usage: func(l lang.Lang) string {
				return l.Say(leaderboardUsage) + "\n" + l.Sprintf("  the game's ratings (OpenSkill, μ − 3σ), best first, with each one's history")
			}},
		{name: "whoami", exec: (*App).whoamiCommand,
			help:  [][2]string{{"whoami", lang.N("your name, your key's fingerprint, your other names, teacher or not")}},
			usage: func(l lang.Lang) string { return l.Say(whoamiUsage) }},
		{name: "lang", exec: (*App).langCommand,
			help:  [][2]string{{"lang [fr|en|auto]", lang.N("the language the arena speaks to you, kept with your key")}},
			usage: func(l lang.Lang) string { return l.Say(langUsage) }},
		{name: "keyboard", exec: (*App).keyboardCommand,
			help:  [][2]string{{"keyboard [azerty|qwerty|auto]", lang.N("your keyboard, for the games whose keys are places")}},
			usage: func(l lang.Lang) string { return l.Say(keyboardUsage) }},
		{name: "names", exec: (*App).namesCommand,
			help: [][2]string{{lang.N("names release NAME"), lang.N("teachers: free a display name for the next key that asks")}},
			usage: func(l lang.Lang) string {
				return l.Say(namesUsage) + "\n" + l.Sprintf("  teachers: free a display name for the next key that connects as NAME@host")
			},
			teacher: func(args []string) bool { return len(args) == 2 && args[0] == "release" },
			refusal: lang.N("only teachers (keys in the admin keys file) may release names")},
		{name: "assignment", exec: (*App).assignmentCommand,
			help:    [][2]string{{lang.N("assignment create|list|export …"), lang.N(`teachers: "beat the reference bot" (see assignment --help)`)}},
			usage:   func(l lang.Lang) string { return l.Say(assignmentUsage) },
			teacher: func(args []string) bool { return len(args) > 0 && args[0] != "help" },
			refusal: lang.N("only teachers (keys in the admin keys file) set and export assignments; students play one with bot --assignment CODE")},
		{name: "tournament", exec: (*App).tournamentCommand,
			help: [][2]string{{lang.N("tournament standings CODE [--json]"), lang.N("a tournament's standings (list shows them all)")},
				{lang.N("tournament games CODE [--round N]"), lang.N("its games: results, how each ended, replay ids")},
				{lang.N("tournament create|add|start|…"), lang.N("teachers: class tournaments (see tournament --help)")}},
			usage:   func(l lang.Lang) string { return l.Say(tournamentUsage) },
			teacher: func(args []string) bool { return len(args) > 0 && teacherTournamentCommands[args[0]] != nil },
			refusal: lang.N("only teachers (keys in the admin keys file) create and run tournaments; students join with bot --tournament CODE or from the lobby")},
		{name: "help", exec: func(_ *App, c call) int { fmt.Fprint(c.stdout, commandsHelp(c.s.Lang)); return 0 },
			help:  [][2]string{{"help", lang.N("this text")}},
			usage: commandsHelp},
	}
}

// lookup finds a command by name.
func lookup(name string) (command, bool) {
	i := slices.IndexFunc(table, func(c command) bool { return c.name == name })
	if i < 0 {
		return command{}, false
	}
	return table[i], true
}

// commandsHelp is what `ssh HOST help` prints: the table, aligned, in l.
func commandsHelp(l lang.Lang) string {
	var b strings.Builder
	b.WriteString(l.Sprintf("Commands (ssh -p PORT HOST COMMAND):") + "\n")
	// A synopsis with words in capitals (GAME, NAME) is said in l; a command's bare name
	// (help, rooms) is never translated, even where the catalogs have the word.
	synopsis := func(s string) string {
		if strings.Contains(s, " ") {
			return l.Say(s)
		}
		return s
	}
	width := 36
	for _, c := range table {
		for _, h := range c.help {
			width = max(width, utf8.RuneCountInString(synopsis(h[0]))+2)
		}
	}
	line := func(synopsis, what string) {
		fmt.Fprintf(&b, "  %s%s%s\n", synopsis, strings.Repeat(" ", width-utf8.RuneCountInString(synopsis)), what)
	}
	line(l.Sprintf("(none)"), l.Sprintf("the lobby (needs a terminal)"))
	for _, c := range table {
		for _, h := range c.help {
			line(synopsis(h[0]), l.Say(h[1]))
		}
	}
	b.WriteString(l.Sprintf("COMMAND --help prints a command's usage.") + "\n")
	return b.String()
}

// Exec runs a command without a terminal: its usage for --help, the teachers' check, then
// the command.
func (a *App) Exec(s *server.Session, stdin io.Reader, stdout, stderr io.Writer) int {
	a.preferences(s)
	l := s.Lang
	if len(s.Args) == 0 {
		fmt.Fprintln(stderr, l.Sprintf("arena: this needs a terminal; connect with plain ssh (or ssh -t)"))
		return 1
	}
	if usage, ok := helpFor(s.Args, l); ok {
		fmt.Fprint(stdout, usage)
		return 0
	}
	name := s.Args[0]
	if name == "--help" || name == "-h" {
		name = "help"
	}
	c, ok := lookup(name)
	switch {
	case !ok:
		fmt.Fprint(stderr, l.Sprintf("arena: unknown command %q", s.Args[0])+"\n\n"+commandsHelp(l))
		return 2
	case c.exec == nil:
		fmt.Fprintln(stderr, l.Sprintf("arena: %q needs a terminal: use ssh -t …", name))
		return 1
	}
	if c.teacher != nil && c.teacher(s.Args[1:]) && !s.Who.Admin {
		a.log.Warn(name+" refused: not an admin", "user", s.Who.Name, "id", keys.Short(s.Who.ID), "args", strings.Join(s.Args, " "))
		fmt.Fprintln(stderr, l.Sprintf("arena: %s", l.Say(c.refusal)))
		return 1
	}
	return c.exec(a, call{s: s, stdin: stdin, stdout: stdout, stderr: stderr})
}

// helpFor is the usage args ask for with --help (or -h), in l, and whether they do.
func helpFor(args []string, l lang.Lang) (string, bool) {
	if len(args) < 2 || !slices.ContainsFunc(args[1:], isHelpFlag) {
		return "", false
	}
	c, ok := lookup(args[0])
	if !ok {
		return "", false
	}
	if args[0] == "tournament" && args[1] == "create" {
		return createUsage(l) + "\n", true
	}
	return strings.TrimRight(c.usage(l), "\n") + "\n", true
}

func isHelpFlag(arg string) bool { return arg == "--help" || arg == "-h" || arg == "-help" }

// gameIDs lists the games' ids (those programs can play, if documented).
func gameIDs(documented bool) string { return strings.Join(catalog.IDs(documented), ", ") }

// crlf turns a text's line ends into a terminal's.
func crlf(s string) string { return strings.ReplaceAll(s, "\n", "\r\n") }

// quitAtOnce is the screen of a terminal session that only wanted a usage: it ends at once.
type quitAtOnce struct{}

func (quitAtOnce) Init() tea.Cmd                         { return tea.Quit }
func (q quitAtOnce) Update(tea.Msg) (tea.Model, tea.Cmd) { return q, tea.Quit }
func (quitAtOnce) View() string                          { return "" }

// quietFlags is a command's flag set: its errors are returned, never printed (each command
// says what went wrong in its own words, with its usage).
func quietFlags(name string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	return fs
}
