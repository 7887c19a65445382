package perfectaim

import (
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/lang"
	"github.com/arena-classroom/arena/seed"
)

// MapTool is `arena perfectaim map`: the map upstream's generator draws for a seed.
var MapTool = games.Tool{
	Name:  "perfectaim",
	Usage: "perfectaim map [--seed S]", // lang:keep a command's synopsis
	Doc:   lang.N("print the Perfect Aim map of seed S"),
	Run: func(args []string, stdout, stderr io.Writer) int {
		return MapCommandIn(games.ToolLang(), args, stdout, stderr, seed.Random)
	},
}

var perfectAimUsage = lang.N(`Usage: arena perfectaim map [--seed S]

Prints the map every Perfect Aim game of seed S starts on, one character per cell, then its
legend:
  # wall   . floor   o coin   ^ speed boost   v speed penalty   + super fireball   D shield
Players start on the four corners' floor cells ((1,1), (19,19), (19,1), (1,19) for RED, BLUE,
YELLOW, GREEN at permutation 0).

  --seed S  the game seed, 0..2^64-1 (default: a fresh random one, printed with the legend)

Exit status: 0, or 2 for bad arguments.
`)

// MapCommand is the command with its surroundings passed in, for tests, in English.
func MapCommand(args []string, stdout, stderr io.Writer, seedFn func() uint64) int {
	return MapCommandIn(lang.English, args, stdout, stderr, seedFn)
}

// MapCommandIn is MapCommand speaking l.
func MapCommandIn(l lang.Lang, args []string, stdout, stderr io.Writer, seedFn func() uint64) int {
	usage := l.Say(perfectAimUsage)
	fail := func(why string) int {
		fmt.Fprintln(stderr, "arena perfectaim: "+why) // lang:keep the command's name
		fmt.Fprintln(stderr, usage[:strings.IndexByte(usage, '\n')])
		return 2
	}
	if len(args) == 0 {
		return fail(l.Sprintf("which subcommand? (map)"))
	}
	switch args[0] {
	case "-h", "--help", "-help", "help":
		fmt.Fprint(stdout, usage)
		return 0
	case "map":
	default:
		return fail(l.Sprintf("unknown subcommand %q (map)", args[0]))
	}
	fs := flag.NewFlagSet("perfectaim map", flag.ContinueOnError) // lang:keep the command's name
	fs.SetOutput(io.Discard)
	seed := fs.Uint64("seed", 0, "")
	if err := fs.Parse(args[1:]); err != nil {
		if err == flag.ErrHelp {
			fmt.Fprint(stdout, usage)
			return 0
		}
		return fail(err.Error())
	}
	if fs.NArg() > 0 {
		return fail(l.Sprintf("unexpected argument %q", fs.Arg(0)))
	}
	seeded := false
	fs.Visit(func(f *flag.Flag) { seeded = seeded || f.Name == "seed" })
	if !seeded {
		*seed = seedFn()
	}
	m, _ := Generate(*seed)
	for _, line := range m.Lines() {
		fmt.Fprintln(stdout, line)
	}
	symmetry := l.Sprintf("mirror symmetry")
	if m.Rotational {
		symmetry = l.Sprintf("rotational symmetry")
	}
	fmt.Fprintln(stdout)
	fmt.Fprintln(stdout, l.Sprintf("# wall  . floor  o coin  ^ speed boost  v speed penalty  + super fireball  D shield"))
	fmt.Fprintln(stdout, l.Sprintf("seed %s, %s", strconv.FormatUint(*seed, 10), symmetry))
	return 0
}
