package tournament

import (
	"strings"

	"github.com/arena-classroom/arena/lang"
)

// The options of tournament create that belong to a format, by their command-line names
// (without the dashes). Each format takes only some of them; the others are refused with a
// sentence rather than ignored (see Inapplicable).
const (
	OptRounds          = "rounds"
	OptGamesPerPairing = "games-per-pairing"
	OptBestOf          = "best-of"
	OptTableSize       = "table-size"
)

// FormatOptionNames are every format option, in the order help texts list them.
var FormatOptionNames = []string{OptGamesPerPairing, OptRounds, OptBestOf, OptTableSize}

// formatOptions are the options each format takes.
var formatOptions = map[string][]string{
	"round-robin":        {OptGamesPerPairing},
	"double-round-robin": {OptGamesPerPairing},
	"swiss":              {OptGamesPerPairing, OptRounds},
	"elimination":        {OptBestOf},
	"pools":              {OptGamesPerPairing, OptTableSize},
}

// FormatOptions are the format options the format spec ("swiss", "pools:3") takes; nil for
// a format Parse does not know.
func FormatOptions(spec string) []string {
	return formatOptions[formatName(spec)]
}

// ColonOption is the format option the number after the format's colon sets (swiss:R its
// rounds, elimination:N its best of, pools:T its table size); "" for formats without one.
func ColonOption(spec string) string {
	switch formatName(spec) {
	case "swiss":
		return OptRounds
	case "elimination":
		return OptBestOf
	case "pools":
		return OptTableSize
	}
	return ""
}

// FormatName is the format's name in spec, without the number after a colon.
func FormatName(spec string) string { return formatName(spec) }

func formatName(spec string) string {
	name, _, _ := strings.Cut(strings.TrimSpace(spec), ":")
	return name
}

// Inapplicable says, in one sentence, why the format option (OptRounds, …) does not apply
// to the format spec, and what to use instead; nil when it applies, or when the format is
// unknown (Parse says so).
func Inapplicable(spec, option string) error {
	name := formatName(spec)
	takes, known := formatOptions[name]
	if !known {
		return nil
	}
	for _, o := range takes {
		if o == option {
			return nil
		}
	}
	var what, instead lang.Text
	switch name {
	case "round-robin", "double-round-robin":
		what = lang.T("a round robin, which plays every pairing once (a double round robin twice), in as many rounds as the entrants need")
		if name == "double-round-robin" {
			what = lang.T("a double round robin, which plays every pairing twice, seats swapped, in as many rounds as the entrants need")
		}
		switch option {
		case OptRounds, OptBestOf:
			instead = lang.T("to play every pairing K times, use --games-per-pairing K")
		case OptTableSize:
			instead = lang.T("it seats two players a game (tables are for pools)")
		}
	case "swiss":
		what = lang.T("Swiss, which pairs two players a game for --rounds rounds (or swiss:R)")
		switch option {
		case OptBestOf:
			instead = lang.T("every game of a pairing counts: to play every pairing K times, use --games-per-pairing K")
		case OptTableSize:
			instead = lang.T("it seats two players a game (tables are for pools)")
		}
	case "elimination":
		what = lang.T("elimination, which plays a match per pairing until one player is left, in as many rounds as the bracket needs")
		switch option {
		case OptRounds, OptGamesPerPairing:
			instead = lang.T("to make each match longer, use --best-of N (or elimination:N)")
		case OptTableSize:
			instead = lang.T("it seats two players a game (tables are for pools)")
		}
	case "pools":
		what = lang.T("pools, which play round after round until the field fits at one table, so their rounds follow from the entrants and --table-size")
		switch option {
		case OptRounds, OptBestOf:
			instead = lang.T("to play more games, use --games-per-pairing K (every table plays K games)")
		}
	}
	var opts any = "--" + takes[0]
	if len(takes) == 2 {
		opts = lang.T("%s and %s", "--"+takes[0], "--"+takes[1])
	}
	return lang.Errorf("--%s does not apply to %s: %s (%s takes %s)", option, what, instead, name, opts)
}
