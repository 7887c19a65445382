package perfectaim

import (
	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/games/perfectaim/pyrand"
	"github.com/arena-classroom/arena/lang"
)

// Rules constants (upstream HEAD, docs/rules/perfectaim.md §1).
const (
	LavaStart     = 35  // seconds: the first ring is damaged
	LavaStep      = 5   // seconds between damage and lava, and between rings
	MaxDuration   = 120 // seconds: every floor cell is lava by then
	InitialSpeedQ = 4   // speeds are counted in quarters of an action per second: 4 is 1/s
	FireballSpeed = 4   // cells a second: a fireball's step lasts 1/4 s, changing cell halfway
)

type player struct {
	present bool // the colour takes part in this game
	alive   bool
	seat    int
	x, y    int
	speedQ  int64 // speed in quarters (speed = speedQ/4 actions per second), always >= 2
	action  act
	mid     bool    // the next event is the movement's midpoint, else the action's end
	next    Instant // instant of the next event
	shield  bool
	coins   int
	supers  int
	died    int // step number of the death, for ranking (deaths in one step share an instant)
	diedAt  Instant
}

type fireball struct {
	serial int // creation order: fireballs acting at one instant act in this order (§15.9a)
	x, y   int
	dir    int // 0..3: UP, DOWN, LEFT, RIGHT
	sender Color
	mid    bool
	next   Instant
}

// State is a Perfect Aim game in progress. The simulation is upstream's step loop (docs/rules/perfectaim.md §4)
// driven by exact instants: each step ends at the earliest pending event or whole second;
// lava and item regeneration run at its start; then the players (in colour order) and the
// fireballs (in creation order) that have an event at that instant act. A player whose
// action ends asks for a decision: the simulation pauses there, mid-step, exactly where
// upstream calls the bot, and ToMove lists that one seat. The next colour's decision at the
// same instant comes after, and sees the effects of the first, as upstream's bots do.
type State struct {
	size    int
	bg      [Size][Size]Tile   // background: FLOOR, WALL, LAVA, DAMAGED_FLOOR
	item    [Size][Size]Tile   // the item on a cell, 0 for none (at most one per cell)
	who     [Size][Size]int8   // colour+1 of the player on a cell, 0 for none
	fbs     [Size][Size]uint16 // fireballs on a cell
	players [4]player
	fires   []fireball        // live fireballs in creation order
	owned   [4]int            // live fireballs per sender
	items   [Shield + 1]int16 // items on the board, per tile
	serial  int
	rng     pyrand.Random
	regen   bool

	t        Instant
	steps    int
	inStep   bool
	resume   Color // next colour to act in the current step
	fbLimit  int   // fireballs created from this serial on are not in the step's snapshot
	deciding Color // NoColor unless a decision is pending
	over     bool
	paced    bool
	seats    []Color

	nextKnown bool // cache of NextDecision for paced use
	nextAt    Instant
	nextOK    bool

	events []games.Event
}

func newState(size int, rng *pyrand.Random) *State {
	s := &State{size: size, rng: *rng, regen: true, deciding: NoColor, t: At(0, 1)}
	for y := 0; y < Size; y++ {
		for x := 0; x < Size; x++ {
			s.bg[y][x] = Wall
		}
	}
	return s
}

func (s *State) addPlayer(c Color, x, y int) {
	s.players[c] = player{present: true, alive: true, x: x, y: y, speedQ: InitialSpeedQ,
		action: aWait, next: At(4, InitialSpeedQ)} // a WAIT from 0: the first decision is at t=1
	s.who[y][x] = int8(c) + 1
}

func (s *State) putItem(x, y int, t Tile) {
	s.item[y][x] = t
	s.items[t]++
}

func (s *State) takeItem(x, y int) Tile {
	t := s.item[y][x]
	if t != 0 {
		s.item[y][x] = 0
		s.items[t]--
	}
	return t
}

func (s *State) inside(x, y int) bool { return x >= 0 && y >= 0 && x < s.size && y < s.size }

// tileAt is upstream's tile_grid: the largest tile of the entities on a cell (fireball >
// players > items), else the background.
func (s *State) tileAt(x, y int) Tile {
	switch {
	case s.fbs[y][x] > 0:
		return Fireball
	case s.who[y][x] != 0:
		return PlayerRed + Tile(s.who[y][x]-1)
	case s.item[y][x] != 0:
		return s.item[y][x]
	}
	return s.bg[y][x]
}

// valid is upstream's is_action_valid for a live player.
func (s *State) valid(c Color, a act) bool {
	p := &s.players[c]
	switch {
	case a == aWait:
		return true
	case a.isMove():
		d := a.dir()
		x, y := p.x+dirDX[d], p.y+dirDY[d]
		return s.inside(x, y) && s.bg[y][x] != Wall && s.who[y][x] == 0
	case a.isAttack():
		return s.canAttack(c)
	}
	return false
}

// canAttack: a super fireball in stock, or none of one's fireballs left on the board.
func (s *State) canAttack(c Color) bool {
	return s.players[c].supers > 0 || s.owned[c] == 0
}

// nextStepEnd is the instant the next step ends at: the earliest event, or the next whole
// second (upstream's int(t+1)-t term).
func (s *State) nextStepEnd() Instant {
	next := At(s.t.Floor()+1, 1)
	for c := range s.players {
		if p := &s.players[c]; p.alive && p.next.Cmp(next) < 0 {
			next = p.next
		}
	}
	for i := range s.fires {
		if f := &s.fires[i]; f.next.Cmp(next) < 0 {
			next = f.next
		}
	}
	return next
}

// beginStep runs the start of a step (lava for its end instant, then regeneration, both
// before time moves, as upstream's update does) and moves time to its end.
func (s *State) beginStep(end Instant) {
	s.lava(end)
	s.regenerate()
	s.t = end
	s.steps++
	s.fbLimit = s.serial
	s.resume = Red
	s.inStep = true
}

// continueStep runs the step's entity updates from where they stopped. It returns true when
// it paused for a decision.
func (s *State) continueStep() bool {
	for c := s.resume; c <= Green; c++ {
		p := &s.players[c]
		if !p.alive || p.next.Cmp(s.t) != 0 {
			continue
		}
		if !p.mid {
			s.deciding = c
			s.resume = c + 1
			return true
		}
		s.midpoint(c)
	}
	s.resume = Green + 1
	for i := 0; i < len(s.fires); {
		f := &s.fires[i]
		if f.serial >= s.fbLimit {
			break // created during this step: not in its snapshot
		}
		if f.next.Cmp(s.t) == 0 && s.fireballEvent(i) {
			continue // removed: the next one slid into index i
		}
		i++
	}
	s.inStep = false
	s.checkEnd()
	return false
}

// decide starts the action a chosen by the deciding colour (docs/rules/perfectaim.md §4 step 1).
func (s *State) decide(a act) {
	c := s.deciding
	s.deciding = NoColor
	s.nextKnown = false
	p := &s.players[c]
	p.action = a
	p.mid = a.isMove()
	if p.mid {
		p.next = s.t.Plus(2, p.speedQ) // half an action: (1/2)/(q/4)
	} else {
		p.next = s.t.Plus(4, p.speedQ)
	}
	if a.isAttack() {
		s.attack(c, a.dir())
	}
}

// attack is upstream's player_attacks: a super fireball throws four (UP, DOWN, LEFT, RIGHT)
// whatever the direction chosen; otherwise one goes the chosen way. They start on the
// thrower's cell.
func (s *State) attack(c Color, dir int) {
	p := &s.players[c]
	if p.supers > 0 {
		for d := 0; d < 4; d++ {
			s.throw(c, d)
		}
		p.supers--
		s.emit("attack", c, lang.T("%s casts a super fireball", c))
		return
	}
	s.throw(c, dir)
	s.emit("attack", c, lang.T("%s throws a fireball %s", c, dirSaid(dir)))
}

func (s *State) throw(c Color, dir int) {
	p := &s.players[c]
	s.fires = append(s.fires, fireball{serial: s.serial, x: p.x, y: p.y, dir: dir, sender: c,
		mid: true, next: s.t.Plus(1, 2*FireballSpeed)})
	s.serial++
	s.fbs[p.y][p.x]++
	s.owned[c]++
}

// midpoint is §4 step 2: re-validate the move, then enter the cell: lava kills; fireballs
// there hit first, in creation order, then items are collected (§15.9b: fireballs first).
func (s *State) midpoint(c Color) {
	p := &s.players[c]
	p.mid = false
	if s.valid(c, p.action) {
		d := p.action.dir()
		s.who[p.y][p.x] = 0
		p.x, p.y = p.x+dirDX[d], p.y+dirDY[d]
		s.who[p.y][p.x] = int8(c) + 1
		if s.bg[p.y][p.x] == Lava {
			s.kill(c, lang.T("%s walks into lava", c))
			return
		}
		if s.fbs[p.y][p.x] > 0 {
			s.enterFire(c)
		}
		if it := s.takeItem(p.x, p.y); it != 0 {
			s.collect(c, it)
		}
	} else {
		p.action = p.action.swap() // a bounce: upstream only turns the sprite around
	}
	p.next = s.t.Plus(2, p.speedQ) // the rest of the action at the (maybe new) speed
}

func (s *State) enterFire(c Color) {
	p := &s.players[c]
	var hit []int // serials: hits may remove fireballs from the slice
	for i := range s.fires {
		if f := &s.fires[i]; f.x == p.x && f.y == p.y {
			hit = append(hit, f.serial)
		}
	}
	for _, serial := range hit {
		if !p.alive {
			return // upstream hits the dead entity again, to no effect
		}
		for i := range s.fires {
			if s.fires[i].serial == serial {
				s.hit(i, c)
				break
			}
		}
	}
}

// collect applies an item (§7). A player killed on entering the cell still takes the item
// off the board, as upstream does, but a dead player's counters no longer change: the coins
// that rank it are those it held when it died.
func (s *State) collect(c Color, it Tile) {
	p := &s.players[c]
	if !p.alive {
		return
	}
	switch it {
	case Coin:
		p.coins++
	case SpeedBoost:
		p.speedQ++
	case SpeedPenalty:
		if p.speedQ >= 3 {
			p.speedQ--
		}
	case SuperFireball:
		p.supers++
	case Shield:
		p.shield = true
	}
	s.emit("pickup", c, lang.T("%s picks up %s", c, itemWords[it]))
}

var itemWords = map[Tile]lang.Text{
	Coin: lang.T("a coin"), SpeedBoost: lang.T("a speed boost"), SpeedPenalty: lang.T("a speed penalty"),
	SuperFireball: lang.T("a super fireball"), Shield: lang.T("a shield"),
}

// dirSaid is direction d's name, said in a reader's language.
func dirSaid(d int) lang.Text {
	switch d {
	case 0:
		return lang.T("up")
	case 1:
		return lang.T("down")
	case 2:
		return lang.T("left")
	}
	return lang.T("right")
}

// fireballEvent moves fireball i at its midpoint (then a wall removes it, and it hits the
// player on its new cell) or restarts its action at its end. It reports whether the
// fireball was removed.
func (s *State) fireballEvent(i int) bool {
	f := &s.fires[i]
	if !f.mid {
		f.mid = true
		f.next = s.t.Plus(1, 2*FireballSpeed)
		return false
	}
	f.mid = false
	f.next = s.t.Plus(1, 2*FireballSpeed)
	s.fbs[f.y][f.x]--
	f.x, f.y = f.x+dirDX[f.dir], f.y+dirDY[f.dir]
	s.fbs[f.y][f.x]++
	if s.bg[f.y][f.x] == Wall {
		s.removeFire(i)
		return true
	}
	if w := s.who[f.y][f.x]; w != 0 {
		return s.hit(i, Color(w-1))
	}
	return false
}

// hit is upstream's hit_player: a shield stops (and removes) the fireball, otherwise the
// player dies and the fireball flies on. It reports whether the fireball was removed.
func (s *State) hit(i int, c Color) bool {
	p := &s.players[c]
	f := s.fires[i]
	if p.shield {
		p.shield = false
		s.removeFire(i)
		s.emit("shield", c, lang.T("%s's shield stops %s's fireball", c, f.sender))
		return true
	}
	if f.sender == c {
		s.kill(c, lang.T("%s is hit by its own fireball", c))
	} else {
		s.kill(c, lang.T("%s is hit by %s's fireball", c, f.sender))
	}
	return false
}

func (s *State) removeFire(i int) {
	f := s.fires[i]
	s.fbs[f.y][f.x]--
	s.owned[f.sender]--
	s.fires = append(s.fires[:i], s.fires[i+1:]...)
}

func (s *State) kill(c Color, t lang.Text) { s.killAt(c, s.t, t) }

// killAt removes a player. Lava kills before time moves to its instant, hence at.
func (s *State) killAt(c Color, at Instant, t lang.Text) {
	p := &s.players[c]
	p.alive = false
	p.died = s.steps + 1
	if s.inStep {
		p.died = s.steps
	}
	p.diedAt = at
	s.who[p.y][p.x] = 0
	s.emitAt(at, "death", c, t)
}

// lava is §8, for a step ending at end: at each multiple of 5 s from 35 s, ring 1+k/2 is
// damaged (k even) or its damaged floor turns to lava (k odd), killing the players and
// destroying the items on it. Steps end at every whole second, so a multiple of 5 is always
// a step's end.
func (s *State) lava(end Instant) {
	sec, whole := end.Whole()
	if !whole || sec < LavaStart || sec%LavaStep != 0 {
		return
	}
	k := (sec - LavaStart) / LavaStep
	ring, toLava := int(1+k/2), k%2 == 1
	if ring >= s.size/2 {
		return
	}
	last := s.size - 1 - ring
	for y := ring; y <= last; y++ {
		for x := ring; x <= last; x++ {
			if x != ring && x != last && y != ring && y != last {
				continue
			}
			switch {
			case toLava && s.bg[y][x] == DamagedFloor:
				s.bg[y][x] = Lava
				s.takeItem(x, y)
				if w := s.who[y][x]; w != 0 {
					c := Color(w - 1)
					s.killAt(c, end, lang.T("%s is caught by the lava", c))
				}
			case !toLava && s.bg[y][x] == Floor:
				s.bg[y][x] = DamagedFloor
			}
		}
	}
	if toLava {
		s.emitAt(end, "lava", -1, lang.T("ring %d turns to lava", games.Digits(ring)))
	} else {
		s.emitAt(end, "lava", -1, lang.T("ring %d is damaged", games.Digits(ring)))
	}
}

// regenerate is §7: when at most one bonus is left, three items go on shuffled empty floor
// cells, drawn from the map's RNG stream.
func (s *State) regenerate() {
	if !s.regen || s.items[SpeedBoost]+s.items[SuperFireball]+s.items[Shield] > 1 {
		return
	}
	batch := []Tile{SpeedBoost, SuperFireball, Coin}
	switch {
	case s.items[Coin] < s.items[SpeedPenalty]:
		batch = []Tile{SpeedBoost, Shield, Coin}
	case s.items[Coin] > s.items[SpeedPenalty]:
		batch = []Tile{SpeedBoost, SuperFireball, SpeedPenalty}
	}
	n := s.size - 2
	coords := make([]int16, 0, n*n) // x-major, as upstream lists them: x*Size + y
	for x := 1; x <= n; x++ {
		for y := 1; y <= n; y++ {
			coords = append(coords, int16(x*Size+y))
		}
	}
	s.rng.Shuffle(len(coords), func(i, j int) { coords[i], coords[j] = coords[j], coords[i] })
	placed := 0
	for k := len(coords) - 1; k >= 0 && len(batch) > 0; k-- {
		x, y := int(coords[k])/Size, int(coords[k])%Size
		if s.tileAt(x, y).IsFloor() {
			s.putItem(x, y, batch[len(batch)-1])
			batch = batch[:len(batch)-1]
			placed++
		}
	}
	if placed > 0 {
		s.emit("spawn", -1, lang.T("%d new items appear", games.Digits(placed)))
	}
}

// checkEnd is the end test after each step (§9): one player left wins, none is a draw. The
// MaxDuration test only guards the rules' promise that lava ends every game by then.
func (s *State) checkEnd() {
	alive := 0
	last := NoColor
	for c := range s.players {
		if s.players[c].alive {
			alive++
			last = Color(c)
		}
	}
	switch {
	case alive == 1:
		s.over = true
		s.emit("end", last, lang.T("%s wins", last))
	case alive == 0:
		s.over = true
		s.emit("end", -1, lang.T("draw: nobody is left"))
	case s.t.Cmp(At(MaxDuration, 1)) >= 0:
		s.over = true
		s.emit("end", -1, lang.T("time is up"))
	}
}

// runInstant finishes the current step if one is under way. It reports whether it paused.
func (s *State) runInstant() bool {
	return s.inStep && s.continueStep()
}

// run simulates until a decision is pending or the game is over. With a limit, it stops
// before a step that would end after the limit.
func (s *State) run(limit *Instant) {
	for !s.over && s.deciding == NoColor {
		if s.inStep {
			if s.continueStep() {
				return
			}
			continue
		}
		end := s.nextStepEnd()
		if limit != nil && end.Cmp(*limit) > 0 {
			return
		}
		s.beginStep(end)
	}
}
