// Package warhammer is the rules engine of War Hammer arena (docs/rules/warhammer.md): 2 to 8
// players on an octagon of cells that lose hit points, each turn throwing a grenade or taking
// a step, then bringing a hammer down; a player standing on a destroyed cell dies, and the
// last one standing wins. Pure and deterministic: the only chance, who plays first, is drawn
// from the game's seed when the game starts.
package warhammer

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strconv"

	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/lang"
)

// Rules constants (docs/rules/warhammer.md §1).
const (
	DefaultSize  = 19
	MinSize      = 7
	MaxSize      = 35
	MinPlayers   = 2
	MaxPlayers   = 8
	InitialHP    = 4 // every playable cell's HP at the start
	SplashHP     = InitialHP / 2
	GrenadeRange = 5
	Grenades     = 4  // first choices 0..3 are grenades, 4..11 steps
	Firsts       = 12 // first choices 0..11
	Codes        = 96 // actions are 0..95: 8·first + hammer
	// PositionMinSize is the smallest board a position may hold (the seed's matrix needs
	// three rows for its player columns); games start at MinSize.
	PositionMinSize = 3
)

// Directions in the seed's order: R, UR, U, UL, L, DL, D, DR, as (row, column) steps.
var Directions = [8][2]int{{0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}, {1, 0}, {1, 1}}

// DirectionNames name Directions for people.
var DirectionNames = [8]string{"right", "up-right", "up", "up-left", "left", "down-left", "down", "down-right"}

// Code is the action code of a first choice (0..11) and a hammer direction (0..7).
func Code(first, hammer int) int { return 8*first + hammer }

// Player is one seat's piece. A dead player keeps the cell it fell on.
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
	living  int   // how many players are alive
}

// NewState starts a game on the octagon for n players; the first player is drawn from seed.
func NewState(size, n int, seed uint64) (*State, error) {
	if size < MinSize || size > MaxSize {
		return nil, lang.Errorf("War Hammer: size %s is out of range: the board is %d..%d cells wide", strconv.Itoa(size), MinSize, MaxSize)
	}
	if n < MinPlayers || n > MaxPlayers {
		return nil, lang.Errorf("War Hammer is played by %d to %d players, not %d", MinPlayers, MaxPlayers, n)
	}
	s := &State{size: size, hp: make([]int, size*size), players: make([]Player, n), living: n}
	for r := range size {
		for c := range size {
			if Playable(size, r, c) {
				s.hp[r*size+c] = InitialHP
			}
		}
	}
	for k, at := range Spawns(size, n) {
		s.players[k] = Player{Alive: true, Row: at[0], Col: at[1]}
	}
	s.turn = rand.New(rand.NewPCG(seed, 0x7a4d)).IntN(n)
	return s, nil
}

// Playable reports whether (r, c) starts with HP on a size board: the octagon of rule 2,
// corners cut where min(r, T−1−r) + min(c, T−1−c) < T div 3.
func Playable(size, r, c int) bool {
	return min(r, size-1-r)+min(c, size-1-c) >= size/3
}

// Spawn is player k's start of n on a size board by the reference's float64 formula, the
// whole sum truncated toward zero as C's int conversion does (its quirk kept: at 19×19 with
// 4 players, (2,8) rather than (2,9), cos(3π/2) being a hair below 0).
func Spawn(size, n, k int) (row, col int) {
	half := float64(size / 2)
	radius := half - 2
	angle := 2 * math.Pi * float64(k) / float64(n)
	return int(half + radius*math.Sin(angle)), int(half + radius*math.Cos(angle))
}

// Spawns lists where the n players start. The formula alone puts two players on one cell on
// the 7×7 board with 6 to 8 players; a player whose cell is taken starts instead on the
// nearest free playable cell (Chebyshev distance, then the lowest row, then column), a
// decision of docs/warhammer.md. Every other size and count is the formula's.
func Spawns(size, n int) [][2]int {
	out := make([][2]int, 0, n)
	taken := func(r, c int) bool {
		for _, at := range out {
			if at == [2]int{r, c} {
				return true
			}
		}
		return false
	}
	for k := range n {
		r, c := Spawn(size, n, k)
		if taken(r, c) {
			r, c = nearestFree(size, r, c, taken)
		}
		out = append(out, [2]int{r, c})
	}
	return out
}

func nearestFree(size, r0, c0 int, taken func(r, c int) bool) (int, int) {
	for d := 1; d < size; d++ {
		for r := r0 - d; r <= r0+d; r++ {
			for c := c0 - d; c <= c0+d; c++ {
				if max(abs(r-r0), abs(c-c0)) != d || r < 0 || c < 0 || r >= size || c >= size {
					continue
				}
				if Playable(size, r, c) && !taken(r, c) {
					return r, c
				}
			}
		}
	}
	return r0, c0 // unreachable: a board of 7+ cells has more playable cells than players
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// Size is the board's width.
func (s *State) Size() int { return s.size }

// HP is cell (row, col)'s hit points; 0 off the board.
func (s *State) HP(row, col int) int {
	if !s.inside(row, col) {
		return 0
	}
	return s.hp[row*s.size+col]
}

// NumPlayers is the number of seats.
func (s *State) NumPlayers() int { return len(s.players) }

// Player is seat's piece.
func (s *State) Player(seat int) Player { return s.players[seat] }

// Players returns the players in seat order (a copy).
func (s *State) Players() []Player { return append([]Player(nil), s.players...) }

// Deaths lists the seats in the order they died (a copy).
func (s *State) Deaths() []int { return append([]int(nil), s.deaths...) }

// Turn is the seat to play.
func (s *State) Turn() int { return s.turn }

// Living is the number of players alive.
func (s *State) Living() int { return s.living }

// Alive reports whether seat is alive.
func (s *State) Alive(seat int) bool { return s.players[seat].Alive }

// Inside reports whether (row, col) is on the board.
func (s *State) Inside(row, col int) bool { return s.inside(row, col) }

// Occupied reports whether a living player stands on (row, col).
func (s *State) Occupied(row, col int) bool { return s.occupant(row, col) >= 0 }

// Occupant is the seat of the living player on (row, col), or -1.
func (s *State) Occupant(row, col int) int { return s.occupant(row, col) }

func (s *State) inside(r, c int) bool { return r >= 0 && c >= 0 && r < s.size && c < s.size }

func (s *State) occupant(r, c int) int {
	for k, p := range s.players {
		if p.Alive && p.Row == r && p.Col == c {
			return k
		}
	}
	return -1
}

func (s *State) damage(r, c, by int) {
	if s.inside(r, c) {
		i := r*s.size + c
		s.hp[i] = max(0, s.hp[i]-by)
	}
}

// ToMove lists the seat to play, none once the game is over.
func (s *State) ToMove() []int {
	if s.Over() {
		return nil
	}
	return []int{s.turn}
}

// Over: at most one player is alive.
func (s *State) Over() bool { return s.living <= 1 }

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
		return illegal("malformed_action", lang.T("an action is a code 0..95, not %v (rules: %s)", a, lang.T(ruleCode)))
	}
	if code < 0 || code >= Codes {
		return illegal("invalid_code", lang.T("code %s is outside 0..95: an invalid action kills its player (rules: %s)", strconv.Itoa(code), lang.T(ruleCode)))
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
		return nil, fmt.Errorf("War Hammer: an action is an int, not %T", a) // lang:keep a developer's error: DecodeAction makes ints
	}
	l := log{on: true}
	s.play(code, &l)
	return l.events, nil
}

// Play plays code for the seat to move, without the events: the bots' simulation. It does
// nothing once the game is over.
func (s *State) Play(code int) {
	if !s.Over() {
		s.play(code, &log{})
	}
}

// play is one whole turn: the actor's choices (rules 7–11), the end of turn (rule 12), the
// next player (rule 5).
func (s *State) play(code int, l *log) {
	seat := s.turn
	s.act(seat, code, l)
	s.endOfTurn(l)
	s.advance()
}

// act plays the two choices of a turn (rules 7–11).
func (s *State) act(seat, code int, l *log) {
	if code < 0 || code >= Codes {
		s.kill(seat, ReasonInvalid, code, l)
		return
	}
	if !s.first(seat, code/8, l) {
		return
	}
	s.hammer(seat, code%8, l)
}

// first plays the first choice (a grenade, 0..3, or a step, 4..11) and the check after it
// (rule 10); it reports whether the actor is still alive.
func (s *State) first(seat, first int, l *log) bool {
	p := &s.players[seat]
	if first < Grenades {
		d := Directions[2*first]
		lr, lc := p.Row, p.Col
		for k := 1; k <= GrenadeRange; k++ {
			r, c := p.Row+k*d[0], p.Col+k*d[1]
			if !s.inside(r, c) || s.occupant(r, c) >= 0 {
				break
			}
			lr, lc = r, c
		}
		s.damage(lr, lc, InitialHP)
		for _, n := range splash {
			s.damage(lr+n[0], lc+n[1], SplashHP)
		}
		s.damage(p.Row, p.Col, 1)
		if l.on {
			l.grenade(s, seat, 2*first, lr, lc)
		}
	} else {
		d := Directions[first-Grenades]
		r, c := p.Row+d[0], p.Col+d[1]
		if !s.inside(r, c) {
			s.kill(seat, ReasonStepOff, first-Grenades, l)
			return false
		}
		if s.occupant(r, c) >= 0 {
			s.kill(seat, ReasonStepOnto, s.occupant(r, c), l)
			return false
		}
		s.damage(p.Row, p.Col, 1)
		fr, fc := p.Row, p.Col
		p.Row, p.Col = r, c
		if l.on {
			l.move(s, seat, first-Grenades, fr, fc)
		}
	}
	if s.hp[p.Row*s.size+p.Col] == 0 { // rule 10: standing on a hole
		s.kill(seat, ReasonHole, 0, l)
		return false
	}
	return true
}

// splash is the four cells around a grenade's landing cell.
var splash = [4][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}}

// hammer plays the second choice (rule 11).
func (s *State) hammer(seat, dir int, l *log) {
	p := s.players[seat]
	d := Directions[dir]
	r, c := p.Row+d[0], p.Col+d[1]
	switch {
	case !s.inside(r, c):
		s.kill(seat, ReasonHammerVoid, dir, l)
	case s.hp[r*s.size+c] == 0:
		s.kill(seat, ReasonHammerHole, dir, l)
	default:
		s.hp[r*s.size+c] = 0
		if l.on {
			l.hammer(s, seat, dir, r, c)
		}
	}
}

// AfterFirst is a copy of the game after the seat to play made first choice first (0..11),
// before its hammer, and whether it is still alive then (for bots that look one step ahead).
func (s *State) AfterFirst(first int) (next *State, alive bool) {
	next = s.Clone().(*State)
	return next, next.first(s.turn, first, &log{})
}

// endOfTurn: players on destroyed cells die, in seat order, until one is left (rule 12).
func (s *State) endOfTurn(l *log) {
	for k := range s.players {
		if s.living <= 1 {
			return
		}
		if p := s.players[k]; p.Alive && s.hp[p.Row*s.size+p.Col] == 0 {
			s.kill(k, ReasonHole, 0, l)
		}
	}
}

func (s *State) kill(seat int, reason string, detail int, l *log) {
	s.players[seat].Alive = false
	s.living--
	s.deaths = append(s.deaths, seat)
	if l.on {
		l.death(s, seat, reason, detail)
	}
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
		if p.Alive { // one survivor once over; in seat order before (never shown as final)
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

// CopyFrom makes s a copy of src, reusing s's memory: a search bot's scratch state.
func (s *State) CopyFrom(src *State) {
	hp, players, deaths := s.hp[:0], s.players[:0], s.deaths[:0]
	*s = *src
	s.hp = append(hp, src.hp...)
	s.players = append(players, src.players...)
	s.deaths = append(deaths, src.deaths...)
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
	return Observation{Size: s.size, Players: len(s.players), Matrix: s.Matrix(seat)}
}

// Matrix is the seed's int map[T][T+N] as seat sees it: the HP grid, then one column per
// player in turn order from seat.
func (s *State) Matrix(seat int) [][]int {
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
	return m
}

// ruleCode is the heading of docs/rules/warhammer.md that refusals cite, as games.Cite
// does: " (rules: §7 A turn is one code)".
var ruleCode = lang.N("§7 A turn is one code")

// CitedRules lists the headings War Hammer's refusals cite; a test holds each to the page.
var CitedRules = []string{ruleCode}
