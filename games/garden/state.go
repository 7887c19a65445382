package garden

import (
	"math/rand/v2"

	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/games/chance"
	"github.com/arena-classroom/arena/lang"
)

// Rules constants (rules/garden.md §4a, defaults included).
const (
	Players           = 2
	MaxCreatures      = 5 // a cell holds 1..5 creatures (rule 5)
	StartCreatures    = 3 // on each start cell (rule 4)
	ActionsPerTurn    = 5 // conquest actions a turn (rule 6)
	AbilityCost       = 8 // conquest points a clan ability costs (rule 13)
	BaseReinforcement = 3 // M (rule 15)
	ZoneBonus         = 2 // N, a controlled zone (rule 15)
	CandyBonus        = 3 // K (rule 12)
	PowerKills        = 3 // creatures a BBQ or Pool kills at most (rule 11)
	PillageSteal      = 2 // resources a pillage steals at most (rule 13)
	PoisonTicks       = 3 // turns a poison ticks (rule 14)
	ImmobileTurns     = 2 // the owner's turns an IMMOBILE cell is stuck (rule 13)
	// ForgedTurnEnds: FORGED lasts until the end of the caster's next turn, that is three turn
	// ends counted from the caster's own turn (rule 13).
	ForgedTurnEnds = 3
	DefaultRounds  = 50 // the round cap (rule 16)
	MinRounds      = 5
	MaxRounds      = 200
)

// Chance domains (chance.Key): the game's stream, and the stream a position plays from.
const (
	gameDomain     = "garden/game"
	positionDomain = "garden/position"
)

// legacyStream is the second word of the PCG that games recorded before ChaCha8 drew from.
const legacyStream = 0x9a2de5

// Phase is the part of the game or turn a decision belongs to.
type Phase int8

const (
	// ChoosingClans: each seat picks its clan, first player first (rule 3).
	ChoosingClans Phase = iota
	Conquest
	Reinforcement
)

var phaseNames = [...]string{"clan", "conquest", "reinforcement"}

func (p Phase) String() string { return phaseNames[p] }

// Player is one seat's clan and holdings.
type Player struct {
	Clan    Clan
	Stock   [NumResources]int // by Resource
	Points  int               // conquest points
	Pending int               // creatures to place: deported ones wait here for the next reinforcement
}

// State is a game of Garden Tensions. It is a value of fixed size: Clone is one copy.
type State struct {
	cells       [NumCells]Cell
	players     [Players]Player
	first       int // the seat that plays the first turn (rule 4: random)
	toMove      int
	phase       Phase
	actionsLeft int
	turn        int // players' turns begun: 1 is the first player's first turn, 0 while clans are chosen
	rounds      int // the round cap
	capped      bool
	// force, when not 0, decides the next combat instead of the dice (forceWin, forceLoss):
	// search bots weigh both outcomes with Chances.
	force int8
	rng   chance.Source // docs/garden.md, Chance
}

const (
	forceWin  = 1
	forceLoss = 2
)

// NewState deals a new game (rules 2 and 4) capped at rounds rounds.
func NewState(rounds int, seed uint64) *State {
	return newState(rounds, chance.New(gameDomain, seed))
}

// NewLegacyState deals a game as NewState did before ChaCha8, from PCG: for the replays
// recorded then (replay format 1).
func NewLegacyState(rounds int, seed uint64) *State {
	return newState(rounds, chance.Legacy(seed, legacyStream))
}

func newState(rounds int, src chance.Source) *State {
	s := &State{rounds: rounds, rng: src}
	rng := rand.New(&s.rng)
	s.first = rng.IntN(Players)
	s.toMove = s.first
	free := make([]Hex, 0, NumCells)
	for h := range Hex(NumCells) {
		s.cells[h].Owner = -1
		if h != startHex[0] && h != startHex[1] {
			free = append(free, h)
		}
	}
	for _, k := range []Kind{Sky, Candy, BBQ, Pool} {
		i := rng.IntN(len(free))
		s.cells[free[i]].Kind = k
		free = append(free[:i], free[i+1:]...)
	}
	for h := range s.cells {
		c := &s.cells[h]
		if c.Kind == Simple {
			c.Terrain = Terrain(rng.IntN(int(NumTerrains)))
			c.Resource = Resource(rng.IntN(int(NumResources)))
			c.Yield = int8(rng.IntN(3))
		}
	}
	for seat, h := range startHex {
		s.cells[h].Owner, s.cells[h].Creatures = int8(seat), StartCreatures
	}
	return s
}

// Accessors for bots, views and tests.

// Cell is cell h as it stands.
func (s *State) Cell(h Hex) Cell { return s.cells[h] }

// Player is seat's clan and holdings.
func (s *State) Player(seat int) Player { return s.players[seat] }

// First is the seat that played the first turn.
func (s *State) First() int { return s.first }

// Turn is the seat to decide now (meaningful while the game goes on).
func (s *State) Turn() int { return s.toMove }

// Phase is the part of the turn being played.
func (s *State) Phase() Phase { return s.phase }

// ActionsLeft is the conquest actions left this turn.
func (s *State) ActionsLeft() int { return s.actionsLeft }

// TurnNumber counts the players' turns begun (0 while clans are chosen).
func (s *State) TurnNumber() int { return s.turn }

// Round is the round being played: two turns a round.
func (s *State) Round() int { return (s.turn + 1) / 2 }

// Rounds is the round cap.
func (s *State) Rounds() int { return s.rounds }

// CellsOf counts seat's cells; CreaturesOf its creatures; SpecialsOf its special cells.
func (s *State) CellsOf(seat int) int {
	n := 0
	for i := range s.cells {
		if int(s.cells[i].Owner) == seat {
			n++
		}
	}
	return n
}

func (s *State) CreaturesOf(seat int) int {
	n := 0
	for i := range s.cells {
		if int(s.cells[i].Owner) == seat {
			n += int(s.cells[i].Creatures)
		}
	}
	return n
}

func (s *State) SpecialsOf(seat int) int {
	n := 0
	for i := range s.cells {
		if int(s.cells[i].Owner) == seat && s.cells[i].Kind != Simple {
			n++
		}
	}
	return n
}

// Owns reports whether seat holds the special cell of kind k.
func (s *State) Owns(seat int, k Kind) bool {
	for i := range s.cells {
		if s.cells[i].Kind == k && int(s.cells[i].Owner) == seat {
			return true
		}
	}
	return false
}

// Zones counts the terrains of which seat owns every cell (rule 15); a terrain no cell has
// is nobody's zone.
func (s *State) Zones(seat int) int {
	var total, held [NumTerrains]int
	for i := range s.cells {
		c := &s.cells[i]
		if c.Kind != Simple {
			continue
		}
		total[c.Terrain]++
		if int(c.Owner) == seat {
			held[c.Terrain]++
		}
	}
	n := 0
	for t := range total {
		if total[t] > 0 && held[t] == total[t] {
			n++
		}
	}
	return n
}

// touchesOwn reports whether h is next to a cell of seat's.
func (s *State) touchesOwn(seat int, h Hex) bool {
	for _, n := range neighbours[h] {
		if int(s.cells[n].Owner) == seat {
			return true
		}
	}
	return false
}

func (s *State) ToMove() []int {
	if s.Over() {
		return nil
	}
	return []int{s.toMove}
}

// Over: a player holds no cell (rule 16), or the round cap was reached.
func (s *State) Over() bool {
	if s.capped {
		return true
	}
	if s.phase == ChoosingClans {
		return false
	}
	var held [Players]bool
	for i := range s.cells { // one pass: search bots ask at every node
		if o := s.cells[i].Owner; o >= 0 {
			held[o] = true
		}
	}
	return !held[0] || !held[1]
}

// Outcome: a player left without a cell loses (both: a draw); at the round cap more cells
// win, then more creatures, else a draw. The score is the cells held.
func (s *State) Outcome() games.Outcome {
	o := games.Outcome{Ranks: []int{1, 1}, Scores: []int{s.CellsOf(0), s.CellsOf(1)}}
	key := func(seat int) [2]int { return [2]int{s.CellsOf(seat), s.CreaturesOf(seat)} }
	a, b := key(0), key(1)
	switch {
	case a[0] == 0 || b[0] == 0: // elimination: cells alone decide
		if a[0] < b[0] {
			o.Ranks[0] = 2
		} else if b[0] < a[0] {
			o.Ranks[1] = 2
		}
	case a[0] < b[0] || a[0] == b[0] && a[1] < b[1]:
		o.Ranks[0] = 2
	case b[0] < a[0] || a[0] == b[0] && b[1] < a[1]:
		o.Ranks[1] = 2
	}
	return o
}

func (s *State) Clone() games.State {
	c := *s
	return &c
}

// Copy is Clone with its concrete type, for search bots.
func (s *State) Copy() *State {
	c := *s
	return &c
}

// DefaultAction: a random free clan while clans are chosen (rule 3: a clan already taken
// gets a random other), else "end" — a refused command ends the phase.
func (s *State) DefaultAction(int) games.Action {
	if s.phase == ChoosingClans {
		return ClanAction(NoClan)
	}
	return EndAction
}

// Apply plays a for seat. A well-formed command the rules refuse plays the default instead,
// as the referee would; an action of another game, or from a seat not to move, is an error.
func (s *State) Apply(seat int, a games.Action) ([]games.Event, error) {
	act, ok := a.(Action)
	if !ok {
		return nil, illegal("malformed_action", lang.T("a Garden Tensions action is a command string, not %v", a))
	}
	if err := s.Validate(seat, act); err != nil {
		if err == games.ErrNotYourTurn {
			return nil, err
		}
		act = s.DefaultAction(seat).(Action)
	}
	return s.apply(seat, act), nil
}

// apply plays a validated action.
func (s *State) apply(seat int, a Action) []games.Event {
	switch a.Verb {
	case ClanChoice:
		return s.chooseClan(seat, a.Clan)
	case End:
		if s.phase == Conquest {
			return s.beginReinforcement()
		}
		return s.finishTurn(s.dropPending())
	case Place:
		return s.place(seat, a.To)
	}
	s.actionsLeft--
	var ev []games.Event
	switch a.Verb {
	case Move:
		ev = s.move(seat, a.From, a.To)
	case SkyAttack:
		ev = s.sky(seat, a.From, a.To)
	case BBQPower, PoolPower:
		ev = s.power(seat, a.Verb, a.To)
	case Pillage:
		ev = s.pillage(seat, a.To)
	case Zone:
		ev = s.zone(seat, a.From, a.To)
	}
	return s.checkElimination(ev)
}

// chooseClan gives seat its clan; once both have one, the first turn begins.
func (s *State) chooseClan(seat int, c Clan) []games.Event {
	other := 1 - seat
	if c == NoClan { // drawn among the free ones
		var free []Clan
		for _, k := range Clans {
			if k != s.players[other].Clan {
				free = append(free, k)
			}
		}
		c = free[rand.New(&s.rng).IntN(len(free))]
	}
	s.players[seat].Clan = c
	ev := []games.Event{event("clan", seat, lang.T("leads the %s", c.Said()), map[string]string{"clan": c.String()})}
	if s.players[other].Clan == NoClan {
		s.toMove = other
		return ev
	}
	return append(ev, s.startTurn(s.first)...)
}

// checkElimination appends the end of the game to ev when a player holds no cell.
func (s *State) checkElimination(ev []games.Event) []games.Event {
	if !s.Over() {
		return ev
	}
	for seat := range Players {
		if s.CellsOf(seat) == 0 {
			ev = append(ev, event("eliminated", seat, lang.T("has no cell left"), nil))
		}
	}
	return ev
}
