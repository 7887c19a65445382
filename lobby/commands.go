package lobby

import (
	"slices"
	"strings"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/arena-classroom/arena/catalog"
)

// commandUsages is every SSH command's usage, by name: what `COMMAND --help` prints (to
// stdout, exit 0), with or without a terminal. One table, so that no command answers
// --help with "flag: help requested".
var commandUsages = map[string]func() string{
	"rooms": func() string {
		return "usage: rooms\n  the live rooms: id, game, state, spectators, players (ssh -t HOST watch ROOM watches one)"
	},
	"play": func() string {
		return "usage: play GAME [--vs BOT[,BOT…]] [--size N]   (ssh -t)\n  start a game at once against house bots; without --vs, quick match. The games: " + gameIDs(false)
	},
	"watch": func() string {
		return "usage: watch ROOM   (ssh -t)\n  watch a live room by its id or code (rooms lists them)"
	},
	"wall": func() string {
		return "usage: wall [TOURNAMENT-CODE]   (ssh -t)\n  every live game (of a tournament) at once, for the projector"
	},
	"history": func() string {
		return historyUsage + "\n  a player's stored games (yours by default), last first, with their ids"
	},
	"replay": func() string {
		return replayUsage + "\n  ID may be the start of an id, when only one stored game has it"
	},
	"leaderboard": func() string {
		return leaderboardUsage + "\n  the game's ratings (OpenSkill, μ − 3σ), best first, with each one's history"
	},
	"spec": func() string {
		return "usage: spec GAME\n  a game's bot observation and action schema (games with one: " + gameIDs(true) + ")"
	},
	"bot": func() string {
		return botUsage + "\n  play as a program over the bot protocol (ssh -T); see docs/bots.md"
	},
	"assignment": func() string { return assignmentUsage },
	"tournament": func() string { return tournamentUsage },
	"names": func() string {
		return "usage: names release NAME\n  teachers: free a display name for the next key that connects as NAME@host"
	},
	"whoami": func() string { return whoamiUsage },
	"help":   func() string { return commandsHelp },
}

// helpFor is the usage args ask for with --help (or -h), and whether they do.
func helpFor(args []string) (string, bool) {
	if len(args) < 2 || !slices.ContainsFunc(args[1:], isHelpFlag) {
		return "", false
	}
	usage, ok := commandUsages[args[0]]
	if !ok {
		return "", false
	}
	if args[0] == "tournament" && args[1] == "create" {
		return createUsage + "\n", true
	}
	return strings.TrimRight(usage(), "\n") + "\n", true
}

func isHelpFlag(arg string) bool { return arg == "--help" || arg == "-h" || arg == "-help" }

// gameIDs lists the games' ids (those programs can play, if documented).
func gameIDs(documented bool) string { return strings.Join(catalog.IDs(documented), ", ") }

// quitAtOnce is the screen of a terminal session that only wanted a usage: it ends at once.
type quitAtOnce struct{}

func (quitAtOnce) Init() tea.Cmd                         { return tea.Quit }
func (q quitAtOnce) Update(tea.Msg) (tea.Model, tea.Cmd) { return q, tea.Quit }
func (quitAtOnce) View() string                          { return "" }
