package perfectaim

// Read-only accessors for house bots and views. Coordinates outside the board read as WALL.

// Size is the board width and height (21 except on hand-drawn boards).
func (s *State) Size() int { return s.size }

// TileAt is upstream's tile_grid[y][x]: fireball over player over item over background.
func (s *State) TileAt(x, y int) Tile {
	if !s.inside(x, y) {
		return Wall
	}
	return s.tileAt(x, y)
}

// Background is upstream's background[y][x]: FLOOR, WALL, LAVA or DAMAGED_FLOOR.
func (s *State) Background(x, y int) Tile {
	if !s.inside(x, y) {
		return Wall
	}
	return s.bg[y][x]
}

// Item is the item on a cell, 0 for none.
func (s *State) Item(x, y int) Tile {
	if !s.inside(x, y) {
		return 0
	}
	return s.item[y][x]
}

// PlayerAt is the colour of the player on a cell, NoColor for none.
func (s *State) PlayerAt(x, y int) Color {
	if !s.inside(x, y) {
		return NoColor
	}
	return Color(s.who[y][x] - 1)
}

// FireballsAt counts the fireballs on a cell.
func (s *State) FireballsAt(x, y int) int {
	if !s.inside(x, y) {
		return 0
	}
	return int(s.fbs[y][x])
}

// FireballInfo describes a fireball in flight.
type FireballInfo struct {
	X, Y   int
	Dir    Action // its direction, as a move
	Sender Color
}

// Fireballs lists the fireballs in flight, in creation order.
func (s *State) Fireballs() []FireballInfo {
	out := make([]FireballInfo, len(s.fires))
	for i, f := range s.fires {
		out[i] = FireballInfo{X: f.x, Y: f.y, Dir: moveOf(f.dir).Action(), Sender: f.sender}
	}
	return out
}

// PlayerInfo is a player's public state.
type PlayerInfo struct {
	Color   Color
	Seat    int
	Present bool // the colour takes part in this game
	Alive   bool
	X, Y    int
	SpeedQ  int64 // speed in quarters of an action per second (4 is 1/s)
	Coins   int
	Supers  int
	Shield  bool
	Action  Action  // current or last action
	DiedAt  Instant // meaningful when present and dead
}

// Player returns colour c's public state.
func (s *State) Player(c Color) PlayerInfo {
	p := &s.players[c]
	return PlayerInfo{Color: c, Seat: p.seat, Present: p.present, Alive: p.alive, X: p.x, Y: p.y,
		SpeedQ: p.speedQ, Coins: p.coins, Supers: p.supers, Shield: p.shield,
		Action: p.action.Action(), DiedAt: p.diedAt}
}

// Seats is the number of seats.
func (s *State) Seats() int { return len(s.seats) }

// SeatColor is the colour seat plays.
func (s *State) SeatColor(seat int) Color {
	if seat < 0 || seat >= len(s.seats) {
		return NoColor
	}
	return s.seats[seat]
}

// Deciding is the colour that must decide now, NoColor if none.
func (s *State) Deciding() Color { return s.deciding }

// Valid is upstream's is_action_valid for colour c now (false for a dead or absent colour).
func (s *State) Valid(c Color, a Action) bool {
	x, ok := a.code()
	if !ok || c < Red || c > Green || !s.players[c].alive {
		return false
	}
	return s.valid(c, x)
}

// CanAttack is upstream's can_player_attack for colour c.
func (s *State) CanAttack(c Color) bool {
	if c < Red || c > Green || !s.players[c].alive {
		return false
	}
	return s.canAttack(c)
}

// Steps is the number of simulation steps so far (for benchmarks and tests).
func (s *State) Steps() int { return s.steps }
