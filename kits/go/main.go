// Command mybot is a 7 Colors bot for the arena, speaking the bot protocol (version 1) in
// JSON lines. It needs only the standard library.
//
// Build it, then let the arena run it (it speaks on its stdin and stdout):
//
//	go build -o mybot .
//	arena match --game sevencolors --seats exec:./mybot,greedy --games 100
//
// or let it connect itself over SSH (its arguments are the command to run):
//
//	./mybot ssh -T -p 2222 arena.host bot --game sevencolors --practice --vs greedy
//
// stdout carries protocol only: log to stderr (log.Printf does). The protocol loop is the
// package arena, shared by every bot of this kit.
package main

import (
	"log"

	"mybot/arena"
)

var _ = log.Printf // log.Printf("…") prints your debugging on stderr

// Obs is a 7 Colors observation. Board[y][x], rows top to bottom: 0 empty, 1 player 1 ('^',
// starts bottom-left), 2 player 2 ('v', starts top-right), 3..9 the colours A..G.
type Obs struct {
	Size  int     `json:"size"`
	You   int     `json:"you"` // your code, 1 or 2
	Board [][]int `json:"board"`
}

// -----------------------------------------------------------------------------------------
// YOUR STRATEGY GOES HERE.
//
// obs.Board[y][x] is a cell, rows top to bottom: 0 empty, 1 player 1 ('^', starts
// bottom-left), 2 player 2 ('v', starts top-right), 3..9 the colours A..G.
// obs.You is your code (1 or 2), obs.Size the width N.
// legal lists the colours that capture something (all of 3..9 when none does).
// Return one colour, 3..9. A colour that touches nothing loses your turn.
// arena.TimeLeft() is how long you still have for this move.
//
// This one plays the first colour that captures something.
// -----------------------------------------------------------------------------------------
func choose(obs Obs, legal []int) int {
	return legal[0]
}

func main() {
	arena.Run("mybot", map[string]arena.Strategy{"sevencolors": arena.Typed(choose)})
}
