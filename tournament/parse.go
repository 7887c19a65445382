package tournament

import (
	"fmt"
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
}

// Names lists the formats Parse knows, for help texts.
var Names = []string{"round-robin", "double-round-robin", "swiss", "elimination", "pools"}

// Parse builds a format from its command-line name. "swiss:7", "elimination:3" and
// "pools:3" set Rounds, BestOf and TableSize in the name itself.
func Parse(spec string, o Options) (Format, error) {
	name, arg, hasArg := strings.Cut(strings.TrimSpace(spec), ":")
	n := 0
	if hasArg {
		v, err := strconv.Atoi(arg)
		if err != nil || v < 1 {
			return nil, fmt.Errorf("%q: the number after the colon must be a whole number of at least 1", spec)
		}
		n = v
	}
	if o.MinSeats < 1 || o.MaxSeats < o.MinSeats {
		return nil, fmt.Errorf("the game's seat range %d..%d is not valid", o.MinSeats, o.MaxSeats)
	}
	if o.GamesPerPairing < 0 {
		return nil, fmt.Errorf("games per pairing must be at least 1, not %d", o.GamesPerPairing)
	}
	legs := max(o.GamesPerPairing, 1)
	setting := func(field *int, what string) error {
		if *field < 0 {
			return fmt.Errorf("%s must be at least 1, not %d", what, *field)
		}
		if hasArg && *field != 0 && *field != n {
			return fmt.Errorf("%q says %s %d but the options say %d", spec, what, n, *field)
		}
		if hasArg {
			*field = n
		}
		return nil
	}
	switch name {
	case "round-robin", "double-round-robin":
		if hasArg {
			return nil, fmt.Errorf("%s takes no number after a colon", name)
		}
		if err := twoPlayer(name, o); err != nil {
			return nil, err
		}
		return RoundRobin{Double: name == "double-round-robin", Legs: legs}, nil
	case "swiss":
		if err := setting(&o.Rounds, "rounds"); err != nil {
			return nil, err
		}
		if err := twoPlayer(name, o); err != nil {
			return nil, err
		}
		return Swiss{Planned: o.Rounds, Legs: legs}, nil
	case "elimination":
		if err := setting(&o.BestOf, "best of"); err != nil {
			return nil, err
		}
		if o.GamesPerPairing > 1 {
			return nil, fmt.Errorf("elimination plays best of N matches: give N as elimination:N, not games per pairing")
		}
		if err := twoPlayer(name, o); err != nil {
			return nil, err
		}
		return Elimination{BestOf: max(o.BestOf, 1)}, nil
	case "pools":
		if err := setting(&o.TableSize, "table size"); err != nil {
			return nil, err
		}
		if o.TableSize == 0 {
			o.TableSize = 4
		}
		if o.TableSize != 3 && o.TableSize != 4 {
			return nil, fmt.Errorf("pools have tables of 3 or 4, not %d", o.TableSize)
		}
		if o.MaxSeats < 3 {
			return nil, fmt.Errorf("pools are for games of 3 or more players; this game seats at most %d", o.MaxSeats)
		}
		if o.TableSize > o.MaxSeats {
			return nil, fmt.Errorf("pools with tables of %d need a game for %d; this game seats at most %d", o.TableSize, o.TableSize, o.MaxSeats)
		}
		return Pools{TableSize: o.TableSize, Legs: legs, MinSeats: o.MinSeats}, nil
	}
	return nil, fmt.Errorf("unknown format %q: want one of %s", name, strings.Join(Names, ", "))
}

// twoPlayer refuses games that cannot be played by two.
func twoPlayer(name string, o Options) error {
	if o.MinSeats > 2 || o.MaxSeats < 2 {
		return fmt.Errorf("%s pairs two players per game, and this game seats %s", name, seatRange(o))
	}
	return nil
}

func seatRange(o Options) string {
	if o.MinSeats == o.MaxSeats {
		return fmt.Sprintf("exactly %d", o.MinSeats)
	}
	return fmt.Sprintf("%d to %d", o.MinSeats, o.MaxSeats)
}
