package garden

// Kind is what a cell is: a simple cell, or one of the four special cells (rule 2).
type Kind int8

const (
	Simple Kind = iota
	Sky
	Candy
	BBQ
	Pool
)

// kindNames are the kinds as positions and observations write them.
var kindNames = [...]string{"simple", "sky", "candy", "bbq", "pool"}

func (k Kind) String() string { return kindNames[k] }

// Terrain is a simple cell's ground; each terrain is a zone (rule 15).
type Terrain int8

const (
	Grass Terrain = iota
	Sand
	Dirt
	NumTerrains
)

var terrainNames = [...]string{"grass", "sand", "dirt"}

func (t Terrain) String() string { return terrainNames[t] }

// Resource is what a simple cell yields, and an index into a player's stocks.
type Resource int8

const (
	Food Resource = iota
	Metal
	Stone
	Wood
	NumResources
)

var resourceNames = [...]string{"food", "metal", "stone", "wood"}

func (r Resource) String() string { return resourceNames[r] }

// Status is a cell's lasting state (rule 5); FORGED and IMMOBILE are separate timed flags.
type Status int8

const (
	Normal Status = iota
	Poisoned
	Protected
)

var statusNames = [...]string{"normal", "poisoned", "protected"}

func (s Status) String() string { return statusNames[s] }

// Clan is a player's clan (rule 3); NoClan until it is chosen.
type Clan int8

const (
	NoClan Clan = iota
	Cooks
	Blacksmiths
	Miners
	Lumberjacks
	NumClans = 4
)

var clanNames = [...]string{"", "cooks", "blacksmiths", "miners", "lumberjacks"}

func (c Clan) String() string { return clanNames[c] }

// Resource is what the clan's pillage steals (rule 13).
func (c Clan) Resource() Resource {
	return [...]Resource{Food, Food, Metal, Stone, Wood}[c]
}

// Clans lists the four clans in order.
var Clans = [NumClans]Clan{Cooks, Blacksmiths, Miners, Lumberjacks}

// clanByName reads a clan's name (NoClan, false for anything else).
func clanByName(name string) (Clan, bool) {
	for _, c := range Clans {
		if c.String() == name {
			return c, true
		}
	}
	return NoClan, false
}

// Cost is what entering a special cell or using its power takes (rule 8: Sky 5 metal, Candy
// 3 food, BBQ 3 stone, Pool 3 wood); a simple cell costs nothing.
type Cost struct {
	Resource Resource
	Amount   int
}

var specialCosts = [...]Cost{Simple: {}, Sky: {Metal, 5}, Candy: {Food, 3}, BBQ: {Stone, 3}, Pool: {Wood, 3}}

// CostOf is kind's cost (Amount 0 for a simple cell).
func CostOf(k Kind) Cost { return specialCosts[k] }

// Cell is one cell of the garden: what it is (fixed for the game) and who holds it.
type Cell struct {
	Kind     Kind
	Terrain  Terrain  // simple cells only
	Resource Resource // simple cells only
	Yield    int8     // simple cells only: 0..2 a turn

	Owner     int8 // a seat, or -1 for an empty cell
	Creatures int8 // 0..5; 0 exactly when Owner is -1
	Status    Status
	Timer     int8 // poison ticks left while Poisoned
	Forged    int8 // turn ends left of FORGED (d9 in combat), 0 for none
	Immobile  int8 // its owner's turns left of IMMOBILE, 0 for none
}

// Empty reports whether no creature is on the cell.
func (c Cell) Empty() bool { return c.Creatures == 0 }

// DieSides is the die rolled by the cell's creatures in combat: d9 on a FORGED cell (rule 9).
func (c Cell) DieSides() int {
	if c.Forged > 0 {
		return 9
	}
	return 6
}
