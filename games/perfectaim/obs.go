package perfectaim

// Obs is a seat's observation, the bot protocol's "obs" (docs/bots.md): upstream's names and
// encodings, grids indexed [y][x], times and speeds as exact "num/den". Fireballs is an
// addition to the protocol's list: upstream bots read fireball directions and senders from
// entity_grid, which tile_grid does not show.
type Obs struct {
	T          string        `json:"t"`
	Size       int           `json:"size"`
	You        *PlayerObs    `json:"you"` // null for spectators
	TileGrid   [][]string    `json:"tile_grid"`
	Background [][]string    `json:"background"`
	Players    []PlayerObs   `json:"players"` // the living, in colour order (player_entities)
	Fireballs  []FireballObs `json:"fireballs"`
}

// PlayerObs is one player as upstream's Player properties show it.
type PlayerObs struct {
	Color          string `json:"color"` // "RED", …
	X              int    `json:"x"`
	Y              int    `json:"y"`
	Speed          string `json:"speed"` // actions per second, "num/den"
	Coins          int    `json:"coins"`
	SuperFireballs int    `json:"super_fireballs"`
	Shield         bool   `json:"shield"`
	Action         string `json:"action"` // current or last action ("WAIT", …)
}

// FireballObs is one fireball in flight.
type FireballObs struct {
	X      int    `json:"x"`
	Y      int    `json:"y"`
	Action string `json:"action"` // its direction as a move: "MOVE_UP", …
	Sender string `json:"sender"` // "RED", …
}

// Observation is what seat sees (-1: a spectator). Everything is public in Perfect Aim.
func (s *State) Observation(seat int) any { return s.Obs(seat) }

// Obs is Observation with the concrete type.
func (s *State) Obs(seat int) Obs {
	o := Obs{T: s.t.String(), Size: s.size, TileGrid: make([][]string, s.size),
		Background: make([][]string, s.size), Players: []PlayerObs{}, Fireballs: []FireballObs{}}
	for y := 0; y < s.size; y++ {
		o.TileGrid[y] = make([]string, s.size)
		o.Background[y] = make([]string, s.size)
		for x := 0; x < s.size; x++ {
			o.TileGrid[y][x] = s.tileAt(x, y).String()
			o.Background[y][x] = s.bg[y][x].String()
		}
	}
	for c := Red; c <= Green; c++ {
		if p := &s.players[c]; p.alive {
			o.Players = append(o.Players, s.playerObs(c))
		}
	}
	if seat >= 0 && seat < len(s.seats) {
		you := s.playerObs(s.seats[seat])
		o.You = &you
	}
	for _, f := range s.fires {
		o.Fireballs = append(o.Fireballs, FireballObs{X: f.x, Y: f.y, Action: string(moveOf(f.dir).Action()), Sender: f.sender.String()})
	}
	return o
}

func (s *State) playerObs(c Color) PlayerObs {
	p := &s.players[c]
	return PlayerObs{Color: c.String(), X: p.x, Y: p.y, Speed: At(p.speedQ, 4).String(), Coins: p.coins,
		SuperFireballs: p.supers, Shield: p.shield, Action: string(p.action.Action())}
}
