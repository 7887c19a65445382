package perfectaim

import "github.com/arena-classroom/arena/lang"

// Tile is upstream's Tile enum (gamegrid.py), values included: the overlap rule of tile_grid
// ("the largest tile on a cell shows") depends on them.
type Tile int8

const (
	Floor         Tile = 0
	Wall          Tile = 1
	Lava          Tile = 2
	DamagedFloor  Tile = 3
	SpeedBoost    Tile = 21
	SpeedPenalty  Tile = 22
	Coin          Tile = 23
	SuperFireball Tile = 24
	Shield        Tile = 25
	PlayerRed     Tile = 31
	PlayerBlue    Tile = 32
	PlayerYellow  Tile = 33
	PlayerGreen   Tile = 34
	Fireball      Tile = 41
)

var tileNames = map[Tile]string{
	Floor: "FLOOR", Wall: "WALL", Lava: "LAVA", DamagedFloor: "DAMAGED_FLOOR",
	SpeedBoost: "SPEEDBOOST", SpeedPenalty: "SPEEDPENALTY", Coin: "COIN",
	SuperFireball: "SUPER_FIREBALL", Shield: "SHIELD",
	PlayerRed: "PLAYER_RED", PlayerBlue: "PLAYER_BLUE", PlayerYellow: "PLAYER_YELLOW",
	PlayerGreen: "PLAYER_GREEN", Fireball: "FIREBALL",
}

// String is the upstream name ("DAMAGED_FLOOR"), as observations spell it.
func (t Tile) String() string {
	if s, ok := tileNames[t]; ok {
		return s
	}
	return "INVALID"
}

// IsFloor: FLOOR or DAMAGED_FLOOR (walkable, and where items may spawn).
func (t Tile) IsFloor() bool { return t == Floor || t == DamagedFloor }

// IsCollectible: one of the five items.
func (t Tile) IsCollectible() bool { return t >= SpeedBoost && t <= Shield }

// IsBonus: SPEEDBOOST, SUPER_FIREBALL or SHIELD (what regeneration counts).
func (t Tile) IsBonus() bool { return t == SpeedBoost || t == SuperFireball || t == Shield }

// IsPlayer: one of the four colours.
func (t Tile) IsPlayer() bool { return t >= PlayerRed && t <= PlayerGreen }

// IsDangerous is upstream's list: lava, damaged floor, players and fireballs (not walls).
func (t Tile) IsDangerous() bool {
	return t == Lava || t == DamagedFloor || t.IsPlayer() || t == Fireball
}

// Color is a player colour, in upstream's order (which is also the order of decisions at
// one instant).
type Color int8

const (
	Red Color = iota
	Blue
	Yellow
	Green
)

// NoColor marks "no player".
const NoColor Color = -1

var colorNames = [4]string{"RED", "BLUE", "YELLOW", "GREEN"}

// String is "RED", "BLUE", "YELLOW" or "GREEN".
func (c Color) String() string {
	if c < 0 || c > 3 {
		return "NONE"
	}
	return colorNames[c]
}

// Said is the colour's name in a reader's language: "RED", "ROUGE".
func (c Color) Said() lang.Text {
	switch c {
	case 0:
		return lang.T("RED")
	case 1:
		return lang.T("BLUE")
	case 2:
		return lang.T("YELLOW")
	case 3:
		return lang.T("GREEN")
	}
	return lang.T("NONE")
}

// Tile is the colour's player tile.
func (c Color) Tile() Tile { return PlayerRed + Tile(c) }
