// Command garden is a Garden Tensions bot for the arena, speaking the bot protocol
// (version 1) in JSON lines. It needs only the standard library.
//
// Build it, then let the arena run it (it speaks on its stdin and stdout):
//
//	go build -o garden_bot .
//	arena match --game garden --seats exec:./garden_bot,heuristic --games 100
//
// or let it connect itself over SSH (its arguments are the command to run):
//
//	./garden_bot ssh -T -p 2222 arena.host bot --game garden --practice --vs heuristic
//
// stdout carries protocol only: log to stderr (log.Printf does). The protocol loop is the
// package arena, shared by every bot of this kit.
package main

import (
	"log"
	"strconv"
	"strings"

	"mybot/arena"
)

var _ = log.Printf // log.Printf("…") prints your debugging on stderr

// Cell is one of the garden's 29 hex cells. Specials (sky, candy, bbq, pool) have an empty
// Terrain and Resource and a Yield of 0.
type Cell struct {
	ID        int    `json:"id"` // Cells[i].ID == i, row-major
	R         int    `json:"r"`
	Q         int    `json:"q"`
	Adj       []int  `json:"adj"`  // the neighbours' ids
	Kind      string `json:"kind"` // "simple", "sky", "candy", "bbq" or "pool"
	Terrain   string `json:"terrain"`
	Resource  string `json:"resource"`
	Yield     int    `json:"yield"`
	Owner     int    `json:"owner"` // a seat, -1 for an empty cell
	Creatures int    `json:"creatures"`
	Status    string `json:"status"`
	Timer     int    `json:"timer"`
	Forged    int    `json:"forged"`
	Immobile  int    `json:"immobile"`
}

// Player is one seat's clan, stocks, conquest points and creatures still to place.
type Player struct {
	Clan    string `json:"clan"` // "" until chosen
	Food    int    `json:"food"`
	Metal   int    `json:"metal"`
	Stone   int    `json:"stone"`
	Wood    int    `json:"wood"`
	Points  int    `json:"points"`
	Pending int    `json:"pending"`
}

// Obs is a Garden Tensions observation.
type Obs struct {
	You         int      `json:"you"` // your seat, 0 or 1
	ToMove      int      `json:"to_move"`
	First       int      `json:"first"`
	Phase       string   `json:"phase"` // "clan", "conquest" or "reinforcement"
	ActionsLeft int      `json:"actions_left"`
	Turn        int      `json:"turn"`
	Round       int      `json:"round"`
	Rounds      int      `json:"rounds"`
	Cells       []Cell   `json:"cells"`
	Players     []Player `json:"players"`
}

// cellAt is the observation's cell at (r, q), or nil.
func cellAt(obs Obs, r, q int) *Cell {
	for i := range obs.Cells {
		if obs.Cells[i].R == r && obs.Cells[i].Q == q {
			return &obs.Cells[i]
		}
	}
	return nil
}

// numbers are the integers after a command's first word: "move 2 0 2 1" gives [2 0 2 1].
func numbers(command string) []int {
	var ns []int
	for _, w := range strings.Fields(command)[1:] {
		n, err := strconv.Atoi(w)
		if err != nil {
			return nil
		}
		ns = append(ns, n)
	}
	return ns
}

// -----------------------------------------------------------------------------------------
// YOUR STRATEGY GOES HERE: choose(obs, legal) is asked for every decision: the clan first,
// then each conquest action until you answer "end" (5 at most a turn), then each creature
// of your reinforcement ("place r q") until none is left or you answer "end".
//
// obs.Phase is "clan", "conquest" or "reinforcement"; obs.You your seat.
// obs.Cells are the 29 cells (ID, R, Q, Adj the neighbours' ids, Kind, Terrain, Resource,
// Yield, Owner a seat or -1 for empty, Creatures, Status, Timer, Forged, Immobile);
// obs.Cells[i].ID == i. obs.Players[seat] has Clan, Food, Metal, Stone, Wood, Points and
// Pending. legal lists every command you may send now: "clan miners", "move 2 0 2 1",
// "sky 2 0 4 3", "bbq 3 3", "pool 3 3", "pillage 3 3", "zone 3 3" ("zone 2 2 2 3" for the
// Lumberjacks), "place 2 1", and "end" (last). cellAt(obs, r, q) finds a cell, numbers(cmd)
// reads a command's numbers. arena.TimeLeft() is how long you still have.
//
// This one takes the first clan offered. In conquest it fires the first BBQ, Pool, pillage
// or zone attack offered (they cost resources or points it would not use otherwise); else
// attacks where its creatures outnumber the defender's most (the first such on ties); else
// moves into the first empty cell it may; else ends. Sky is yours to add. It places each
// creature on its weakest cell next to the enemy, else its weakest cell.
// -----------------------------------------------------------------------------------------
func choose(obs Obs, legal []string) string {
	if obs.Phase == "clan" {
		return legal[0]
	}
	me := obs.You
	if obs.Phase == "reinforcement" {
		best, bestFront, bestCreatures := "end", false, 0
		for _, command := range legal {
			if !strings.HasPrefix(command, "place ") {
				continue
			}
			n := numbers(command)
			c := cellAt(obs, n[0], n[1])
			front := false
			for _, id := range c.Adj {
				if obs.Cells[id].Owner == 1-me {
					front = true
				}
			}
			// the front first, then the weakest
			if best == "end" || (front && !bestFront) || (front == bestFront && c.Creatures < bestCreatures) {
				best, bestFront, bestCreatures = command, front, c.Creatures
			}
		}
		return best
	}
	attack, bestGap, expand := "", 0, ""
	for _, command := range legal {
		word := strings.Fields(command)[0]
		switch word {
		case "bbq", "pool", "pillage", "zone":
			return command
		case "move":
			n := numbers(command)
			src, dst := cellAt(obs, n[0], n[1]), cellAt(obs, n[2], n[3])
			if dst.Owner == -1 {
				if expand == "" {
					expand = command
				}
			} else if gap := src.Creatures - dst.Creatures; gap > bestGap {
				attack, bestGap = command, gap
			}
		}
	}
	if attack != "" {
		return attack
	}
	if expand != "" {
		return expand
	}
	return "end"
}

func main() {
	arena.Run("garden_bot", map[string]arena.Strategy{"garden": arena.Typed(choose)})
}
