package perfectaim

import (
	"strconv"
	"strings"
	"time"

	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/lang"
)

// View draws Perfect Aim in a terminal and maps keys to actions.
var View games.View = view{}

// view speaks l (English when zero).
type view struct{ l lang.Lang }

// In is the view speaking l (games.Speaker).
func (v view) In(l lang.Lang) games.View { return view{l: l} }

// A cell is drawn from what shows on top (upstream's tile_grid: fireball over player over
// item) and the background under it, so that items and players on damaged floor or lava
// show the danger. Plain palette, two columns per cell:
//
//	##  wall        .   floor       :   damaged floor    ~~  lava
//	o   coin        ^   speed boost v   speed penalty    +   super fireball   D  shield
//	R B Y G  players (R) with a shield)                  *>  fireball and its direction (*< *^ *v)
//
// Colour palettes keep the same two characters and add colours; cell strings are built once.
type object uint8

const (
	objNone object = iota
	objCoin
	objBoost
	objPenalty
	objSuper
	objShield
	objPlayer                  // + colour*2 + shield: 8 entries
	objFire    = objPlayer + 8 // + direction: 4 entries
	objCount   = objFire + 4
	backs      = 4 // Floor, Wall, Lava, DamagedFloor
	sgrReset   = "\x1b[0m"
	cellsWidth = 2
)

var itemObject = map[Tile]object{Coin: objCoin, SpeedBoost: objBoost, SpeedPenalty: objPenalty,
	SuperFireball: objSuper, Shield: objShield}

// cellText is the two plain characters of each object on floor.
var cellText = func() (t [objCount]string) {
	t[objNone] = ". "
	t[objCoin], t[objBoost], t[objPenalty], t[objSuper], t[objShield] = "o ", "^ ", "v ", "+ ", "D "
	for c := 0; c < 4; c++ {
		letter := "RBYG"[c : c+1]
		t[objPlayer+object(2*c)] = letter + " "
		t[objPlayer+object(2*c+1)] = letter + ")"
	}
	t[objFire], t[objFire+1], t[objFire+2], t[objFire+3] = "*^", "*v", "*<", "*>"
	return t
}()

// cellStyle is a cell's SGR prefix (empty for Plain) and its two characters.
type cellStyle struct{ sgr, text string }

// cells[palette][background][object], built once: a frame only concatenates them.
var cells = func() (out [3][backs][objCount]cellStyle) {
	for b := 0; b < backs; b++ {
		for o := object(0); o < objCount; o++ {
			text := cellText[o]
			switch {
			case Tile(b) == Wall:
				text = "##"
			case Tile(b) == Lava && o == objNone:
				text = "~~"
			case Tile(b) == DamagedFloor && o == objNone:
				text = ": "
			}
			out[games.Plain][b][o] = cellStyle{text: text}
			out[games.ANSI16][b][o] = cellStyle{"\x1b[0;" + sgr16(Tile(b), o) + "m", text}
			out[games.ANSI256][b][o] = cellStyle{"\x1b[0;" + sgr256(Tile(b), o) + "m", text}
		}
	}
	return out
}()

var (
	player16  = [4]string{"1;97;41", "1;97;44", "1;30;43", "1;30;42"}
	player256 = [4]string{"1;38;5;231;48;5;160", "1;38;5;231;48;5;27", "1;38;5;16;48;5;220", "1;38;5;16;48;5;34"}
)

func sgr16(b Tile, o object) string {
	bg := map[Tile]string{Floor: "", Wall: "37;100", Lava: "41", DamagedFloor: "43"}[b]
	if b == Wall {
		return bg
	}
	join := func(fg string) string {
		if bg == "" {
			return fg
		}
		return fg + ";" + bg
	}
	switch {
	case o == objNone && b == Floor:
		return "90"
	case o == objNone && b == Lava:
		return "1;93;41"
	case o == objNone:
		return "30;43"
	case o >= objFire:
		return join("1;93")
	case o >= objPlayer:
		return player16[(o-objPlayer)/2] // a player's own colour hides the background
	}
	return join(map[object]string{objCoin: "1;33", objBoost: "1;32", objPenalty: "35", objSuper: "1;91", objShield: "1;96"}[o])
}

func sgr256(b Tile, o object) string {
	bg := map[Tile]string{Floor: "48;5;234", Wall: "38;5;245;48;5;240", Lava: "48;5;124", DamagedFloor: "48;5;94"}[b]
	if b == Wall {
		return bg
	}
	switch {
	case o == objNone && b == Floor:
		return "38;5;239;" + bg
	case o == objNone && b == Lava:
		return "1;38;5;214;" + bg
	case o == objNone:
		return "38;5;180;" + bg
	case o >= objFire:
		return "1;38;5;208;" + bg
	case o >= objPlayer:
		return player256[(o-objPlayer)/2]
	}
	return map[object]string{objCoin: "1;38;5;220;", objBoost: "1;38;5;46;", objPenalty: "38;5;171;",
		objSuper: "1;38;5;196;", objShield: "1;38;5;51;"}[o] + bg
}

// objectAt is what shows on a cell.
func (s *State) objectAt(x, y int) object {
	if s.fbs[y][x] > 0 {
		for i := len(s.fires) - 1; i >= 0; i-- { // the newest one's direction
			if f := &s.fires[i]; f.x == x && f.y == y {
				return objFire + object(f.dir)
			}
		}
	}
	if w := s.who[y][x]; w != 0 {
		o := objPlayer + object(2*(w-1))
		if s.players[w-1].shield {
			o++
		}
		return o
	}
	if it := s.item[y][x]; it != 0 {
		return itemObject[it]
	}
	return objNone
}

// Board draws the board, two columns per cell. It does not depend on the viewer, so one
// rendering per palette serves everyone.
func (view) Board(st games.State, _ int, p games.Palette) string {
	s, ok := st.(*State)
	if !ok || int(p) < 0 || int(p) >= len(cells) {
		return ""
	}
	pal := &cells[p]
	var sb strings.Builder
	sb.Grow(s.size * (s.size*cellsWidth + 1) * (1 + 8*int(p)))
	for y := 0; y < s.size; y++ {
		if y > 0 {
			sb.WriteByte('\n')
		}
		prev := ""
		for x := 0; x < s.size; x++ {
			c := &pal[s.bg[y][x]][s.objectAt(x, y)]
			if c.sgr != prev { // neighbours alike (walls, floor) share one SGR sequence
				sb.WriteString(c.sgr)
				prev = c.sgr
			}
			sb.WriteString(c.text)
		}
		if p != games.Plain {
			sb.WriteString(sgrReset)
		}
	}
	return sb.String()
}

var keyActions = map[string]Action{
	"up": MoveUp, "down": MoveDown, "left": MoveLeft, "right": MoveRight,
	"w": MoveUp, "s": MoveDown, "a": MoveLeft, "d": MoveRight,
	"shift+up": AttackUp, "shift+down": AttackDown, "shift+left": AttackLeft, "shift+right": AttackRight,
	"i": AttackUp, "k": AttackDown, "j": AttackLeft, "l": AttackRight,
	"I": AttackUp, "K": AttackDown, "J": AttackLeft, "L": AttackRight,
	"W": AttackUp, "S": AttackDown, "A": AttackLeft, "D": AttackRight,
	" ": Wait, "space": Wait,
}

// Key maps arrows and WASD to moves, shift+arrows, IJKL and shift+WASD to attacks, space to
// WAIT. The room applies the seat's last key at its next decision instant.
func (view) Key(_ games.State, _ int, key string) (games.Action, bool) {
	a, ok := keyActions[key]
	if !ok {
		return nil, false
	}
	return a, true
}

// Status is "RED · speed 1.25 · 3 coins · shield · 1 super fireball", or "RED · dead at
// 40.0 s · 3 coins".
func (v view) Status(st games.State, seat int) string {
	s, ok := st.(*State)
	if !ok {
		return ""
	}
	c := s.SeatColor(seat)
	if c == NoColor {
		return ""
	}
	p := &s.players[c]
	pr := v.l.Printer()
	parts := []string{c.Said().In(v.l)}
	if !p.alive {
		parts = append(parts, pr.Sprintf("dead at %.1f s", p.diedAt.Float64()))
	} else {
		parts = append(parts, pr.Sprintf("speed %s", speedText(v.l, float64(p.speedQ)/4)))
	}
	parts = append(parts, pr.Sprintf("%d coins", p.coins))
	if p.alive && p.shield {
		parts = append(parts, pr.Sprintf("shield"))
	}
	if p.alive && p.supers > 0 {
		parts = append(parts, pr.Sprintf("%d super fireballs", p.supers))
	}
	return strings.Join(parts, " · ")
}

// Headline is the game clock and what the lava does next (docs/rules/perfectaim.md §8: ring r is damaged at
// 25+10r s and turns to lava at 30+10r s).
func (v view) Headline(st games.State, played time.Duration) string {
	s, ok := st.(*State)
	if !ok {
		return ""
	}
	t := s.Clock()
	secs, _ := t.Float64()
	if played >= 0 {
		// A live game is created standing at its first decision (1 s): until then, and
		// between events, the wall clock is the game's time.
		secs = min(secs, played.Seconds())
	}
	// Whole seconds: a finer clock would redraw every viewer ten times a second for it.
	p := v.l.Printer()
	line := p.Sprintf("time %d s", int(secs))
	for r := 1; r <= 9; r++ {
		damaged, lava := 25+10*r, 30+10*r
		switch {
		case secs < float64(damaged):
			return line + p.Sprintf(" · ring %d cracks at %d s", r, damaged)
		case secs < float64(lava):
			return line + p.Sprintf(" · ring %d turns to lava at %d s", r, lava)
		}
	}
	return line
}

func (v view) Keys() []games.KeyHelp {
	return []games.KeyHelp{
		{Keys: "arrows/wasd", Does: v.l.Sprintf("move"), Cluster: true},
		{Keys: "shift+arrows/ijkl", Does: v.l.Sprintf("fire"), Cluster: true},
		{Keys: "space", Does: v.l.Sprintf("wait")},
	}
}

// speedText is a speed as %g writes it ("1.25"), with the decimal comma in French.
func speedText(l lang.Lang, speed float64) string {
	s := strconv.FormatFloat(speed, 'g', -1, 64)
	if l == lang.French {
		s = strings.Replace(s, ".", ",", 1)
	}
	return s
}

func (v view) Rules() string {
	return v.l.Sprintf(`Two to four players in a maze, in real time. You act once per second at
first (the first action at t = 1 s); a move takes effect halfway through
it. The last key you press before your turn comes is your action.

Moves: arrows or w a s d. Fireballs: shift+arrows or i j k l. Wait: space.

A fireball (*) flies 4 cells a second until a wall and kills every
player it meets; a shield (D) stops one. You can throw again once your
fireball is gone, or at any time with a super fireball (+), which
throws four at once, one each way. Speed boosts (^) add 0.25 action
per second, penalties (v) take 0.25 away (never below 0.5). Coins (o)
only count to break ties. New items appear when at most one boost,
super fireball or shield is left.

From 35 s the outer ring is damaged (:), and turns to lava (~) 5 s
later; every 10 s another ring goes, so by 120 s nowhere is safe.
The last player standing wins; players who die together tie.

Board: ## wall, . floor, R B Y G the players ((R) when shielded), *> a
fireball and its direction.`)
}
