// Package warhammer is the rules engine of War Hammer arena (docs/rules/warhammer.md): 2 to 8
// players on an octagon of cells that lose hit points, each turn throwing a grenade or taking
// a step, then bringing a hammer down; a player standing on a destroyed cell dies, and the
// last one standing wins. Pure and deterministic: the only chance, who plays first, is drawn
// from the game's seed.
package warhammer

import (
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/arena-classroom/arena/games"
)

// Rules constants (docs/rules/warhammer.md §1).
const (
	DefaultSize  = 19
	MinSize      = 7
	MaxSize      = 35
	MinPlayers   = 2
	MaxPlayers   = 8
	InitialHP    = 4 // every playable cell's HP at the start
	GrenadeRange = 5
	Codes        = 96 // actions are 0..95: 8·first + hammer
)

// Directions in the seed's order: R, UR, U, UL, L, DL, D, DR, as (row, column) steps.
var Directions = [8][2]int{{0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}, {1, 0}, {1, 1}}

// DirectionNames name Directions for people.
var DirectionNames = [8]string{"right", "up-right", "up", "up-left", "left", "down-left", "down", "down-right"}

// Player is one seat's piece.
type Player struct {
	Alive    bool
	Row, Col int
}

// State is a War Hammer game in progress.
type State struct {
	size    int
	hp      []int // size×size, row-major
	players []Player
	turn    int   // the seat to play; meaningless once over
	deaths  []int // seats in the order they died
}

// NewState starts a game on the octagon for n players; the first player is drawn from seed.
func NewState(size, n int, seed uint64) (*State, error) {
	if size < MinSize || size > MaxSize {
		return nil, fmt.Errorf("War Hammer: size %d is out of range %d..%d", size, MinSize, MaxSize)
	}
	if n < MinPlayers || n > MaxPlayers {
		return nil, fmt.Errorf("War Hammer is played by %d to %d players, not %d", MinPlayers, MaxPlayers, n)
	}
	s := &State{size: size, hp: make([]int, size*size), players: make([]Player, n)}
	for r := range size {
		for c := range size {
			if min(r, size-1-r)+min(c, size-1-c) >= size/3 {
				s.hp[r*size+c] = InitialHP
			}
		}
	}
	for k := range n {
		row, col := Spawn(size, n, k)
		s.players[k] = Player{Alive: true, Row: row, Col: col}
	}
	s.turn = rand.New(rand.NewPCG(seed, 0x7a4d)).IntN(n)
	return s, nil
}

// Spawn is player k's start of n on a size board: the reference's float64 formula, the
// whole sum truncated toward zero as C's int conversion does (its quirk kept: at 19×19 with
// 4 players, (2,8) rather than (2,9), cos(3π/2) being a hair below 0).
func Spawn(size, n, k int) (row, col int) {
	half := float64(size / 2)
	radius := half - 2
	angle := 2 * math.Pi * float64(k) / float64(n)
	return int(half + radius*math.Sin(angle)), int(half + radius*math.Cos(angle))
}

// Size is the board's width.
func (s *State) Size() int { return s.size }

// HP is cell (row, col)'s hit points.
func (s *State) HP(row, col int) int { return s.hp[row*s.size+col] }

// Players returns the players in seat order (a copy).
func (s *State) Players() []Player { return append([]Player(nil), s.players...) }

// Deaths lists the seats in the order they died (a copy).
func (s *State) Deaths() []int { return append([]int(nil), s.deaths...) }

// Turn is the seat to play.
func (s *State) Turn() int { return s.turn }

func (s *State) inside(r, c int) bool { return r >= 0 && c >= 0 && r < s.size && c < s.size }

// occupied reports whether a living player stands on (r, c).
func (s *State) occupied(r, c int) bool {
	for _, p := range s.players {
		if p.Alive && p.Row == r && p.Col == c {
			return true
		}
	}
	return false
}

func (s *State) alive() int {
	n := 0
	for _, p := range s.players {
		if p.Alive {
			n++
		}
	}
	return n
}

func (s *State) damage(r, c, by int) {
	if s.inside(r, c) {
		i := r*s.size + c
		s.hp[i] = max(0, s.hp[i]-by)
	}
}

func (s *State) kill(seat int) games.Event {
	s.players[seat].Alive = false
	s.deaths = append(s.deaths, seat)
	return games.Event{Type: "death", Seat: seat, Text: fmt.Sprintf("dies at (%d,%d)", s.players[seat].Row, s.players[seat].Col),
		Data: map[string]int{"row": s.players[seat].Row, "col": s.players[seat].Col}}
}

// ToMove lists the seat to play, none once the game is over.
func (s *State) ToMove() []int {
	if s.Over() {
		return nil
	}
	return []int{s.turn}
}

// Over: at most one player is alive.
func (s *State) Over() bool { return s.alive() <= 1 }

// Legal lists every code 0..95: each is a move the rules accept (many are fatal).
func (s *State) Legal(seat int) []games.Action {
	if s.Over() || seat != s.turn {
		return nil
	}
	out := make([]games.Action, Codes)
	for a := range Codes {
		out[a] = a
	}
	return out
}

// Validate accepts the codes 0..95 of the seat to play.
func (s *State) Validate(seat int, a games.Action) error {
	if s.Over() || seat != s.turn {
		return games.ErrNotYourTurn
	}
	code, ok := a.(int)
	if !ok {
		return games.Illegal("malformed_action", "an action is a code 0..95, not %v", a)
	}
	if code < 0 || code >= Codes {
		return games.Illegal("invalid_code", "code %d is outside 0..95: an invalid action kills its player", code)
	}
	return nil
}

// DefaultAction is an invalid code: the rules make a late, missing or invalid answer a death.
func (s *State) DefaultAction(int) games.Action { return -1 }

// Apply plays a for seat: any integer (outside 0..95 the player dies, as the rules say).
func (s *State) Apply(seat int, a games.Action) ([]games.Event, error) {
	if s.Over() || seat != s.turn {
		return nil, games.ErrNotYourTurn
	}
	code, ok := a.(int)
	if !ok {
		return nil, fmt.Errorf("War Hammer: an action is an int, not %T", a)
	}
	events := s.act(seat, code)
	events = append(events, s.endOfTurn()...)
	s.advance()
	return events, nil
}

// act plays the two choices of a turn (rules 7–11).
func (s *State) act(seat, code int) []games.Event {
	if code < 0 || code >= Codes {
		return []games.Event{s.kill(seat)}
	}
	events, alive := s.first(seat, code/8)
	if !alive {
		return events
	}
	return append(events, s.hammer(seat, code%8))
}

// first plays the first choice (a grenade, 0..3, or a step, 4..11) and the check after it
// (rule 10); alive is false when it killed the actor.
func (s *State) first(seat, first int) (events []games.Event, alive bool) {
	p := &s.players[seat]
	if first < 4 { // a grenade: right, up, left, down
		d := Directions[2*first]
		lr, lc := p.Row, p.Col
		for k := 1; k <= GrenadeRange; k++ {
			r, c := p.Row+k*d[0], p.Col+k*d[1]
			if !s.inside(r, c) || s.occupied(r, c) {
				break
			}
			lr, lc = r, c
		}
		s.damage(lr, lc, InitialHP)
		for _, n := range [4][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
			s.damage(lr+n[0], lc+n[1], InitialHP/2)
		}
		s.damage(p.Row, p.Col, 1)
		events = append(events, games.Event{Type: "grenade", Seat: seat,
			Text: fmt.Sprintf("throws a grenade %s: it lands at (%d,%d)", DirectionNames[2*first], lr, lc),
			Data: map[string]int{"row": lr, "col": lc}})
	} else { // a step
		d := Directions[first-4]
		r, c := p.Row+d[0], p.Col+d[1]
		if !s.inside(r, c) || s.occupied(r, c) {
			return append(events, s.kill(seat)), false
		}
		s.damage(p.Row, p.Col, 1)
		p.Row, p.Col = r, c
		events = append(events, games.Event{Type: "move", Seat: seat,
			Text: fmt.Sprintf("steps %s to (%d,%d)", DirectionNames[first-4], r, c), Data: map[string]int{"row": r, "col": c}})
	}
	if s.HP(p.Row, p.Col) == 0 { // rule 10: standing on a hole
		return append(events, s.kill(seat)), false
	}
	return events, true
}

// hammer plays the second choice (rule 11).
func (s *State) hammer(seat, dir int) games.Event {
	p := s.players[seat]
	d := Directions[dir]
	r, c := p.Row+d[0], p.Col+d[1]
	if !s.inside(r, c) || s.HP(r, c) == 0 { // the hammer needs a cell to hit
		return s.kill(seat)
	}
	s.hp[r*s.size+c] = 0
	return games.Event{Type: "hammer", Seat: seat,
		Text: fmt.Sprintf("brings the hammer down %s on (%d,%d)", DirectionNames[dir], r, c), Data: map[string]int{"row": r, "col": c}}
}

// AfterFirst is a copy of the game after the seat to play made first choice first (0..11),
// before its hammer, and whether it is still alive then (for bots that look one step ahead).
func (s *State) AfterFirst(first int) (next *State, alive bool) {
	next = s.Clone().(*State)
	_, alive = next.first(s.turn, first)
	return next, alive
}

// Alive reports whether seat is alive.
func (s *State) Alive(seat int) bool { return s.players[seat].Alive }

// Inside reports whether (row, col) is on the board.
func (s *State) Inside(row, col int) bool { return s.inside(row, col) }

// Occupied reports whether a living player stands on (row, col).
func (s *State) Occupied(row, col int) bool { return s.occupied(row, col) }

// endOfTurn: players on destroyed cells die, in seat order, until one is left (rule 12).
func (s *State) endOfTurn() []games.Event {
	var events []games.Event
	for k := range s.players {
		if s.alive() <= 1 {
			break
		}
		if p := s.players[k]; p.Alive && s.HP(p.Row, p.Col) == 0 {
			events = append(events, s.kill(k))
		}
	}
	return events
}

// advance passes the turn to the next living player in seat order.
func (s *State) advance() {
	if s.Over() {
		return
	}
	for k := 1; k <= len(s.players); k++ {
		if next := (s.turn + k) % len(s.players); s.players[next].Alive {
			s.turn = next
			return
		}
	}
}

// Outcome ranks the players by the reverse of the order of deaths: the survivor first. The
// score is how many players each outlived.
func (s *State) Outcome() games.Outcome {
	n := len(s.players)
	o := games.Outcome{Ranks: make([]int, n), Scores: make([]int, n)}
	for i, seat := range s.deaths {
		o.Ranks[seat] = n - i
		o.Scores[seat] = i
	}
	place := 1
	for seat, p := range s.players {
		if p.Alive {
			o.Ranks[seat] = place
			o.Scores[seat] = len(s.deaths)
			place++
		}
	}
	return o
}

// Clone returns an independent copy.
func (s *State) Clone() games.State {
	c := *s
	c.hp = append([]int(nil), s.hp...)
	c.players = append([]Player(nil), s.players...)
	c.deaths = append([]int(nil), s.deaths...)
	return &c
}

// Observation is the seed's matrix (T rows of T+N integers): HP in columns 0..T-1, then a
// column per player in turn order starting with seat (row 0 alive, 1 its row, 2 its column).
type Observation struct {
	Size    int     `json:"size"`
	Players int     `json:"players"`
	Matrix  [][]int `json:"matrix"`
}

// Observation is seat's view (a spectator, -1, sees it from the seat to play).
func (s *State) Observation(seat int) any {
	if seat < 0 || seat >= len(s.players) {
		seat = s.turn
	}
	n := len(s.players)
	m := make([][]int, s.size)
	for r := range m {
		m[r] = make([]int, s.size+n)
		copy(m[r], s.hp[r*s.size:(r+1)*s.size])
	}
	for k := range n {
		p := s.players[(seat+k)%n]
		if p.Alive {
			m[0][s.size+k] = 1
		}
		m[1][s.size+k] = p.Row
		m[2][s.size+k] = p.Col
	}
	return Observation{Size: s.size, Players: n, Matrix: m}
}
