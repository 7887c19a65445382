package dicewars

import (
	"math/rand/v2"
	"slices"
	"strconv"

	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/games/chance"
	"github.com/arena-classroom/arena/lang"
)

// Rules constants (rules §3a).
const (
	MinPlayers   = 2
	MaxPlayers   = 8
	MaxDice      = 8   // an area holds at most 8 dice
	StockMax     = 64  // dice kept for later, at most
	RoundCap     = 200 // the game stops after this many rounds
	AttacksCap   = 1000
	DefaultAreas = 30
	MinAreas     = 4
	MaxAreas     = 48
)

// State is a DiceWars game. Areas are numbered 1..N; seats 0..players-1.
type State struct {
	m       Map
	owner   []int // owner[id-1]: the seat holding area id
	dice    []int
	order   []int // the seats in turn order (a random permutation)
	cur     int   // index in order of the seat to play
	stock   []int
	out     []int         // eliminated seats, first out first
	round   int           // rounds begun (1 at the start)
	attacks int           // attacks in the current turn
	rng     chance.Source // the map, the order, the deal, every die (docs/dicewars.md, Chance)
	capped  bool          // the round cap ended the game
}

// Chance domains (chance.Key): the game's stream, and the stream a position plays from.
const (
	gameDomain     = "dicewars/game"
	positionDomain = "dicewars/position"
)

// legacyStream is the second word of the PCG that games recorded before ChaCha8 drew from.
const legacyStream = 0xd1ce

// NewState deals a new game of n areas for players seats from seed (rules 3–5).
func NewState(areas, players int, seed uint64) (*State, error) {
	return newState(areas, players, chance.New(gameDomain, seed))
}

// NewLegacyState deals a game as NewState did before ChaCha8, from PCG: for the replays
// recorded then (replay format 1).
func NewLegacyState(areas, players int, seed uint64) (*State, error) {
	return newState(areas, players, chance.Legacy(seed, legacyStream))
}

func newState(areas, players int, src chance.Source) (*State, error) {
	if players < MinPlayers || players > MaxPlayers {
		return nil, lang.Errorf("DiceWars is played by %d to %d, not %d", games.Digits(MinPlayers), games.Digits(MaxPlayers), games.Digits(players))
	}
	if areas < 2*players || areas > MaxAreas {
		return nil, lang.Errorf("DiceWars: areas %d is out of range for %d players: %d..%d (two areas a player at least)", games.Digits(areas), games.Digits(players), games.Digits(2*players), games.Digits(MaxAreas))
	}
	s := &State{rng: src}
	rng := rand.New(&s.rng)
	m, err := Generate(areas, rng)
	if err != nil {
		return nil, err
	}
	s.deal(m, players, rng)
	return s, nil
}

// FromGraph deals a new game on a given area graph (adjacency lists of areas 1..N, no grid):
// tests and positions without cells.
func FromGraph(adj [][]int, players int, seed uint64) (*State, error) {
	if !connected(adj) {
		return nil, lang.Errorf("dicewars: the areas are not all connected")
	}
	s := &State{rng: chance.New(gameDomain, seed)}
	s.deal(Map{Adj: adj}, players, rand.New(&s.rng))
	return s, nil
}

// deal sets up the seats, areas and dice (rules 3–5).
func (s *State) deal(m Map, players int, rng *rand.Rand) {
	n := m.Areas()
	s.m = m
	s.order = rng.Perm(players)
	s.owner = make([]int, n)
	s.dice = make([]int, n)
	s.stock = make([]int, players)
	free := make([]int, n)
	for i := range free {
		free[i] = i + 1
	}
	for k := 0; len(free) > 0; k++ { // round-robin in seat order, a random free area each
		i := rng.IntN(len(free))
		s.owner[free[i]-1] = s.order[k%players]
		free = slices.Delete(free, i, i+1)
	}
	for i := range s.dice {
		s.dice[i] = 1
	}
	for k := 0; k < 2*n; k++ {
		s.addDie(s.order[k%players], rng)
	}
	s.round = 1
}

// addDie puts one die on a random area of seat with room for it; false if none has.
func (s *State) addDie(seat int, rng *rand.Rand) bool {
	var room []int
	for i, o := range s.owner {
		if o == seat && s.dice[i] < MaxDice {
			room = append(room, i)
		}
	}
	if len(room) == 0 {
		return false
	}
	s.dice[room[rng.IntN(len(room))]]++
	return true
}

// Areas is the number of areas.
func (s *State) Areas() int { return len(s.owner) }

// Owner is the seat holding area id (1..N).
func (s *State) Owner(id int) int { return s.owner[id-1] }

// Dice is the number of dice on area id.
func (s *State) Dice(id int) int { return s.dice[id-1] }

// Neighbours are the areas next to area id, in increasing order (shared: do not modify).
func (s *State) Neighbours(id int) []int { return s.m.Adj[id-1] }

// Map is the map the game is played on (Cells is nil for a game on a bare graph).
func (s *State) Map() Map { return s.m }

// Players is the number of seats.
func (s *State) Players() int { return len(s.stock) }

// Order is the seats in turn order.
func (s *State) Order() []int { return slices.Clone(s.order) }

// Stock is seat's dice kept for later.
func (s *State) Stock(seat int) int { return s.stock[seat] }

// Out are the eliminated seats, first out first.
func (s *State) Out() []int { return slices.Clone(s.out) }

// Round is the round being played (1 at the start).
func (s *State) Round() int { return s.round }

// Points is seat's largest group of connected areas (the seed's points[p]).
func (s *State) Points(seat int) int {
	seen := make([]bool, len(s.owner))
	best := 0
	for i, o := range s.owner {
		if o != seat || seen[i] {
			continue
		}
		size, stack := 0, []int{i + 1}
		seen[i] = true
		for len(stack) > 0 {
			a := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			size++
			for _, b := range s.m.Adj[a-1] {
				if !seen[b-1] && s.owner[b-1] == seat {
					seen[b-1] = true
					stack = append(stack, b)
				}
			}
		}
		best = max(best, size)
	}
	return best
}

// AreasOf counts seat's areas; TotalDice its dice on the board.
func (s *State) AreasOf(seat int) int {
	n := 0
	for _, o := range s.owner {
		if o == seat {
			n++
		}
	}
	return n
}

func (s *State) TotalDice(seat int) int {
	n := 0
	for i, o := range s.owner {
		if o == seat {
			n += s.dice[i]
		}
	}
	return n
}

// Turn is the seat to play (meaningful while the game goes on).
func (s *State) Turn() int { return s.order[s.cur] }

func (s *State) ToMove() []int {
	if s.Over() {
		return nil
	}
	return []int{s.order[s.cur]}
}

// Over: one player left, or the round cap reached.
func (s *State) Over() bool { return s.capped || len(s.out) >= len(s.stock)-1 }

// Action is an attack from one area to another, or the end of the turn (End).
type Action struct {
	From, To int // both 0 for End
}

// End ends the turn.
var End = Action{}

func (a Action) String() string {
	if a == End {
		return "end"
	}
	return "attack " + strconv.Itoa(a.From) + " " + strconv.Itoa(a.To)
}

// Legal lists seat's attacks, in area then neighbour order, then End.
func (s *State) Legal(seat int) []games.Action {
	if s.Over() || seat != s.Turn() {
		return nil
	}
	var out []games.Action
	if s.attacks < AttacksCap {
		for i, o := range s.owner {
			if o != seat || s.dice[i] < 2 {
				continue
			}
			for _, t := range s.m.Adj[i] {
				if s.owner[t-1] != seat {
					out = append(out, Action{i + 1, t})
				}
			}
		}
	}
	return append(out, End)
}

// Validate refuses, with the rule broken, an attack the rules do not allow.
func (s *State) Validate(seat int, a games.Action) error {
	if s.Over() || seat != s.Turn() {
		return games.ErrNotYourTurn
	}
	act, ok := a.(Action)
	if !ok {
		return games.IllegalT("malformed_action", lang.T("a DiceWars action is an attack or \"end\", not %v", a))
	}
	if act == End {
		return nil
	}
	n := len(s.owner)
	switch {
	case act.From < 1 || act.From > n:
		return games.IllegalT("unknown_area", lang.T("there is no area %d (areas are 1..%d)%s", games.Digits(act.From), games.Digits(n), games.CiteT(ruleMap)))
	case act.To < 1 || act.To > n:
		return games.IllegalT("unknown_area", lang.T("there is no area %d (areas are 1..%d)%s", games.Digits(act.To), games.Digits(n), games.CiteT(ruleMap)))
	case s.owner[act.From-1] != seat:
		return games.IllegalT("not_yours", lang.T("area %d is not yours: attack from your own areas%s", games.Digits(act.From), games.CiteT(ruleAttack)))
	case s.dice[act.From-1] < 2:
		return games.IllegalT("one_die", lang.T("area %d has one die: an attack needs at least 2%s", games.Digits(act.From), games.CiteT(ruleAttack)))
	case s.owner[act.To-1] == seat:
		return games.IllegalT("own_area", lang.T("area %d is yours: attack an enemy area%s", games.Digits(act.To), games.CiteT(ruleAttack)))
	case !slices.Contains(s.m.Adj[act.From-1], act.To):
		return games.IllegalT("not_adjacent", lang.T("area %d does not touch area %d%s", games.Digits(act.To), games.Digits(act.From), games.CiteT(ruleAttack)))
	case s.attacks >= AttacksCap:
		return games.IllegalT("too_many_attacks", lang.T("%s attacks in one turn is the limit: end your turn%s", strconv.Itoa(AttacksCap), games.CiteT(ruleAttack)))
	}
	return nil
}

// DefaultAction ends the turn (rules §3f: a refused attack ends the program's turn).
func (s *State) DefaultAction(int) games.Action { return End }

func (s *State) Apply(seat int, a games.Action) ([]games.Event, error) {
	if err := s.Validate(seat, a); err != nil {
		if _, ok := a.(Action); !ok || err == games.ErrNotYourTurn {
			return nil, err
		}
		a = End // an attack the rules refuse ends the turn
	}
	act := a.(Action)
	if act == End {
		return s.endTurn(), nil
	}
	return s.attack(act), nil
}

// BattleData details a "battle" event: every die of both sides, and whether the area fell.
// Its fields are named as Garden Tensions' "combat" event's (docs/positions.md): attack,
// defend, won.
type BattleData struct {
	From     int   `json:"from"`
	To       int   `json:"to"`
	Attacker int   `json:"attacker"`
	Defender int   `json:"defender"`
	Attack   []int `json:"attack"` // the attacker's dice
	Defend   []int `json:"defend"` // the defender's dice
	Won      bool  `json:"won"`    // the attacker took the area
}

// SupplyData details a "supply" event: the dice each area received, and the stock left.
type SupplyData struct {
	Points int         `json:"gain"`   // the largest group: the dice gained
	Added  map[int]int `json:"placed"` // area id → dice placed there
	Stock  int         `json:"stock"`  // what is left for later
}

func (s *State) roll(n int) ([]int, int) {
	rng := rand.New(&s.rng)
	rolls := make([]int, n)
	sum := 0
	for i := range rolls {
		rolls[i] = 1 + rng.IntN(6)
		sum += rolls[i]
	}
	return rolls, sum
}

// attack rolls the battle (rule 8) and eliminates a defender left with nothing (rule 9).
func (s *State) attack(a Action) []games.Event {
	s.attacks++
	att, def := s.owner[a.From-1], s.owner[a.To-1]
	rolls, sum := s.roll(s.dice[a.From-1])
	against, asum := s.roll(s.dice[a.To-1])
	d := BattleData{From: a.From, To: a.To, Attacker: att, Defender: def, Attack: rolls, Defend: against, Won: sum > asum}
	s.resolve(a, d.Won)
	// Every die, for everyone: "attacks 7 from 3: 6+4+1 = 11 against 5+5 = 10, takes it".
	text := lang.T("attacks %d from %d: %s against %s, takes it", games.Digits(a.To), games.Digits(a.From), diceText(rolls, sum), diceText(against, asum))
	if !d.Won { // ties go to the defender
		text = lang.T("attacks %d from %d: %s against %s, the defender holds", games.Digits(a.To), games.Digits(a.From), diceText(rolls, sum), diceText(against, asum))
	}
	events := []games.Event{games.Tell("battle", att, text, d)}
	if d.Won && s.AreasOf(def) == 0 {
		s.out = append(s.out, def)
		events = append(events, games.Tell("eliminated", def, lang.T("is out: %s place", games.OrdinalT(s.Players()-len(s.out)+1)), map[string]int{"order": len(s.out)}))
	}
	return events
}

// resolve applies a battle's result: the source keeps one die; a captured area changes owner
// and takes the rest.
func (s *State) resolve(a Action, won bool) {
	moved := s.dice[a.From-1] - 1
	s.dice[a.From-1] = 1
	if won {
		s.owner[a.To-1] = s.owner[a.From-1]
		s.dice[a.To-1] = moved
	}
}

// endTurn supplies the player (rule 10) and passes to the next (rule 11, 12's cap).
func (s *State) endTurn() []games.Event {
	seat := s.Turn()
	rng := rand.New(&s.rng)
	pts := s.Points(seat)
	s.stock[seat] = min(s.stock[seat]+pts, StockMax)
	added := map[int]int{}
	// The areas with room, in id order; one that fills up leaves the list in place, so that
	// each die goes where the rule's fresh scan would send it.
	var buf [MaxAreas]int
	room := buf[:0]
	for i, o := range s.owner {
		if o == seat && s.dice[i] < MaxDice {
			room = append(room, i)
		}
	}
	placed := 0
	for s.stock[seat] > 0 && len(room) > 0 {
		j := rng.IntN(len(room))
		i := room[j]
		s.dice[i]++
		added[i+1]++
		placed++
		s.stock[seat]--
		if s.dice[i] == MaxDice {
			room = slices.Delete(room, j, j+1)
		}
	}
	events := []games.Event{games.Tell("supply", seat,
		lang.T("ends the turn: %s added, %d kept", diceCount(placed), games.Digits(s.stock[seat])),
		SupplyData{Points: pts, Added: added, Stock: s.stock[seat]})}
	s.attacks = 0
	for k := 1; k <= len(s.order); k++ {
		next := (s.cur + k) % len(s.order)
		if s.AreasOf(s.order[next]) > 0 {
			if next <= s.cur {
				s.round++
			}
			s.cur = next
			break
		}
	}
	if s.round > RoundCap && !s.Over() {
		s.capped = true
		events = append(events, games.Tell("cap", -1, lang.T("the game stops after %d rounds", games.Digits(RoundCap)), nil))
	}
	return events
}

// Outcome ranks the players left first (by areas, then dice, at the round cap), then the
// eliminated in the reverse order of their elimination. The score is the areas held.
func (s *State) Outcome() games.Outcome {
	n := len(s.stock)
	o := games.Outcome{Ranks: make([]int, n), Scores: make([]int, n)}
	var alive []int
	for seat := range n {
		o.Scores[seat] = s.AreasOf(seat)
		if !slices.Contains(s.out, seat) {
			alive = append(alive, seat)
		}
	}
	key := func(seat int) [2]int { return [2]int{s.AreasOf(seat), s.TotalDice(seat)} }
	for _, a := range alive {
		rank := 1
		for _, b := range alive {
			ka, kb := key(a), key(b)
			if kb[0] > ka[0] || kb[0] == ka[0] && kb[1] > ka[1] {
				rank++
			}
		}
		o.Ranks[a] = rank
	}
	for i, seat := range s.out {
		o.Ranks[seat] = n - i
	}
	return o
}

func (s *State) Clone() games.State {
	c := *s
	c.owner = slices.Clone(s.owner)
	c.dice = slices.Clone(s.dice)
	c.order = slices.Clone(s.order)
	c.stock = slices.Clone(s.stock)
	c.out = slices.Clone(s.out)
	return &c // the map is shared: it never changes
}

// AreaView is one area as a seat sees it.
type AreaView struct {
	ID    int `json:"id"`
	Owner int `json:"owner"`
	Dice  int `json:"dice"`
}

// Observation is the bot protocol's obs: everything is public.
type Observation struct {
	You       int        `json:"you"`
	Order     []int      `json:"order"` // the seats in turn order
	Areas     []AreaView `json:"areas"`
	Adjacency [][]int    `json:"adjacency"` // adjacency[id-1]: the neighbours of area id
	Points    []int      `json:"points"`    // each seat's largest group of areas
	Stock     []int      `json:"stock"`     // each seat's dice kept for later
	Round     int        `json:"round"`
}

func (s *State) Observation(seat int) any {
	o := Observation{You: seat, Order: slices.Clone(s.order), Adjacency: s.m.Adj, Stock: slices.Clone(s.stock), Round: s.round}
	for i := range s.owner {
		o.Areas = append(o.Areas, AreaView{ID: i + 1, Owner: s.owner[i], Dice: s.dice[i]})
	}
	for p := range s.stock {
		o.Points = append(o.Points, s.Points(p))
	}
	return o
}

// Arrange sets owners and dice on a game (tests, exercises): s itself, changed.
func Arrange(s *State, owner, dice []int) *State {
	copy(s.owner, owner)
	copy(s.dice, dice)
	return s
}

// diceCount says "1 die", "5 dice".
func diceCount(n int) lang.Text { return lang.T("%d dice", games.Digits(n)) }

// diceText is "6+4+1 = 11", or "6" for one die.
func diceText(rolls []int, sum int) string {
	if len(rolls) == 1 {
		return strconv.Itoa(sum)
	}
	b := make([]byte, 0, 2*len(rolls)+6)
	for i, r := range rolls {
		if i > 0 {
			b = append(b, '+')
		}
		b = strconv.AppendInt(b, int64(r), 10)
	}
	b = append(b, " = "...)
	return string(strconv.AppendInt(b, int64(sum), 10))
}
