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
// This one is greedy: it plays the colour that captures the most cells now. Beat it.
// -----------------------------------------------------------------------------------------
func choose(obs Obs, legal []int) int {
	best, most := legal[0], -1
	for _, colour := range legal {
		if n := captured(obs, colour); n > most {
			best, most = colour, n
		}
	}
	return best
}

// captured counts the cells of colour that playing it takes: those joined to your
// territory through cells of that colour.
func captured(obs Obs, colour int) int {
	n := len(obs.Board)
	seen := make([]bool, n*n)
	var todo [][2]int
	for y, row := range obs.Board {
		for x, cell := range row {
			if cell == obs.You {
				seen[y*n+x] = true
				todo = append(todo, [2]int{x, y})
			}
		}
	}
	taken := 0
	for len(todo) > 0 {
		c := todo[len(todo)-1]
		todo = todo[:len(todo)-1]
		for _, d := range [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
			x, y := c[0]+d[0], c[1]+d[1]
			if x < 0 || y < 0 || x >= n || y >= n || seen[y*n+x] || obs.Board[y][x] != colour {
				continue
			}
			seen[y*n+x] = true
			todo = append(todo, [2]int{x, y})
			taken++
		}
	}
	return taken
}

func main() {
	arena.Run("mybot", map[string]arena.Strategy{"sevencolors": arena.Typed(choose)})
}
