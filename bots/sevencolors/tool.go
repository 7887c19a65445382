package sevencolors

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/arena-classroom/arena/bots"
	"github.com/arena-classroom/arena/games"
	sc "github.com/arena-classroom/arena/games/sevencolors"
	"github.com/arena-classroom/arena/lang"
	"github.com/arena-classroom/arena/seed"
)

// Tool is `arena sevencolors`: the seed's question 13, a house bot's colour for a board.
var Tool = games.Tool{
	Name:  "sevencolors",
	Usage: "sevencolors SIZE --ia NAME PLAYER STATES…", // lang:keep a command's synopsis
	Doc:   lang.N("print the colour a 7 Colors house bot plays"),
	Run: func(args []string, stdout, stderr io.Writer) int {
		return AIIn(games.ToolLang(), args, stdout, stderr, seed.Random)
	},
}

// sevenColorsUsage is said with the bots' names.
var sevenColorsUsage = lang.N(`Usage: arena sevencolors SIZE --ia NAME PLAYER s_0 … s_{SIZE²-1} [--seed S]

Prints the colour a 7 Colors house bot plays on a board and exits with it as the status.

  SIZE      the board is SIZE×SIZE (2..50)
  NAME      the bot: %s
  PLAYER    the bot's own code: 1 (^) or 2 (v)
  s_i       the SIZE² cells, left to right and top to bottom: 0 empty, 1 and 2 the players'
            territories, 3..9 the colours A..G. Any board is accepted: players anywhere.
  --seed S  seed of the random bots (default: a fresh random one)

Example: arena sevencolors 2 --ia random_player 1 1 3 5 2   (the grid 1 3 / 5 2)

Exit status: the colour played, 3..9; 0 after --help; 2 for bad arguments.
`)

// AI is the Q13 command with its surroundings passed in, for tests, in English.
func AI(args []string, stdout, stderr io.Writer, seedFn func() uint64) int {
	return AIIn(lang.English, args, stdout, stderr, seedFn)
}

// AIIn is AI speaking l.
func AIIn(l lang.Lang, args []string, stdout, stderr io.Writer, seedFn func() uint64) int {
	usage := l.Sprintf(sevenColorsUsage, bots.Names(All, true))
	fail := func(why string) int {
		fmt.Fprintln(stderr, "arena sevencolors: "+why) // lang:keep the command's name
		fmt.Fprintln(stderr, usage[:strings.IndexByte(usage, '\n')])
		fmt.Fprintln(stderr, l.Sprintf(`Run "arena sevencolors --help" for details.`))
		return 2
	}
	ia, err := games.ParseIAArgs(args)
	if err != nil {
		return fail(lang.Say(err, l))
	}
	if ia.Help {
		fmt.Fprint(stdout, usage)
		return 0
	}
	name, seed, seeded, positional := ia.Name, ia.Seed, ia.Seeded, ia.Positional
	if name == "" {
		return fail(l.Sprintf("--ia NAME is required"))
	}
	info, ok := bots.Find(All, name)
	if !ok {
		return fail(l.Sprintf("no bot called %q (bots: %s)", name, bots.Names(All, true)))
	}
	if len(positional) < 2 {
		return fail(l.Sprintf("SIZE and PLAYER are required"))
	}
	size, err := strconv.Atoi(positional[0])
	if err != nil || size < sc.MinSize || size > sc.MaxSize {
		return fail(l.Sprintf("SIZE %q is not a board size %d..%d", positional[0], sc.MinSize, sc.MaxSize))
	}
	player, err := strconv.Atoi(positional[1])
	if err != nil || (player != sc.Player1 && player != sc.Player2) {
		return fail(l.Sprintf("PLAYER %q is not 1 or 2", positional[1]))
	}
	states := positional[2:]
	if len(states) != size*size {
		return fail(l.Sprintf("a %d×%d board needs %d cell states, got %d", games.Digits(size), games.Digits(size), games.Digits(size*size), games.Digits(len(states))))
	}
	cells := make([]int, len(states))
	for i, s := range states {
		v, err := strconv.Atoi(s)
		if err != nil || v < sc.Empty || v > sc.MaxColor {
			return fail(l.Sprintf("cell %d (x=%d, y=%d) is %q: a cell is 0..9", games.Digits(i), i%size, i/size, s))
		}
		cells[i] = v
	}
	st, err := sc.FromBoard(size, cells, player)
	if err != nil {
		return fail(lang.Say(err, l))
	}
	if !seeded {
		seed = seedFn()
	}
	colour := info.New(seed).Choose(st, player-1).(int)
	fmt.Fprintln(stdout, colour)
	return colour
}
