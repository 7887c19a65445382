// Command dicewars is a DiceWars bot for the arena, speaking the bot protocol (version 1) in
// JSON lines. It needs only the standard library.
//
// Build it, then let the arena run it (it speaks on its stdin and stdout):
//
//	go build -o dicewars_bot .
//	arena match --game dicewars --seats exec:./dicewars_bot,seed,classic,odds --games 100
//
// or let it connect itself over SSH (its arguments are the command to run):
//
//	./dicewars_bot ssh -T -p 2222 arena.host bot --game dicewars --practice --vs seed,classic
//
// stdout carries protocol only: log to stderr (log.Printf does). The protocol loop is the
// package arena, shared by every bot of this kit.
package main

import (
	"encoding/json"
	"fmt"
	"log"

	"mybot/arena"
)

var _ = log.Printf // log.Printf("…") prints your debugging on stderr

// Area is one area of the map: its id (1..n), its owner (a seat) and its dice (1..8).
type Area struct {
	ID    int `json:"id"`
	Owner int `json:"owner"`
	Dice  int `json:"dice"`
}

// Obs is a DiceWars observation.
type Obs struct {
	You       int     `json:"you"`       // your seat
	Order     []int   `json:"order"`     // the seats in turn order
	Areas     []Area  `json:"areas"`     // Areas[i] is area i+1
	Adjacency [][]int `json:"adjacency"` // Adjacency[i] lists the neighbours of area i+1
	Points    []int   `json:"points"`    // each seat's largest group of connected areas
	Stock     []int   `json:"stock"`     // the dice each seat keeps
	Round     int     `json:"round"`
}

// Move is an action: an attack from one of your areas to a neighbour, or the end of your
// turn (End). On the wire it is {"attack":[from,to]} or "end".
type Move struct {
	End      bool
	From, To int
}

// EndTurn is the move that ends your turn.
var EndTurn = Move{End: true}

// -----------------------------------------------------------------------------------------
// YOUR STRATEGY GOES HERE: choose(obs, legal) is asked once per attack, until it answers
// EndTurn.
//
// obs.Areas[i] is area i+1: ID, Owner (a seat), Dice (1..8); obs.Adjacency[i] lists the
// neighbours of area i+1; obs.You is your seat; obs.Points[seat] is a seat's largest group
// of areas (the dice it gains at the end of its turn) and obs.Stock[seat] the dice it keeps.
// legal lists every attack you may make, Move{From: …, To: …}, then EndTurn.
// arena.TimeLeft() is how long you still have for this decision.
//
// This one attacks where it has more dice than the defender, the biggest difference first,
// and ends its turn when there is no such attack.
// -----------------------------------------------------------------------------------------
func choose(obs Obs, legal []Move) Move {
	dice := map[int]int{}
	for _, a := range obs.Areas {
		dice[a.ID] = a.Dice
	}
	best, bestGap := EndTurn, 0
	for _, m := range legal {
		if m.End {
			continue
		}
		if gap := dice[m.From] - dice[m.To]; gap > bestGap {
			best, bestGap = m, gap
		}
	}
	return best
}

// --- reading and writing moves: nothing to change below ------------------------------------

// MarshalJSON writes a move as the protocol wants it: "end" or {"attack":[from,to]}.
func (m Move) MarshalJSON() ([]byte, error) {
	if m.End {
		return json.Marshal("end")
	}
	return json.Marshal(map[string][2]int{"attack": {m.From, m.To}})
}

// UnmarshalJSON reads a legal action: "end" or {"attack":[from,to]}.
func (m *Move) UnmarshalJSON(data []byte) error {
	var word string
	if json.Unmarshal(data, &word) == nil {
		if word != "end" {
			return fmt.Errorf("unknown action %q", word)
		}
		*m = EndTurn
		return nil
	}
	var attack struct {
		Attack []int `json:"attack"`
	}
	if err := json.Unmarshal(data, &attack); err != nil {
		return err
	}
	if len(attack.Attack) != 2 {
		return fmt.Errorf("an attack is [from, to], not %s", data)
	}
	*m = Move{From: attack.Attack[0], To: attack.Attack[1]}
	return nil
}

func main() {
	arena.Run("dicewars_bot", map[string]arena.Strategy{"dicewars": arena.Typed(choose)})
}
