// Package tournament knows tournament formats: how entrants are paired into games round by
// round, and how standings and tie-breaks follow from the results.
//
// Everything here is a pure function of its arguments: no storage, no clock, no goroutines,
// no randomness. A format keeps no state either: given the entrants and every result
// recorded so far, it rebuilds the schedule round by round (a round is built only from the
// results of the rounds before it) and checks each result against the game it claims to be.
// The same entrants and results therefore always give the same pairings and standings.
// See docs/tournaments.md for the formats in words.
package tournament

// Entrant is one participant: a person, a bot or a program.
type Entrant struct {
	ID     string  // unique within the tournament
	Name   string  // shown in standings; the ID when empty
	Rating float64 // seeding strength, higher is stronger; equal (0) when unknown
}

// Game is one game to play: the entrants in seat order.
type Game struct {
	Round   int      // 1-based
	Pairing int      // 0-based: the pairing, match or table within the round
	Leg     int      // 0-based: which game of the pairing (games per pairing, best of N)
	Seats   []string // entrant ids in seat order
	Bye     bool     // Seats holds one entrant who sits this round out; nothing is played
}

// Result is how a game ended.
type Result struct {
	Game    Game
	Ranks   []int  // per seat: 1 is first, tied seats share a rank; may be nil with Forfeit
	Forfeit string // the id of an entrant who forfeited (ranked below everyone), "" for none; NobodyCame
}

// NobodyCame as a Result's Forfeit: no entrant of the game came to play it. Everyone is
// scored a loss worth nothing, so that absent entrants cannot gain points from one
// another. Formats that must name a winner to go on (elimination, pools) never get one:
// there the director forfeits one entrant.
const NobodyCame = "*"

// Voided as a Result's Forfeit: the teacher took the game out of the standings. It counts
// for nobody (not even as played), and is not played again. Only formats that rank by
// points take it (round robins, Swiss).
const Voided = "-"

// Round is what a format says about the tournament so far.
type Round struct {
	Number  int    // the round in progress (1-based); the last round once Finished
	Games   []Game // every game of that round known so far, byes included, in order
	Pending []Game // the games of Games that can be played now and have no result yet
	// Later are games of later rounds, without a result, that may be played now all the
	// same: their pairing does not depend on any result (a round robin's schedule is fixed),
	// so an entrant free before its round's slowest game ends plays on instead of waiting.
	// Formats that pair from results (Swiss, elimination, pools) leave it empty.
	Later    []Game
	Finished bool // no game is left to play: the standings are final
}

// Format pairs entrants and ranks them. Implementations are values without state.
type Format interface {
	// Name is the command-line name ("swiss").
	Name() string
	// Rounds is how many rounds n entrants will play.
	Rounds(n int) int
	// Next rebuilds the schedule from the results and returns the round in progress: a
	// round begins only when every game of the previous one has a result. It fails on
	// entrants it cannot take and on a result that matches no game of the schedule.
	Next(entrants []Entrant, results []Result) (Round, error)
	// Standings ranks every entrant, in rank order (a total order: ties end on name).
	Standings(entrants []Entrant, results []Result) ([]Standing, error)
}

// Standing is one entrant's line in the standings.
type Standing struct {
	Rank     int // shared only when Stage, Points and every tie-break are equal
	ID, Name string
	// Stage is the round reached, for formats that eliminate (elimination, pools; the
	// winner gets Rounds+1); 0 otherwise. It ranks before Points.
	Stage  int
	Points float64
	// Played counts games played (byes excluded); Wins, Draws and Losses split them.
	Played, Wins, Draws, Losses int
	Byes                        int // rounds sat out with a bye
	// Places counts the games finished in each place, first to last (Places[0]: first;
	// seats that tie share the best place they cover), for formats of tables of more than
	// two (pools), where won, drawn and lost say little; nil for the others.
	Places []int
	// Forfeits counts the games among Losses lost by forfeit (absent past the grace, or
	// removed by the teacher), Absent the games nobody came to (among Losses too): a
	// teacher tells a game lost at the board from one lost by absence.
	Forfeits, Absent int
	TieBreaks        []TieBreak
}

// TieBreak is one named tie-break value; higher is better.
type TieBreak struct {
	Name  string
	Value float64
	// NA: the tie-break did not apply to this entrant (head-to-head of one tied on points
	// with nobody, or with nobody it played); Value is 0 and means nothing: shown blank.
	NA bool
}
