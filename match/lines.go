package match

import "github.com/arena-classroom/arena/games"

// The JSON lines of a batch (`arena match --json`): one per game, then a summary. A game
// with its own report (Scheme) extends them.

// GameLine is one game.
type GameLine struct {
	Type     string       `json:"type"`
	Index    int          `json:"index"`
	Game     string       `json:"game"`
	Seed     uint64       `json:"seed"`
	Config   games.Config `json:"config"`
	Seats    []string     `json:"seats"`
	Winner   *int         `json:"winner"`
	Ranks    []int        `json:"ranks"`
	Scores   []int        `json:"scores"`
	Shares   []float64    `json:"shares,omitempty"`
	Moves    int          `json:"moves"`
	Forfeit  *int         `json:"forfeit,omitempty"`
	Error    string       `json:"error,omitempty"`
	Defaults []int        `json:"defaults,omitempty"`
}

type BotLine struct {
	Name      string   `json:"name"`
	Games     int      `json:"games"`
	Wins      int      `json:"wins"`
	Draws     int      `json:"draws"`
	Losses    int      `json:"losses"`
	Forfeits  int      `json:"forfeits"`
	Defaults  int      `json:"defaults"`
	WinPct    float64  `json:"win_pct"`
	MeanShare *float64 `json:"mean_share"`
}

type PairLine struct {
	Config games.Config `json:"config"`
	A      string       `json:"a"`
	B      string       `json:"b"`
	Games  int          `json:"games"`
	AWins  int          `json:"a_wins"`
	BWins  int          `json:"b_wins"`
	Draws  int          `json:"draws"`
}

type SummaryLine struct {
	Type      string         `json:"type"`
	Game      string         `json:"game"`
	Seed      uint64         `json:"seed"`
	Games     int            `json:"games"`
	Void      int            `json:"void"`
	Configs   []games.Config `json:"configs"`
	Bots      []BotLine      `json:"bots"`
	Pairs     []PairLine     `json:"pairs,omitempty"`
	Seconds   float64        `json:"seconds"`
	GamesPerS float64        `json:"games_per_s"`
	// Sandbox says how the programs ran (sandbox.Policy.Describe, or "no sandbox"); empty
	// without programs.
	Sandbox string `json:"sandbox,omitempty"`
}

// NameWidth is the width of the widest entrant name, at least 3 ("bot"), for tables.
func NameWidth(ents []Entrant) int {
	w := 3
	for _, e := range ents {
		w = max(w, len(e.Name))
	}
	return w
}
