package match

import (
	"io"

	"github.com/arena-classroom/arena/games"
)

// Scheme is how a game's batches (`arena match`) are seated, planned and reported when they
// are not the default — seats rotating between games, a round robin when there are more
// entrants than seats, wins and mean shares. Perfect Aim's batches follow its upstream
// tournament instead: entrants keep their colours, the start corners turn, and the table
// ranks by wins then coins. A game with a scheme lists it in its catalog entry.
type Scheme interface {
	// Usage is the game's paragraph of `arena match --help`.
	Usage() string
	// Flags are the whole-number options the scheme adds to `arena match` ("permutation").
	Flags() []SchemeFlag
	// Setup reads the seat list as written (the scheme may allow empty places), the settings
	// given with --config, --size or --sizes, and the scheme's flags that were given.
	Setup(slots []SeatSpec, cfg games.Config, flags map[string]int) (SchemeBatch, error)
}

// SchemeFlag is an option a Scheme adds: --Name N.
type SchemeFlag struct {
	Name string
	Doc  string // its line in --help, after "--Name N"
}

// SchemeBatch is one batch set up by a Scheme.
type SchemeBatch interface {
	// Seats are the entrants' seats that play, in seat order; Labels name them in errors
	// ("the RED seat").
	Seats() []SeatSpec
	Labels() []string
	// Schedule plans n games for the seats from the first seed.
	Schedule(n int, seed uint64) (Schedule, error)
	// Config is the batch's config as the summary shows it.
	Config() games.Config
	// Report starts the batch's report of plan, played n games from seed.
	Report(plan Plan, gameID string, seed uint64, n int) SchemeReport
}

// SchemeReport sums a batch's games and prints them its own way.
type SchemeReport interface {
	// Add counts a game, in plan order.
	Add(r Result)
	// GameLine is a game's JSON line, base being the default one.
	GameLine(base GameLine, r Result) any
	// Summary is the summary's JSON line, base being the default one.
	Summary(base SummaryLine, t *Tally, defaults []int, secs float64) any
	// Table prints the batch's table, then its timing line.
	Table(w io.Writer, t *Tally, defaults []int, notes []string, secs, rate float64)
}
