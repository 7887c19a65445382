// Command mybot is a 7 Colors bot for the arena, speaking the bot protocol (version 1) in
// JSON lines. It needs only the standard library.
//
//	go build -o mybot .
//	arena match --game sevencolors --seats exec:./mybot,greedy --games 100
//	./mybot ssh -T -p 2222 arena.host bot --game sevencolors --practice --vs greedy
//
// With arguments, they are the command to run (ssh …) and the bot talks to its stdin and
// stdout; without, it talks on its own. stdout carries protocol only: log to stderr.
package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"log"
	"os"
	"os/exec"
)

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

// message is any line from the server; each type fills the fields it has.
type message struct {
	Type    string          `json:"type"`
	Match   string          `json:"match"`
	ID      int             `json:"id"`
	Seat    int             `json:"seat"`
	Obs     json.RawMessage `json:"obs"`
	Legal   []int           `json:"legal"`
	Outcome *struct {
		Ranks  []int `json:"ranks"`
		Scores []int `json:"scores"`
	} `json:"outcome"`
	Code string `json:"code"`
	Msg  string `json:"msg"`
	Note string `json:"note"`
}

type action struct {
	Type   string `json:"type"`
	Match  string `json:"match"`
	ID     int    `json:"id"`
	Action int    `json:"action"`
}

// play answers turns until the server closes the connection.
func play(in io.Reader, out io.Writer) error {
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 1<<16), 1<<20)
	w := bufio.NewWriter(out)
	enc := json.NewEncoder(w)
	seat, games, wins := -1, 0, 0
	for sc.Scan() {
		var m message
		if err := json.Unmarshal(sc.Bytes(), &m); err != nil {
			log.Printf("unreadable line: %v", err)
			continue
		}
		switch m.Type {
		case "turn":
			var obs Obs
			if err := json.Unmarshal(m.Obs, &obs); err != nil {
				return err
			}
			if err := enc.Encode(action{"action", m.Match, m.ID, choose(obs, m.Legal)}); err != nil {
				return err
			}
			if err := w.Flush(); err != nil {
				return err
			}
		case "start":
			seat = m.Seat
		case "end":
			games++
			if m.Outcome == nil || seat < 0 || seat >= len(m.Outcome.Ranks) {
				log.Printf("game %d ended without you: %s", games, m.Note)
				continue
			}
			firsts := 0
			for _, r := range m.Outcome.Ranks {
				if r == 1 {
					firsts++
				}
			}
			if m.Outcome.Ranks[seat] == 1 && firsts == 1 {
				wins++
			}
			log.Printf("game %d: rank %d, scores %v (%d won so far)", games, m.Outcome.Ranks[seat], m.Outcome.Scores, wins)
		case "warn":
			log.Printf("warning %s: %s", m.Code, m.Msg)
		case "error":
			return fmt.Errorf("server: %s", m.Msg)
		}
		// hello and pong need no answer; unknown types are ignored.
	}
	return sc.Err()
}

func main() {
	log.SetFlags(0)
	log.SetPrefix("mybot: ")
	if len(os.Args) == 1 {
		if err := play(os.Stdin, os.Stdout); err != nil {
			log.Fatal(err)
		}
		return
	}
	cmd := exec.Command(os.Args[1], os.Args[2:]...)
	cmd.Stderr = os.Stderr
	stdin, err := cmd.StdinPipe()
	if err != nil {
		log.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		log.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		log.Fatal(err)
	}
	playErr := play(stdout, stdin)
	stdin.Close()
	if err := cmd.Wait(); err != nil && playErr == nil {
		playErr = err
	}
	if playErr != nil {
		log.Fatal(playErr)
	}
}
