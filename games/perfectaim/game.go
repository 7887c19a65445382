// Package perfectaim is the rules engine of Perfect Aim (seed 002, upstream
// github.com/GauBen/perfect-aim at ce7ba5e): 2 to 4 players in a symmetric maze collect
// items and throw fireballs in real time while lava closes in. Rules:
// docs/rules/perfectaim.md.
//
// Time is exact (Instant) and the simulation is upstream's event-driven step loop. Maps and
// item batches come from a port of CPython's Mersenne Twister (package pyrand), so a seed
// gives upstream's map, and the same seed, permutation and actions give upstream's game.
// Steps end only at entity events and whole seconds, as in upstream's tournament runner
// (one update(120)); the GUI's per-frame updates add boundaries that can only matter once
// an item batch finds too few free cells to place.
//
// Where upstream is undefined or quirky, this engine chooses (docs/rules/perfectaim.md §15): fireballs acting
// at one instant act in creation order; a player entering a cell meets its fireballs before
// its items; an invalid action is WAIT; ranks follow survival (the last one standing first,
// players dying at the same instant tied, so upstream's "Match nul" is a shared first
// place); scores are the coins a player held at the end or when it died.
package perfectaim

import (
	"encoding/json"
	"math/bits"

	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/games/perfectaim/pyrand"
	"github.com/arena-classroom/arena/lang"
)

// Game is Perfect Aim for the arena's catalog.
var Game games.Game = game{}

type game struct{}

func (game) ID() string                    { return "perfectaim" }
func (game) Name() string                  { return "Perfect Aim" } // lang:keep the game's name: the lobby says it through its catalog
func (game) Seats() (minimum, maximum int) { return 2, 4 }

// Config keys.
//   - "permutation" (default 0): upstream's start-position permutation (docs/rules/perfectaim.md §3); it has
//     period 12, so it is stored modulo 12. Tournament game i uses permutation i.
//   - "colors" (default 0): which colours play, as a bit mask in colour order (1 RED, 2 BLUE,
//     4 YELLOW, 8 GREEN), standing for upstream's None slots; its bit count must equal the
//     number of seats. 0 means the first n colours. Seat k plays the k-th colour present.
const (
	KeyPermutation = "permutation"
	KeyColors      = "colors"
)

func (game) Normalize(cfg games.Config) (games.Config, error) {
	out := games.Config{KeyPermutation: 0, KeyColors: 0}
	for _, k := range cfg.Keys() {
		if k != KeyPermutation && k != KeyColors {
			return nil, lang.Errorf("Perfect Aim has no setting %q (its settings are %s and %s)", k, KeyPermutation, KeyColors)
		}
		out[k] = cfg[k]
	}
	if p := out[KeyPermutation]; p < 0 || p > 11 {
		return nil, lang.Errorf("Perfect Aim: permutation %d is out of range: the start corners have 12 permutations, 0..11", games.Digits(p))
	}
	if m := out[KeyColors]; m < 0 || m > 15 || (m != 0 && bits.OnesCount(uint(m)) < 2) {
		return nil, lang.Errorf("Perfect Aim: colors %d is not a mask of 2 to 4 colours (1 red, 2 blue, 4 yellow, 8 green)", games.Digits(m))
	}
	return out, nil
}

func (g game) New(cfg games.Config, seats int, seed uint64) (games.State, error) {
	cfg, err := g.Normalize(cfg)
	if err != nil {
		return nil, err
	}
	return New(seed, cfg[KeyPermutation], cfg[KeyColors], seats)
}

func (game) DecodeAction(raw json.RawMessage) (games.Action, error) { return decodeAction(raw) }

// Starts are upstream's base start cells, RED's slot first (§3).
var Starts = [4][2]int{{1, 1}, {Size - 2, Size - 2}, {Size - 2, 1}, {1, Size - 2}}

// StartCells applies permutation i to Starts: slot k (colour k) starts on the k-th cell.
func StartCells(i int) [4][2]int {
	c := Starts
	c[0], c[i%4] = c[i%4], c[0]
	c[1], c[i%3+1] = c[i%3+1], c[1]
	c[2], c[i%2+2] = c[i%2+2], c[2]
	return c
}

// New starts a game on upstream's map for seed, ready at the first decision (t = 1).
func New(seed uint64, permutation, colors, seats int) (*State, error) {
	if seats < 2 || seats > 4 {
		return nil, lang.Errorf("Perfect Aim is played by 2 to 4 seats, not %d", games.Digits(seats))
	}
	if colors == 0 {
		colors = 1<<seats - 1
	}
	if colors < 0 || colors > 15 || bits.OnesCount(uint(colors)) != seats {
		return nil, lang.Errorf("Perfect Aim: colors mask %d does not name %d colours", games.Digits(colors), games.Digits(seats))
	}
	m, rng := Generate(seed)
	s := newState(Size, rng)
	starts := StartCells(permutation)
	for y := 0; y < Size; y++ {
		for x := 0; x < Size; x++ {
			t := m.Tiles[y][x]
			if t.IsCollectible() {
				s.putItem(x, y, t)
				t = Floor
			}
			s.bg[y][x] = t
		}
	}
	for c := Red; c <= Green; c++ {
		if colors&(1<<c) != 0 {
			s.addPlayer(c, starts[c][0], starts[c][1])
			s.players[c].seat = len(s.seats)
			s.seats = append(s.seats, c)
		}
	}
	s.run(nil)
	return s, nil
}

// BoardOptions tune NewBoard.
type BoardOptions struct {
	Seed    uint64 // seeds the item-regeneration stream
	NoRegen bool   // no item batches (to test other rules in isolation)
	Paced   bool   // start paced (see games.RealTime)
	// Per colour: initial speed in quarters (0 means 4, speed 1), shield, super fireballs.
	SpeedQ [4]int64
	Shield [4]bool
	Supers [4]int
}

// NewBoard starts a game on a hand-drawn square board of odd size 5..21, for tests and
// puzzles. One character per cell: '#' wall, '.' floor, ':' damaged floor, '~' lava, items
// 'o' coin, '^' speed boost, 'v' speed penalty, '+' super fireball, 'D' shield, and players
// 'R', 'B', 'Y', 'G' on floor ('r', 'b', 'y', 'g' on damaged floor). Seats are the colours present, in colour order. Like New,
// it returns the state at the first decision (t = 1) unless opts.Paced.
func NewBoard(rows []string, opts BoardOptions) (*State, error) {
	n := len(rows)
	if n < 5 || n > Size || n%2 == 0 {
		return nil, lang.Errorf("perfectaim: a board has an odd size 5..%d, not %d", games.Digits(Size), games.Digits(n))
	}
	s := newState(n, pyrand.New(opts.Seed))
	s.regen = !opts.NoRegen
	var at [4][2]int
	var present [4]bool
	for y, row := range rows {
		if len(row) != n {
			return nil, lang.Errorf("perfectaim: row %d has %d cells, want %d", games.Digits(y), games.Digits(len(row)), games.Digits(n))
		}
		for x := 0; x < n; x++ {
			ch := row[x]
			switch ch {
			case '#':
				s.bg[y][x] = Wall
			case '.':
				s.bg[y][x] = Floor
			case ':':
				s.bg[y][x] = DamagedFloor
			case '~':
				s.bg[y][x] = Lava
			case 'o', '^', 'v', '+', 'D':
				s.bg[y][x] = Floor
				s.putItem(x, y, map[byte]Tile{'o': Coin, '^': SpeedBoost, 'v': SpeedPenalty, '+': SuperFireball, 'D': Shield}[ch])
			case 'R', 'B', 'Y', 'G', 'r', 'b', 'y', 'g':
				c := map[byte]Color{'R': Red, 'B': Blue, 'Y': Yellow, 'G': Green, 'r': Red, 'b': Blue, 'y': Yellow, 'g': Green}[ch]
				if present[c] {
					return nil, lang.Errorf("perfectaim: two %s players", c)
				}
				present[c], at[c] = true, [2]int{x, y}
				s.bg[y][x] = Floor
				if ch >= 'a' {
					s.bg[y][x] = DamagedFloor
				}
			default:
				return nil, lang.Errorf("perfectaim: unknown cell %q at (%d,%d)", ch, games.Digits(x), games.Digits(y))
			}
		}
	}
	for c := Red; c <= Green; c++ {
		if !present[c] {
			continue
		}
		s.addPlayer(c, at[c][0], at[c][1])
		p := &s.players[c]
		p.seat = len(s.seats)
		s.seats = append(s.seats, c)
		if q := opts.SpeedQ[c]; q != 0 {
			if q < 2 {
				return nil, lang.Errorf("perfectaim: speed %d/4 is below the minimum 1/2", games.Digits(q))
			}
			p.speedQ = q
			p.next = At(4, q)
		}
		p.shield, p.supers = opts.Shield[c], opts.Supers[c]
	}
	if len(s.seats) < 1 {
		return nil, lang.Errorf("perfectaim: no player on the board")
	}
	s.paced = opts.Paced
	if s.paced {
		return s, nil
	}
	s.run(nil)
	return s, nil
}
