// Command mybot is a 7 Colors bot for the arena, speaking the bot protocol (version 1) in
// JSON lines. It needs only the standard library.
//
//	go build -o mybot .
//	arena match --game sevencolors --seats exec:./mybot,greedy --games 100
//	./mybot ssh -T -p 2222 arena.host bot --game sevencolors --practice --vs greedy
//
// With arguments, they are the command to run (ssh …) and the bot talks to its stdin and
// stdout; without, it talks on its own. stdout carries protocol only: log to stderr. The
// protocol loop is the package arena, shared by every bot of this kit.
package main

import "mybot/arena"

// Obs is a 7 Colors observation. Board[y][x], rows top to bottom: 0 empty, 1 player 1 ('^',
// starts bottom-left), 2 player 2 ('v', starts top-right), 3..9 the colours A..G.
type Obs struct {
	Size  int     `json:"size"`
	You   int     `json:"you"`
	Board [][]int `json:"board"`
}

// -----------------------------------------------------------------------------------------
// YOUR STRATEGY GOES HERE.
//
// legal lists the colours (3..9) that capture something; when none does it lists them all.
// Return one colour: one that touches nothing loses your turn.
// -----------------------------------------------------------------------------------------
func choose(obs Obs, legal []int) int {
	return legal[0]
}

func main() {
	arena.Run("mybot", map[string]arena.Strategy{"sevencolors": arena.Typed(choose)})
}
