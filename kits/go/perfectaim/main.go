// Command perfectaim is a Perfect Aim bot for the arena, speaking the bot protocol
// (version 1) in JSON lines. It needs only the standard library.
//
//	go build -o perfectaim_bot .
//	arena match --game perfectaim --seats exec:./perfectaim_bot,zidane --games 12
//	./perfectaim_bot ssh -T -p 2222 arena.host bot --game perfectaim --practice --vs zidane
//
// With arguments, they are the command to run (ssh …) and the bot talks to its stdin and
// stdout; without, it talks on its own. stdout carries protocol only: log to stderr. The
// protocol loop is the package arena, shared by every bot of this kit.
package main

import (
	"log"

	"mybot/arena"
)

var _ = log.Printf // log.Printf("…") prints your debugging on stderr

// Player is one living player. Speed is in actions per second, an exact fraction "num/den"
// (as Obs.T): new(big.Rat).SetString(p.Speed) reads it.
type Player struct {
	Color          string `json:"color"` // "RED", "BLUE", "YELLOW" or "GREEN"
	X              int    `json:"x"`
	Y              int    `json:"y"`
	Speed          string `json:"speed"`
	Coins          int    `json:"coins"`
	SuperFireballs int    `json:"super_fireballs"`
	Shield         bool   `json:"shield"`
	Action         string `json:"action"` // the action now ending
}

// Fireball is a fireball in flight: its cell, its direction as a move ("MOVE_LEFT", …) and
// the colour of its thrower.
type Fireball struct {
	X      int    `json:"x"`
	Y      int    `json:"y"`
	Action string `json:"action"`
	Sender string `json:"sender"`
}

// Obs is a Perfect Aim observation, with the protocol's names: TileGrid[y][x] is what a cell
// shows ("FLOOR", "WALL", "COIN", "PLAYER_BLUE", "FIREBALL", …), Background[y][x] the ground
// only ("FLOOR", "WALL", "LAVA" or "DAMAGED_FLOOR"). (0,0) is the top-left corner.
type Obs struct {
	T          string     `json:"t"` // the decision instant in seconds, "num/den"
	Size       int        `json:"size"`
	You        Player     `json:"you"`
	TileGrid   [][]string `json:"tile_grid"`
	Background [][]string `json:"background"`
	Players    []Player   `json:"players"` // the living players, you included, in colour order
	Fireballs  []Fireball `json:"fireballs"`
}

// steps are the four directions, in scan order, and what each does to (x, y).
var steps = []struct {
	move   string
	dx, dy int
}{{"MOVE_UP", 0, -1}, {"MOVE_DOWN", 0, 1}, {"MOVE_LEFT", -1, 0}, {"MOVE_RIGHT", 1, 0}}

type cell struct{ x, y int }

func (o Obs) inside(x, y int) bool { return x >= 0 && y >= 0 && x < o.Size && y < o.Size }

// dangerousCells are the cells to keep out of: lava, fireballs, and the cell each fireball
// enters next.
func dangerousCells(o Obs) map[cell]bool {
	bad := map[cell]bool{}
	for y, row := range o.Background {
		for x, tile := range row {
			if tile == "LAVA" {
				bad[cell{x, y}] = true
			}
		}
	}
	for _, f := range o.Fireballs {
		bad[cell{f.X, f.Y}] = true
		for _, s := range steps {
			if f.Action == s.move {
				bad[cell{f.X + s.dx, f.Y + s.dy}] = true
			}
		}
	}
	return bad
}

// firstStepTo searches breadth first from you to the nearest cell where wanted(x, y) holds,
// through cells that are not walls, players (next to you) or bad. It returns the first move
// ("MOVE_UP", …), or "" when no such cell can be reached.
func firstStepTo(o Obs, wanted func(x, y int) bool, bad map[cell]bool) string {
	type step struct {
		x, y  int
		first string // the move out of your cell that leads here
	}
	seen := map[cell]bool{{o.You.X, o.You.Y}: true}
	var queue []step
	for _, s := range steps {
		x, y := o.You.X+s.dx, o.You.Y+s.dy
		if !o.inside(x, y) || bad[cell{x, y}] || o.TileGrid[y][x] == "WALL" || isPlayer(o.TileGrid[y][x]) {
			continue
		}
		seen[cell{x, y}] = true
		queue = append(queue, step{x, y, s.move})
	}
	for len(queue) > 0 {
		c := queue[0]
		queue = queue[1:]
		if wanted(c.x, c.y) {
			return c.first
		}
		for _, s := range steps {
			x, y := c.x+s.dx, c.y+s.dy
			if !o.inside(x, y) || seen[cell{x, y}] || bad[cell{x, y}] || o.TileGrid[y][x] == "WALL" {
				continue
			}
			seen[cell{x, y}] = true
			queue = append(queue, step{x, y, c.first})
		}
	}
	return ""
}

func isPlayer(tile string) bool {
	return tile == "PLAYER_RED" || tile == "PLAYER_BLUE" || tile == "PLAYER_YELLOW" || tile == "PLAYER_GREEN"
}

// -----------------------------------------------------------------------------------------
// YOUR STRATEGY GOES HERE.
//
// obs.TileGrid[y][x] is what a cell shows ("FLOOR", "WALL", "COIN", "PLAYER_BLUE",
// "FIREBALL", …); obs.Background[y][x] is "FLOOR", "WALL", "LAVA" or "DAMAGED_FLOOR" (lava
// next: ring after ring closes in from t = 35 s). obs.You is your player (X, Y, Speed,
// Coins, SuperFireballs, Shield), obs.Players every living player, obs.Fireballs every
// fireball with its direction ("MOVE_LEFT", …) and its thrower. obs.T is the time,
// "num/den" seconds. y = 0 is the top row; "MOVE_UP" goes to y-1.
// legal is always empty: Perfect Aim's actions are checked at the instant they apply.
// arena.TimeLeft() is how long you still have for this decision.
// Return "WAIT", "MOVE_UP", "MOVE_DOWN", "MOVE_LEFT", "MOVE_RIGHT", "ATTACK_UP", … . An
// invalid action (into a wall or a player, or an attack while your fireball still flies)
// is played as "WAIT", with a warning.
//
// This one walks to the nearest coin, avoiding lava and fireballs; on damaged floor it
// first gets back to sound floor; otherwise it waits.
// -----------------------------------------------------------------------------------------
func choose(obs Obs, legal []string) string {
	me, bg, grid := obs.You, obs.Background, obs.TileGrid
	bad := dangerousCells(obs)
	if bg[me.Y][me.X] == "DAMAGED_FLOOR" {
		if step := firstStepTo(obs, func(x, y int) bool { return bg[y][x] == "FLOOR" }, bad); step != "" {
			return step
		}
	}
	if step := firstStepTo(obs, func(x, y int) bool { return grid[y][x] == "COIN" && bg[y][x] == "FLOOR" }, bad); step != "" {
		return step
	}
	return "WAIT"
}

func main() {
	arena.Run("perfectaim_bot", map[string]arena.Strategy{"perfectaim": arena.Typed(choose)})
}
