package sevencolors

import (
	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/lang"
)

// Describe says what 7 Colors is: one setting, and its bot protocol.
func (game) Describe() games.Description {
	return games.Description{
		Settings: []games.Setting{{Key: "size", Doc: lang.N("the board is size×size cells"), Min: MinSize, Max: MaxSize, Default: DefaultSize}},
		Protocol: &protocol,
	}
}

var protocol = games.Protocol{
	SeedPublic: true,
	Obs: lang.N(`{"size": N, "you": 1 or 2, "board": [[N ints], … N rows]}
  you      your player code: 1 is '^' (starts bottom-left, moves first),
           2 is 'v' (starts top-right)
  board    board[y][x], rows top to bottom, x left to right, as codes: 0 empty,
           1 player 1, 2 player 2, 3..9 the colours A..G (RED GREEN BLUE YELLOW
           MAGENTA CYAN WHITE)
`),
	Legal: lang.N(`the colours 3..9 that capture at least one cell; when none does, all of 3..9
(every one is then a lost turn, but there is always something to send)
`),
	Action: lang.N(`an integer colour 3..9: every cell of that colour touching your territory
joins it, repeatedly (a flood through that colour only)
`),
	Default: lang.N(`0, a lost turn (the board does not change); so is a colour that touches
nothing, or either player's own code
`),
	Rules: lang.N(`the start: player 1 holds the bottom-left cell, player 2 the top-right one; the
others are colours 3..9 drawn from the seed. Player 1 moves first; turns alternate.
the end, after every move: a player holding more than half the board (2·cells > N²)
wins at once; otherwise, when neither player touches a colour 3..9, more cells win
(equal: a draw); otherwise after 4·N² moves (lost turns included) the counts decide.
There is no enclosure rule. The score is the cells held.
`),
	Pitfalls: lang.N(`"you" is your player code, 1 or 2, not your seat: seat 0 is player 1, seat 1
player 2, and the board holds codes 1 and 2 for the players' cells. Cells are
(x, y), x the column and y the row from the top-left corner, read board[y][x].
Colours are 3..9 (A..G), not 0..6 or letters; 0 is no colour (a lost turn).
`),
	ExampleConfig:  games.Config{"size": 5},
	ExampleSeed:    42,
	ExampleIllegal: 1,
}
