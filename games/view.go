package games

import (
	"time"

	"github.com/arena-classroom/arena/lang"
)

// Palette is how a board is drawn for a class of terminals. A board is rendered once per
// snapshot per palette and shared by every viewer with that palette.
type Palette int

const (
	// Plain is letters and symbols only, for TERM=dumb, bots and tests.
	Plain Palette = iota
	// ANSI16 uses the 16 basic colours every colour terminal has.
	ANSI16
	// ANSI256 uses the 256-colour palette (also used for true-colour terminals).
	ANSI256
)

// Palettes lists every palette, for caches indexed by palette.
var Palettes = []Palette{Plain, ANSI16, ANSI256}

// KeyHelp documents one key binding for help screens.
type KeyHelp struct {
	Keys string // "a–g"
	Does string // "choose a colour"
	// Cluster: the letters are places on the keyboard, written for QWERTY ("wasd"), not
	// initials: an AZERTY keyboard gets the same places (package keyboard).
	Cluster bool
}

// View draws a game in a terminal and maps keys to actions. Each game's view lives beside its
// rules in its own file(s) and only reads the state.
type View interface {
	// Board renders the board alone, as lines joined by "\n", every line the same width.
	// seat is the viewer's seat, or -1 for a spectator.
	Board(st State, seat int, p Palette) string
	// Key maps a key (bubbletea's KeyMsg.String(): "a", "up", "shift+left", " ") pressed by
	// seat to an action. ok is false for keys the game does not use.
	Key(st State, seat int, key string) (a Action, ok bool)
	// Status returns short per-seat lines for the side panel (share, coins, …).
	Status(st State, seat int) string
	// Keys lists the game's key bindings.
	Keys() []KeyHelp
	// Rules is the rules summary shown on the game's help screen.
	Rules() string
}

// Headliner is implemented by views with a line to show above the players, such as a
// real-time game's clock. played is how long a live real-time game has run by the wall
// clock (its state may already stand at its next decision, ahead of it), or -1 where only
// the state tells the time (a finished game, a replay).
type Headliner interface {
	Headline(st State, played time.Duration) string
}

// Fitter is implemented by views whose board's size depends on the config (7 Colors' size,
// a hex map, eight players' markers): how much of a terminal the board of a config takes, so
// that the lobby can pick a config that fits a window and warn about one that does not. A
// view without it draws boards of one size, whatever the config.
type Fitter interface {
	// BoardSize is the board's width and height in terminal cells for cfg (normalized).
	BoardSize(cfg Config) (width, height int)
	// FitConfig returns cfg with the settings that size the board chosen to fit in width ×
	// height cells (the room left beside the side panel).
	FitConfig(cfg Config, width, height int) Config
}

// FitSize is FitConfig for views whose board grows with a "size" setting: cfg with the first
// of sizes (largest first) whose board, as boardSize draws it, fits width × height, or the
// last when none does.
func FitSize(boardSize func(Config) (int, int), cfg Config, sizes []int, width, height int) Config {
	out := cfg.Clone()
	out["size"] = sizes[len(sizes)-1]
	for _, n := range sizes {
		if w, h := boardSize(Config{"size": n}); w <= width && h <= height {
			out["size"] = n
			break
		}
	}
	return out
}

// Swatcher is implemented by views that tell seats apart by colour (DiceWars' owners): the
// side panel shows each seat's swatch before its name, the board's legend.
type Swatcher interface {
	// Swatch is seat's colour in p with the letter that stands for the seat where there is
	// no colour, always SwatchWidth cells wide.
	Swatch(seat int, p Palette) string
}

// SwatchWidth is the width of every swatch in terminal cells.
const SwatchWidth = 3

// Scaler is implemented by views that can draw one board larger than Board does, so that a
// large window shows a large board (DiceWars' map, cut from a grid of fixed size). Scale 0
// is Board's drawing and each further scale is larger; the lobby draws the largest that
// fits beside the side panel.
type Scaler interface {
	// Scales lists the board's size at each scale for st (width and height in terminal
	// cells), scale 0 first.
	Scales(st State) [][2]int
	// ScaledBoard draws st at scale k as Board does at scale 0.
	ScaledBoard(st State, seat int, p Palette, k int) string
}

// ScaledDraft is implemented by the drafts of a Scaler's view: the draft's board at scale k.
type ScaledDraft interface {
	ScaledBoard(p Palette, k int) string
}

// ScaleFor is the largest scale of v's board for st that fits width × height cells: 0 for a
// view that is no Scaler, or when none fits.
func ScaleFor(v View, st State, width, height int) int {
	sc, ok := v.(Scaler)
	if !ok || st == nil {
		return 0
	}
	best := 0
	for k, size := range sc.Scales(st) {
		if size[0] <= width && size[1] <= height {
			best = k
		}
	}
	return best
}

// Composer is implemented by views whose moves take more than one key, with a preview before
// each choice is final: War Hammer's action then hammer, an attack's area then its target.
// The lobby starts a Draft when a person's turn begins, gives it the person's keys and draws
// its board in place of the shared one. Views without it map one key to one action (Key).
type Composer interface {
	// Compose starts seat's move in st (st is not changed, and not kept beyond the draft).
	Compose(st State, seat int) Draft
}

// Draft is one person's move being composed: the choices made so far and what they would do.
// It belongs to one viewer, so it may draw what only that viewer sees.
type Draft interface {
	// Key takes one key. done is set with the finished action; used is false for a key the
	// draft does not take (the screen's own keys then apply).
	Key(key string) (a Action, done, used bool)
	// Board draws the board as View.Board does, with the preview of the current choice.
	Board(p Palette) string
	// Prompt says in one or two short lines what is being chosen, what the current choice
	// would do, and the keys.
	Prompt() string
}

// Speaker is implemented by views that say their sentences (status lines, prompts,
// headlines, the rules summary, what keys do) in a reader's language: In is the view
// speaking l, the same in every other way. A view without it speaks English.
type Speaker interface {
	In(l lang.Lang) View
}

// ViewIn is v speaking l where it can.
func ViewIn(v View, l lang.Lang) View {
	if s, ok := v.(Speaker); ok && v != nil {
		return s.In(l)
	}
	return v
}
