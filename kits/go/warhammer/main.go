// Command warhammer is a War Hammer bot for the arena, speaking the bot protocol (version 1)
// in JSON lines. It needs only the standard library.
//
// Build it, then let the arena run it (it speaks on its stdin and stdout):
//
//	go build -o warhammer_bot .
//	arena match --game warhammer --seats exec:./warhammer_bot,hunter,random --games 100
//
// or let it connect itself over SSH (its arguments are the command to run):
//
//	./warhammer_bot ssh -T -p 2222 arena.host bot --game warhammer --practice --vs hunter
//
// stdout carries protocol only: log to stderr (log.Printf does). The protocol loop is the
// package arena, shared by every bot of this kit.
package main

import (
	"log"

	"mybot/arena"
)

var _ = log.Printf // log.Printf("…") prints your debugging on stderr

// Obs is a War Hammer observation: the assignment's matrix, with its size T and the number
// of players N.
type Obs struct {
	Size    int     `json:"size"`    // T, the board's width and height
	Players int     `json:"players"` // N
	Matrix  [][]int `json:"matrix"`  // T rows of T+N ints
}

// directions are the eight directions in the assignment's order: right, up-right, up,
// up-left, left, down-left, down, down-right, as (row, column) steps; row 0 is the top.
var directions = [8][2]int{{0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}, {1, 0}, {1, 1}}

// -----------------------------------------------------------------------------------------
// YOUR STRATEGY GOES HERE: the assignment's function, myAIPlay(m, height, width).
//
// m has height rows of width ints; height is the board's size T and width is T + N for N
// players:
//
//	m[r][c], c < T      the HP of cell (r, c): 4 at the start, 0 a hole or outside the
//	                    octagon
//	m[0][T+k]           1 if player k is alive, 0 if dead
//	m[1][T+k]           its row;  m[2][T+k] its column (the dead keep theirs)
//
// Player 0 (column T) is YOU; the others follow in turn order, the next to play first.
//
// Return a code 0..95 = 8*first + hammer:
//
//	first   0..3 a grenade right, up, left, down; 4..11 a step in the eight directions
//	hammer  0..7 the eight directions, from where you stand after the first choice
//
// A code outside 0..95 (or no answer in time) is a death, as the assignment says.
// arena.TimeLeft() is how long you still have for this move.
//
// This one steps to the soundest free cell around it, then brings the hammer down on an
// opponent standing next to it if there is one, else on the weakest standing cell around.
// -----------------------------------------------------------------------------------------
func myAIPlay(m [][]int, height, width int) int {
	size, players := height, width-height
	row, col := m[1][size], m[2][size]

	standing := func(r, c int) bool {
		return r >= 0 && r < size && c >= 0 && c < size && m[r][c] > 0
	}
	occupied := func(r, c int) bool {
		for k := range players {
			if m[0][size+k] != 0 && m[1][size+k] == r && m[2][size+k] == c {
				return true
			}
		}
		return false
	}

	bestCode, bestScore := 0, -1
	for step, d := range directions {
		r, c := row+d[0], col+d[1]
		if !standing(r, c) || occupied(r, c) {
			continue
		}
		for hammer, h := range directions {
			hr, hc := r+h[0], c+h[1]
			if !standing(hr, hc) {
				continue // the void or a hole: the hammer would kill us
			}
			score := 10 * m[r][c]
			if occupied(hr, hc) {
				score += 100
			} else {
				score += 5 - m[hr][hc]
			}
			if score > bestScore {
				bestCode, bestScore = 8*(4+step)+hammer, score
			}
		}
	}
	return bestCode
}

// choose is the strategy Run calls each turn: the matrix goes to myAIPlay. legal lists every
// code 0..95 (all are moves the rules accept, many of them fatal).
func choose(obs Obs, legal []int) int {
	return myAIPlay(obs.Matrix, obs.Size, obs.Size+obs.Players)
}

func main() {
	arena.Run("warhammer_bot", map[string]arena.Strategy{"warhammer": arena.Typed(choose)})
}
