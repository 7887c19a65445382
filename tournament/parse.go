package tournament

import (
	"github.com/arena-classroom/arena/lang"
	"strconv"
	"strings"
)

// Options are the settings Parse needs besides the format's name.
type Options struct {
	// MinSeats and MaxSeats are the game's seat range (games.Game.Seats).
	MinSeats, MaxSeats int
	// GamesPerPairing is how many games each pairing or table plays, seats alternating
	// (round robin, Swiss, pools); 0 means 1.
	GamesPerPairing int
	// Rounds is Swiss's number of rounds; 0 means ceil(log2 n)+1.
	Rounds int
	// BestOf is elimination's games per match; 0 means 1.
	BestOf int
	// TableSize is the pools' table size, 3 or 4; 0 means 4.
	TableSize int
	// AllPlay: in pools, those out of the running play placement tables, so that everyone
	// plays every round (Pools.AllPlay). Pools created before it keep without.
	AllPlay bool
}

// Names lists the formats Parse knows, for help texts.
var Names = []string{"round-robin", "double-round-robin", "swiss", "elimination", "pools"}

// Bounds on what one tournament may ask for: a teacher's typo (a billion games a pairing)
// must be a sentence, not a server out of memory.
const (
	MaxGamesPerPairing = 100
	MaxRounds          = 100
	MaxBestOf          = 99
	// MaxGames bounds the games a tournament may schedule in all (see GamesAtMost): a
	// double round robin of 100 entrants at 5 games a pairing fits.
	MaxGames = 100_000
)

// Parse builds a format from its command-line name. "swiss:7", "elimination:3" and
// "pools:3" set Rounds, BestOf and TableSize in the name itself.
func Parse(spec string, o Options) (Format, error) {
	name, arg, hasArg := strings.Cut(strings.TrimSpace(spec), ":")
	n := 0
	if hasArg {
		v, err := strconv.Atoi(arg)
		if err != nil || v < 1 {
			return nil, lang.Errorf("%q: the number after the colon must be a whole number of at least 1", spec)
		}
		n = v
	}
	if o.MinSeats < 1 || o.MaxSeats < o.MinSeats {
		return nil, lang.Errorf("the game's seat range %d..%d is not valid", o.MinSeats, o.MaxSeats)
	}
	if o.GamesPerPairing < 0 || o.GamesPerPairing > MaxGamesPerPairing {
		return nil, lang.Errorf("games per pairing: from 1 to %d, not %s", MaxGamesPerPairing, strconv.Itoa(o.GamesPerPairing)) // as typed: no thousands' separator
	}
	legs := max(o.GamesPerPairing, 1)
	setting := func(field *int, what lang.Text, most int) error {
		if *field < 0 || *field > most || n > most {
			return lang.Errorf("%s: from 1 to %d, not %s", what, most, strconv.Itoa(max(*field, n)))
		}
		if hasArg && *field != 0 && *field != n {
			return lang.Errorf("%q says %s %s but the options say %s", spec, what, strconv.Itoa(n), strconv.Itoa(*field))
		}
		if hasArg {
			*field = n
		}
		return nil
	}
	switch name {
	case "round-robin", "double-round-robin":
		if hasArg {
			return nil, lang.Errorf("%s takes no number after a colon", name)
		}
		if err := twoPlayer(name, o); err != nil {
			return nil, err
		}
		return RoundRobin{Double: name == "double-round-robin", Legs: legs}, nil
	case "swiss":
		if err := setting(&o.Rounds, lang.T("rounds"), MaxRounds); err != nil {
			return nil, err
		}
		if err := twoPlayer(name, o); err != nil {
			return nil, err
		}
		return Swiss{Planned: o.Rounds, Legs: legs}, nil
	case "elimination":
		if err := setting(&o.BestOf, lang.T("best of"), MaxBestOf); err != nil {
			return nil, err
		}
		if o.GamesPerPairing > 1 {
			return nil, lang.Errorf("elimination plays best of N matches: give N as elimination:N, not games per pairing")
		}
		if err := twoPlayer(name, o); err != nil {
			return nil, err
		}
		return Elimination{BestOf: max(o.BestOf, 1)}, nil
	case "pools":
		if err := setting(&o.TableSize, lang.T("table size"), MaxRounds); err != nil {
			return nil, err
		}
		if o.TableSize == 0 {
			o.TableSize = 4
		}
		if o.TableSize != 3 && o.TableSize != 4 {
			return nil, lang.Errorf("pools have tables of 3 or 4, not %s", strconv.Itoa(o.TableSize))
		}
		if o.MaxSeats < 3 {
			return nil, lang.Errorf("pools are for games of 3 or more players; this game seats at most %d", o.MaxSeats)
		}
		if o.TableSize > o.MaxSeats {
			return nil, lang.Errorf("pools with tables of %d need a game for %d; this game seats at most %d", o.TableSize, o.TableSize, o.MaxSeats)
		}
		return Pools{TableSize: o.TableSize, Legs: legs, MinSeats: o.MinSeats, AllPlay: o.AllPlay}, nil
	}
	if near := Nearest(name, Names); near != "" {
		return nil, lang.Errorf("unknown format %q: did you mean %s? The formats: %s", name, near, strings.Join(Names, ", "))
	}
	return nil, lang.Errorf("unknown format %q: want one of %s", name, strings.Join(Names, ", "))
}

// Nearest is the name of names closest to what someone typed, if one is close enough to be
// what they meant (a few letters off, or the same letters but for dashes and case); "" if
// none is.
func Nearest(typed string, names []string) string {
	squash := func(s string) string {
		return strings.Map(func(r rune) rune {
			if r == '-' || r == '_' || r == ' ' {
				return -1
			}
			return r
		}, strings.ToLower(s))
	}
	best, bestDist := "", 3 // at most two edits away
	for _, n := range names {
		if squash(n) == squash(typed) {
			return n
		}
		if d := editDistance(squash(typed), squash(n)); d < bestDist {
			best, bestDist = n, d
		}
	}
	return best
}

// editDistance is the Levenshtein distance between a and b, in bytes.
func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

// GamesAtMost bounds the games f schedules for n entrants: its rounds, times the most
// pairings or tables a round holds, times the games each plays.
func GamesAtMost(f Format, n int) int {
	if n < 2 {
		return 0
	}
	return f.Rounds(n) * ((n + 1) / 2) * legsOf(f)
}

// Games is the number of games f plays with n entrants, or 0 when it depends on the
// results (elimination's best of N, pools).
func Games(f Format, n int) int {
	switch f := f.(type) {
	case RoundRobin:
		cycles := 1
		if f.Double {
			cycles = 2
		}
		return n * (n - 1) / 2 * cycles * legsOf(f)
	case Swiss:
		return f.Rounds(n) * (n / 2) * legsOf(f)
	}
	return 0
}

// legsOf is how many games each pairing or table of f plays (at most, for best of N).
func legsOf(f Format) int {
	legs := 1
	switch f := f.(type) {
	case RoundRobin:
		legs = f.Legs
	case Swiss:
		legs = f.Legs
	case Elimination:
		legs = f.BestOf
	case Pools:
		legs = f.Legs
	}
	return max(legs, 1)
}

// twoPlayer refuses games that cannot be played by two.
func twoPlayer(name string, o Options) error {
	if o.MinSeats > 2 || o.MaxSeats < 2 {
		return lang.Errorf("%s pairs two players per game, and this game seats %s", name, seatRange(o))
	}
	return nil
}

func seatRange(o Options) lang.Text {
	if o.MinSeats == o.MaxSeats {
		return lang.T("exactly %d", o.MinSeats)
	}
	return lang.T("%d to %d", o.MinSeats, o.MaxSeats)
}
