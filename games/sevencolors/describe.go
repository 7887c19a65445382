package sevencolors

import "github.com/arena-classroom/arena/games"

// Describe says what 7 Colors is: one setting, and its bot protocol.
func (game) Describe() games.Description {
	return games.Description{
		Settings: []games.Setting{{Key: "size", Doc: "the board is size×size cells", Min: MinSize, Max: MaxSize, Default: DefaultSize}},
		Protocol: &protocol,
	}
}

var protocol = games.Protocol{
	SeedPublic: true,
	Obs: `{"size": N, "you": 1 or 2, "board": [[N ints], … N rows]}
  you      your player code: 1 is '^' (starts bottom-left, moves first),
           2 is 'v' (starts top-right)
  board    board[y][x], rows top to bottom, x left to right, as codes: 0 empty,
           1 player 1, 2 player 2, 3..9 the colours A..G (RED GREEN BLUE YELLOW
           MAGENTA CYAN WHITE)
`,
	Legal: `the colours 3..9 that capture at least one cell; when none does, all of 3..9
(every one is then a lost turn, but there is always something to send)
`,
	Action: `an integer colour 3..9: every cell of that colour touching your territory
joins it, repeatedly (a flood through that colour only)
`,
	Default: `0, a lost turn (the board does not change); so is a colour that touches
nothing, or either player's own code
`,
	ExampleConfig:  games.Config{"size": 5},
	ExampleSeed:    42,
	ExampleIllegal: 1,
}
