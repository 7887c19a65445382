package perfectaim

import (
	"fmt"
	"strings"

	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/lang"
)

// Describe says what Perfect Aim is: its settings (the colours come from the seats), and
// its bot protocol, which keeps upstream's names (docs/perfectaim.md) so that a Python bot
// written for the original assignment ports over: Tile names, Action names, grids [y][x].
func (game) Describe() games.Description {
	return games.Description{
		Settings: []games.Setting{
			{Key: KeyPermutation, Min: 0, Max: 11, Default: 0,
				Doc: lang.N("the start corners: each of 0..11 deals them to the colours its own way.\nWith 0, RED starts at (1,1), BLUE (19,19), YELLOW (19,1), GREEN (1,19)")},
			{Key: KeyColors, Min: 0, Max: 15, Default: 0, ByArena: true,
				Doc: lang.N("which colours play, a bit mask in colour order (1 RED, 2 BLUE, 4 YELLOW,\n8 GREEN); 0 means the first n colours. Seat k plays the k-th colour present.")},
		},
		Protocol: &protocol,
	}
}

var protocol = games.Protocol{
	// Hidden: the items that appear during a game are drawn from the seed's generator
	// (upstream's Mersenne Twister), so the seed would tell where the next ones appear.
	SeedPublic: false,
	Obs: lang.N(`{"t":"num/den","size":21,"you":{…},"tile_grid":[[…]],"background":[[…]],
 "players":[{…},…],"fireballs":[{…},…]}
  t           the decision instant in seconds, an exact fraction "num/den" ("1/1", "9/4")
  size        the board is size×size cells (21); (0,0) is the top-left corner, a wall
  you         your player: {"color":"RED","x":1,"y":1,"speed":"1/1","coins":0,
              "super_fireballs":0,"shield":false,"action":"WAIT"}
                speed   actions per second, "num/den": 1 at the start, +1/4 per
                        SPEEDBOOST, -1/4 per SPEEDPENALTY (never below 1/2)
                action  your current action, the one now ending (after a bounce
                        off a player, its opposite)
  tile_grid   tile_grid[y][x], what each cell shows, by Tile name: FLOOR, WALL,
              LAVA, DAMAGED_FLOOR; items SPEEDBOOST, SPEEDPENALTY, COIN,
              SUPER_FIREBALL, SHIELD; PLAYER_RED, PLAYER_BLUE, PLAYER_YELLOW,
              PLAYER_GREEN; FIREBALL. Where several things share a cell the
              highest shows: FIREBALL, then players, then items, then the background.
  background  background[y][x]: FLOOR, WALL, LAVA or DAMAGED_FLOOR only
  players     the living players (you included) in colour order RED, BLUE, YELLOW,
              GREEN, each as "you"; a dead player is absent
  fireballs   every fireball in flight: {"x":…,"y":…,"action":"MOVE_LEFT",
              "sender":"RED"}: its cell, its direction as a move, who threw it
              (tile_grid shows FIREBALL but not where it goes)
`),
	NoLegal: true,
	Legal: lang.N(`Perfect Aim's actions are checked at the decision instant, not listed: a move
needs a target that is not WALL and holds no player (LAVA, fireballs and items
are allowed: walking into them is your choice); an attack needs a super
fireball or none of your own fireballs still flying (attacking a wall is fine)
`),
	Action: lang.N(`one string: "WAIT", "MOVE_UP", "MOVE_DOWN", "MOVE_LEFT", "MOVE_RIGHT",
"ATTACK_UP", "ATTACK_DOWN", "ATTACK_LEFT", "ATTACK_RIGHT". UP is y-1, LEFT x-1.
An action lasts 1/speed seconds; a move changes cell halfway through. With a
super fireball, any attack throws four fireballs (one each way) and uses it.
`),
	Default: lang.N(`"WAIT": your player stands still for one action; the warn's code says why:
wall, occupied, cannot_attack, malformed_action, timeout
`),
	Time: lang.N(`Perfect Aim runs on a clock of its own: you are asked each time your action ends
(the first time at t = 1, then every 1/speed seconds), and several players
deciding at one instant are asked in colour order.
  - headless (arena match, bot --practice, assignments) and tournament games
    of programs and house bots at the fast pace: the game clock stops while you
    think, up to the time above; a deterministic bot gets the same games every
    time. At one instant you see what the colours before yours just chose.
  - live rooms (the queue, challenges, tournament games with a person or at
    the live pace): the game runs on the wall clock. Your
    turn comes a short budget before the decision instant (its move_ms, 100 ms
    by default, and bank_ms 0), with obs already as the game will be at that
    instant (t is the instant); your answer applies at the instant. No answer
    by then means WAIT and a warn "timeout". Players deciding at one instant
    are asked together, so you do not see what the others choose then.
`),
	Rules:  simulatorRules().String(),
	RulesT: simulatorRules(),
	Pitfalls: lang.N(`you are a colour ("RED"), not a seat: seat k plays the k-th colour present
(config "colors"), and "players" lists the living only, in colour order.
Cells are (x, y), x the column and y the row, counted from 0 at the top-left
corner, y growing downwards; the grids are read grid[y][x]. No "legal": an
action is checked when it applies. "t" and "speed" are fractions, "num/den".
`),
	// A player in a dead end (BLUE's corner, at the start) throws a fireball: the example
	// shows a later turn with one in flight.
	ExampleLater:  func(st games.State, _ int) bool { return len(st.(*State).Fireballs()) > 0 },
	ExampleConfig: games.Config{},
	ExampleSeed:   1, // upstream's seed-1 map (docs/rules/perfectaim.md §2)
	// RED starts in the top-left corner: the example walks right or down while it can.
	ExampleActions: []games.Action{"MOVE_RIGHT", "MOVE_DOWN", "ATTACK_LEFT", "ATTACK_UP", "MOVE_LEFT", "MOVE_UP", "WAIT"},
	ExampleIllegal: "MOVE_UP",
}

// simulatorRules is what spec perfectaim says of the clock, the lava, fireballs, deaths and
// the end, written from the engine's constants (docs/rules/perfectaim.md §1, §5-§9).
func simulatorRules() lang.Text {
	var damaged, lava, rings strings.Builder
	for r := 1; r < Size/2; r++ {
		d := LavaStart + 2*LavaStep*(r-1)
		fmt.Fprintf(&rings, "%4d", r)
		fmt.Fprintf(&damaged, "%4d", d)
		fmt.Fprintf(&lava, "%4d", d+LavaStep)
	}
	return lang.T(`lava (seconds), ring by ring; ring r is the cells with min(x, y, %d-x, %d-y) == r:
  ring   %s
  damaged%s   (its FLOOR turns DAMAGED_FLOOR: still walkable)
  lava   %s   (its DAMAGED_FLOOR turns LAVA: whoever stands there dies)
  at t = %d every floor cell is lava: no game lasts longer. Lava comes first at its
  instant, before anything moves; it removes the items on it, not the fireballs.
speed: %d action a second at the start; +1/4 per SPEEDBOOST; -1/4 per SPEEDPENALTY,
  only from 3/4 up (never below 1/2). An action lasts 1/speed s; a move changes cell
  halfway through, and picks up the item there.
fireballs: %d cells a second (one cell every 1/%d s, entering it halfway through its
  step), from the thrower's cell; a fireball dies on a wall or on a shield (using it up)
  and flies on through a player it kills. One of your own still flying forbids an attack,
  unless you hold a super fireball (four at once, one each way).
deaths: a fireball entering your cell or you entering its cell (yours too) kills you
  unless you hold a shield; so does walking into LAVA (at the move's midpoint) or
  standing on a ring that turns to lava.
the end: after each step, the last player alive wins; none alive is a draw (players
  who die at the same instant share their rank). Ranks follow survival; scores are the
  coins held at the end or at death.
`, Size-1, Size-1, rings.String(), damaged.String(), lava.String(), MaxDuration,
		InitialSpeedQ/4, FireballSpeed, FireballSpeed)
}
