package sevencolors

import (
	"fmt"

	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/lang"
)

// State is a 7 Colors game. Seat 0 plays PLAYER_1 ('^'), seat 1 PLAYER_2 ('v'). The board's
// blobs are shared by clones; the rest is the small dynamic part that Clone copies.
type State struct {
	b *board
	// own maps blob → owner code (ownerMask bits; 0 = free or EMPTY) | frontBit(seat) while
	// the blob is free and touches that seat's territory.
	own []uint8
	// front lists, per seat, the free blobs touching its territory. It may still hold blobs
	// the opponent has captured since; they are skipped and dropped on the seat's next capture.
	front [2][]int32
	// gain[seat][c] is the number of cells colour c would capture now [rules 2c].
	gain  [2][MaxColor + 1]int32
	count [2]int32
	moves int32 // moves played, lost turns included [rules 7c]
	turn  int8  // seat to move
	over  bool
	end   endReason
}

type endReason uint8

const (
	notOver endReason = iota
	endMajority
	endBlocked
	endMoveCap
)

var endReasonText = [...]string{"", "majority", "blocked", "move cap"} // lang:keep protocol values

const ownerMask = 3

func frontBit(seat int) uint8 { return 4 << seat }

func newState(b *board, seat int) *State {
	s := &State{b: b, own: make([]uint8, len(b.color)), turn: int8(seat)}
	lists := make([]int32, 0, 128)
	s.front[0], s.front[1] = lists[0:0:64], lists[64:64:128]
	for id, code := range b.color {
		if code == Player1 || code == Player2 {
			s.own[id] = code
			s.count[code-1] += b.size[id]
		}
	}
	for id, code := range b.color {
		if code == Player1 || code == Player2 {
			p := int(code - 1)
			for _, nb := range b.neighbours(int32(id)) {
				if b.color[nb] >= MinColor && s.own[nb]&frontBit(p) == 0 {
					s.own[nb] |= frontBit(p)
					s.front[p] = append(s.front[p], nb)
					s.gain[p][b.color[nb]] += b.size[nb]
				}
			}
		}
	}
	s.checkEnd()
	return s
}

// capture plays colour c (with gain > 0) for the seat to move: every c-blob touching the
// territory joins it. Blobs are maximal, so no c-blob touches another and one pass suffices
// [rules 5].
func (s *State) capture(c uint8) int32 {
	b, seat := s.b, int(s.turn)
	opp, fb, owner := 1-seat, frontBit(seat), uint8(seat+1)
	list := s.front[seat]
	n0, kept := len(list), 0
	var gained int32
	for i := 0; i < n0; i++ {
		id := list[i]
		if s.own[id]&ownerMask != 0 {
			continue // the opponent took it
		}
		if b.color[id] != c {
			list[kept] = id
			kept++
			continue
		}
		size := b.size[id]
		gained += size
		if s.own[id]&frontBit(opp) != 0 {
			s.gain[opp][c] -= size
		}
		s.own[id] = owner
		for _, nb := range b.neighbours(id) {
			if b.color[nb] >= MinColor && s.own[nb]&(ownerMask|fb) == 0 {
				s.own[nb] |= fb
				list = append(list, nb) // lands after n0: the loop above never reads it
				s.gain[seat][b.color[nb]] += b.size[nb]
			}
		}
	}
	kept += copy(list[kept:], list[n0:])
	s.front[seat] = list[:kept]
	s.gain[seat][c] -= gained
	s.count[seat] += gained
	return gained
}

// Play plays colour c for the player to move, lost turn included, and reports the cells
// gained (0 for a lost turn). It is Apply without events, for search bots and benchmarks.
func (s *State) Play(c int) int {
	if s.over {
		return 0
	}
	var gained int32
	if c >= MinColor && c <= MaxColor && s.gain[s.turn][c] > 0 {
		gained = s.capture(uint8(c))
	}
	s.moves++
	s.turn = 1 - s.turn
	s.checkEnd()
	return int(gained)
}

// checkEnd applies rule 7 after every move.
func (s *State) checkEnd() {
	nn := int32(s.b.n * s.b.n)
	switch {
	case 2*s.count[0] > nn || 2*s.count[1] > nn:
		s.end = endMajority
	case s.blocked(0) && s.blocked(1):
		s.end = endBlocked
	case s.moves >= 4*nn:
		s.end = endMoveCap
	default:
		return
	}
	s.over = true
}

func (s *State) blocked(seat int) bool {
	for _, g := range s.gain[seat][MinColor:] {
		if g > 0 {
			return false
		}
	}
	return true
}

// Size is N.
func (s *State) Size() int { return s.b.n }

// Player is the code (1 or 2) seat plays.
func Player(seat int) int { return seat + 1 }

// Turn is the code of the player to move, 0 once the game is over.
func (s *State) Turn() int {
	if s.over {
		return 0
	}
	return int(s.turn) + 1
}

// Moves is the number of moves played, lost turns included.
func (s *State) Moves() int { return int(s.moves) }

// Cell is the code at (x, y), both in 0..N-1: 0 empty, 1 or 2 a player's territory, 3..9 a
// colour.
func (s *State) Cell(x, y int) int { return s.cellAt(y*s.b.n + x) }

func (s *State) cellAt(i int) int {
	if o := s.own[s.b.blobOf[i]] & ownerMask; o != 0 {
		return int(o)
	}
	return int(s.b.cells[i])
}

// Count is the number of cells player (1 or 2) holds.
func (s *State) Count(player int) int {
	if player != Player1 && player != Player2 {
		return 0
	}
	return int(s.count[player-1])
}

// Gain is the number of cells player would capture with colour c now [rules 2c].
func (s *State) Gain(player, c int) int {
	if player != Player1 && player != Player2 || c < MinColor || c > MaxColor {
		return 0
	}
	return int(s.gain[player-1][c])
}

// Frontier is the number of distinct free cells orthogonally adjacent to player's territory
// [rules 2c, 2f].
func (s *State) Frontier(player int) int { return s.FrontierAfter(player, 0) }

// FrontierAfter is Frontier once player has played c, without playing it. A c that captures
// nothing leaves the frontier as it is.
func (s *State) FrontierAfter(player, c int) int {
	if player != Player1 && player != Player2 {
		return 0
	}
	b, seat, fb := s.b, player-1, frontBit(player-1)
	if c < MinColor || c > MaxColor || s.gain[seat][c] == 0 {
		c = 0
	}
	col := uint8(c)
	// inside reports whether blob id belongs to the territory after the move.
	inside := func(id int32) bool {
		o := s.own[id]
		return int(o&ownerMask) == player || (col != 0 && b.color[id] == col && o&fb != 0)
	}
	touching := func(id int32) int {
		n, nn, k := b.n, b.n*b.n, 0
		for _, c32 := range b.cellsIn(id) {
			cell := int(c32)
			x := cell % n
			if (x > 0 && inside(b.blobOf[cell-1])) ||
				(x < n-1 && inside(b.blobOf[cell+1])) ||
				(cell >= n && inside(b.blobOf[cell-n])) ||
				(cell+n < nn && inside(b.blobOf[cell+n])) {
				k++
			}
		}
		return k
	}
	total := 0
	for _, id := range s.front[seat] {
		if s.own[id]&ownerMask == 0 && b.color[id] != col {
			total += touching(id)
		}
	}
	if col == 0 {
		return total
	}
	// Free blobs reached through the captured ones, each counted once.
	var seen [(MaxSize*MaxSize + 63) / 64]uint64
	for _, id := range s.front[seat] {
		if s.own[id]&ownerMask != 0 || b.color[id] != col {
			continue
		}
		for _, nb := range b.neighbours(id) {
			if b.color[nb] < MinColor || s.own[nb]&(ownerMask|fb) != 0 || seen[nb/64]&(1<<(nb%64)) != 0 {
				continue
			}
			seen[nb/64] |= 1 << (nb % 64)
			total += touching(nb)
		}
	}
	return total
}

// passReason says why colour c would be a lost turn for the seat to move, a zero Text if it
// captures. The sentences speak to the player (Validate) and fit after "lost the turn: "
// (events).
func (s *State) passReason(c int) lang.Text {
	switch {
	case c == int(s.turn)+1:
		return lang.T("colour %d is your own", games.Digits(c))
	case c == Player1 || c == Player2:
		return lang.T("colour %d is your opponent's", games.Digits(c))
	case c == Empty:
		return lang.T("no colour chosen")
	case c < MinColor || c > MaxColor:
		return lang.T("%d is not a colour: choose 3..9 (A..G)", games.Digits(c))
	case s.gain[s.turn][c] == 0:
		return notAdjacent(c)
	}
	return lang.Text{}
}

// notAdjacent is the reason a colour c, 3..9, touching nothing of the player's is a lost turn.
func notAdjacent(c int) lang.Text { return lang.T("%s is not next to your territory", Letter(c)) }

// Letter is a colour's display letter, 'A' + c - 3 [rules 2a.2].
func Letter(c int) string {
	if c < MinColor || c > MaxColor {
		return "?"
	}
	return string(rune('A' + c - MinColor))
}

// cells says "1 cell", "12 cells".
func cells(n int) lang.Text { return lang.T("%d cells", games.Digits(n)) }

// Glyph is a player's symbol: '^' for PLAYER_1, 'v' for PLAYER_2.
func Glyph(player int) string {
	switch player {
	case Player1:
		return "^"
	case Player2:
		return "v"
	}
	return "?"
}

// CaptureData details a "capture" event.
type CaptureData struct {
	Colour int `json:"colour"`
	Cells  int `json:"cells"`
}

// PassData details a "pass" event (a lost turn).
type PassData struct {
	Colour int    `json:"colour"`
	Reason string `json:"reason"`
}

// EndData details the "end" event.
type EndData struct {
	Reason string `json:"reason"` // "majority", "blocked" or "move cap" [rules 7a-c]
	Scores []int  `json:"scores"`
}

// --- games.State ---

// ToMove lists the seat to move, none once the game is over.
func (s *State) ToMove() []int {
	if s.over {
		return nil
	}
	return []int{int(s.turn)}
}

// Legal lists the colours that capture something. When none does, it lists all of 3..9:
// every one is then a lost turn, but a bot always has something legal to send.
func (s *State) Legal(seat int) []games.Action {
	if s.over || seat != int(s.turn) {
		return []games.Action{}
	}
	var out []games.Action
	for c := MinColor; c <= MaxColor; c++ {
		if s.gain[seat][c] > 0 {
			out = append(out, c)
		}
	}
	if out == nil {
		for c := MinColor; c <= MaxColor; c++ {
			out = append(out, c)
		}
	}
	return out
}

// Validate accepts exactly what Legal lists.
func (s *State) Validate(seat int, a games.Action) error {
	if s.over {
		return games.IllegalT("game_over", lang.T("the game is over"))
	}
	if seat != int(s.turn) {
		return games.ErrNotYourTurn
	}
	c, ok := a.(int)
	if !ok {
		return games.IllegalT("illegal_action", lang.T("an action is a colour number 3..9, not %s", fmt.Sprintf("%T", a)))
	}
	reason := s.passReason(c)
	if reason.Key == "" || (c >= MinColor && c <= MaxColor && s.blocked(seat)) {
		return nil
	}
	return games.IllegalT("illegal_action", refusal(c, reason))
}

// The headings of docs/rules/sevencolors.md that refusals cite (games.Cite).
var (
	ruleMove      = lang.N("§5 A move")
	ruleLostTurns = lang.N("§6 Lost turns")
)

// CitedRules lists the headings 7 Colors' refusals cite; a test holds each to the page.
var CitedRules = []string{ruleMove, ruleLostTurns}

// refusal is the pass reason as a program is told it: the colour as it sent it (a number,
// the letter after it), and the rule. The pass event keeps the letter alone, as the board
// shows colours to people.
func refusal(c int, reason lang.Text) lang.Text {
	if c >= MinColor && c <= MaxColor && reason.Key == notAdjacent(c).Key {
		return lang.T("colour %d (%s) is not next to your territory%s", games.Digits(c), Letter(c), games.CiteT(ruleMove))
	}
	return lang.T("%s%s", reason, games.CiteT(ruleLostTurns))
}

// Apply plays any int from the seat to move; a value that captures nothing is a lost turn
// [rules 6], reported by a "pass" event.
func (s *State) Apply(seat int, a games.Action) ([]games.Event, error) {
	if s.over {
		return nil, games.IllegalT("game_over", lang.T("the game is over"))
	}
	if seat != int(s.turn) {
		return nil, games.ErrNotYourTurn
	}
	c, ok := a.(int)
	if !ok {
		return nil, games.IllegalT("illegal_action", lang.T("an action is a colour number 3..9, not %s", fmt.Sprintf("%T", a)))
	}
	player := seat + 1
	reason := s.passReason(c)
	gained := s.Play(c)
	events := make([]games.Event, 1, 2)
	if reason.Key == "" {
		events[0] = games.Tell("capture", seat, lang.T("%s played %s (+%s)", Glyph(player), Letter(c), cells(gained)),
			CaptureData{Colour: c, Cells: gained})
	} else {
		events[0] = games.Tell("pass", seat, lang.T("%s lost the turn: %s", Glyph(player), reason),
			PassData{Colour: c, Reason: reason.String()})
	}
	if s.over {
		events = append(events, s.endEvent())
	}
	return events, nil
}

func (s *State) endEvent() games.Event {
	o := s.Outcome()
	w := o.Winner()
	text := lang.T("draw, %s each", cells(o.Scores[0]))
	if w >= 0 {
		text = lang.T("%s player %d wins, %s to %d", Glyph(w+1), games.Digits(w+1), cells(o.Scores[w]), games.Digits(o.Scores[1-w]))
	}
	return games.Tell("end", w, text, EndData{Reason: endReasonText[s.end], Scores: o.Scores})
}

// DefaultAction is a lost turn.
func (s *State) DefaultAction(int) games.Action { return 0 }

// Over reports whether rule 7 ended the game.
func (s *State) Over() bool { return s.over }

// Outcome ranks by cells held, equal counts a draw [rules 7]; scores are cells, shares
// cells / N².
func (s *State) Outcome() games.Outcome {
	c0, c1 := int(s.count[0]), int(s.count[1])
	ranks := []int{1, 1}
	switch {
	case c0 > c1:
		ranks[1] = 2
	case c1 > c0:
		ranks[0] = 2
	}
	nn := float64(s.b.n * s.b.n)
	return games.Outcome{Ranks: ranks, Scores: []int{c0, c1},
		Shares: []float64{float64(c0) / nn, float64(c1) / nn}}
}

// Clone copies the dynamic part; the board is shared.
func (s *State) Clone() games.State { return s.Copy() }

// Copy is Clone with the concrete type.
func (s *State) Copy() *State {
	c := *s
	c.own = append([]uint8(nil), s.own...)
	n0, n1 := len(s.front[0]), len(s.front[1])
	// Room to grow for both lists in one allocation.
	const spare = 32
	lists := make([]int32, n0+n1+2*spare)
	c.front[0] = lists[: n0 : n0+spare]
	c.front[1] = lists[n0+spare : n0+spare+n1]
	copy(c.front[0], s.front[0])
	copy(c.front[1], s.front[1])
	return &c
}

// Observation is the bot protocol's obs for sevencolors.
type Observation struct {
	Size  int     `json:"size"`
	You   int     `json:"you"` // 1 or 2; 0 for a spectator
	Board [][]int `json:"board"`
}

// Observation gives seat (or -1, a spectator) the whole board, rows top to bottom.
func (s *State) Observation(seat int) any {
	n := s.b.n
	obs := Observation{Size: n, Board: make([][]int, n)}
	if seat == 0 || seat == 1 {
		obs.You = seat + 1
	}
	flat := make([]int, n*n)
	for i := range flat {
		flat[i] = s.cellAt(i)
	}
	for y := range n {
		obs.Board[y] = flat[y*n : (y+1)*n : (y+1)*n]
	}
	return obs
}
